"""Dump every checker play of real match files as gnubg replays them (test ORACLE).

Run with GNU Backgammon's embedded Python (GPL; never imported by gamao_cli):

    GAMAO_CORPUS=/work/shared/corpus/real GAMAO_POS_OUT=/tmp/corpus_positions.jsonl \
        /usr/games/gnubg -t -q -r -p tools/oracle/gnubg_corpus_positions.py >/dev/null

Called by make_movegen_reference.py.  One JSON line per checker play:
{"file", "game" (1-based), "player" (0/1 = gnubg player 0/1 = X/O in gnubg.match()),
 "board" (gnubg's Position ID BEFORE the play, player on roll = the mover),
 "dice" [d1, d2], "move" [[from, to], ...] (mover's frame, 25 = bar, 0 = off),
 "check_id" (gnubg.positionid(gnubg.positionfromid(board)), an encoder cross-check)}
"""

import glob
import json
import os
import sys

import gnubg

ROOT = os.environ.get("GAMAO_CORPUS", "/work/shared/corpus/real")
OUT = os.environ.get("GAMAO_POS_OUT", "/tmp/corpus_positions.jsonl")

files = []
for pat in ("*/*.mat", "*/*.txt", "*/*.sgf"):
    files += sorted(glob.glob(os.path.join(ROOT, pat)))

n_files = 0
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
with open(OUT, "w") as out:
    for path in files:
        rel = os.path.relpath(path, ROOT)
        if rel.startswith(("kevung-xgparser/", "kevung-bgfparser/")):
            continue  # single positions, not match records
        try:
            gnubg.command("new session")  # drop any previous match
            if path.endswith(".sgf"):
                gnubg.command(f'load match "{path}"')
            else:
                gnubg.command(f'import mat "{path}"')
            m = gnubg.match(0, 1, 0, 0)
        except Exception as e:
            sys.stderr.write(f"skip {rel}: {e!r}\n")
            continue
        n = 0
        for gi, g in enumerate(m.get("games", ())):
            for a in g["game"]:
                if a.get("action") != "move" or "board" not in a or not a.get("dice"):
                    continue
                try:
                    check = gnubg.positionid(gnubg.positionfromid(a["board"]))
                except Exception as e:
                    check = f"ERR {e!r}"
                out.write(
                    json.dumps(
                        dict(
                            file=rel,
                            game=gi + 1,
                            player={"X": 0, "O": 1}[a["player"]],
                            board=a["board"],
                            dice=list(a["dice"]),
                            move=[list(s) for s in a.get("move", ())],
                            check_id=check,
                        )
                    )
                    + "\n"
                )
                n += 1
        sys.stderr.write("%s: %d plays\n" % (rel, n))
        n_files += 1 if n else 0
sys.stderr.write("files with plays: %d\n" % n_files)
