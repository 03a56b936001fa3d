"""What every format module provides, and the registry entry describing it."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import BinaryIO, Protocol, TextIO

from gamao_cli.model.diagnostics import Diagnostic
from gamao_cli.model.match import Game, Match

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


class GameStream(Protocol):
    """A match written a game at a time (``convert`` of a match read in parts), the text the
    format's ``write`` makes of the whole match, byte for byte."""

    def game(self, game: Game, part: Match, following: Game | None) -> None:
        """Write ``game`` of ``part`` (``following``: the game after it, None for the last)."""

    def end(self, last: Match, diagnostics: Sequence[Diagnostic]) -> None:
        """The match ends (``last``: its last part; ``diagnostics``: all its parts')."""

    def close(self) -> None:
        """Free what the stream holds (called whether or not it ended)."""


StreamOpener = Callable[[Match, TextIO], "GameStream | None"]
"""A format's game-at-a-time writer for the match whose first part is given, writing to the
stream given; None when that match must be written whole (its first part tells)."""

Patcher = Callable[[bytes, Sequence[tuple[Match, Match]]], "bytes | None"]
"""A format that can write repairs into a file's own text (``gamao fix``): the file's bytes
and each (original, repaired) match, to the patched bytes, or None when they cannot all be
placed there (the writer's layout is used then)."""
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
    # Where the text sniffer runs among the others: lower first (SGF, then JSON Lines, then
    # JSON, whose sniffers are strict), higher last (the liberal .mat sniffer), else in the
    # registry's order.
    sniff_rank: int = 0
    patch: Patcher | None = None  # repairs written into the file's own text (gamao fix)
    stream: StreamOpener | None = None  # a match written a game at a time (convert)


_READ_ANALYSIS: ContextVar[bool] = ContextVar("gamao_read_analysis", default=True)
_PART_GAMES: ContextVar[int] = ContextVar("gamao_part_games", default=0)

PART_GAMES = 1000
"""Games a part of a huge match holds (:func:`in_parts`): small enough that a part's objects
are a few megabytes, large enough that a part's overhead does not show."""


def part_games() -> int:
    """How many games a reader may put in one part of a match (:attr:`Match.part`); 0: the
    match is read whole (unless inside :func:`in_parts`). A reader asks once, when it starts."""
    return _PART_GAMES.get()


@contextmanager
def in_parts(games: int | None = None) -> Iterator[None]:
    """Read matches in parts of ``games`` games (default :data:`PART_GAMES`): readers started
    inside that can (the ``.mat`` reader) yield a long match as consecutive :class:`Match`
    parts (``part`` 0, 1, ...; ``continued`` on all but the last), so that memory is bounded
    by a part, not by the match. Only for callers that put the parts together again."""
    token = _PART_GAMES.set(PART_GAMES if games is None else games)
    try:
        yield
    finally:
        _PART_GAMES.reset(token)


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
