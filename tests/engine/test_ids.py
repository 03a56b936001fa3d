"""gnubg Position ID / Match ID and XGID: known values, round trips, errors, corpus."""

from __future__ import annotations

import base64
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamao_cli.engine.ids import (
    IdError,
    MatchState,
    decode_match_id,
    decode_position_id,
    match_id,
    position_id,
    position_id_from_boards,
)
from gamao_cli.engine.position import Position, board_from_points
from gamao_cli.engine.xgid import XgidState, decode_xgid, encode_xgid
from gamao_cli.model.match import Variant
from tests.helpers import CORPUS, require_corpus

# --- helpers ---------------------------------------------------------------------------


def raw_position_id(not_on_roll: list[int], on_roll: list[int], extra_bits: int = 0) -> str:
    """An independent packer: 25 counts per side (points 1..24, bar) -> 14 characters."""
    bits: list[int] = []
    for counts in (not_on_roll, on_roll):
        for n in counts:
            bits += [1] * n + [0]
    bits += [0] * (80 - len(bits))
    value = sum(bit << i for i, bit in enumerate(bits[:80])) | extra_bits
    return base64.b64encode(value.to_bytes(10, "little")).decode()[:14]


def raw_match_id(value: int) -> str:
    return base64.b64encode(value.to_bytes(9, "little")).decode()


def counts(points: dict[int, int]) -> list[int]:
    return [points.get(p, 0) for p in range(1, 26)]


