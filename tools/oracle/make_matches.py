"""Generate gnubg self-play matches + ground truth (test ORACLE, not part of gamao_cli).

Run with GNU Backgammon's embedded Python (gnubg is GPL; this script is never
imported by the package, it only writes fixture files):

    GAMAO_OUT=tests/fixtures/gnubg /usr/games/gnubg -t -q -r -p tools/oracle/make_matches.py >/dev/null

`-p` passes no arguments, so parameters come from environment variables:

    GAMAO_OUT         output directory (default: tests/fixtures/gnubg)
    GAMAO_PLAN        "fixtures" (default) or "bench"
    GAMAO_BENCH_FIRST bench plan: index of the first match (default 0)
    GAMAO_BENCH_N     bench plan: number of matches (default 300)
    GAMAO_BENCH_SEED  bench plan: base seed (default 1000); match k uses seed BASE+k
    GAMAO_ONLY        only the plan entries whose name contains this string (their truth
                      replaces theirs in an existing truth.json; the others' is kept)

For every match NAME it writes NAME.mat (`export match mat`) and NAME.sgf
(`analysis clear match` + `save match`) and adds an entry to truth.json
(fixtures plan only), taken from gnubg.match():

  conventions of truth.json
  * player 0 = gnubg's player 0 = "X" in gnubg.match() = LEFT column of the
    .mat = White (PW, "W" moves) in the SGF.  player 1 = "O" = right = Black.
  * "game" is 1-based (the .mat's "Game N"); the SGF's MI[game:i] is 0-based.
  * "score_before" = [player 0, player 1] before the game (for money sessions:
    the cumulative money won so far).
  * "points" = points won by "winner" (level x cube, Jacoby applied).
  * "result" = single|gammon|backgammon: for a bear-off taken from the final
    board, for a resignation the resigned level, for a drop always single.
  * "ended" = bearoff|drop|resign.
  * "cube" = the cube value in force at the end (for a drop: the value BEFORE
    the refused double, i.e. points == cube).  A beaver counts as accepting the
    offered cube: double to 2, beaver to 4, doubler drops -> cube 2, 2 points.
  * "doubles" counts initial offers, "beavers" counts beavers/raccoons (a
    double answered by a re-double of the doubled player; gnubg.match() shows
    it as a second 'double' action), "takes"/"drops" as in gnubg.match().
  * "checker_plays" = number of 'move' actions (rolls), including dances;
    "dances" = how many of them had no move.
"""

import base64
import itertools
import json
import os
import random
import sys

import gnubg

OUT = os.environ.get("GAMAO_OUT", "tests/fixtures/gnubg")
PLAN = os.environ.get("GAMAO_PLAN", "fixtures")
DATE = "2024-01-01"


def log(msg):
    sys.stderr.write(msg + "\n")
    sys.stderr.flush()


def cmd(s):
    gnubg.command(s)


# ---------------------------------------------------------------- Position ID
def decode_posid(pid):
    """Position ID -> (not_on_roll[25], on_roll[25]); index 0..23 = points 1..24, 24 = bar."""
    raw = base64.b64decode(pid + "==")[:10]
    bits = []
    for byte in raw:
        for i in range(8):
            bits.append((byte >> i) & 1)
    sides = [[0] * 25, [0] * 25]
    side, idx = 0, 0
    for b in bits:
        if side > 1:
            break
        if b:
            sides[side][idx] += 1
        else:
            idx += 1
            if idx == 25:
                side, idx = side + 1, 0
    return sides


def decode_matchid():
    v = int.from_bytes(base64.b64decode(gnubg.matchid() + "==")[:9], "little")
    f = lambda s, n: (v >> s) & ((1 << n) - 1)  # noqa: E731
    return dict(
        cube=1 << f(0, 4),
        owner=f(4, 2),
        move=f(6, 1),
        crawford=f(7, 1),
        state=f(8, 3),
        turn=f(11, 1),
        doubled=f(12, 1),
        resign=f(13, 2),
        d1=f(15, 3),
        d2=f(18, 3),
        length=f(21, 15),
    )


def apply_move(board, steps):
    """board = [opp, me] from the mover's view; steps ((from,to),...) 25=bar 0=off."""
    opp, me = list(board[0]), list(board[1])
    for a, b in steps:
        me[a - 1] -= 1
        if b > 0:
            me[b - 1] += 1
            if opp[24 - b] == 1:  # opponent point number 25-b
                opp[24 - b] = 0
                opp[24] += 1
    return [opp, me]


