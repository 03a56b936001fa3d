"""``gamao check``: verify match files against the rules."""

from __future__ import annotations

import sys
from contextlib import ExitStack
from enum import Enum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from gamao_cli.cli.common import ExitCode, OutputFormat, fail, stderr_console, stdout_console
from gamao_cli.cli.executor_options import LOCAL, CheckParallelOpts, executor_for
from gamao_cli.cli.progress import progress_bar
from gamao_cli.cli.rules_options import NO_RULE_ARGS, RuleOpts
from gamao_cli.formats.atomic import atomic_open
from gamao_cli.i18n import _

if TYPE_CHECKING:
    from gamao_cli.analysis.check import FileReport
    from gamao_cli.analysis.findings import Finding


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
    from gamao_cli.analysis.check import Summary, check_inputs, collect_inputs
    from gamao_cli.report.findings_out import (
        codes_table,
        summary_line,
        summary_table,
        write_csv,
        write_json,
        write_jsonl,
        write_text,
    )

    options = rule_args.check_options(show_board=show_board)
    exts = {e.strip().lstrip(".").lower() for e in extensions.split(",")} if extensions else None
    from gamao_cli.formats.inputs import Repeats

    repeats = Repeats()
    items = collect_inputs(paths, exts, repeats)
    if not items:
        fail(_("no input files found in {paths}").format(paths=", ".join(paths)))
    shown = _LEVELS[severity.value]
    summary = Summary()
    summary.run.repeated = repeats.dropped
    err = stderr_console()
    with ExitStack() as stack:
        out: TextIO = sys.stdout
        if output is not None:
            stack.push(partial(_write_failed, output))  # runs after atomic_open's clean-up
            try:
                out = stack.enter_context(atomic_open(output, newline=""))
            except OSError as exc:
                fail(_("cannot write {output}: {error}").format(output=output, error=exc.strerror))
        runner = stack.enter_context(executor_for(parallel, items))
        advance = stack.enter_context(progress_bar(len(items), "checking"))
        reports: list[FileReport] = []
        console = stdout_console() if output is None else None
        reports_in_order = check_inputs(items, options, progress=advance, executor=runner)
        for report in reports_in_order:
            summary.add(report)
            if fmt is OutputFormat.text:
                if console is not None:
                    write_text([report], console, shown)
                else:
                    reports.append(report)
            elif fmt is OutputFormat.jsonl:
                write_jsonl(_shown(report.findings, shown), out)
            else:
                reports.append(report)
        findings = [f for r in reports for f in _shown(r.findings, shown)]
        if fmt is OutputFormat.text and console is None:
            from gamao_cli.report.safe_console import SafeConsole

            safe = SafeConsole(file=out, highlight=False, soft_wrap=True, no_color=True)
            write_text(reports, safe, shown)
        elif fmt is OutputFormat.json:
            write_json(findings, summary, out)
        elif fmt is OutputFormat.csv:
            write_csv(findings, out)
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


def _write_failed(
    output: Path, kind: type[BaseException] | None, exc: BaseException | None, _tb: object
) -> None:
    """A write into ``output`` that failed: the error message, not a traceback."""
    if isinstance(exc, OSError):
        fail(_("cannot write {output}: {error}").format(output=output, error=exc.strerror or exc))


def _shown(findings: tuple[Finding, ...], shown: set[str]) -> list[Finding]:
    return [f for f in findings if f.severity.value in shown]


def register(app: typer.Typer) -> None:
    app.command("check")(check)
