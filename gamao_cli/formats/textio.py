"""Opening match files as text: encodings, BOMs and line ends."""

from __future__ import annotations

import codecs
import io
import os
import stat
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
"""Files up to this size are read and decoded in one piece (:func:`read_whole`); larger ones,
and other streams, are decoded as they are read."""


class _FailedRead(io.TextIOBase):
    """A text stream whose reading fails with the error met reading its file whole, as the
    :class:`io.TextIOWrapper` over that file would have failed."""

    def __init__(self, error: OSError) -> None:
        super().__init__()
        self._error = error

    def read(self, size: int | None = -1, /) -> str:
        raise self._error


def read_whole(
    buffered: io.BufferedReader[io.RawIOBase], encoding: str | None = None
) -> tuple[TextIO, str] | None:
    """The rest of a regular file of at most :data:`WHOLE_BYTES` bytes, decoded in one piece
    into an in-memory stream exactly as :func:`text_stream` would decode it (``encoding``,
    if given, is :func:`detect_encoding` of the file's head); None for any other stream
    (nothing is read then).

    Reading a small file whole is cheaper than a :class:`io.TextIOWrapper` over it.
    """
    try:
        info = os.fstat(buffered.fileno())
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_size > WHOLE_BYTES:
        return None
    if encoding is None:
        encoding = detect_encoding(buffered.peek(SNIFF_BYTES)[:SNIFF_BYTES])
    try:
        data = buffered.read()
    except OSError as exc:
        return _FailedRead(exc), encoding  # type: ignore[return-value]
    text = data.decode(encoding, errors="replace")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return io.StringIO(text), encoding


def open_text(path: Path) -> tuple[TextIO, str]:
    """Open a file for reading as text (see :func:`text_stream`)."""
    return text_stream(path.open("rb"))


def read_head(path: Path, size: int = SNIFF_BYTES) -> bytes:
    with path.open("rb") as fh:
        return fh.read(size)


def decode_head(head: bytes, encoding: str | None = None) -> str:
    """``head`` decoded (``encoding``: its :func:`detect_encoding`, worked out if None)."""
    return head.decode(encoding or detect_encoding(head), errors="replace").lstrip("\ufeff")
