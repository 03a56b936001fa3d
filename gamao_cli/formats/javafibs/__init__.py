"""JavaFIBS internal match files (``.match``): :mod:`.reader`."""

from __future__ import annotations

from gamao_cli.formats.base import FormatInfo
from gamao_cli.formats.family import Family, lazy
from gamao_cli.model.diagnostics import Severity

__all__ = ["FAMILY", "JAVAFIBS_CODES", "SEVERITIES"]

JAVAFIBS_CODES: dict[str, str] = {
    "P550": "not a JavaFIBS match: no `JavaFIBS internal match representation` prolog",
    "P551": "unreadable JavaFIBS line (not `<opcode>:<player>:<arguments>`)",
    "P552": "unreadable dice in a JavaFIBS roll",
    "P553": "unreadable JavaFIBS move; the Move is kept with mark UNPARSED",
    "P554": "JavaFIBS move or `cannot move` without a roll before it",
    "P555": "JavaFIBS player who is neither of the match's two players",
    "P556": "JavaFIBS score line disagrees with the results read",
    "P557": "JavaFIBS take, drop or rejection that answers nothing",
    "P558": "unreadable number in a JavaFIBS game won, resignation or match line",
}

# The codes that are not errors (the rest are): the reader's and the code table's one source.
SEVERITIES: dict[str, Severity] = {"P556": Severity.WARNING, "P557": Severity.WARNING}

FAMILY = Family(
    name="javafibs",
    formats=(
        FormatInfo(
            name="javafibs",
            description="JavaFIBS internal match representation (.match), read only",
            extensions=("match",),
            sniff=lazy("gamao_cli.formats.javafibs.reader", "sniff_javafibs"),
            read=lazy("gamao_cli.formats.javafibs.reader", "read_javafibs"),
            write=None,
        ),
    ),
    codes=JAVAFIBS_CODES,
    severities=SEVERITIES,
    marks=("JavaFIBS",),
)