# ---------------------------------------------------------------- truth
def game_truth(num, g, jacoby_money, checkers=15):
    info, acts = g["info"], g["game"]
    t = dict(
        game=num,
        score_before=[info["score-X"], info["score-O"]],
        winner={"X": 0, "O": 1}[info["winner"]] if info.get("winner") else None,
        points=info.get("points-won"),
        crawford=bool(info.get("crawford", False)),
        checker_plays=0,
        dances=0,
        doubles=0,
        beavers=0,
        takes=0,
        drops=0,
    )
    cube, pending, prev, centred = 1, None, None, True
    last_move, ended, result, resign_pts = None, None, None, None
    for a in acts:
        k = a["action"]
        if k == "move":
            t["checker_plays"] += 1
            if not a.get("move"):
                t["dances"] += 1
            last_move = a
        elif k == "double":
            if prev == "double":
                # a beaver accepts the offered cube and re-doubles it at once
                t["beavers"] += 1
                cube, centred = pending, False
                pending = cube * 2
            else:
                t["doubles"] += 1
                pending = cube * 2
        elif k == "take":
            t["takes"] += 1
            cube, pending, centred = pending, None, False
        elif k == "drop":
            t["drops"] += 1
            ended = "drop"
        elif k == "resign":
            ended, resign_pts = "resign", a.get("points")
        elif k in ("accept", "reject", "set"):
            pass
        else:
            log(f"unknown action {a!r}")
        prev = k
    if ended == "drop":
        result = "single"
    elif ended == "resign":
        result = {1: "single", 2: "gammon", 3: "backgammon"}[resign_pts]
    else:
        ended = "bearoff"
        b = apply_move(decode_posid(last_move["board"]), last_move["move"])
        winner_side, loser = b[1], b[0]
        assert sum(winner_side) == 0, (num, last_move)
        if sum(loser) < checkers:  # 15, or 1-3 in hypergammon
            result = "single"
        elif loser[24] or any(loser[18:24]):
            result = "backgammon"
        else:
            result = "gammon"
    if info.get("resigned"):
        assert ended == "resign", (num, info)
    t["result"], t["ended"], t["cube"] = result, ended, cube
    level = {"single": 1, "gammon": 2, "backgammon": 3}[result]
    if jacoby_money and centred and ended != "drop":
        level = 1
    expect = cube * level
    if t["points"] != expect:
        log("WARNING game %d: points %r != cube %d x level %d" % (num, t["points"], cube, level))
    return t


def match_truth(name, spec):
    m = gnubg.match(0, 1, 0, 0)
    mi = m["match-info"]
    length = mi["match-length"]
    jac = bool(spec.get("jacoby")) and length == 0
    variation = mi.get("variation") or ""
    checkers = int(variation[-1]) if variation.startswith("Hypergammon") else 15
    games = [game_truth(i + 1, g, jac, checkers) for i, g in enumerate(m["games"])]
    # consistency: score chaining
    for a, b in itertools.pairwise(games):
        s = list(a["score_before"])
        s[a["winner"]] += a["points"]
        assert s == b["score_before"], (name, a, b)
    final = list(games[-1]["score_before"])
    final[games[-1]["winner"]] += games[-1]["points"]
    return dict(
        mat=name + ".mat",
        sgf=name + ".sgf",
        players=[mi["X"]["name"], mi["O"]["name"]],
        match_length=length,
        variation=mi.get("variation"),
        rules=list(mi.get("rules", ())),
        cube_use=spec.get("cube", True),
        jacoby=bool(spec.get("jacoby")) if length == 0 else None,
        beavers=spec.get("beavers", 0) if length == 0 else None,
        driver=spec["kind"],
        seed=spec["seed"],
        noise=spec.get("noise", 0.0),
        final_score=final,
        match_winner=(0 if final[0] >= length else 1) if length and max(final) >= length else None,
        games=games,
    )


# ---------------------------------------------------------------- drivers
def setup(spec):
    cmd("set rng mersenne")
    cmd("set seed %d" % spec["seed"])
    cmd("set variation {}".format(spec.get("variation", "standard")))
    cmd("set cube use %s" % ("on" if spec.get("cube", True) else "off"))
    cmd("set jacoby %s" % ("on" if spec.get("jacoby") else "off"))
    cmd("set beavers %d" % spec.get("beavers", 0))
    cmd("set evaluation chequerplay evaluation plies 0")
    cmd("set evaluation cubedecision evaluation plies 0")
    noise = spec.get("noise", 0.0)
    for p in (0, 1):
        cmd("set player %d %s" % (p, "human" if spec["kind"] == "scripted" else "gnubg"))
        for what in ("chequerplay", "cubedecision"):
            cmd("set player %d %s evaluation plies 0" % (p, what))
            cmd("set player %d %s evaluation deterministic on" % (p, what))
            cmd("set player %d %s evaluation noise %s" % (p, what, noise))


def fmt_move(mv):
    pairs = [(mv[i], mv[i + 1]) for i in range(0, len(mv), 2)]
    pairs = [(a, b) for a, b in pairs if not (a == 0 and b == 0)]
    return " ".join(
        "{}/{}".format("bar" if a == 25 else a, "off" if b == 0 else b) for a, b in pairs
    )


