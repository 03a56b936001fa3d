"""``gamao show``."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from gamao_cli.cli.app import app

runner = CliRunner()


def test_board_before_a_move_with_ids_and_verdict() -> None:
    result = runner.invoke(
        app, ["show", "examples/illegal_plays.mat", "--game", "1", "--move", "5", "-p", "right"]
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.splitlines()[0] == ("examples/illegal_plays.mat game 1 move 5: 44: 13/9 13/9 13/9")
    assert "Position ID: 4HPMBwDgc+QHAA" in out
    assert "XGID=------E-C--AeFb--c-e------:0:0:1:44:0:0:0:5:10" in out
    assert "(illegal: 3 of the dice played, but 4 could be (45 legal plays existed))" in out
    assert " 45 legal plays: " in out


def test_unknown_game_or_move_exits_2() -> None:
    bad = runner.invoke(app, ["show", "examples/illegal_plays.mat", "-g", "99", "-m", "1"])
    assert bad.exit_code == 2 and "no game 99" in bad.stderr
    bad = runner.invoke(app, ["show", "examples/illegal_plays.mat", "-g", "1", "-m", "999"])
    assert bad.exit_code == 2 and "has no move 999" in bad.stderr


POSITIONS = "tests/fixtures/positions"


def test_show_a_position_file_with_its_analysis() -> None:
    result = runner.invoke(app, ["show", f"{POSITIONS}/money_xg.txt"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == (
        f"{POSITIONS}/money_xg.txt position 1: XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:0:0:3:0:10"
    )
    assert " XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:0:0:3:0:10" in lines
    assert lines[lines.index(" Analysis (xg, XG Roller+):") :] == [
        " Analysis (xg, XG Roller+):",
        "   1. 13/11 13/8  eq +0.012",
        "   2. 24/22 13/8  eq -0.003  2-ply",
        "   3. 24/17       eq -0.210  1-ply",
        " ; eXtreme Gammon Version: 2.10",
    ]
    assert (
        " 8 legal plays: 13/11 13/8, 13/11 8/3, 13/6, 13/8 6/4, 24/22 13/8, 24/22 8/3,"
        " 8/3 6/4, 8/6 8/3" in lines
    )


def test_show_a_cube_position_and_a_pending_double() -> None:
    doubled = runner.invoke(app, ["show", f"{POSITIONS}/ids.txt", "--position", "3"])
    assert doubled.exit_code == 0, doubled.output
    assert " O has doubled: X to take or pass" in doubled.stdout.splitlines()
    assert doubled.stdout.splitlines()[0].endswith(
        ": XGID=-b----E-C---eE---c-e----B-:1:1:-1:D:3:1:0:5:10"
    )
    opening = runner.invoke(app, ["show", f"{POSITIONS}/ids.txt"])
    assert " A cube decision (no dice): gamao moves FILE --dice D lists the plays" in (
        opening.stdout.splitlines()
    )


def test_show_position_usage_errors() -> None:
    half = runner.invoke(app, ["show", "examples/illegal_plays.mat", "--game", "1"])
    assert half.exit_code == 2 and "give both --game and --move" in half.stderr
    match_file = runner.invoke(app, ["show", "examples/illegal_plays.mat"])
    assert match_file.exit_code == 2 and "a match file, not a position file" in match_file.stderr
    mixed = runner.invoke(
        app, ["show", "examples/illegal_plays.mat", "-g", "1", "-m", "1", "--position", "2"]
    )
    assert mixed.exit_code == 2 and "--position is for position files" in mixed.stderr


TABULA_REPLAY = (
    "i 1700000000 ann bob 0 0 0 1 1 2\n"
    "1 r 6-4-2 off/6 off/4 off/2\n"
    "2 r 5-3-1 off/5 off/3 off/1\n"
    "1 r 6-5-4 off/4 4/10 off/5\n"
)


def test_show_counts_rolls_where_a_format_numbers_no_moves_and_plays_three_dice(
    tmp_path: Path,
) -> None:
    """bgammon.org numbers no moves: --move 3 is the game's third roll. A tabula roll is
    drawn and judged with its three dice."""
    replay = tmp_path / "t.match"
    replay.write_text(TABULA_REPLAY, encoding="utf-8")
    result = runner.invoke(app, ["show", str(replay), "--game", "1", "--move", "3"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"{replay} game 1 move 3: 1 r 6-5-4 off/4 4/10 off/5"
    assert " O to play 654" in lines
    assert " Recorded: off/21 21/15 off/20 (legal)" in lines
