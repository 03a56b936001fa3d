"""The line-level pieces of Gibbon match dumps (research/formats-wave2.md section 12.1):
the header, comments and escapes, colours, setup tuples and plays in GMD's absolute,
White-based numbering. :mod:`gamao_cli.formats.gmd.reader` puts them together."""

from __future__ import annotations

import re
from functools import lru_cache

from gamao_cli.formats.text_game import ascii_digits
from gamao_cli.model.actions import BAR, OFF, Step

HEADER = re.compile(r"GMD-([0-9]+)\b")
TYPE = re.compile(r"([A-Za-z][A-Za-z0-9-]*)\s*:")
TUPLE = re.compile(r"([A-Za-z][A-Za-z-]*)\s*\{([^}]*)\}")
_STEP = re.compile(r"(bar|b|[0-9]{1,2})[/-](off|o|home|h|[0-9]{1,2})\*?", re.IGNORECASE)
_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", "\\": "\\", "a": "\a", "b": "\b", "f": "\f"}
_WHITE = {"w", "white", "0", "o"}
_BLACK = {"b", "black", "1", "x"}


def sniff_gmd(head: str) -> bool:
    """The first line that is not blank or a comment starts ``GMD-<digits>``."""
    # Line by line, fifty at most: this runs on every text input.
    text = head.lstrip("\ufeff")
    start = 0
    for _ in range(50):
        end = text.find("\n", start)
        line = (text[start:] if end < 0 else text[start:end]).strip()
        if line and not line.startswith("#"):
            return HEADER.match(line) is not None
        if end < 0:
            break
        start = end + 1
    return False


def unescape(text: str) -> str:
    """C-style backslash escapes: ``\\n``, ``\\t``, ``\\xHH``, ``\\ooo``, ``\\<char>``."""
    if "\\" not in text:
        return text
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c != "\\" or i + 1 == n:
            out.append(c)
            i += 1
            continue
        nxt = text[i + 1]
        if nxt in _ESCAPES:
            out.append(_ESCAPES[nxt])
            i += 2
        elif nxt in "xX" and re.match(r"[0-9A-Fa-f]{1,2}", text[i + 2 : i + 4]):
            digits = re.match(r"[0-9A-Fa-f]{1,2}", text[i + 2 : i + 4])
            assert digits is not None
            out.append(chr(int(digits.group(0), 16)))
            i += 2 + len(digits.group(0))
        elif "0" <= nxt <= "7":
            digits = re.match(r"[0-7]{1,3}", text[i + 1 : i + 4])
            assert digits is not None
            out.append(chr(int(digits.group(0), 8)))
            i += 1 + len(digits.group(0))
        else:
            out.append(nxt)
            i += 2
    return "".join(out)


def strip_comment(line: str) -> str:
    """The line without its ``#`` comment (a ``\\#`` is not a comment)."""
    at = line.find("#")
    while at > 0 and line[at - 1] == "\\":
        at = line.find("#", at + 1)
    return line if at < 0 else line[:at]


NO_COLOUR, BAD_COLOUR = -1, -2


def colour(text: str) -> int:
    """Player 1 for White, 0 for Black, :data:`NO_COLOUR` or :data:`BAD_COLOUR`."""
    key = text.strip().lower()
    if key in _WHITE:
        return 1
    if key in _BLACK:
        return 0
    if key in ("", "-"):
        return NO_COLOUR
    return BAD_COLOUR


@lru_cache(maxsize=4096)
def gmd_steps(player: int, text: str) -> tuple[Step, ...] | None:
    """A GMD play in the mover's own numbering, or None when unreadable."""
    out: list[Step] = []
    for token in text.split():
        m = _STEP.fullmatch(token)
        if m is None:
            return None
        a, b = m.group(1).lower(), m.group(2).lower()
        frm = BAR if a.startswith("b") else int(a)
        to = OFF if not ascii_digits(b) else int(b)
        if not (0 <= frm <= 25 and 0 <= to <= 25):
            return None
        if player == 0:  # Black: White-based numbers mirrored; the words are his own bar/off
            frm = frm if a.startswith("b") else 25 - frm
            to = to if not ascii_digits(b) else 25 - to
        out.append(Step(frm, to))
    return tuple(out)


def setup_boards(points: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """GMD ``Points{}``: White's bar, points 1..24 (+ White, - Black), Black's bar."""
    if len(points) != 26 or points[0] < 0 or points[25] < 0:
        return None
    white = [0] * 26
    black = [0] * 26
    white[BAR] = points[0]
    black[BAR] = points[25]
    for p in range(1, 25):
        v = points[p]
        if v > 0:
            white[p] = v
        elif v < 0:
            black[25 - p] = -v
    for board in (white, black):
        on = sum(board[1:])
        if on > 15:
            return None
        board[OFF] = 15 - on
    return tuple(black), tuple(white)


def setup_owner(cube: int, explicit: list[int], may: list[int] | None) -> int | None:
    """The cube's owner (-1: centred) from ``Cube{n owner}`` or ``May-Double{w b}``."""
    if explicit:
        return {1: 1, -1: 0}.get(explicit[0], -1)
    if cube <= 1:
        return -1
    if may is not None and len(may) == 2 and may[0] != may[1]:
        return 1 if may[0] else 0
    return None
