"""``gamao stats``: who wins, how, with what cube, and whether the dice were fair."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from gamao_cli.cli.common import ExitCode, fail, is_terminal, stderr_console
from gamao_cli.cli.corpus_options import (
    AliasOpt,
    DedupeOpt,
    ExtOpt,
    ForcedOpt,
    OutputOpt,
    PathsArg,
    dataset_line,
    load_corpus,
    load_dataset,
    summary_line,
)
from gamao_cli.cli.executor_options import LOCAL, ParallelOpts
from gamao_cli.cli.rules_options import NO_RULE_ARGS, RuleOpts
from gamao_cli.cli.skill_options import LevelOpt, SkillOpt, join_skill, skill_inputs
from gamao_cli.formats.atomic import atomic_open
from gamao_cli.i18n import _
from gamao_cli.report.stats_out import (
    StatsFormat,
    StatsView,
    write_parquet,
    write_table,
    write_text,
)

if TYPE_CHECKING:
    import polars as pl

    from gamao_cli.analysis.skill_run import FileSkill
    from gamao_cli.analysis.tables import LazyTables, Tables


def stats(
    paths: PathsArg,
    by: Annotated[
        StatsView | None,
        typer.Option(
            "--by",
            help="One row per player (default), match, game, pair of players (head to head) "
            "or player of each event (standings).",
        ),
    ] = None,
    fmt: Annotated[
        StatsFormat, typer.Option("--format", "-f", help="Output format.")
    ] = StatsFormat.table,
    output: OutputOpt = None,
    tables: Annotated[
        str | None,
        typer.Option(
            "--tables",
            help="Write every table (matches, games, plays, cube_actions, findings) as a "
            "Parquet dataset here: a folder or an fsspec URL, one shard per work unit.",
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option("--resume", help="Complete the --tables dataset of an interrupted run."),
    ] = False,
    alias: AliasOpt = None,
    parallel: ParallelOpts = LOCAL,
    extensions: ExtOpt = None,
    forced: ForcedOpt = True,
    dedupe: DedupeOpt = False,
    rule_args: RuleOpts = NO_RULE_ARGS,
    skill: SkillOpt = False,
    level: LevelOpt = "1ply",
    fingerprints: Annotated[
        bool,
        typer.Option(
            "--fingerprints",
            help="Add each match's and game's fingerprint (as gamao dedupe computes it) to "
            "the matches and games tables and views (about 5% slower).",
        ),
    ] = False,
) -> None:
    """Statistics of matches: per player, per match or per game.

    Every game is replayed by the rules engine, so points and results are computed, not
    copied from the file. Exit code 0: done (findings do not change it); 2: an input could
    not be read (the others are counted), nothing could be read, or bad usage.
    """
    if fmt is StatsFormat.parquet and output is None and is_terminal(sys.stdout):
        fail(_("Parquet is binary: give -o FILE or redirect stdout"))
    options = rule_args.check_options(analyse_plays=forced, fingerprints=fingerprints)
    err = stderr_console()
    if tables is not None:
        run, lazy = load_dataset(paths, options, alias, parallel, extensions, tables, resume)
        err.print(dataset_line(run), markup=False, highlight=False)
        skill_files = skill_inputs(paths, extensions, options, level, parallel) if skill else None
        if by is not None or output is not None:
            _write_view(lazy, by or StatsView.player, fmt, output, skill_files)
        raise typer.Exit(ExitCode.CANNOT_RUN if run.summary.unreadable else ExitCode.OK)
    if resume:
        fail(_("--resume completes a --tables dataset: give --tables too"))
    view = by or StatsView.player
    if view in (StatsView.pair, StatsView.event):  # club views: of the whole tables
        corpus = load_corpus(paths, options, alias, parallel, extensions, dedupe=dedupe)
        skill_files = skill_inputs(paths, extensions, options, level, parallel) if skill else None
        df = club_view(corpus.tables, view, skill_files)
        _write_frame(df, view, fmt, output, skill_files, corpus.tables.matches)
        err.print(summary_line(corpus), markup=False, highlight=False)
        raise typer.Exit(ExitCode.CANNOT_RUN if corpus.summary.unreadable else ExitCode.OK)
    from gamao_cli.cli.stats_read import (
        folded_games,
        folded_line,
        load_folded,
        view_frame,
        write_games,
    )

    read, mapping = load_folded(
        paths, options, alias, parallel, extensions, dedupe=dedupe,
        games=view is StatsView.game, by_player=view is StatsView.player,
    )  # fmt: skip
    try:
        skill_files = skill_inputs(paths, extensions, options, level, parallel) if skill else None
        games = folded_games(read, mapping)
        if view is not StatsView.game or not write_games(
            games.iter, games.query, fmt, output, skill_files
        ):
            _write_frame(view_frame(read, mapping, view), view, fmt, output, skill_files)
    finally:
        read.close()
    err.print(folded_line(read), markup=False, highlight=False)
    raise typer.Exit(ExitCode.CANNOT_RUN if read.summary.unreadable else ExitCode.OK)


def _write_view(
    tables: LazyTables,
    view: StatsView,
    fmt: StatsFormat,
    output: Path | None,
    skill: list[FileSkill] | None = None,
) -> None:
    """A view of a scanned dataset, computed as it streams (``--by game`` written so)."""
    from gamao_cli.analysis.tables import by_match, by_player
    from gamao_cli.cli.stats_read import dataset_games, write_games

    if view in (StatsView.pair, StatsView.event):
        _write_frame(club_view(tables, view, skill), view, fmt, output, skill, tables.matches)
        return
    if view is StatsView.game:
        games = dataset_games(tables)
        if not write_games(games.iter, games.query, fmt, output, skill):
            _write_frame(games.query().collect(), view, fmt, output, skill)
        return
    df = by_player(tables) if view is StatsView.player else by_match(tables)
    _write_frame(df, view, fmt, output, skill)


def club_view(
    tables: Tables | LazyTables, view: StatsView, skill: list[FileSkill] | None
) -> pl.DataFrame:
    """``--by pair`` or ``--by event`` of the tables (exit 2: ``--skill`` with ``event``)."""
    from gamao_cli.analysis.club_views import by_event, by_pair

    if view is StatsView.event and skill is not None:
        fail(_("--skill adds nothing to --by event: ask for --by pair, player, match or game"))
    return (by_pair if view is StatsView.pair else by_event)(tables.matches, tables.games)


def _write_frame(
    df: pl.DataFrame,
    view: StatsView,
    fmt: StatsFormat,
    output: Path | None,
    skill: list[FileSkill] | None = None,
    matches: pl.DataFrame | pl.LazyFrame | None = None,
) -> None:
    """``df`` (a view) written, with the skill columns of ``skill`` (``matches``: the matches
    table, for the pair view)."""
    from polars.exceptions import PolarsError

    if skill is not None:
        df = join_skill(df, view.value, skill, matches)
    try:
        if fmt is StatsFormat.parquet and output is not None:
            with atomic_open(output, "wb") as bout:
                write_parquet(df, bout)
        elif fmt is StatsFormat.parquet:
            write_parquet(df, sys.stdout.buffer)
        elif output is not None:
            with atomic_open(output, newline="") as out:
                if fmt is StatsFormat.table:
                    write_table(df, view, out, terminal=False)
                else:
                    write_text(df, fmt, out)
        elif fmt is StatsFormat.table:
            write_table(df, view, sys.stdout, terminal=is_terminal(sys.stdout))
        else:
            write_text(df, fmt, sys.stdout)
    except (OSError, PolarsError) as exc:  # polars reports a failed write as a ComputeError
        error = exc.strerror if isinstance(exc, OSError) else None
        fail(_("cannot write {output}: {error}").format(output=output, error=error or exc))


def register(app: typer.Typer) -> None:
    app.command("stats")(stats)
