"""The :class:`~gamao_cli.engine.evaluator.Evaluator` on bgsage (Open Sage, MPL-2.0).

The only module of gamao that imports bgsage (and its compiled core ``bgbot_cpp``, shipped in
the same wheel). Install it with ``pip install 'gamao-cli[analysis]'``.

bgsage's board is 26 signed counts from the side of the player on roll: 1..24 that player's
points in their own numbering (their checkers positive, the opponent's negative), 25 their
bar, 0 the opponent's bar (a positive count). Borne-off checkers are implied.

How each question is answered (measured on this machine, one thread):

* checker play at 1-ply: every legal play scored by the network, cubeful by Janowski's
  interpolation (``bgbot_cpp.batch_checker_play`` on a strategy made once: about 0.1 ms;
  ``BgBotAnalyzer.checker_play`` at 1-ply gives the same numbers at 20 times the cost);
  at 2-ply and deeper ``BgBotAnalyzer.checker_play``, with the play made forced into the
  deep evaluation so that its loss is measured at one level;
* cube decisions at 1-ply from the network's pre-roll chances
  (``batch_evaluate_positions``, the numbers of ``BgBotAnalyzer.cube_action`` at 1-ply,
  which reloads the weights on every call); at 2-ply and deeper ``BgBotAnalyzer.cube_action``
  (bgsage's recursive cubeful search);
* the 21 rolls' best-play equities (luck) always at 1-ply, as gnubg's luck is 0-ply.
"""

from __future__ import annotations

from typing import Any

from gamao_cli.engine.evaluator import (
    CENTRED,
    LEVELS,
    ROLLER,
    ROLLS,
    CheckerEval,
    CubeEval,
    EvalContext,
    PlayEval,
)
from gamao_cli.model.actions import BAR, OFF, Board
from gamao_cli.model.analysis import Probabilities

BGSAGE_VERSION = "2.0.20260907"
INSTALL_HINT = "bgsage is not installed: pip install 'gamao-cli[analysis]' (or make setup)"

_OWNERS = {CENTRED: "centered", ROLLER: "player"}


class EngineUnavailable(RuntimeError):
    """bgsage cannot be imported (message: how to install it)."""


def to_bgsage(mover: Board, opponent: Board) -> list[int]:
    """gamao's two boards (mover first) as bgsage's signed board."""
    cells = [0] * 26
    for i in range(1, 25):
        cells[i] = mover[i] - opponent[25 - i]
    cells[25] = mover[BAR]
    cells[0] = opponent[BAR]
    return cells


def from_bgsage(cells: list[int] | tuple[int, ...]) -> tuple[Board, Board]:
    """bgsage's board as gamao's two boards (the side it is seen from first)."""
    me = [0] * 26
    opp = [0] * 26
    for i in range(1, 25):
        n = cells[i]
        if n > 0:
            me[i] = n
        elif n < 0:
            opp[25 - i] = -n
    me[BAR] = cells[25]
    opp[BAR] = cells[0]
    me[OFF] = 15 - sum(me)
    opp[OFF] = 15 - sum(opp)
    return tuple(me), tuple(opp)


def _probs(values: Any) -> Probabilities:
    w, wg, wb, lg, lb = (float(v) for v in list(values)[:5])
    return Probabilities(w, wg, wb, lg, lb)


