"""The bgammon.org replay reader on hand-made replays: backgammon, acey-deucey, tabula, the
older game line, the index table, scoring and problems."""

from __future__ import annotations

import io

from gamao_cli.formats.bgammon.reader import bgammon_steps, read_bgammon, sniff_bgammon
from gamao_cli.formats.inputs import read_path
from gamao_cli.formats.registry import detect
from gamao_cli.model import Double, Drop, Match, Move, Resign, Step, Take, Variant, Win

GAME_1 = (
    "i 1700000000 ann bob 3 0 0 2 2 0\n"
    "1 r 6-1 13/7 8/7\n"
    "2 r 5-5 1/6 1/6 12/17 12/17\n"
    "1 r 3-3\n"
    "2 d 2 1\n"
    "2 r 6-5 17/23 17/22\n"
    "1 t\n"
)
GAME_2 = "i 1700000100 ann bob 3 0 2 2 1 0\n1 r 4-2 8/4 6/4\n2 d 2 0\n"


def _replay(*games: str) -> str:
    index_len = len("bgammon-replay 00000000\n") * len(games)
    lines, at = [], index_len
    for game in games:
        lines.append(f"bgammon-replay {at:08d}\n")
        at += len(game.encode("utf-8"))
    return "".join(lines) + "".join(games)


def _read(text: str) -> list[Match]:
    return list(read_bgammon(io.StringIO(text), "t.match"))


def test_backgammon_games_players_scores_and_date() -> None:
    [match] = _read(_replay(GAME_1, GAME_2))
    assert match.players == ("ann", "bob") and match.length == 3
    assert match.rules.variant is Variant.STANDARD
    assert match.tags == (("Date", "2023-11-14"),)
    assert [g.score for g in match.games] == [(0, 0), (0, 2)]
    assert match.games[0].properties == (("Timestamp", "1700000000"),)
    assert match.diagnostics == ()


def test_player_two_is_mirrored_and_a_roll_alone_is_a_dance() -> None:
    [match] = _read(_replay(GAME_1))
    moves = [a for a in match.games[0].actions if isinstance(a, Move)]
    assert [(m.player, m.dice, m.steps) for m in moves] == [
        (0, (6, 1), (Step(13, 7), Step(8, 7))),
        (1, (5, 5), (Step(24, 19), Step(24, 19), Step(13, 8), Step(13, 8))),
        (0, (3, 3), ()),
        (1, (6, 5), (Step(8, 2), Step(8, 3))),
    ]


def test_taken_double_then_resignation_scores_the_cube() -> None:
    [match] = _read(_replay(GAME_1))
    actions = match.games[0].actions
    double, take = actions[3], actions[4]
    assert isinstance(double, Double) and (double.player, double.value) == (1, 2)
    assert isinstance(take, Take) and take.player == 0
    resign, win = actions[-2:]
    assert isinstance(resign, Resign) and (resign.player, resign.level, resign.accepted) == (
        0,
        1,
        True,
    )
    assert isinstance(win, Win) and (win.player, win.points, win.resigned) == (1, 2, True)


def test_declined_double_gives_the_doubler_the_cube_before_it() -> None:
    [match] = _read(_replay(GAME_1, GAME_2))
    double, drop, win = match.games[1].actions[1:]
    assert isinstance(double, Double) and double.player == 1
    assert isinstance(drop, Drop) and drop.player == 0
    assert isinstance(win, Win) and (win.player, win.points, win.and_the_match) == (1, 1, True)


def test_acey_deucey_entries_from_off_and_per_checker_scoring() -> None:
    text = (
        "i 1700000000 ann bob 5 0 0 1 1 1\n"
        "1 r 6-5 off/19 off/20\n"
        "2 r 2-1 off/2 off/1\n"
        "1 r 6-6 19/13 20/14\n"
    )
    [match] = _read(text)
    assert match.rules.variant is Variant.ACEY_DEUCEY and match.rules.cube is False
    moves = [a for a in match.games[0].actions if isinstance(a, Move)]
    assert [m.steps for m in moves] == [
        (Step(0, 19), Step(0, 20)),
        (Step(0, 23), Step(0, 24)),
        (Step(19, 13), Step(20, 14)),
    ]
    assert not any(isinstance(a, Win) for a in match.games[0].actions)


def test_tabula_three_dice_and_both_players_running_up() -> None:
    text = "i 1700000000 ann bob 1 0 0 2 1 2\n1 r 6-4-2 off/6 off/4 6/8\n2 r 5-3-1 off/5 5/8\n"
    [match] = _read(text)
    assert match.rules.variant is Variant.TABULA
    first, second = [a for a in match.games[0].actions if isinstance(a, Move)]
    assert first.dice == (6, 4) and first.text.startswith("1 r 6-4-2")
    assert first.steps == (Step(0, 19), Step(0, 21), Step(19, 17))
    assert second.steps == (Step(0, 20), Step(20, 17))  # lands on ann's blot: a hit


def test_old_game_line_without_timestamp() -> None:
    [match] = _read("i ann bob 1 0 0 1 1 1\n1 r 2-1 off/23 off/24\n")
    assert match.rules.variant is Variant.ACEY_DEUCEY
    assert match.tags == () and match.games[0].properties == ()


