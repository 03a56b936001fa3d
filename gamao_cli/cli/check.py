"""``gamao check``: verify match files against the rules."""

from __future__ import annotations

from contextlib import ExitStack
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from gamao_cli.cli.common import (
    ExitCode,
    OutputFormat,
    stderr_console,
    stdout_console,
    text_output,
)
from gamao_cli.cli.executor_options import LOCAL, CheckParallelOpts, executor_for
from gamao_cli.cli.inputs_arg import gather_inputs
from gamao_cli.cli.progress import progress_bar
from gamao_cli.cli.rules_options import NO_RULE_ARGS, RuleOpts


class SeverityChoice(str, Enum):
    error = "error"
    warning = "warning"
    info = "info"


_LEVELS = {
    "error": {"error"},
    "warning": {"error", "warning"},
    "info": {"error", "warning", "info"},
}


def check(
    paths: Annotated[list[str], typer.Argument(help="Files or directories ('-' for stdin).")],
    fmt: Annotated[
        OutputFormat, typer.Option("--format", "-f", help="Output format.")
    ] = OutputFormat.text,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write findings here, not stdout.")
    ] = None,
    parallel: CheckParallelOpts = LOCAL,
    rule_args: RuleOpts = NO_RULE_ARGS,
    severity: Annotated[
        SeverityChoice,
        typer.Option("--severity", help="Least severe findings to show (all are counted)."),
    ] = SeverityChoice.warning,
    show_board: Annotated[
        bool, typer.Option("--show-board", help="Draw the board before each finding.")
    ] = False,
    extensions: Annotated[
        str | None,
        typer.Option(
            "--ext",
            help="Extensions to take from directories, comma-separated "
            "(default: every known match format).",
        ),
    ] = None,
) -> None:
    """Replay every game of every match and report departures from the rules.

    Exit code 0: no errors; 1: errors found; 2: an input could not be read or bad usage.
    """
    # Imported here, not at the top: the CLI starts fast for the commands that need less.
    from gamao_cli.analysis.check import Summary, check_inputs
    from gamao_cli.report.findings_out import codes_table, summary_line, summary_table
    from gamao_cli.report.findings_stream import FindingsWriter

    options = rule_args.check_options(show_board=show_board)
    given = gather_inputs(paths, extensions)
    items = given.items
    summary = Summary()
    summary.run.repeated = given.repeated
    err = stderr_console()
    with ExitStack() as stack:
        out = text_output(stack, output)
        runner = stack.enter_context(executor_for(parallel, items))
        advance = stack.enter_context(progress_bar(len(items), "checking"))
        console = stdout_console() if output is None else None
        writer = FindingsWriter(fmt.value, out, _LEVELS[severity.value], console)
        for report in check_inputs(items, options, progress=advance, executor=runner):
            summary.add(report)
            writer.add(report)
        writer.finish(summary)
    if fmt is OutputFormat.text:
        err.print(summary_table(summary))
        table = codes_table(summary)
        if table is not None:
            err.print(table)
    else:
        err.print(summary_line(summary), markup=False)
    if summary.unreadable_files:
        raise typer.Exit(ExitCode.CANNOT_RUN)
    raise typer.Exit(ExitCode.FINDINGS if summary.errors else ExitCode.OK)


def register(app: typer.Typer) -> None:
    app.command("check")(check)
