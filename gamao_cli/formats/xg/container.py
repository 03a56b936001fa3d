"""The XG container: the RGMH rich game header and the ZLB archive at the end of the file.

Layout (research/formats-wave2.md 9.1, all little-endian): an 8232-byte ``RGMH`` header
(version 1, four 1024-unit UTF-16 strings), an optional JPEG thumbnail, the compressed inner
files, their manifest (zlib-compressed 532-byte entries) and a 36-byte trailer at the very
end: CRC32 of everything between the content start and the trailer, file count, version
(1), manifest size, archive size, "manifest compressed" flag, 12 zero bytes. The content
starts at ``file size - 36 - manifest size - archive size``. The inner files are taken by
name from the manifest, never by position.

Files written without the archive (the BMAB corpus) hold one zlib stream of ``temp.xg``
right after the header and thumbnail: when the trailer does not validate, that stream is
tried and accepted only if it inflates completely to whole 2560-byte records.

Memory stays bounded whatever the file claims: the file is never read whole (the archive
is found from the end; only its bytes are read, in chunks), a stream is inflated with a
limit of :data:`INFLATE_RATIO` times its compressed size (at least :data:`INFLATE_FLOOR`,
at most :data:`MAX_INFLATED`), and archives or streams larger than the limits are refused
with a diagnostic.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import BinaryIO

from gamao_cli.i18n import N_
from gamao_cli.model.diagnostics import Severity

MAGIC = b"RGMH"
HEADER_SIZE = 8232
TRAILER_SIZE = 36
ENTRY_SIZE = 532
RECORD_SIZE = 2560

INFLATE_RATIO = 100
"""A stream may inflate to at most this multiple of its compressed size (real files: ~15)."""
INFLATE_FLOOR = 1 << 20
"""...or to this many bytes, whichever is larger (small streams of zero-filled records)."""
MAX_INFLATED = 64 << 20
"""The absolute cap on one inflated stream (a real 25-point match is about 5 MB)."""
MAX_ARCHIVE = 64 << 20
"""The largest archive (compressed streams and manifest) the reader accepts."""
MAX_FILES = 64
CHUNK = 1 << 16

_TRAILER = struct.Struct("<iiiiii12s")
_ENTRY_SIZES = struct.Struct("<IIIiBB")
_HEADER = struct.Struct("<4sIIqI")


@dataclass(frozen=True, slots=True)
class Problem:
    """A container problem: a diagnostic code, its severity and a message naming the offset."""

    code: str
    severity: Severity
    message: str


@dataclass(frozen=True, slots=True)
class RichHeader:
    version: int
    thumbnail_size: int
    game_name: str  # "Played on <site>" (localised)
    save_name: str  # "<p1> vs. <p2>, <n> point match<s1>-<s2>"
    level_name: str  # "Event: ... Round: ..."
    comments: str


@dataclass(frozen=True, slots=True)
class Entry:
    name: str
    size: int
    compressed_size: int
    offset: int  # from the content start
    crc: int
    stored: bool  # True: not compressed


@dataclass(slots=True)
class Archive:
    """What the container holds: the header and the inner files by name."""

    header: RichHeader | None = None
    streams: dict[str, bytes] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    bare: bool = False  # the bare layout (no ZLB archive)

    def problem(self, code: str, severity: Severity, message: str) -> None:
        self.problems.append(Problem(code, severity, message))


def utf16_field(data: bytes, offset: int, units: int) -> str:
    """A fixed UTF-16LE field up to its first NUL code unit (surrogate pairs kept)."""
    raw = data[offset : offset + 2 * units]
    end = 0
    while end + 1 < len(raw) and (raw[end] or raw[end + 1]):
        end += 2
    return raw[:end].decode("utf-16-le", errors="replace")


def read_rich_header(data: bytes) -> RichHeader:
    """The RGMH header from its first 8232 bytes (the magic is checked by the caller)."""
    _magic, version, _size, _thumb_offset, thumb_size = _HEADER.unpack_from(data, 0)
    return RichHeader(
        version,
        thumb_size,
        utf16_field(data, 40, 1024),
        utf16_field(data, 2088, 1024),
        utf16_field(data, 4136, 1024),
        utf16_field(data, 6184, 1024),
    )


def open_archive(stream: BinaryIO, wanted: tuple[str, ...]) -> Archive:
    """The rich header and the inner files named in ``wanted`` that the file holds."""
    out = Archive()
    size = stream.seek(0, 2)
    stream.seek(0)
    head = stream.read(HEADER_SIZE)
    if len(head) < 8 or head[:4] != MAGIC:
        out.problem("P401", Severity.ERROR, N_("byte 0: no RGMH magic: not an eXtreme Gammon file"))
        return out
    if len(head) < HEADER_SIZE:
        out.problem(
            "P402",
            Severity.ERROR,
            N_("byte {at}: the file ends inside the {size}-byte rich game header").format(
                at=len(head), size=HEADER_SIZE
            ),
        )
        return out
    header = read_rich_header(head)
    out.header = header
    if header.version != 1:
        out.problem(
            "P401",
            Severity.ERROR,
            N_("byte 4: rich game header version {version}, not 1").format(version=header.version),
        )
        return out
    entries = _manifest(stream, size, out)
    if entries is None:
        _bare(stream, size, header, out)
        return out
    start, listed = entries
    for entry in listed:
        if entry.name in wanted and entry.name not in out.streams:
            data = _entry_data(stream, start, entry, out)
            if data is not None:
                out.streams[entry.name] = data
    if "temp.xg" not in out.streams and not any(e.name == "temp.xg" for e in listed):
        out.problem(
            "P407",
            Severity.ERROR,
            N_("byte {start}: the archive holds no temp.xg").format(start=start),
        )
    return out


def _manifest(stream: BinaryIO, size: int, out: Archive) -> tuple[int, list[Entry]] | None:
    """The content start and the manifest entries, or None when there is no valid trailer."""
    if size >= HEADER_SIZE + TRAILER_SIZE:
        stream.seek(size - TRAILER_SIZE)
        trailer = stream.read(TRAILER_SIZE)
    else:
        trailer = bytes(TRAILER_SIZE)
    crc, count, version, reg_size, arc_size, compressed, tail = _TRAILER.unpack(trailer)
    start = size - TRAILER_SIZE - reg_size - arc_size
    valid = (
        size >= HEADER_SIZE + TRAILER_SIZE
        and version == 1
        and 0 < count <= MAX_FILES
        and compressed in (0, 1)
        and tail == bytes(12)
        and reg_size > 0
        and arc_size >= 0
        and start >= HEADER_SIZE
    )
    if not valid:
        out.problem(
            "P403",
            Severity.WARNING,
            N_(
                "byte {at}: no valid ZLB archive trailer; reading the bare layout (one zlib "
                "stream after the header)"
            ).format(at=max(size - TRAILER_SIZE, 0)),
        )
        return None
    if reg_size + arc_size > MAX_ARCHIVE:
        out.problem(
            "P411",
            Severity.ERROR,
            N_("byte {at}: an archive of {size} bytes is over the {limit} MB limit").format(
                at=start, size=reg_size + arc_size, limit=MAX_ARCHIVE >> 20
            ),
        )
        return start, []
    # The archive CRC covers the streams and the manifest; read in chunks.
    stream.seek(start)
    actual = 0
    for chunk in _chunks(stream, reg_size + arc_size):
        actual = zlib.crc32(chunk, actual)
    if actual != crc & 0xFFFFFFFF:
        out.problem(
            "P404",
            Severity.WARNING,
            N_(
                "byte {at}: archive CRC32 {crc} does not match the bytes from {start} ({actual}): "
                "the file is damaged"
            ).format(
                at=size - TRAILER_SIZE,
                crc=f"{crc & 0xFFFFFFFF:08x}",
                start=start,
                actual=f"{actual:08x}",
            ),
        )
    stream.seek(start + arc_size)
    manifest = stream.read(reg_size)
    if compressed:
        manifest_data, problem = inflate(manifest, start + arc_size, ENTRY_SIZE * MAX_FILES)
        if manifest_data is None:
            out.problems.append(problem or _unreadable_manifest(start + arc_size))
            return start, []
        manifest = manifest_data
    if len(manifest) < ENTRY_SIZE * count:
        out.problems.append(_unreadable_manifest(start + arc_size))
        count = len(manifest) // ENTRY_SIZE
    entries: list[Entry] = []
    for i in range(count):
        base = i * ENTRY_SIZE
        name_len = manifest[base]
        name = manifest[base + 1 : base + 1 + min(name_len, 255)].decode("latin-1")
        usize, csize, offset, ecrc, status, _level = _ENTRY_SIZES.unpack_from(manifest, base + 512)
        if offset + csize > arc_size or status not in (0, 1):
            out.problem(
                "P406",
                Severity.ERROR,
                N_(
                    "byte {at}: manifest entry {name} names bytes {first}..{last} outside the "
                    "{size}-byte archive"
                ).format(
                    at=start + arc_size + base,
                    name=repr(name),
                    first=offset,
                    last=offset + csize,
                    size=arc_size,
                ),
            )
            continue
        entries.append(Entry(name, usize, csize, offset, ecrc & 0xFFFFFFFF, status == 1))
    return start, entries


def _unreadable_manifest(offset: int) -> Problem:
    return Problem(
        "P406",
        Severity.ERROR,
        N_("byte {at}: the archive's file list is unreadable").format(at=offset),
    )


def _entry_data(stream: BinaryIO, start: int, entry: Entry, out: Archive) -> bytes | None:
    at = start + entry.offset
    stream.seek(at)
    if entry.stored:
        data: bytes | None = stream.read(entry.compressed_size)
    else:  # inflated as it is read: the compressed bytes are never held whole
        chunks = _chunks(stream, entry.compressed_size)
        data, problem = inflate_chunks(chunks, at, entry.name, _limit(entry.compressed_size))
        if data is None:
            if problem is not None:
                out.problems.append(problem)
            return None
    assert data is not None
    if len(data) != entry.size:
        out.problem(
            "P410",
            Severity.WARNING,
            N_("byte {at}: {name} inflates to {size} bytes, its manifest entry says {said}").format(
                at=at, name=entry.name, size=len(data), said=entry.size
            ),
        )
    actual = zlib.crc32(data)
    if actual != entry.crc:
        out.problem(
            "P405",
            Severity.WARNING,
            N_("byte {at}: {name} CRC32 {actual} is not the {crc} its manifest entry gives").format(
                at=at, name=entry.name, actual=f"{actual:08x}", crc=f"{entry.crc:08x}"
            ),
        )
    return data


def _limit(compressed: int) -> int:
    return min(MAX_INFLATED, max(INFLATE_FLOOR, INFLATE_RATIO * compressed))


def inflate(
    raw: bytes, offset: int, limit: int, what: str = "stream"
) -> tuple[bytes | None, Problem | None]:
    """Inflate one zlib stream held in memory, never producing more than ``limit`` bytes.

    Returns the data, or None and the problem (corrupt, cut short, over the limit).
    """
    return inflate_chunks(iter((raw,)), offset, what, limit)


def inflate_chunks(
    chunks: Iterator[bytes], offset: int, what: str, limit: int | None = None
) -> tuple[bytes | None, Problem | None]:
    """Inflate one zlib stream fed in chunks (see :func:`inflate`). Without ``limit`` the
    limit grows with the bytes consumed (:data:`INFLATE_RATIO`, floor and cap)."""
    inflater = zlib.decompressobj()
    parts: list[bytes] = []
    total = 0
    consumed = 0
    try:
        for chunk in chunks:
            consumed += len(chunk)
            cap = limit if limit is not None else _limit(consumed)
            data = chunk
            while data and not inflater.eof:
                piece = inflater.decompress(data, cap + 1 - total)
                parts.append(piece)
                total += len(piece)
                if total > cap:
                    return None, Problem(
                        "P409",
                        Severity.ERROR,
                        N_(
                            "byte {at}: {what} inflates past {cap} bytes (the reader's limit for "
                            "{consumed} compressed bytes): refused"
                        ).format(at=offset, what=what, cap=cap, consumed=consumed),
                    )
                data = inflater.unconsumed_tail
            if inflater.eof:
                break
    except zlib.error as exc:
        return None, Problem(
            "P408",
            Severity.ERROR,
            N_("byte {at}: {what} is not a valid zlib stream ({why})").format(
                at=offset, what=what, why=exc
            ),
        )
    if not inflater.eof:
        return None, Problem(
            "P408",
            Severity.ERROR,
            N_("byte {at}: {what} ends before its zlib stream does (truncated)").format(
                at=offset + consumed, what=what
            ),
        )
    return b"".join(parts), None


def _chunks(stream: BinaryIO, length: int) -> Iterator[bytes]:
    while length > 0:
        chunk = stream.read(min(CHUNK, length))
        if not chunk:
            return
        length -= len(chunk)
        yield chunk


def _bare(stream: BinaryIO, size: int, header: RichHeader, out: Archive) -> None:
    """The BMAB layout: one zlib stream of ``temp.xg`` after the header and thumbnail."""
    at = HEADER_SIZE + header.thumbnail_size
    if header.thumbnail_size < 0 or at >= size:
        at = HEADER_SIZE
    out.bare = True
    stream.seek(at)
    data, problem = inflate_chunks(_chunks(stream, min(size - at, MAX_ARCHIVE)), at, "temp.xg")
    if data is None:
        if problem is not None:
            out.problems.append(problem)
        return
    if not data or len(data) % RECORD_SIZE:
        out.problem(
            "P408",
            Severity.ERROR,
            N_(
                "byte {at}: the stream after the header inflates to {count} bytes, not whole "
                "{record}-byte records"
            ).format(at=at, count=len(data), record=RECORD_SIZE),
        )
        return
    out.streams["temp.xg"] = data
