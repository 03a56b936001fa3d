"""``validate.play_result``: the boards after a recorded play, as ``judge`` gives them.

The fingerprints' fast path (analysis.plays_applied) reads plays with it instead of judging
them, so for every play, legal or not, it must give judge's boards: plays written one hop a
die, with a checker's hops run together (``13/8`` for 5-3), with fewer hops than dice, and
garbled ones.
"""

from __future__ import annotations

import random

from gamao_cli.engine.movegen import legal_plays
from gamao_cli.engine.validate import judge, play_result
from gamao_cli.model.actions import Step
from tests.helpers import random_positions


def _joined(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """A checker's consecutive hops written as one (``24/18 18/13`` as ``24/13``), the marks
    of hits on the way dropped, as some writers do."""
    out: list[Step] = []
    for s in steps:
        if out and out[-1].to_point == s.from_point:
            out[-1] = Step(out[-1].from_point, s.to_point, s.hit)
        else:
            out.append(s)
    return tuple(out)


def _variants(rng: random.Random, steps: tuple[Step, ...]) -> list[tuple[Step, ...]]:
    garbled = list(steps)
    k = rng.randrange(len(garbled))
    f = rng.randint(1, 25)
    garbled[k] = Step(f, max(0, f - rng.randint(1, 12)))
    return [steps, _joined(steps), steps[:-1], tuple(reversed(steps)), tuple(garbled)]


def test_play_result_gives_judges_boards() -> None:
    rng = random.Random(5)
    compared = 0
    kinds = {"legal": 0, "illegal": 0, "unappliable": 0}
    for position, dice in random_positions(21, 6):
        plays = legal_plays(position, dice)
        if not plays:
            continue
        me, opp = position.mover, position.opponent
        play = plays[rng.randrange(len(plays))]
        steps = tuple(Step(f, t, h) for f, t, h in play.steps)
        for hops in _variants(rng, steps):
            if not hops:
                continue
            verdict = judge(me, opp, dice, hops)
            expected = None if verdict.mover is None else (verdict.mover, verdict.opponent)
            assert play_result(me, opp, dice, hops) == expected, (position, dice, hops)
            compared += 1
            key = "unappliable" if expected is None else "legal" if verdict.legal else "illegal"
            kinds[key] += 1
    assert compared > 1_500
    assert min(kinds.values()) > 50, kinds
