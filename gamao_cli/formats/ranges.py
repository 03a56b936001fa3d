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

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

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


WINDOW = 1 << 20
"""The scan for match boundaries reads the file this many bytes at a time (and a line
longer than that whole): its memory is bounded by a window and the longest line, not by
the file."""


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
            scan = _Scan(fh)
            starts = scan.mat_starts() if format_name == "mat" else scan.line_starts()
            ranges = _cut(scan, starts, total, size)
            if scan.bare_cr:
                return (ByteRange(0, total, 0, 0),)
            return ranges
    except (OSError, ValueError):
        return (ByteRange(0, 0, 0, 0),)


class _Scan:
    """A file read a window of whole lines at a time (:data:`WINDOW` bytes, or one line
    longer than that), for the offsets where matches start. A file with a bare CR anywhere
    sets :attr:`bare_cr` (and its scan stops: it is not split)."""

    def __init__(self, fh: BinaryIO) -> None:
        self.fh = fh
        self.data = b""  # the window
        self.base = 0  # its offset in the file
        self.base_line = 0  # the lines before it
        self.counted = (0, 0)  # (offset in the window, lines before it) last counted
        self.carry = (0, 0)  # (offset, line) of the comment run the window starts in
        self.bare_cr = False

    def windows(self) -> Iterator[bytes]:
        """The windows, each ending at a line end (or the file's end); :attr:`data`,
        :attr:`base` and :attr:`base_line` describe the one being scanned."""
        self.fh.seek(0)
        held: list[bytes] = []  # a line not ended yet
        while block := self.fh.read(WINDOW):
            cut = block.rfind(b"\n") + 1
            if not cut:
                held.append(block)
                continue
            yield from self._next(b"".join((*held, block[:cut])))
            if self.bare_cr:
                return
            held = [block[cut:]] if cut < len(block) else []
        if held:
            yield from self._next(b"".join(held))

    def _next(self, data: bytes) -> Iterator[bytes]:
        if self.data:  # where the comment run ending at this window's start begins
            end = len(self.data)
            back = _back_over_comments(self.data, end)
            if back > 0 or self.base == 0:
                self.carry = (self.base + back, self.line(self.base + back))
            self.base_line += self.data.count(b"\n")
            self.base += end
        self.data, self.counted = data, (0, 0)
        if _BARE_CR.search(data) is not None:
            self.bare_cr = True
            return
        yield data

    def line(self, offset: int) -> int:
        """The lines before ``offset`` (in the window, or where its comment run began)."""
        if offset < self.base:
            assert offset == self.carry[0]
            return self.carry[1]
        at = offset - self.base
        last, lines = self.counted
        if at >= last:
            lines += self.data.count(b"\n", last, at)
        else:
            lines -= self.data.count(b"\n", at, last)
        self.counted = (at, lines)
        return self.base_line + lines

    def back(self, at: int) -> int:
        """The file offset where the comment run ending at window offset ``at`` begins."""
        start = _back_over_comments(self.data, at)
        return self.carry[0] if start == 0 and self.base else self.base + start

    def mat_starts(self) -> Iterator[tuple[int, int]]:
        """(offset, match index) of every match start after the first."""
        index = 0
        game = False  # a game line since the last length line that started a match
        for data in self.windows():
            since = 0
            for found in _MAT_LENGTH.finditer(data):
                line_start = found.start()
                game = game or _MAT_GAME.search(data, since, line_start) is not None
                since = line_start
                if not game:
                    continue  # no game since the last length line: not a new match
                since, game = found.end(), False
                index += 1
                yield self.back(line_start), index
            game = game or _MAT_GAME.search(data, since) is not None

    def line_starts(self) -> Iterator[tuple[int, int]]:
        """(offset, match index) of every non-blank line after the first (JSON Lines)."""
        index = -1
        for data in self.windows():
            for found in _JSONL_LINE.finditer(data):
                index += 1
                if index:
                    yield self.base + found.start(), index


_JSONL_LINE = re.compile(rb"^[ \t\r]*\S", re.MULTILINE)


def _back_over_comments(data: bytes, offset: int) -> int:
    """The start of the run of comment, tag and blank lines that ends at ``offset``."""
    while offset > 0:
        before = data.rfind(b"\n", 0, offset - 1) + 1
        if _MAT_PREFIX.fullmatch(data, before, offset - 1) is None:
            break
        offset = before
    return offset


def _cut(
    scan: _Scan, starts: Iterator[tuple[int, int]], total: int, size: int
) -> tuple[ByteRange, ...]:
    ranges: list[ByteRange] = []
    start = first_line = first_match = 0
    for offset, index in starts:
        if offset - start < size or total - offset < size // 2:
            continue
        ranges.append(ByteRange(start, offset, first_line, first_match))
        first_line = scan.line(offset)
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
