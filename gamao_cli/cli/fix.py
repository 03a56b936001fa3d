"""``gamao fix``: opt-in repairs, each named by the finding it repairs, never silent."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from gamao_cli.cli.common import ExitCode, OutputFormat, fail, stderr_console
from gamao_cli.cli.inputs_arg import gather_inputs
from gamao_cli.cli.progress import progress_bar
from gamao_cli.i18n import _

if TYPE_CHECKING:
    from gamao_cli.analysis.match_output import OutputNames
    from gamao_cli.analysis.repair import Repair
    from gamao_cli.formats.base import FormatInfo
    from gamao_cli.formats.inputs import InputFile
    from gamao_cli.model.match import Match


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
                _save(item, found, repairs, target, names if output is not None else None, force)
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


def _save(
    item: InputFile,
    found: list[Match],
    repairs: list[Repair],
    target: Path,
    names: OutputNames | None,
    force: bool,
) -> None:
    """One file's repairs written to ``target`` (in place when ``names`` is None: the
    output's names when it goes into OUT); an unrepaired file is copied into OUT as it was."""
    from gamao_cli.analysis.match_output import writer_for

    assert item.path is not None
    if not any(r.fixes for r in repairs):
        if names is not None:
            _place(names.claim(target, item.name), force, partial(_copy, item.path))
        return
    writer = writer_for(repairs[0].match, None)
    if names is None and writer.name != found[0].source_format:
        message = _("{name}: gamao does not write {source_format}; not rewritten in place")
        stderr_console().print(
            message.format(name=item.name, source_format=found[0].source_format), markup=False
        )
        return
    if names is not None:
        if writer.name != found[0].source_format:
            target = target.with_suffix("." + writer.extensions[0])
        target = names.claim(target, item.name)
    repaired = [r.match for r in repairs]
    make = _patched(item.path, found, repaired) if writer.name == "mat" else None
    _place(target, force or names is None, make or partial(_write, repaired, writer))


def _copy(source: Path, target: Path) -> None:
    from gamao_cli.formats.atomic import atomic_path

    with atomic_path(target) as temporary:
        shutil.copyfile(source, temporary)


def _patched(
    source: Path, found: list[Match], repaired: list[Match]
) -> Callable[[Path], None] | None:
    """The repairs written into the file's own text (formats/mat/patch.py), or None when
    they cannot all be placed there (the writer's layout is used then)."""
    from gamao_cli.formats.mat.patch import patch_mat

    if len(found) != len(repaired) or any(m.source_format != "mat" for m in found):
        return None
    try:
        data = patch_mat(source.read_bytes(), list(zip(found, repaired, strict=True)))
    except OSError:
        return None
    return None if data is None else partial(_write_bytes, data)


def _write_bytes(data: bytes, target: Path) -> None:
    from gamao_cli.formats.atomic import atomic_path

    with atomic_path(target) as temporary:
        temporary.write_bytes(data)


def _write(matches: list[Match], writer: FormatInfo, target: Path) -> None:
    from gamao_cli.analysis.match_output import write_match
    from gamao_cli.formats.atomic import atomic_open

    # Whole or not at all: a repair that fails half way leaves the file (--in-place) as it was.
    with atomic_open(target, newline="\n") as fh:
        for m in matches:
            write_match(m, writer, fh)


def _place(target: Path, force: bool, make: Callable[[Path], None]) -> None:
    if target.exists() and not force:
        stderr_console().print(
            _("{path}: exists, not overwritten (use --force)").format(path=target), markup=False
        )
        return
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        make(target)
    except OSError as exc:
        fail(_("cannot write {output}: {error}").format(output=target, error=exc.strerror or exc))


def register(app: typer.Typer) -> None:
    app.command("fix")(fix)
