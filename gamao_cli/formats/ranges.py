"""One big multi-match file cut at match boundaries into byte ranges read independently.

An archive is sometimes one huge file (a server's log of every match as one ``.mat``, a JSON
Lines export). :func:`split_file` finds where matches start and cuts the file into ranges of
about a given size; :func:`read_range` reads one range on its own and gives exactly the
matches, source locations (the file's own line numbers) and diagnostics that reading the
whole file gives for that stretch. Each range knows the index of its first match in the file,
so match numbers are the whole read's too.

Formats that can be split (``FormatInfo.read_from``):

* ``.mat``: a match starts at its `` N point match`` line, together with the comment and tag
  lines (``;``, ``#``) and blank lines just before it; a length line counts only when a game
  came after the previous one (the reader takes a second length line before any game as a
  correction of the first, not as a new match).
* JSON Lines (``jsonl``): a match a line; a range starts at a line start. Lines holding an
  array of documents are not supported in ranges (gamao writes one document a line).

Other formats are read whole, one work unit a file: SGF (a collection's game trees share the
match's root properties), the binary formats (XG, BGBlitz), GMD, FIBS, JavaFIBS and bgammon
logs (their match headers carry state across matches), positions. A file is not split either
when its encoding is not ASCII-compatible (UTF-16), when it uses bare CR line ends, or when it
is not a regular file.
"""

from __future__ import annotations

import mmap
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from gamao_cli.formats.textio import SNIFF_BYTES, decode_whole, detect_encoding

SPLITTABLE = ("mat", "jsonl")

_MAT_LENGTH = re.compile(rb"^[ \t]*\d+[ \t]*point[ \t]+match\b", re.IGNORECASE | re.MULTILINE)
_MAT_GAME = re.compile(rb"^[ \t]*(?:Game[ \t]+\d|\d+\))", re.IGNORECASE | re.MULTILINE)
_MAT_PREFIX = re.compile(rb"(?:\xef\xbb\xbf)*[ \t]*(?:[;#].*)?\r?")  # BOMs: files put end to end
_BARE_CR = re.compile(rb"\r(?!\n)")


@dataclass(frozen=True, slots=True)
class ByteRange:
    """Bytes ``start:end`` of a file; ``first_line`` lines and ``first_match`` matches of the
    file come before it."""

    start: int
    end: int
    first_line: int
    first_match: int


def split_file(path: Path, format_name: str, size: int) -> tuple[ByteRange, ...]:
    """``path`` cut into ranges of at least ``size`` bytes at match boundaries (one range,
    the whole file, when it cannot or need not be split)."""
    try:
        with path.open("rb") as fh:
            total = fh.seek(0, 2)
            if total <= size or format_name not in SPLITTABLE:
                return (ByteRange(0, total, 0, 0),)
            fh.seek(0)
            encoding = detect_encoding(fh.read(SNIFF_BYTES))
            if encoding.startswith("utf-16"):
                return (ByteRange(0, total, 0, 0),)
            with mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as data:
                if _BARE_CR.search(data) is not None:
                    return (ByteRange(0, total, 0, 0),)
                starts = _mat_starts(data) if format_name == "mat" else _line_starts(data)
                return _cut(data, starts, total, size)
    except (OSError, ValueError):
        return (ByteRange(0, 0, 0, 0),)


def _mat_starts(data: mmap.mmap) -> Iterator[tuple[int, int]]:
    """(offset, match index) of every match start after the first."""
    index = 0
    previous = 0
    for found in _MAT_LENGTH.finditer(data):
        line_start = found.start()
        if _MAT_GAME.search(data, previous, line_start) is None:
            continue  # no game since the last length line: not a new match
        previous = found.end()
        index += 1
        yield _back_over_comments(data, line_start), index


def _back_over_comments(data: mmap.mmap, offset: int) -> int:
    """The start of the run of comment, tag and blank lines that ends at ``offset``."""
    while offset > 0:
        before = data.rfind(b"\n", 0, offset - 1) + 1
        if _MAT_PREFIX.fullmatch(data, before, offset - 1) is None:
            break
        offset = before
    return offset


def _line_starts(data: mmap.mmap) -> Iterator[tuple[int, int]]:
    """(offset, match index) of every non-blank line after the first (JSON Lines)."""
    index = -1
    for found in re.finditer(rb"^[ \t\r]*\S", data, re.MULTILINE):
        index += 1
        if index:
            yield found.start(), index


def _cut(
    data: mmap.mmap, starts: Iterator[tuple[int, int]], total: int, size: int
) -> tuple[ByteRange, ...]:
    ranges: list[ByteRange] = []
    start = first_line = first_match = 0
    for offset, index in starts:
        if offset - start < size or total - offset < size // 2:
            continue
        ranges.append(ByteRange(start, offset, first_line, first_match))
        first_line += data[start:offset].count(b"\n")
        start, first_match = offset, index
    ranges.append(ByteRange(start, total, first_line, first_match))
    return tuple(ranges)


def read_range_text(path: Path, span: ByteRange) -> str:
    """The text of a range, decoded as reading the whole file decodes it."""
    with path.open("rb") as fh:
        encoding = detect_encoding(fh.read(SNIFF_BYTES))
        fh.seek(span.start)
        data = fh.read(span.end - span.start)
    if span.start and encoding == "utf-8-sig":
        encoding = "utf-8"  # the byte-order mark is at the start of the file only
    return decode_whole(data, encoding)
