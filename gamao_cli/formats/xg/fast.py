"""Cheap constructors for XG's analysis records, the reader's commonest objects.

A 7-point ``.xg`` lists about 1,400 candidates, each a frozen, slotted
:class:`~gamao_cli.model.analysis.Candidate` holding a :class:`Probabilities`; their
generated ``__init__`` stores every field through ``object.__setattr__`` and costs half the
reading. As :mod:`gamao_cli.formats.mat.fast` does for moves, ``new_candidate`` (shared with
the SGF analysis reader: :mod:`gamao_cli.formats.analysis_fast`) and this module fill plain
*shell* classes with the same slots by ordinary attribute stores and then gives them
the model class (``__class__`` assignment is allowed between classes of one layout). The
result is equal to, hashes like and is as frozen as what the constructors make; this is
checked once at import, and where it does not hold (the model changed) the constructors
are used instead.
"""

from __future__ import annotations

from collections.abc import Callable

from gamao_cli.formats import analysis_fast
from gamao_cli.formats.analysis_fast import new_candidate
from gamao_cli.model.actions import Step
from gamao_cli.model.analysis import (
    Annotation,
    Candidate,
    CheckerAnalysis,
    CubeAnalysis,
    Probabilities,
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
    if not analysis_fast.SHELLS:
        return False
    for cls, names in ((CheckerAnalysis, _CHECKER_SLOTS), (Annotation, _ANNOTATION_SLOTS)):
        if getattr(cls, "__slots__", None) != names or hasattr(cls, "__post_init__"):
            return False
    args = ((Step(8, 5), Step(6, 5)), 0.25, 0.5, 0.125, 0.0625, 0.1, 0.01, "3-ply")
    try:
        made = new_candidate(*args)
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
"""Whether :func:`new_candidate` uses shells (else it calls the constructors)."""

new_checker: Callable[
    [tuple[Candidate, ...], int | None, float | None, str, bool | None], CheckerAnalysis
] = _shell_checker if SHELLS else _plain_checker
"""``CheckerAnalysis(candidates, played, error, level, counts)``."""
new_annotation: Callable[
    [int, CheckerAnalysis | None, CubeAnalysis | None, float | None, str, str], Annotation
] = _shell_annotation if SHELLS else Annotation
"""``Annotation(action, checker, cube, luck, comment, source)``."""

__all__ = ["SHELLS", "new_annotation", "new_candidate", "new_checker"]
