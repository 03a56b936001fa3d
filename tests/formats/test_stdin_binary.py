"""A binary format on standard input: held like a file's bytes (in memory up to WHOLE_BYTES,
on disk past that), refused past MAX_STREAM_BINARY with P004, never buffered whole."""

from __future__ import annotations

import io
import sys
import tracemalloc

import pytest
import xg_builder as b

from gamao_cli.formats import inputs
from gamao_cli.formats.inputs import InputFile, read_path

XG_MAGIC = b"RGMH\x01\x00\x00\x00"


class Endless(io.RawIOBase):
    """``head`` then zero bytes, ``size`` bytes in all, made as they are read (never held)."""

    def __init__(self, head: bytes, size: int) -> None:
        self.head = head
        self.size = size
        self.served = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        count = min(len(buffer), self.size - self.served)
        if count <= 0:
            return 0
        start = self.served
        view = memoryview(buffer).cast("B")
        view[:count] = bytes(count)
        head = self.head[start : start + count]
        view[: len(head)] = head
        self.served += count
        return count


def _stdin(monkeypatch: pytest.MonkeyPatch, raw: io.RawIOBase) -> None:
    fake = io.TextIOWrapper(io.BufferedReader(raw))
    monkeypatch.setattr(sys, "stdin", fake)


def test_an_xg_match_on_stdin_reads_as_the_same_file(monkeypatch: pytest.MonkeyPatch) -> None:
    data = b.archive([("temp.xg", b.match_header() + b.game_header() + b.footer((1, 0), 1, 1, 1))])
    from_bytes = list(read_path(data))
    _stdin(monkeypatch, io.BytesIO(data))
    from_stdin = list(read_path(InputFile("<stdin>", None)))
    assert from_stdin[0].players == from_bytes[0].players
    assert len(from_stdin[0].games) == 1
    assert [d.code for d in from_stdin[0].diagnostics] == [
        d.code for d in from_bytes[0].diagnostics
    ]


def test_a_huge_binary_stdin_is_refused_without_holding_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A gigabyte of XG-looking bytes on stdin: P004 once past the cap (32 MB here), having
    read just past the cap and held far less than it in memory at any time."""
    cap = 32 << 20
    monkeypatch.setattr(inputs, "MAX_STREAM_BINARY", cap)
    raw = Endless(XG_MAGIC, 1 << 30)
    _stdin(monkeypatch, raw)
    tracemalloc.start()
    try:
        [failure] = list(read_path(InputFile("<stdin>", None)))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [(d.code, d.message) for d in failure.diagnostics] == [
        ("P004", "<stdin>: a xg stream over 32 MB: give a file")
    ]
    assert failure.games == ()
    assert cap < raw.served <= cap + 4 * inputs.SNIFF_BYTES
    assert peak < cap // 2  # the spool holds at most WHOLE_BYTES (4 MB) in memory
