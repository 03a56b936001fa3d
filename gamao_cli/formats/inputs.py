"""Finding input files and reading them as matches, whatever is wrong with them.

:func:`iter_input_files` expands the paths given on a command line: directories are walked
recursively in sorted order (hidden entries skipped, the extension filter applied), files
named explicitly are always taken, ``-`` is standard input. A file named more than once (the
same path twice, a folder and a file in it, a symlink and its target: the same device and
inode) is taken once, where first named; :class:`Repeats` counts the names dropped (standard
input is never one of them). :func:`read_path` opens one
input, finds its format (content first, then extension) and yields its matches.

Nothing here raises for a bad input: a missing file, a directory given as a file, an
unreadable, binary, empty or unrecognised file yields one :class:`Match` with no games and
an error :class:`Diagnostic` (a code from :data:`INPUT_CODES`) naming the file.

Paths are shown relative to the current directory when the file is under it, otherwise as
given, so output does not depend on where the tree was checked out.
"""

from __future__ import annotations

import io
import os
import stat
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, TYPE_CHECKING, BinaryIO, TextIO, cast

from gamao_cli.formats import registry
from gamao_cli.formats.base import FormatInfo
from gamao_cli.formats.textio import (
    SNIFF_BYTES,
    WHOLE_BYTES,
    decode_head,
    decode_whole,
    detect_encoding,
    looks_binary,
    text_stream,
)
from gamao_cli.i18n import N_
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.location import Location
from gamao_cli.model.match import Match

if TYPE_CHECKING:  # byte ranges: imported where a file is cut (a distributed run's inputs)
    from gamao_cli.formats.ranges import ByteRange

STDIN = "-"
STDIN_NAME = "<stdin>"

INPUT_CODES: dict[str, str] = {
    "P001": "input file not found",
    "P002": "input is a directory where a file was expected",
    "P003": "permission denied reading the input",
    "P004": "input could not be read (I/O error)",
    "P005": "input is empty",
    "P006": "input is binary, not text",
    "P007": "format not recognised (neither by content nor by extension)",
    "P008": "the format is recognised but not read (gnubg's `export match text` listing)",
    "P009": "the reader failed unexpectedly on this input (a gamao bug; please report it)",
    "P010": "a file found in a directory is not a match file (no match format's extension "
    "and content that is not a match, a position file, another game's SGF, a JSON document "
    "that is not a match): skipped",
    "P011": "input is a named pipe, socket or device, not a file: not read",
}

INPUT_SEVERITIES: dict[str, Severity] = {"P010": Severity.WARNING}
"""The input codes whose diagnostics are not errors (the rest are)."""


@dataclass(frozen=True, slots=True)
class InputFile:
    """One input: ``name`` as shown in output; ``path`` to open (None for standard input);
    ``span``: only this byte range of the file (:mod:`gamao_cli.formats.ranges`)."""

    name: str
    path: Path | None
    explicit: bool = True
    span: ByteRange | None = None

    @property
    def is_stdin(self) -> bool:
        return self.path is None


def display_path(path: str | os.PathLike[str]) -> str:
    """``path`` relative to the current directory when it is under it, else as given."""
    text = os.fspath(path)
    try:
        cwd = Path.cwd()
        absolute = Path(os.path.abspath(text))
        relative = absolute.relative_to(cwd)
    except (OSError, ValueError):
        return text
    return relative.as_posix() if str(relative) != "." else "."


def _wanted(name: str, extensions: frozenset[str]) -> bool:
    suffix = Path(name).suffix.lower().lstrip(".")
    return suffix in extensions


def _walk(
    root: Path, shown: str, extensions: frozenset[str], seen: set[str]
) -> Iterator[InputFile]:
    """Files under ``root`` depth-first, entries of each directory sorted by name."""
    try:
        real = os.path.realpath(root)
        if real in seen:
            return  # a symlink loop
        seen.add(real)
        entries = sorted(os.scandir(root), key=lambda e: e.name)
    except OSError:
        yield InputFile(shown, root)
        return
    for entry in entries:
        if entry.name.startswith("."):
            continue
        child = root / entry.name
        child_shown = f"{shown.rstrip('/')}/{entry.name}" if shown != "." else entry.name
        try:
            is_dir = entry.is_dir()
        except OSError:
            is_dir = False
        if is_dir:
            yield from _walk(child, child_shown, extensions, seen)
        elif _wanted(entry.name, extensions):
            yield InputFile(child_shown, child, explicit=False)


