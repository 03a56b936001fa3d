"""The decision points of a game, for skill analysis: each roll, double and answer, with the
position, the cube and the score as the player deciding saw them.

The walk follows the rules engine (``engine.plays.judge`` for plays, ``engine.cube`` for
the cube) on top of a replay of the match (``analysis.replay``), which gives each game's score
and Crawford status. A game the walk cannot follow past an action (an illegal or unreadable
play, an unknown position) ends its points there: :attr:`WalkedGame.complete` is then False,
so the game is reported as analysed only in part.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from gamao_cli.analysis.options import CheckOptions, EffectiveRules, effective_rules
from gamao_cli.analysis.records import MatchReplay
from gamao_cli.analysis.replay import replay_match
from gamao_cli.engine.cube import CENTRED, CubeState
from gamao_cli.engine.evaluator import CENTRED as CTX_CENTRED
from gamao_cli.engine.evaluator import OTHER, ROLLER, EvalContext
from gamao_cli.engine.plays import Play, judge, legal_plays
from gamao_cli.engine.position import Position
from gamao_cli.engine.ruleset import STANDARD
from gamao_cli.model.actions import Beaver, Board, Double, Drop, Move, SetPosition, Take
from gamao_cli.model.match import Game, Match


@dataclass(frozen=True, slots=True)
class Point:
    """One decision point.

    ``kind``: ``"roll"`` (a roll and its play; ``cube_open`` says whether the roller could
    have doubled before it and did not), ``"double"`` or ``"answer"`` (``answer`` is
    ``take``, ``drop`` or ``beaver``). ``mover``/``opponent``/``ctx`` are seen from the player
    on roll: for an answer, the doubler. ``player`` is who decides.
    """

    kind: str
    action: int  # index in Game.actions
    player: int
    mover: Board
    opponent: Board
    ctx: EvalContext
    dice: tuple[int, int] | None = None
    after: tuple[Board, Board] | None = None  # a roll: both boards after the play, mover first
    plays: tuple[Play, ...] = ()  # a roll: every legal play (distinct resulting positions)
    opening: bool = False
    cube_open: bool = False
    answer: str = ""


@dataclass(frozen=True, slots=True)
class WalkedGame:
    index: int  # 0-based in the match
    number: int
    points: tuple[Point, ...]
    complete: bool  # every action was followed
    stopped_at: int | None = None  # the action the walk could not follow


def context(
    player: int,
    cube: CubeState,
    length: int,
    score: tuple[int, int],
    crawford: bool,
    rules: EffectiveRules,
) -> EvalContext:
    owner = CTX_CENTRED if cube.owner == CENTRED else ROLLER if cube.owner == player else OTHER
    money = length == 0
    return EvalContext(
        cube_value=cube.value,
        cube_owner=owner,
        away=0 if money else max(1, length - score[player]),
        opp_away=0 if money else max(1, length - score[1 - player]),
        crawford=crawford,
        jacoby=bool(rules.jacoby) if money else False,
        beavers=bool(rules.beavers) if money else False,
    )


def may_double(player: int, cube: CubeState, ctx: EvalContext) -> bool:
    """Whether ``player`` has a live cube decision: the cube is in play for them, this is not
    the Crawford game, and (in a match) the cube is not dead: doubling must raise what a win
    is worth to them."""
    if cube.may_double(player) is not None:
        return False
    if cube.limit is not None and cube.value * 2 > cube.limit:
        return False
    return ctx.is_money or cube.value < ctx.away


def walk_match(
    match: Match, options: CheckOptions | None = None, replay: MatchReplay | None = None
) -> Iterator[WalkedGame]:
    """The decision points of every game of ``match``, game by game; ``replay``: the
    match's replay under ``options``, when the caller has it (made here otherwise)."""
    options = options or CheckOptions()
    rules = effective_rules(match, options)
    records = (replay or replay_match(match, options)).games
    for index, game in enumerate(match.games):
        record = records[index] if index < len(records) else None
        score = record.score if record is not None else game.score or (0, 0)
        crawford = record.crawford if record is not None else bool(game.crawford)
        yield _walk_game(match, game, index, score, crawford, rules)


