"""The ``.mat`` reader's hot path: the common move row in one regex, and cheap constructors.

Most lines of a match file are rows of one or two plain checker-play cells
(``  7) 62: 13/11 13/7              64: 24/14*``), and most others are rows with the cube and
result phrases gnubg and XG write (``Doubles => 2``, ``Takes``, ``Drops``, ``Wins 1 point``).
:data:`ROW_LINE` matches exactly those rows, in place inside a block of text, so the reader
steps from row to row without cutting lines; every other row takes the general path
(:mod:`gamao_cli.formats.mat.lines`).

Building the model's frozen, slotted dataclasses costs more than reading the row itself: a
frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``.
:func:`new_move`, :func:`new_location` and :func:`new_move_at` instead fill a *shell*, a
plain class with exactly the same slots, by ordinary attribute stores, then make it the
model class by assigning ``__class__`` (which Python allows between classes of the same
layout). The objects are equal to, hash like and are as frozen as the ones the constructors
make. The shells are used only while the model classes have exactly the expected slots, no
``__post_init__`` and accept the class change (checked once, at import); otherwise these
functions call the constructors, so a change to the model costs speed, never correctness.
:func:`add_pair_at` makes the two moves of a row in one call.

This module stays interpreted when ``setup.py`` compiles the reader: the shells need
Python classes (a compiled class cannot change its instances' class) and the interpreter's
quick slot stores.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gamao_cli.model.actions import Move, MoveMark, Step
from gamao_cli.model.location import Location

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

PlacedMoveFactory = Callable[
    [int, tuple[int, int], tuple[Step, ...], str, MoveMark, "int | None", str, int, int], Move
]
MoveFactory = Callable[
    [int, tuple[int, int], tuple[Step, ...], str, MoveMark, "int | None", Location], Move
]
LocationFactory = Callable[[str, int, int], Location]
PairFactory = Callable[
    [
        Callable[[Move], None],
        int, tuple[int, int], tuple[Step, ...], str, MoveMark,
        int, tuple[int, int], tuple[Step, ...], str, MoveMark,
        "int | None", str, int, int, int,
    ],
    None,
]  # fmt: skip

_MOVE_SLOTS = ("player", "dice", "steps", "text", "mark", "number", "location", "roll")
_LOCATION_SLOTS = ("file", "line", "column")


# Python lays slots out in sorted name order, whatever order they are declared in, so the
# shells have the model classes' layout.
class _MoveShell:
    __slots__ = ("dice", "location", "mark", "number", "player", "roll", "steps", "text")
    player: int
    dice: tuple[int, int]
    steps: tuple[Step, ...]
    text: str
    mark: MoveMark
    number: int | None
    location: Location
    roll: tuple[int, ...]


class _LocationShell:
    __slots__ = ("column", "file", "line")
    file: str
    line: int
    column: int


def _shell_new_location(file: str, line: int, column: int) -> Location:
    where = _LocationShell()
    where.file = file
    where.line = line
    where.column = column
    where.__class__ = Location  # type: ignore[assignment]
    return where  # type: ignore[return-value]


def _shell_new_move(
    player: int,
    dice: tuple[int, int],
    steps: tuple[Step, ...],
    text: str,
    mark: MoveMark,
    number: int | None,
    location: Location,
) -> Move:
    made = _MoveShell()
    made.player = player
    made.dice = dice
    made.steps = steps
    made.text = text
    made.mark = mark
    made.number = number
    made.roll = ()
    made.location = location
    made.__class__ = Move  # type: ignore[assignment]
    return made  # type: ignore[return-value]


def _shell_new_move_at(
    player: int,
    dice: tuple[int, int],
    steps: tuple[Step, ...],
    text: str,
    mark: MoveMark,
    number: int | None,
    file: str,
    line: int,
    column: int,
) -> Move:
    where = _LocationShell()
    where.file = file
    where.line = line
    where.column = column
    where.__class__ = Location  # type: ignore[assignment]
    made = _MoveShell()
    made.player = player
    made.dice = dice
    made.steps = steps
    made.text = text
    made.mark = mark
    made.number = number
    made.roll = ()
    made.location = where  # type: ignore[assignment]
    made.__class__ = Move  # type: ignore[assignment]
    return made  # type: ignore[return-value]


def _plain_new_move_at(
    player: int,
    dice: tuple[int, int],
    steps: tuple[Step, ...],
    text: str,
    mark: MoveMark,
    number: int | None,
    file: str,
    line: int,
    column: int,
) -> Move:
    return Move(player, dice, steps, text, mark, number, Location(file, line, column))


def _shell_add_pair_at(
    append: Callable[[Move], None],
    player: int,
    dice: tuple[int, int],
    steps: tuple[Step, ...],
    text: str,
    mark: MoveMark,
    player2: int,
    dice2: tuple[int, int],
    steps2: tuple[Step, ...],
    text2: str,
    mark2: MoveMark,
    number: int | None,
    file: str,
    line: int,
    column: int,
    column2: int,
) -> None:
    # _shell_new_move_at written out twice on purpose: a call per move costs 4% of reading.
    where = _LocationShell()
    where.file = file
    where.line = line
    where.column = column
    where.__class__ = Location  # type: ignore[assignment]
    made = _MoveShell()
    made.player = player
    made.dice = dice
    made.steps = steps
    made.text = text
    made.mark = mark
    made.number = number
    made.roll = ()
    made.location = where  # type: ignore[assignment]
    made.__class__ = Move  # type: ignore[assignment]
    append(made)  # type: ignore[arg-type]
    where = _LocationShell()
    where.file = file
    where.line = line
    where.column = column2
    where.__class__ = Location  # type: ignore[assignment]
    made = _MoveShell()
    made.player = player2
    made.dice = dice2
    made.steps = steps2
    made.text = text2
    made.mark = mark2
    made.number = number
    made.roll = ()
    made.location = where  # type: ignore[assignment]
    made.__class__ = Move  # type: ignore[assignment]
    append(made)  # type: ignore[arg-type]


def _plain_add_pair_at(
    append: Callable[[Move], None],
    player: int,
    dice: tuple[int, int],
    steps: tuple[Step, ...],
    text: str,
    mark: MoveMark,
    player2: int,
    dice2: tuple[int, int],
    steps2: tuple[Step, ...],
    text2: str,
    mark2: MoveMark,
    number: int | None,
    file: str,
    line: int,
    column: int,
    column2: int,
) -> None:
    append(Move(player, dice, steps, text, mark, number, Location(file, line, column)))
    append(Move(player2, dice2, steps2, text2, mark2, number, Location(file, line, column2)))


def _shells_work() -> bool:
    """True when the shells make objects equal to the constructors' (checked at import)."""
    for cls, names in ((Move, _MOVE_SLOTS), (Location, _LOCATION_SLOTS)):
        if getattr(cls, "__slots__", None) != names or hasattr(cls, "__post_init__"):
            return False
    try:
        step = Step(8, 5)
        made = _shell_new_move_at(1, (3, 1), (step,), "31: 8/5", MoveMark.PLAY, 2, "f", 3, 6)
        where = _shell_new_location("f", 3, 6)
        placed = _shell_new_move(1, (3, 1), (step,), "31: 8/5", MoveMark.PLAY, 2, where)
        pair: list[Move] = []
        _shell_add_pair_at(
            pair.append, 1, (3, 1), (step,), "31: 8/5", MoveMark.PLAY,
            0, (6, 4), (), "64:", MoveMark.EMPTY, 2, "f", 3, 6, 30,
        )  # fmt: skip
    except TypeError:  # "__class__ assignment: ... object layout differs"
        return False
    expected = Move(1, (3, 1), (step,), "31: 8/5", MoveMark.PLAY, 2, Location("f", 3, 6))
    return (
        type(made) is Move
        and type(made.location) is Location
        and made == expected
        and placed == expected
        and pair == [expected, Move(0, (6, 4), (), "64:", MoveMark.EMPTY, 2, Location("f", 3, 30))]
        and hash(where) == hash(Location("f", 3, 6))
    )


SHELLS = _shells_work()
"""Whether the fast constructors below use shells (else they are the plain constructors)."""

new_move: MoveFactory = _shell_new_move if SHELLS else Move
new_location: LocationFactory = _shell_new_location if SHELLS else Location
new_move_at: PlacedMoveFactory = _shell_new_move_at if SHELLS else _plain_new_move_at
"""``new_move(..., new_location(file, line, column))`` in one call."""
add_pair_at: PairFactory = _shell_add_pair_at if SHELLS else _plain_add_pair_at
"""``append`` the two moves of a row (player, dice, steps, text and mark of each; then the
row number, file, line and the columns of the two cells) in one call."""
