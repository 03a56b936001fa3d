"""``gamao filter``: the matches that satisfy an expression or reach a position."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from gamao_cli.cli.common import ExitCode, ForceOpt, OutputFormat, fail, stderr_console
from gamao_cli.cli.corpus_options import PathsArg
from gamao_cli.cli.executor_options import LOCAL, ParallelOpts, executor_for
from gamao_cli.cli.inputs_arg import gather_inputs
from gamao_cli.cli.progress import progress_bar
from gamao_cli.i18n import _, counted

if TYPE_CHECKING:
    from collections.abc import Iterator

    from gamao_cli.analysis.filtering import FileSelection, Selected
    from gamao_cli.analysis.match_output import DirectorySink
    from gamao_cli.analysis.summary import RunSummary
    from gamao_cli.engine.position import Position
    from gamao_cli.formats.inputs import InputFile
    from gamao_cli.model.match import Variant

WhereOpt = Annotated[
    str | None,
    typer.Option(
        "--where",
        "-w",
        help='An expression over match fields, e.g. "player = nori and length >= 7" '
        "(docs/filter.md).",
    ),
]
ReachesOpt = Annotated[
    str | None,
    typer.Option(
        "--reaches",
        help="Only matches in which this position occurs (XGID, PositionID:MatchID, "
        "Position ID, or gamao's position string GAMAO=... for that variant's matches); "
        "the places are listed.",
    ),
]
OutputOpt = Annotated[
    Path | None,
    typer.Option("--output", "-o", help="Write the selected matches into this directory."),
]
ToOpt = Annotated[
    str | None,
    typer.Option("--to", "-t", help="Write them in this format (mat, sgf, json, jsonl)."),
]
RejectedOpt = Annotated[
    Path | None,
    typer.Option("--rejected", help="Write the matches not selected into this directory."),
]
ListOpt = Annotated[
    bool, typer.Option("--list", help="List the selected matches (the default without -o).")
]
ListFormatOpt = Annotated[OutputFormat, typer.Option("--format", "-f", help="Format of the list.")]


def filter_matches(
    paths: PathsArg,
    where: WhereOpt = None,
    reaches: ReachesOpt = None,
    output: OutputOpt = None,
    to: ToOpt = None,
    rejected: RejectedOpt = None,
    list_only: ListOpt = False,
    fmt: ListFormatOpt = OutputFormat.text,
    force: ForceOpt = False,
    parallel: ParallelOpts = LOCAL,
) -> None:
    """Select matches by their fields and by the positions they reach.

    Without -o the selected matches are listed on stdout. With -o (and --rejected) they are
    written out: a file whose every match is selected is copied as it is; other matches are
    written one file each, in their own format (or --to). Exit code 0: matches selected;
    1: none; 2: bad usage or an unreadable input.
    """
    from gamao_cli.analysis.filtering import filter_files
    from gamao_cli.analysis.match_output import DirectorySink
    from gamao_cli.analysis.summary import RunSummary
    from gamao_cli.report.filter_out import write_selected
    from gamao_cli.report.summary_out import run_line

    target, variant = _usage(where, reaches, to)
    given = gather_inputs(paths)
    rooted, items = given.rooted, given.items
    writing = output is not None or rejected is not None
    sinks = {
        True: DirectorySink(output, to, force) if output is not None else None,
        False: DirectorySink(rejected, to, force) if rejected is not None else None,
    }
    summary = RunSummary(repeated=given.repeated)
    with (
        executor_for(parallel, items) as runner,
        progress_bar(len(items), "filtering") as advance,
    ):
        results = filter_files(
            items,
            where,
            target,
            variant=variant,
            keep_matches=writing,
            executor=runner,
            progress=advance,
        )
        selected = _route(zip(rooted, results, strict=True), sinks, summary)
    if list_only or not writing:
        write_selected(selected, fmt.value, sys.stdout)
    details = [counted("selected", len(selected))]
    if writing:
        details.append(_("{files} written").format(files=counted("file", _refused(sinks))))
    stderr_console().print(run_line(summary, details), markup=False, highlight=False)
    if summary.unreadable:
        raise typer.Exit(ExitCode.CANNOT_RUN)
    raise typer.Exit(ExitCode.OK if selected else ExitCode.FINDINGS)


def _usage(
    where: str | None, reaches: str | None, to: str | None
) -> tuple[Position | None, Variant | None]:
    """The options checked (exit 2 naming what is wrong): the position --reaches names."""
    from gamao_cli.analysis.filtering import reaches_target
    from gamao_cli.analysis.where import WhereError, parse_where
    from gamao_cli.engine.ids import IdError
    from gamao_cli.formats.registry import UnknownFormatError, by_name

    if where is None and reaches is None:
        fail(_("nothing to select by: give --where EXPR and/or --reaches POSITION"))
    try:
        if where:
            parse_where(where)
        target, variant = reaches_target(reaches) if reaches else (None, None)
        if to is not None and by_name(to).write is None:
            fail(_("gamao cannot write {to}").format(to=to))
    except (WhereError, IdError, UnknownFormatError, ValueError) as exc:
        fail(f"{exc}")
    return target, variant


def _route(
    done: Iterator[tuple[tuple[InputFile, Path], FileSelection]],
    sinks: dict[bool, DirectorySink | None],
    summary: RunSummary,
) -> list[Selected]:
    """Each input's selection counted, its matches written to the sink of their side
    (selected or rejected); the selected matches."""
    from gamao_cli.analysis.match_output import relative_name

    selected: list[Selected] = []
    for (item, root), selection in done:
        summary.add(selection.tally)
        found = selection.selected
        if not found:
            continue
        selected.extend(s for s in found if s.passed)
        for flag, sink in sinks.items():
            chosen = [s.match for s in found if s.passed is flag]
            if sink is not None and chosen:
                try:
                    rel = relative_name(item, root)
                    sink.add_file(item, rel, chosen, whole=len(chosen) == len(found))
                except OSError as exc:
                    fail(
                        _("cannot write into {root}: {error}").format(
                            root=sink.root, error=exc.strerror or exc
                        )
                    )
    return selected


def _refused(sinks: dict[bool, DirectorySink | None]) -> int:
    """The outputs not overwritten said on stderr; the number of files written."""
    err = stderr_console()
    for sink in sinks.values():
        for path in sink.refused if sink is not None else ():
            err.print(
                _("{path}: exists, not overwritten (use --force)").format(path=path), markup=False
            )
    return sum(s.written for s in sinks.values() if s is not None)


def register(app: typer.Typer) -> None:
    app.command("filter")(filter_matches)
