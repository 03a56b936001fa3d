"""Import .mat files into GNU Backgammon and dump what it makes of them (test ORACLE).

Runs inside gnubg's embedded Python 3 (gnubg is GPL; nothing here is imported by gamao_cli,
and nothing of gamao_cli is imported here):

    GAMAO_IMPORT_LIST=list.json GAMAO_IMPORT_OUT=out.json \\
        /usr/games/gnubg -t -q -r -p tools/oracle/gnubg_import_check.py >/dev/null

`-p` passes no arguments, so parameters come from environment variables:

    GAMAO_IMPORT_LIST  a JSON list of {"label": str, "path": str}: the files to import
    GAMAO_IMPORT_OUT   where to write the result (JSON)

Every file is imported with `import mat` (an `.sgf` file: `load match`) into a fresh session (both players human, beavers
allowed so that `Beavers => N` cells import), then read back with gnubg.match(). The result
maps each label to

    {"match_length": int, "players": [name 0, name 1], "variation": str,
     "games": [{"game": 1-based, "score_before": [p0, p1], "winner": 0 | 1 | null,
                "points": int | null, "resigned": bool, "crawford": bool,
                "plays": [[player, "d1d2", position id before the roll], ...]}, ...]}

or {"error": text} when gnubg cannot import the file. Imports in one run can influence
each other: after a game that ends with a dropped beaver, gnubg 1.07 starts the next
imported game wrongly even after `new session`; for independent results import one file
per run (as tests/formats/test_gnubg_import_oracle.py does). Conventions: player 0 = gnubg's
player 0 = "X" in gnubg.match() = the left column of the .mat. "plays" lists every roll
gnubg replayed (dances included), in order; the Position ID is gnubg's 14-character ID of
the position before the roll with the roller on roll (the `board` field of the move
action). Dice are as gnubg stores them. Moves gnubg refused (`WARNING: Invalid move`) are
not in the list.
"""

import json
import os
import sys

import gnubg

LIST = os.environ.get("GAMAO_IMPORT_LIST", "")
OUT = os.environ.get("GAMAO_IMPORT_OUT", "/tmp/gnubg_import.json")
PLAYER = {"X": 0, "O": 1}


def game_view(number, g):
    info = g["info"]
    winner = info.get("winner")
    plays = []
    for a in g["game"]:
        if a.get("action") != "move" or not a.get("dice") or "board" not in a:
            continue
        d1, d2 = a["dice"]
        plays.append([PLAYER[a["player"]], "%d%d" % (d1, d2), a["board"]])
    return dict(
        game=number,
        score_before=[info["score-X"], info["score-O"]],
        winner=PLAYER[winner] if winner else None,
        points=info.get("points-won"),
        resigned=bool(info.get("resigned", False)),
        crawford=bool(info.get("crawford", False)),
        plays=plays,
    )


def import_view(path):
    gnubg.command("new session")  # drop the previous match
    if path.lower().endswith(".sgf"):  # gnubg's own format: loaded, not imported
        gnubg.command('load match "%s"' % path)
    else:
        gnubg.command('import mat "%s"' % path)
    m = gnubg.match(0, 1, 0, 0)
    if not m or not m.get("games"):
        return dict(error="gnubg imported no game")
    mi = m["match-info"]
    return dict(
        match_length=mi["match-length"],
        players=[mi["X"]["name"], mi["O"]["name"]],
        variation=mi.get("variation"),
        games=[game_view(i + 1, g) for i, g in enumerate(m["games"])],
    )


def main():
    with open(LIST, encoding="utf-8") as fh:
        wanted = json.load(fh)
    gnubg.command("set player 0 human")
    gnubg.command("set player 1 human")
    gnubg.command("set beavers 3")
    out = {}
    for entry in wanted:
        try:
            out[entry["label"]] = import_view(entry["path"])
        except Exception as e:  # gnubg raises plain exceptions for commands it refuses
            out[entry["label"]] = dict(error=repr(e))
        sys.stderr.write("%s: %s\n" % (entry["label"], out[entry["label"]].get("error", "ok")))
    with open(OUT, "w", encoding="utf-8") as fh:
        json.dump(out, fh, indent=1, sort_keys=True)
        fh.write("\n")


main()
