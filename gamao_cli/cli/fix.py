"""``gamao fix``: opt-in repairs, each named by the finding it repairs, never silent."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from gamao_cli.cli.common import ExitCode, OutputFormat, fail, stderr_console
from gamao_cli.cli.inputs_arg import gather_inputs
from gamao_cli.cli.progress import progress_bar
from gamao_cli.i18n import _

if TYPE_CHECKING:
    pass


PathsArg = Annotated[list[str], typer.Argument(help="Files or directories.")]
OutputOpt = Annotated[
    Path | None,
    typer.Option("--output", "-o", help="Write the repaired archive into this directory."),
]
InPlaceOpt = Annotated[
    bool, typer.Option("--in-place", help="Rewrite the repaired files where they are.")
]
FormatOpt = Annotated[
    OutputFormat, typer.Option("--format", "-f", help="Format of the list of repairs.")
]
ForceOpt = Annotated[bool, typer.Option("--force", help="Overwrite files in OUT.")]


def fix(
    paths: PathsArg,
    output: OutputOpt = None,
    in_place: InPlaceOpt = False,
    fmt: FormatOpt = OutputFormat.text,
    force: ForceOpt = False,
) -> None:
    """Repair what the replay knows for certain (docs/fix.md): a forced play left out, a
    Wins line's points, a wrong winner, a missing result or score line. Every repair is
    listed with its finding code; with -o every file is written into OUT (repaired, or
    copied as it was); with --in-place only repaired files are rewritten. Without either,
    the repairs are only listed. Exit code 0: nothing left to repair; 1: errors remain;
    2: bad usage or nothing could be read."""
    from gamao_cli.analysis.match_output import OutputNames, relative_name
    from gamao_cli.analysis.repair import Fix, repair_match
    from gamao_cli.analysis.repair_output import RepairWriteError, save_repairs
    from gamao_cli.formats.inputs import is_match_record, read_path
    from gamao_cli.report.fix_out import fix_summary, write_repairs

    if output is not None and in_place:
        fail(_("give -o OUT or --in-place, not both"))

    # a file named twice is repaired once
    rooted = [
        (it, relative_name(it, root)) for it, root in gather_inputs(paths, stdin=False).rooted
    ]
    listed: list[tuple[str, Fix]] = []
    remaining = reverted = matches = 0
    names = OutputNames()
    with progress_bar(len(rooted), "repairing") as advance:
        for item, rel in rooted:
            found = [m for m in read_path(item) if is_match_record(m)]
            advance(1)
            if not found:
                continue
            matches += len(found)
            repairs = [repair_match(m) for m in found]
            listed.extend((item.name, f) for r in repairs for f in r.fixes)
            remaining += sum(len(r.unrepaired) for r in repairs)
            reverted += sum(r.reverted for r in repairs)
            target = output / rel if output is not None else item.path if in_place else None
            if target is not None and item.path is not None:
                into = names if output is not None else None
                try:
                    save_repairs(item, found, repairs, target, into, force, _notice)
                except RepairWriteError as exc:
                    fail(
                        _("cannot write {output}: {error}").format(
                            output=exc.target, error=exc.error.strerror or exc.error
                        )
                    )
    write_repairs(listed, fmt.value, sys.stdout)
    err = stderr_console()
    err.print(fix_summary(len(rooted), matches, len(listed), remaining, reverted), markup=False)
    if output is None and not in_place and listed:
        err.print(
            _("nothing written: the repairs are only listed (-o DIR writes the repaired files "
              "into DIR, --in-place rewrites them)"),
            markup=False,
        )  # fmt: skip
    if not matches:
        raise typer.Exit(ExitCode.CANNOT_RUN)
    raise typer.Exit(ExitCode.FINDINGS if remaining else ExitCode.OK)


def _notice(message: str) -> None:
    stderr_console().print(message, markup=False)


def register(app: typer.Typer) -> None:
    app.command("fix")(fix)
