"""Reading a corpus into tables: read, replay and tabulate files, in parallel.

Each worker reads and replays a batch of files and sends back that batch's tables (polars
frames travel cheaply between processes; the replays themselves, with their matches, do
not). Batches come back in input order, so the tables are the same whatever ``jobs`` is.
Player names are normalised once all the files are in (a spelling is chosen corpus-wide).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.gc_pause import gc_paused
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.records import MatchReplay
from gamao_cli.analysis.replay import replay_match
from gamao_cli.analysis.tables import Tables, concat_tables, normalise_names, raw_tables
from gamao_cli.analysis.workers import worker_pool
from gamao_cli.formats.inputs import InputFile, read_path
from gamao_cli.formats.registry import is_position_format

MAX_BATCH = 32


@dataclass(frozen=True, slots=True)
class CorpusRead:
    """What reading the inputs gave: the tables, and the files from which nothing was read."""

    tables: Tables
    files: int
    unreadable: tuple[str, ...]

    @property
    def readable(self) -> bool:
        return self.tables.matches.height > 0


@dataclass(frozen=True, slots=True)
class _Batch:
    tables: Tables
    files: int
    unreadable: tuple[str, ...]


def replays_of(item: InputFile, options: CheckOptions) -> Iterator[MatchReplay]:
    """Every match of one input, replayed (matches without games too).

    A position file (a format with ``matches=False``) gives none: it holds no games, and
    ``check`` skips it too."""
    for index, match in enumerate(read_path(item)):
        if is_position_format(match.source_format):
            return
        yield replay_match(match, options, index, item.name)


def _read_batch(args: tuple[Sequence[InputFile], CheckOptions]) -> _Batch:
    items, options = args
    kept: list[MatchReplay] = []
    extra: list[tuple[int, Finding]] = []
    unreadable: list[str] = []
    with gc_paused():
        for item in items:
            readable = False
            for replay in replays_of(item, options):
                if replay.match.games:
                    readable = True
                    kept.append(replay)
                else:
                    extra.extend((replay.index, f) for f in replay.findings)
            if not readable:
                unreadable.append(item.name)
        return _Batch(raw_tables(kept, extra), len(items), tuple(unreadable))


def _batches(items: Sequence[InputFile], size: int) -> list[Sequence[InputFile]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def read_corpus(
    items: Sequence[InputFile],
    options: CheckOptions,
    *,
    aliases: Mapping[str, str] | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> CorpusRead:
    """Read, replay and tabulate ``items``; ``progress(n)`` is called as files are done.

    With ``jobs`` > 1 the files are read by spawned worker processes (:mod:`workers`): a
    script calling this must do so under ``if __name__ == "__main__":``.
    """
    parts: list[_Batch] = []
    serial = jobs <= 1 or len(items) <= 1 or any(item.is_stdin for item in items)
    size = 8 if serial else max(1, min(MAX_BATCH, len(items) // (jobs * 8)))
    work = [(batch, options) for batch in _batches(items, size)]
    if serial:
        for args in work:
            parts.append(_read_batch(args))
            if progress:
                progress(parts[-1].files)
    else:
        with worker_pool(jobs) as pool:
            for part in pool.map(_read_batch, work):
                parts.append(part)
                if progress:
                    progress(part.files)
    tables = normalise_names(concat_tables([p.tables for p in parts]), aliases)
    return CorpusRead(
        tables=tables,
        files=sum(p.files for p in parts),
        unreadable=tuple(name for p in parts for name in p.unreadable),
    )
