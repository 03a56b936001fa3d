"""``gamao convert``: rewrite match files in another format, normalised."""

from __future__ import annotations

import sys
from contextlib import ExitStack
from enum import Enum
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Annotated, NoReturn, TextIO

import typer

from gamao_cli.analysis.match_output import OutputNames, derived_name, relative_name
from gamao_cli.cli.common import ExitCode, fail, say_exists, stderr_console
from gamao_cli.cli.executor_options import LOCAL, ParallelOpts, executor_for
from gamao_cli.cli.progress import progress_bar
from gamao_cli.cli.rules_options import NO_RULE_ARGS, VariantOpts
from gamao_cli.formats.atomic import atomic_open
from gamao_cli.i18n import _, counted

if TYPE_CHECKING:
    from gamao_cli.formats.inputs import InputFile


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
    from gamao_cli.analysis.conversion import convert_small
    from gamao_cli.analysis.summary import RunSummary
    from gamao_cli.formats.inputs import Repeats, iter_input_files
    from gamao_cli.formats.registry import by_name

    fmt = by_name(to.value)
    options = rule_args.check_options()
    exts = {e.strip().lstrip(".").lower() for e in extensions.split(",")} if extensions else None
    rooted: list[tuple[InputFile, PurePath]] = []
    repeats = Repeats()
    for arg in inputs:
        root = Path(arg)
        for found in iter_input_files([arg], exts, repeats):
            rooted.append((found, relative_name(found, root)))
    items = [found for found, _ in rooted]
    if not items:
        fail(_("no input files found in {paths}").format(paths=", ".join(inputs)))
    err = stderr_console()
    counts = {"files": 0, "matches": 0, "games": 0, "diagnostics": 0, "written": 0}
    problems = False
    summary = RunSummary(repeated=repeats.dropped)
    to_stdout = output in (None, "-")
    single_file = (
        not to_stdout
        and output is not None
        and (
            (to is Target.jsonl and output.endswith(".jsonl"))
            or (
                len(items) == 1
                and not items[0].is_stdin
                and Path(output).suffix != ""
                and not Path(output).is_dir()
            )
        )
    )
    out_dir = None if to_stdout or single_file else Path(output or ".")
    shared: TextIO | None = sys.stdout if to_stdout else None
    if single_file:
        assert output is not None
        target = Path(output)
        if target.exists() and not force:
            fail(_("{target} exists (use --force to overwrite)").format(target=target))
        target.parent.mkdir(parents=True, exist_ok=True)
    # The one output file is opened at the first match to write (none: no file at all) and
    # appears whole when the run ends, never half written (formats.atomic).
    single = ExitStack()
    names = OutputNames()
    if len(items) == 1 and out_dir is None:
        # One input to one stream: converted in this process as it is read, a long match a
        # part at a time (analysis.conversion_parts); the loop below then has nothing to do.
        from gamao_cli.analysis.conversion_parts import convert_streamed

        def sink() -> TextIO:
            nonlocal shared
            if shared is None:
                shared = single.enter_context(atomic_open(Path(str(output)), newline="\n"))
            return shared

        with single, progress_bar(1, "converting") as advance:
            try:
                streamed = convert_streamed(items[0], to.value, options, sink)
            except OSError as exc:
                _cannot_write(Path(output or "-"), exc)
            advance(1)
        for message in streamed.messages:
            err.print(message, markup=False, highlight=False)
        counts["files"] = 1
        summary.add(streamed.tally)
        counts["diagnostics"] = streamed.diagnostics
        counts["matches"] = streamed.matches
        counts["games"] = streamed.games
        problems = streamed.problems
        rooted = []
        single = ExitStack()
    work = [(item, to.value, options) for item, _rel in rooted]
    stdin = any(item.is_stdin for item in items)
    with (
        single,
        executor_for(parallel, [i for i, _rel in rooted]) as runner,
        progress_bar(len(items), "converting") as advance,
    ):
        results = runner.map(convert_small, work, serial=stdin)
        for (item, rel), done in zip(rooted, results, strict=True):
            counts["files"] += 1
            if done is None:  # a large input (or stdin): converted here as it is read
                from gamao_cli.cli.convert_here import convert_here

                def shared_sink() -> TextIO:
                    nonlocal shared
                    if shared is None:
                        shared = single.enter_context(atomic_open(Path(str(output)), newline="\n"))
                    return shared

                try:
                    here = convert_here(
                        item, rel, to.value, options,
                        shared=shared_sink if out_dir is None else None, out_dir=out_dir,
                        names=names, ext=fmt.extensions[0], force=force,
                    )  # fmt: skip
                except OSError as exc:
                    _cannot_write(out_dir or Path(output or "-"), exc)
                summary.add(here.streamed.tally)
                counts["diagnostics"] += here.streamed.diagnostics
                counts["matches"] += here.streamed.matches
                counts["games"] += here.streamed.games
                counts["written"] += here.written
                problems = problems or here.streamed.problems or here.refused
                advance(1)
                continue
            summary.add(done.tally)
            for message in done.messages:
                err.print(message, markup=False, highlight=False)
            counts["diagnostics"] += done.diagnostics
            problems = problems or done.problems
            if not done.texts:
                advance(1)
                continue
            counts["matches"] += len(done.texts)
            counts["games"] += done.games
            if single_file and shared is None:
                shared = single.enter_context(atomic_open(Path(str(output)), newline="\n"))
            if shared is not None:
                try:
                    for text in done.texts:
                        shared.write(text)
                except OSError as exc:
                    _cannot_write(Path(output or "-"), exc)
            else:
                assert out_dir is not None
                for k, text in enumerate(done.texts):
                    dest = out_dir / derived_name(rel, k, len(done.texts), fmt.extensions[0])
                    # Two inputs with one stem (7point.mat, 7point.sgf): 7point.2.sgf.
                    dest = names.claim(dest, item.name)
                    if dest.exists() and not force:
                        say_exists(dest)
                        problems = True
                        continue
                    dest.parent.mkdir(parents=True, exist_ok=True)
                    try:
                        with atomic_open(dest, newline="\n") as fh:
                            fh.write(text)
                    except OSError as exc:
                        _cannot_write(dest, exc)
                    counts["written"] += 1
            advance(1)
    from gamao_cli.report.summary_out import run_line

    converted = _(" converted to {format}").format(format=to.value)
    if out_dir is not None:
        converted += _(" ({files} written)").format(files=counted("file", counts["written"]))
    err.print(run_line(summary, (converted,)), markup=False, highlight=False)
    if counts["matches"] == 0 or summary.unreadable:
        raise typer.Exit(ExitCode.CANNOT_RUN)
    raise typer.Exit(ExitCode.FINDINGS if problems else ExitCode.OK)


def _cannot_write(path: Path, exc: OSError) -> NoReturn:
    fail(_("cannot write {output}: {error}").format(output=path, error=exc.strerror or exc))


def register(app: typer.Typer) -> None:
    app.command("convert")(convert)
