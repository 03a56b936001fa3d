"""``gamao show FILE`` for a position file: the board, its IDs, legal plays, the analysis."""

from __future__ import annotations

from pathlib import Path

import typer

from gamao_cli.cli.common import fail
from gamao_cli.cli.position_file import (
    PositionFileError,
    checker_lines,
    cube_lines,
    read_file_position,
    warnings_of,
    xgid_of,
)
from gamao_cli.engine.board_text import MARKS, draw_board
from gamao_cli.engine.play_list import plays_line
from gamao_cli.engine.plays import legal_plays
from gamao_cli.engine.ruleset import STANDARD
from gamao_cli.i18n import _
from gamao_cli.model.terminal_text import terminal_safe


def show_position(file: Path, number: int) -> None:
    """Print position ``number`` of ``file`` (exit 2 with one line if there is none)."""
    try:
        fp = read_file_position(str(file), number)
    except PositionFileError as exc:
        fail(str(exc))
    for line in warnings_of(fp):
        typer.echo(line, err=True)
    arg = fp.arg
    start = fp.game.start
    written = start.text if start is not None and start.text else ""
    lines = [
        _("{file} position {number}").format(file=file, number=number)
        + (f": {terminal_safe(written)}" if written else "")
    ]
    problems = arg.position.problems()
    if problems:
        lines.append(" " + _("The position is impossible: {problems}").format(problems=problems[0]))
        typer.echo("\n".join(lines))
        return
    lines.append(
        draw_board(
            arg.position,
            fp.names,
            cube_value=arg.cube_value,
            cube_owner=arg.cube_owner,
            score=arg.score,
            match_length=arg.match_length,
            dice=arg.dice,
            crawford=bool(fp.game.crawford),
        ).rstrip("\n")
    )
    xgid = xgid_of(fp)
    if xgid:
        lines.append(f" {xgid}")
    turn = arg.position.turn
    if fp.double_offered:
        lines.append(
            " "
            + _("{mark} has doubled: {other} to take or pass").format(
                mark=MARKS[turn], other=MARKS[1 - turn]
            )
        )
    elif arg.dice is None:
        lines.append(
            " " + _("A cube decision (no dice): gamao moves FILE --dice D lists the plays")
        )
    else:
        lines.append(
            " "
            + plays_line(legal_plays(STANDARD, arg.position.mover, arg.position.opponent, arg.dice))
        )
    ann = fp.annotation
    if ann is not None and ann.checker is not None and ann.checker.candidates:
        lines += checker_lines(ann.checker, ann.source)
    if ann is not None and ann.cube is not None:
        lines += cube_lines(ann.cube, ann.source)
    lines += [f" ; {terminal_safe(comment)}" for comment in fp.match.comments]
    typer.echo("\n".join(lines))
