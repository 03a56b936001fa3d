"""Identifiers and the ASCII board for the position before a reported action."""

from __future__ import annotations

from dataclasses import dataclass

from gamao_cli.engine.cube import CubeState
from gamao_cli.engine.ids import IdError, MatchState, match_id, position_id
from gamao_cli.engine.position import Position
from gamao_cli.engine.ruleset import STANDARD, RuleSet
from gamao_cli.engine.xgid import XgidState, encode_xgid


@dataclass(frozen=True, slots=True)
class Ids:
    position_id: str | None
    match_id: str | None
    xgid: str | None


def position_ids(
    pos: Position,
    cube: CubeState,
    length: int,
    score: tuple[int, int],
    dice: tuple[int, int] | None,
    jacoby: bool,
    rules: RuleSet = STANDARD,
) -> Ids:
    """gnubg Position ID and Match ID, and the XGID, of a position (None where the position
    cannot be encoded, e.g. a corrupted board, or a Long Nardy or acey-deucey position that the
    standard IDs cannot carry: engine.gamao_id)."""
    if rules.same_direction or rules.pool or rules.problems(pos.boards):
        return Ids(None, None, None)
    pid = position_id(pos)
    clean_dice = dice if dice and all(1 <= d <= 6 for d in dice) else None
    safe_score = (min(score[0], 32767), min(score[1], 32767)) if min(score) >= 0 else (0, 0)
    try:
        mid = match_id(
            MatchState(
                cube_value=cube.value,
                cube_owner=cube.owner,
                player_on_roll=pos.turn,
                crawford=cube.crawford,
                game_state=1,
                turn=pos.turn if cube.offered_by is None else 1 - cube.offered_by,
                double_offered=cube.offered_by is not None,
                dice=clean_dice,
                match_length=length,
                score=safe_score,
                jacoby=jacoby,
            )
        )
    except IdError:
        mid = None
    try:
        xgid = encode_xgid(
            XgidState(
                position=pos,
                cube_value=cube.value,
                cube_owner=cube.owner,
                dice=clean_dice,
                double_offered=cube.offered_by is not None,
                score=safe_score,
                match_length=length,
                crawford=cube.crawford,
                jacoby=jacoby,
                beaver=bool(cube.beavers),
            )
        )
    except (IdError, ValueError):
        xgid = None
    return Ids(pid, mid, xgid)
