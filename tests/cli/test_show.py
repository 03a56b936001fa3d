"""``gamao show``."""

from __future__ import annotations

from typer.testing import CliRunner

from gamao_cli.cli.app import app

runner = CliRunner()


def test_board_before_a_move_with_ids_and_verdict() -> None:
    result = runner.invoke(
        app, ["show", "examples/illegal_plays.mat", "--game", "1", "--move", "5", "-p", "right"]
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.splitlines()[0] == (
        "examples/illegal_plays.mat game 1 move 5: 44: 13/9 13/9 13/9"
    )
    assert "Position ID: 4HPMBwDgc+QHAA" in out
    assert "XGID=------E-C--AeFb--c-e------:0:0:1:44:0:0:0:5:10" in out
    assert "(illegal: 3 of the dice played, but 4 could be (45 legal plays existed))" in out
    assert " 45 legal plays: " in out


def test_unknown_game_or_move_exits_2() -> None:
    bad = runner.invoke(app, ["show", "examples/illegal_plays.mat", "-g", "99", "-m", "1"])
    assert bad.exit_code == 2 and "no game 99" in bad.stderr
    bad = runner.invoke(app, ["show", "examples/illegal_plays.mat", "-g", "1", "-m", "999"])
    assert bad.exit_code == 2 and "has no move 999" in bad.stderr
