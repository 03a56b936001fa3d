"""Opening match files as text: encodings, BOMs and line ends."""

from __future__ import annotations

import codecs
import io
from pathlib import Path
from typing import BinaryIO, TextIO

SNIFF_BYTES = 64 * 1024
# Control bytes that do not occur in text (tab, newlines, form feed and escape do).
_CONTROL_BYTES = bytes(b for b in range(32) if b not in (9, 10, 12, 13, 27))


def detect_encoding(head: bytes) -> str:
    """UTF-8 (with or without BOM) when the bytes decode as UTF-8, else cp1252.

    ``head`` may end inside a multi-byte character; that is not taken as a failure.
    """
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError:
        return "cp1252"
    return "utf-8"


def looks_binary(head: bytes) -> bool:
    """True when the bytes are not text in any encoding we read (NUL bytes, control junk)."""
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return False
    if b"\x00" in head:
        return True
    if not head:
        return False
    controls = len(head) - len(head.translate(None, _CONTROL_BYTES))
    return controls > max(8, len(head) // 20)


def text_stream(raw: BinaryIO) -> tuple[TextIO, str]:
    """Wrap a binary stream as text with universal line ends; returns (stream, encoding).

    Undecodable bytes become U+FFFD rather than errors, so reading never fails on them.
    """
    buffered = raw if isinstance(raw, io.BufferedReader) else io.BufferedReader(raw)  # type: ignore[type-var]
    head = buffered.peek(SNIFF_BYTES)[:SNIFF_BYTES]
    encoding = detect_encoding(head)
    stream = io.TextIOWrapper(buffered, encoding=encoding, errors="replace", newline=None)
    return stream, encoding


WHOLE_BYTES = 1 << 22
"""Files up to this size are read and decoded in one piece (:func:`decode_whole`); larger
ones, and other streams, are decoded as they are read (:func:`text_stream`)."""


def decode_whole(data: bytes, encoding: str) -> str:
    """A whole file's bytes decoded exactly as :func:`text_stream` decodes them as it reads
    (``encoding`` is :func:`detect_encoding` of the file's head): undecodable bytes become
    U+FFFD, and CRLF and CR line ends become LF."""
    text = data.decode(encoding, errors="replace")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def open_text(path: Path) -> tuple[TextIO, str]:
    """Open a file for reading as text (see :func:`text_stream`)."""
    return text_stream(path.open("rb"))


def read_head(path: Path, size: int = SNIFF_BYTES) -> bytes:
    with path.open("rb") as fh:
        return fh.read(size)


def decode_head(head: bytes, encoding: str | None = None) -> str:
    """``head`` decoded (``encoding``: its :func:`detect_encoding`, worked out if None)."""
    return head.decode(encoding or detect_encoding(head), errors="replace").lstrip("\ufeff")
