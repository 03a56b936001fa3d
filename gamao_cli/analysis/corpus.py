"""Reading a corpus into tables: read, replay and tabulate files, in parallel.

Each worker reads and replays a batch of files and sends back that batch's tables (polars
frames travel cheaply between processes; the replays themselves, with their matches, do
not). Batches come back in input order, so the tables are the same whatever the executor.
Player names are normalised once all the files are in (a spelling is chosen corpus-wide).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from gamao_cli.analysis.executors import Executor
from gamao_cli.analysis.executors.local import SERIAL
from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.gc_pause import gc_paused
from gamao_cli.analysis.match_positions import MatchPositions, replay_with_positions
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.records import MatchReplay
from gamao_cli.analysis.replay import MatchReplayer, replay_match
from gamao_cli.analysis.summary import (
    FileCount,
    FileTally,
    RunSummary,
    not_match_file,
    summary_of,
)
from gamao_cli.analysis.tables import Tables, concat_tables, normalise_names, raw_tables
from gamao_cli.formats.inputs import InputFile, read_path, split_inputs
from gamao_cli.model.location import Location
from gamao_cli.model.match import Match

if TYPE_CHECKING:
    import polars as pl

MAX_BATCH = 256
"""The most files in one work unit."""


@dataclass(frozen=True, slots=True)
class CorpusRead:
    """What reading the inputs gave: the tables, and the files from which nothing was read."""

    tables: Tables
    files: int
    unreadable: tuple[str, ...]
    summary: RunSummary = field(default_factory=RunSummary)
    # (file, 1-based match) of each copy of a match read twice that was not left out (no
    # --dedupe) and is not the copy --dedupe would keep: what ratings leave out.
    copies: frozenset[tuple[str, int]] = frozenset()
    positions: tuple[MatchPositions, ...] = ()  # asked for: every match's (a report's viewer)

    @property
    def readable(self) -> bool:
        return self.tables.matches.height > 0


@dataclass(frozen=True, slots=True)
class _Batch:
    tables: Tables
    files: int
    unreadable: tuple[str, ...]
    tallies: tuple[FileTally, ...] = ()
    positions: tuple[MatchPositions, ...] = ()
    plays: int = 0  # the plays replayed (the plays table may have been left out)


def replays_of(
    item: InputFile,
    options: CheckOptions,
    count: FileCount | None = None,
    positions: list[MatchPositions] | None = None,
) -> Iterator[MatchReplay]:
    """Every match of one input, replayed (matches without games too); ``count`` counts
    them (:mod:`summary`); ``positions``, when given, receives the positions of each match
    with games (:mod:`match_positions`), from the same replay.

    A file that is not a match file (:func:`not_match_file`: a position file, say) gives
    none: ``check`` skips it too; its note is counted (and yielded as the findings of a
    replay without games, so that the findings table holds it as ``check`` reports it)."""
    first = item.span.first_match if item.span is not None else 0
    for index, match in enumerate(read_path(item), first):
        note = not_match_file(item, match) if index == first and item.span is None else None
        if note is not None:
            if count is not None:
                count.skip(note)
            skipped = Match(("", ""), 0, (), location=Location(item.name), diagnostics=(note,))
            yield replay_match(skipped, options, index, item.name, ids=False)
            return
        if options.fingerprints:
            replay = _fingerprinted(match, options, index, item.name)
        elif positions is not None and match.games:
            replay, shown = replay_with_positions(match, options, index, item.name)
            positions.append(shown)
        else:
            replay = replay_match(match, options, index, item.name, ids=False)  # no column for them
        if count is not None:
            count.add(match, replay.findings)
        yield replay


def _fingerprinted(match: Match, options: CheckOptions, index: int, file: str) -> MatchReplay:
    """The replay of ``match`` with its fingerprints (by actions), from the same replay."""
    from gamao_cli.analysis.fingerprint import print_of

    replayer = MatchReplayer(match, options, index, file)
    replayer.ids = False
    replayer.applied = []
    replay = replayer.run()
    prints = print_of(match, replayer.applied, replayer.rules.variant.value)
    games = tuple(g.fingerprint for g in prints.games)
    return replace(replay, fingerprint=prints.fingerprint, game_fingerprints=games)


BatchArgs = (
    tuple[Sequence[InputFile], CheckOptions] | tuple[Sequence[InputFile], CheckOptions, bool]
)
"""A work unit's files, the options and whether to keep every match's positions."""


def read_batch(args: BatchArgs) -> _Batch:
    items, options = args[0], args[1]
    positions: list[MatchPositions] | None = [] if len(args) > 2 and args[2] else None
    extra: list[tuple[int, Finding]] = []
    unreadable: list[str] = []
    tallies: list[FileTally] = []

    def replays() -> Iterator[MatchReplay]:
        for item in items:
            readable = False
            count = FileCount(whole=item.span is None or item.span.start == 0)
            for replay in replays_of(item, options, count, positions):
                if replay.match.games:
                    readable = True
                    yield replay
                else:
                    extra.extend((replay.index, f) for f in replay.findings)
            tallies.append(count.tally())
            if not readable and item.span is None and not count.skipped:
                unreadable.append(item.name)

    with gc_paused():
        # Each match tabulated as soon as it is replayed, then freed (by reference counting,
        # the collector being off): its objects are still in the processor's caches, and
        # the memory they held is reused by the next match instead of new pages.
        tables = raw_tables(replays(), extra)
    return _Batch(
        tables,
        whole_files(items),
        tuple(unreadable),
        tuple(tallies),
        tuple(positions or ()),
        tables.plays.height,
    )


def whole_files(items: Sequence[InputFile]) -> int:
    """How many files ``items`` are: a file cut into byte ranges counts once (its first)."""
    return sum(1 for item in items if item.span is None or item.span.start == 0)


def _in_input_order(tables: Tables, items: Sequence[InputFile]) -> Tables:
    """The findings in input-file order: a batch lists the findings of files with no match
    after the others, so without this the order would depend on how files were batched."""
    return replace(tables, findings=findings_in_order(tables.findings, items))


def findings_in_order(findings: pl.DataFrame, items: Sequence[InputFile]) -> pl.DataFrame:
    """``findings`` (rows of the findings table) in the order of their files in ``items``."""
    import polars as pl

    if findings.height == 0:
        return findings
    rank = {item.name: i for i, item in enumerate(items)}
    order = findings.get_column("file").replace_strict(
        rank, default=len(rank), return_dtype=pl.Int64
    )
    return (
        findings.with_columns(order.alias("_rank")).sort("_rank", maintain_order=True).drop("_rank")
    )


class UnitProgress(Protocol):
    """Told as work is done: ``files`` more files, ``plays`` more plays replayed and, when
    the work is in units, ``units`` = (units done, units in all)."""

    def __call__(self, files: int, /, plays: int = 0, units: tuple[int, int] | None = None) -> None:
        """One more part of the work done."""


UNIT_BYTES = 4 << 20
"""Files are grouped into work units of about this many bytes for an executor."""


def byte_batches(
    items: Sequence[InputFile], size: int = UNIT_BYTES, most: int = MAX_BATCH
) -> list[Sequence[InputFile]]:
    """``items`` in order, cut into runs of about ``size`` bytes (at most ``most`` files)."""
    out: list[Sequence[InputFile]] = []
    start = total = 0
    for i, item in enumerate(items):
        try:
            if item.span is not None:
                total += item.span.end - item.span.start
            else:
                total += item.path.stat().st_size if item.path is not None else size
        except OSError:
            total += 1
        if total >= size or i + 1 - start >= most:
            out.append(items[start : i + 1])
            start, total = i + 1, 0
    if start < len(items):
        out.append(items[start:])
    return out


def work_units(
    items: Sequence[InputFile], jobs: int, unit_bytes: int = UNIT_BYTES
) -> list[Sequence[InputFile]]:
    """``items`` as work units for ``jobs`` at once: a larger file of a format that allows it
    cut into byte ranges at match boundaries (:func:`split_inputs`; not standard input, read
    whole in this process), then runs of about ``unit_bytes`` bytes and at most
    :data:`MAX_BATCH` files, fewer for a few files (about 8 units a job)."""
    stdin = any(item.is_stdin for item in items)
    units = items if stdin else split_inputs(items, unit_bytes)
    most = max(1, min(MAX_BATCH, len(items) // (max(1, jobs) * 8)))
    return byte_batches(units, unit_bytes, most)


def read_corpus(
    items: Sequence[InputFile],
    options: CheckOptions,
    *,
    aliases: Mapping[str, str] | None = None,
    progress: UnitProgress | None = None,
    executor: Executor = SERIAL,
    unit_bytes: int = UNIT_BYTES,
    positions: bool = False,
) -> CorpusRead:
    """Read, replay and tabulate ``items`` on ``executor`` (:mod:`executors`, entered by the
    caller), in work units (:func:`work_units`); ``progress(files, plays, (units done,
    total))`` is called as units are done. The tables are the same whatever the executor
    and the units. ``positions``: keep every match's positions (:mod:`match_positions`).
    """
    parts: list[_Batch] = []
    stdin = any(item.is_stdin for item in items)
    work: list[BatchArgs] = [
        (batch, options, True) if positions else (batch, options)
        for batch in work_units(items, executor.jobs, unit_bytes)
    ]
    for part in executor.map(read_batch, work, serial=stdin, chunk=1):
        parts.append(part)
        if progress:
            progress(part.files, part.plays, (len(parts), len(work)))
    named = normalise_names(concat_tables([p.tables for p in parts]), aliases)
    tables = _in_input_order(named, items)
    return CorpusRead(
        tables=tables,
        files=sum(p.files for p in parts),
        unreadable=tuple(name for p in parts for name in p.unreadable),
        summary=summary_of(t for p in parts for t in p.tallies),
        positions=tuple(m for p in parts for m in p.positions),
    )
