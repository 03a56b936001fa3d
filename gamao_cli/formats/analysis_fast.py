"""Cheap constructors for the analysis model: a candidate play and its chances in one call.

An analysed gnubg SGF lists some twenty candidate plays per roll; building them with the
frozen dataclasses' constructors (each field set through ``object.__setattr__``) costs more
than reading them. As :mod:`gamao_cli.formats.mat.fast` does for moves, :func:`new_candidate`
fills *shells*, plain classes with exactly the model classes' slots, then makes them the
model classes by assigning ``__class__``. The objects equal, hash like and are as frozen as
the constructors'; if the model classes change shape (checked once, at import), the plain
constructors are used instead. This module stays interpreted when the readers are compiled
(a compiled class cannot change its instances' class).
"""

from __future__ import annotations

from collections.abc import Callable

from gamao_cli.model.actions import Step
from gamao_cli.model.analysis import Candidate, Probabilities

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


def _shells_work() -> bool:
    """True when the shells make objects equal to the constructors' (checked at import)."""
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


SHELLS = _shells_work()
"""Whether :func:`new_candidate` uses shells (else it is the plain constructors)."""

new_candidate: CandidateFactory = _shell_new_candidate if SHELLS else _plain_new_candidate
