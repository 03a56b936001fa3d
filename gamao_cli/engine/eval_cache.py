"""A cache in front of any :class:`~gamao_cli.engine.evaluator.Evaluator`.

Positions repeat (openings, common replies, bear-offs): each question is answered once per
position, cube state and score (the :class:`EvalContext`), and roll where it has one. The
key also names the engine and its level, so one cache serves several.

In memory by default; with a directory, also in an SQLite file there
(``gamao-eval.sqlite``), kept between runs and shared by parallel workers. SQLite commits are
atomic: an interrupted run (Ctrl-C) loses at most the answers not yet committed, never leaves
a broken file. Answers are committed every :data:`COMMIT_EVERY` new entries and on
:meth:`CachedEvaluator.close`.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from gamao_cli.engine.evaluator import CheckerEval, CubeEval, EvalContext, Evaluator, PlayEval
from gamao_cli.model.actions import Board
from gamao_cli.model.analysis import Probabilities

FILE_NAME = "gamao-eval.sqlite"
COMMIT_EVERY = 200


def _board_key(mover: Board, opponent: Board) -> str:
    return ",".join(map(str, mover)) + "|" + ",".join(map(str, opponent))


def _probs_out(p: Probabilities | None) -> list[float] | None:
    if p is None:
        return None
    return [p.win, p.win_gammon, p.win_backgammon, p.lose_gammon, p.lose_backgammon]


def _probs_in(v: list[float] | None) -> Probabilities | None:
    return None if v is None else Probabilities(*v)


def _checker_out(ev: CheckerEval) -> Any:
    return {
        "level": ev.level,
        "plays": [
            [
                list(p.mover),
                list(p.opponent),
                p.equity,
                p.cubeless,
                _probs_out(p.probabilities),
                p.level,
            ]
            for p in ev.plays
        ],
    }


def _checker_in(v: Any) -> CheckerEval:
    plays = tuple(
        PlayEval(tuple(m), tuple(o), eq, cl, _probs_in(pr), lv)
        for m, o, eq, cl, pr, lv in v["plays"]
    )
    return CheckerEval(plays, v["level"])


def _cube_out(c: CubeEval) -> Any:
    return [c.no_double, c.double_take, c.double_pass, _probs_out(c.probabilities), c.level]


def _cube_in(v: Any) -> CubeEval:
    return CubeEval(v[0], v[1], v[2], _probs_in(v[3]), v[4])


class CachedEvaluator:
    """``inner`` behind a cache (see the module docstring); ``hits``/``misses`` count."""

    def __init__(self, inner: Evaluator, directory: Path | str | None = None) -> None:
        self.inner = inner
        self._memory: dict[str, Any] = {}
        self._db: sqlite3.Connection | None = None
        self._pending = 0
        self.hits = 0
        self.misses = 0
        if directory is not None:
            path = Path(directory)
            path.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path / FILE_NAME, timeout=60)
            self._db.execute("PRAGMA journal_mode=WAL")
            # With WAL, NORMAL never corrupts the file; it syncs at checkpoints, not at every
            # commit (a power cut may lose the last answers, which are asked again).
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
            )
            self._db.commit()

    @property
    def name(self) -> str:
        return self.inner.name

    def _get(self, key: str) -> Any:
        if key in self._memory:
            self.hits += 1
            return self._memory[key]
        if self._db is not None:
            row = self._db.execute("SELECT value FROM answers WHERE key = ?", (key,)).fetchone()
            if row is not None:
                self.hits += 1
                value = json.loads(row[0])
                self._memory[key] = value
                return value
        self.misses += 1
        return None

    def _put(self, key: str, value: Any) -> None:
        self._memory[key] = value
        if self._db is not None:
            self._db.execute(
                "INSERT OR REPLACE INTO answers (key, value) VALUES (?, ?)",
                (key, json.dumps(value, separators=(",", ":"))),
            )
            self._pending += 1
            if self._pending >= COMMIT_EVERY:
                self.commit()

    def commit(self) -> None:
        if self._db is not None and self._pending:
            self._db.commit()
            self._pending = 0

    def close(self) -> None:
        if self._db is not None:
            self.commit()
            self._db.close()
            self._db = None

    def _key(self, kind: str, mover: Board, opponent: Board, ctx: EvalContext, extra: str) -> str:
        return f"{self.inner.name}/{kind}/{_board_key(mover, opponent)}/{ctx.key()}/{extra}"

    # -- the protocol ------------------------------------------------------------------------

    def checker(
        self,
        mover: Board,
        opponent: Board,
        dice: tuple[int, int],
        ctx: EvalContext,
        played: tuple[Board, Board] | None = None,
    ) -> CheckerEval:
        lo, hi = sorted(dice)
        # The play made is evaluated at the full level: part of the question at 2-ply and up.
        deep = played is not None and getattr(self.inner, "prunes", True)
        extra = f"{lo}{hi}" + ("/" + _board_key(*played) if deep and played else "")
        key = self._key("checker", mover, opponent, ctx, extra)
        cached = self._get(key)
        if cached is not None:
            return _checker_in(cached)
        ev = self.inner.checker(mover, opponent, dice, ctx, played)
        self._put(key, _checker_out(ev))
        return ev

    def cube(self, mover: Board, opponent: Board, ctx: EvalContext) -> CubeEval:
        key = self._key("cube", mover, opponent, ctx, "")
        cached = self._get(key)
        if cached is not None:
            return _cube_in(cached)
        c = self.inner.cube(mover, opponent, ctx)
        self._put(key, _cube_out(c))
        return c

    def rolls(self, mover: Board, opponent: Board, ctx: EvalContext) -> tuple[float, ...]:
        key = self._key("rolls", mover, opponent, ctx, "")
        cached = self._get(key)
        if cached is not None:
            return tuple(cached)
        r = self.inner.rolls(mover, opponent, ctx)
        self._put(key, list(r))
        return r

    def mwc(self, equity: float, ctx: EvalContext) -> float | None:
        return self.inner.mwc(equity, ctx)
