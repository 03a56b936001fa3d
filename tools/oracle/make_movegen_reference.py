"""Legal-move reference data from gnubg-nn (test ORACLE; GPL, never imported by gamao_cli).

Run in the oracle venv (see tools/oracle/README.md):

    /work/oracle-venv/bin/python tools/oracle/make_movegen_reference.py \
        [--out tests/fixtures/oracle/movegen.jsonl.gz] [--gnubg /usr/games/gnubg] \
        [--corpus /work/shared/corpus/real] [--seed 20240101]

Output: gzip'd JSON lines, one per (position, roll):

    {"position_id": P, "dice": [d1, d2], "results": [R, ...], "source": S, "tags": [...]}

CONVENTIONS (verified by self-checks at start-up, see check_conventions()):
* A board is [not_on_roll[25], on_roll[25]] (gnubg / gnubg-nn order); each side
  counted from its OWN ace point: index 0..23 = points 1..24, index 24 = bar.
* position_id: gnubg Position ID of the position BEFORE the play, encoded with the
  player to move as "on roll", i.e. the mover is the SECOND half of the 80 bits.
* dice: [higher, lower] (d1 >= d2).
* results: the sorted list of DISTINCT positions after a legal play, each encoded
  SEEN FROM THE PLAYER WHO MOVED: the mover is still the "on roll" (second) half.
  This is NOT the Position ID gnubg shows after the move (there the opponent is on
  roll: swap the halves to get it).  Example: start 4HPwATDgc/ABMA, 31, 8/5 6/5
  -> 4HPwATCwZ/ABMA.  Empty list = no legal play (dance).  A result in which the
  mover has borne off all 15 checkers is included like any other.
* gnubg_nn.moves(board, d1, d2) returns position keys of the resulting positions
  in exactly this orientation (board[1] = the mover after the move); we convert
  keys with gnubg_nn.boardfromkey and encode with our own pure-Python encoder,
  which is cross-checked against gnubg_nn.position_id and (for corpus positions)
  against gnubg 1.07's own Position IDs.
* source: "selfplay" (seeded random/aggressive self-play, standard and nackgammon
  starts; the roll actually rolled), "corpus" (positions before every checker play
  in the real corpus as replayed by gnubg 1.07's importer: the roll played, plus
  all 21 rolls for a deterministic sample of positions), "special" (constructed
  positions: bar vs strong/closed boards, bear-offs, checkers just outside home,
  nackgammon start; all 21 rolls).
* tags (informative, derived, not from gnubg): "bar" mover has a checker on the
  bar; "bar2+" two or more; "closed" opponent holds all six of the mover's entry
  points; "bearoff" all the mover's checkers in home (points 1-6); "outside1"
  mover has 1-2 checkers outside home and the rest in home; "bearoff_high" a
  bear-off roll where a die exceeds the mover's highest point; "doubles";
  "doubles_partial" doubles where fewer than 4 moves are playable (but > 0);
  "dance" no legal play; "single_die" non-double where only one die can be
  played; "larger_die" single_die where either die alone could be played (the
  larger-die rule decides); "nack" nackgammon game.
"""

import argparse
import base64
import gzip
import json
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter

import gnubg_nn

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]  # 21 rolls, high first
START = [[0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]] * 2
NACK = [[0, 0, 0, 0, 0, 4, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 0]] * 2


