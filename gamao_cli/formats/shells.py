"""Cheap constructors of the model's commonest objects, shared by the fast readers.

Building the model's frozen, slotted dataclasses costs more than reading them: a frozen
dataclass's ``__init__`` sets each field through ``object.__setattr__``. The constructors
here instead fill a *shell*, a plain class with exactly the same slots, by ordinary
attribute stores, then make it the model class by assigning ``__class__`` (which Python
allows between classes of the same layout). The objects are equal to, hash like and are as
frozen as the ones the constructors make. The shells are used only while the model classes
have exactly the expected slots, no ``__post_init__`` and accept the class change (checked
once, at import: :data:`SHELLS`); otherwise these names are the plain constructors, so a
change to the model costs speed, never correctness.

Moves and their locations (the ``.mat`` reader's rows, the SGF and XG readers' plays):
:func:`new_move`, :func:`new_location`, :func:`new_move_at` and :func:`add_pair_at` (the
two moves of a row in one call). Analysis (an analysed gnubg SGF lists some twenty
candidate plays per roll, a 7-point ``.xg`` about 1,400): :func:`new_candidate`,
:func:`new_checker` and :func:`new_annotation`.

This module stays interpreted when ``setup.py`` compiles the readers: the shells need
Python classes (a compiled class cannot change its instances' class) and the interpreter's
quick slot stores.
"""

from __future__ import annotations

from collections.abc import Callable

from gamao_cli.model.actions import Move, MoveMark, Step
from gamao_cli.model.analysis import (
    Annotation,
    Candidate,
    CheckerAnalysis,
    CubeAnalysis,
    Probabilities,
)
from gamao_cli.model.location import Location