class BgsageEvaluator:
    """bgsage at one level (``"1ply"``, ``"2ply"`` or ``"3ply"``), on ``threads`` threads."""

    def __init__(self, level: str = "1ply", threads: int = 1) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
        try:
            import bgbot_cpp
            import bgsage
            from bgsage.weights import bearoff_db_path, default_weights
        except ImportError as exc:
            raise EngineUnavailable(INSTALL_HINT) from exc
        self._cpp: Any = bgbot_cpp
        self.level = level
        self.plies = int(level[0])
        self._label = f"{self.plies}-ply"
        self.prunes = self.plies > 1  # deep levels prune plays: the play made is forced in
        self._threads = max(1, threads)
        weights = default_weights()
        paths, hiddens = weights.weight_args
        strategy: Any = bgbot_cpp.create_strategy(weights.strategy_type, paths, hiddens)
        db_path = bearoff_db_path()
        if db_path:
            db = bgbot_cpp.BearoffDB()
            if db.load(db_path):
                strategy = bgbot_cpp.BearoffStrategy(strategy, db)
        self._one_ply: Any = strategy
        self._analyzer: Any = None
        if self.plies > 1:
            self._analyzer = bgsage.BgBotAnalyzer(
                weights=weights, eval_level=level, parallel_threads=self._threads
            )

    @property
    def name(self) -> str:
        return f"bgsage {self._label}"

    # -- the protocol ------------------------------------------------------------------------

    def checker(
        self,
        mover: Board,
        opponent: Board,
        dice: tuple[int, int],
        ctx: EvalContext,
        played: tuple[Board, Board] | None = None,
    ) -> CheckerEval:
        board = to_bgsage(mover, opponent)
        if self._analyzer is None:
            raw = self._cpp.batch_checker_play(
                [self._input(board, ctx, dice)],
                self._one_ply,
                5,
                0.08,
                1,
                jacoby=self._jacoby(ctx),
            )[0]["moves"]
            plays = tuple(
                self._play(m["board"], m["equity"], m["cubeless_equity"], m["probs"], "1-ply")
                for m in raw
            )
            return CheckerEval(plays, "1-ply")
        force = [to_bgsage(*played)] if played is not None else None
        result = self._analyzer.checker_play(
            board,
            dice[0],
            dice[1],
            ctx.cube_value,
            self._owner(ctx),
            away1=ctx.away,
            away2=ctx.opp_away,
            is_crawford=ctx.crawford,
            jacoby=ctx.jacoby,
            beaver=ctx.beavers,
            force_boards=force,
        )
        plays = tuple(
            self._play(m.board, m.equity, m.cubeless_equity, m.probs.to_list(), m.eval_level)
            for m in result.moves
        )
        return CheckerEval(plays, self._label)

    def cube(self, mover: Board, opponent: Board, ctx: EvalContext) -> CubeEval:
        board = to_bgsage(mover, opponent)
        if self._analyzer is None:
            position: tuple[Any, ...] = (board, ctx.cube_value, self._cpp_owner(ctx))
            if not ctx.is_money:
                position += (ctx.away, ctx.opp_away, ctx.crawford)
            r = self._cpp.batch_evaluate_positions(
                [position],
                self._one_ply,
                1,
                jacoby=self._jacoby(ctx),
                beaver=ctx.beavers and ctx.is_money,
            )[0]
            return CubeEval(
                float(r["equity_nd"]),
                float(r["equity_dt"]),
                float(r["equity_dp"]),
                _probs(r["probs"]),
                "1-ply",
            )
        c = self._analyzer.cube_action(
            board,
            ctx.cube_value,
            self._owner(ctx),
            away1=ctx.away,
            away2=ctx.opp_away,
            is_crawford=ctx.crawford,
            jacoby=ctx.jacoby,
            beaver=ctx.beavers,
        )
        return CubeEval(
            float(c.equity_nd),
            float(c.equity_dt),
            float(c.equity_dp),
            _probs(c.probs.to_list()),
            self._label,
        )

    def rolls(self, mover: Board, opponent: Board, ctx: EvalContext) -> tuple[float, ...]:
        board = to_bgsage(mover, opponent)
        raw = self._cpp.batch_checker_play(
            [self._input(board, ctx, d) for d in ROLLS],
            self._one_ply,
            5,
            0.08,
            1,
            jacoby=self._jacoby(ctx),
        )
        out: list[float] = []
        for r in raw:
            moves = r["moves"]
            if moves:
                out.append(float(moves[0]["equity"]))
            else:  # the roll cannot be played: the position as it stands, opponent to roll
                out.append(self._stand(board, ctx))
        return tuple(out)

    def mwc(self, equity: float, ctx: EvalContext) -> float | None:
        if ctx.is_money:
            return None
        return float(self._cpp.eq2mwc(equity, ctx.away, ctx.opp_away, ctx.cube_value, ctx.crawford))

    # -- helpers -----------------------------------------------------------------------------

    def _stand(self, board: list[int], ctx: EvalContext) -> float:
        """The cubeful equity of ``board`` when its side cannot move (a dance)."""
        flipped = self._cpp.flip_board(board)
        owner = self._cpp_owner(ctx)
        cube = self._cpp.CubeOwner
        opp_owner = {cube.PLAYER: cube.OPPONENT, cube.OPPONENT: cube.PLAYER}.get(owner, owner)
        position: tuple[Any, ...] = (flipped, ctx.cube_value, opp_owner)
        if not ctx.is_money:
            position += (ctx.opp_away, ctx.away, ctx.crawford)
        r = self._cpp.batch_evaluate_positions(
            [position],
            self._one_ply,
            1,
            jacoby=self._jacoby(ctx),
            beaver=ctx.beavers and ctx.is_money,
        )[0]
        # The opponent's cubeful equity at their turn, with their best cube action.
        return -float(r["cubeful_equity"])

    def _input(self, board: list[int], ctx: EvalContext, dice: tuple[int, int]) -> dict[str, Any]:
        d: dict[str, Any] = {
            "board": board,
            "die1": dice[0],
            "die2": dice[1],
            "cube_value": ctx.cube_value,
            "cube_owner": self._cpp_owner(ctx),
        }
        if not ctx.is_money:
            d.update(away1=ctx.away, away2=ctx.opp_away, is_crawford=ctx.crawford)
        return d

    def _play(self, cells: Any, equity: float, cubeless: float, probs: Any, level: str) -> PlayEval:
        me, opp = from_bgsage(list(cells))
        return PlayEval(me, opp, float(equity), float(cubeless), _probs(probs), level)

    def _jacoby(self, ctx: EvalContext) -> bool:
        return ctx.jacoby and ctx.is_money

    @staticmethod
    def _owner(ctx: EvalContext) -> str:
        return _OWNERS.get(ctx.cube_owner, "opponent")

    def _cpp_owner(self, ctx: EvalContext) -> Any:
        owners = self._cpp.CubeOwner
        if ctx.cube_owner == CENTRED:
            return owners.CENTERED
        return owners.PLAYER if ctx.cube_owner == ROLLER else owners.OPPONENT
