"""The FIBS oldmoves reader on hand-made listings: colours, directions, every verb,
resignations from ``wins`` lines, the score-swap repair and problems."""

from __future__ import annotations

import io

from gamao_cli.formats.fibs.oldmoves import fibs_steps, read_fibs, sniff_fibs
from gamao_cli.formats.registry import detect
from gamao_cli.model import Double, Drop, Match, Move, MoveMark, Resign, Step, Take, Win

LISTING = """> oldmoves alice
Score is 0-0 in a 5 point match.
alice is X - bob is O

X: (3 1) 1-4 12-13
O: (6 6) 24-18(2) 13-7(2)
X: (5 2) bar-5 4-6
O: (2 1) can't move
X: doubles
O: accepts
O: (4 3) 6-2 6-3
X: wants to resign
O: wins 2 points

Score is 2-0 in a 5 point match.
bob is X - alice is O
X: (6 5) 1-7 7-12
O: doubles
X: rejects
O: wins 1 point

Score is 3-1 in a 5 point match.
carol is X - dave is O
X: (6 1) 17-23 19-20
"""


def _read(text: str) -> list[Match]:
    return list(read_fibs(io.StringIO(text), "t.fibs"))


def test_matches_players_and_scores() -> None:
    first, second = _read(LISTING)
    assert first.players == ("alice", "bob")
    assert first.length == 5 and first.rules.crawford is True
    assert [g.score for g in first.games] == [(0, 0), (0, 2)]
    assert second.players == ("carol", "dave") and second.games[0].score == (3, 1)
    assert first.diagnostics == second.diagnostics == ()


def test_directions_repeats_bar_and_dance() -> None:
    first, _ = _read(LISTING)
    moves = [a for a in first.games[0].actions if isinstance(a, Move)]
    assert [(m.player, m.dice, m.steps, m.mark) for m in moves] == [
        (0, (3, 1), (Step(24, 21), Step(13, 12)), MoveMark.PLAY),
        (1, (6, 6), (Step(24, 18),) * 2 + (Step(13, 7),) * 2, MoveMark.PLAY),
        (0, (5, 2), (Step(25, 20), Step(21, 19)), MoveMark.PLAY),
        (1, (2, 1), (), MoveMark.CANNOT_MOVE),
        (1, (4, 3), (Step(6, 2), Step(6, 3)), MoveMark.PLAY),
    ]


def test_wins_while_playing_is_the_other_players_resignation() -> None:
    first, _ = _read(LISTING)
    game = first.games[0]
    assert [type(a) for a in game.actions[4:]] == [Double, Take, Move, Resign, Win]
    resign, win = game.actions[-2:]
    assert isinstance(resign, Resign) and (resign.player, resign.level, resign.accepted) == (
        0,
        1,
        True,
    )
    assert isinstance(win, Win) and (win.player, win.points, win.resigned) == (1, 2, True)


def test_swapped_colours_in_a_later_game() -> None:
    first, _ = _read(LISTING)
    game = first.games[1]
    move, double, drop, win = game.actions
    assert isinstance(move, Move) and (move.player, move.steps) == (1, (Step(24, 18), Step(18, 13)))
    assert isinstance(double, Double) and double.player == 0
    assert isinstance(drop, Drop) and drop.player == 1
    assert isinstance(win, Win) and (win.player, win.points, win.resigned) == (0, 1, False)


def test_score_printed_the_wrong_way_round_is_swapped_back() -> None:
    text = LISTING.replace("Score is 2-0 in a 5 point match.", "Score is 0-2 in a 5 point match.")
    first, _ = _read(text)
    assert first.games[1].score == (0, 2)
    assert [(d.code, d.location.line) for d in first.diagnostics] == [("P506", 15)]


def test_money_game_and_bear_off() -> None:
    text = (
        "Score is 1-0 in a money game.\nx is X - o is O\nX: (2 1) 24-off 23-off\nX: wins 1 point\n"
    )
    [match] = _read(text)
    assert match.length == 0 and match.rules.crawford is None
    win = match.games[0].actions[-1]
    assert isinstance(win, Win) and (win.player, win.resigned, win.and_the_match) == (
        0,
        True,
        False,
    )


def test_problems_are_diagnostics_and_reading_goes_on() -> None:
    text = (
        "Score is 0-0 in a 3 point match.\nnobody here\n"
        "Score is 0-0 in a 3 point match.\na is X - b is O\n"
        "X: (7 1) 1-8\n"
        "X: (3 1) 1-4 12-x\n"
        "O: accepts\n"
        "Z: hello\n"
        "O: sings\n"
        "O: wins lots\n"
        "O: (4 2) 13-9 13-11\n"
        "\n"
        "Score is x-y in a 3 point match.\n"
    )
    [match] = _read(text)
    got = [(d.code, d.location.line) for d in match.diagnostics]
    assert got == [
        ("P501", 2),
        ("P503", 5),
        ("P504", 6),
        ("P505", 7),
        ("P502", 8),
        ("P502", 9),
        ("P508", 10),
        ("P507", 13),
    ]
    moves = [a for a in match.games[0].actions if isinstance(a, Move)]
    assert [m.mark for m in moves] == [MoveMark.UNPARSED, MoveMark.PLAY]


def test_nothing_to_read() -> None:
    [match] = _read("hello\n")
    assert [d.code for d in match.diagnostics] == ["P500"] and match.games == ()


def test_steps_sniffer_and_registry() -> None:
    assert fibs_steps("bar-3 3-9") == (Step(25, 22), Step(22, 16))
    assert fibs_steps("19-off 20-off") == (Step(6, 0), Step(5, 0))
    assert fibs_steps("6-off 5-off") == (Step(6, 0), Step(5, 0))
    assert fibs_steps("bar-22 13-8") == (Step(25, 22), Step(13, 8))
    assert fibs_steps("b/20 o-1") is None
    assert fibs_steps("") is None
    assert sniff_fibs(LISTING)
    assert not sniff_fibs("Score is 0-0 in a 5 point match.\nnot a player line\n")
    info = detect(LISTING, "x.txt")
    assert info is not None and info.name == "fibs"
