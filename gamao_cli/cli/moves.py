"""``gamao moves``: every legal play for a position and roll."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from gamao_cli.cli.common import ExitCode, fail
from gamao_cli.cli.position_arg import parse_dice, parse_position
from gamao_cli.cli.position_file import (
    FilePosition,
    candidates_by_result,
    looks_like_file,
    read_file_position,
    warnings_of,
)
from gamao_cli.engine.board_text import draw_board
from gamao_cli.engine.ids import IdError, position_id_from_boards
from gamao_cli.engine.movegen import legal_plays
from gamao_cli.engine.notation import format_play
from gamao_cli.model.analysis import Candidate


def moves(
    position: Annotated[
        str,
        typer.Argument(
            help="XGID=..., a gnubg PositionID:MatchID, a bare Position ID (player on roll "
            "as gnubg encodes it), or a position file (XG / BGBlitz position text, a list of "
            "IDs, .xgp).",
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
    which: Annotated[
        int,
        typer.Option(
            "--position", "-n", help="Which position of a position file (1-based).", min=1
        ),
    ] = 1,
) -> None:
    """List every legal play for POSITION and a roll."""
    if fmt not in ("text", "json"):
        fail(f"--format '{fmt}': expected text or json")
    source: FilePosition | None = None
    try:
        if looks_like_file(position):
            source = read_file_position(position, which)
            arg = source.arg
        else:
            if which != 1:
                fail("--position is for position files; POSITION here is an identifier")
            arg = parse_position(position)
    except (IdError, ValueError) as exc:
        fail(str(exc))
    if source is not None:
        for line in warnings_of(source):
            typer.echo(line, err=True)
    try:
        roll = parse_dice(dice) if dice is not None else arg.dice
    except ValueError as exc:
        fail(str(exc))
    if roll is None:
        if source is None:
            fail("no dice: give --dice, e.g. --dice 31 (the position ID has none)")
        fail(
            f"no dice: give --dice, e.g. --dice 31 (position {which} of {position} is a cube"
            " decision: it has no dice)"
        )
    problems = arg.position.problems()
    if problems:
        fail(f"position '{position}' is impossible: {problems[0]}")
    plays = legal_plays(arg.position, roll)
    ordered = sorted(plays, key=lambda p: sorted(((-f, -t) for f, t, _ in p.steps)))
    rows = [(format_play(p.steps), position_id_from_boards(p.mover, p.opponent)) for p in ordered]
    analysed = candidates_by_result(source, roll) if source is not None else {}
    ranks = [analysed.get(p.key) for p in ordered]
    if fmt == "json":
        doc: dict[str, object] = {
            "position_id": position_id_from_boards(arg.position.mover, arg.position.opponent),
            "dice": list(roll),
            "count": len(rows),
            "forced": len(rows) == 1,
            "plays": [
                {"play": text, "position_id": pid, **_json_rank(rank)}
                for (text, pid), rank in zip(rows, ranks, strict=True)
            ],
        }
        if source is not None:
            doc["file"] = {"name": position, "position": which}
        typer.echo(json.dumps(doc, indent=2))
        raise typer.Exit(ExitCode.OK)
    typer.echo(
        draw_board(
            arg.position,
            source.names if source is not None else None,
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
    play_width = max(len(text) for text, _pid in rows) if analysed else 0
    for i, ((text, _pid), rank) in enumerate(zip(rows, ranks, strict=True), start=1):
        note = ""
        if rank is not None:
            level = f", {rank[1].level}" if rank[1].level else ""
            note = f"  eq {rank[1].equity:+.3f} (analysis #{rank[0]}{level})"
        typer.echo(f"{i:>{width}}. {text:<{play_width}}{note}".rstrip())
    suffix = " (forced)" if len(rows) == 1 else ""
    typer.echo(f"{len(rows)} legal play{'s' if len(rows) != 1 else ''}{suffix}")


def _json_rank(rank: tuple[int, Candidate] | None) -> dict[str, object]:
    """The file's analysis of one play, for the JSON output (nothing if it has none)."""
    if rank is None:
        return {}
    return {"analysis": {"rank": rank[0], "equity": rank[1].equity, "level": rank[1].level}}


def register(app: typer.Typer) -> None:
    app.command("moves")(moves)
