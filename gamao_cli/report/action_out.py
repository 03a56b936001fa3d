"""``gamao show FILE --game G --move M``'s text: the action as written, the board before it
(pip counts, cube, score), its XGID, and for a play the verdict on the recorded play and
every legal play of its roll."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamao_cli.analysis.context import position_ids
from gamao_cli.engine.board_text import draw_board
from gamao_cli.engine.play_list import plays_line
from gamao_cli.engine.plays import judge, legal_plays
from gamao_cli.i18n import _, translate_message
from gamao_cli.model.actions import Move
from gamao_cli.model.terminal_text import terminal_safe

if TYPE_CHECKING:
    from gamao_cli.analysis.game_replay import Snapshot
    from gamao_cli.engine.ruleset import RuleSet
    from gamao_cli.model.match import Match


def action_text(
    snap: Snapshot, match: Match, rs: RuleSet, jacoby: bool, heading: tuple[str, int, int]
) -> str:
    """The snapshot before an action as ``gamao show`` prints it; ``heading``: the file's
    name, the game and move numbers asked for."""
    file, game, move = heading
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
        return "\n".join(lines)
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
    ids = position_ids(pos, snap.cube, match.length, snap.score.score, dice, jacoby, rs)
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
    return "\n".join(lines)
