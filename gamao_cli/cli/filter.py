"""``gamao filter``: the matches that satisfy an expression or reach a position."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from gamao_cli.cli.common import ExitCode, OutputFormat, fail, stderr_console
from gamao_cli.cli.executor_options import LOCAL, ParallelOpts, executor_for
from gamao_cli.cli.progress import progress_bar
from gamao_cli.i18n import _, counted

if TYPE_CHECKING:
    from gamao_cli.analysis.filtering import Selected
    from gamao_cli.engine.position import Position
    from gamao_cli.model.match import Variant


def filter_matches(
    paths: Annotated[list[str], typer.Argument(help="Files or directories ('-' for stdin).")],
    where: Annotated[
        str | None,
        typer.Option(
            "--where",
            "-w",
            help='An expression over match fields, e.g. "player = nori and length >= 7" '
            "(docs/filter.md).",
        ),
    ] = None,
    reaches: Annotated[
        str | None,
        typer.Option(
            "--reaches",
            help="Only matches in which this position occurs (XGID, PositionID:MatchID, "
            "Position ID, or gamao's position string GAMAO=... for that variant's matches); "
            "the places are listed.",
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write the selected matches into this directory."),
    ] = None,
    to: Annotated[
        str | None,
        typer.Option("--to", "-t", help="Write them in this format (mat, sgf, json, jsonl)."),
    ] = None,
    rejected: Annotated[
        Path | None,
        typer.Option("--rejected", help="Write the matches not selected into this directory."),
    ] = None,
    list_only: Annotated[
        bool, typer.Option("--list", help="List the selected matches (the default without -o).")
    ] = False,
    fmt: Annotated[
        OutputFormat, typer.Option("--format", "-f", help="Format of the list.")
    ] = OutputFormat.text,
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing files.")] = False,
    parallel: ParallelOpts = LOCAL,
) -> None:
    """Select matches by their fields and by the positions they reach.

    Without -o the selected matches are listed on stdout. With -o (and --rejected) they are
    written out: a file whose every match is selected is copied as it is; other matches are
    written one file each, in their own format (or --to). Exit code 0: matches selected;
    1: none; 2: bad usage or an unreadable input.
    """
    from gamao_cli.analysis.check import collect_inputs
    from gamao_cli.analysis.filtering import filter_files
    from gamao_cli.analysis.summary import RunSummary
    from gamao_cli.analysis.where import WhereError, parse_where
    from gamao_cli.cli.match_output import DirectorySink, relative_name
    from gamao_cli.engine.ids import IdError
    from gamao_cli.formats.registry import UnknownFormatError, by_name

    if where is None and reaches is None:
        fail(_("nothing to select by: give --where EXPR and/or --reaches POSITION"))
    try:
        if where:
            parse_where(where)
        target, variant = _target(reaches) if reaches else (None, None)
        if to is not None and by_name(to).write is None:
            fail(_("gamao cannot write {to}").format(to=to))
    except (WhereError, IdError, UnknownFormatError, ValueError) as exc:
        fail(f"{exc}")
    from gamao_cli.formats.inputs import Repeats

    repeats = Repeats()
    rooted = [(item, Path(arg)) for arg in paths for item in collect_inputs([arg], None, repeats)]
    items = [item for item, _ in rooted]
    if not items:
        fail(_("no input files found in {paths}").format(paths=", ".join(paths)))
    writing = output is not None or rejected is not None
    sinks = {
        True: DirectorySink(output, to, force) if output is not None else None,
        False: DirectorySink(rejected, to, force) if rejected is not None else None,
    }
    selected: list[Selected] = []
    counts = {"matches": 0, "selected": 0}
    summary = RunSummary(repeated=repeats.dropped)
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
        for (item, root), selection in zip(rooted, results, strict=True):
            summary.add(selection.tally)
            found = selection.selected
            if not found:
                continue
            counts["matches"] += len(found)
            passed = [s for s in found if s.passed]
            counts["selected"] += len(passed)
            selected.extend(passed)
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
    if list_only or not writing:
        _write_list(selected, fmt, sys.stdout)
    err = stderr_console()
    for sink in sinks.values():
        for path in sink.refused if sink is not None else ():
            err.print(
                _("{path}: exists, not overwritten (use --force)").format(path=path), markup=False
            )
    written = sum(s.written for s in sinks.values() if s is not None)
    from gamao_cli.report.summary_out import run_line

    details = [counted("selected", counts["selected"])]
    if writing:
        details.append(_("{files} written").format(files=counted("file", written)))
    err.print(run_line(summary, details), markup=False, highlight=False)
    if summary.unreadable:
        raise typer.Exit(ExitCode.CANNOT_RUN)
    raise typer.Exit(ExitCode.OK if counts["selected"] else ExitCode.FINDINGS)


def _target(text: str) -> tuple[Position, Variant | None]:
    """The position ``--reaches`` names, and its variant when the text says (a gamao position
    string); ValueError or IdError naming what is wrong."""
    from gamao_cli.cli.position_arg import parse_position
    from gamao_cli.engine import gamao_id

    if text.strip().upper().startswith(gamao_id.PREFIX):
        rs, position = gamao_id.decode(text)
        return position, rs.variant
    return parse_position(text).position, None


def _rows(selected: list[Selected]) -> list[dict[str, object]]:
    return [
        {
            "file": s.file,
            "match": s.index,
            "players": list(s.match.players),
            "reaches": [{"game": h.game, "move": h.move, "line": h.line} for h in s.hits],
        }
        for s in selected
    ]


def _write_list(selected: list[Selected], fmt: OutputFormat, out: TextIO) -> None:
    if fmt is OutputFormat.json:
        out.write(json.dumps(_rows(selected), indent=2) + "\n")  # one write, not a token each
    elif fmt is OutputFormat.jsonl:
        for row in _rows(selected):
            out.write(json.dumps(row, separators=(",", ":")) + "\n")
    elif fmt is OutputFormat.csv:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(("file", "match", "player_1", "player_2", "game", "move", "line"))
        for s in selected:
            for h in s.hits or (None,):
                where = ("", "", "") if h is None else (h.game, h.move, h.line)
                writer.writerow((s.file, s.index, *s.match.players, *where))
    else:
        from gamao_cli.model.terminal_text import terminal_safe

        for s in selected:  # names and file names escaped for the terminal, as written
            out.write(terminal_safe(f"{s.file}#{s.index}  {' vs '.join(s.match.players)}") + "\n")
            for h in s.hits:
                place = "at the start" if h.move == 0 else f"after move {h.move}"
                out.write(f"  game {h.game} {place} (line {h.line})\n")


def register(app: typer.Typer) -> None:
    app.command("filter")(filter_matches)
