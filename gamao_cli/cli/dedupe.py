"""``gamao dedupe``: find the same match saved twice, in any format or notation."""

from __future__ import annotations

from contextlib import ExitStack
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from gamao_cli.cli.common import ExitCode, OutputFormat, fail, stderr_console, text_output
from gamao_cli.cli.corpus_options import PathsArg
from gamao_cli.cli.executor_options import LOCAL, ParallelOpts, executor_for
from gamao_cli.cli.inputs_arg import gather_inputs
from gamao_cli.cli.progress import progress_bar
from gamao_cli.i18n import _

if TYPE_CHECKING:
    pass


class ByChoice(str, Enum):
    actions = "actions"
    positions = "positions"


class KeepChoice(str, Enum):
    first = "first"
    longest = "longest"
    analysed = "analysed"


ByOpt = Annotated[
    ByChoice,
    typer.Option("--by", help="What makes two matches equal: every action, or the positions only."),
]
AgainstOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--against",
        help="A reference corpus: its matches count as seen, and are never kept (repeatable).",
    ),
]
KeepOpt = Annotated[
    KeepChoice,
    typer.Option("--keep", help="Which copy of a duplicated match to keep."),
]
WriteDupesOpt = Annotated[
    Path | None,
    typer.Option(
        "--write-dupes",
        help="Write the copies not kept here (a one-match file is copied as it is; a "
        "match of a longer file is written as gamao JSON).",
    ),
]
FormatOpt = Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format.")]
OutputOpt = Annotated[
    Path | None, typer.Option("--output", "-o", help="Write the groups here, not stdout.")
]


def dedupe(
    paths: PathsArg,
    by: ByOpt = ByChoice.actions,
    against: AgainstOpt = None,
    keep: KeepOpt = KeepChoice.first,
    write_dupes: WriteDupesOpt = None,
    fmt: FormatOpt = OutputFormat.text,
    output: OutputOpt = None,
    parallel: ParallelOpts = LOCAL,
) -> None:
    """Group identical matches by fingerprint (docs/dedupe.md) and report the duplicates.

    Exit code 0: no duplicates; 1: duplicates or near-duplicates found; 2: bad usage or an
    input from which no match could be read.
    """
    from gamao_cli.analysis.check import collect_inputs
    from gamao_cli.analysis.dedupe import dedupe as run_dedupe
    from gamao_cli.report import dedupe_out

    given = gather_inputs(paths)
    items = given.items
    reference = collect_inputs(against) if against else []
    if against and not reference:
        fail(_("no reference files found in {paths}").format(paths=", ".join(against)))
    with (
        executor_for(parallel, [*items, *reference]) as runner,
        progress_bar(len(items) + len(reference), "fingerprinting") as advance,
    ):
        result = run_dedupe(
            items, by.value, against=reference, keep=keep.value, executor=runner, progress=advance
        )
    with ExitStack() as stack:
        out = text_output(stack, output)
        writer = {
            OutputFormat.text: dedupe_out.write_text,
            OutputFormat.json: dedupe_out.write_json,
            OutputFormat.jsonl: dedupe_out.write_jsonl,
            OutputFormat.csv: dedupe_out.write_csv,
        }[fmt]
        try:
            writer(result, out)
        except OSError as exc:
            fail(_("cannot write {output}: {error}").format(output=output, error=exc.strerror))
    if write_dupes is not None:
        from gamao_cli.analysis.dedupe_copies import write_duplicates

        try:
            write_duplicates(result, items, write_dupes)
        except OSError as exc:
            fail(
                _("cannot write duplicates to {root}: {error}").format(
                    root=write_dupes, error=exc.strerror or exc
                )
            )
    result.summary.repeated = given.repeated
    stderr_console().print(dedupe_out.summary_line(result), markup=False)
    if result.unreadable:
        raise typer.Exit(ExitCode.CANNOT_RUN)
    found = result.duplicates or result.near
    raise typer.Exit(ExitCode.FINDINGS if found else ExitCode.OK)


def register(app: typer.Typer) -> None:
    app.command("dedupe")(dedupe)
