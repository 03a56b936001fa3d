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
    # Every play (eight: none left out), back checkers first, as `gamao moves` lists them.
    assert (
        " 8 legal plays: 24/22 13/8, 24/22 8/3, 13/11 13/8, 13/11 8/3, 13/6, 13/8 6/4,"
        " 8/6 8/3, 8/3 6/4" in lines
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


# The opening 21 from the start: 2s from 24, 13, 8 or 6 with 1s from 24, 8 or 6 (13/12 is
# blocked) make 12, the four whole moves 24/21, 13/10, 8/5, 6/3 four more, and 8/6 6/5 is 8/5
# again: 15 plays. The first eight, ordered like `gamao moves` (highest steps first), then
# check's "(+7 more)".
ACCENTED = (
    " 1 point match\n\n Game 1\n"
    " K\u00e9vin : 0                         J\u00fcrgen \u5c71\u7530 : 0\n"
    "  1) 21: 13/11 6/5               42: 8/4 6/4\n"
)
PLAYS_21 = "24/23 24/22, 24/23 13/11, 24/23 8/6, 24/23 6/4, 24/21, 24/22 8/7, 24/22 6/5, 13/10"


def test_show_lists_the_first_plays_and_how_many_more_with_the_names_as_written(
    tmp_path: Path,
) -> None:
    record = tmp_path / "k.mat"
    record.write_text(ACCENTED, encoding="utf-8")
    result = runner.invoke(app, ["show", str(record), "--game", "1", "--move", "1"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"{record} game 1 move 1: 21: 13/11 6/5"
    assert lines[2].endswith("     X: J\u00fcrgen \u5c71\u7530")
    assert lines[14].endswith("     O: K\u00e9vin")
    assert lines[-3:] == [
        " XGID=-b----E-C---eE---c-e----B-:0:0:-1:21:0:0:0:1:10",
        " Recorded: 13/11 6/5 (legal)",
        f" 15 legal plays: {PLAYS_21} (+7 more)",
    ]
    assert "" not in lines  # the board and what follows it, with no blank line between


def test_show_in_portuguese(tmp_path: Path) -> None:
    record = tmp_path / "k.mat"
    record.write_text(ACCENTED, encoding="utf-8")
    result = runner.invoke(app, ["--lang", "pt", "show", str(record), "-g", "1", "-m", "1"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"{record} partida 1 jogada 1: 21: 13/11 6/5"
    assert lines[3].endswith("     0 ponto")
    assert lines[8].endswith(", Dado de dobra: 1")
    assert lines[4].endswith("     Fora: 0")
    assert lines[15:] == [
        " Contagem de pips: X 167, O 167",
        " O joga 21",
        " XGID=-b----E-C---eE---c-e----B-:0:0:-1:21:0:0:0:1:10",
        " Registrada: 13/11 6/5 (legal)",
        f" 15 jogadas legais: {PLAYS_21} (+7 outras)",
    ]
    illegal = runner.invoke(
        app,
        ["--lang", "pt", "show", "examples/illegal_plays.mat", "-g", "1", "-m", "5", "-p", "1"],
    )
    assert (
        " Registrada: 13/9 13/9 13/9 (ilegal: foram jogados 3 dos dados, mas 4 poderiam ser"
        " (havia 45 jogadas legais))"
    ) in illegal.stdout.splitlines()
