"""``gamao moves``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from gamao_cli.cli.app import app
from tests.cli.conftest import golden

runner = CliRunner()


def test_text_output_for_the_opening_31() -> None:
    result = runner.invoke(app, ["moves", "4HPwATDgc/ABMA", "--dice", "31"])
    assert result.exit_code == 0
    golden("moves_opening_31.txt", result.stdout)
    assert result.stdout.rstrip().endswith("16 legal plays")


def test_json_output_lists_plays_with_resulting_position_ids() -> None:
    result = runner.invoke(app, ["moves", "4HPwATDgc/ABMA", "--dice", "3-1", "-f", "json"])
    doc = json.loads(result.stdout)
    assert doc["count"] == 16 and doc["forced"] is False
    assert {"play": "8/5 6/5", "position_id": "4HPwATCwZ/ABMA"} in doc["plays"]


def test_forced_play_and_dance() -> None:
    # XGID: bottom player (X) on roll with one checker on the bar against a closed board.
    closed = "XGID=------F-C---cE-----bbbbbbA:0:0:1:00:0:0:0:0:10"
    result = runner.invoke(app, ["moves", closed, "--dice", "66", "-f", "json"])
    doc = json.loads(result.stdout)
    assert result.exit_code == 0, result.output
    assert doc["plays"] == [] and doc["count"] == 0
    text = runner.invoke(app, ["moves", closed, "--dice", "66"]).stdout
    assert "no legal play" in text


def test_position_id_with_match_id_takes_the_dice_from_the_match_id() -> None:
    # Match ID of the manual: player 1 has rolled 52.
    result = runner.invoke(app, ["moves", "4HPwATDgc/ABMA:QYkqASAAIAAA", "-f", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["dice"] == [5, 2]


def test_bad_position_and_dice_exit_2_with_one_line() -> None:
    bad = runner.invoke(app, ["moves", "nonsense", "--dice", "31"])
    assert bad.exit_code == 2
    assert bad.stderr.strip().startswith("error: position 'nonsense'")
    assert len(bad.stderr.strip().splitlines()) == 1
    dice = runner.invoke(app, ["moves", "4HPwATDgc/ABMA", "--dice", "71"])
    assert dice.exit_code == 2
    assert "dice '71'" in dice.stderr
    missing = runner.invoke(app, ["moves", "4HPwATDgc/ABMA"])
    assert missing.exit_code == 2 and "no dice" in missing.stderr


POSITIONS = "tests/fixtures/positions"


def test_a_position_file_gives_the_position_and_marks_the_analysed_plays() -> None:
    result = runner.invoke(app, ["moves", f"{POSITIONS}/money_xg.txt"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert " +13-14-15-16-17-18------19-20-21-22-23-24-+     X: Alice" in lines
    assert " O to play 52" in lines
    assert lines[-9:] == [
        "1. 24/22 13/8  eq -0.003 (analysis #2, 2-ply)",
        "2. 24/22 8/3",
        "3. 13/11 13/8  eq +0.012 (analysis #1, XG Roller+)",
        "4. 13/11 8/3",
        "5. 13/6",
        "6. 13/8 6/4",
        "7. 8/6 8/3",
        "8. 8/3 6/4",
        "8 legal plays",
    ]  # candidate 3 (24/17) is not a legal play: it marks nothing
    assert "warning: tests/fixtures/positions/money_xg.txt:30:" in result.stderr
    assert "(P609)" in result.stderr


def test_position_file_json_and_position_choice() -> None:
    result = runner.invoke(app, ["moves", f"{POSITIONS}/ids.txt", "--position", "4", "-f", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert (doc["dice"], doc["count"], doc["plays"]) == ([6, 6], 0, [])
    assert doc["file"] == {"name": f"{POSITIONS}/ids.txt", "position": 4}
    analysed = runner.invoke(app, ["moves", f"{POSITIONS}/money_xg.txt", "-f", "json"])
    plays = json.loads(analysed.stdout)["plays"]
    assert plays[2] == {
        "play": "13/11 13/8",
        "position_id": "4HPwATDg88gBMA",
        "analysis": {"rank": 1, "equity": 0.012, "level": "XG Roller+"},
    }
    assert [p.get("analysis", {}).get("rank") for p in plays] == [2, None, 1] + [None] * 5
    # Another roll than the file's: the file's analysis does not apply.
    other = runner.invoke(app, ["moves", f"{POSITIONS}/money_xg.txt", "-d", "31", "-f", "json"])
    assert all("analysis" not in p for p in json.loads(other.stdout)["plays"])


def test_position_file_errors_exit_2() -> None:
    cube = runner.invoke(app, ["moves", f"{POSITIONS}/ids.txt", "-n", "3"])
    assert cube.exit_code == 2
    assert cube.stderr.strip() == (
        "error: no dice: give --dice, e.g. --dice 31 (position 3 of"
        f" {POSITIONS}/ids.txt is a cube decision: it has no dice)"
    )
    beyond = runner.invoke(app, ["moves", f"{POSITIONS}/ids.txt", "-n", "9"])
    assert beyond.exit_code == 2
    assert beyond.stderr.strip() == (
        f"error: {POSITIONS}/ids.txt: --position 9, but the file holds 4 positions"
    )
    match_file = runner.invoke(app, ["moves", "examples/gnubg_7pt.mat"])
    assert match_file.exit_code == 2
    assert "a match file, not a position file" in match_file.stderr
    not_a_file = runner.invoke(app, ["moves", "4HPwATDgc/ABMA", "-n", "2", "-d", "31"])
    assert not_a_file.exit_code == 2 and "--position is for position files" in not_a_file.stderr
    with_dice = runner.invoke(app, ["moves", f"{POSITIONS}/ids.txt", "-n", "3", "-d", "31"])
    assert with_dice.exit_code == 0 and with_dice.stdout.rstrip().endswith("legal plays")


def test_any_file_whose_match_starts_from_a_set_position(tmp_path: Path) -> None:
    # A gamao JSON file holding one game with a start position and no actions (as .xgp
    # files and one-position SGF files are read) is a position file for moves and show.
    from gamao_cli.formats.inputs import read_path
    from gamao_cli.formats.json.writer import write_json

    (match,) = read_path(f"{POSITIONS}/money_xg.txt")
    target = tmp_path / "one.json"
    with target.open("w", encoding="utf-8") as out:
        write_json(match, out)
    result = runner.invoke(app, ["moves", str(target), "-f", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert (doc["dice"], doc["count"], doc["position_id"]) == ([5, 2], 8, "4HPwATDgc/ABMA")
    shown = runner.invoke(app, ["show", str(target)])
    assert shown.exit_code == 0 and " 8 legal plays: " in shown.stdout