def scripted(spec):
    """Both players 'human'; this script decides cube actions and resignations,
    checker plays are gnubg's 0-ply best move (findbestmove)."""
    R = random.Random(spec["seed"] * 7919 + 17)
    p_double = spec.get("p_double", 0.06)
    p_beaver = spec.get("p_beaver", 0.0)
    p_drop = spec.get("p_drop", 0.3)
    p_resign = spec.get("p_resign", 0.0)
    cmd("set automatic game off")
    cmd("set automatic roll off")
    length = spec.get("length", 0)
    cmd("new session" if length == 0 else "new match %d" % length)
    ngames = 0
    for _ in range(200000):
        s = decode_matchid()
        if s["state"] != 1:  # game over
            ngames += 1
            if length == 0 and ngames >= spec.get("games", 5):
                break
            if length:
                m = gnubg.match(0, 1, 0, 0)
                if m["match-info"].get("result", 0) not in (0, None) or _match_over(m, length):
                    break
            cmd("new game")
            continue
        if s["resign"]:
            cmd("accept")
        elif s["doubled"]:
            r = R.random()
            if r < p_beaver and spec.get("beavers", 0) and length == 0:
                cmd("beaver")
            elif r < p_beaver + p_drop:
                cmd("drop")
            else:
                cmd("take")
        elif s["d1"] == 0:
            may_double = (
                spec.get("cube", True) and s["owner"] in (3, s["move"]) and not s["crawford"]
            )
            if p_resign and R.random() < p_resign:
                cmd("resign {}".format(R.choice(["normal", "normal", "gammon", "backgammon"])))
            elif may_double and R.random() < p_double:
                cmd("double")
            else:
                cmd("roll")
        else:
            mv = gnubg.findbestmove()
            txt = fmt_move(list(mv))
            cmd("move " + txt if txt else "move")
    else:
        raise RuntimeError("scripted game did not finish")


def _match_over(m, length):
    g = m["games"][-1]["info"]
    s = [g["score-X"], g["score-O"]]
    if g.get("winner"):
        s[{"X": 0, "O": 1}[g["winner"]]] += g.get("points-won", 0)
    return max(s) >= length


def play(spec):
    setup(spec)
    if spec["kind"] == "scripted":
        scripted(spec)
    elif spec.get("length", 0) == 0:
        cmd("set automatic game off")
        cmd("new session")
        for _ in range(spec.get("games", 5) - 1):
            cmd("new game")
    else:
        cmd("set automatic game on")
        cmd("new match %d" % spec["length"])


def emit(name, spec):
    play(spec)
    n0, n1 = spec.get("names", ("gnubg", "root"))
    cmd(f"set player 0 name {n0}")
    cmd(f"set player 1 name {n1}")
    cmd(f"set matchinfo date {DATE}")
    truth = match_truth(name, spec)
    base = os.path.join(OUT, name)
    cmd(f"export match mat {base}.mat")
    cmd("analysis clear match")
    cmd(f"save match {base}.sgf")
    log("%s: %d games" % (name, len(truth["games"])))
    return truth


NAMES = [
    ("Alice", "Bob"),
    ("Anna Maria", "Bo"),
    ("gnubg", "Wildbg"),
    ("Kasper", "Lena Ruiz"),
    ("X_player", "O_player"),
    ("Mochizuki", "Tabata"),
    ("Eve", "Mallory Jr"),
]


