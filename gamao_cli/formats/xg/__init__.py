"""eXtreme Gammon binary files: ``.xg`` matches and ``.xgp`` positions.

Layers, each in its own module: :mod:`.container` (the RGMH header, the ZLB archive, CRCs,
bounded inflating), :mod:`.records` (the fixed 2560-byte ``temp.xg`` records),
:mod:`.moves` (XG's move encoding and the board it is played on), :mod:`.annotate`
(XG's analysis as :mod:`gamao_cli.model.analysis` annotations), :mod:`.games` (records to
games; its objects made by :mod:`gamao_cli.formats.shells`), :mod:`.comments` (``temp.xgc``
RTF to plain text), :mod:`.position` (``.xgp``), :mod:`.reader` (the readers, the match
header and its tags). Byte layouts:
research/formats-wave2.md section 9.
"""

from __future__ import annotations

from gamao_cli.formats.base import FormatInfo
from gamao_cli.formats.family import Family, lazy, never
from gamao_cli.model.diagnostics import Severity

__all__ = ["FAMILY", "XG_CODES", "sniff_xg"]

# Binary inputs have no lines: every message names the byte offset in the file (or, for a
# record, the record's number and its offset inside the inflated ``temp.xg`` stream).
XG_CODES: dict[str, str] = {
    "P401": "not an eXtreme Gammon file: no `RGMH` rich game header (or an unknown header version)",
    "P402": "the file ends inside the rich game header or the archive (truncated file)",
    "P403": "no valid ZLB archive trailer at the end of the file: read as the bare layout",
    "P404": "the archive's CRC32 does not match its bytes (the file is damaged); read anyway",
    "P405": "an inner file's CRC32 does not match its inflated bytes; read anyway",
    "P406": "the archive's file list is unreadable or names bytes outside the archive",
    "P407": "the archive holds no `temp.xg` record stream",
    "P408": "a zlib stream is corrupt or ends early (truncated or damaged data)",
    "P409": "a zlib stream inflates past the reader's limit (a zip bomb or a lying size): refused",
    "P410": "an inner file's inflated size differs from the size its manifest entry gives",
    "P411": "a stream or file is larger than the reader accepts: refused",
    "P412": "`temp.xg` is not a whole number of 2560-byte records: the tail is ignored",
    "P413": "the first record is not a match header with XG's `DMLI` magic",
    "P414": "a record of an unknown type: skipped",
    "P415": "a record out of place (a move or cube record outside a game, a second match header)",
    "P416": "a game has no game footer (the record stream ends inside it)",
    "P417": "a move record's play cannot be decoded (a pair outside 0..24 / bear-off)",
    "P418": "XG's stored position disagrees with the board rebuilt by replaying the plays",
    "P419": "XG marks a recorded play as illegal (InvalidM = 2 or the -100 marker)",
    "P420": "a game footer's winner, points or termination code disagree with the record",
    "P421": "a comment index points past the end of `temp.xgc`",
    "P422": "a player name's UTF-16 field is unusable: the ANSI twin is used",
    "P423": "an `.xgp` position file holds no position",
    "P424": "the game's start position in the game header is not a valid position",
    "P425": "an XG variation the model has no name for (Longgammon, or an unknown number): "
    "read under standard rules from the recorded start positions",
}


def sniff_xg(head: bytes) -> bool:
    """XG's RGMH rich game header, version 1 (``.xg`` and ``.xgp`` alike)."""
    return head[:8] == b"RGMH\x01\x00\x00\x00"


FAMILY = Family(
    name="xg",
    formats=(
        FormatInfo(
            name="xg",
            description="eXtreme Gammon binary match (.xg), with XG's analysis",
            extensions=("xg",),
            sniff=never,
            read=None,
            write=None,
            sniff_bytes=sniff_xg,
            read_binary=lazy("gamao_cli.formats.xg.reader", "read_xg"),
        ),
        FormatInfo(
            name="xgp",
            description="eXtreme Gammon binary position (.xgp), with XG's analysis",
            extensions=("xgp",),
            sniff=never,
            read=None,
            write=None,
            sniff_bytes=sniff_xg,
            read_binary=lazy("gamao_cli.formats.xg.reader", "read_xgp"),
            matches=False,
        ),
    ),
    codes=XG_CODES,
    severities={
        "P403": Severity.WARNING,
        "P404": Severity.WARNING,
        "P405": Severity.WARNING,
        "P410": Severity.WARNING,
        "P412": Severity.WARNING,
        "P414": Severity.INFO,
        "P415": Severity.WARNING,
        "P416": Severity.WARNING,
        "P418": Severity.WARNING,
        "P419": Severity.INFO,
        "P420": Severity.WARNING,
        "P421": Severity.WARNING,
        "P422": Severity.INFO,
        "P425": Severity.WARNING,
    },
)
