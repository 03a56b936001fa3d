"""The FIBS ``oldmoves`` listing (``.fibs``): :mod:`.oldmoves`."""

from __future__ import annotations

from gamao_cli.formats.base import FormatInfo
from gamao_cli.formats.family import Family, lazy
from gamao_cli.model.diagnostics import Severity

__all__ = ["FAMILY", "FIBS_CODES", "SEVERITIES"]

FIBS_CODES: dict[str, str] = {
    "P500": "no `Score is` line: not a FIBS oldmoves listing",
    "P501": "no `<name> is X - <name> is O` line after `Score is`: the game is skipped",
    "P502": "unrecognised FIBS oldmoves event line",
    "P503": "unreadable dice in a FIBS oldmoves roll",
    "P504": "unreadable FIBS oldmoves play; the Move is kept with mark UNPARSED",
    "P505": "FIBS `accepts` or `rejects` with no double to answer",
    "P506": "game score printed the wrong way round (FIBS bug): swapped back",
    "P507": "unreadable `Score is` line",
    "P508": "unreadable points in a FIBS `wins` line",
}

# The codes that are not errors (the rest are): the reader's and the code table's one source.
SEVERITIES: dict[str, Severity] = {
    "P505": Severity.WARNING,
    "P506": Severity.INFO,
    "P502": Severity.WARNING,
}

FAMILY = Family(
    name="fibs",
    formats=(
        FormatInfo(
            name="fibs",
            description="FIBS oldmoves listing (.fibs), read only",
            extensions=("fibs", "oldmoves"),
            sniff=lazy("gamao_cli.formats.fibs.oldmoves", "sniff_fibs"),
            read=lazy("gamao_cli.formats.fibs.oldmoves", "read_fibs"),
            write=None,
        ),
    ),
    codes=FIBS_CODES,
    severities=SEVERITIES,
    marks=("Score is ",),
)
