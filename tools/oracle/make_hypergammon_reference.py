"""Hypergammon legal-play reference data from gnubg-nn (test ORACLE; GPL, never imported by
gamao_cli).

gnubg's hypergammon (`set variation 1/2/3-chequer-hypergammon`) is backgammon with 1, 2 or 3
checkers a side on the 24, 23 and 22 points; gnubg's own CLI could not serve as a move oracle
for it (research/variants.md section 2: `hint` returns nothing for hypergammon positions), so
the reference comes from gnubg's move generator as gnubg-nn exposes it, which plays any
checker counts by the standard rules.

Run in an oracle venv (tools/oracle/README.md; gnubg-nn==1.1.0a11):

    /path/to/oracle-venv/bin/python tools/oracle/make_hypergammon_reference.py \
        [--out tests/fixtures/oracle/hypergammon.jsonl.gz] [--seed 20261203] [--games 150]

Output: gzip'd JSON lines, one per (position, roll), conventions as make_movegen_reference.py
(position_id with the mover on roll, results seen from the mover, sorted and distinct):

    {"variant": "hypergammon3", "game": 7, "turn": 12, "position_id": P, "dice": [d1, d2],
     "results": [R, ...], "source": "selfplay" | "start"}

"selfplay": seeded random self-play games of each variant, the oracle choosing among its own
legal plays (every position of every game, with the roll rolled); "start": each start with all
21 rolls. Deterministic (gzip mtime 0).
"""

import argparse
import gzip
import io
import json
import random

import gnubg_nn
from make_movegen_reference import ROLLS, encode_posid

STARTS = {
    "hypergammon1": [0] * 23 + [1, 0],
    "hypergammon2": [0] * 22 + [1, 1, 0],
    "hypergammon3": [0] * 21 + [1, 1, 1, 0],
}


def legal(board, d1, d2):
    keys = gnubg_nn.moves([list(board[0]), list(board[1])], d1, d2)
    return sorted({encode_posid(gnubg_nn.boardfromkey(k)) for k in keys}), keys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="tests/fixtures/oracle/hypergammon.jsonl.gz")
    ap.add_argument("--seed", type=int, default=20261203)
    ap.add_argument("--games", type=int, default=150)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    lines = []
    counts = {}
    for variant, side in STARTS.items():
        start = [list(side), list(side)]
        for d1, d2 in ROLLS:
            results, _ = legal(start, d1, d2)
            lines.append(
                {
                    "variant": variant,
                    "game": 0,
                    "turn": 0,
                    "position_id": encode_posid(start),
                    "dice": [d1, d2],
                    "results": results,
                    "source": "start",
                }
            )
        for game in range(1, args.games + 1):
            board = [list(side), list(side)]  # [not on roll, on roll]
            for turn in range(1, 500):
                d1, d2 = sorted((rng.randint(1, 6), rng.randint(1, 6)), reverse=True)
                results, keys = legal(board, d1, d2)
                lines.append(
                    {
                        "variant": variant,
                        "game": game,
                        "turn": turn,
                        "position_id": encode_posid(board),
                        "dice": [d1, d2],
                        "results": results,
                        "source": "selfplay",
                    }
                )
                if keys:
                    after = gnubg_nn.boardfromkey(keys[rng.randrange(len(keys))])
                    board = [list(after[0]), list(after[1])]
                if sum(board[1]) == 0:
                    break
                board = [board[1], board[0]]  # the other player on roll
            counts[variant] = counts.get(variant, 0) + 1
    raw = io.BytesIO()
    with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        for rec in lines:
            gz.write((json.dumps(rec, separators=(",", ":")) + "\n").encode("utf-8"))
    with open(args.out, "wb") as fh:
        fh.write(raw.getvalue())
    print(json.dumps({"records": len(lines), "games": counts}))


if __name__ == "__main__":
    main()