class Repeats:
    """The files of a run named so far, so that each is read once: :meth:`first` is False for
    a file named before (the same device and inode; for a path that cannot be stat'ed, the
    same real path), and ``dropped`` counts those. Standard input and byte ranges are always
    first."""

    __slots__ = ("_seen", "dropped")

    def __init__(self) -> None:
        self._seen: set[tuple[int, int] | str] = set()
        self.dropped = 0

    def first(self, item: InputFile) -> bool:
        if item.path is None or item.span is not None:
            return True
        key: tuple[int, int] | str
        try:
            info = os.stat(item.path)
            key = (info.st_dev, info.st_ino)
        except (OSError, ValueError):
            key = os.path.realpath(item.path)
        if key in self._seen:
            self.dropped += 1
            return False
        self._seen.add(key)
        return True


def iter_input_files(
    paths: Sequence[str],
    extensions: set[str] | frozenset[str] | None = None,
    repeats: Repeats | None = None,
) -> Iterator[InputFile]:
    """The input files named by ``paths``, in order; directories expanded recursively.

    ``extensions`` (lower case, no dots) filters files found inside directories; None means
    every extension of a known format (:func:`registry.extensions`). Files named explicitly
    are always taken, whatever their name; paths that do not exist are passed on too, so
    that :func:`read_path` reports them. A file named again is left out (``repeats``, shared
    by the calls of one run, counts them; a fresh one by default).
    """
    repeats = Repeats() if repeats is None else repeats
    for item in _expand(paths, extensions):
        if repeats.first(item):
            yield item


def _expand(
    paths: Sequence[str], extensions: set[str] | frozenset[str] | None
) -> Iterator[InputFile]:
    wanted = frozenset(
        e.lower().lstrip(".")
        for e in (extensions if extensions is not None else registry.extensions())
    )
    for given in paths:
        if given == STDIN:
            yield InputFile(STDIN_NAME, None)
            continue
        path = Path(given)
        shown = display_path(given)
        if path.is_dir():
            yield from _walk(path, shown, wanted, set())
        else:
            yield InputFile(shown, path)


def _failure(name: str, code: str, message: str) -> Match:
    return Match(
        players=("", ""),
        length=0,
        games=(),
        location=Location(name),
        diagnostics=(Diagnostic(code, Severity.ERROR, message, Location(name)),),
    )


_SPECIAL_KINDS = (
    (stat.S_ISFIFO, N_("a named pipe")),
    (stat.S_ISSOCK, N_("a socket")),
    (stat.S_ISCHR, N_("a character device")),
    (stat.S_ISBLK, N_("a block device")),
)


def special_file(name: str, mode: int) -> Match | None:
    """P011 for a file whose ``mode`` (of :func:`os.stat`) is not a regular file or a
    directory: a named pipe, socket or device is never opened (reading one can wait forever)."""
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    kind = next((k for test, k in _SPECIAL_KINDS if test(mode)), N_("not a regular file"))
    return _failure(
        name,
        "P011",
        N_("{file}: {kind}, not a file: not read").format(file=name, kind=kind),
    )


