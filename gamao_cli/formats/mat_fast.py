"""The ``.mat`` reader's hot path: the common move row in one regex, and cheap constructors.

Most lines of a match file are rows of one or two plain checker-play cells
(``  7) 62: 13/11 13/7              64: 24/14*``). :data:`PLAIN_ROW` matches exactly those
rows whose cells hold nothing but dice and hop characters (digits, ``/ * ( )``, ``bar``,
``off`` spellings, single blanks). No cell-start keyword can hide in such text, so these rows
split into the same cells as :func:`gamao_cli.formats.mat_lines.split_cells` finds; every
other row takes that general path.

Building the model's frozen, slotted dataclasses costs more than reading the row itself
(``object.__setattr__`` per field). :func:`new_move` and :func:`new_location` set the slots
directly and give objects equal to the ones the constructors make. They are used only while
the classes have exactly the expected slots and no ``__post_init__``; otherwise they are the
classes themselves, so a change to the model costs speed, never correctness.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from gamao_cli.model.actions import Move, MoveMark, Step
from gamao_cli.model.location import Location

_HOP = r"[0-9/*()BbAaRrOoFf]++(?!:)"
_TEXT = rf"(?:{_HOP}(?: {_HOP})*+)?"
PLAIN_ROW = re.compile(
    rf" *+(\d++)\) ++([1-6][1-6]):(?: ++({_TEXT}))?"
    rf"(?: ++([1-6][1-6]):(?: ++({_TEXT}))?)? *+$"
)
"""Groups: 1 row number; 2, 3 the first cell's dice and play; 4, 5 the second cell's.

Plays are hop characters separated by single blanks (possessive, so matching never
backtracks); a play group is None when the cell is dice alone, 4 and 5 when there is one cell.
"""

DICE: dict[str, tuple[int, int]] = {f"{a}{b}": (a, b) for a in range(1, 7) for b in range(1, 7)}

PlacedMoveFactory = Callable[
    [int, tuple[int, int], tuple[Step, ...], str, MoveMark, "int | None", str, int, int], Move
]
MoveFactory = Callable[
    [int, tuple[int, int], tuple[Step, ...], str, MoveMark, "int | None", Location], Move
]
LocationFactory = Callable[[str, int, int], Location]


def _slot_setters(cls: type, names: tuple[str, ...]) -> list[Callable[[Any, Any], None]] | None:
    if getattr(cls, "__slots__", None) != names or hasattr(cls, "__post_init__"):
        return None
    return [getattr(cls, name).__set__ for name in names]


def _move_factory() -> MoveFactory:
    setters = _slot_setters(Move, ("player", "dice", "steps", "text", "mark", "number", "location"))
    if setters is None:
        return Move
    s_player, s_dice, s_steps, s_text, s_mark, s_number, s_location = setters
    new = object.__new__

    def new_move(
        player: int,
        dice: tuple[int, int],
        steps: tuple[Step, ...],
        text: str,
        mark: MoveMark,
        number: int | None,
        location: Location,
    ) -> Move:
        move: Move = new(Move)
        s_player(move, player)
        s_dice(move, dice)
        s_steps(move, steps)
        s_text(move, text)
        s_mark(move, mark)
        s_number(move, number)
        s_location(move, location)
        return move

    return new_move


def _location_factory() -> LocationFactory:
    setters = _slot_setters(Location, ("file", "line", "column"))
    if setters is None:
        return Location
    s_file, s_line, s_column = setters
    new = object.__new__

    def new_location(file: str, line: int, column: int) -> Location:
        location: Location = new(Location)
        s_file(location, file)
        s_line(location, line)
        s_column(location, column)
        return location

    return new_location


def _placed_move_factory(move: MoveFactory, location: LocationFactory) -> PlacedMoveFactory:
    def new_placed_move(
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
        return move(player, dice, steps, text, mark, number, location(file, line, column))

    if move is Move or location is Location:
        return new_placed_move
    s_player, s_dice, s_steps, s_text, s_mark, s_number, s_location = (
        _slot_setters(Move, Move.__slots__) or []
    )
    s_file, s_line, s_column = _slot_setters(Location, Location.__slots__) or []
    new = object.__new__

    def new_move_at(
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
        where: Location = new(Location)
        s_file(where, file)
        s_line(where, line)
        s_column(where, column)
        made: Move = new(Move)
        s_player(made, player)
        s_dice(made, dice)
        s_steps(made, steps)
        s_text(made, text)
        s_mark(made, mark)
        s_number(made, number)
        s_location(made, where)
        return made

    return new_move_at


new_move: MoveFactory = _move_factory()
new_location: LocationFactory = _location_factory()
new_move_at: PlacedMoveFactory = _placed_move_factory(new_move, new_location)
"""``new_move(..., new_location(file, line, column))`` in one call."""
