"""Legal play generation per variant, positions/s, on one core (run by hand:
``.venv/bin/python -m benchmarks.bench_variants``).

Positions are those of seeded random self-play games of each variant (tests/variant_games.py),
each with all 21 rolls, weighted by how often each roll comes up (doubles 1/6 of the time).
Every rule set is measured through the engine's API (engine.plays.legal_plays), which plays
standard, nackgammon and hypergammon with the specialised generator and tabula with its own
walk. Standard backgammon is measured a second time with the rule-set search
(:class:`engine.plays.Moves`, which plays any rule set), so the cost of the general search
shows. Target (issue 11): every variant at least half of standard's rate.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from functools import partial

from benchmarks.common import REPO
from gamao_cli.engine.plays import Moves, generate, legal_plays
from gamao_cli.engine.ruleset import RuleSet, rule_set
from gamao_cli.model.actions import OFF, Board
from gamao_cli.model.match import Variant

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]
ROLLS3 = [(a, b, c) for a in range(1, 7) for b in range(1, a + 1) for c in range(1, b + 1)]
GAMES = 12


def positions(rs: RuleSet, games: int = GAMES) -> list[tuple[Board, Board]]:
    """Every position (mover's view) of ``games`` random self-play games."""
    out: list[tuple[Board, Board]] = []
    for seed in range(games):
        rng = random.Random(seed)
        me, opp = rs.start_boards()
        for _ in range(400):
            out.append((me, opp))
            _, plays = generate(rs, me, opp, tuple(rng.randint(1, 6) for _ in range(rs.dice)))
            if plays:
                play = plays[rng.randrange(len(plays))]
                me, opp = play.mover, play.opponent
            if me[OFF] == rs.checkers:
                break
            me, opp = opp, me
    return out


Case = tuple[Board, Board, tuple[int, ...]]
ROUNDS = 5


def workload(cases: list[tuple[Board, Board]]) -> tuple[list[Case], list[Case]]:
    """(non-double cases, double cases): every position with every roll."""
    mixed: list[Case] = [(m, o, d) for m, o in cases for d in ROLLS if d[0] != d[1]]
    doubles: list[Case] = [(m, o, d) for m, o in cases for d in ROLLS if d[0] == d[1]]
    return mixed, doubles


def workload3(cases: list[tuple[Board, Board]]) -> tuple[list[Case], list[Case]]:
    """Tabula's three dice: (rolls of three different dice, rolls with a pair or a triple),
    every position with every roll. By chance: 120 of 216 rolls are three different dice;
    within the rest, each pair roll comes up 3 times for each triple's once."""
    mixed: list[Case] = [(m, o, d) for m, o in cases for d in ROLLS3 if len(set(d)) == 3]
    pairs: list[Case] = [
        (m, o, d) for m, o in cases for d in ROLLS3 if len(set(d)) == 2 for _ in range(3)
    ]
    triples: list[Case] = [(m, o, d) for m, o in cases for d in ROLLS3 if len(set(d)) == 1]
    return mixed, pairs + triples


def once(fn: Callable[[Board, Board, tuple[int, ...]], object], items: list[Case]) -> float:
    """Seconds a position of one run over ``items``."""
    t = time.perf_counter()
    for m, o, d in items:
        fn(m, o, d)
    return (time.perf_counter() - t) / len(items)


def main() -> None:
    """Every generator is timed once a round, for :data:`ROUNDS` rounds, and its best round
    kept: the machine's speed drifts (another tenant, the clock), and interleaving keeps the
    ratios to standard fair where timing one variant after another would not."""
    sys.path.insert(0, str(REPO))
    std = rule_set(Variant.STANDARD)
    std_cases = positions(std, 4)

    search = partial(Moves().plays, std)
    standard = partial(legal_plays, std)

    # (name, positions, generator, non-double cases, double cases, weight of the first)
    entries: list[tuple[str, int, Callable[[Board, Board, tuple[int, ...]], object],
                        list[Case], list[Case], float]] = [
        ("standard (engine.movegen)", len(std_cases), standard, *workload(std_cases), 30 / 36),
        ("standard (the rule-set search itself)", len(std_cases), search,
         *workload(std_cases), 30 / 36),
    ]  # fmt: skip
    for variant, options in [
        (Variant.HYPERGAMMON, ()),
        (Variant.TAVLA, ()),
        (Variant.LONG_NARDY, ()),
        (Variant.LONG_NARDY, (("block", "final"),)),
        (Variant.ACEY_DEUCEY, ()),
        (Variant.TABULA, ()),
    ]:
        rs = rule_set(variant, options=options)
        cases = positions(rs, 4)
        fn: Callable[[Board, Board, tuple[int, ...]], object] = partial(legal_plays, rs)
        if rs.dice == 3:
            entries.append((rs.describe(), len(cases), fn, *workload3(cases), 120 / 216))
        else:
            entries.append((rs.describe(), len(cases), fn, *workload(cases), 30 / 36))
    best = [[float("inf"), float("inf")] for _ in entries]
    for _ in range(ROUNDS):
        for k, (_name, _n, fn, mixed, doubles, _w) in enumerate(entries):
            best[k][0] = min(best[k][0], once(fn, mixed))
            best[k][1] = min(best[k][1], once(fn, doubles))
    rates = [1 / (e[5] * b[0] + (1 - e[5]) * b[1]) for e, b in zip(entries, best, strict=True)]
    for k, (name, n, *_rest) in enumerate(entries):
        share = "" if k == 0 else f" ({rates[k] / rates[0]:.0%} of standard)"
        rolls = 56 if "tabula" in name else 21
        print(f"{name}: {n} positions x {rolls} rolls: {rates[k]:,.0f}/s{share}")


if __name__ == "__main__":
    main()
