"""Cheap constructors of the analysis model: a candidate play and its chances in one call,
a checker analysis, an annotation (:mod:`gamao_cli.formats.shells`)."""

from __future__ import annotations

from collections.abc import Callable

from gamao_cli.model.actions import Step
from gamao_cli.model.analysis import (
    Annotation,
    Candidate,
    CheckerAnalysis,
    CubeAnalysis,
    Probabilities,
)

__all__ = ["SHELLS", "new_annotation", "new_candidate", "new_checker"]

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


def _candidate_shells_work() -> bool:
    """Whether the candidate shells make objects equal to the constructors'."""
    for cls, names in ((Candidate, _CANDIDATE_SLOTS), (Probabilities, _PROBABILITY_SLOTS)):
        if getattr(cls, "__slots__", None) != names or hasattr(cls, "__post_init__"):
            return False
    args = ((Step(8, 5), Step(6, 5)), 0.2, 0.55, 0.17, 0.01, 0.12, 0.005, "2-ply")
    try:
        made = _shell_new_candidate(*args)
    except TypeError:  # "__class__ assignment: ... object layout differs"
        return False
    expected = _plain_new_candidate(*args)
    return (
        type(made) is Candidate
        and type(made.probabilities) is Probabilities
        and made == expected
        and hash(made) == hash(expected)
    )


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
    if not _candidate_shells_work():
        return False
    for cls, names in ((CheckerAnalysis, _CHECKER_SLOTS), (Annotation, _ANNOTATION_SLOTS)):
        if getattr(cls, "__slots__", None) != names or hasattr(cls, "__post_init__"):
            return False
    args = ((Step(8, 5), Step(6, 5)), 0.25, 0.5, 0.125, 0.0625, 0.1, 0.01, "3-ply")
    try:
        made = _shell_new_candidate(*args)
        checker = _shell_checker((made,), 0, 0.5, "3-ply", True)
        note = _shell_annotation(3, checker, None, 0.25, "note", "xg")
    except TypeError:  # "__class__ assignment: ... object layout differs"
        return False
    expected = Candidate(args[0], args[1], Probabilities(*args[2:7]), args[7])
    expected_checker = CheckerAnalysis((expected,), 0, 0.5, "3-ply", True)
    expected_note = Annotation(3, expected_checker, None, 0.25, "note", "xg")
    return (
        type(made) is Candidate
        and type(made.probabilities) is Probabilities
        and type(checker) is CheckerAnalysis
        and type(note) is Annotation
        and made == expected
        and note == expected_note
        and hash(made) == hash(expected)
        and hash(note) == hash(expected_note)
    )


SHELLS = _shells_work()
"""Whether the constructors below fill shells (else they are the model's constructors)."""

new_candidate: CandidateFactory = _shell_new_candidate if SHELLS else _plain_new_candidate
new_checker: Callable[
    [tuple[Candidate, ...], int | None, float | None, str, bool | None], CheckerAnalysis
] = _shell_checker if SHELLS else _plain_checker
"""``CheckerAnalysis(candidates, played, error, level, counts)``."""
new_annotation: Callable[
    [int, CheckerAnalysis | None, CubeAnalysis | None, float | None, str, str], Annotation
] = _shell_annotation if SHELLS else Annotation
"""``Annotation(action, checker, cube, luck, comment, source)``."""
