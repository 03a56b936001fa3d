"""bgammon.org replays (``.match``): :mod:`.reader`."""

from __future__ import annotations

from gamao_cli.formats.base import FormatInfo
from gamao_cli.formats.family import Family, lazy
from gamao_cli.model.diagnostics import Severity

__all__ = ["BGAMMON_CODES", "FAMILY", "SEVERITIES"]

BGAMMON_CODES: dict[str, str] = {
    "P575": "no bgammon.org game line (`i ...`): not a bgammon replay",
    "P576": "unreadable bgammon.org game line",
    "P577": "unknown bgammon.org variant number: read as backgammon",
    "P578": "unreadable bgammon.org event line",
    "P579": "unreadable dice in a bgammon.org roll",
    "P580": "unreadable bgammon.org move; the Move is kept with mark UNPARSED",
    "P581": "bgammon.org index entry that does not point at a game line",
    "P582": "bgammon.org game line's winner differs from the winner the events give",
    "P583": "bgammon.org event before the first game line",
}

# The codes that are not errors (the rest are): the reader's and the code table's one source.
SEVERITIES: dict[str, Severity] = {
    "P577": Severity.WARNING,
    "P581": Severity.WARNING,
    "P582": Severity.WARNING,
}

FAMILY = Family(
    name="bgammon",
    formats=(
        FormatInfo(
            name="bgammon",
            description="bgammon.org replay (.match), read only",
            extensions=("match",),
            sniff=lazy("gamao_cli.formats.bgammon.reader", "sniff_bgammon"),
            read=lazy("gamao_cli.formats.bgammon.reader", "read_bgammon"),
            write=None,
        ),
    ),
    codes=BGAMMON_CODES,
    severities=SEVERITIES,
    marks=("bgammon-replay",),
)
