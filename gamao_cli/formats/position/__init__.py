"""Single positions: position files of XG and BGBlitz position/analysis texts and lists of
XGIDs or gnubg IDs (:mod:`.text`; :mod:`.xg`, :mod:`.bgblitz` and :mod:`.parts` for them).
"""

from __future__ import annotations

from gamao_cli.formats.base import FormatInfo
from gamao_cli.formats.family import Family, lazy
from gamao_cli.model.diagnostics import Severity

__all__ = ["FAMILY", "POSITION_CODES"]

POSITION_CODES: dict[str, str] = {
    "P600": "a position file named on the command line: positions, not games; not checked "
    "(gamao moves FILE and gamao show FILE read it)",
    "P601": "no position could be read from the input",
    "P602": "an XGID that cannot be read",
    "P603": "a gnubg Position ID or Match ID that cannot be read",
    "P604": "a line of a list of identifiers that is neither an identifier nor a comment",
    "P605": "the text disagrees with its identifier (score, match length, pips, cube or turn)",
    "P606": "the drawn board disagrees with the identifier",
    "P607": "the gnubg Position ID / Match ID disagree with the XGID beside them",
    "P608": "an analysis line that cannot be read (a candidate play or the cube equities)",
    "P609": "an analysed candidate play is not a legal play of the position",
    "P610": "the position is impossible (too many checkers, both players on one point, ...)",
}

FAMILY = Family(
    name="position",
    formats=(
        FormatInfo(
            name="position",
            description="position files: XG / BGBlitz position and analysis texts, XGID or gnubg "
            "ID lists (read only; gamao moves/show)",
            extensions=("txt",),
            # Imported on first use: the position reader pulls in the engine's judge.
            sniff=lazy("gamao_cli.formats.position.text", "sniff_position"),
            read=lazy("gamao_cli.formats.position.text", "read_positions"),
            write=None,
            many_per_file=True,
            matches=False,
        ),
    ),
    codes=POSITION_CODES,
    severities={
        "P600": Severity.INFO,
        **{code: Severity.WARNING for code in ("P605", "P606", "P607", "P608", "P609")},
    },
    marks=("XGID=", "Position-ID:"),
)
