"""Cross-check movegen.jsonl.gz (made with gnubg-nn) against gnubg 1.07 itself.

    GAMAO_MOVEGEN=tests/fixtures/oracle/movegen.jsonl.gz GAMAO_EVERY=10 \
        /usr/games/gnubg -t -q -r -p tools/oracle/gnubg_crosscheck_movegen.py >/dev/null

For every GAMAO_EVERY-th line: `set board <position_id>`, `set dice d1 d2`, then
gnubg.hint(100000) at 0 ply lists every legal play (distinct resulting positions); the
count must equal len(results).  Prints a summary on stderr; exit status 1 on mismatch.
"""

import gzip
import json
import os
import sys

import gnubg

path = os.environ.get("GAMAO_MOVEGEN", "tests/fixtures/oracle/movegen.jsonl.gz")
every = int(os.environ.get("GAMAO_EVERY", "10"))
for c in (
    "set player 0 human",
    "set player 1 human",
    "set evaluation chequerplay evaluation plies 0",
    "new session",
):
    gnubg.command(c)
n = bad = 0
for i, line in enumerate(gzip.open(path, "rt")):
    if i % every:
        continue
    d = json.loads(line)
    gnubg.command("set board {}".format(d["position_id"]))
    assert gnubg.positionid() == d["position_id"]
    gnubg.command("set dice %d %d" % tuple(d["dice"]))
    try:
        k = len(gnubg.hint(100000)["hint"])
    except Exception:  # no legal move: gnubg has nothing to hint
        k = 0
    n += 1
    if k != len(d["results"]):
        bad += 1
        sys.stderr.write(
            "MISMATCH line %d %s %s: gnubg %d, reference %d\n"
            % (i + 1, d["position_id"], d["dice"], k, len(d["results"]))
        )
sys.stderr.write("checked %d pairs, %d mismatches\n" % (n, bad))
sys.exit(1 if bad else 0)
