"""Jellyfish ``.mat`` match files (and the GNU Backgammon dialect): reading, writing, patching.

The reader is built in layers (:mod:`.state`, :mod:`.cells`, :mod:`.games`, :mod:`.reader`;
:mod:`.lines` and :mod:`.tags` for lines and tags, :mod:`.banner` for header banners),
:mod:`.fast` holds its hot-path patterns, :mod:`.writer` writes and :mod:`.patch` repairs.
"""

from __future__ import annotations

import re

from gamao_cli.formats.base import FormatInfo
from gamao_cli.formats.family import SNIFF_CHARS, Family, lazy
from gamao_cli.model.diagnostics import Severity

__all__ = ["FAMILY", "MAT_CODES", "SEVERITIES", "sniff_mat"]

MAT_CODES: dict[str, str] = {
    "P101": "unreadable line or cell: neither a header, game, score line, move row nor cell",
    "P102": "unparsable play text; the Move is kept with mark UNPARSED and its text",
    "P103": "score line missing or garbled after a Game header",
    "P104": "no match length line (`N point match`) before the games; length read as 0",
    "P105": "game without a result line (truncated or abandoned)",
    "P106": "binary, undecodable or empty input: nothing to read",
    "P107": "dice not 1..6; the Move is kept with mark UNPARSED",
    "P108": "cube phrase without a readable cube value; twice the previous cube assumed",
    "P109": "unreadable `Illegal play (...)` position; kept as an UNPARSED Move",
    "P110": "`; Set Pos=` edited position (XG extension) is not supported: ignored",
    "P111": "unsupported or unknown Variation tag; read as standard backgammon",
    "P112": "unreadable rule tag value (Crawford, Jacoby, Beaver, CubeLimit): ignored",
    "P113": "score-line names are the first game's names swapped: columns mapped by name",
    "P114": "line longer than the reader's limit: the rest of the line is ignored",
    "P115": "move rows before any `Game N` header: read as an unnumbered implicit game",
    "P116": "more than two cells on a row, or two cells in the same column",
    "P117": "`Losses` cell that no `Wins` line of the other player confirms",
    "P118": "text after a cube phrase, result or `Cannot Move`: ignored",
    "P119": "`Illegal play` position names disagree with the score line",
    "P120": "two match length lines before any game: the one the end confirms, else the later",
    "P121": "name line without scores (Jellyfish game style): scores unknown",
    "P122": "no game found in the match",
    "P123": "too many diagnostics in one match: the rest are counted, not listed",
    "P124": "boxed text banner (`+----+`, `| ... |`) before the match length: header comments",
    "P125": "game ends at a drop with no `Wins` line: the drop decides it",
}

_TAG = re.compile(r"^\s*;\s*\[", re.MULTILINE)
_LENGTH = re.compile(r"^\s*\d+\s+point\s+match\b", re.MULTILINE | re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+1\s*$", re.MULTILINE | re.IGNORECASE)
_SCORE = re.compile(r"^\s*\S.*?\s:\s*-?\d+\s+\S.*?\s:\s*-?\d+\s*$", re.MULTILINE)


def sniff_mat(head: str) -> bool:
    """A ``; [`` tag line, an ``N point match`` line, or ``Game 1`` with a score line."""
    text = head.lstrip("\ufeff")[:SNIFF_CHARS]
    if _LENGTH.search(text) or _TAG.search(text):
        return True
    game = _GAME.search(text)
    return game is not None and _SCORE.search(text, game.end()) is not None


def _claims(early: str) -> bool:
    """An ``N point match`` line in a head that does not start as SGF or JSON does: a .mat
    file unless another family's marks stand in its first lines."""
    return bool(_LENGTH.search(early)) and early.lstrip("\ufeff \t\r\n")[:1] not in ("(", "{", "[")


_READ = lazy("gamao_cli.formats.mat.reader", "read_mat")


_ERRORS = ("P101", "P102", "P103", "P104", "P106", "P107", "P108", "P109", "P114", "P122")
# The reader's conventions (a banner, a drop without a Wins line) and repairs it is sure of.
_INFOS = ("P110", "P113", "P124", "P125")
SEVERITIES: dict[str, Severity] = {
    code: Severity.ERROR
    if code in _ERRORS
    else Severity.INFO
    if code in _INFOS
    else Severity.WARNING
    for code in MAT_CODES
}
"""Each code's severity, the reader's and the code table's one source: the rest warnings."""

FAMILY = Family(
    name="mat",
    formats=(
        FormatInfo(
            name="mat",
            description="Jellyfish .mat match text (gnubg, XG, DailyGammon, GridGammon, ...)",
            extensions=("mat", "txt"),
            sniff=sniff_mat,
            read=_READ,
            write=lazy("gamao_cli.formats.mat.writer", "write_mat"),
            read_from=_READ,
            sniff_rank=1,
            patch=lazy("gamao_cli.formats.mat.patch", "patch_mat"),
            stream=lazy("gamao_cli.formats.mat.stream", "open_mat_stream"),
        ),
    ),
    codes=MAT_CODES,
    severities=SEVERITIES,
    claims=_claims,
)
