"""Gibbon Match Dumps (``.gmd``, ``GMD-1`` and ``GMD-2``): :mod:`.items` (the line items) and
:mod:`.reader`."""

from __future__ import annotations

from gamao_cli.formats.base import FormatInfo
from gamao_cli.formats.family import Family, lazy
from gamao_cli.model.diagnostics import Severity

__all__ = ["FAMILY", "GMD_CODES", "SEVERITIES"]

GMD_CODES: dict[str, str] = {
    "P525": "not a Gibbon match dump: no `GMD-<version>` header line",
    "P526": "GMD version newer than 2: read as GMD-2",
    "P527": "unknown GMD item type: skipped",
    "P528": "unreadable GMD line (not `<Type>:<fields>`)",
    "P529": "unknown colour in a GMD item",
    "P530": "unreadable GMD `Length`",
    "P531": "unknown GMD `Rule`: ignored",
    "P532": "unreadable setup tuple on a GMD `Game:` line",
    "P533": "unreadable dice in a GMD `Roll`",
    "P534": "unreadable GMD move; the Move is kept with mark UNPARSED",
    "P535": "GMD `Move` without a `Roll` before it",
    "P536": "GMD `Roll` without a `Move`: kept as a roll with no play",
    "P537": "GMD answer (`Take`, `Drop`, `Accept`, `Reject`) to nothing",
    "P538": "GMD `Resign` value is not 1, 2 or 3 times the cube",
    "P539": "GMD actions before the first `Game:`: read as an implicit game",
}

# The codes that are not errors (the rest are): the reader's and the code table's one source.
SEVERITIES: dict[str, Severity] = {
    "P526": Severity.WARNING,
    "P527": Severity.WARNING,
    "P531": Severity.WARNING,
    "P536": Severity.WARNING,
    "P537": Severity.WARNING,
    "P539": Severity.WARNING,
}

FAMILY = Family(
    name="gmd",
    formats=(
        FormatInfo(
            name="gmd",
            description="Gibbon Match Dump (GMD-1, GMD-2), read only",
            extensions=("gmd",),
            sniff=lazy("gamao_cli.formats.gmd.items", "sniff_gmd"),
            read=lazy("gamao_cli.formats.gmd.reader", "read_gmd"),
            write=None,
        ),
    ),
    codes=GMD_CODES,
    severities=SEVERITIES,
    marks=("GMD-",),
)
