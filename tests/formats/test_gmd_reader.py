"""The Gibbon match dump reader on hand-made dumps: every item, quirk and problem."""

from __future__ import annotations

import io

from gamao_cli.formats.gmd.items import gmd_steps, sniff_gmd, unescape
from gamao_cli.formats.gmd.reader import read_gmd
from gamao_cli.formats.inputs import read_path
from gamao_cli.formats.registry import detect
from gamao_cli.model import Double, Drop, Match, Move, MoveMark, Resign, Step, Take, Win

# White: one checker left on her 1-point; Black: all 15 on his 6-point (White's 19).
_RACE = "Points{0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -15 0 0 0 0 0 0}"

DUMP = (
    "# a comment before the header\n"
    "GMD-2 # Created by hand\n"
    "length: 5\n"
    "Player:white: Snow\\x20White\\t\n"
    "PLAYER:b: Joe \\#1 Black # a trailing comment\n"
    "Rule: Crawford\n"
    "X-Private: anything\n"
    "Colour:W: ignored with a warning\n"
    "\n"
    "Game:\n"
    "Roll:B:1: 3 1\n"
    "Move:Black:: 12/9 17/16\n"
    "roll:w:: 6 4\n"
    "move:W:: 24/18 18/14\n"
    "Roll:B:: 6 6\n"
    "Move:B::\n"
    "Resign:W:: 1\n"
    "Reject:B:\n"
    "Double:W:\n"
    "Drop:B:\n"
    f"Game: Scores{{1 0}} {_RACE} Dice{{2 1}} Turn{{1}} Cube{{2}}\n"
    "Move:W:: 1/off\n"
)


def _read(text: str) -> Match:
    [match] = read_gmd(io.StringIO(text), "t.gmd")
    return match


def test_header_properties_escapes_and_comments() -> None:
    match = _read(DUMP)
    assert match.players == ("Joe #1 Black", "Snow White\t")
    assert match.length == 5
    assert match.rules.crawford is True
    assert match.comments == ("a comment before the header", "Created by hand")
    assert [(d.code, d.location.line) for d in match.diagnostics] == [("P527", 8)]
    assert match.diagnostics[0].severity.value == "warning"


def test_black_is_mirrored_and_a_dance_is_an_empty_move() -> None:
    game = _read(DUMP).games[0]
    moves = [a for a in game.actions if isinstance(a, Move)]
    assert [(m.player, m.dice, m.steps) for m in moves] == [
        (0, (3, 1), (Step(13, 16), Step(8, 9))),
        (1, (6, 4), (Step(24, 18), Step(18, 14))),
        (0, (6, 6), ()),
    ]
    assert moves[2].mark is MoveMark.PLAY


def test_rejected_resignation_then_a_drop_wins_the_cube_before_the_double() -> None:
    game = _read(DUMP).games[0]
    tail = game.actions[3:]
    assert [type(a) for a in tail] == [Resign, Double, Drop, Win]
    resign, double, _, win = tail
    assert isinstance(resign, Resign) and (resign.player, resign.accepted) == (1, False)
    assert isinstance(double, Double) and double.value == 2
    assert isinstance(win, Win)
    assert (win.player, win.points, win.resigned, win.extra) == (
        1,
        1,
        False,
        (("source", "derived"),),
    )


def test_setup_game_uses_its_dice_and_a_bear_off_is_a_gammon_at_the_cube() -> None:
    game = _read(DUMP).games[1]
    assert game.score == (0, 1)  # Scores{White Black}: White 1, Black 0
    assert game.start is not None
    assert game.start.boards[1][1] == 1 and game.start.boards[0][6] == 15
    assert (game.start.turn, game.start.dice, game.start.cube_value) == (1, (2, 1), 2)
    move, win = game.actions
    assert isinstance(move, Move) and (move.player, move.dice, move.steps) == (
        1,
        (2, 1),
        (Step(1, 0),),
    )
    assert isinstance(win, Win) and (win.player, win.points, win.and_the_match) == (1, 4, True)


