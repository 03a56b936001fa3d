"""Diagnostic codes of the SGF reader (P2xx) and their severities."""

from __future__ import annotations

from gamao_cli.formats.sgf.parser import SYNTAX_CODES
from gamao_cli.model.diagnostics import Severity

SGF_CODES: dict[str, str] = {
    **SYNTAX_CODES,
    "P210": "game tree skipped: not a backgammon game (GM is not 6)",
    "P211": "game tree without GM[6]; read as backgammon",
    "P212": "game tree without an MI property: match length and score unknown",
    "P213": "unreadable MI entry",
    "P214": "game numbers do not follow on (missing, repeated or odd numbering)",
    "P215": "unknown move text",
    "P216": "bad point letter in a move or setup property",
    "P217": "unreadable result RE",
    "P218": "unknown rule in RU",
    "P219": "unsupported variant: read as standard backgammon (retired: hypergammon is played)",
    "P220": "rules differ from the first game of the match",
    "P221": "node with more than one move property: only the first is read",
    "P222": "bad setup value (PL, DI, CV, CP or CO)",
    "P223": "resignation answer without a resignation offer",
    "P224": "bad resignation level (not 1, 2 or 3)",
    "P225": "variations ignored: only the main line is read",
    "P226": "no game tree found",
    "P227": "bad cube value CV (not a power of two)",
    "P228": "not a backgammon SGF: every game tree is another game (Go, chess, ...)",
    "P229": "unreadable gnubg analysis property (A, DA or LU): skipped",
}

_SEVERITY: dict[str, Severity] = {
    "P203": Severity.WARNING,
    "P207": Severity.WARNING,
    "P208": Severity.WARNING,
    "P211": Severity.WARNING,
    "P212": Severity.WARNING,
    "P213": Severity.WARNING,
    "P214": Severity.WARNING,
    "P217": Severity.WARNING,
    "P218": Severity.WARNING,
    "P220": Severity.WARNING,
    "P223": Severity.WARNING,
    "P224": Severity.WARNING,
    "P225": Severity.WARNING,
    "P229": Severity.WARNING,
}


def severity_of(code: str) -> Severity:
    return _SEVERITY.get(code, Severity.ERROR)
