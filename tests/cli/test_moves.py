"""``gamao moves``."""

from __future__ import annotations

import json

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
