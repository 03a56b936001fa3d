"""Records of the analysis a file carries (``Game.annotations``: XG, gnubg SGF, BGBlitz).

The file's numbers are reported as the file's (``source`` ``"recorded"``, the level it
states), with the counting and classification rules of :mod:`gamao_cli.analysis.skill`.
Where a record gives equities but no error (gnubg's cube decisions), the loss is derived
from them; gnubg's match cube equities, which are match-winning chances, are first turned
into normalised equities with an engine's match equity table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from gamao_cli.analysis.skill import (
    CLOSE_CUBE,
    XG,
    Analyser,
    Decision,
    Thresholds,
    cube_best,
    play_text,
)
from gamao_cli.analysis.skill_walk import Point, WalkedGame
from gamao_cli.engine.evaluator import CubeEval, EvalContext, Evaluator
from gamao_cli.engine.plays import judge
from gamao_cli.engine.ruleset import STANDARD
from gamao_cli.model.actions import Step
from gamao_cli.model.analysis import Annotation, CheckerAnalysis, CubeAnalysis
from gamao_cli.model.match import Game, Match


def derived_loss(cube: CubeAnalysis, kind: str) -> float | None:
    """A cube action's loss from the recorded equities, where the record gives no error:
    best = max(ND, min(DT, DP)) for the doubler; the taker's answer against the better one."""
    nd, dt = cube.no_double, cube.double_take
    if nd is None or dt is None:
        return None
    dp = cube.double_pass if cube.double_pass is not None else 1.0
    best = max(nd, min(dt, dp))
    if kind == "no-double":
        return max(0.0, best - nd)
    if kind == "double":
        return max(0.0, best - min(dt, dp))
    if kind == "drop":
        return max(0.0, dp - dt)
    return max(0.0, dt - dp)  # take, beaver


def recorded_cube_values(cube: CubeAnalysis, kind: str) -> tuple[str, float | None, float | None]:
    """The best action's name, its equity and the equity of the action taken, from the side
    of the player deciding (the taker's for an answer); empty where the record lacks them."""
    nd, dt = cube.no_double, cube.double_take
    if nd is None or dt is None:
        return "", None, None
    dp = cube.double_pass if cube.double_pass is not None else 1.0
    if kind in ("no-double", "double"):
        c = CubeEval(nd, dt, dp, None, cube.level)
        return cube_best(c), c.best, nd if kind == "no-double" else c.doubled
    take, drop = -dt, -dp
    mine = drop if kind == "drop" else take
    return ("take" if take >= drop else "drop"), max(take, drop), mine


def _steps_text(point: Point, steps: tuple[Step, ...]) -> str:
    """A recorded candidate as gamao writes plays (by its resulting position), else as given."""
    if point.dice is not None:
        verdict = judge(STANDARD, point.mover, point.opponent, point.dice, steps)
        if verdict.legal and verdict.mover is not None and verdict.opponent is not None:
            text = play_text(point, (verdict.mover, verdict.opponent))
            if text:
                return text
    return " ".join(str(s) for s in steps)


MwcToEquity = Callable[[float, EvalContext], float | None]


def mwc_to_equity(evaluator: Evaluator) -> MwcToEquity:
    """Match-winning chance to normalised equity with ``evaluator``'s match equity table (the
    map is linear: -1 is losing the cube's points, +1 winning them)."""

    def convert(mwc: float, ctx: EvalContext) -> float | None:
        lose, win = evaluator.mwc(-1.0, ctx), evaluator.mwc(1.0, ctx)
        if lose is None or win is None or win == lose:
            return None
        return 2.0 * (mwc - lose) / (win - lose) - 1.0

    return convert


