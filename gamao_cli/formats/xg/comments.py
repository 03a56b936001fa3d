"""``temp.xgc``: XG's comments, one RTF document per CRLF-separated entry, as plain text.

Records name comments by position (an empty entry keeps its slot; the empty string after
the final CRLF is not a comment). Inside an entry the byte pair 0x01 0x02 stands for a line
break. The RTF is reduced to its text: ``\\par`` and ``\\line`` are line breaks, ``\\'hh``
a code-page byte (cp1252, XG's ``\\ansicpg``), ``\\uN`` a Unicode character (its ANSI
fallback skipped), destination groups (font and colour tables, ``{\\* ...}``) dropped.
"""

from __future__ import annotations

import re

_TOKEN = re.compile(
    rb"\\([a-zA-Z]+)(-?\d+)? ?|\\'([0-9a-fA-F]{2})|\\([\\{}])|\\.|([{}])|([^\\{}]+)"
)
_SKIP_GROUPS = frozenset((b"fonttbl", b"colortbl", b"stylesheet", b"info", b"pict"))
_BREAKS = frozenset((b"par", b"line", b"sect", b"page"))
MAX_COMMENTS_BYTES = 4 << 20


def split_entries(data: bytes) -> list[str]:
    """The comments of a ``temp.xgc`` stream as plain text, in slot order."""
    entries = data[:MAX_COMMENTS_BYTES].split(b"\r\n")
    if entries and entries[-1] == b"":
        entries.pop()
    return [rtf_text(e.replace(b"\x01\x02", b"\n")) for e in entries]


def rtf_text(rtf: bytes) -> str:
    """The text of one RTF document (or the bytes as cp1252 text when it is not RTF)."""
    if not rtf.lstrip().startswith(b"{\\rtf"):
        return rtf.decode("cp1252", errors="replace").strip()
    out: list[str] = []
    depth = 0
    skip_from: int | None = None  # the depth at which a skipped destination started
    uc = 1
    pending_skip = 0
    group_start = False
    for m in _TOKEN.finditer(rtf):
        word, arg, hexbyte, escaped, brace, text = m.groups()
        if brace is not None:
            if brace == b"{":
                depth += 1
                group_start = True
            else:
                if skip_from is not None and depth <= skip_from:
                    skip_from = None
                depth -= 1
            continue
        starting = group_start
        group_start = False
        if skip_from is not None:
            continue
        if word is not None:
            if starting and word in _SKIP_GROUPS:
                skip_from = depth
            elif word == b"uc" and arg is not None:
                uc = int(arg)
            elif word == b"u" and arg is not None:
                code = int(arg)
                out.append(chr(code + 65536 if code < 0 else code))
                pending_skip = uc
            elif word in _BREAKS:
                out.append("\n")
            elif word == b"tab":
                out.append("\t")
            continue
        if m.group(0) == b"\\*":
            if starting:
                skip_from = depth
            continue
        if hexbyte is not None:
            if pending_skip:
                pending_skip -= 1
                continue
            out.append(bytes((int(hexbyte, 16),)).decode("cp1252", errors="replace"))
            continue
        if escaped is not None:
            out.append(escaped.decode("ascii"))
            continue
        if text is not None:
            chunk = text.replace(b"\r", b"").replace(b"\n", b"")
            if pending_skip:
                drop = min(pending_skip, len(chunk))
                chunk = chunk[drop:]
                pending_skip -= drop
            out.append(chunk.decode("cp1252", errors="replace"))
    lines = [line.strip() for line in "".join(out).split("\n")]
    return "\n".join(line for line in lines if line)
