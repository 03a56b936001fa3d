"""Run inside GNU Backgammon (``gnubg -t -q -r -p``): load the SGF named by $GAMAO_SGF and
write to $GAMAO_OUT, as JSON, every record gnubg holds a cube analysis for: the game's index,
the record's action and gnubg's stored no-double and double-take values (MWC in a match).
Used by tests/formats/test_sgf_cube_mwc.py."""

import json
import os

import gnubg

gnubg.command("load match " + os.environ["GAMAO_SGF"])
found = []
for index, game in enumerate(gnubg.match(1, 0, 0, 0)["games"]):
    for record in game["game"]:
        analysis = record.get("analysis") or {}
        if "nd-cubeful-eq" in analysis:
            found.append(
                [index, record.get("action"), analysis["nd-cubeful-eq"], analysis["dt-cubeful-eq"]]
            )
with open(os.environ["GAMAO_OUT"], "w") as fh:
    json.dump(found, fh)
