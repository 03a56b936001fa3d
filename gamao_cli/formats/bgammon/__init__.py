"""bgammon.org replays (``.match``): :mod:`.reader`."""

from __future__ import annotations

from gamao_cli.formats.base import FormatInfo
from gamao_cli.formats.family import Family, lazy

__all__ = ["BGAMMON_CODES", "FAMILY"]

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
    marks=("bgammon-replay",),
)