def test_problems_are_diagnostics_and_reading_goes_on() -> None:
    text = (
        "bgammon-replay 00000999\n"
        "1 r 3-1 8/5 6/5\n"
        "i 1700000000 ann bob 3 0 0 1 1 7\n"
        "1 r 3-9 8/5\n"
        "1 r 3-1 8/5 6/x\n"
        "3 r 3-1\n"
        "1 q\n"
        "2 r 6-4 1/7 12/16\n"
        "i 1700000000 ann bob\n"
        "1 r 6-4 8/2 6/2\n"
    )
    [match] = _read(text)
    got = [(d.code, d.location.line) for d in match.diagnostics]
    assert got == [
        ("P583", 2),
        ("P577", 3),
        ("P579", 4),
        ("P580", 5),
        ("P578", 6),
        ("P578", 7),
        ("P576", 9),
        ("P583", 10),
        ("P581", 1),
    ]
    [game] = match.games
    assert len([a for a in game.actions if isinstance(a, Move)]) == 2


def test_winner_on_the_game_line_is_checked() -> None:
    [match] = _read("i 1700000000 ann bob 3 0 0 1 1 0\n2 t\n1 t\n")
    assert [d.code for d in match.diagnostics] == []
    [other] = _read("i 1700000000 ann bob 3 0 0 1 1 0\n1 t\n")
    assert [(d.code, d.location.line) for d in other.diagnostics] == [("P582", 1)]


def test_nothing_to_read_and_new_players_start_a_new_match() -> None:
    [empty] = _read("")
    assert [d.code for d in empty.diagnostics] == ["P575"]
    a, b = _read(GAME_2 + GAME_2.replace("ann bob", "cid dee"))
    assert (a.players, b.players) == (("ann", "bob"), ("cid", "dee"))


def test_steps_sniffer_and_registry() -> None:
    assert bgammon_steps(1, Variant.STANDARD, ["bar/3", "22/off"]) == (Step(25, 22), Step(3, 0))
    assert bgammon_steps(0, Variant.STANDARD, ["bar/22", "3/off"]) == (Step(25, 22), Step(3, 0))
    assert bgammon_steps(0, Variant.STANDARD, ["3/3"]) is None
    replay = _replay(GAME_1)
    assert sniff_bgammon(replay) and sniff_bgammon(GAME_1)
    assert not sniff_bgammon("JavaFIBS internal match representation v1.1\n")
    info = detect(replay, "x.match")
    assert info is not None and info.name == "bgammon"


def test_variant_scoring() -> None:
    from gamao_cli.formats.bgammon.reader import _Variant

    acey = _Variant()
    acey.play(0, (Step(0, 19), Step(0, 20)), tabula=False)
    acey.off[1] = 4
    assert acey.points(1, tabula=False) == 11  # one point per checker not borne off
    tabula = _Variant()
    tabula.pool = [0, 0]
    # research/variants.md, read in the server: 3 points when the loser has a checker to
    # enter, on the bar or on written 13-24, else 1
    tabula.board[1][20] = 15  # all 15 on written 5
    assert tabula.points(1, tabula=True) == 1
    tabula.board[1][20], tabula.board[1][12] = 14, 1  # one on written 13
    assert tabula.points(1, tabula=True) == 3
    tabula.board[1][12], tabula.board[1][20], tabula.bar[1] = 0, 15, 1
    assert tabula.points(1, tabula=True) == 3


def test_acey_deucey_game_won_by_bearing_off_all_fifteen() -> None:
    entries = " ".join(["off/19"] * 15)
    offs = " ".join(["19/off"] * 15)
    text = f"i 1700000000 ann bob 5 0 0 1 1 1\n1 r 6-6 {entries}\n2 r 1-1 off/1\n1 r 6-6 {offs}\n"
    [match] = _read(text)
    win = match.games[0].actions[-1]
    assert isinstance(win, Win) and (win.player, win.points) == (0, 15)
    assert match.diagnostics == ()


def test_acey_deucey_named_double_and_reroll_are_lines_by_the_same_player() -> None:
    text = (
        "i 1700000000 ann bob 5 0 0 1 1 1\n"
        "1 r 2-1 off/23 off/24\n"
        "1 r 5-5 off/20 off/20 23/18 24/19\n"
        "1 r 6-3 off/19 20/17\n"
        "2 r 4-2 off/4 off/2\n"
    )
    [match] = _read(text)
    moves = [a for a in match.games[0].actions if isinstance(a, Move)]
    assert [(m.player, m.dice) for m in moves] == [
        (0, (2, 1)),
        (0, (5, 5)),
        (0, (6, 3)),
        (1, (4, 2)),
    ]
    assert moves[1].steps == (Step(0, 20), Step(0, 20), Step(23, 18), Step(24, 19))


def test_index_table_offsets_are_checked_on_the_decoded_text() -> None:
    crlf = _replay(GAME_1, GAME_2).replace("\n", "\r\n")
    [match] = list(read_path(crlf.encode("utf-8")))
    assert match.diagnostics == ()  # offsets count LF line ends, as the server writes them
    edited = _replay(GAME_1, GAME_2, GAME_2).replace("1 r 6-1", "1 r 6-1 ", 1)
    [match] = _read(edited)
    assert [(d.code, d.location.line) for d in match.diagnostics] == [("P581", 2)]
    assert match.diagnostics[0].message.endswith("(1 more entries too)")
