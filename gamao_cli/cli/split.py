"""``gamao split`` and ``gamao merge``: archives into pieces, pieces into one collection."""

from __future__ import annotations

from enum import Enum
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Annotated

import typer

from gamao_cli.cli.common import ExitCode, fail, stderr_console
from gamao_cli.cli.inputs_arg import gather_inputs
from gamao_cli.cli.progress import progress_bar
from gamao_cli.i18n import _, counted

if TYPE_CHECKING:
    from gamao_cli.analysis.match_output import OutputNames
    from gamao_cli.formats.base import FormatInfo
    from gamao_cli.model.match import Match


class SplitChoice(str, Enum):
    match = "match"
    game = "game"
    player = "player"
    event = "event"
    date = "date"


class CollectionFormat(str, Enum):
    mat = "mat"
    sgf = "sgf"
    json = "json"
    jsonl = "jsonl"


def _open_new(path: Path, force: bool) -> Path | None:
    if path.exists() and not force:
        stderr_console().print(
            _("{path}: exists, not overwritten (use --force)").format(path=path), markup=False
        )
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def _write_all(
    path: Path,
    fmt: FormatInfo,
    matches: list[Match],
    force: bool,
    names: OutputNames | None = None,
    source: str | None = None,
) -> bool:
    """``matches`` written to ``path``, or to the name ``names`` (the run's names) gives it
    when another input's piece has ``path`` already (``source``: the input; None: no claim)."""
    from gamao_cli.analysis.match_output import write_match
    from gamao_cli.formats.atomic import atomic_open

    if names is not None and source is not None:
        path = names.claim(path, source)
    target = _open_new(path, force)
    if target is None:
        return False
    try:
        with atomic_open(target, newline="\n") as fh:
            for match in matches:
                write_match(match, fmt, fh)
    except OSError as exc:
        fail(_("cannot write {output}: {error}").format(output=path, error=exc.strerror or exc))
    return True


def split(
    paths: Annotated[list[str], typer.Argument(help="Files or directories ('-' for stdin).")],
    output: Annotated[Path, typer.Option("--output", "-o", help="Directory to write into.")],
    by: Annotated[
        SplitChoice,
        typer.Option(
            "--by", help="One file per match or game, or a collection per player, event or date."
        ),
    ] = SplitChoice.match,
    per_file: Annotated[
        int | None,
        typer.Option("--per-file", help="Put N matches (or games) in each file.", min=1),
    ] = None,
    to: Annotated[
        CollectionFormat | None,
        typer.Option(
            "--to",
            "-t",
            help="Format to write (default: each match's own for one "
            "file a piece, JSON Lines for collections).",
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing files.")] = False,
) -> None:
    """Cut match files into one file per match or game, N per file, or a collection per
    player, event or date, keeping every header tag. Exit code 0; 1 when a file was not
    written; 2 when nothing could be read."""
    from gamao_cli.analysis.match_output import OutputNames, relative_name
    from gamao_cli.analysis.splitting import split_pieces
    from gamao_cli.formats.inputs import is_match_record, read_path

    # a file named twice is cut once
    rooted = [(item, relative_name(item, root)) for item, root in gather_inputs(paths).rooted]
    found: list[tuple[PurePath, list[Match]]] = []
    with progress_bar(len(rooted), "splitting") as advance:
        for item, rel in rooted:
            found.append((rel, [m for m in read_path(item) if is_match_record(m)]))
            advance(1)
    read = sum(len(matches) for _rel, matches in found)
    if not read:
        fail(_("no match could be read from {paths}").format(paths=", ".join(paths)))
    names = OutputNames()
    done = [
        _write_all(output / p.name, p.fmt, p.matches, force, names, p.source)
        for p in split_pieces(found, by.value, per_file, to.value if to else None)
    ]
    stderr_console().print(
        _("{read} read, {written} written").format(
            read=counted("match", read), written=counted("file", sum(done))
        ),
        markup=False,
    )
    raise typer.Exit(ExitCode.OK if all(done) else ExitCode.FINDINGS)


def merge(
    paths: Annotated[list[str], typer.Argument(help="Files or directories ('-' for stdin).")],
    output: Annotated[Path, typer.Option("--output", "-o", help="The collection to write.")],
    to: Annotated[
        CollectionFormat | None,
        typer.Option("--to", "-t", help="Format (default: from the output's extension)."),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
) -> None:
    """Put the matches of many files into one .mat, SGF or JSON Lines collection, in input
    order; the games of a match split by game are joined again. Exit code 0; 1 when the
    output exists; 2 when nothing could be read."""
    from gamao_cli.analysis.splitting import join_games
    from gamao_cli.formats.inputs import is_match_record, read_path
    from gamao_cli.formats.registry import by_extension, by_name

    fmt = by_name(to.value) if to else by_extension(output.name)
    if fmt is None or fmt.write is None:
        fail(
            _(
                "{output}: give --to mat|sgf|jsonl (the extension names no format gamao writes)"
            ).format(output=output)
        )
    if fmt.name == "json":
        fmt = by_name("jsonl")  # one JSON document cannot hold several matches
    items = gather_inputs(paths).items
    matches: list[Match] = []
    with progress_bar(len(items), "merging") as advance:
        for item in items:
            matches.extend(m for m in read_path(item) if is_match_record(m))
            advance(1)
    if not matches:
        fail(_("no match could be read from {paths}").format(paths=", ".join(paths)))
    joined = list(join_games(matches))
    ok = _write_all(output, fmt, joined, force)
    stderr_console().print(
        _("{files}, {matches} written to {output}").format(
            files=counted("file", len(items)), matches=counted("match", len(joined)),
            output=output,
        ) if ok else _("{files} read, nothing written").format(files=counted("file", len(items))),
        markup=False,
    )  # fmt: skip
    raise typer.Exit(ExitCode.OK if ok else ExitCode.FINDINGS)


def register(app: typer.Typer) -> None:
    app.command("split")(split)
    app.command("merge")(merge)
