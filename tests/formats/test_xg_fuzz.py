"""No input, however broken, makes the XG readers raise (or the replay of what they read).

Four campaigns, each with a bounded example count (1,050 inputs in all, derandomised so a run
is repeatable): random bytes behind the RGMH magic, byte-level mutations and truncations
of the real files, and mutations of the inflated record stream re-packed with valid CRCs
(so the record decoding, the move decoding and the game assembly are reached, not only
the CRC checks), for ``.xg`` and ``.xgp`` alike.
"""

from __future__ import annotations

import io
import struct
import zlib
from functools import cache

import xg_builder as b
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamao_cli.analysis.replay import replay_match
from gamao_cli.formats.xg import XG_CODES
from gamao_cli.formats.xg.container import open_archive
from gamao_cli.formats.xg.reader import read_xg, read_xgp
from gamao_cli.model.match import Match
from tests.helpers import CORPUS

XG = CORPUS / "kevung-gbf"


def _fuzz(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


@cache
def _real_files() -> tuple[bytes, ...]:
    if not XG.is_dir():
        return (b.archive([("temp.xg", b.drop_game())]),)
    return tuple(p.read_bytes() for p in sorted(XG.glob("*.xg")))


@cache
def _record_streams() -> tuple[bytes, ...]:
    out = [b.drop_game()]
    for data in _real_files()[:2]:
        archive = open_archive(io.BytesIO(data), ("temp.xg",))
        out.append(archive.streams["temp.xg"][: 60 * b.R])  # the first games: quick to pack
    return tuple(out)


def _check(data: bytes, position: bool = False) -> Match:
    reader = read_xgp if position else read_xg
    matches = list(reader(io.BytesIO(data), "fuzz.xg"))
    assert len(matches) == 1
    match = matches[0]
    for diagnostic in match.diagnostics:
        assert diagnostic.code in XG_CODES, diagnostic
        assert diagnostic.location.file == "fuzz.xg"
    if not position:
        replay_match(match)
    return match


@_fuzz(250)
@given(st.binary(max_size=12000))
def test_random_bytes_behind_the_magic(tail: bytes) -> None:
    _check(b"RGMH\x01\x00\x00\x00" + tail)


@_fuzz(200)
@given(st.data())
def test_mutated_real_files(data: st.DataObject) -> None:
    raw = bytearray(data.draw(st.sampled_from(_real_files())))
    for _ in range(data.draw(st.integers(1, 6))):
        kind = data.draw(st.sampled_from(["flip", "truncate", "trailer", "header"]))
        if not raw:
            break
        if kind == "flip":
            at = data.draw(st.integers(0, len(raw) - 1))
            raw[at] ^= data.draw(st.integers(1, 255))
        elif kind == "truncate":
            del raw[data.draw(st.integers(0, len(raw))) :]
        elif kind == "trailer" and len(raw) >= 36:  # lie in the archive record
            field = data.draw(st.integers(0, 5))
            value = data.draw(st.integers(-(2**31), 2**31 - 1))
            raw[len(raw) - 36 + 4 * field : len(raw) - 32 + 4 * field] = struct.pack("<i", value)
        elif kind == "header" and len(raw) >= 24:
            raw[20:24] = struct.pack("<i", data.draw(st.integers(-(2**31), 2**31 - 1)))
    _check(bytes(raw))


_INTERESTING = [0, 1, 2, 3, 4, 5, 6, 23, 24, 25, -1, -2, -6, -100, 99, 127, -128, 255]


@st.composite
def _mutated_records(draw: st.DrawFn) -> bytes:
    stream = bytearray(draw(st.sampled_from(_record_streams())))
    count = len(stream) // b.R
    for _ in range(draw(st.integers(1, 12))):
        kind = draw(st.sampled_from(["byte", "int", "type", "drop", "dup"]))
        index = draw(st.integers(0, count - 1))
        base = index * b.R
        if kind == "byte":
            at = base + draw(st.integers(8, b.R - 1))
            stream[at] = draw(st.sampled_from(_INTERESTING)) & 0xFF
        elif kind == "int":
            at = base + 4 * draw(st.integers(3, b.R // 4 - 1))
            value = draw(st.sampled_from([*_INTERESTING, 99999, -1000, 2**31 - 1, -(2**31)]))
            stream[at : at + 4] = struct.pack("<i", value)
        elif kind == "type":
            stream[base + 8] = draw(st.integers(0, 9))
        elif kind == "drop" and count > 1:
            del stream[base : base + b.R]
            count -= 1
        elif kind == "dup":
            stream[base:base] = stream[base : base + b.R]
            count += 1
    return bytes(stream)


@_fuzz(400)
@given(_mutated_records())
def test_mutated_records_with_valid_crcs(stream: bytes) -> None:
    _check(b.archive([("temp.xg", stream)]))


@_fuzz(200)
@given(_mutated_records(), st.binary(max_size=300))
def test_mutated_positions_and_comments(stream: bytes, xgc: bytes) -> None:
    data = b.archive([("temp.xg", stream[: 6 * b.R]), ("temp.xgc", xgc)])
    _check(data, position=True)
    _check(data)


def test_the_fuzz_sources_are_real() -> None:
    """The campaigns start from files that read cleanly."""
    for raw in _real_files():
        assert _check(raw).diagnostics == ()
    assert all(len(s) % b.R == 0 for s in _record_streams())
    assert zlib.crc32(_record_streams()[0]) == zlib.crc32(b.drop_game())
