"""Untrusted record text (player names, comments) made safe to print, and its width.

A record's names keep every letter they have (``Kévin``, ``Jürgen``, ``山田``); what could act
on a terminal instead of being shown is written out as an escape, visibly: control characters
(so no terminal escape sequence — ``ESC [``, the C1 ``CSI``, ``OSC`` — reaches the terminal
whole), line and paragraph separators, lone surrogates and the bidirectional controls that
can make text display in another order than it reads. Widths are counted in terminal columns
with the standard library's Unicode data: East Asian wide and full-width characters take two,
combining marks and other zero-width format characters none.
"""

from __future__ import annotations

import unicodedata
from typing import TextIO

_ESCAPED_CATEGORIES = frozenset(("Cc", "Cs", "Zl", "Zp"))
_BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def terminal_safe(text: str) -> str:
    """``text`` in composed form (NFC) with every character that could act on a terminal
    written as a visible escape (``\\x1b``, ``\\u202e``); letters of any script are kept."""
    if text.isascii() and text.isprintable():
        return text
    composed = unicodedata.normalize("NFC", text)
    return "".join(
        _escape(c) if c in _BIDI_CONTROLS or unicodedata.category(c) in _ESCAPED_CATEGORIES else c
        for c in composed
    )


def char_width(char: str) -> int:
    """The terminal columns ``char`` takes: 0, 1 or 2."""
    if char.isascii():
        return 1 if char.isprintable() else 0
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def display_width(text: str) -> int:
    """The terminal columns ``text`` takes."""
    if text.isascii() and text.isprintable():
        return len(text)
    return sum(char_width(c) for c in text)


def fit_width(text: str, columns: int) -> str:
    """The longest start of ``text`` that takes at most ``columns`` terminal columns (a wide
    character that would cross the limit is left out, with the marks that combine with it)."""
    if text.isascii() and text.isprintable():
        return text[:columns]
    used = 0
    for i, char in enumerate(text):
        used += char_width(char)
        if used > columns:
            return text[:i]
    return text


def terminal_safe_lines(text: str) -> str:
    """``terminal_safe`` line by line: the line breaks (``\\n``) and tabs of a multi-line text
    (a board, a table's rendered line) are kept, everything else that could act on a terminal
    is escaped."""
    if text.isascii() and text.isprintable():
        return text
    return "\n".join(
        "\t".join(terminal_safe(part) for part in line.split("\t")) for line in text.split("\n")
    )


class TerminalSafeWriter:
    """A text stream's ``write`` that escapes what it is given (``terminal_safe_lines``): the
    plain-text listings (dedupe, filter --list, fix) write record text through it."""

    def __init__(self, out: TextIO) -> None:
        self._out = out

    def write(self, text: str) -> int:
        return self._out.write(terminal_safe_lines(text))
