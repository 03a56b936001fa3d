"""The tables of some inputs a slice at a time: memory bounded by a slice, not by the files.

:func:`table_slices` reads, replays and tabulates inputs as :func:`corpus.read_batch` does,
but a long ``.mat`` match is read in parts (:func:`gamao_cli.formats.base.in_parts`, replayed
by :meth:`MatchReplayer.run_part`) and the rows are handed on as tables of about
:data:`SLICE_GAMES` games each. The slices put one after the other are the tables
``read_batch`` makes, row for row (a match's row comes with its last part, counting all its
games); inputs whose games fit in one slice give one slice, those very tables.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from itertools import chain

from gamao_cli.analysis.corpus import _fingerprinted
from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.records import MatchReplay
from gamao_cli.analysis.replay import MatchReplayer, replay_match
from gamao_cli.analysis.summary import FileCount, FileTally, not_match_file
from gamao_cli.analysis.table_rows import add_replay, finding_row
from gamao_cli.analysis.tables import (
    CUBE_SCHEMA,
    FINDING_SCHEMA,
    GAME_SCHEMA,
    MATCH_SCHEMA,
    PLAY_SCHEMA,
    Tables,
    _columns_frame,
    _frame,
)
from gamao_cli.formats.base import PART_GAMES, in_parts
from gamao_cli.formats.inputs import InputFile, read_path
from gamao_cli.model.location import Location
from gamao_cli.model.match import Match

SLICE_GAMES = PART_GAMES
"""About how many games a slice of the tables holds (a match read whole may hold more)."""

GAMES, VERIFIED = 12, 13  # the fields of a match row counting its games (MATCH_SCHEMA)


@dataclass
class SliceRun:
    """What reading the inputs told besides the tables: each input's counts, the inputs from
    which nothing was read, and the plays replayed."""

    tallies: list[FileTally] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)
    plays: int = 0


class _Rows:
    """The rows of one slice, one list a table (plays one list a column)."""

    def __init__(self) -> None:
        self.matches: list[tuple[object, ...]] = []
        self.games: list[tuple[object, ...]] = []
        self.plays: list[list[object]] = [[] for _ in PLAY_SCHEMA]
        self.cubes: list[tuple[object, ...]] = []
        self.findings: list[tuple[object, ...]] = []

    def tables(self) -> Tables:
        return Tables(
            matches=_frame(self.matches, MATCH_SCHEMA),
            games=_frame(self.games, GAME_SCHEMA),
            plays=_columns_frame(self.plays, PLAY_SCHEMA),
            cube_actions=_frame(self.cubes, CUBE_SCHEMA),
            findings=_frame(self.findings, FINDING_SCHEMA),
        )


def empty_tables() -> Tables:
    """The five tables, no row."""
    return _Rows().tables()


def part_replays(
    item: InputFile, options: CheckOptions, count: FileCount
) -> Iterator[tuple[MatchReplay, bool]]:
    """Every match of one input replayed, as :func:`corpus.replays_of` gives them, but a long
    match read in parts gives the replay of each part: (replay, whether the match goes on in
    the next). ``count`` counts them (:mod:`summary`)."""
    first = item.span.first_match if item.span is not None else 0
    reading = read_path(item)
    # Fingerprints are of whole matches: read whole then. Readers ask when they start.
    with nullcontext() if options.fingerprints else in_parts():
        head = next(reading, None)
    index = first - 1
    replayer: MatchReplayer | None = None
    for match in chain(() if head is None else (head,), reading):
        index += 1 if match.part == 0 else 0
        note = not_match_file(item, match) if index == first and match.part == 0 else None
        if note is not None and item.span is None:
            count.skip(note)
            skipped = Match(("", ""), 0, (), location=Location(item.name), diagnostics=(note,))
            yield replay_match(skipped, options, index, item.name, ids=False), False
            return
        if match.part == 0 and not match.continued:
            if options.fingerprints:
                replay = _fingerprinted(match, options, index, item.name)
            else:
                replay = replay_match(match, options, index, item.name, ids=False)
        else:  # a long match read in parts
            if match.part == 0:
                replayer = MatchReplayer(match, options, index, item.name)
                replayer.ids = False
            assert replayer is not None
            replay = replayer.run_part(match)
        count.add(match, replay.findings)
        yield replay, match.continued


def table_slices(
    items: Sequence[InputFile],
    options: CheckOptions,
    run: SliceRun,
    skip: frozenset[tuple[str, int]] = frozenset(),
) -> Iterator[Tables]:
    """The tables of ``items`` (names as recorded) in slices of about :data:`SLICE_GAMES`
    games; ``run`` is told each input's counts as it ends. The findings of matches without
    games come in the last slice, after the others (as in :func:`corpus.read_batch`). The
    matches ``skip`` names ((file, 1-based match): copies left out) give their findings only.

    The cyclic collector is left as the caller set it: callers pause it for their whole work
    (:func:`gc_pause.gc_paused`) and lift the pause between their own pieces of it (a fold of
    several slices, a slice written to disk)."""
    rows = _Rows()
    extra: list[tuple[int, Finding]] = []
    held = 0  # games in ``rows``
    for item in items:
        readable = False
        count = FileCount(whole=item.span is None or item.span.start == 0)
        games = verified = 0  # of a match read in parts, so far
        for replay, more in part_replays(item, options, count):
            parted = more or replay.match.part > 0
            if not replay.match.games and not parted:
                extra.extend((replay.index, f) for f in replay.findings)
                continue
            readable = True
            if (item.name, replay.index + 1) in skip:
                rows.findings.extend(finding_row(f, replay.index + 1) for f in replay.findings)
                continue
            run.plays += replay.played
            add_replay(replay, rows.matches, rows.games, rows.plays, rows.cubes, rows.findings)
            held += len(replay.games)
            if parted:
                games += len(replay.games)
                verified += replay.games_verified
                row = rows.matches.pop()
                if not more:  # the match's row, counting all its games
                    rows.matches.append((*row[:GAMES], games, verified, *row[VERIFIED + 1 :]))
                    games = verified = 0
            if held >= SLICE_GAMES:
                done, rows, held = rows.tables(), _Rows(), 0
                yield done
        run.tallies.append(count.tally())
        if not readable and item.span is None and not count.skipped:
            run.unreadable.append(item.name)
    for index, finding in extra:
        rows.findings.append(finding_row(finding, index + 1))
    yield rows.tables()
