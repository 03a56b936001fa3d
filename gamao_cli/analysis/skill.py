"""Per-decision skill records: what each checker play and cube action cost, and each roll's luck.

A :class:`Decision` is one row: a roll (its play, forced plays and dances included, so that
every roll carries its luck) or a cube action (a double, an answer, or a no-double: the roller
could have doubled and rolled instead). Records come from two sources:

* **recorded**: the analysis a file carries (``Game.annotations``: XG, gnubg SGF, BGBlitz),
  reported as the file's, with the level it states (``source`` is ``"recorded"``;
  :mod:`gamao_cli.analysis.skill_recorded`);
* **an engine** (:class:`~gamao_cli.engine.evaluator.Evaluator`, e.g. bgsage): gamao's own,
  ``source`` is the engine's name and level.

Equity lost is normalised (EMG) and, in matches, also match-winning chance. Classification
uses XG's names and, by default, XG's thresholds on the normalised loss (:data:`XG`):
doubtful from 0.020, error from 0.040, blunder from 0.080; :data:`GNUBG` has gnubg's
(doubtful 0.030, bad 0.060, very bad 0.120, named doubtful/error/blunder here).

Which decisions count (the denominators of PR and error rates), as gnubg defines them and XG
follows for checker plays:

* a checker play counts when the roll had more than one legal play (distinct resulting
  positions): forced plays and dances never count;
* a double, a take, a drop and a beaver always count;
* a no-double counts when it was close, ``best - min(DT, 1) < 0.16`` (gnubg's
  ``isCloseCubedecision``), or when it was an error (a missed double): a trivial no-double
  costs nothing and counts nothing;
* the opening roll has no cube decision, and neither has a dead cube (the cube's value
  already covers the points the roller needs) nor the Crawford game.

Recorded ``counts`` flags (XG's) override these rules where the file gives them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from gamao_cli.analysis.skill_walk import Point, WalkedGame
from gamao_cli.engine.evaluator import CubeEval, EvalContext, Evaluator, luck_of
from gamao_cli.engine.notation import format_play
from gamao_cli.model.match import Game, Match

ROW_FIELDS = (
    "file",
    "match",
    "game",
    "move",
    "action",
    "player",
    "name",
    "kind",
    "dice",
    "played",
    "best",
    "best_equity",
    "played_equity",
    "equity_lost",
    "mwc_lost",
    "counts",
    "classification",
    "luck",
    "legal",
    "source",
    "level",
)

CLOSE_CUBE = 0.16
"""gnubg's closeness bound for a no-double to count as a decision (normalised equity)."""


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Normalised equity losses from which a decision is doubtful, an error, a blunder."""

    name: str
    doubtful: float
    error: float
    blunder: float

    def classify(self, loss: float | None) -> str:
        if loss is None:
            return ""
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.error:
            return "error"
        if loss >= self.doubtful:
            return "doubtful"
        return ""


XG = Thresholds("xg", 0.020, 0.040, 0.080)
GNUBG = Thresholds("gnubg", 0.030, 0.060, 0.120)
THRESHOLDS = {t.name: t for t in (XG, GNUBG)}


@dataclass(frozen=True, slots=True)
class Decision:
    """One analysed decision or roll (see the module docstring)."""

    file: str
    match: int  # 0-based index of the match in its file (1-based in rows)
    game: int  # the game's number
    move: int | None  # the row number in the file, where there is one
    action: int  # index in Game.actions
    player: int  # who decided (0 or 1)
    name: str
    kind: str  # checker, no-double, double, take, drop, beaver
    dice: str  # "65" for a roll, "" for a cube action
    played: str  # the play made ("" for a dance), or the cube action
    best: str  # the best play or cube action
    best_equity: float | None
    played_equity: float | None
    equity_lost: float | None  # normalised (EMG), >= 0
    mwc_lost: float | None  # match-winning chance (matches), >= 0
    counts: bool
    classification: str  # "", doubtful, error, blunder
    luck: float | None  # a roll: equity the roll gained against the average roll
    legal: int | None  # a roll: how many distinct legal plays there were
    source: str  # "recorded" or the engine, e.g. "bgsage 1-ply"
    level: str  # the analyser's level
    line: int | None = None  # where the action is written in the file
    column: int | None = None
    # Where it was decided (not in output rows): the boards seen from the player on roll
    # (the doubler for an answer), the cube and the score from that side, who was on roll.
    mover: tuple[int, ...] = ()
    opponent: tuple[int, ...] = ()
    ctx: EvalContext | None = None
    on_roll: int = 0
    # A cube decision's equities from the doubler's side, where known (not in output rows):
    # no double, double/take, double/pass.
    cube: tuple[float, float, float] | None = None

    def row(self) -> dict[str, object]:
        """The record as a flat row (equities rounded to 1e-6)."""
        out: dict[str, object] = {}
        for name in ROW_FIELDS:
            value = getattr(self, name)
            out[name] = round(value, 6) if isinstance(value, float) else value
        out["match"] = self.match + 1  # 1-based, as the statistics number matches
        return out


class Analyser:
    """What records of one match share."""

    def __init__(self, file: str, match_index: int, match: Match, thresholds: Thresholds):
        self.file = file
        self.match_index = match_index
        self.match = match
        self.thresholds = thresholds

    def make(self, game: Game, point: Point, player: int, kind: str, **fields: object) -> Decision:
        action = game.actions[point.action]
        loss = fields.get("equity_lost")
        values: dict[str, object] = {
            "file": self.file,
            "match": self.match_index,
            "game": game.number,
            "move": getattr(action, "number", None),
            "line": action.location.line or None,
            "column": action.location.column or None,
            "action": point.action,
            "player": player,
            "name": self.match.players[player],
            "kind": kind,
            "dice": f"{point.dice[0]}{point.dice[1]}" if point.dice else "",
            "played": "",
            "best": "",
            "best_equity": None,
            "played_equity": None,
            "equity_lost": None,
            "mwc_lost": None,
            "counts": False,
            "classification": self.thresholds.classify(loss if isinstance(loss, float) else None),
            "luck": None,
            "legal": None,
            "source": "",
            "level": "",
            "mover": point.mover,
            "opponent": point.opponent,
            "ctx": point.ctx,
            "on_roll": point.player if point.kind != "answer" else 1 - point.player,
        }
        values.update(fields)
        return Decision(**values)  # type: ignore[arg-type]


def play_text(point: Point, after: tuple[tuple[int, ...], tuple[int, ...]] | None) -> str:
    if after is None:
        return ""
    for play in point.plays:
        if (play.mover, play.opponent) == after:
            return format_play(play.steps)
    return ""


CUBE_NAMES = {"nd": "no double", "dt": "double, take", "dp": "double, pass"}


def cube_best(c: CubeEval) -> str:
    if c.no_double >= c.doubled:
        return CUBE_NAMES["nd"]
    return CUBE_NAMES["dt"] if c.double_take <= c.double_pass else CUBE_NAMES["dp"]


class EngineAnalyser(Analyser):
    """gamao's own records, from an :class:`Evaluator`."""

    def __init__(
        self,
        file: str,
        match_index: int,
        match: Match,
        evaluator: Evaluator,
        thresholds: Thresholds = XG,
    ) -> None:
        super().__init__(file, match_index, match, thresholds)
        self.evaluator = evaluator

    def _mwc_lost(self, best: float, played: float, ctx: EvalContext) -> float | None:
        a = self.evaluator.mwc(best, ctx)
        b = self.evaluator.mwc(played, ctx)
        return None if a is None or b is None else abs(a - b)

    def decisions(self, game: Game, walked: WalkedGame) -> Iterator[Decision]:
        ev = self.evaluator
        source = ev.name
        level = source.split(" ", 1)[-1]
        for point in walked.points:
            if point.kind == "roll":
                assert point.dice is not None and point.after is not None
                if point.cube_open:
                    c = ev.cube(point.mover, point.opponent, point.ctx)
                    loss = max(0.0, c.best - c.no_double)
                    yield self.make(
                        game,
                        point,
                        point.player,
                        "no-double",
                        dice="",
                        played=CUBE_NAMES["nd"],
                        best=cube_best(c),
                        best_equity=c.best,
                        played_equity=c.no_double,
                        equity_lost=loss,
                        mwc_lost=self._mwc_lost(c.best, c.no_double, point.ctx),
                        cube=(c.no_double, c.double_take, c.double_pass),
                        counts=loss > 0.0 or c.best - min(c.double_take, 1.0) < CLOSE_CUBE,
                        source=source,
                        level=c.level,
                    )
                luck = luck_of(
                    ev.rolls(point.mover, point.opponent, point.ctx), point.dice, point.opening
                )
                yield self._checker(game, point, luck, source, level)
            elif point.kind == "double":
                c = ev.cube(point.mover, point.opponent, point.ctx)
                loss = max(0.0, c.best - c.doubled)
                yield self.make(
                    game,
                    point,
                    point.player,
                    "double",
                    played="double",
                    best=cube_best(c),
                    best_equity=c.best,
                    played_equity=c.doubled,
                    equity_lost=loss,
                    mwc_lost=self._mwc_lost(c.best, c.doubled, point.ctx),
                    cube=(c.no_double, c.double_take, c.double_pass),
                    counts=True,
                    source=source,
                    level=c.level,
                )
            else:
                c = ev.cube(point.mover, point.opponent, point.ctx)
                # From the taker's side: taking is worth -DT, passing -DP.
                took = point.answer != "drop"
                mine = -c.double_take if took else -c.double_pass
                best = max(-c.double_take, -c.double_pass)
                yield self.make(
                    game,
                    point,
                    point.player,
                    point.answer,
                    played=point.answer,
                    best="take" if -c.double_take >= -c.double_pass else "drop",
                    best_equity=best,
                    played_equity=mine,
                    equity_lost=best - mine,
                    mwc_lost=self._mwc_lost(-best, -mine, point.ctx),
                    cube=(c.no_double, c.double_take, c.double_pass),
                    counts=True,
                    source=source,
                    level=c.level,
                )

    def _checker(self, game: Game, point: Point, luck: float, source: str, level: str) -> Decision:
        assert point.dice is not None and point.after is not None
        legal = len(point.plays)
        played_text = play_text(point, point.after)
        if legal < 2:
            return self.make(
                game,
                point,
                point.player,
                "checker",
                played=played_text,
                best=played_text,
                equity_lost=0.0 if legal else None,
                counts=False,
                luck=luck,
                legal=legal,
                source=source,
                level=level,
            )
        ev = self.evaluator.checker(
            point.mover, point.opponent, point.dice, point.ctx, played=point.after
        )
        best = ev.plays[0]
        made = next((p for p in ev.plays if (p.mover, p.opponent) == point.after), None)
        if made is None:  # the engine does not list the play made: unanalysable
            return self.make(
                game,
                point,
                point.player,
                "checker",
                played=played_text,
                luck=luck,
                legal=legal,
                source=source,
                level=ev.level,
            )
        loss = max(0.0, best.equity - made.equity)
        return self.make(
            game,
            point,
            point.player,
            "checker",
            played=played_text,
            best=play_text(point, (best.mover, best.opponent)),
            best_equity=best.equity,
            played_equity=made.equity,
            equity_lost=loss,
            mwc_lost=self._mwc_lost(best.equity, made.equity, point.ctx),
            counts=True,
            luck=luck,
            legal=legal,
            source=source,
            level=made.level or ev.level,
        )
