"""``gamao show``: the board before one action of a recorded game."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from gamao_cli.analysis.options import effective_rules
from gamao_cli.cli.common import fail
from gamao_cli.cli.rules_options import NO_RULE_ARGS, RuleOpts
from gamao_cli.engine.board_text import draw_board
from gamao_cli.engine.play_list import plays_line
from gamao_cli.engine.plays import judge, legal_plays
from gamao_cli.i18n import _, translate_message
from gamao_cli.model.actions import Action, Move
from gamao_cli.model.match import Game, Match
from gamao_cli.model.terminal_text import terminal_safe


def show(
    file: Annotated[Path, typer.Argument(help="A match file or a position file.")],
    game: Annotated[
        int | None,
        typer.Option("--game", "-g", help="Game number, as in the file (match files)."),
    ] = None,
    move: Annotated[
        int | None,
        typer.Option(
            "--move",
            "-m",
            help="Move (row) number, as in the file (match files); where the file numbers no "
            "moves (bgammon.org, FIBS logs), the Nth roll of the game.",
        ),
    ] = None,
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            "-p",
            help="Whose action in that row: a name, 0/1 or "
            "left/right (default: the first action of the row).",
        ),
    ] = None,
    match_index: Annotated[
        int, typer.Option("--match", help="Which match of the file (1-based).", min=1)
    ] = 1,
    rule_args: RuleOpts = NO_RULE_ARGS,
    which: Annotated[
        int | None,
        typer.Option(
            "--position", "-n", help="Which position of a position file (1-based).", min=1
        ),
    ] = None,
) -> None:
    """Draw the board before an action: pip counts, cube, score, Position ID, Match ID, XGID.

    For a position file (XG / BGBlitz position text, a list of IDs, .xgp) give no --game and
    --move: the position is drawn with its legal plays and the analysis the file records.
    """
    if game is None and move is None:
        _show_position(file, which or 1)
        return
    if game is None or move is None:
        fail(_("give both --game and --move (or neither, for a position file)"))
    if which is not None:
        fail(_("--position is for position files; a match file takes --game and --move"))
    # Imported here: `show FILE` of a position file and the other commands do without them.
    from gamao_cli.analysis.context import position_ids
    from gamao_cli.analysis.replay import snapshot_at
    from gamao_cli.formats.inputs import iter_input_files, read_path

    items = list(iter_input_files([str(file)]))
    matches = [m for m in read_path(items[0]) if m.games] if items else []
    if not matches:
        fail(_("{file}: no match could be read").format(file=file))
    if match_index > len(matches):
        fail(
            _("{file}: --match {match}, but the file holds {count}").format(
                file=file, match=match_index, count=len(matches)
            )
        )
    match = matches[match_index - 1]
    numbers = [g.number for g in match.games]
    if game not in numbers:
        fail(
            _("{file}: no game {game} (games {first}-{last})").format(
                file=file, game=game, first=numbers[0], last=numbers[-1]
            )
        )
    side = _side(player, match)
    target = next(g for g in match.games if g.number == game)
    numbered = any(getattr(a, "number", None) is not None for a in target.actions)
    # A format that numbers no moves: the Nth roll of the game.
    moves = [a for a in target.actions if isinstance(a, Move)]
    rolls = {} if numbered else {id(a): i for i, a in enumerate(moves, 1)}

    def probe(g: Game, action: Action) -> bool:
        number = getattr(action, "number", None) if numbered else rolls.get(id(action))
        if g.number != game or number != move:
            return False
        return side is None or getattr(action, "player", None) == side

    options = rule_args.check_options()
    rs = effective_rules(match, options).ruleset
    snap = snapshot_at(match, probe, options)
    if snap is None:
        fail(
            _("{file}: game {game} has no move {move}").format(file=file, game=game, move=move)
            + (_(" for {player}").format(player=player) if player else "")
        )
    action = snap.action
    actor = getattr(action, "player", None)
    written = terminal_safe(getattr(action, "text", "") or "") or type(action).__name__
    lines = [
        _("{file} game {game} move {move}: {action}").format(
            file=file, game=game, move=move, action=written
        )
    ]
    if snap.position is None:
        lines.append(
            _("The game cannot be replayed up to here (an earlier play could not be applied).")
        )
        typer.echo("\n".join(lines))
        return
    pos = snap.position.with_turn(actor) if actor is not None else snap.position
    dice = action.dice if isinstance(action, Move) else None
    roll = action.all_dice if isinstance(action, Move) else None  # tabula: three dice
    lines.append(
        draw_board(
            pos,
            match.players,
            cube_value=snap.cube.value,
            cube_owner=snap.cube.owner,
            score=snap.score.score,
            match_length=match.length,
            dice=roll,
            crawford=snap.cube.crawford,
            rules=rs,
        ).rstrip("\n")
    )
    ids = position_ids(
        pos, snap.cube, match.length, snap.score.score, dice, bool(options.jacoby), rs
    )
    if ids.xgid:
        lines.append(f" {ids.xgid}")
    if (
        isinstance(action, Move)
        and roll is not None
        and len(roll) == rs.dice
        and all(1 <= d <= 6 for d in roll)
    ):
        plays = legal_plays(rs, pos.mover, pos.opponent, roll)
        if action.steps:
            verdict = judge(rs, pos.mover, pos.opponent, roll, action.steps)
            recorded = " ".join(str(s) for s in action.steps)
            lines.append(
                " "
                + (
                    _("Recorded: {play} (legal)").format(play=recorded)
                    if verdict.legal
                    else _("Recorded: {play} (illegal: {reason})").format(
                        play=recorded, reason=translate_message(verdict.reason)
                    )
                )
            )
        lines.append(" " + plays_line(plays))
    typer.echo("\n".join(lines))


def _show_position(file: Path, number: int) -> None:
    """Position ``number`` of a position file (exit 2 with one line if there is none)."""
    from gamao_cli.analysis.position_file import PositionFileError, read_file_position
    from gamao_cli.report.position_out import position_text, warnings_of

    try:
        fp = read_file_position(str(file), number)
    except PositionFileError as exc:
        fail(str(exc))
    for line in warnings_of(fp):
        typer.echo(line, err=True)
    typer.echo(position_text(fp, str(file)))


def _side(player: str | None, match: Match) -> int | None:
    if player is None:
        return None
    key = player.strip().lower()
    if key in ("0", "left"):
        return 0
    if key in ("1", "right"):
        return 1
    for i, name in enumerate(match.players):
        if name.lower() == key:
            return i
    fail(
        _("--player {player}: not a player of this match ({first}, {second})").format(
            player=player,
            first=terminal_safe(match.players[0]),
            second=terminal_safe(match.players[1]),
        )
    )


def register(app: typer.Typer) -> None:
    app.command("show")(show)
