"""The evaluation cache: one answer per question, kept on disk between runs."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from gamao_cli.engine.eval_cache import FILE_NAME, CachedEvaluator
from gamao_cli.engine.evaluator import (
    ROLLER,
    ROLLS,
    CheckerEval,
    CubeEval,
    EvalContext,
    PlayEval,
)
from gamao_cli.engine.position import Position
from gamao_cli.model.actions import Board
from gamao_cli.model.analysis import Probabilities


class Counting:
    """A fake engine that counts the questions it is asked."""

    name = "fake 1-ply"
    prunes = False

    def __init__(self) -> None:
        self.calls = 0

    def checker(
        self,
        mover: Board,
        opponent: Board,
        dice: tuple[int, int],
        ctx: EvalContext,
        played: tuple[Board, Board] | None = None,
    ) -> CheckerEval:
        self.calls += 1
        p = Probabilities(0.5, 0.1, 0.01, 0.12, 0.005)
        return CheckerEval((PlayEval(mover, opponent, 0.125 + dice[0], -0.5, p, "1-ply"),), "1-ply")

    def cube(self, mover: Board, opponent: Board, ctx: EvalContext) -> CubeEval:
        self.calls += 1
        return CubeEval(0.25, 0.5 * ctx.cube_value, 1.0, None, "1-ply")

    def rolls(self, mover: Board, opponent: Board, ctx: EvalContext) -> tuple[float, ...]:
        self.calls += 1
        return tuple(i / 64 for i in range(len(ROLLS)))

    def mwc(self, equity: float, ctx: EvalContext) -> float | None:
        return None


START = Position.start()


def _ask(ev: CachedEvaluator) -> tuple[object, ...]:
    ctx = EvalContext(2, ROLLER, 3, 5)
    return (
        ev.checker(START.mover, START.opponent, (3, 1), ctx),
        ev.checker(START.mover, START.opponent, (1, 3), ctx),  # the same roll
        ev.cube(START.mover, START.opponent, ctx),
        ev.cube(START.mover, START.opponent, EvalContext(4, ROLLER, 3, 5)),  # another cube
        ev.rolls(START.mover, START.opponent, ctx),
    )


def test_each_question_is_answered_once_in_memory() -> None:
    inner = Counting()
    ev = CachedEvaluator(inner)
    first = _ask(ev)
    assert inner.calls == 4
    assert _ask(ev) == first
    assert inner.calls == 4
    assert (ev.hits, ev.misses) == (6, 4)


def test_answers_kept_on_disk_are_the_same(tmp_path: Path) -> None:
    inner = Counting()
    ev = CachedEvaluator(inner, tmp_path)
    first = _ask(ev)
    ev.close()
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        assert db.execute("SELECT count(*) FROM answers").fetchone() == (4,)
    again = Counting()
    ev2 = CachedEvaluator(again, tmp_path)
    assert _ask(ev2) == first
    assert again.calls == 0
    ev2.close()


def test_uncommitted_answers_are_lost_but_the_file_stays_readable(tmp_path: Path) -> None:
    ev = CachedEvaluator(Counting(), tmp_path)
    _ask(ev)
    ev.commit()
    ctx = EvalContext()
    ev.cube(START.mover, START.opponent, ctx)  # not committed: as if interrupted here
    assert ev._db is not None
    ev._db.close()  # no commit: what Ctrl-C leaves
    ev._db = None
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("SELECT count(*) FROM answers").fetchone() == (4,)