def test_gmd_1_opening_roll_without_colour_and_cube_items_without_colon() -> None:
    text = (
        "GMD-1\nLength: 3\nPlayer:W: A\nPlayer:B: B\nGame:\n"
        "Roll:-: 4 2\nMove:W: 8/4 6/4\nDouble:B\nTake:W\nRoll:B: 5 5\nMove:B: bar/5 1/off\n"
    )
    match = _read(text)
    [game] = match.games
    first, double, take, last = game.actions
    assert isinstance(first, Move) and (first.player, first.steps) == (1, (Step(8, 4), Step(6, 4)))
    assert isinstance(double, Double) and double.player == 0 and double.value == 2
    assert isinstance(take, Take) and take.player == 1
    assert isinstance(last, Move) and last.steps == (Step(25, 20), Step(24, 0))


def test_accepted_resignation_is_worth_its_points() -> None:
    text = "GMD-2\nGame:\nRoll:W:: 3 1\nMove:W:: 8/5 6/5\nResign:B:: 3\nAccept:W:\n"
    [game] = _read(text).games
    resign, win = game.actions[1:]
    assert isinstance(resign, Resign) and (resign.player, resign.level, resign.accepted) == (
        0,
        3,
        True,
    )
    assert isinstance(win, Win) and (win.player, win.points, win.resigned) == (1, 3, True)


def test_money_and_line_ends() -> None:
    text = "GMD-2\r\nLength: money\r\rGame:\n\rRoll:W:: 3 1\n\rMove:W:: 8/5 6/5\r\n"
    [match] = read_path(text.encode("utf-8"))
    assert match.length == 0
    assert len(match.games[0].actions) == 1
    assert match.diagnostics == ()


def test_problems_are_diagnostics_and_reading_goes_on() -> None:
    text = (
        "GMD-2\nLength: seven\nRule: Jacoby\nPlayer:Q: Nobody\n"
        "Roll:W:: 3 1\n"  # before any Game: an implicit game
        "Move:W:: 8/5 6/5\n"
        "Roll:B:: 3 9\n"
        "Roll:B:: 3 1\n"
        "Move:B:: 1/4 1/x\n"
        "Move:W:: 6/3\n"
        "Take:B:\n"
        "Resign:W:: 5\n"
        "what is this\n"
        "Roll:W:: 2 1\n"
        "Game:\n"
        "Roll:B:: 4 2\n"
        "Move:B:: 12/8 17/19\n"
    )
    match = _read(text)
    got = [(d.code, d.location.line) for d in match.diagnostics]
    assert got == [
        ("P530", 2),
        ("P531", 3),
        ("P529", 4),
        ("P539", 5),
        ("P533", 7),
        ("P534", 9),
        ("P535", 10),
        ("P537", 11),
        ("P538", 12),
        ("P528", 13),
        ("P536", 14),
    ]
    first, second = match.games
    unparsed = [a for a in first.actions if isinstance(a, Move) and a.mark is MoveMark.UNPARSED]
    assert len(unparsed) == 1 and unparsed[0].dice == (3, 1)
    assert isinstance(first.actions[-1], Move) and first.actions[-1].mark is MoveMark.EMPTY
    assert isinstance(second.actions[0], Move) and second.actions[0].steps == (
        Step(13, 17),
        Step(8, 6),
    )


def test_not_a_dump() -> None:
    match = _read("Length: 7\nGame:\n")
    assert [d.code for d in match.diagnostics] == ["P525"]
    assert match.games == ()
    assert [d.code for d in _read("").diagnostics] == ["P525"]
    assert [d.code for d in _read("GMD-3\n").diagnostics] == ["P526", "P528"]


def test_sniffer_and_registry() -> None:
    assert sniff_gmd("# x\n\nGMD-2 # Created\n")
    assert not sniff_gmd("Length: 7\nGMD-2\n")
    info = detect("GMD-1\nLength: 7\n", "x.txt")
    assert info is not None and info.name == "gmd"


def test_helpers() -> None:
    assert unescape(r"a\nb\\c\101\x41\q") == "a\nb\\cAAq"
    assert gmd_steps(0, "bar/2 22/off") == (Step(25, 23), Step(3, 0))
    assert gmd_steps(1, "b/20 6-off 5/h") == (Step(25, 20), Step(6, 0), Step(5, 0))
    assert gmd_steps(1, "26/20") is None
    assert gmd_steps(1, "8/") is None