# ------------------------------------------------------------- own encoder
def encode_posid(board):
    """board = [not_on_roll[25], on_roll[25]] -> 14-char gnubg Position ID."""
    bits = []
    for side in board:
        for n in side:
            bits.extend([1] * n)
            bits.append(0)
    bits.extend([0] * (80 - len(bits)))
    assert len(bits) == 80
    raw = bytearray(10)
    for i, b in enumerate(bits):
        if b:
            raw[i // 8] |= 1 << (i % 8)
    return base64.b64encode(bytes(raw)).decode("ascii")[:14]


def decode_posid(pid):
    raw = base64.b64decode(pid + "==")[:10]
    sides = [[0] * 25, [0] * 25]
    side = idx = 0
    for i in range(80):
        if side > 1:
            break
        if (raw[i // 8] >> (i % 8)) & 1:
            sides[side][idx] += 1
        else:
            idx += 1
            if idx == 25:
                side, idx = side + 1, 0
    return sides


def norm(board):
    return [list(board[0]), list(board[1])]


def swap(board):
    return [list(board[1]), list(board[0])]


def apply_steps(board, steps):
    """Apply ((from,to),...) for the mover (board[1]); 25 = bar, 0 = off; hits."""
    opp, me = list(board[0]), list(board[1])
    for a, b in steps:
        assert me[a - 1] > 0, (board, steps)
        me[a - 1] -= 1
        if b > 0:
            me[b - 1] += 1
            if opp[24 - b] == 1:
                opp[24 - b] = 0
                opp[24] += 1
    return [opp, me]


# ------------------------------------------------------------- oracle
def legal(board, d1, d2):
    """-> (sorted distinct result IDs, max number of dice played)."""
    res = gnubg_nn.moves(norm(board), d1, d2, 1)
    ids, maxlen = set(), 0
    for key, steps in res:
        after = gnubg_nn.boardfromkey(key)
        ids.add(encode_posid(after))
        maxlen = max(maxlen, len(steps))
    return sorted(ids), maxlen


def tags_for(board, d1, d2, results, maxlen, extra=()):
    opp, me = board
    t = set(extra)
    if me[24]:
        t.add("bar")
        if me[24] >= 2:
            t.add("bar2+")
        if all(opp[i] >= 2 for i in range(0, 6)):
            t.add("closed")
    outside = sum(me[6:25])
    if outside == 0:
        t.add("bearoff")
        high = max((i + 1 for i in range(6) if me[i]), default=0)
        if high and max(d1, d2) > high:
            t.add("bearoff_high")
    elif outside <= 2 and sum(me) - outside > 0 and me[24] == 0:
        t.add("outside1")
    if d1 == d2:
        t.add("doubles")
        if results and maxlen < 4:
            t.add("doubles_partial")
    if not results:
        t.add("dance")
    if d1 != d2 and results and maxlen == 1:
        t.add("single_die")
        # could either die alone be played?  moves(b, d, d) is non-empty iff some
        # checker can move d pips.
        if gnubg_nn.moves(norm(board), d1, d1) and gnubg_nn.moves(norm(board), d2, d2):
            t.add("larger_die")
    return sorted(t)


def record(out, seen, board, d1, d2, source, extra=()):
    d1, d2 = max(d1, d2), min(d1, d2)
    pid = encode_posid(board)
    if (pid, d1, d2) in seen:
        return None
    seen.add((pid, d1, d2))
    results, maxlen = legal(board, d1, d2)
    out.append(
        dict(
            position_id=pid,
            dice=[d1, d2],
            results=results,
            source=source,
            tags=tags_for(board, d1, d2, results, maxlen, extra),
        )
    )
    return results


# ------------------------------------------------------------- checks
def check_conventions():
    assert encode_posid(START) == "4HPwATDgc/ABMA"
    assert encode_posid(NACK) == "4Dl4ADbgOXgANg", encode_posid(NACK)
    assert decode_posid("4HPwATDgc/ABMA") == START
    # formats.md 4.1 worked example (mover = on roll = second half)
    b = decode_posid("Mw5jkCQyz+AhAg")
    assert encode_posid(b) == "Mw5jkCQyz+AhAg"
    assert b[1][1] == 1 and b[1][3] == 2 and b[1][5] == 4 and b[0][0] == 2
    # start + 31: 8/5 6/5 must be a result, encoded with the mover still on roll
    res, _ = legal(START, 3, 1)
    want = encode_posid(apply_steps(START, ((8, 5), (6, 5))))
    assert want == "4HPwATCwZ/ABMA", want
    assert want in res and len(res) == 16, res
    # 24/21 13/11 after 32 (formats.md: only the first half changes once the
    # opponent is on roll): our orientation changes the second half instead.
    after = encode_posid(apply_steps(START, ((24, 21), (13, 11))))
    assert encode_posid(swap(decode_posid(after))) == "4HPkASLgc/ABMA"
    res, _ = legal(START, 3, 2)
    assert after in res
    # hit: mover 6/5 hits a blot on mover's 5 = opponent's 20 -> opponent's bar
    b = [[0] * 25, [0] * 25]
    b[0][19] = 1
    b[0][5] = 14  # opponent blot on its 20 point (= our 5 point)
    b[1][5] = 15
    res, _ = legal(b, 1, 1)
    hit = apply_steps(b, ((6, 5), (6, 5), (6, 5), (6, 5)))
    assert hit[0][24] == 1 and encode_posid(hit) in res
    # bar: 2 on bar vs 5-point board, roll 66 with 6-point closed -> dance
    # (the mover enters with die d on its point 25-d = the opponent's point d,
    # so the opponent's home board points 1..6 = opp[0..5] block the entry)
    b = [[0] * 25, [0] * 25]
    for i in range(0, 6):
        b[0][i] = 2
    b[0][12] = 3
    b[1][24] = 2
    b[1][5] = 13
    assert legal(b, 6, 6)[0] == [] and legal(b, 2, 1)[0] == []
    assert "closed" in tags_for(b, 2, 1, [], 0)
    b[0][5] = 0
    b[0][12] = 5  # open the opponent's 6 point = our entry with a 6
    res, n = legal(b, 6, 6)
    assert n == 4 and len(res) >= 1
    res, n = legal(b, 6, 5)
    assert n == 1 and res == [encode_posid(apply_steps(b, ((25, 19),)))]
    # bear-off with a higher die than the highest point
    b = [[0] * 25, [0] * 25]
    b[0][5] = 15
    b[1][2] = 2
    b[1][1] = 1
    res, n = legal(b, 6, 5)
    assert res == [encode_posid(apply_steps(b, ((3, 0), (3, 0))))], res
    # larger-die rule: mover has 1 checker on its 10 point and 14 on its 1 point;
    # the opponent holds our 2 point (its 23).  62: 10/4 or 10/8 alone are legal,
    # both together are not (10/4/2 and 10/8/2 blocked, no bear-off from 1 with a
    # 2 while 4 is occupied) -> the 6 must be played: the only result is 10/4.
    b = [[0] * 25, [0] * 25]
    b[1][9] = 1
    b[1][0] = 14
    b[0][22] = 2
    b[0][5] = 13
    res, n = legal(b, 6, 2)
    t = tags_for(b, 6, 2, res, n)
    assert n == 1 and "larger_die" in t, (res, n, t)
    assert res == [encode_posid(apply_steps(b, ((10, 4),)))], res
    # gnubg_nn vs our encoder on random boards
    R = random.Random(1)
    for _ in range(300):
        b = random_position(R)
        assert encode_posid(b) == gnubg_nn.position_id(norm(b)), b
        assert decode_posid(encode_posid(b)) == b
    print("conventions OK", file=sys.stderr)


# ------------------------------------------------------------- generators
def random_position(R, mover_bar=0, opp_closed=0, bearoff=False, outside=0, total=15):
    """Random legal-looking position; no point occupied by both sides."""
    opp, me = [0] * 25, [0] * 25
    # opponent's point p (own frame) = mover's point 25-p
    occupied_me = set()
    if opp_closed:
        pts = R.sample(range(0, 6), opp_closed)  # opponent's home board = our entry points
        for i in pts:
            opp[i] = 2
    left = 15 - sum(opp)
    me[24] = mover_bar
    nme = total - mover_bar
    if bearoff:
        homes = list(range(0, 6))
        k = nme - outside
        for _ in range(k):
            free = [i for i in homes if opp[23 - i] == 0]
            me[R.choice(free)] += 1
        for _ in range(outside):
            free = [i for i in range(6, 12) if opp[23 - i] == 0]
            me[R.choice(free)] += 1
    else:
        for _ in range(nme):
            free = [i for i in range(24) if opp[23 - i] == 0]
            me[R.choice(free)] += 1
    occupied_me = {i for i in range(24) if me[i]}
    # opponent's remaining checkers on points not held by the mover
    obar = R.random() < 0.15 and left > 0
    if obar:
        opp[24] += 1
        left -= 1
    off = R.randint(0, min(left, 5)) if R.random() < 0.3 else 0
    left -= off
    for _ in range(left):
        free = [i for i in range(24) if (23 - i) not in occupied_me]
        opp[R.choice(free)] += 1
    return [opp, me]


def policy_pick(R, board, d1, d2, style):
    res = gnubg_nn.moves(norm(board), d1, d2)
    if not res:
        return None
    if style == "random":
        return [list(x) for x in gnubg_nn.boardfromkey(R.choice(res))]
    # aggressive: hit as much as possible, make home points, keep it random-ish
    best, bestscore = None, None
    for k in res:
        b = gnubg_nn.boardfromkey(k)
        score = 3 * b[0][24] + sum(1 for i in range(6) if b[1][i] >= 2) + R.random() * 2
        if bestscore is None or score > bestscore:
            best, bestscore = b, score
    return [list(x) for x in best]


def selfplay(R, out, seen, ngames, counts):
    for g in range(ngames):
        nack = g % 7 == 6
        style = "aggressive" if g % 2 else "random"
        board = [list(x) for x in (NACK if nack else START)]
        extra = ("nack",) if nack else ()
        for ply in range(2000):
            d1, d2 = R.randint(1, 6), R.randint(1, 6)
            if ply == 0:
                while d1 == d2:
                    d1, d2 = R.randint(1, 6), R.randint(1, 6)
            record(out, seen, board, d1, d2, "selfplay", extra)
            after = policy_pick(R, board, d1, d2, style)
            if after is None:
                after = board
            if sum(after[1]) == 0:
                break
            board = swap(after)
        counts["games"] += 1


def specials(R, out, seen):
    boards = [(START, ()), (NACK, ("nack",))]
    for _ in range(150):  # 1-4 on the bar vs 3-6 point boards
        boards.append(
            (random_position(R, mover_bar=R.randint(1, 4), opp_closed=R.randint(3, 6)), ())
        )
    for _ in range(120):  # pure bear-offs, 1..15 checkers left
        boards.append((random_position(R, bearoff=True, total=R.randint(1, 15)), ()))
    for _ in range(80):  # 1-2 checkers just outside home
        boards.append(
            (random_position(R, bearoff=True, outside=R.randint(1, 2), total=R.randint(3, 15)), ())
        )
    for _ in range(60):  # anything
        boards.append((random_position(R), ()))
    for b, extra in boards:
        for d1, d2 in ROLLS:
            record(out, seen, b, d1, d2, "special", extra)


def corpus(out, seen, gnubg_bin, corpus_dir, sample_every, stats):
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gnubg_corpus_positions.py")
    with tempfile.TemporaryDirectory() as tmp:
        dump = os.path.join(tmp, "corpus.jsonl")
        env = dict(os.environ, GAMAO_CORPUS=corpus_dir, GAMAO_POS_OUT=dump)
        subprocess.run(
            [gnubg_bin, "-t", "-q", "-r", "-p", script],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        rows = [json.loads(line) for line in open(dump)]
    positions = []
    for r in rows:
        board = decode_posid(r["board"])
        # cross-checks of our encoder against gnubg 1.07 and gnubg-nn
        assert encode_posid(board) == r["board"] == r["check_id"], r
        assert gnubg_nn.position_id(norm(board)) == r["board"], r
        d1, d2 = r["dice"]
        res = record(out, seen, board, d1, d2, "corpus")
        if res is None:
            res, _ = legal(board, max(d1, d2), min(d1, d2))
        stats["corpus_plays"] += 1
        if r["move"] or res:
            try:
                played = encode_posid(apply_steps(board, r["move"]))
                ok = played in res if res else not r["move"]
            except AssertionError:
                ok = False
            stats["corpus_played_in_results" if ok else "corpus_played_NOT_in_results"] += 1
            if not ok:
                stats.setdefault("corpus_illegal_examples", []).append(
                    "%s g%d %s %s %s" % (r["file"], r["game"], r["board"], r["dice"], r["move"])
                )
        if r["board"] not in positions:
            positions.append(r["board"])
    for i, pid in enumerate(positions):
        if i % sample_every == 0:
            b = decode_posid(pid)
            for d1, d2 in ROLLS:
                record(out, seen, b, d1, d2, "corpus")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="tests/fixtures/oracle/movegen.jsonl.gz")
    ap.add_argument("--gnubg", default="/usr/games/gnubg")
    ap.add_argument("--corpus", default="/work/shared/corpus/real")
    ap.add_argument("--seed", type=int, default=20240101)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--sample-every", type=int, default=40)
    a = ap.parse_args()
    check_conventions()
    R = random.Random(a.seed)
    out, seen, stats = [], set(), Counter()
    specials(R, out, seen)
    corpus(out, seen, a.gnubg, a.corpus, a.sample_every, stats)
    selfplay(R, out, seen, a.games, stats)
    out.sort(key=lambda d: ({"special": 0, "corpus": 1, "selfplay": 2}[d["source"]],))
    os.makedirs(os.path.dirname(a.out) or ".", exist_ok=True)
    with open(a.out, "wb") as raw:
        # mtime=0 and no file name: byte-reproducible output
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as f:
            for d in out:
                f.write((json.dumps(d, separators=(",", ":")) + "\n").encode())
    c = Counter()
    for d in out:
        c["source:" + d["source"]] += 1
        for t in d["tags"]:
            c["tag:" + t] += 1
        c["roll:%d%d" % tuple(d["dice"])] += 1
    c["total"] = len(out)
    summary = dict(
        counts=dict(sorted(c.items())),
        stats={k: v for k, v in stats.items() if k != "corpus_illegal_examples"},
        corpus_illegal_examples=stats.get("corpus_illegal_examples", [])[:50],
    )
    json.dump(summary, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
