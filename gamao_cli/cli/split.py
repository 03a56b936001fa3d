"""``gamao split`` and ``gamao merge``: archives into pieces, pieces into one collection."""

from __future__ import annotations

from enum import Enum
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Annotated

import typer

from gamao_cli.cli.common import ExitCode, fail, stderr_console
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
    names: tuple[OutputNames, str] | None = None,
) -> bool:
    """``matches`` written to ``path``, or to the name ``names`` (the run's names, the input)
    gives it when another input's piece has ``path`` already."""
    from gamao_cli.analysis.match_output import write_match
    from gamao_cli.formats.atomic import atomic_open

    if names is not None:
        path = names[0].claim(path, names[1])
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
    from gamao_cli.analysis.check import collect_inputs
    from gamao_cli.analysis.match_output import OutputNames, derived_name, relative_name, writer_for
    from gamao_cli.analysis.splitting import games_as_matches, group_keys
    from gamao_cli.formats.inputs import Repeats, is_match_record, read_path
    from gamao_cli.formats.registry import by_name

    repeats = Repeats()  # a file named twice is cut once
    rooted = [(item, relative_name(item, Path(arg))) for arg in paths
              for item in collect_inputs([arg], None, repeats)]  # fmt: skip
    if not rooted:
        fail(_("no input files found in {paths}").format(paths=", ".join(paths)))
    collection = by_name((to or CollectionFormat.jsonl).value)
    pieces: list[tuple[PurePath, int, int, Match]] = []  # rel, index, count, piece
    groups: dict[str, list[Match]] = {}
    read = 0
    with progress_bar(len(rooted), "splitting") as advance:
        for item, rel in rooted:
            matches = [m for m in read_path(item) if is_match_record(m)]
            read += len(matches)
            units = [g for m in matches for g in games_as_matches(m)] if by is SplitChoice.game \
                else matches  # fmt: skip
            if by in (SplitChoice.match, SplitChoice.game):
                pieces.extend((rel, k, len(units), u) for k, u in enumerate(units))
            else:
                for match in units:
                    for key in group_keys(match, by.value):
                        groups.setdefault(key, []).append(match)
            advance(1)
    if not read:
        fail(_("no match could be read from {paths}").format(paths=", ".join(paths)))
    ok = True
    written = 0
    names = OutputNames()
    if per_file is not None and pieces:
        every = [p[3] for p in pieces]
        for n, start in enumerate(range(0, len(every), per_file)):
            part = f"part-{n + 1:04d}.{collection.extensions[0]}"
            if _write_all(output / part, collection, every[start : start + per_file], force):
                written += 1
            else:
                ok = False
    elif pieces:
        for rel, k, count, unit in pieces:
            fmt = by_name(to.value) if to else writer_for(unit, None)
            ext = fmt.extensions[0]
            name: PurePath = derived_name(rel, k, count, ext)
            if by is SplitChoice.game:
                # Numbers padded, so that a directory listing is in game order.
                width = len(str(count))
                stem = rel.stem if rel.suffix else rel.name
                name = rel.with_name(f"{stem}-game{unit.games[0].number:0{width}d}.{ext}")
            if _write_all(output / name, fmt, [unit], force, (names, str(rel))):
                written += 1
            else:
                ok = False
    for key, members in sorted(groups.items()):
        chunks = [members] if per_file is None else [
            members[i : i + per_file] for i in range(0, len(members), per_file)
        ]  # fmt: skip
        for n, chunk in enumerate(chunks):
            part = "" if len(chunks) == 1 else f"-{n + 1:04d}"
            if _write_all(output / f"{key}{part}.{collection.extensions[0]}", collection, chunk,
                          force):  # fmt: skip
                written += 1
            else:
                ok = False
    stderr_console().print(
        _("{read} read, {written} written").format(
            read=counted("match", read), written=counted("file", written)
        ),
        markup=False,
    )
    raise typer.Exit(ExitCode.OK if ok else ExitCode.FINDINGS)


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
    from gamao_cli.analysis.check import collect_inputs
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
    items = collect_inputs(paths)
    if not items:
        fail(_("no input files found in {paths}").format(paths=", ".join(paths)))
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
