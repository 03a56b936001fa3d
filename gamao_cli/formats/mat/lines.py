"""Tokenising the lines of a Jellyfish ``.mat`` file: line kinds, rows and cells.

A move row is ``<n>)`` followed by up to two cells. A cell starts at a dice token (``31:``),
at a cube or result phrase (``Doubles``, ``Beavers``, ``Raccoons``, ``Takes``, ``Drops``,
``Wins``, ``Losses``) or at an ``Illegal play (...)`` without dice, and runs to the next cell
start. Columns decide only which side a cell
belongs to (see :func:`cell_sides`); cell boundaries come from the tokens, so a long left
cell that pushes the right cell along (``11: 25/24 24/23 23/22* 22/21 64: 25/21``) is split
correctly.

Columns here are 0-based positions in the line after tabs are expanded (tab stops every 8).
"""

from __future__ import annotations

import re

ROW = re.compile(r"\s*(\d+)\)")
"""``  12)`` at the start of a line: group 1 is the row number."""

CELL_START = re.compile(
    r"(?<![^\s)])(?=[0-9DdBbRrTtWwLlIi])"  # the look-ahead only makes scanning faster
    r"(?<!(?i:and) )"  # "Wins 1 point and wins the match" is one cell
    r"(?:\d\d:|(?i:doubles|beavers|raccoons|takes|drops|wins|losses|illegal|resign(?:s|ed))\b)"
)
BARE_DICE = re.compile(r"\d\d:\s*$")
MATCH_LENGTH = re.compile(r"\s*(\d+)\s*point\s+match\b", re.IGNORECASE)
GAME_HEADER = re.compile(r"\s*Game\s+(\d+)\b", re.IGNORECASE)
SCORE_LINE = re.compile(r"\s*(.*?)\s*:\s*(-?\d+)\s*(\S.*?)\s*:\s*(-?\d+)\s*$")
"""``Alice : 0   Bob : 0``; gnubg's ``%-31s`` leaves no blank after a 31-character left part."""
NAME_RATING = re.compile(r"(.*?)\s*,\s*(\d+(?:\.\d+)?)\s*$")
TAG = re.compile(r"[;#]\s*\[\s*([^\]\"]*?)\s*\"(.*)\"\s*\]\s*$")
SET_POS = re.compile(r"[;#]\s*Set\s*Pos\s*=", re.IGNORECASE)
NAMES_ONLY = re.compile(r"\s*(\S.*?)\s{2,}(\S.*?)\s*$")

DICE_CELL = re.compile(r"(\d)(\d):\s*(.*)$", re.DOTALL)
CUBE_CELL = re.compile(r"(doubles|beavers|raccoons)\s*(?:=>?|>)?\s*(\d+)?\s*(.*)$", re.IGNORECASE)
TAKE_CELL = re.compile(r"takes\b\s*(.*)$", re.IGNORECASE)
DROP_CELL = re.compile(r"drops\b\s*(.*)$", re.IGNORECASE)
WIN_CELL = re.compile(
    r"wins\s+(\d+)\s+points?\b\s*(and\s+(?:wins\s+)?the\s+match\b)?\s*(.*)$", re.IGNORECASE
)
"""``Wins 2 points``, ``Wins 1 point and the match``; Hardy's archive also writes ``... and wins
the match``."""
RESIGN_CELL = re.compile(r"resign(?:s|ed)\b(?:\s+(game|match)\b)?\s*(.*)$", re.IGNORECASE)
"""``Resigns`` (HedgeHog, OpenGammon), ``Resigned Game``, ``Resigned Match``: group 1 is what was
resigned (None for ``Resigns``), group 2 trailing text."""
BANNER_RULE = re.compile(r"\s*\+[-=+]{3,}\+?\s*$")
"""The border of a boxed text banner (``+-----+``), Hardy's archive's header."""
BANNER_TEXT = re.compile(r"\s*\|(.*?)\|?\s*$")
"""A text line of a boxed banner (``|  Final   |``): group 1 the text inside the bars."""
LOSS_CELL = re.compile(r"losses\s+(\d+)\s+points?\b\s*(.*)$", re.IGNORECASE)
CANNOT_MOVE = re.compile(r"(?:cannot|can't|cant)\s+move\b\s*(.*)$", re.IGNORECASE)
UNKNOWN_PLAY = re.compile(r"\?{2,}\s*(.*)$")
ILLEGAL_PLAY = re.compile(r"illegal\s+play\s*\((.*)\)\s*(.*)$", re.IGNORECASE | re.DOTALL)

WIN_NO_SIDE_COLUMN = 4
"""A ``Wins`` cell starting left of this column (JavaFIBS writes it at column 1) names no
winner."""

DEFAULT_RIGHT_COLUMN = 20
"""The side threshold when no score line says where the right column is."""


def split_cells(line: str, start: int) -> tuple[list[tuple[int, str]], tuple[int, str] | None]:
    """The cells of ``line[start:]`` as ``(column, text)``, texts stripped of blanks, and the
    text before the first cell start as ``(column, text)`` if it is not blank (None if it is),
    which the caller reports as unreadable.
    """
    cells: list[tuple[int, str]] = []
    head: tuple[int, str] | None = None
    previous = -1
    for match in CELL_START.finditer(line, start):
        begin = match.start()
        if previous >= 0 and line[begin] in "Ii" and BARE_DICE.match(line, previous, begin):
            continue  # "31: Illegal play (...)": the position belongs to the dice cell
        if previous < 0:
            head = _text_at(line, start, begin)
        else:
            cells.append((previous, line[previous:begin].rstrip()))
        previous = begin
    if previous >= 0:
        cells.append((previous, line[previous:].rstrip()))
    else:
        head = _text_at(line, start, len(line))
    return cells, head


def _text_at(line: str, start: int, end: int) -> tuple[int, str] | None:
    text = line[start:end]
    stripped = text.strip()
    if not stripped:
        return None
    return start + len(text) - len(text.lstrip()), stripped


def cell_sides(cells: list[tuple[int, str]], threshold: int) -> list[int]:
    """0 (left column) or 1 (right column) for each cell.

    A cell starting at or right of ``threshold`` is a right cell, else a left cell; the
    second cell of a row whose first cell is a left cell is always the right cell (a long
    left cell pushes it left of its usual column).
    """
    sides = [1 if column >= threshold else 0 for column, _ in cells]
    if len(sides) >= 2 and sides[0] == 0:
        sides[1] = 1
    return sides


def right_threshold(name_column: int) -> int:
    """The side threshold for a game whose score line has its right name at ``name_column``."""
    return max(9, min(name_column, 40) * 2 // 3)


def split_name(text: str) -> tuple[str, str | None]:
    """``BlueNote,1780`` -> ``("BlueNote", "1780")`` (GridGammon's rating suffix)."""
    match = NAME_RATING.fullmatch(text)
    if match is None:
        return text, None
    return match[1], match[2]
