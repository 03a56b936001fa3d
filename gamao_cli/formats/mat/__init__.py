"""Jellyfish ``.mat`` match files (and the GNU Backgammon dialect): reading, writing, patching."""
