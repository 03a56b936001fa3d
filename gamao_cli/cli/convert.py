"""``gamao convert``: rewrite match files in another format, normalised."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from gamao_cli.cli.common import ExitCode, fail, say_exists, stderr_console
from gamao_cli.cli.executor_options import LOCAL, ParallelOpts, executor_for
from gamao_cli.cli.inputs_arg import gather_inputs
from gamao_cli.cli.progress import progress_bar
from gamao_cli.cli.rules_options import NO_RULE_ARGS, VariantOpts
from gamao_cli.i18n import _, counted


class Target(str, Enum):
    mat = "mat"
    sgf = "sgf"
    json = "json"
    jsonl = "jsonl"


def convert(
    inputs: Annotated[list[str], typer.Argument(help="Files or directories ('-' for stdin).")],
    to: Annotated[Target, typer.Option("--to", "-t", help="Output format.")],
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            help="Output directory (or file, for one input or JSON Lines); '-' or nothing: stdout.",
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing files.")] = False,
    extensions: Annotated[
        str | None,
        typer.Option("--ext", help="Extensions to take from directories, comma-separated."),
    ] = None,
    rule_args: VariantOpts = NO_RULE_ARGS,
    parallel: ParallelOpts = LOCAL,
) -> None:
    """Convert match files to .mat, SGF, JSON or JSON Lines.

    Writing is normalising: plays come out in canonical notation and layout. An output is
    named after its input inside OUT, the extension replaced (game.mat -> game.sgf; game-1,
    game-2 for a file of several matches). When two inputs give one name (game.mat and
    game.sgf), the first in input order keeps it and the next gets game.2.sgf, said on
    stderr. Nothing is written outside OUT and nothing is overwritten without --force. Exit
    code 0; 1 when the readers reported problems; 2 when an input or nothing could be read.
    """
    from gamao_cli.analysis.convert_run import Conversion, ConvertWriteError, plan_conversion
    from gamao_cli.formats.registry import by_name

    fmt = by_name(to.value)
    options = rule_args.check_options()
    given = gather_inputs(inputs, extensions)
    plan = plan_conversion(given.rooted, given.repeated, to.value, output)
    if plan.single_file:
        target = plan.target_path
        if target.exists() and not force:
            fail(_("{target} exists (use --force to overwrite)").format(target=target))
        target.parent.mkdir(parents=True, exist_ok=True)
    err = stderr_console()
    conv = Conversion(
        plan, to.value, fmt.extensions[0], options, force,
        say=lambda message: err.print(message, markup=False, highlight=False), exists=say_exists,
    )  # fmt: skip
    try:
        if plan.one_stream:  # converted in this process as it is read, a long match in parts
            with conv.outputs():
                conv.stream_one()
        with (
            conv.outputs(),
            executor_for(parallel, [item for item, _rel in conv.pending]) as runner,
            progress_bar(len(plan.rooted), "converting") as advance,
        ):
            conv.convert_all(runner, advance)
    except ConvertWriteError as exc:
        _cannot_write(exc.path, exc.error)
    from gamao_cli.report.summary_out import run_line

    converted = _(" converted to {format}").format(format=to.value)
    if plan.out_dir is not None:
        converted += _(" ({files} written)").format(files=counted("file", conv.written))
    err.print(run_line(conv.summary, (converted,)), markup=False, highlight=False)
    if conv.matches == 0 or conv.summary.unreadable:
        raise typer.Exit(ExitCode.CANNOT_RUN)
    raise typer.Exit(ExitCode.FINDINGS if conv.problems else ExitCode.OK)


def _cannot_write(path: Path, exc: OSError) -> NoReturn:
    fail(_("cannot write {output}: {error}").format(output=path, error=exc.strerror or exc))


def register(app: typer.Typer) -> None:
    app.command("convert")(convert)
