"""The neutral match model: immutable records of what a match file says.

Standard library only. Every item keeps its source location. Parsing records what the file
says; judging it is the checker's job (``gamao_cli.analysis``).
"""

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
from gamao_cli.model.analysis import (
    Annotation,
    Candidate,
    CheckerAnalysis,
    CubeAnalysis,
    Probabilities,
)
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match, Rules, Variant

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