def fixtures_plan():
    plan = []
    i = 0
    for length, seeds in ((1, 4), (3, 6), (5, 7), (7, 7), (9, 6), (11, 5), (15, 4)):
        for s in range(1, seeds + 1):
            noise = (0.0, 0.25, 0.4)[s % 3]
            plan.append(
                (
                    "m%02d_s%d" % (length, s),
                    dict(
                        kind="auto",
                        length=length,
                        seed=100 * length + s,
                        noise=noise,
                        names=NAMES[i % len(NAMES)],
                    ),
                )
            )
            i += 1
    for s in range(1, 3):
        plan.append(
            (
                "money_jacoby_s%d" % s,
                dict(
                    kind="auto",
                    length=0,
                    seed=500 + s,
                    games=5,
                    noise=0.25,
                    jacoby=True,
                    names=NAMES[s],
                ),
            )
        )
        plan.append(
            (
                "money_nojacoby_s%d" % s,
                dict(
                    kind="auto",
                    length=0,
                    seed=510 + s,
                    games=5,
                    noise=0.4,
                    jacoby=False,
                    names=NAMES[s + 2],
                ),
            )
        )
        plan.append(
            (
                "money_jacoby_beaver_s%d" % s,
                dict(
                    kind="scripted",
                    length=0,
                    seed=520 + s,
                    games=5,
                    jacoby=True,
                    beavers=3,
                    p_double=0.08,
                    p_beaver=0.5,
                    p_drop=0.2,
                    names=NAMES[s + 3],
                ),
            )
        )
        plan.append(
            (
                "money_beaver_s%d" % s,
                dict(
                    kind="scripted",
                    length=0,
                    seed=530 + s,
                    games=6,
                    jacoby=False,
                    beavers=1,
                    p_double=0.08,
                    p_beaver=0.5,
                    p_drop=0.2,
                    names=NAMES[s + 4],
                ),
            )
        )
    for length, s in ((5, 1), (5, 2), (7, 3), (1, 4)):
        plan.append(
            (
                "nack_m%02d_s%d" % (length, s),
                dict(
                    kind="auto",
                    length=length,
                    seed=600 + s,
                    noise=0.25,
                    variation="nackgammon",
                    names=NAMES[s],
                ),
            )
        )
    plan.append(
        (
            "nack_money_s1",
            dict(
                kind="auto",
                length=0,
                seed=611,
                games=4,
                noise=0.25,
                variation="nackgammon",
                jacoby=True,
                names=NAMES[0],
            ),
        )
    )
    # Hypergammon (gnubg's variations of 1, 2 and 3 checkers a side; issue 11's oracle).
    for checkers, length, s in ((3, 5, 1), (3, 7, 2), (2, 5, 3), (1, 3, 4)):
        plan.append(
            (
                "hyper%d_m%02d_s%d" % (checkers, length, s),
                dict(
                    kind="auto",
                    length=length,
                    seed=650 + s,
                    noise=0.25,
                    variation="%d-chequer-hypergammon" % checkers,
                    names=NAMES[s],
                ),
            )
        )
    plan.append(
        (
            "hyper3_money_s1",
            dict(
                kind="auto",
                length=0,
                seed=661,
                games=5,
                noise=0.25,
                variation="3-chequer-hypergammon",
                jacoby=True,
                names=NAMES[1],
            ),
        )
    )
    for length, s in ((5, 1), (7, 2), (1, 3)):
        plan.append(
            (
                "nocube_m%02d_s%d" % (length, s),
                dict(
                    kind="auto",
                    length=length,
                    seed=700 + s,
                    noise=0.4,
                    cube=False,
                    names=NAMES[s + 1],
                ),
            )
        )
    for length, s in ((5, 4), (7, 5), (3, 6)):
        plan.append(
            (
                "resign_m%02d_s%d" % (length, s),
                dict(
                    kind="scripted",
                    length=length,
                    seed=800 + s,
                    p_double=0.05,
                    p_drop=0.3,
                    p_resign=0.03,
                    names=NAMES[s],
                ),
            )
        )
    plan.append(
        (
            "resign_money_s1",
            dict(
                kind="scripted",
                length=0,
                seed=811,
                games=6,
                p_double=0.05,
                p_resign=0.04,
                beavers=0,
                names=NAMES[2],
            ),
        )
    )
    return plan


def bench_plan():
    """Matches GAMAO_BENCH_FIRST .. +GAMAO_BENCH_N; match k is fully determined by k."""
    first = int(os.environ.get("GAMAO_BENCH_FIRST", "0"))
    n = int(os.environ.get("GAMAO_BENCH_N", "300"))
    s0 = int(os.environ.get("GAMAO_BENCH_SEED", "1000"))
    plan = []
    for k in range(first, first + n):
        R = random.Random(s0 + k)
        length = R.choice((7, 9, 11))
        plan.append(
            (
                "bench_m%02d_%04d" % (length, k),
                dict(
                    kind="auto",
                    length=length,
                    seed=s0 + k,
                    noise=R.choice((0.0, 0.2, 0.4)),
                    names=NAMES[k % len(NAMES)],
                ),
            )
        )
    return plan


def main():
    os.makedirs(OUT, exist_ok=True)
    plan = fixtures_plan() if PLAN == "fixtures" else bench_plan()
    only = os.environ.get("GAMAO_ONLY")
    truths = {}
    existing = os.path.join(OUT, "truth.json")
    if only and PLAN == "fixtures" and os.path.exists(existing):
        with open(existing) as f:  # regenerate some matches: keep the others' truth
            truths = json.load(f)["matches"]
    for name, spec in plan:
        if only and only not in name:
            continue
        truths[name] = emit(name, spec)
    if PLAN == "fixtures":
        meta = dict(
            generator="tools/oracle/make_matches.py",
            gnubg="GNU Backgammon 1.07.001 (Debian)",
            conventions="see tools/oracle/make_matches.py docstring",
            matches=truths,
        )
        with open(os.path.join(OUT, "truth.json"), "w") as f:
            json.dump(meta, f, indent=1, sort_keys=True)
            f.write("\n")


main()
