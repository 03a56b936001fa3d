"""A big multi-match file cut into byte ranges reads exactly as the whole file does."""

from __future__ import annotations

import io
import itertools
import mmap
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from gamao_cli.formats import ranges
from gamao_cli.formats.inputs import InputFile, read_path, split_inputs
from gamao_cli.formats.json.writer import write_jsonl
from gamao_cli.formats.ranges import ByteRange, split_file
from gamao_cli.formats.textio import SNIFF_BYTES
from gamao_cli.model.match import Match
from tests.helpers import FIXTURES, REPO

SOURCES = sorted((REPO / "examples").glob("*.mat")) + sorted((FIXTURES / "gnubg").glob("*.mat"))


def _big_mat(tmp_path: Path, copies: int = 3) -> Path:
    """Every example and gnubg-made .mat put end to end, ``copies`` times, with comment and
    tag lines and a garbage line between some of them (CRLF in one copy)."""
    parts: list[bytes] = []
    for copy in range(copies):
        for i, source in enumerate(SOURCES):
            data = source.read_bytes()
            if copy == 1:
                data = data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
            parts.append(data)
            parts.append(b"\n; a comment between matches\n\n" if i % 3 == 0 else b"\n")
            if i % 7 == 0:
                parts.append(b"this line is not .mat at all\n")
    path = tmp_path / "big.mat"
    path.write_bytes(b"".join(parts))
    return path


def _read_ranges(item: InputFile, ranges: tuple[ByteRange, ...]) -> list[Match]:
    out: list[Match] = []
    for span in ranges:
        assert span.first_match == len(out)  # the index of its first match in the file
        out.extend(read_path(replace(item, span=span)))
    return out


@pytest.mark.parametrize("size", [2_000, 15_000, 60_000])
def test_a_mat_file_read_in_ranges_gives_the_whole_reads_matches(tmp_path: Path, size: int) -> None:
    path = _big_mat(tmp_path)
    item = InputFile("big.mat", path)
    whole = list(read_path(item))
    ranges = split_file(path, "mat", size)
    assert len(ranges) > 3
    assert ranges[0].start == 0 and ranges[-1].end == path.stat().st_size
    assert all(a.end == b.start for a, b in itertools.pairwise(ranges))
    parts = _read_ranges(item, ranges)
    assert len(parts) == len(whole) > 3 * len(SOURCES) - 1
    assert parts == whole  # games, locations (the file's line numbers), diagnostics
    assert any(m.diagnostics for m in whole)  # the garbage lines are reported, in both


def test_a_second_length_line_before_any_game_is_not_a_match_boundary(tmp_path: Path) -> None:
    game = (REPO / "examples" / "gnubg_7pt.mat").read_text().split(" 7 point match", 1)[1]
    text = " 5 point match\n\n 7 point match" + game + "\n 7 point match" + game
    path = tmp_path / "two.mat"
    path.write_text(text * 20)
    item = InputFile("two.mat", path)
    whole = list(read_path(item))
    ranges = split_file(path, "mat", 500)
    assert len(ranges) > 5
    assert _read_ranges(item, ranges) == whole


def test_a_json_lines_file_read_in_ranges_gives_the_whole_reads_matches(tmp_path: Path) -> None:
    out = io.StringIO()
    for source in SOURCES:
        for match in read_path(source):
            write_jsonl(match, out)
    lines = out.getvalue().splitlines(keepends=True)
    lines.insert(len(lines) // 2, "{not json\n\n")
    path = tmp_path / "big.jsonl"
    path.write_text("".join(lines * 2))
    item = InputFile("big.jsonl", path)
    whole = list(read_path(item))
    ranges = split_file(path, "jsonl", 30_000)
    assert len(ranges) > 3
    assert _read_ranges(item, ranges) == whole
    assert sum(1 for m in whole if m.diagnostics and not m.games) == 2


def test_files_that_cannot_be_split_are_one_range(tmp_path: Path) -> None:
    mat = _big_mat(tmp_path, copies=1)
    size = mat.stat().st_size
    assert split_file(mat, "mat", size) == (ByteRange(0, size, 0, 0),)  # small enough
    assert split_file(mat, "sgf", 100) == (ByteRange(0, size, 0, 0),)  # not a splittable format
    bare_cr = tmp_path / "cr.mat"
    bare_cr.write_bytes(mat.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r"))
    assert len(split_file(bare_cr, "mat", 100)) == 1
    utf16 = tmp_path / "utf16.mat"
    utf16.write_bytes(mat.read_text(encoding="utf-8").encode("utf-16"))
    assert len(split_file(utf16, "mat", 100)) == 1


def test_split_inputs_cuts_only_big_files_of_splittable_formats(tmp_path: Path) -> None:
    big = _big_mat(tmp_path)
    sgf = REPO / "examples" / "gnubg_7pt.sgf"
    items = [InputFile("big.mat", big), InputFile("7.sgf", sgf)]
    split = split_inputs(items, 20_000)
    assert [i.name for i in split][-1] == "7.sgf" and split[-1].span is None
    spans = [i.span for i in split[:-1]]
    assert len(spans) > 3 and spans == list(split_file(big, "mat", 20_000))
    assert split_inputs(items, 1 << 30) == items


def _long_lines_mat(tmp_path: Path) -> Path:
    """The big .mat with long comment lines and runs of comment lines before some matches
    (a run longer than a small window)."""
    path = _big_mat(tmp_path)
    text = path.read_bytes().replace(
        b"; a comment between matches\n", b"; " + b"x" * 3_000 + b"\n" + b"#tag\n\n" * 50
    )
    path.write_bytes(text)
    return path


@pytest.mark.parametrize("window", [64, 1_000, 5_000])
def test_the_scan_reads_a_window_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, window: int
) -> None:
    """The match-boundary scan never maps the file: it reads ``WINDOW`` bytes at a time and
    scans whole lines, so what it holds is a window and the longest line (3,002 bytes here),
    whatever the file's size; the ranges are those of the one-window scan, and a range read
    gives the whole read's matches (comment runs that begin a window before)."""
    path = _long_lines_mat(tmp_path)
    with monkeypatch.context() as whole_file:
        whole_file.setattr(ranges, "WINDOW", path.stat().st_size)  # the file in one window
        whole = ranges.split_file(path, "mat", 15_000)
    assert len(whole) > 3

    def no_map(*args: object, **kwargs: object) -> None:
        raise AssertionError("the whole file mapped")

    monkeypatch.setattr(mmap, "mmap", no_map)
    monkeypatch.setattr(ranges, "WINDOW", window)
    reads: list[int] = []
    scanned: list[int] = []
    real_open, real_windows = Path.open, ranges._Scan.windows

    def open_(self: Path, *args: Any, **kwargs: Any) -> Any:
        fh = real_open(self, *args, **kwargs)
        read = fh.read

        def counted(n: int = -1) -> bytes:
            data = read(n)
            reads.append(len(data) if n != SNIFF_BYTES else 0)
            return data

        fh.read = counted
        return fh

    def windows(self: ranges._Scan) -> Iterator[bytes]:
        for data in real_windows(self):
            scanned.append(len(data))
            yield data

    monkeypatch.setattr(Path, "open", open_)
    monkeypatch.setattr(ranges._Scan, "windows", windows)
    assert ranges.split_file(path, "mat", 15_000) == whole
    assert sum(reads) == path.stat().st_size and max(reads) <= window
    assert len(scanned) > 3 and max(scanned) <= window + 3_002
    item = InputFile("big.mat", path)
    assert _read_ranges(item, whole) == list(read_path(item))
