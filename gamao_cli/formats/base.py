"""What every format module provides, and the registry entry describing it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import BinaryIO, TextIO

from gamao_cli.model.match import Match

Reader = Callable[[TextIO, str], Iterator[Match]]
"""``read(stream, filename)`` yields the matches of a text stream one at a time.

Content problems never raise: they become ``Match.diagnostics`` (with file:line:column) and
the reader resynchronises at the next game or match. A stream holding nothing readable
yields one ``Match`` with no games and an error diagnostic, so nothing is lost silently.
"""

BinaryReader = Callable[[BinaryIO, str], Iterator[Match]]
"""``read_binary(stream, filename)`` yields the matches of a binary format (XG, BGBlitz).

``stream`` is seekable and positioned at 0. The same contract as :data:`Reader`: problems
become diagnostics naming the file and the byte offset, never exceptions, and memory stays
bounded whatever the input claims about itself (sizes, compressed lengths).
"""

LineReader = Callable[[TextIO, str, int], Iterator[Match]]
"""A text reader told how many lines of the file come before the stream it reads."""

Writer = Callable[[Match, TextIO], None]
"""``write(match, stream)`` writes one match."""


@dataclass(frozen=True, slots=True)
class FormatInfo:
    name: str  # short name used on the command line: mat, sgf, json, jsonl
    description: str
    extensions: tuple[str, ...]  # without dots, lower case; the first is the default
    sniff: Callable[[str], bool]  # given the first few KB of decoded text
    read: Reader | None
    write: Writer | None
    many_per_file: bool = False  # whether one file holds several matches when written
    sniff_bytes: Callable[[bytes], bool] | None = None  # binary formats: given the raw head
    read_binary: BinaryReader | None = None  # binary formats: read instead of ``read``
    matches: bool = True  # False for position files: ``check`` skips them as non-match files
    # Formats whose files can be cut at match boundaries into byte ranges read on their own
    # (gamao_cli.formats.ranges): a reader given the number of lines before the range.
    read_from: LineReader | None = None
    # A format recognised but not read (no ``read``, no ``read_binary``): the one P008
    # message such an input gets (an ``N_`` template with ``{file}``): why, and what to do.
    not_read: str = ""


_READ_ANALYSIS: ContextVar[bool] = ContextVar("gamao_read_analysis", default=True)


def reads_analysis() -> bool:
    """Whether readers should read the analysis a record carries into ``Game.annotations``
    (True unless inside :func:`without_analysis`). A reader asks once, when it starts."""
    return _READ_ANALYSIS.get()


@contextmanager
def without_analysis() -> Iterator[None]:
    """Read records without their recorded analysis (``check`` does not need it, and an
    analysed gnubg SGF is mostly analysis): readers started inside leave
    ``Game.annotations`` empty and skip the analysis properties unread."""
    token = _READ_ANALYSIS.set(False)
    try:
        yield
    finally:
        _READ_ANALYSIS.reset(token)
