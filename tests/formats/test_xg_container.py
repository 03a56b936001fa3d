"""The XG container: archive, CRCs, bare layout and hostile inputs (hand-built files)."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import pytest
import xg_builder as b

from gamao_cli.formats.inputs import read_path
from gamao_cli.formats.xg.container import (
    HEADER_SIZE,
    INFLATE_FLOOR,
    MAX_ARCHIVE,
    inflate,
    open_archive,
    utf16_field,
)
from gamao_cli.formats.xg.reader import read_xg
from gamao_cli.model.diagnostics import Severity
from gamao_cli.model.match import Match


def _read(data: bytes, name: str = "t.xg") -> Match:
    matches = list(read_xg(io.BytesIO(data), name))
    assert len(matches) == 1
    return matches[0]


def _codes(match: Match) -> list[str]:
    return [d.code for d in match.diagnostics]


def test_archive_streams_by_name_whatever_their_order() -> None:
    temp = b.drop_game()
    data = b.archive([("temp.xgi", temp[: 2 * b.R]), ("temp.xg", temp)], thumbnail=b"\xff\xd8jpeg")
    archive = open_archive(io.BytesIO(data), ("temp.xg",))
    assert archive.problems == []
    assert archive.streams == {"temp.xg": temp}
    assert archive.header is not None
    assert archive.header.thumbnail_size == 6
    assert archive.header.game_name == "Played on Test"
    assert archive.header.save_name == "Alice vs. Bob, 7 point match"
    assert not archive.bare


def test_a_clean_file_reads_without_diagnostics() -> None:
    match = _read(b.archive([("temp.xg", b.drop_game())]))
    assert match.diagnostics == ()
    assert match.players == ("Alice", "Bob")
    assert [type(a).__name__ for a in match.games[0].actions] == [
        "Move",
        "Move",
        "Double",
        "Drop",
        "Win",
    ]


def test_stored_streams_are_read_as_they_are() -> None:
    match = _read(b.archive([("temp.xg", b.drop_game())], stored=("temp.xg",)))
    assert match.diagnostics == ()
    assert len(match.games) == 1


def test_a_bad_archive_crc_is_a_warning_and_the_match_is_read() -> None:
    data = bytearray(b.archive([("temp.xg", b.drop_game())]))
    data[-36:-32] = struct.pack("<I", 0x12345678)
    match = _read(bytes(data))
    assert _codes(match) == ["P404"]
    assert match.diagnostics[0].severity is Severity.WARNING
    assert "byte " in match.diagnostics[0].message
    assert len(match.games) == 1


def test_a_bad_inner_crc_is_a_warning() -> None:
    match = _read(b.archive([("temp.xg", b.drop_game())], crcs={"temp.xg": 7}))
    assert _codes(match) == ["P405"]
    assert "00000007" in match.diagnostics[0].message
    assert len(match.games) == 1


def test_a_lying_size_field_is_reported_and_the_real_bytes_used() -> None:
    temp = b.drop_game()
    match = _read(b.archive([("temp.xg", temp)], sizes={"temp.xg": 10 * len(temp)}))
    assert _codes(match) == ["P410"]
    assert f"inflates to {len(temp)} bytes" in match.diagnostics[0].message
    assert len(match.games) == 1


def test_a_zip_bomb_is_refused_without_inflating_it() -> None:
    bomb = bytes(64 << 20)  # 64 MB of zeros compress to about 64 KB: a ratio near 1000
    data = b.archive([("temp.xg", bomb)])
    assert len(data) < 200_000
    match = _read(data)
    assert _codes(match) == ["P409"]
    assert match.games == ()
    assert "inflates past" in match.diagnostics[0].message


def test_inflate_stops_at_the_limit() -> None:
    raw = zlib.compress(bytes(INFLATE_FLOOR * 4))
    data, problem = inflate(raw, 100, INFLATE_FLOOR)
    assert data is None and problem is not None
    assert problem.code == "P409"
    assert problem.message.startswith("byte 100: ")


def test_a_corrupt_stream_is_a_diagnostic() -> None:
    data = bytearray(b.archive([("temp.xg", b.drop_game())]))
    at = HEADER_SIZE + 10
    data[at : at + 40] = bytes(40)
    match = _read(bytes(data))
    assert "P408" in _codes(match)
    assert match.games == ()


def test_wrong_magic_and_header_version() -> None:
    match = _read(b"XXXX" + bytes(9000))
    assert _codes(match) == ["P401"]
    assert match.games == () and match.diagnostics[0].severity is Severity.ERROR
    match = _read(b.archive([("temp.xg", b.drop_game())], header_version=2))
    assert _codes(match) == ["P401"]
    assert "version 2" in match.diagnostics[0].message


def test_a_named_xg_file_with_a_wrong_magic_reaches_the_xg_reader(tmp_path: Path) -> None:
    path = tmp_path / "damaged.xg"
    path.write_bytes(b"RGMX" + bytes(9000))
    (match,) = list(read_path(str(path)))
    assert _codes(match) == ["P401"]
    assert match.diagnostics[0].message == "byte 0: no RGMH magic: not an eXtreme Gammon file"
    other = tmp_path / "damaged.bin"
    other.write_bytes(b"RGMX" + bytes(9000))
    assert _codes(next(iter(read_path(str(other))))) == ["P006"]


def test_a_file_cut_inside_the_header() -> None:
    match = _read(b.rich_header()[:5000])
    assert _codes(match) == ["P402"]
    assert match.diagnostics[0].message.startswith("byte 5000: ")


def test_a_truncated_archive_falls_back_to_the_first_stream() -> None:
    """Cut anywhere after temp.xg: the trailer is gone, the bare reading still finds it."""
    temp = b.drop_game()
    whole = b.archive([("temp.xg", temp), ("temp.xgi", temp[: 2 * b.R])])
    stream_end = HEADER_SIZE + len(zlib.compress(temp, 6))
    match = _read(whole[: stream_end + 5])
    assert _codes(match) == ["P403"]
    assert len(match.games) == 1


def test_a_file_cut_inside_temp_xg_reports_where() -> None:
    whole = b.archive([("temp.xg", b.drop_game())])
    cut = HEADER_SIZE + 300
    match = _read(whole[:cut])
    assert _codes(match) == ["P403", "P408"]
    assert match.diagnostics[1].message.startswith(f"byte {cut}: ")
    assert "truncated" in match.diagnostics[1].message


def test_the_bare_layout() -> None:
    temp = b.drop_game()
    match = _read(b.bare(temp, thumbnail=b"thumb"))
    assert _codes(match) == ["P403"]
    assert match.diagnostics[0].severity is Severity.WARNING
    assert len(match.games) == 1


def test_a_bare_stream_that_is_not_whole_records_is_refused() -> None:
    match = _read(b.bare(b"x" * 1000))
    assert _codes(match) == ["P403", "P408"]
    assert "not whole 2560-byte records" in match.diagnostics[1].message


def test_a_manifest_entry_outside_the_archive() -> None:
    temp = b.drop_game()
    # a manifest entry whose start offset lies far past the archive
    packed = zlib.compress(temp, 6)
    entry = bytearray(532)
    entry[0] = 7
    entry[1:8] = b"temp.xg"
    entry[512:528] = struct.pack(
        "<IIIi", len(temp), len(packed), 10**6, b._signed(zlib.crc32(temp))
    )
    manifest = zlib.compress(bytes(entry))
    content = packed + manifest
    trailer = struct.pack(
        "<iiiiii12s", b._signed(zlib.crc32(content)), 1, 1, len(manifest), len(packed), 1, bytes(12)
    )
    match = _read(b.rich_header() + content + trailer)
    assert _codes(match) == ["P406", "P407"]


def test_an_archive_without_temp_xg() -> None:
    match = _read(b.archive([("temp.xgi", b.drop_game()[: b.R])]))
    assert _codes(match) == ["P407"]


def test_a_2_gb_file_is_located_from_the_end(tmp_path: Path) -> None:
    """A sparse 2 GB file: the archive sits at the end; only it is read."""
    tail = b.archive([("temp.xg", b.drop_game())])
    head, archive = tail[:HEADER_SIZE], tail[HEADER_SIZE:]
    path = tmp_path / "big.xg"
    size = 2 << 30
    with path.open("wb") as out:
        out.write(head)
        out.seek(size - len(archive))
        out.write(archive)
    assert path.stat().st_size == size
    match = next(iter(read_path(str(path))))
    assert match.diagnostics == ()
    assert match.source_format == "xg"
    assert len(match.games) == 1


def test_a_2_gb_file_of_nothing_is_refused_quickly(tmp_path: Path) -> None:
    path = tmp_path / "zeros.xg"
    with path.open("wb") as out:
        out.write(b.rich_header())
        out.truncate(2 << 30)
    match = next(iter(read_path(str(path))))
    assert [d.code for d in match.diagnostics] == ["P403", "P408"]
    assert match.diagnostics[1].message.startswith("byte 8232: ")


def test_an_archive_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    arc_size = MAX_ARCHIVE + 1
    trailer = struct.pack("<iiiiii12s", 0, 1, 1, 100, arc_size, 1, bytes(12))
    path = tmp_path / "huge.xg"
    with path.open("wb") as out:
        out.write(b.rich_header())
        out.seek(HEADER_SIZE + arc_size + 100)
        out.write(trailer)
    match = next(iter(read_path(str(path))))
    assert _codes(match) == ["P411", "P407"]
    assert "over the 64 MB limit" in match.diagnostics[0].message


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        ("Kévin".encode("utf-16-le") + b"\0\0junk", "Kévin"),
        ("😀x".encode("utf-16-le") + b"\0\0", "😀x"),
        (b"", ""),
    ],
)
def test_utf16_fields_end_at_the_first_nul_unit(raw: bytes, text: str) -> None:
    assert utf16_field(raw.ljust(40, b"\0"), 0, 20) == text
