"""Legal play generation per variant, positions/s, on one core (run by hand:
``.venv/bin/python -m benchmarks.bench_variants``).

Positions are those of seeded random self-play games of each variant (tests/variant_games.py),
each with all 21 rolls, weighted by how often each roll comes up (doubles 1/6 of the time).
Standard backgammon is measured the same way with both generators: the specialised one
(engine.movegen, what standard, nackgammon and hypergammon use) and the rule-set one
(engine.rules_movegen), so the cost of the general search shows. Target (issue 11): every
variant at least half of standard's rate.
"""

from __future__ import annotations

import random
import sys

from benchmarks.common import REPO, best_of
from gamao_cli.engine import rules_movegen
from gamao_cli.engine.movegen import plays_for
from gamao_cli.engine.rules_movegen import generate
from gamao_cli.engine.ruleset import RuleSet, rule_set
from gamao_cli.model.actions import OFF, Board
from gamao_cli.model.match import Variant

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]
GAMES = 12


def positions(rs: RuleSet, games: int = GAMES) -> list[tuple[Board, Board]]:
    """Every position (mover's view) of ``games`` random self-play games."""
    out: list[tuple[Board, Board]] = []
    for seed in range(games):
        rng = random.Random(seed)
        me, opp = rs.start_boards()
        for _ in range(400):
            out.append((me, opp))
            _, plays = generate(rs, me, opp, (rng.randint(1, 6), rng.randint(1, 6)))
            if plays:
                play = plays[rng.randrange(len(plays))]
                me, opp = play.mover, play.opponent
            if me[OFF] == rs.checkers:
                break
            me, opp = opp, me
    return out


def rate(cases: list[tuple[Board, Board]], fn: object) -> float:
    """Weighted positions/s of ``fn(me, opp, dice)`` over every roll."""
    assert callable(fn)
    mixed = [(m, o, d) for m, o in cases for d in ROLLS if d[0] != d[1]]
    doubles = [(m, o, d) for m, o in cases for d in ROLLS if d[0] == d[1]]

    def run(items: list[tuple[Board, Board, tuple[int, int]]]) -> None:
        for m, o, d in items:
            fn(m, o, d)

    t_mixed = best_of(3, lambda: run(mixed)) / len(mixed)
    t_double = best_of(3, lambda: run(doubles)) / len(doubles)
    return 1 / (30 / 36 * t_mixed + 6 / 36 * t_double)


def main() -> None:
    sys.path.insert(0, str(REPO))
    std = rule_set(Variant.STANDARD)
    std_cases = positions(std, 4)
    base = rate(std_cases, plays_for)
    print(f"standard (engine.movegen): {len(std_cases)} positions x 21 rolls: {base:,.0f}/s")
    def search(m: Board, o: Board, d: tuple[int, int]) -> object:
        return rules_movegen._compulsory(rules_movegen._search(std, m, o, d, 1).reached, d)

    general = rate(std_cases, search)
    print(f"standard (the rule-set search itself): {general:,.0f}/s ({general / base:.0%})")
    for variant, options in [
        (Variant.HYPERGAMMON, ()),
        (Variant.TAVLA, ()),
        (Variant.LONG_NARDY, ()),
        (Variant.LONG_NARDY, (("block", "final"),)),
        (Variant.ACEY_DEUCEY, ()),
    ]:
        rs = rule_set(variant, options=options)
        cases = positions(rs, 4)
        fn = plays_for if rs.standard_moves else (lambda m, o, d, rs=rs: generate(rs, m, o, d))
        r = rate(cases, fn)
        name = rs.describe()
        print(f"{name}: {len(cases)} positions x 21 rolls: {r:,.0f}/s ({r / base:.0%} of standard)")


if __name__ == "__main__":
    main()