__all__ = [
    "SHELLS",
    "LocationFactory",
    "MoveFactory",
    "PairFactory",
    "PlacedMoveFactory",
    "add_pair_at",
    "new_annotation",
    "new_candidate",
    "new_checker",
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


CandidateFactory = Callable[
    [tuple[Step, ...], float, float, float, float, float, float, str], Candidate
]
"""``new_candidate(steps, equity, win, win_gammon, win_backgammon, lose_gammon,
lose_backgammon, level)``."""

_CANDIDATE_SLOTS = ("steps", "equity", "probabilities", "level")
_PROBABILITY_SLOTS = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")


class _CandidateShell:
    __slots__ = ("equity", "level", "probabilities", "steps")  # sorted, as Python lays them out
    steps: tuple[Step, ...]
    equity: float
    probabilities: Probabilities
    level: str


class _ProbabilitiesShell:
    __slots__ = ("lose_backgammon", "lose_gammon", "win", "win_backgammon", "win_gammon")
    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float


def _shell_new_candidate(
    steps: tuple[Step, ...],
    equity: float,
    win: float,
    win_gammon: float,
    win_backgammon: float,
    lose_gammon: float,
    lose_backgammon: float,
    level: str,
) -> Candidate:
    chances = _ProbabilitiesShell()
    chances.win = win
    chances.win_gammon = win_gammon
    chances.win_backgammon = win_backgammon
    chances.lose_gammon = lose_gammon
    chances.lose_backgammon = lose_backgammon
    chances.__class__ = Probabilities  # type: ignore[assignment]
    made = _CandidateShell()
    made.steps = steps
    made.equity = equity
    made.probabilities = chances  # type: ignore[assignment]
    made.level = level
    made.__class__ = Candidate  # type: ignore[assignment]
    return made  # type: ignore[return-value]


def _plain_new_candidate(
    steps: tuple[Step, ...],
    equity: float,
    win: float,
    win_gammon: float,
    win_backgammon: float,
    lose_gammon: float,
    lose_backgammon: float,
    level: str,
) -> Candidate:
    chances = Probabilities(win, win_gammon, win_backgammon, lose_gammon, lose_backgammon)
    return Candidate(steps, equity, chances, level)


_CHECKER_SLOTS = ("candidates", "played", "error", "level", "counts", "error_mwc")
_ANNOTATION_SLOTS = ("action", "checker", "cube", "luck", "comment", "source", "marks")


class _CheckerShell:
    __slots__ = ("candidates", "counts", "error", "error_mwc", "level", "played")
    candidates: tuple[Candidate, ...]
    played: int | None
    error: float | None
    level: str
    counts: bool | None
    error_mwc: float | None


class _AnnotationShell:
    __slots__ = ("action", "checker", "comment", "cube", "luck", "marks", "source")
    action: int
    checker: CheckerAnalysis | None
    cube: CubeAnalysis | None
    luck: float | None
    comment: str
    source: str
    marks: tuple[tuple[str, str], ...]


def _shell_checker(
    candidates: tuple[Candidate, ...],
    played: int | None,
    error: float | None,
    level: str,
    counts: bool | None,
) -> CheckerAnalysis:
    made = _CheckerShell()
    made.candidates = candidates
    made.played = played
    made.error = error
    made.level = level
    made.counts = counts
    made.error_mwc = None
    made.__class__ = CheckerAnalysis  # type: ignore[assignment]
    return made  # type: ignore[return-value]


def _plain_checker(
    candidates: tuple[Candidate, ...],
    played: int | None,
    error: float | None,
    level: str,
    counts: bool | None,
) -> CheckerAnalysis:
    return CheckerAnalysis(candidates, played, error, level, counts)


def _shell_annotation(
    action: int,
    checker: CheckerAnalysis | None,
    cube: CubeAnalysis | None,
    luck: float | None,
    comment: str,
    source: str,
) -> Annotation:
    made = _AnnotationShell()
    made.action = action
    made.checker = checker
    made.cube = cube
    made.luck = luck
    made.marks = ()
    made.comment = comment
    made.source = source
    made.__class__ = Annotation  # type: ignore[assignment]
    return made  # type: ignore[return-value]


def _shells_work() -> bool:
    """True when the shells make objects equal to the constructors' (checked at import)."""
    layouts = (
        (Move, _MOVE_SLOTS), (Location, _LOCATION_SLOTS), (Candidate, _CANDIDATE_SLOTS),
        (Probabilities, _PROBABILITY_SLOTS), (CheckerAnalysis, _CHECKER_SLOTS),
        (Annotation, _ANNOTATION_SLOTS),
    )  # fmt: skip
    for cls, names in layouts:
        if getattr(cls, "__slots__", None) != names or hasattr(cls, "__post_init__"):
            return False
    step = Step(8, 5)
    args = ((step, Step(6, 5)), 0.25, 0.5, 0.125, 0.0625, 0.1, 0.01, "3-ply")
    try:
        made = _shell_new_move_at(1, (3, 1), (step,), "31: 8/5", MoveMark.PLAY, 2, "f", 3, 6)
        where = _shell_new_location("f", 3, 6)
        placed = _shell_new_move(1, (3, 1), (step,), "31: 8/5", MoveMark.PLAY, 2, where)
        pair: list[Move] = []
        _shell_add_pair_at(
            pair.append, 1, (3, 1), (step,), "31: 8/5", MoveMark.PLAY,
            0, (6, 4), (), "64:", MoveMark.EMPTY, 2, "f", 3, 6, 30,
        )  # fmt: skip
        candidate = _shell_new_candidate(*args)
        checker = _shell_checker((candidate,), 0, 0.5, "3-ply", True)
        note = _shell_annotation(3, checker, None, 0.25, "note", "xg")
    except TypeError:  # "__class__ assignment: ... object layout differs"
        return False
    expected = Move(1, (3, 1), (step,), "31: 8/5", MoveMark.PLAY, 2, Location("f", 3, 6))
    expected_candidate = _plain_new_candidate(*args)
    expected_note = Annotation(
        3, CheckerAnalysis((expected_candidate,), 0, 0.5, "3-ply", True), None, 0.25, "note", "xg"
    )
    return (
        type(made) is Move
        and type(made.location) is Location
        and made == expected
        and placed == expected
        and pair == [expected, Move(0, (6, 4), (), "64:", MoveMark.EMPTY, 2, Location("f", 3, 30))]
        and hash(where) == hash(Location("f", 3, 6))
        and type(candidate) is Candidate
        and type(candidate.probabilities) is Probabilities
        and type(checker) is CheckerAnalysis
        and type(note) is Annotation
        and candidate == expected_candidate
        and note == expected_note
        and hash(candidate) == hash(expected_candidate)
        and hash(note) == hash(expected_note)
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
new_candidate: CandidateFactory = _shell_new_candidate if SHELLS else _plain_new_candidate
new_checker: Callable[
    [tuple[Candidate, ...], int | None, float | None, str, bool | None], CheckerAnalysis
] = _shell_checker if SHELLS else _plain_checker
"""``CheckerAnalysis(candidates, played, error, level, counts)``."""
new_annotation: Callable[
    [int, CheckerAnalysis | None, CubeAnalysis | None, float | None, str, str], Annotation
] = _shell_annotation if SHELLS else Annotation
"""``Annotation(action, checker, cube, luck, comment, source)``."""
