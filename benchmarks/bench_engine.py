"""Legal play generation and play validation throughput, on one core.

Run by hand: ``.venv/bin/python -m benchmarks.bench_engine``.

Generation: every (position, roll) pair of the reference data taken from real matches (each
position with all 21 rolls). The rate is reported for non-doubles, doubles, and weighted by how
often each roll comes up (doubles 1/6 of the time).
Validation: every recorded play of the real corpus, judged against its position.
"""

from __future__ import annotations

from benchmarks.common import CORPUS, best_of, corpus_matches, recorded_plays, reference_positions
from gamao_cli.engine.plays import judge, legal_plays
from gamao_cli.engine.position import Position
from gamao_cli.engine.ruleset import STANDARD


def main() -> None:
    cases = reference_positions("corpus")
    mixed = [c for c in cases if c[1][0] != c[1][1]]
    doubles = [c for c in cases if c[1][0] == c[1][1]]

    def generate(cases: list[tuple[Position, tuple[int, int]]]) -> None:
        for p, d in cases:
            legal_plays(STANDARD, p.mover, p.opponent, d)  # results dropped, as a checker does

    t_mixed = best_of(3, lambda: generate(mixed)) / len(mixed)
    t_double = best_of(3, lambda: generate(doubles)) / len(doubles)
    weighted = 1 / (30 / 36 * t_mixed + 6 / 36 * t_double)
    print(f"generation: {len(cases)} (position, roll) pairs from real matches")
    print(
        f"  non-doubles {1 / t_mixed:,.0f}/s, doubles {1 / t_double:,.0f}/s, "
        f"weighted by dice frequency {weighted:,.0f}/s"
    )

    plays = recorded_plays(list(corpus_matches([CORPUS])))

    def validate() -> None:
        for p, d, s in plays:
            judge(STANDARD, p.mover, p.opponent, d, s)

    t = best_of(3, validate)
    print(f"validation: {len(plays)} recorded plays of the real corpus: {len(plays) / t:,.0f}/s")


if __name__ == "__main__":
    main()