def _walk_game(
    match: Match,
    game: Game,
    index: int,
    score: tuple[int, int],
    crawford: bool,
    rules: EffectiveRules,
) -> WalkedGame:
    boards: tuple[Board, Board] = Position.start(rules.variant).boards
    cube = CubeState(
        value=game.cube_value,
        enabled=rules.cube,
        crawford=crawford,
        money=match.is_money,
        beavers=rules.beavers,
        limit=rules.cube_limit,
    )
    if game.start is not None:
        boards = game.start.boards
        if game.start.cube_value:
            owner = cube.owner if game.start.cube_owner is None else game.start.cube_owner
            cube = replace(cube, value=game.start.cube_value, owner=owner)
    points: list[Point] = []
    rolls = 0
    doubled_by: int | None = None  # a double earlier in this turn (no cube decision at roll)
    pre_double: tuple[CubeState, EvalContext] | None = None

    def ctx_for(player: int, state: CubeState) -> EvalContext:
        return context(player, state, match.length, score, crawford, rules)

    for i, action in enumerate(game.actions):
        if isinstance(action, Move):
            p = action.player
            dice = action.dice
            if not (1 <= dice[0] <= 6 and 1 <= dice[1] <= 6):
                return WalkedGame(index, game.number, tuple(points), False, i)
            me, opp = boards[p], boards[1 - p]
            if cube.offered_by is not None:  # an unanswered double (or gnubg's beaver take)
                cube = cube.accepted() if cube.beaver_pending else replace(cube, offered_by=None)
            ctx = ctx_for(p, cube)
            plays = tuple(legal_plays(STANDARD, me, opp, dice))
            after: tuple[Board, Board] | None
            if action.steps:
                verdict = judge(STANDARD, me, opp, dice, action.steps)
                if not verdict.legal or verdict.mover is None or verdict.opponent is None:
                    return WalkedGame(index, game.number, tuple(points), False, i)
                after = (verdict.mover, verdict.opponent)
            elif not plays:
                after = (me, opp)
            elif len(plays) == 1:
                after = (plays[0].mover, plays[0].opponent)
            else:  # no play written although there was a choice (a resignation after rolling)
                break
            opening = rolls == 0 and game.start is None
            points.append(
                Point(
                    "roll",
                    i,
                    p,
                    me,
                    opp,
                    ctx,
                    dice,
                    after,
                    plays,
                    opening,
                    cube_open=not opening and doubled_by != p and may_double(p, cube, ctx),
                )
            )
            rolls += 1
            doubled_by = None
            mover_after, opp_after = after
            boards = (mover_after, opp_after) if p == 0 else (opp_after, mover_after)
        elif isinstance(action, Double):
            p = action.player
            ctx = ctx_for(p, cube)
            if cube.may_double(p) is None:  # an illegal double (see check) is no decision
                pre_double = (cube, ctx)
                points.append(Point("double", i, p, boards[p], boards[1 - p], ctx))
            cube, _ = cube.double(p, action.value or None)
            doubled_by = p
        elif isinstance(action, Take | Drop | Beaver):
            doubler = cube.offered_by
            if doubler is not None and pre_double is not None and doubler != action.player:
                kind = (
                    "take"
                    if isinstance(action, Take)
                    else "drop"
                    if isinstance(action, Drop)
                    else "beaver"
                )
                points.append(
                    Point(
                        "answer",
                        i,
                        action.player,
                        boards[doubler],
                        boards[1 - doubler],
                        pre_double[1],
                        answer=kind,
                    )
                )
            if isinstance(action, Take):
                cube, _ = cube.take(action.player)
            elif isinstance(action, Drop):
                cube, _ = cube.drop(action.player)
                break
            else:
                cube, _ = cube.beaver(action.player)
            pre_double = None
        elif isinstance(action, SetPosition):
            if Position(action.boards, action.turn).problems():
                return WalkedGame(index, game.number, tuple(points), False, i)
            boards = action.boards
            if action.cube_value:
                owner = cube.owner if action.cube_owner is None else action.cube_owner
                cube = replace(cube, value=action.cube_value, owner=owner)
    return WalkedGame(index, game.number, tuple(points), True)
