"""``gamao ratings``: every player's FIBS rating and experience after an archive's matches."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from gamao_cli.cli.common import ExitCode, fail, is_terminal, stderr_console
from gamao_cli.cli.corpus_options import AliasOpt, ExtOpt, OutputOpt, PathsArg
from gamao_cli.cli.executor_options import LOCAL, ParallelOpts
from gamao_cli.cli.rules_options import NO_RULE_ARGS, RuleOpts
from gamao_cli.i18n import _
from gamao_cli.report.ratings_out import RatingsFormat


def ratings(
    paths: PathsArg,
    fmt: Annotated[
        RatingsFormat, typer.Option("--format", "-f", help="Output format.")
    ] = RatingsFormat.text,
    output: OutputOpt = None,
    start: Annotated[
        float, typer.Option("--start", help="Everyone's rating before his first match.")
    ] = 1500.0,
    history: Annotated[
        Path | None,
        typer.Option(
            "--history",
            help="Also write one row per player per match here (match, date, opponent, "
            "length, won, rating before and after): CSV, or JSON or Parquet by the name's "
            "extension.",
        ),
    ] = None,
    dedupe: Annotated[
        bool,
        typer.Option(
            "--dedupe/--no-dedupe",
            help="Count a match read twice (as gamao dedupe finds it) once.",
        ),
    ] = True,
    alias: AliasOpt = None,
    parallel: ParallelOpts = LOCAL,
    extensions: ExtOpt = None,
    rule_args: RuleOpts = NO_RULE_ARGS,
) -> None:
    """Ratings over an archive, by FIBS's formula: everyone starts at 1500 with experience 0,
    each finished match moves both players by 4*K*sqrt(length)*P (K from experience, P the
    chance of the result). Matches by recorded date, undated ones in input order; money
    sessions and matches without a winner are counted apart. Exit code 0: done; 2: an input
    could not be read (the others are rated), nothing could be read, or bad usage.
    """
    from polars.exceptions import PolarsError

    from gamao_cli.analysis.ratings_table import rate
    from gamao_cli.analysis.stats_fold import shown
    from gamao_cli.cli.stats_read import folded_line, load_folded
    from gamao_cli.report.ratings_out import history_format, rated_details, write_stream, write_to

    if fmt is RatingsFormat.parquet and output is None and is_terminal(sys.stdout):
        fail(_("Parquet is binary: give -o FILE or redirect stdout"))
    options = rule_args.check_options(analyse_plays=False)
    # folded as stats folds them: one row a match kept, never the games or plays tables
    read, mapping = load_folded(
        paths, options, alias, parallel, extensions, dedupe, games=False, by_player=False
    )
    result = rate(shown(read.match_rows(), mapping), start)
    target = output
    try:
        if output is not None:
            write_to(result.table, fmt, output)
        else:
            write_stream(result.table, fmt, sys.stdout, sys.stdout.buffer)
        if history is not None:
            target = history
            write_to(result.history, history_format(history), history)
    except (OSError, PolarsError) as exc:
        error = exc.strerror if isinstance(exc, OSError) else None
        fail(_("cannot write {output}: {error}").format(output=target, error=error or exc))
    line = folded_line(read, rated_details(result, dedupe))
    stderr_console().print(line, markup=False, highlight=False)
    raise typer.Exit(ExitCode.CANNOT_RUN if read.summary.unreadable else ExitCode.OK)


def register(app: typer.Typer) -> None:
    app.command("ratings")(ratings)
