"""Differential test of hypergammon (1, 2 and 3 checkers) against GNU Backgammon's move
generator.

The reference (tests/fixtures/oracle/hypergammon.jsonl.gz) was made by
tools/oracle/make_hypergammon_reference.py with gnubg-nn (GPL, never imported by gamao): 450
self-played games (the oracle choosing among its own legal plays) and each start with all 21
rolls; for each (position, roll) the sorted Position IDs of every distinct resulting position,
seen from the player who moved. Both of gamao's generators must give the same sets: the standard
one (which hypergammon uses) and the rule-set one.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter

from gamao_cli.engine.ids import decode_position_id, position_id_from_boards
from gamao_cli.engine.movegen import plays_for
from gamao_cli.engine.plays import generate
from gamao_cli.engine.ruleset import rule_set
from gamao_cli.engine.variants import variant_named
from gamao_cli.model.actions import OFF, Board
from tests.helpers import FIXTURES

REFERENCE = FIXTURES / "oracle" / "hypergammon.jsonl.gz"


def _rebased(board: Board, checkers: int) -> Board:
    cells = list(board)
    cells[OFF] = checkers - sum(cells[1:])
    return tuple(cells)


def test_hypergammon_legal_plays_match_gnubg() -> None:
    counts: Counter[tuple[str, str]] = Counter()
    mismatches = []
    with gzip.open(REFERENCE, "rt", encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            variant = variant_named(rec["variant"])
            assert variant is not None
            rs = rule_set(variant)
            pos = decode_position_id(rec["position_id"], 0)
            me, opp = (_rebased(b, rs.checkers) for b in (pos.mover, pos.opponent))
            assert rs.problems((me, opp)) == []
            dice = (rec["dice"][0], rec["dice"][1])
            fast = sorted(
                {position_id_from_boards(p.mover, p.opponent) for p in plays_for(me, opp, dice)}
            )
            general = sorted(
                {
                    position_id_from_boards(p.mover, p.opponent)
                    for p in generate(rs, me, opp, dice)[1]
                }
            )
            if fast != rec["results"] or general != rec["results"]:
                mismatches.append((rec["variant"], rec["position_id"], dice))
            counts[(rec["variant"], rec["source"])] += 1
    assert mismatches == []
    assert counts[("hypergammon3", "start")] == counts[("hypergammon1", "start")] == 21
    assert min(counts[(f"hypergammon{n}", "selfplay")] for n in (1, 2, 3)) >= 800


def test_the_reference_starts_are_gnubgs_start_ids() -> None:
    with gzip.open(REFERENCE, "rt", encoding="utf-8") as fh:
        starts = {
            rec["variant"]: rec["position_id"]
            for rec in map(json.loads, fh)
            if rec["source"] == "start"
        }
    # research/variants.md Y1, from gnubg's InitBoard.
    assert starts == {
        "hypergammon1": "AACAAAAAAgAAAA",
        "hypergammon2": "AABAAQAACgAAAA",
        "hypergammon3": "AACgAgAAKgAAAA",
    }
