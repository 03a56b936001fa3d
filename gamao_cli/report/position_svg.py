"""``gamao show FILE --game G --move M --format svg``: the board before one recorded action
as a standalone SVG picture, drawn by :mod:`board_svg` as the report's viewer draws it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamao_cli.analysis.match_positions import position_text
from gamao_cli.engine.position import pip_count
from gamao_cli.i18n import _
from gamao_cli.model.actions import Move
from gamao_cli.report.board_svg import Picture, board_svg

if TYPE_CHECKING:
    from gamao_cli.analysis.game_replay import Snapshot
    from gamao_cli.engine.ruleset import RuleSet
    from gamao_cli.model.match import Match


def labels() -> tuple[str, str]:
    """The figures under each name, in the user's language."""
    return (_("pips {pips}"), _("score {score}"))


def snapshot_svg(snap: Snapshot, match: Match, rs: RuleSet) -> str | None:
    """The picture of the position before ``snap``'s action; None when the game cannot be
    replayed up to it."""
    pos = snap.position
    if pos is None:
        return None
    action = snap.action
    actor = getattr(action, "player", None)
    turn = actor if actor is not None else pos.turn
    dice: tuple[int, ...] = ()
    steps: tuple[tuple[int, int], ...] = ()
    if isinstance(action, Move):
        dice = action.all_dice
        steps = tuple((s.from_point, s.to_point) for s in action.steps)
    cube = snap.cube
    picture = Picture(
        boards=pos.boards,
        track=tuple(rs.opponent_point(p) for p in range(1, 25)),
        names=match.players,
        pips=(pip_count(pos.boards[0]), pip_count(pos.boards[1])),
        score=snap.score.score,
        length=match.length,
        cube=cube.value,
        owner=-1 if cube.owner is None else cube.owner,
        turn=turn,
        dice=dice,
        steps=steps,
        position_id=position_text(rs, pos.boards, turn),
        labels=labels(),
    )
    return board_svg(picture)