class RecordedAnalyser(Analyser):
    """The records of the analysis a file carries (``Game.annotations``).

    gnubg gives a match's cube equities as match-winning chances only (``no_double_mwc``,
    ``double_take_mwc`` where the model has them): with ``to_equity`` they are converted to
    normalised equities, so that its cube decisions are scored too."""

    def __init__(
        self,
        file: str,
        match_index: int,
        match: Match,
        thresholds: Thresholds = XG,
        to_equity: MwcToEquity | None = None,
    ) -> None:
        super().__init__(file, match_index, match, thresholds)
        self.to_equity = to_equity

    def _normalised(self, cube: CubeAnalysis, ctx: EvalContext) -> CubeAnalysis:
        if cube.no_double is not None or self.to_equity is None:
            return cube
        nd_mwc = getattr(cube, "no_double_mwc", None)
        dt_mwc = getattr(cube, "double_take_mwc", None)
        if not isinstance(nd_mwc, float) or not isinstance(dt_mwc, float):
            return cube
        nd, dt = self.to_equity(nd_mwc, ctx), self.to_equity(dt_mwc, ctx)
        if nd is None or dt is None:
            return cube
        return replace(cube, no_double=nd, double_take=dt, double_pass=1.0)

    def decisions(self, game: Game, walked: WalkedGame) -> Iterator[Decision]:
        by_action: dict[int, Annotation] = {a.action: a for a in game.annotations}
        for point in walked.points:
            ann = by_action.get(point.action)
            if ann is None:
                continue
            if point.kind == "roll":
                if ann.cube is not None and point.cube_open:
                    yield self._cube(game, point, ann.cube, "no-double", ann.cube.doubler_error)
                if ann.checker is not None or ann.luck is not None:
                    yield self._checker(game, point, ann.checker, ann.luck)
            elif point.kind == "double" and ann.cube is not None:
                yield self._cube(game, point, ann.cube, "double", ann.cube.doubler_error)
            elif point.kind == "answer" and ann.cube is not None:
                yield self._cube(game, point, ann.cube, point.answer, ann.cube.taker_error)

    def _cube(
        self, game: Game, point: Point, cube: CubeAnalysis, kind: str, error: float | None
    ) -> Decision:
        cube = self._normalised(cube, point.ctx)
        loss = abs(error) if error is not None else derived_loss(cube, kind)
        if cube.counts is not None:
            counts = cube.counts
        elif kind != "no-double":
            counts = True
        elif loss is None:
            counts = False
        else:
            close = False
            if cube.no_double is not None and cube.double_take is not None:
                dp = cube.double_pass if cube.double_pass is not None else 1.0
                best = max(cube.no_double, min(cube.double_take, dp))
                close = best - min(cube.double_take, 1.0) < CLOSE_CUBE
            counts = loss > 0.0 or close
        best_name, best_eq, played_eq = recorded_cube_values(cube, kind)
        nd, dt = cube.no_double, cube.double_take
        dp = cube.double_pass if cube.double_pass is not None else 1.0
        return self.make(
            game,
            point,
            point.player,
            kind,
            played=kind,
            best=best_name,
            best_equity=best_eq,
            played_equity=played_eq,
            equity_lost=loss,
            counts=counts,
            source="recorded",
            level=cube.level,
            cube=None if nd is None or dt is None else (nd, dt, dp),
        )

    def _checker(
        self, game: Game, point: Point, checker: CheckerAnalysis | None, luck: float | None
    ) -> Decision:
        legal = len(point.plays)
        played_text = play_text(point, point.after)
        if checker is None:
            return self.make(
                game,
                point,
                point.player,
                "checker",
                played=played_text,
                luck=luck,
                legal=legal,
                source="recorded",
            )
        loss = None if checker.error is None else abs(checker.error)
        counts = checker.counts if checker.counts is not None else legal > 1
        cands = checker.candidates
        best = cands[0] if cands else None  # the analyser's order: its best first
        made = cands[checker.played] if checker.played is not None and cands else None
        return self.make(
            game,
            point,
            point.player,
            "checker",
            played=played_text,
            best=_steps_text(point, best.steps) if best is not None else "",
            best_equity=best.equity if best is not None else None,
            played_equity=made.equity if made is not None else None,
            equity_lost=loss if counts or loss else (0.0 if legal else None),
            mwc_lost=checker.error_mwc,
            counts=counts and loss is not None,
            luck=luck,
            legal=legal,
            source="recorded",
            level=checker.level,
        )
