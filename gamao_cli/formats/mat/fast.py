"""The ``.mat`` reader's hot path: the common move row in one regex.

Most lines of a match file are rows of one or two plain checker-play cells
(``  7) 62: 13/11 13/7              64: 24/14*``), and most others are rows with the cube and
result phrases gnubg and XG write (``Doubles => 2``, ``Takes``, ``Drops``, ``Wins 1 point``).
:data:`ROW_LINE` matches exactly those rows, in place inside a block of text, so the reader
steps from row to row without cutting lines; every other row takes the general path
(:mod:`gamao_cli.formats.mat.lines`).

The moves of those rows are made by the cheap constructors of
:mod:`gamao_cli.formats.shells`.
"""

from __future__ import annotations

import re

_HOP = r"[0-9/*()BbAaRrOoFf]++(?!:)"
_HOPS = rf"{_HOP}(?: {_HOP})*+"
_CELL = (
    rf"(?:([1-6][1-6]:(?: ++(?:{_HOPS}|Cannot Move|\?\?++))?)"
    r"|(Doubles => ([0-9]++)|Wins ([0-9]++) points?( and the match)?|Takes|Drops))"
)
ROW_LINE = re.compile(rf" *+(?:([0-9]++)\) ++)?{_CELL}(?: ++{_CELL})?[ \t\r\f]*+\n")
"""A common row at a position inside a block of lines, its line end included (so
``match.end()`` is the start of the next line): an optional row number ``n)`` and one or two
cells, each either dice with a plain play or a cube or result phrase as gnubg and XG write
it. Groups: 1 the row number (None if absent); then per cell (2-6 and 7-11): the dice
cell's text (``62: 13/11 13/7``: the dice, a colon, blanks and the play, if any, or gnubg's
``Cannot Move`` or XG's ``????``), the phrase
(``Doubles => 2``, ``Takes``, ``Drops``, ``Wins 1 point``, ``Wins 3 points and the match``),
the cube value of ``Doubles``, the points of ``Wins`` and `` and the match``. A cell is a dice
cell or a phrase, so exactly one of its first two groups is None.

A play is hop characters (digits, ``/ * ( )``, ``bar``/``off`` spellings) separated by single
blanks; every quantifier is possessive, so matching never backtracks. No cell-start keyword
can hide in such text, so these rows split into the same cells as
:func:`gamao_cli.formats.mat.lines.split_cells` finds. Other trailing white space (vertical
tab, information separators) is left to the general path, which checks for binary input.
"""

_DICE_CELL = rf"[1-6][1-6]:(?: ++(?:{_HOPS}|Cannot Move|\?\?++))?"
PAIR_LINE = re.compile(rf" *+([0-9]++)\) ++({_DICE_CELL}) ++({_DICE_CELL})[ \t\r\f]*+\n")
"""The commonest :data:`ROW_LINE`: a numbered row of two dice cells (``  7) 62: 13/11 13/7
64: 24/14*``), its line end included. Groups: 1 the row number, 2 and 3 the cells' texts. Any
row it matches, :data:`ROW_LINE` matches with the same number and cells; it only spares the
reader the groups of the phrases."""

GAME_LINE = re.compile(r" *+Game ([0-9]++) *+\n")
"""A plain ``Game N`` line at a position inside a block, its line end included; group 1 the
game number (its start less 5 is the line's indentation)."""

DICE: dict[str, tuple[int, int]] = {f"{a}{b}": (a, b) for a in range(1, 7) for b in range(1, 7)}
