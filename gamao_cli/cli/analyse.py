"""``gamao analyse``: how well each player played: equity lost, errors, blunders, PR, luck."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from contextlib import ExitStack
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from gamao_cli.cli.common import ExitCode, fail, is_terminal, stderr_console
from gamao_cli.cli.corpus_options import DedupeOpt, ExtOpt, OutputOpt, PathsArg, announce_copies
from gamao_cli.cli.executor_options import LOCAL, AnalyseParallelOpts, executor_for
from gamao_cli.cli.inputs_arg import gather_inputs
from gamao_cli.cli.progress import progress_bar
from gamao_cli.cli.rules_options import NO_RULE_ARGS, ClassicRuleOpts
from gamao_cli.cli.skill_options import CacheOpt, NoCacheOpt, cache_folder
from gamao_cli.formats.atomic import atomic_open
from gamao_cli.i18n import _

if TYPE_CHECKING:
    from gamao_cli.analysis.duplicates import DuplicateGroup
    from gamao_cli.analysis.executors import Executor
    from gamao_cli.analysis.options import CheckOptions
    from gamao_cli.analysis.skill_run import FileSkill
    from gamao_cli.formats.inputs import InputFile
    from gamao_cli.report.skill_out import SkillFormat, SkillView


class Level(str, Enum):
    one = "1ply"
    two = "2ply"
    three = "3ply"


class Engine(str, Enum):
    bgsage = "bgsage"
    recorded = "recorded"


class Format(str, Enum):
    text = "text"
    json = "json"
    jsonl = "jsonl"
    csv = "csv"
    parquet = "parquet"


class View(str, Enum):
    decision = "decision"
    player = "player"
    game = "game"
    match = "match"


class Scale(str, Enum):
    xg = "xg"
    gnubg = "gnubg"


def analyse(
    paths: PathsArg,
    level: Annotated[
        Level, typer.Option("--level", help="The engine's depth (XG's numbering: 1ply is raw).")
    ] = Level.one,
    engine: Annotated[
        Engine | None,
        typer.Option(
            "--engine",
            help="recorded: only the analysis in the files; bgsage: the engine on every game, "
            "beside the recorded analysis (default: recorded where present, else bgsage).",
            show_default=False,
        ),
    ] = None,
    parallel: AnalyseParallelOpts = LOCAL,
    cache: CacheOpt = None,
    no_cache: NoCacheOpt = False,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
    by: Annotated[
        View, typer.Option("--by", help="One row per decision, player, game or match (not text).")
    ] = View.player,
    corpus: Annotated[
        bool, typer.Option("--corpus", help="Totals per player name across all files.")
    ] = False,
    thresholds: Annotated[
        Scale,
        typer.Option("--thresholds", help="Doubtful/error/blunder bounds: XG's or gnubg's."),
    ] = Scale.xg,
    worst: Annotated[int, typer.Option("--worst", help="Worst decisions shown (text).", min=0)] = 5,
    disagreement: Annotated[
        float,
        typer.Option(
            "--disagreement",
            help="List decisions where engine and record differ "
            "by more than this (normalised equity).",
        ),
    ] = 0.04,
    output: OutputOpt = None,
    extensions: ExtOpt = None,
    rule_args: ClassicRuleOpts = NO_RULE_ARGS,
    dedupe: DedupeOpt = False,
) -> None:
    """Skill analysis: equity lost per decision, errors, blunders, PR and luck per player.

    Uses the analysis recorded in the files (XG, gnubg) where there is one, and the bgsage
    engine (pip install 'gamao-cli[analysis]'). PR = 500 x equity lost / decisions (XG's
    scale); error rate = 1000 x the same (gnubg's). Exit code 0: done; 2: an input or
    nothing could be read, bad usage, or the engine is not installed.
    """
    from gamao_cli.analysis.skill_run import SkillOptions, close_evaluators
    from gamao_cli.report.skill_out import SkillFormat, SkillView, skill_summary_line

    sfmt = SkillFormat(fmt.value)
    view = SkillView(by.value)
    if sfmt is SkillFormat.parquet and output is None and is_terminal(sys.stdout):
        fail(_("Parquet is binary: give -o FILE or redirect stdout"))
    given = gather_inputs(paths, extensions)
    items = given.items
    opts = SkillOptions(
        engine=engine.value if engine else None,
        level=level.value,
        cache=cache_folder(cache, no_cache) if engine is not Engine.recorded else None,
        thresholds=thresholds.value,
        disagreement=disagreement,
        check=rule_args.check_options(),
    )
    if opts.engine != "recorded":
        _need_engine(opts.level)
    from gamao_cli.analysis.workers import per_file_jobs

    err = stderr_console()
    started = time.perf_counter()
    try:
        with executor_for(parallel, items, per_file_jobs) as runner:
            files = _run(items, opts, runner)
    except KeyboardInterrupt:
        close_evaluators()
        err.print(_("interrupted: the cache is consistent"), markup=False, highlight=False)
        raise typer.Exit(ExitCode.CANNOT_RUN) from None
    close_evaluators()
    if not any(f.readable for f in files):
        fail(_("no match could be read"))
    groups = _copies(files, items, opts.check, dedupe)
    _write(files, sfmt, view, corpus, worst, opts.disagreement, output)
    took = time.perf_counter() - started
    err.print(
        skill_summary_line(files, took, groups if dedupe else (), given.repeated),
        markup=False,
        highlight=False,
    )
    unreadable = any(f.tally.state == "unreadable" for f in files)
    raise typer.Exit(ExitCode.CANNOT_RUN if unreadable else ExitCode.OK)


def _need_engine(level: str) -> None:
    from gamao_cli.engine.bgsage_eval import EngineUnavailable

    try:
        from gamao_cli.analysis.skill_run import evaluator_for

        evaluator_for(level, None)
    except EngineUnavailable as exc:
        fail(str(exc))


def _run(items: Sequence[object], opts: object, executor: Executor) -> list[FileSkill]:
    from gamao_cli.analysis.skill_run import SkillOptions, analyse_inputs, count_games
    from gamao_cli.formats.inputs import InputFile

    inputs = [i for i in items if isinstance(i, InputFile)]
    assert isinstance(opts, SkillOptions)
    total = (count_games(inputs) or 0) if is_terminal() else 0
    with progress_bar(total, "analysing games", minimum=2) as advance:
        return analyse_inputs(inputs, opts, advance, executor=executor)


def _write(
    files: list[FileSkill],
    fmt: SkillFormat,
    view: SkillView,
    corpus: bool,
    worst: int,
    threshold: float,
    output: Path | None,
) -> None:
    from gamao_cli.analysis.skill_run import disagreements
    from gamao_cli.report.skill_out import (
        SkillFormat,
        records_of,
        row_fields,
        rows,
        write_parquet,
        write_rows,
        write_text,
    )

    try:
        if fmt is SkillFormat.parquet:
            from polars.exceptions import PolarsError  # polars: only for Parquet (0.3 s)

            data = rows(files, view, corpus)
            try:
                if output is not None:
                    with atomic_open(output, "wb") as bout:
                        write_parquet(data, row_fields(view), bout)
                else:
                    write_parquet(data, row_fields(view), sys.stdout.buffer)
            except PolarsError as exc:  # polars reports a failed write as a ComputeError
                fail(_("cannot write {output}: {error}").format(output=output, error=exc))
            return
        with ExitStack() as stack:
            out: TextIO = (
                stack.enter_context(atomic_open(output, newline="")) if output else sys.stdout
            )
            if fmt is SkillFormat.text:
                write_text(
                    files,
                    out,
                    corpus=corpus,
                    worst=worst,
                    disagreements=disagreements(records_of(files), threshold),
                    terminal=output is None and is_terminal(sys.stdout),
                )
            else:
                write_rows(rows(files, view, corpus), row_fields(view), fmt, out)
    except OSError as exc:
        fail(_("cannot write {output}: {error}").format(output=output, error=exc.strerror or exc))


def _copies(
    files: list[FileSkill], items: list[InputFile], options: CheckOptions, dedupe: bool
) -> list[DuplicateGroup]:
    """Warn of every match read twice; with ``dedupe``, leave the copies out of ``files``."""
    from gamao_cli.analysis.duplicates import dropped_keys, skill_candidates, without_skill_copies

    groups = announce_copies(skill_candidates(files), items, options, dedupe)
    if dedupe:
        without_skill_copies(files, dropped_keys(groups))
    return groups


def register(app: typer.Typer) -> None:
    app.command("analyse")(analyse)
