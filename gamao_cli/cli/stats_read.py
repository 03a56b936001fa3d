"""``gamao stats`` without ``--tables``: the inputs folded a slice at a time
(:mod:`gamao_cli.analysis.stats_fold`), then the view asked for written, the game rows a
chunk at a time: memory bounded by the largest game, not by the files."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from gamao_cli.analysis.options import CheckOptions
from gamao_cli.cli.common import fail
from gamao_cli.cli.executor_options import Parallel, executor_for
from gamao_cli.cli.progress import progress_bar
from gamao_cli.formats.atomic import atomic_open
from gamao_cli.i18n import _, counted
from gamao_cli.report.stats_out import StatsFormat, StatsView, write_chunks, write_parquet

if TYPE_CHECKING:
    import polars as pl

    from gamao_cli.analysis.skill_run import FileSkill
    from gamao_cli.analysis.stats_fold import StatsRead
    from gamao_cli.analysis.tables import LazyTables


def load_folded(
    paths: list[str],
    options: CheckOptions,
    aliases: list[str] | None,
    run: Parallel,
    extensions: str | None,
    dedupe: bool = False,
    games: bool = False,
    by_player: bool = True,
) -> tuple[StatsRead, dict[str, str]]:
    """Fold the inputs (``games``: keep the game rows; ``by_player``: the players' totals)
    and choose the names shown (recorded
    -> shown); exit 2 on bad usage or when nothing is read. A match read twice is named on
    stderr, and with ``dedupe`` counted once (the inputs folded again without the copies)."""
    from gamao_cli.analysis.corpus import findings_in_order
    from gamao_cli.analysis.stats_fold import fold_corpus
    from gamao_cli.cli.corpus_options import announce_copies, corpus_inputs, nothing_read

    alias_map, given = corpus_inputs(paths, aliases, extensions)
    items = given.items

    def fold(skip: frozenset[tuple[str, int]] = frozenset()) -> StatsRead:
        with (
            executor_for(run, items) as runner,
            progress_bar(len(items), "reading") as advance,
        ):
            return fold_corpus(
                items, options, games=games, progress=advance, executor=runner, skip=skip,
                by_player=by_player,
            )  # fmt: skip

    read = fold()
    try:  # the game rows on disk are removed if this ends early (the caller's once returned)
        read.summary.repeated = given.repeated
        if not read.readable:
            nothing_read(findings_in_order(read.findings(), items))
        mapping = read.mapping(alias_map)
        from gamao_cli.analysis.duplicates import (
            drop_from_summary,
            dropped_keys,
            match_candidates,
        )
        from gamao_cli.analysis.stats_fold import match_totals

        candidates = match_candidates(read.match_rows(), match_totals(read))
        groups = announce_copies(candidates, items, options, dedupe)
        if dedupe and groups:
            summary = read.summary
            drop_from_summary(summary, groups)
            read.close()
            read = fold(frozenset(dropped_keys(groups)))
            read.summary = summary
    except BaseException:
        read.close()
        raise
    return read, mapping


def folded_line(read: StatsRead, details: tuple[str, ...] = ()) -> str:
    """The run summary (as every command prints it) with the plays replayed, then
    ``details``."""
    from gamao_cli.report.summary_out import run_line

    return run_line(read.summary, (counted("play", read.fold.plays), *details))


def view_frame(read: StatsRead, mapping: dict[str, str], view: StatsView) -> pl.DataFrame:
    """The rows of ``view``, whole."""
    import polars as pl

    from gamao_cli.analysis.stats_fold import game_chunks, match_rows, player_rows

    if view is StatsView.player:
        return player_rows(read, mapping)
    if view is StatsView.match:
        return match_rows(read, mapping)
    return pl.concat(list(game_chunks(read, mapping)), how="vertical")


@dataclass(frozen=True, slots=True)
class GameRows:
    """``--by game``'s rows: ``iter()`` a chunk at a time, ``query()`` as one LazyFrame."""

    iter: Callable[[], Iterable[pl.DataFrame]]
    query: Callable[[], pl.LazyFrame]


def folded_games(read: StatsRead, mapping: dict[str, str]) -> GameRows:
    from gamao_cli.analysis.stats_fold import game_chunks, game_frame

    return GameRows(lambda: game_chunks(read, mapping), lambda: game_frame(read, mapping))


def dataset_games(tables: LazyTables) -> GameRows:
    """The game rows of a scanned dataset (computed as they stream)."""
    import polars as pl

    from gamao_cli.analysis.stats_fold import SPOOL_ROWS
    from gamao_cli.analysis.tables import game_query

    query = game_query(tables)
    fingerprints = tables.games.select(pl.col("fingerprint").is_not_null().any())
    if not fingerprints.collect(engine="streaming").item():
        query = query.drop("fingerprint")

    def chunks() -> Iterator[pl.DataFrame]:
        empty = True
        for chunk in query.collect_batches(chunk_size=SPOOL_ROWS, engine="streaming"):
            empty = False
            yield chunk
        if empty:  # the columns, for the CSV header
            yield query.head(0).collect()

    return GameRows(chunks, lambda: query)


def write_games(
    chunks: Callable[[], Iterable[pl.DataFrame]],
    query: Callable[[], pl.LazyFrame],
    fmt: StatsFormat,
    output: Path | None,
    skill: list[FileSkill] | None,
) -> bool:
    """Write ``--by game`` a chunk at a time (CSV, JSON, Parquet without ``--skill``);
    False when the format needs the rows whole (the terminal tables, the skill columns)."""
    from polars.exceptions import PolarsError

    if skill is not None or fmt is StatsFormat.table:
        return False
    try:
        if fmt is StatsFormat.parquet:
            if output is not None:
                with atomic_open(output, "wb") as bout:
                    write_parquet(query(), bout)
            else:
                write_parquet(query(), sys.stdout.buffer)
        elif output is not None:
            with atomic_open(output, newline="") as out:
                write_chunks(chunks(), fmt, out)
        else:
            write_chunks(chunks(), fmt, sys.stdout)
    except (OSError, PolarsError) as exc:  # polars reports a failed write as a ComputeError
        error = exc.strerror if isinstance(exc, OSError) else None
        fail(_("cannot write {output}: {error}").format(output=output, error=error or exc))
    return True
