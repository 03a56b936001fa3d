"""SGF backgammon game records (``.sgf``, GNU Backgammon's dialect): parsing, reading, writing.

:mod:`.parser` (the tokenizer, :mod:`.tree` its values), :mod:`.reader` (game trees to
matches: :mod:`.header`, :mod:`.game`, :mod:`.moves`, :mod:`.analysis`), :mod:`.codes` (the
diagnostics' severities), :mod:`.writer` and :mod:`.annotate` (writing, analysis included).
"""

from __future__ import annotations

import re

from gamao_cli.formats.base import FormatInfo
from gamao_cli.formats.family import SNIFF_CHARS, Family, lazy
from gamao_cli.model.diagnostics import Severity

__all__ = ["FAMILY", "SEVERITIES", "SGF_CODES", "SYNTAX_CODES", "sniff_sgf"]

SYNTAX_CODES: dict[str, str] = {
    "P201": "unterminated property value: a '[' without its closing ']'",
    "P202": "truncated game tree: the file or the tree ends before its closing ')'",
    "P203": "text outside any game tree was skipped",
    "P204": "unexpected text inside a game tree was skipped (a stray ']' or junk)",
    "P205": "property value without a property name",
    "P206": "property name without a value",
    "P207": "empty game tree '()'",
    "P208": "node after a variation was skipped",
    "P209": "the input could not be read to the end",
}

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

# The codes that are not errors (the rest are): the reader's and the code table's one source.
SEVERITIES: dict[str, Severity] = {
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

_START = re.compile(r"\s*\(\s*;")
_MARK = re.compile(r"GM\s*\[\s*6\s*\]|FF\s*\[")


def sniff_sgf(head: str) -> bool:
    """``(;`` (whitespace allowed) and ``GM[6]`` or ``FF[`` in the head."""
    text = head.lstrip("\ufeff")[:SNIFF_CHARS]
    return bool(_START.match(text)) and bool(_MARK.search(text))


FAMILY = Family(
    name="sgf",
    formats=(
        FormatInfo(
            name="sgf",
            description="GNU Backgammon SGF (GM[6]), one game tree per game",
            extensions=("sgf",),
            sniff=sniff_sgf,
            read=lazy("gamao_cli.formats.sgf.reader", "read_sgf"),
            write=lazy("gamao_cli.formats.sgf.writer", "write_sgf"),
            sniff_rank=-3,
            stream=lazy("gamao_cli.formats.sgf.stream", "open_sgf_stream"),
        ),
    ),
    codes=SGF_CODES,
    severities=SEVERITIES,
)