def _open(source: InputFile) -> tuple[BinaryIO | None, Match | None]:
    """The opened binary stream (unbuffered for a file), or a failure match. A named pipe,
    socket or device is refused before it is opened (:func:`special_file`), and opened
    without blocking in case it appeared since: it is refused then too."""
    name = source.name
    if source.path is None:
        return sys.stdin.buffer, None
    try:
        refused = special_file(name, os.stat(source.path).st_mode)
        if refused is not None:
            return None, refused
        fd = os.open(source.path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        try:
            refused = special_file(name, os.fstat(fd).st_mode)
        except OSError:
            os.close(fd)
            raise
        if refused is not None:
            os.close(fd)
            return None, refused
        return open(fd, "rb", buffering=0), None  # read_path closes it
    except FileNotFoundError:
        return None, _failure(name, "P001", N_("{file}: no such file").format(file=name))
    except IsADirectoryError:
        return None, _failure(name, "P002", N_("{file}: is a directory").format(file=name))
    except PermissionError:
        return None, _failure(name, "P003", N_("{file}: permission denied").format(file=name))
    except OSError as exc:
        return None, _failure(
            name,
            "P004",
            N_("{file}: cannot open: {error}").format(file=name, error=exc.strerror or exc),
        )


Source = InputFile | str | os.PathLike[str] | bytes | bytearray | memoryview | BinaryIO
"""What :func:`read_path` accepts: a path (str or PathLike), the bytes of a file, an open
binary file, or an :class:`InputFile` (as :func:`iter_input_files` makes them)."""

MAX_STREAM_BINARY = 128 << 20
"""A binary format read from a non-seekable stream (standard input) is copied into a
temporary file (held in memory up to :data:`WHOLE_BYTES`, on disk past that, like a file's
bytes are) up to this size, more than any binary reader accepts from a file (an ``.xg``
archive is at most 64 MB, a ``.bgf`` 16 MB); a longer one is refused with P004."""


def read_path(source: Source, fmt: FormatInfo | None = None) -> Iterator[Match]:
    """The matches of one input; ``fmt`` forces a format instead of detecting it.

    ``source`` is a path (``read_path("m.mat")``), bytes, an open binary file or an
    :class:`InputFile`. A regular file of at most :data:`WHOLE_BYTES` is read and decoded in
    one piece (most match files are a few kilobytes: this is cheaper than a text stream over
    them); standard input, other special files and larger files are decoded as they are
    read. The matches are the same either way.
    """
    if isinstance(source, (bytes, bytearray, memoryview)):
        yield from _read_bytes(InputFile("<bytes>", None), bytes(source), fmt)
        return
    if not isinstance(source, (InputFile, str, os.PathLike)):
        yield from _read_binary_object(source, fmt)
        return
    if not isinstance(source, InputFile):
        source = InputFile(display_path(source), Path(os.fspath(source)))
    if source.span is not None and source.path is not None:
        yield from _read_range(source, source.path, source.span, fmt)
        return
    raw, failure = _open(source)
    if failure is not None or raw is None:
        yield failure or _failure(
            source.name, "P004", N_("{file}: cannot open").format(file=source.name)
        )
        return
    try:
        whole = _whole_file(source, raw)
        if isinstance(whole, Match):
            yield whole
        elif whole is not None:
            yield from _read_bytes(source, whole, fmt)
        else:
            yield from _read_open(source, raw, fmt)
    finally:
        if source.path is not None:
            raw.close()


def _read_range(
    source: InputFile, path: Path, span: ByteRange, fmt: FormatInfo | None
) -> Iterator[Match]:
    """The matches of a byte range of a file (its format told by the file's head)."""
    try:
        with path.open("rb") as fh:
            head = fh.read(SNIFF_BYTES)
        found = _format_of(source, head, fmt)
        if isinstance(found, Match):
            yield found
            return
        info = found[0]
        if info.read_from is None:
            raise OSError(f"the {info.name} format cannot be read in byte ranges")
        from gamao_cli.formats.ranges import read_range_text

        text = read_range_text(path, span)
    except OSError as exc:
        name = source.name
        yield _failure(
            name,
            "P004",
            N_("{file}: read error: {error}").format(file=name, error=exc.strerror or exc),
        )
        return
    yield from _matches(info, io.StringIO(text), source.name, span.first_line)


def split_inputs(items: Sequence[InputFile], size: int) -> list[InputFile]:
    """``items`` with every file larger than ``size`` bytes whose format can be split
    (:mod:`gamao_cli.formats.ranges`) replaced by its byte ranges, in order."""
    out: list[InputFile] = []
    for item in items:
        ranges: tuple[ByteRange, ...] = ()
        if item.path is not None and item.span is None:
            try:
                info = os.stat(item.path)
                if stat.S_ISREG(info.st_mode) and info.st_size > size:
                    with item.path.open("rb") as fh:
                        found = _format_of(item, fh.read(SNIFF_BYTES), None)
                    if not isinstance(found, Match) and found[0].read_from is not None:
                        from gamao_cli.formats.ranges import split_file

                        ranges = split_file(item.path, found[0].name, size)
            except OSError:
                ranges = ()
        if len(ranges) > 1:
            out.extend(replace(item, span=span) for span in ranges)
        else:
            out.append(item)
    return out


def _whole_file(source: InputFile, raw: BinaryIO) -> bytes | Match | None:
    """The bytes of a small regular file, a failure match if reading it failed, or None for
    an input to read as a stream."""
    if source.path is None:
        return None
    try:
        info = os.fstat(raw.fileno())
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_size > WHOLE_BYTES:
        return None
    try:
        return raw.read()
    except OSError as exc:
        name = source.name
        return _failure(
            name,
            "P004",
            N_("{file}: read error: {error}").format(file=name, error=exc.strerror or exc),
        )


def _read_binary_object(stream: BinaryIO, fmt: FormatInfo | None) -> Iterator[Match]:
    """An open binary file given by a library user: read whole (it is the caller's to close)."""
    name = getattr(stream, "name", None)
    shown = display_path(name) if isinstance(name, str) and name else "<stream>"
    try:
        data = stream.read()
    except OSError as exc:
        yield _failure(
            shown,
            "P004",
            N_("{file}: read error: {error}").format(file=shown, error=exc.strerror or exc),
        )
        return
    if isinstance(data, str):  # a text stream passed where a binary one was expected
        data = data.encode("utf-8")
    yield from _read_bytes(InputFile(shown, None), bytes(data), fmt)


def _read_bytes(source: InputFile, data: bytes, fmt: FormatInfo | None) -> Iterator[Match]:
    found = _format_of(source, data[:SNIFF_BYTES], fmt)
    if isinstance(found, Match):
        yield found
        return
    info, encoding = found
    if info.read_binary is not None:
        yield from _binary_matches(info, io.BytesIO(data), source.name)
        return
    yield from _matches(info, io.StringIO(decode_whole(data, encoding)), source.name)


def _read_open(source: InputFile, raw: BinaryIO, fmt: FormatInfo | None) -> Iterator[Match]:
    buffered = io.BufferedReader(cast(io.RawIOBase, raw), buffer_size=SNIFF_BYTES)
    try:
        yield from _read_buffered(source, buffered, fmt)
    finally:
        if source.path is None:
            buffered.detach()  # leave standard input open


def _read_buffered(
    source: InputFile, buffered: io.BufferedReader[io.RawIOBase], fmt: FormatInfo | None
) -> Iterator[Match]:
    name = source.name
    try:
        head = buffered.peek(SNIFF_BYTES)[:SNIFF_BYTES]
    except IsADirectoryError:
        yield _failure(name, "P002", N_("{file}: is a directory").format(file=name))
        return
    except OSError as exc:
        yield _failure(
            name,
            "P004",
            N_("{file}: read error: {error}").format(file=name, error=exc.strerror or exc),
        )
        return
    found = _format_of(source, head, fmt)
    if isinstance(found, Match):
        yield found
        return
    if found[0].read_binary is not None:
        yield from _read_binary_stream(source, buffered, found[0])
        return
    stream, _encoding = text_stream(buffered)
    try:
        yield from _matches(found[0], stream, name)
    finally:
        if isinstance(stream, io.TextIOWrapper):
            stream.detach()  # the caller owns the underlying streams


def _format_of(
    source: InputFile, head: bytes, fmt: FormatInfo | None
) -> tuple[FormatInfo, str] | Match:
    """The format and encoding of an input from its first bytes, or a failure match (empty,
    binary, unrecognised or unreadable input)."""
    name = source.name
    if not head:
        return _failure(name, "P005", N_("{file}: empty input").format(file=name))
    if fmt is not None and fmt.read_binary is not None:
        return fmt, ""
    binary = registry.detect_binary(head, name) if fmt is None else None
    if binary is not None:
        return binary, ""
    # A file named on the command line, or found by walking a directory with an extension
    # only match formats use (.mat, .xg, ...), may be recognised by its extension; another
    # one found in a directory must look like a match file (a .txt beside them may be
    # anything). So a damaged match file is reported alike, named or found.
    by_name = source.path is not None and (source.explicit or registry.has_match_extension(name))
    if looks_binary(head):
        owner = registry.by_extension(name) if by_name and fmt is None else None
        if owner is not None and owner.read_binary is not None:
            return owner, ""  # its reader says what is wrong, and where (a damaged .xg)
        return _failure(name, "P006", N_("{file}: binary data, not a match file").format(file=name))
    encoding = detect_encoding(head)
    info = fmt or registry.detect(decode_head(head, encoding), source.name if by_name else "")
    if info is None:
        known = ", ".join(registry.readable_names())
        return _failure(
            name,
            "P007",
            N_("{file}: not a known match format ({known})").format(file=name, known=known),
        )
    if info.read is None and info.read_binary is None:
        message = (
            info.not_read.format(file=name)
            if info.not_read
            else N_("{file}: the {format} format cannot be read").format(
                file=name, format=info.name
            )
        )
        return _failure(name, "P008", message)
    return info, encoding


def _read_binary_stream(
    source: InputFile, buffered: io.BufferedReader[io.RawIOBase], info: FormatInfo
) -> Iterator[Match]:
    """A binary format from a large file (read in place: it is seekable) or from a stream
    (copied to a temporary file up to :data:`MAX_STREAM_BINARY`: memory stays bounded as for a
    file)."""
    name = source.name
    if source.path is not None and buffered.seekable():
        buffered.seek(0)
        yield from _binary_matches(info, cast(BinaryIO, buffered), name)
        return
    with tempfile.SpooledTemporaryFile(max_size=WHOLE_BYTES) as spool:
        try:
            size = _spool(buffered, spool, MAX_STREAM_BINARY + 1)
        except OSError as exc:
            yield _failure(
                name,
                "P004",
                N_("{file}: read error: {error}").format(file=name, error=exc.strerror or exc),
            )
            return
        if size > MAX_STREAM_BINARY:
            limit = MAX_STREAM_BINARY >> 20
            yield _failure(
                name,
                "P004",
                N_("{file}: a {format} stream over {limit} MB: give a file").format(
                    file=name, format=info.name, limit=limit
                ),
            )
            return
        spool.seek(0)
        yield from _binary_matches(info, cast(BinaryIO, spool), name)


def _spool(source: io.BufferedReader[io.RawIOBase], spool: IO[bytes], most: int) -> int:
    """Copy at most ``most`` bytes of ``source`` into ``spool`` a block at a time; the count."""
    size = 0
    while size < most:
        block = source.read(min(SNIFF_BYTES, most - size))
        if not block:
            break
        spool.write(block)
        size += len(block)
    return size


def _binary_matches(info: FormatInfo, stream: BinaryIO, name: str) -> Iterator[Match]:
    """The matches of a binary format's reader; a reader that raises (a bug) ends the input
    with a P009 failure instead of a traceback."""
    assert info.read_binary is not None
    try:
        for match in info.read_binary(stream, name):
            yield match if match.source_format else _with_format(match, info.name)
    except Exception as exc:  # a reader must not raise; this keeps one bug from ending a batch
        yield _reader_failed(name, info, exc)


def _matches(
    info: FormatInfo, stream: TextIO, name: str, first_line: int | None = None
) -> Iterator[Match]:
    """The matches ``info``'s reader reads from ``stream`` (with ``first_line``: a byte range
    of the file, after that many lines); a reader that raises (a bug) ends the input with a
    P009 failure instead of a traceback."""
    assert info.read is not None
    try:
        if first_line is None:
            found = info.read(stream, name)
        else:
            assert info.read_from is not None
            found = info.read_from(stream, name, first_line)
        for match in found:
            yield match if match.source_format else _with_format(match, info.name)
    except Exception as exc:  # a reader must not raise; this keeps one bug from ending a batch
        yield _reader_failed(name, info, exc)


def _reader_failed(name: str, info: FormatInfo, exc: Exception) -> Match:
    """P009: a reader raised (a bug): the input ends here, with the error named."""
    message = N_("{file}: the {format} reader failed: {error}").format(
        file=name, format=info.name, error=f"{type(exc).__name__}: {exc}"
    )
    return _failure(name, "P009", message)


def _with_format(match: Match, name: str) -> Match:
    return replace(match, source_format=name)


def is_match_record(match: Match) -> bool:
    """Whether ``match`` is a match with games, not a position file's position or a file
    from which nothing was read."""
    return bool(match.games) and not registry.is_position_format(match.source_format)
