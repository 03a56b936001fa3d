"""SGF backgammon game records (``.sgf``, GNU Backgammon's dialect): parsing, reading, writing."""
