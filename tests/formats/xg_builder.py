"""A small test-side encoder of XG files: records, the ZLB archive and the RGMH header.

Tests only (the runtime never writes XG). Offsets as in research/formats-wave2.md 9.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence

R = 2560
STANDARD = (0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0)


def _put(rec: bytearray, offset: int, data: bytes) -> None:
    rec[offset : offset + len(data)] = data


def _pascal(text: str, size: int) -> bytes:
    raw = text.encode("cp1252")[:size]
    return bytes((len(raw),)) + raw


def _utf16(text: str) -> bytes:
    return text.encode("utf-16-le") + b"\0\0"


def _record(kind: int) -> bytearray:
    rec = bytearray(R)
    rec[0:8] = b"\x78\x56\x34\x12\x21\x43\x65\x87"  # stale heap pointers
    rec[8] = kind
    return rec


def match_header(
    players: tuple[str, str] = ("Alice", "Bob"),
    length: int = 7,
    variation: int = 0,
    crawford: bool = True,
    jacoby: bool = False,
    beaver: bool = False,
    version: int = 30,
    cube_limit: int = 10,
    event: str = "",
    location: str = "",
    round_: str = "",
    transcriber: str = "",
    date: float = 0.0,
    unicode_names: tuple[bytes, bytes] | None = None,
    comments: tuple[int, int] = (-1, -1),
    magic: bytes = b"DMLI",
) -> bytes:
    rec = _record(0)
    _put(rec, 9, _pascal(players[0], 40))
    _put(rec, 50, _pascal(players[1], 40))
    _put(rec, 92, struct.pack("<ii4B", length, variation, crawford, jacoby, beaver, 0))
    _put(rec, 104, struct.pack("<dd", 1600.0, 1500.0))
    _put(rec, 128, struct.pack("<d", date))
    _put(rec, 136, _pascal(event, 128))
    _put(rec, 283, _pascal(location, 128))
    _put(rec, 417, _pascal(round_, 128))
    _put(rec, 552, struct.pack("<i", version))
    _put(rec, 556, magic)
    _put(rec, 576, struct.pack("<ii", *comments))
    _put(rec, 608, struct.pack("<ii", -1, cube_limit))
    if version >= 24:
        names = unicode_names or (_utf16(players[0]), _utf16(players[1]))
        _put(rec, 622, _utf16(event))
        _put(rec, 880, names[0])
        _put(rec, 1138, names[1])
        _put(rec, 1396, _utf16(location))
        _put(rec, 1654, _utf16(round_))
    if version >= 30:
        _put(rec, 1960, _utf16(transcriber))
    return bytes(rec)


def game_header(
    score: tuple[int, int] = (0, 0),
    number: int = 1,
    crawford: bool = False,
    position: Sequence[int] | None = None,
    comment: int = -1,
) -> bytes:
    rec = _record(1)
    _put(rec, 12, struct.pack("<ii?", score[0], score[1], crawford))
    _put(rec, 21, struct.pack("<26b", *(position or (0,) * 26)))
    _put(rec, 48, struct.pack("<ii", number, 0))
    _put(rec, 56, struct.pack("<ii", comment, -1))
    return bytes(rec)


def cube(
    actif: int,
    double: int,
    take: int = -1,
    cube_b: int = 0,
    level: int = -100,
    equities: tuple[float, float, float] = (0.0, 0.0, 0.0),
    errors: tuple[float, float] = (-1000.0, -1000.0),
    position: Sequence[int] | None = None,
    comment: int = -1,
    beaver: int = -1,
    raccoon: int = -1,
    eval7: Sequence[float] = (0.01, 0.1, 0.5, 0.5, 0.12, 0.02, 0.0),
) -> bytes:
    rec = _record(2)
    _put(rec, 12, struct.pack("<iiiiii", actif, double, take, beaver, raccoon, cube_b))
    _put(rec, 36, struct.pack("<26b", *(position or (0,) * 26)))
    _put(rec, 92, struct.pack("<i", level))
    _put(rec, 124, struct.pack("<7f3f", *eval7, *equities))
    _put(rec, 200, struct.pack("<d", errors[0]))
    _put(rec, 216, struct.pack("<d", errors[1]))
    _put(rec, 292, struct.pack("<i", comment))
    return bytes(rec)


Candidate = tuple[Sequence[int], Sequence[int], int, Sequence[float]]  # pairs, pos, level, eval


def move(
    actif: int,
    dice: tuple[int, int],
    pairs: Sequence[int],
    position_end: Sequence[int] | None = None,
    position_start: Sequence[int] | None = None,
    candidates: Sequence[Candidate] = (),
    err_move: float = -1000.0,
    err_luck: float = -1000.0,
    unused: bool = False,
    level: int = -100,
    invalid: int = 0,
    comment: int = -1,
) -> bytes:
    rec = _record(3)
    moves = list(pairs) + [-1] * (8 - len(pairs))
    _put(rec, 9, struct.pack("<26b", *(position_start or (0,) * 26)))
    _put(rec, 35, struct.pack("<26b", *(position_end or (0,) * 26)))
    _put(rec, 64, struct.pack("<i8iii", actif, *moves, *dice))
    _put(rec, 160, struct.pack("<i", level))
    _put(rec, 188, struct.pack("<i", len(candidates)))
    for i, (cpairs, pos, clevel, vector) in enumerate(candidates):
        cm = list(cpairs) + [-1] * (8 - len(cpairs))
        _put(rec, 192 + 26 * i, struct.pack("<26b", *pos))
        _put(rec, 1024 + 8 * i, struct.pack("<8b", *cm))
        _put(rec, 1280 + 4 * i, struct.pack("<hbx", clevel, 0))
        _put(rec, 1408 + 28 * i, struct.pack("<7f", *vector))
    rec[2304] = 1 if unused else 0
    _put(rec, 2312, struct.pack("<dd", err_move, err_luck))
    _put(rec, 2480, struct.pack("<i", invalid))
    _put(rec, 2524, struct.pack("<i", comment))
    return bytes(rec)


def footer(score: tuple[int, int], winner: int, points: int, termination: int) -> bytes:
    rec = _record(4)
    _put(rec, 12, struct.pack("<ii?3xiii", score[0], score[1], False, winner, points, termination))
    _put(rec, 40, struct.pack("<dd", -1000.0, -1000.0))
    return bytes(rec)


def match_footer(score: tuple[int, int], winner: int) -> bytes:
    rec = _record(5)
    _put(rec, 12, struct.pack("<iii", score[0], score[1], winner))
    return bytes(rec)


def rich_header(version: int = 1, thumbnail: int = 0, game_name: str = "Played on Test") -> bytes:
    head = bytearray(8232)
    _put(head, 0, struct.pack("<4sIIqI", b"RGMH", version, 8232, 0, thumbnail))
    _put(head, 40, _utf16(game_name))
    _put(head, 2088, _utf16("Alice vs. Bob, 7 point match"))
    return bytes(head)


def archive(
    streams: Sequence[tuple[str, bytes]],
    thumbnail: bytes = b"",
    header_version: int = 1,
    sizes: dict[str, int] | None = None,
    crcs: dict[str, int] | None = None,
    stored: Sequence[str] = (),
) -> bytes:
    """A whole .xg file: header, thumbnail, the streams (compressed unless ``stored``), the
    compressed manifest and the trailer. ``sizes``/``crcs`` override manifest values."""
    body = bytearray()
    entries = bytearray()
    for name, data in streams:
        packed = data if name in stored else zlib.compress(data, 6)
        entry = bytearray(532)
        raw = name.encode("latin-1")
        entry[0] = len(raw)
        entry[1 : 1 + len(raw)] = raw
        size = (sizes or {}).get(name, len(data))
        crc = (crcs or {}).get(name, zlib.crc32(data))
        entry[512:528] = struct.pack("<IIIi", size, len(packed), len(body), _signed(crc))
        entry[528] = 1 if name in stored else 0
        entry[529] = 6
        entry[530:532] = b"\0\0"
        body += packed
        entries += entry
    manifest = zlib.compress(bytes(entries))
    content = bytes(body) + manifest
    trailer = struct.pack(
        "<iiiiii12s",
        _signed(zlib.crc32(content)),
        len(streams),
        1,
        len(manifest),
        len(body),
        1,
        bytes(12),
    )
    return rich_header(header_version, len(thumbnail)) + thumbnail + content + trailer


def bare(temp_xg: bytes, thumbnail: bytes = b"") -> bytes:
    """The BMAB layout: header, thumbnail, one zlib stream, no archive."""
    return rich_header(1, len(thumbnail)) + thumbnail + zlib.compress(temp_xg)


def _signed(value: int) -> int:
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


def end_after(start: Sequence[int], changes: dict[int, int]) -> tuple[int, ...]:
    """A position ``start`` with ``changes`` (index: new value)."""
    cells = list(start)
    for index, value in changes.items():
        cells[index] = value
    return tuple(cells)


def flip(cells: Sequence[int]) -> tuple[int, ...]:
    """A position seen from the other side (index i <- -value[25 - i])."""
    return tuple(-cells[25 - i] for i in range(26))


def drop_game() -> bytes:
    """A short 7-point match: Alice 31 (8/5 6/5), Bob 65 (24/13 as one span), Alice
    doubles, Bob passes; Alice wins 1 point."""
    after_alice = end_after(STANDARD, {5: 2, 6: 4, 8: 2})
    bob_view = flip(after_alice)
    after_bob = end_after(bob_view, {24: 1, 13: 6})
    return b"".join(
        (
            match_header(),
            game_header(),
            cube(1, -2),
            move(1, (3, 1), (7, 4, 5, 4), position_end=after_alice, position_start=STANDARD),
            cube(-1, 0),
            move(-1, (6, 5), (23, 12), position_end=after_bob, position_start=after_alice),
            cube(1, 1, 0, level=2, equities=(0.4, 1.2, 1.0), errors=(0.0, 0.05)),
            footer((1, 0), 1, 1, 0),
            match_footer((1, 0), 1),
        )
    )
