"""GNU Backgammon's ``export match text`` listing: recognised, not read (a listing for
reading, not a match record)."""

from __future__ import annotations

import re
from functools import cache

from gamao_cli.formats.base import FormatInfo
from gamao_cli.formats.family import SNIFF_CHARS, Family
from gamao_cli.i18n import N_

__all__ = ["FAMILY", "sniff_gnubg_text"]


@cache
def _board() -> re.Pattern[str]:
    """The heading line's pattern, compiled when a head holds its plain text (rarely)."""
    return re.compile(r"^ GNU Backgammon  [^:\n]+: [A-Za-z0-9+/]{14}[ \t\r]*$", re.MULTILINE)


def sniff_gnubg_text(head: str) -> bool:
    """gnubg's ``export match text`` listing: its boards' heading line, `` GNU Backgammon
    Position ID: 4HPwATDgc/ABMA`` (the label in gnubg's language, the ID 14 characters)."""
    text = head[:SNIFF_CHARS]
    # The plain search first: the pattern's own search of a head without it costs 25 times as
    # much (a .mat's 8 KB: 5 against 130 microseconds).
    return " GNU Backgammon  " in text and _board().search(text) is not None


FAMILY = Family(
    name="gnubg-text",
    formats=(
        FormatInfo(
            name="gnubg-text",
            description="GNU Backgammon's `export match text` listing: recognised, not read "
            "(a listing for reading, not a match record: export .mat or .sgf from gnubg)",
            extensions=(),
            sniff=sniff_gnubg_text,
            read=None,
            write=None,
            not_read=N_(
                "{file}: a gnubg text export (export match text): a listing, not a match "
                "record; export the match from gnubg as .mat or .sgf"
            ),
        ),
    ),
    marks=(" GNU Backgammon  ",),
)
