"""Diagnostics: problems found while reading or checking, as data."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gamao_cli.model.location import Location


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2}[self.value]


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A problem in the input, found by a reader. ``code`` is stable (see docs/codes.md)."""

    code: str
    severity: Severity
    message: str
    location: Location
    game: int | None = None
    move: int | None = None
