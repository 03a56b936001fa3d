"""Differential test against GNU Backgammon's legal-move generator.

The reference data (tests/fixtures/oracle/movegen.jsonl.gz) was made by
tools/oracle/make_movegen_reference.py with gnubg-nn (GPL, never imported by gamao): for each
(position, roll), the sorted gnubg Position IDs of every distinct resulting position, seen from
the player who moved. An ``oracle``-marked test also runs the generator live when gnubg-nn is
installed.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter

import pytest

from gamao_cli.engine.ids import decode_position_id, position_id_from_boards
from gamao_cli.engine.movegen import legal_plays
from tests.helpers import FIXTURES, random_positions

REFERENCE = FIXTURES / "oracle" / "movegen.jsonl.gz"


def _results(position_id: str, dice: tuple[int, int]) -> list[str]:
    pos = decode_position_id(position_id, 0)
    return sorted({position_id_from_boards(p.mover, p.opponent) for p in legal_plays(pos, dice)})


def test_reference_sets_of_resulting_positions_match_gnubg() -> None:
    sources: Counter[str] = Counter()
    mismatches = []
    with gzip.open(REFERENCE, "rt", encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            dice = (rec["dice"][0], rec["dice"][1])
            sources[rec["source"]] += 1
            if _results(rec["position_id"], dice) != rec["results"]:
                mismatches.append((rec["position_id"], dice))
    assert mismatches == []
    assert sum(sources.values()) >= 20_000
    assert sources["corpus"] > 0 and sources["selfplay"] > 0


@pytest.mark.oracle
def test_live_against_gnubg_nn() -> None:
    gnubg_nn = pytest.importorskip("gnubg_nn", reason="gnubg-nn is not installed")
    for pos, dice in random_positions(seed=11, games=20):
        on_roll, other = pos.mover, pos.opponent
        board = [list(other[1:26]), list(on_roll[1:26])]
        keys = gnubg_nn.moves(board, dice[0], dice[1])
        assert len(keys) == len(_results(position_id_from_boards(on_roll, other), dice))
