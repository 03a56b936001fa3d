"""The neutral match model: immutable records of what a match file says.

Standard library only. Every item keeps its source location. Parsing records what the file
says; judging it is the checker's job (``gamao_cli.analysis``).

The recorded-analysis classes (:mod:`gamao_cli.model.analysis`) are imported when first used
from here: reading a file without analysis does not load them (5 ms of a start).
"""

from typing import TYPE_CHECKING, Any

from gamao_cli.model.actions import (
    Action,
    Beaver,
    Double,
    Drop,
    Move,
    MoveMark,
    Resign,
    SetPosition,
    Step,
    Take,
    Win,
)
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match, Rules, Variant

if TYPE_CHECKING:
    from gamao_cli.model.analysis import (
        Annotation,
        Candidate,
        CheckerAnalysis,
        CubeAnalysis,
        Probabilities,
    )

_ANALYSIS = ("Annotation", "Candidate", "CheckerAnalysis", "CubeAnalysis", "Probabilities")


def __getattr__(name: str) -> Any:
    if name in _ANALYSIS:
        from gamao_cli.model import analysis

        return getattr(analysis, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Action",
    "Annotation",
    "Beaver",
    "Candidate",
    "CheckerAnalysis",
    "CubeAnalysis",
    "Diagnostic",
    "Double",
    "Drop",
    "Game",
    "Location",
    "Match",
    "Move",
    "MoveMark",
    "Probabilities",
    "Resign",
    "Rules",
    "SetPosition",
    "Severity",
    "Step",
    "Take",
    "Variant",
    "Win",
]
