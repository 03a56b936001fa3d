"""The JavaFIBS match reader on hand-made files: every opcode, the per-movement direction
normalisation, ``You``, resignations and problems."""

from __future__ import annotations

import io

import pytest

from gamao_cli.formats.javafibs.reader import javafibs_steps, movement, read_javafibs
from gamao_cli.formats.registry import detect
from gamao_cli.model import Double, Match, Move, MoveMark, Resign, Step, Take, Win

PROLOG = "JavaFIBS internal match representation v1.1\r\n"
MATCH = PROLOG + (
    "8:Ann:3\r\n"
    "13:Ann:\r\n"
    "6:You:Ann\r\n"
    "11:You:3 1\r\n"
    "1:You:17-20 19-20\r\n"  # ascending: 8/5 6/5
    "0:Ann:6 4\r\n"
    "1:Ann:24-18 18-14 Ann-You 3\r\n"  # descending, with a stray fragment
    "10:Ann:whatever\r\n"
    "0:You:6 6\r\n"
    "15:You:\r\n"
    "3:Ann:1\r\n"
    "2:You:\r\n"  # play goes on: the resignation was rejected
    "4:Ann:\r\n"
    "3:Ann:2\r\n"
    "12:You:\r\n"
    "3:Ann:4\r\n"
    "7:You:4\r\n"
    "14:Bob-4:Ann-0\r\n"
    "13:Ann:\r\n"
    "6:You:Ann\r\n"
    "11:Ann:5 2\r\n"
    "1:Ann:bar-20 1-off\r\n"
    "0:You:2 1\r\n"
    "1:You:bar-2 2-3\r\n"  # ascending: bar/23 23/22
    "42:You:ignored\r\n"
    "7:You:1\r\n"
    "9:You:3\r\n"
)


def _read(text: str) -> list[Match]:
    return list(read_javafibs(io.StringIO(text), "t.match"))


def test_players_you_and_scores() -> None:
    [match] = _read(MATCH)
    assert match.players == ("Ann", "Bob")
    assert match.length == 3
    assert match.rules.crawford is True
    assert [g.score for g in match.games] == [(0, 0), (0, 4)]
    assert [g.players for g in match.games] == [("Ann", "Bob")] * 2
    assert match.diagnostics == ()


def test_movements_are_normalised_one_by_one() -> None:
    [match] = _read(MATCH)
    moves = [a for g in match.games for a in g.actions if isinstance(a, Move)]
    assert [(m.player, m.dice, m.steps, m.mark) for m in moves] == [
        (1, (3, 1), (Step(8, 5), Step(6, 5)), MoveMark.PLAY),
        (0, (6, 4), (Step(24, 18), Step(18, 14)), MoveMark.PLAY),
        (1, (6, 6), (), MoveMark.CANNOT_MOVE),
        (0, (5, 2), (Step(25, 20), Step(1, 0)), MoveMark.PLAY),
        (1, (2, 1), (Step(25, 23), Step(23, 22)), MoveMark.PLAY),
    ]


def test_resignations_rejected_inferred_explicit_and_accepted() -> None:
    [match] = _read(MATCH)
    game = match.games[0]
    resigns = [a for a in game.actions if isinstance(a, Resign)]
    assert [(r.player, r.level, r.accepted) for r in resigns] == [
        (0, 1, False),
        (0, 1, False),
        (0, 2, True),
    ]
    assert [type(a) for a in game.actions[3:6]] == [Resign, Double, Take]
    win = game.actions[-1]
    assert isinstance(win, Win) and (win.player, win.points, win.resigned) == (1, 4, True)


def test_match_won_marks_the_last_result() -> None:
    [match] = _read(MATCH)
    win = match.games[1].actions[-1]
    assert isinstance(win, Win)
    assert (win.player, win.points, win.and_the_match, win.resigned) == (1, 1, True, None)


def test_a_second_match_start_yields_the_first() -> None:
    text = MATCH + "8:Cid:1\r\n13:Cid:\r\n6:You:Cid\r\n11:Cid:4 2\r\n1:Cid:8-4 6-4\r\n"
    first, second = _read(text)
    assert first.players == ("Ann", "Bob") and len(first.games) == 2
    # ``You`` is the same client user in every match of the file
    assert second.players == ("Cid", "Bob") and second.length == 1
    assert second.location.line == 29


def test_problems_are_diagnostics_and_reading_goes_on() -> None:
    text = PROLOG + (
        "8:Ann:3\n13:Ann:\n6:You:Ann\n"
        "11:You:3 7\n"
        "11:You:3 1\n"
        "1:You:17-20 19-26\n"
        "1:You:8-5\n"
        "4:Ann:\n"
        "0:Zed:3 1\n"
        "this is no event\n"
        "7:You:x\n"
        "0:Ann:3 1\n"
        "1:Ann:24-21 13-12\n"
        "7:Ann:1\n"
        "14:Ann-2:You-0\n"
    )
    [match] = _read(text)
    got = [(d.code, d.location.line) for d in match.diagnostics]
    assert got == [
        ("P552", 5),
        ("P553", 7),
        ("P554", 8),
        ("P557", 9),
        ("P555", 10),
        ("P551", 11),
        ("P558", 12),
        ("P556", 16),
    ]
    moves = [a for a in match.games[0].actions if isinstance(a, Move)]
    assert [m.mark for m in moves] == [MoveMark.UNPARSED, MoveMark.PLAY]


def test_not_a_javafibs_file() -> None:
    [match] = _read("8:Ann:3\n")
    assert [d.code for d in match.diagnostics] == ["P550"]
    [empty] = _read("")
    assert [d.code for d in empty.diagnostics] == ["P550"]
    [bare] = _read(PROLOG)
    assert [d.code for d in bare.diagnostics] == ["P551"] and bare.games == ()


@pytest.mark.parametrize(
    ("written", "own"),
    [
        (("24", "22"), Step(24, 22)),
        (("1", "7"), Step(24, 18)),
        (("bar", "23"), Step(25, 23)),
        (("bar", "1"), Step(25, 24)),
        (("1", "off"), Step(1, 0)),
        (("24", "off"), Step(1, 0)),
        (("20", "o"), Step(5, 0)),
    ],
)
def test_movement(written: tuple[str, str], own: Step) -> None:
    assert movement(*written) == own


def test_steps_and_registry() -> None:
    assert javafibs_steps("8-4 6-4 SnowWhite-JoeBlack 1 2") == (Step(8, 4), Step(6, 4))
    assert javafibs_steps("x-y") is None
    assert javafibs_steps("") == ()
    info = detect(MATCH, "x.match")
    assert info is not None and info.name == "javafibs"
