"""gnubg's skill analysis of matches: the reference for gamao's (test ORACLE, not gamao_cli).

Run with GNU Backgammon's embedded Python (gnubg is GPL; nothing here is imported by the
package, the script only writes fixture files):

    GAMAO_OUT=tests/fixtures/skill /usr/games/gnubg -t -q -r -p tools/oracle/skill_gnubg.py >/dev/null

Environment (``-p`` passes no arguments):

    GAMAO_OUT     output directory (default tests/fixtures/skill)
    GAMAO_INPUTS  .mat files, separated by ':' (default: the two below)
    GAMAO_PLIES   analysis depths, comma-separated (default 0,2: gnubg's numbering)

For every input NAME.mat and depth N it runs gnubg's ``analyse match`` (checker play and
cube at N plies, luck analysed) and writes ``NAME-Nply.sgf`` (``save match``: gnubg's
analysis in A/DA/LU properties) and one ``NAME.json`` for all depths: the seconds
``analyse match`` took and gnubg's statistics, for the match and per game, exactly as
``gnubg.match(statistics=1)`` gives them (what ``show statistics match`` prints).
Players: "X" is gnubg's player 0 (the .mat's left column, SGF White), "O" player 1.
"""

import json
import os
import sys
import time

import gnubg

OUT = os.environ.get("GAMAO_OUT", "tests/fixtures/skill")
INPUTS = os.environ.get(
    "GAMAO_INPUTS", "tests/fixtures/gnubg/m03_s1.mat:examples/gnubg_7pt.mat"
).split(":")
PLIES = [int(p) for p in os.environ.get("GAMAO_PLIES", "0,2").split(",")]


def cmd(s):
    gnubg.command(s)


def analyse(path, plies):
    cmd("new match 1")  # forget the previous match
    cmd("import mat %s" % path)
    for part in ("chequerplay", "cubedecision"):
        cmd("set analysis %s evaluation plies %d" % (part, plies))
        cmd("set analysis %s evaluation cubeful on" % part)
    cmd("set analysis luck on")
    cmd("set analysis moves -1")
    start = time.time()
    cmd("analyse match")
    seconds = time.time() - start
    name = os.path.splitext(os.path.basename(path))[0]
    cmd("save match %s" % os.path.join(OUT, "%s-%dply.sgf" % (name, plies)))
    m = gnubg.match(analysis=1, boards=0, statistics=1, verbose=0)
    return name, {
        "seconds": round(seconds, 3),
        "match": m["stats"],
        "games": [g["stats"] for g in m["games"]],
    }


def main():
    os.makedirs(OUT, exist_ok=True)
    for path in INPUTS:
        out = {"input": path, "gnubg": "1.07.001", "analyses": {}}
        name = None
        for plies in PLIES:
            name, result = analyse(path, plies)
            out["analyses"]["%dply" % plies] = result
            sys.stderr.write("%s %d-ply: %.2f s\n" % (path, plies, result["seconds"]))
        with open(os.path.join(OUT, name + ".json"), "w") as f:
            json.dump(out, f, indent=1, sort_keys=True)
            f.write("\n")


main()
