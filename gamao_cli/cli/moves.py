"""``gamao moves``: every legal play for a position and roll."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from gamao_cli.cli.common import ExitCode, fail
from gamao_cli.cli.position_arg import parse_dice, parse_position
from gamao_cli.engine.board_text import draw_board
from gamao_cli.engine.ids import IdError, position_id_from_boards
from gamao_cli.engine.movegen import legal_plays
from gamao_cli.engine.notation import format_play


def moves(
    position: Annotated[
        str,
        typer.Argument(
            help="XGID=..., a gnubg PositionID:MatchID, or a bare Position ID (player on roll "
            "as gnubg encodes it).",
            show_default=False,
        ),
    ],
    dice: Annotated[
        str | None,
        typer.Option("--dice", "-d", help="The roll, e.g. 31 (default: the dice in the ID)."),
    ] = None,
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="text or json.", metavar="text|json")
    ] = "text",
) -> None:
    """List every legal play for POSITION and a roll."""
    if fmt not in ("text", "json"):
        fail(f"--format '{fmt}': expected text or json")
    try:
        arg = parse_position(position)
    except (IdError, ValueError) as exc:
        fail(str(exc))
    try:
        roll = parse_dice(dice) if dice is not None else arg.dice
    except ValueError as exc:
        fail(str(exc))
    if roll is None:
        fail("no dice: give --dice, e.g. --dice 31 (the position ID has none)")
    problems = arg.position.problems()
    if problems:
        fail(f"position '{position}' is impossible: {problems[0]}")
    plays = legal_plays(arg.position, roll)
    ordered = sorted(plays, key=lambda p: sorted(((-f, -t) for f, t, _ in p.steps)))
    rows = [(format_play(p.steps), position_id_from_boards(p.mover, p.opponent)) for p in ordered]
    if fmt == "json":
        doc = {
            "position_id": position_id_from_boards(arg.position.mover, arg.position.opponent),
            "dice": list(roll),
            "count": len(rows),
            "forced": len(rows) == 1,
            "plays": [{"play": text, "position_id": pid} for text, pid in rows],
        }
        typer.echo(json.dumps(doc, indent=2))
        raise typer.Exit(ExitCode.OK)
    typer.echo(
        draw_board(
            arg.position,
            cube_value=arg.cube_value,
            cube_owner=arg.cube_owner,
            score=arg.score,
            match_length=arg.match_length,
            dice=roll,
        )
    )
    typer.echo("")
    if not rows:
        typer.echo(f"Roll {roll[0]}{roll[1]}: no legal play (the roll cannot be played).")
        return
    width = len(str(len(rows)))
    for i, (text, _pid) in enumerate(rows, start=1):
        typer.echo(f"{i:>{width}}. {text}")
    suffix = " (forced)" if len(rows) == 1 else ""
    typer.echo(f"{len(rows)} legal play{'s' if len(rows) != 1 else ''}{suffix}")


def register(app: typer.Typer) -> None:
    app.command("moves")(moves)