def closed_home(board: tuple[int, ...]) -> bool:
    return all(board[p] >= 2 for p in range(1, 7))


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Random valid positions: 0..15 checkers per side on points, bar or off."""
    owner: dict[int, int] = {}  # player 0's point -> the player holding it
    boards = [[0] * 26, [0] * 26]
    for player in (0, 1):
        for _ in range(draw(st.integers(0, 15))):
            spot = draw(st.integers(1, 25))
            if spot <= 24:
                absolute = spot if player == 0 else 25 - spot
                if owner.setdefault(absolute, player) != player:
                    spot = 0  # taken by the other player: this checker is off
            boards[player][spot] += 1
        boards[player][0] = 15 - sum(boards[player][1:])
    b0, b1 = tuple(boards[0]), tuple(boards[1])
    if b0[25] and b1[25] and closed_home(b0) and closed_home(b1):
        b1 = (b1[0] + b1[25], *b1[1:25], 0)  # that position is impossible
    return Position((b0, b1), draw(st.integers(0, 1)))


dice_st = st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6))
match_states = st.builds(
    MatchState,
    cube_value=st.integers(0, 15).map(lambda n: 1 << n),
    cube_owner=st.integers(-1, 1),
    player_on_roll=st.integers(0, 1),
    crawford=st.booleans(),
    game_state=st.integers(0, 4),
    turn=st.integers(0, 1),
    double_offered=st.booleans(),
    resign_offered=st.integers(0, 3),
    dice=dice_st,
    match_length=st.integers(0, 32767),
    score=st.tuples(st.integers(0, 32767), st.integers(0, 32767)),
    jacoby=st.booleans(),
)


# --- Position ID -----------------------------------------------------------------------


def test_start_position_id() -> None:
    assert position_id(Position.start()) == "4HPwATDgc/ABMA"
    assert position_id(Position.start(turn=1)) == "4HPwATDgc/ABMA"


def test_nackgammon_start_position_id() -> None:
    assert position_id(Position.start(Variant.NACKGAMMON)) == "4Dl4ADbgOXgANg"


def test_position_id_after_opening_32() -> None:
    # Player 0 played 32: 24/21 13/11; player 1 is on roll, so the first half changes.
    played = board_from_points({24: 1, 21: 1, 13: 4, 11: 1, 8: 3, 6: 5})
    start = Position.start().boards[1]
    pos = Position((played, start), turn=1)
    assert position_id(pos) == "4HPkASLgc/ABMA"
    assert position_id_from_boards(start, played) == "4HPkASLgc/ABMA"


def test_decode_start_position_id() -> None:
    assert decode_position_id("4HPwATDgc/ABMA") == Position.start()
    assert decode_position_id("4HPwATDgc/ABMA", turn=1) == Position.start(turn=1)
    assert decode_position_id("  4Dl4ADbgOXgANg\n") == Position.start(Variant.NACKGAMMON)


def test_decode_corpus_position_id_by_points() -> None:
    # kevung-bgfparser/03_DT_EN.txt (formats.md 4.1): the player on roll is X = player 1.
    pos = decode_position_id("Mw5jkCQyz+AhAg", turn=1)
    assert pos.turn == 1
    assert pos.boards[0] == board_from_points(
        {1: 2, 3: 2, 6: 3, 10: 2, 13: 2, 18: 1, 20: 1, 22: 1, 24: 1}
    )
    assert pos.boards[1] == board_from_points({2: 1, 4: 2, 6: 4, 8: 2, 13: 4, 17: 1, 20: 1})
    assert (pos.pips(0), pos.pips(1)) == (156, 139)


def test_position_id_with_bar_and_off() -> None:
    mover = board_from_points({25: 2, 6: 3})
    other = board_from_points({25: 1, 1: 4})
    pid = position_id_from_boards(mover, other)
    assert pid == raw_position_id(counts({25: 1, 1: 4}), counts({25: 2, 6: 3}))
    pos = decode_position_id(pid, turn=1)
    assert pos.boards == (other, mover)
    assert (pos.off(0), pos.off(1)) == (10, 10)


def test_empty_board_position_id() -> None:
    off = board_from_points({})
    assert position_id_from_boards(off, off) == "AAAAAAAAAAAAAA"
    assert decode_position_id("AAAAAAAAAAAAAA") == Position((off, off), 0)


@given(positions())
def test_position_id_round_trip(pos: Position) -> None:
    pid = position_id(pos)
    assert len(pid) == 14
    assert pid == raw_position_id(list(pos.opponent[1:]), list(pos.mover[1:]))
    assert decode_position_id(pid, pos.turn) == pos


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4HPwATDgc/ABM", "position ID '4HPwATDgc/ABM' has 13 characters, not 14"),
        ("4HPwATDgc/ABMAA", "position ID '4HPwATDgc/ABMAA' has 15 characters, not 14"),
        ("", "position ID '' has 0 characters, not 14"),
        (
            "4HPwATDgc/AB-A",
            "position ID '4HPwATDgc/AB-A' has '-' at character 13, which is not Base64"
            " (A-Z, a-z, 0-9, +, /)",
        ),
        (
            "4HPwATDgc=ABMA",
            "position ID '4HPwATDgc=ABMA' has '=' at character 10, which is not Base64"
            " (A-Z, a-z, 0-9, +, /)",
        ),
        (
            "//////////////",
            "position ID '//////////////' runs out of bits at point 1 of the player not on"
            " roll: more than 30 checkers",
        ),
    ],
)
def test_position_id_format_errors(text: str, message: str) -> None:
    with pytest.raises(IdError) as info:
        decode_position_id(text)
    assert str(info.value) == message


def test_position_id_too_many_checkers() -> None:
    pid = raw_position_id(counts({6: 16}), counts({6: 5}))
    with pytest.raises(IdError) as info:
        decode_position_id(pid)
    assert str(info.value) == (
        f"position ID {pid!r} gives the player not on roll 16 checkers, more than 15"
    )
    pid = raw_position_id(counts({6: 5}), counts({6: 10, 25: 6}))
    with pytest.raises(IdError) as info:
        decode_position_id(pid)
    assert str(info.value) == (
        f"position ID {pid!r} gives the player on roll 16 checkers, more than 15"
    )


def test_position_id_runs_out_of_bits() -> None:
    pid = raw_position_id(counts({6: 15}), counts({6: 15}))  # 80 bits exactly: valid
    assert decode_position_id(pid).boards[0][6] == 15
    first = "".join("1" * 15 + "0" if p == 6 else "0" for p in range(1, 26))  # 40 bits
    value = int((first + "1" * 40)[::-1], 2)  # the player on roll: 40 ones, no separator
    text = base64.b64encode(value.to_bytes(10, "little")).decode()[:14]
    with pytest.raises(IdError) as info:
        decode_position_id(text)
    assert str(info.value) == (
        f"position ID {text!r} runs out of bits at point 1 of the player on roll:"
        " more than 30 checkers"
    )


def test_position_id_both_players_on_one_point() -> None:
    # The on-roll player's point 1 is the other player's point 24.
    pid = raw_position_id(counts({24: 1, 6: 14}), counts({1: 2, 6: 13}))
    with pytest.raises(IdError) as info:
        decode_position_id(pid)
    assert str(info.value) == (
        f"position ID {pid!r} puts both players on point 1 of the player on roll (2 and 1 checkers)"
    )


def test_position_id_stray_bits() -> None:
    pid = raw_position_id(counts({6: 15}), counts({6: 1}), extra_bits=1 << 79)
    with pytest.raises(IdError) as info:
        decode_position_id(pid)
    assert str(info.value) == f"position ID {pid!r} has checker bits after the last point"


def test_position_id_both_on_bar_against_closed_boards() -> None:
    side = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 25: 1}
    pid = raw_position_id(counts(side), counts(side))
    with pytest.raises(IdError) as info:
        decode_position_id(pid)
    assert str(info.value) == (
        f"position ID {pid!r} has both players on the bar against closed home boards"
    )


def test_position_id_ignores_padding_bits_like_gnubg() -> None:
    # The last character carries 2 bits of byte 9 and 4 unused bits.
    assert decode_position_id("4HPwATDgc/ABMP") == Position.start()


def test_position_id_refuses_more_than_30_checkers() -> None:
    crowded = tuple([0, *[0] * 5, 16, *[0] * 19])
    assert len(crowded) == 26
    with pytest.raises(IdError) as info:
        position_id_from_boards(crowded, crowded)
    assert str(info.value) == "the boards hold 32 checkers on the board, more than 30"


# --- Match ID --------------------------------------------------------------------------


def test_manual_match_id() -> None:
    # gnubg manual: 2-4 in a 9-point match, player 0 owns a 2-cube, player 1 rolled 52.
    state = decode_match_id("QYkqASAAIAAA")
    assert state == MatchState(
        cube_value=2,
        cube_owner=0,
        player_on_roll=1,
        crawford=False,
        game_state=1,
        turn=1,
        double_offered=False,
        resign_offered=0,
        dice=(5, 2),
        match_length=9,
        score=(2, 4),
        jacoby=True,  # bit 66 clear: the manual's table predates the flag
    )
    assert match_id(state) == "QYkqASAAIAAA"


def test_corpus_match_id_with_bit_66() -> None:
    state = decode_match_id("cAkgAUAAEAAE")
    assert state == MatchState(
        cube_value=1,
        cube_owner=-1,
        player_on_roll=1,
        crawford=False,
        game_state=1,
        turn=1,
        dice=None,
        match_length=9,
        score=(4, 2),
        jacoby=False,
    )
    assert match_id(state) == "cAkgAUAAEAAE"
    assert match_id(replace(state, jacoby=True)) == "cAkgAUAAEAAA"


def test_match_id_flags() -> None:
    state = MatchState(
        cube_value=4,
        cube_owner=1,
        player_on_roll=0,
        crawford=True,
        game_state=3,
        turn=1,
        double_offered=True,
        resign_offered=2,
        dice=(6, 6),
        match_length=5,
        score=(4, 0),
        jacoby=False,
    )
    text = match_id(state)
    value = int.from_bytes(base64.b64decode(text), "little")
    assert value == (
        2
        | 1 << 4
        | 0 << 6
        | 1 << 7
        | 3 << 8
        | 1 << 11
        | 1 << 12
        | 2 << 13
        | 6 << 15
        | 6 << 18
        | 5 << 21
        | 4 << 36
        | 0 << 51
        | 1 << 66
    )
    assert decode_match_id(text) == state


@given(match_states)
def test_match_id_round_trip(state: MatchState) -> None:
    text = match_id(state)
    assert len(text) == 12
    assert decode_match_id(text) == state


def test_match_id_ignores_bits_above_66_like_gnubg() -> None:
    value = int.from_bytes(base64.b64decode("cAkgAUAAEAAE"), "little") | 0b11111 << 67
    assert decode_match_id(raw_match_id(value)) == decode_match_id("cAkgAUAAEAAE")


@pytest.mark.parametrize(
    ("value", "why"),
    [
        (2 << 4 | 1 << 8, "has cube owner code 2 (only 0, 1 and 3 = centred)"),
        (3 << 4 | 5 << 8, "has game state 5 (only 0..4)"),
        (3 << 4 | 1 << 8 | 7 << 15 | 1 << 18, "has dice 7 and 1 (both 1..6, or both 0)"),
        (3 << 4 | 1 << 8 | 3 << 15, "has dice 3 and 0 (both 1..6, or both 0)"),
        (3 << 4 | 1 << 8 | 4 << 18, "has dice 0 and 4 (both 1..6, or both 0)"),
    ],
)
def test_match_id_value_errors(value: int, why: str) -> None:
    text = raw_match_id(value)
    with pytest.raises(IdError) as info:
        decode_match_id(text)
    assert str(info.value) == f"match ID {text!r} {why}"


def test_match_id_format_errors() -> None:
    with pytest.raises(IdError) as info:
        decode_match_id("cAkgAUAAEAA")
    assert str(info.value) == "match ID 'cAkgAUAAEAA' has 11 characters, not 12"
    with pytest.raises(IdError) as info:
        decode_match_id("cAkgAUAAEA*E")
    assert str(info.value) == (
        "match ID 'cAkgAUAAEA*E' has '*' at character 11, which is not Base64 (A-Z, a-z, 0-9, +, /)"
    )


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"cube_value": 3}, "cube value 3 is not a power of 2 from 1 to 32768"),
        ({"cube_value": 1 << 16}, "cube value 65536 is not a power of 2 from 1 to 32768"),
        ({"cube_owner": 2}, "cube owner 2 is not -1 (centred), 0 or 1"),
        ({"player_on_roll": 2}, "player on roll 2 is not 0 or 1"),
        ({"turn": -1}, "turn -1 is not 0 or 1"),
        ({"game_state": 5}, "game state 5 is not 0..4"),
        ({"resign_offered": 4}, "resignation level 4 is not 0..3"),
        ({"dice": (0, 3)}, "dice (0, 3) are not two numbers 1..6"),
        ({"match_length": 32768}, "match length 32768 is not 0..32767"),
        ({"score": (1, -1)}, "score (1, -1) is not two numbers 0..32767"),
    ],
)
def test_match_state_rejects_bad_values(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(IdError) as info:
        MatchState(**changes)
    assert str(info.value) == f"invalid match state: {message}"


# --- XGID ------------------------------------------------------------------------------

XGID_01 = "XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10"
XGID_03 = "XGID=-aAaBaDaB---bD-b-A-cA-b-b-:0:0:1:00:2:4:0:9:10"


def test_xgid_worked_example() -> None:
    state = decode_xgid(XGID_01)
    x = board_from_points({1: 2, 3: 3, 4: 2, 5: 2, 6: 2, 19: 2, 14: 1, 18: 1})
    o = board_from_points({15: 1, 5: 3, 4: 2, 3: 2, 2: 2, 1: 4})
    assert state == XgidState(
        position=Position((o, x), turn=1),
        cube_value=2,
        cube_owner=0,
        dice=(2, 1),
        double_offered=False,
        score=(6, 3),
        match_length=7,
        crawford=False,
        jacoby=False,
        beaver=False,
        max_cube=10,
    )
    assert (state.position.pips(1), state.position.pips(0)) == (111, 52)
    assert (state.turn, state.decider, state.cube_limit) == (1, 1, 1024)
    assert encode_xgid(state) == XGID_01


def test_xgid_cross_check_with_gnubg_ids() -> None:
    state = decode_xgid(XGID_03)
    assert state.position == decode_position_id("Mw5jkCQyz+AhAg", turn=1)
    ms = decode_match_id("cAkgAUAAEAAE")
    assert (state.score, state.match_length, state.turn) == (ms.score, ms.match_length, ms.turn)
    assert state.score == (4, 2)


def test_xgid_prefix_optional() -> None:
    assert decode_xgid(XGID_03[5:]) == decode_xgid(XGID_03)
    assert decode_xgid("  xgid=" + XGID_03[5:] + "\n") == decode_xgid(XGID_03)
    assert encode_xgid(decode_xgid(XGID_03), prefix=False) == XGID_03[5:]


def test_xgid_top_player_to_play_and_bar() -> None:
    # The start with both players' 24-point checkers on the bar.
    text = "XGID=b-----E-C---eE---c-e-----B:0:0:-1:52:0:0:3:0:10"
    state = decode_xgid(text)
    assert state.turn == 0
    assert state.dice == (5, 2)
    top, bottom = state.position.boards
    assert top == board_from_points({25: 2, 13: 5, 8: 3, 6: 5})  # index 0: top's bar
    assert bottom == board_from_points({25: 2, 13: 5, 8: 3, 6: 5})  # index 25: bottom's bar
    assert (state.match_length, state.jacoby, state.beaver, state.crawford) == (
        0,
        True,
        True,
        False,
    )
    assert encode_xgid(state) == text


def test_xgid_double_offered() -> None:
    state = decode_xgid("XGID=-b----E-C---eE---c-e----B-:1:1:-1:D:3:1:0:5:10")
    assert state.double_offered and state.dice is None
    assert (state.turn, state.decider) == (0, 1)
    assert (state.cube_value, state.cube_owner) == (2, 1)
    assert state.score == (1, 3)
    assert encode_xgid(state) == "XGID=-b----E-C---eE---c-e----B-:1:1:-1:D:3:1:0:5:10"


def test_xgid_rule_fields() -> None:
    base = "-b----E-C---eE---c-e----B-:0:0:1:00:"
    assert decode_xgid(base + "5:6:1:7:10").crawford is True
    assert decode_xgid(base + "0:0:1:0:10").jacoby is True
    assert decode_xgid(base + "0:0:1:0:10").beaver is False
    assert decode_xgid(base + "0:0:2:0:10").beaver is True


@st.composite
def xgid_states(draw: st.DrawFn) -> XgidState:
    length = draw(st.integers(0, 25))
    doubled = draw(st.booleans())
    rules = draw(st.integers(0, 1 if length else 3))
    return XgidState(
        position=draw(positions()),
        cube_value=1 << draw(st.integers(0, 15)),
        cube_owner=draw(st.integers(-1, 1)),
        dice=None if doubled else draw(dice_st),
        double_offered=doubled,
        score=(draw(st.integers(0, 30)), draw(st.integers(0, 30))),
        match_length=length,
        crawford=bool(length and rules),
        jacoby=bool(not length and rules & 1),
        beaver=bool(not length and rules & 2),
        max_cube=draw(st.integers(0, 15)),
    )


@given(xgid_states())
def test_xgid_round_trip(state: XgidState) -> None:
    text = encode_xgid(state)
    assert decode_xgid(text) == state
    assert encode_xgid(decode_xgid(text)) == text


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("XGID=-aAaBaDaB---bD-b-A-cA-b-b-:0:0:1:00:2:4:0:9", "has 9 ':'-separated fields, not 10"),
        (
            "-aAaBaDaB---bD-b-A-cA-b-b:0:0:1:00:2:4:0:9:10",
            "position field has 25 characters, not 26",
        ),
        (
            "-aAaBaDaB---bD-b-A-cA-b-b?:0:0:1:00:2:4:0:9:10",
            "position character '?' at index 25 is not '-', A-P or a-p",
        ),
        (
            "AaAaBaDaB---bD-b-A-cA-b-b-:0:0:1:00:2:4:0:9:10",
            "bottom checkers 'A' on the top player's bar (index 0)",
        ),
        (
            "-aAaBaDaB---bD-b-A-cA-b-ba:0:0:1:00:2:4:0:9:10",
            "top checkers 'a' on the bottom player's bar (index 25)",
        ),
        (
            "-P-----------------------A:0:0:1:00:0:0:0:0:10",
            "the bottom player has 17 checkers, more than 15",
        ),
        ("-aAaBaDaB---bD-b-A-cA-b-b-:x:0:1:00:2:4:0:9:10", "cube 'x' is not a whole number"),
        ("-aAaBaDaB---bD-b-A-cA-b-b-:16:0:1:00:2:4:0:9:10", "cube 16 is not 0..15"),
        ("-aAaBaDaB---bD-b-A-cA-b-b-:0:2:1:00:2:4:0:9:10", "cube owner 2 is not -1..1"),
        (
            "-aAaBaDaB---bD-b-A-cA-b-b-:0:0:0:00:2:4:0:9:10",
            "turn 0 is not 1 (bottom player) or -1 (top player)",
        ),
        (
            "-aAaBaDaB---bD-b-A-cA-b-b-:0:0:1:71:2:4:0:9:10",
            "dice '71' are not '00', 'D' or two digits 1..6",
        ),
        (
            "-aAaBaDaB---bD-b-A-cA-b-b-:0:0:1:30:2:4:0:9:10",
            "dice '30' are not '00', 'D' or two digits 1..6",
        ),
        (
            "-aAaBaDaB---bD-b-A-cA-b-b-:0:0:1:d:2:4:0:9:10",
            "dice 'd' are not '00', 'D' or two digits 1..6",
        ),
        (
            "-aAaBaDaB---bD-b-A-cA-b-b-:0:0:1:00:-2:4:0:9:10",
            "bottom player's score -2 is not at least 0",
        ),
        ("-aAaBaDaB---bD-b-A-cA-b-b-:0:0:1:00:2:4:2:9:10", "rule 2 is not 0..1"),
        ("-aAaBaDaB---bD-b-A-cA-b-b-:0:0:1:00:2:4:4:0:10", "rule 4 is not 0..3"),
        ("-aAaBaDaB---bD-b-A-cA-b-b-:0:0:1:00:2:4:0:9:", "maximum cube '' is not a whole number"),
    ],
)
def test_xgid_errors(text: str, why: str) -> None:
    with pytest.raises(IdError) as info:
        decode_xgid(text)
    assert str(info.value) == f"XGID {text!r}: {why}"


def test_encode_xgid_both_players_on_one_point() -> None:
    # One character per point: a position with both players on a point has no XGID.
    top = board_from_points({23: 1})  # the bottom player's point 2
    bottom = board_from_points({2: 1})
    with pytest.raises(IdError) as info:
        encode_xgid(XgidState(Position((top, bottom), 1)))
    assert str(info.value) == "both players have checkers on the bottom player's point 2"


def test_encode_xgid_rejects_dice_with_double() -> None:
    with pytest.raises(IdError) as info:
        encode_xgid(XgidState(Position.start(), dice=(3, 1), double_offered=True))
    assert str(info.value) == "an XGID cannot show both dice and a pending double"


# --- real files: XGID against Position ID / Match ID and XG's own text -------------------


def _corpus_files(folder: str) -> list[Path]:
    return sorted((CORPUS / folder).glob("*.txt")) if (CORPUS / folder).is_dir() else []


def _need_corpus(files: list[Path]) -> None:
    require_corpus()


XG_FILES = _corpus_files("kevung-xgparser")
BGF_FILES = _corpus_files("kevung-bgfparser")


def _search(pattern: str, text: str) -> re.Match[str]:
    found = re.search(pattern, text, re.MULTILINE)
    assert found is not None, pattern
    return found


# XG localises every label but the XGID, so the text is matched by the shape of its lines;
# the words of the cube line name the UI language (file names end _EN, _DE, _FR or _JP).
_XG_CUBE_WORD = {"EN": "Cube", "DE": "Dopplerwürfel", "FR": "Videau", "JP": "キューブ"}
_XG_TAIL = re.compile(
    r"X: (\d+)\s+O: (\d+) X-O: \S+\n"  # pip counts
    r"([^:\n]+): (\d+)(?:, ([XO]) [^\n]*)?\n"  # cube value, owner
    r"([XO])\b[^\n]*?(?: (\d)(\d))?\n",  # the player on roll, the dice if rolled
)


@pytest.mark.parametrize("path", XG_FILES or [None], ids=lambda p: p.name if p else "absent")
def test_xg_text_files(path: Path | None) -> None:
    if path is None:
        _need_corpus([])
        return
    text = path.read_text(encoding="utf-8-sig")
    state = decode_xgid(_search(r"^(XGID=\S+)", text).group(1))
    score = _search(r"X:(\d+) O:(\d+)\D*?(\d+)", text)
    assert state.score == (int(score[2]), int(score[1]))
    assert state.match_length == int(score[3])
    tail = _search(_XG_TAIL.pattern, text)
    assert (state.position.pips(1), state.position.pips(0)) == (int(tail[1]), int(tail[2]))
    assert tail[3] == _XG_CUBE_WORD[path.stem.rsplit("_", 1)[1]]
    assert state.cube_value == int(tail[4])
    assert state.cube_owner == {None: -1, "O": 0, "X": 1}[tail[5]]
    assert state.turn == {"O": 0, "X": 1}[tail[6]]
    assert state.dice == ((int(tail[7]), int(tail[8])) if tail[7] else None)
    assert encode_xgid(state) == _search(r"^(XGID=\S+)", text).group(1)


@pytest.mark.parametrize("path", BGF_FILES or [None], ids=lambda p: p.name if p else "absent")
def test_bgf_text_files(path: Path | None) -> None:
    if path is None:
        _need_corpus([])
        return
    text = path.read_text(encoding="utf-8-sig")
    state = decode_xgid(_search(r"(XGID=\S+)", text).group(1))
    ids = _search(r"Position-ID: (\S+)\s+Match-ID: (\S+)", text)
    ms = decode_match_id(ids[2])
    pos = decode_position_id(ids[1], turn=ms.player_on_roll)
    assert pos == state.position
    assert (ms.score, ms.match_length, ms.cube_value, ms.cube_owner) == (
        state.score,
        state.match_length,
        state.cube_value,
        state.cube_owner,
    )
    assert ms.turn == state.turn == ms.player_on_roll
    assert (sorted(ms.dice) if ms.dice else None) == (sorted(state.dice) if state.dice else None)
    top = _search(r"-\+\s+O: (\S+)\s+(\d+)$", text)
    bottom = _search(r"-\+\s+X: (\S+)\s+(\d+)$", text)
    assert (pos.pips(0), pos.pips(1)) == (int(top[2]), int(bottom[2]))
    score = _search(r"^ (\S+) - (\d+) (\S+) - (\d+) in a (\d+) point match", text)
    by_name = {score[1]: int(score[2]), score[3]: int(score[4])}
    assert ms.score == (by_name[top[1]], by_name[bottom[1]])
    assert ms.match_length == int(score[5])
    mover = _search(r"^ (\S+) to move(?: (\d)-(\d))?", text)
    assert mover[1] == (top[1], bottom[1])[pos.turn]
    dice = (int(mover[2]), int(mover[3])) if mover[2] else None
    assert ms.dice == dice
    assert match_id(ms) == ids[2]
    assert position_id(pos) == ids[1]
