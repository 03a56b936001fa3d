"""Cheap constructors of moves and their locations (:mod:`gamao_cli.formats.shells`)."""

from __future__ import annotations

from collections.abc import Callable

from gamao_cli.model.actions import Move, MoveMark, Step
from gamao_cli.model.location import Location

__all__ = [
    "SHELLS",
    "LocationFactory",
    "MoveFactory",
    "PairFactory",
    "PlacedMoveFactory",
    "add_pair_at",
    "new_location",
    "new_move",
    "new_move_at",
]

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
"""Whether the constructors below fill shells (else they are the model's constructors)."""

new_move: MoveFactory = _shell_new_move if SHELLS else Move
new_location: LocationFactory = _shell_new_location if SHELLS else Location
new_move_at: PlacedMoveFactory = _shell_new_move_at if SHELLS else _plain_new_move_at
"""``new_move(..., new_location(file, line, column))`` in one call."""
add_pair_at: PairFactory = _shell_add_pair_at if SHELLS else _plain_add_pair_at
"""``append`` the two moves of a row (player, dice, steps, text and mark of each; then the
row number, file, line and the columns of the two cells) in one call."""
