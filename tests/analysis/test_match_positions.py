"""Every position of a match, from its replay (analysis.match_positions): the records the
report's viewer steps through."""

from __future__ import annotations

import json

import pytest

from gamao_cli.analysis.match_positions import (
    MatchPositions,
    board_text,
    boards_of,
    full_board,
    position_text,
    replay_with_positions,
)
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.replay import replay_match
from gamao_cli.engine.ruleset import STANDARD, rule_set
from gamao_cli.formats.inputs import iter_input_files, read_path
from gamao_cli.model.match import Match, Variant
from tests.helpers import REPO
from tests.variant_games import play_match

START_ID = "4HPwATDgc/ABMA"  # gnubg's Position ID of the starting position
START = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


def _match(name: str) -> Match:
    item = next(iter(iter_input_files([str(REPO / "examples" / name)])))
    return next(m for m in read_path(item) if m.games)


def _entries(positions: MatchPositions, game: int) -> list[list[object]]:
    """The game's entries, each board and cube carried over where the record writes 0."""
    out = []
    board: object = None
    cube: object = None
    for e in json.loads(positions.games[game].entries):
        board = board if e[5] == 0 else e[5] and full_board(board, e[5])  # type: ignore[arg-type]
        cube = cube if e[7] == 0 else e[7]
        out.append([*e[:5], board, e[6], cube])
    return out


@pytest.fixture(scope="module")
def illegal() -> MatchPositions:
    match = _match("illegal_plays.mat")
    return replay_with_positions(match, CheckOptions(), 0, "illegal_plays.mat")[1]


def test_a_board_is_one_digit_a_cell() -> None:
    text = board_text((START, START))
    assert text == "000000503000050000000000200000005030000500000000002" + "0"
    assert boards_of(text) == (START, START)
    assert position_text(STANDARD, (START, START), 1) == START_ID


def test_each_game_starts_at_the_start_position(illegal: MatchPositions) -> None:
    for g in range(len(illegal.games)):
        first = _entries(illegal, g)[0]
        assert boards_of(str(first[5])) == (START, START)
        assert first[7] == [1, -1]  # the cube centred at 1
    first = _entries(illegal, 0)[0]
    # ' 1)                             41: 24/20 24/23': the right column (player 1) opens.
    assert first[:5] == ["p", 1, 1, "41", "41: 24/20 24/23"]
    assert first[6] == [24, 20, 24, 23]
    assert illegal.games[0].places[0] == (8, 34) and illegal.games[0].moves[:3] == (1, 2, 2)


def test_the_position_after_a_play_is_the_next_entry(illegal: MatchPositions) -> None:
    second = _entries(illegal, 0)[1]  # X_player's 41 after O_player's 41: 24/20 24/23
    assert second[2] == 0
    x, o = boards_of(str(second[5]))
    assert x == START
    moved = {20: 1, 23: 1, 13: 5, 8: 3, 6: 5}
    assert o == (0, *(moved.get(p, 0) for p in range(1, 25)), 0)
    # Only O_player's (player 1's) cells changed: the entry writes them alone, after B.
    written = json.loads(illegal.games[0].entries)[1][5]
    assert written == "B" + "".join("0" if p not in moved else str(moved[p]) for p in range(26))


def test_every_finding_is_at_the_position_check_reports(illegal: MatchPositions) -> None:
    """The done-criterion of issue 29: the board at each finding is check's Position ID."""
    checked = replay_match(_match("illegal_plays.mat"), CheckOptions(), 0, "illegal_plays.mat")
    at = {}
    for g, game in enumerate(illegal.games):
        for place, e in zip(game.places, _entries(illegal, g), strict=True):
            if e[5] is not None:
                at.setdefault(place, position_text(STANDARD, boards_of(str(e[5])), int(e[2])))
    # R209, R204 and R222, R202, R203 and R222 (the X402s are at result lines, not plays).
    with_ids = [f for f in checked.findings if f.position_id and f.code.startswith("R")]
    assert len(with_ids) == 6
    for f in with_ids:
        assert at[(f.line, f.column or 0)] == f.position_id, f


def test_legal_plays_are_kept_at_an_illegal_play(illegal: MatchPositions) -> None:
    game = illegal.games[0]
    entries = _entries(illegal, 0)
    # Move 5, O_player's '44: 13/9 13/9 13/9' (three of the four dice played).
    (i,) = [k for k, e in enumerate(entries) if e[4] == "44: 13/9 13/9 13/9"]
    legal = json.loads(game.legal)[str(i)]
    assert legal[-1] == 45 and len(legal) == 46
    text, moves, after = legal[0]
    assert text == "13/9(4)" and moves == [13, 9] * 4
    # After 13/9(4) from the position before: player 1 (on roll) has 4 fewer on 13, 4 more on 9.
    before = boards_of(str(entries[i][5]))[1]
    assert boards_of(after)[1][13] == before[13] - 4
    assert boards_of(after)[1][9] == before[9] + 4


def test_an_unreplayable_rest_of_game_has_no_positions(illegal: MatchPositions) -> None:
    entries = _entries(illegal, 0)  # move 7: a play that cannot be applied (R204, then R222)
    known = [e[5] is not None for e in entries]
    first_unknown = known.index(False)
    assert entries[first_unknown - 1][1] == 7
    assert not any(known[first_unknown:]) and illegal.games[0].end is None


def test_long_nardy_positions_are_gamao_position_strings() -> None:
    rs = rule_set(Variant.LONG_NARDY)
    _, positions = replay_with_positions(play_match(rs, [1]), CheckOptions(), 0, "nardy.json")
    assert not positions.standard_ids and positions.checkers == 15
    # Player 1's point p is player 0's p + 12 (mod 24): the heads lie across the board.
    assert positions.track[23] == 12 and positions.track[11] == 24
    first = _entries(positions, 0)[0]
    assert position_text(rs, boards_of(str(first[5])), 0) == "GAMAO=longnardy/0/24x15/24x15"


def test_hypergammon_keeps_three_checkers_a_side() -> None:
    rs = rule_set(Variant.HYPERGAMMON)
    _, positions = replay_with_positions(play_match(rs, [2]), CheckOptions(), 0, "h.json")
    b0, b1 = boards_of(str(_entries(positions, 0)[0][5]))
    assert positions.standard_ids and positions.checkers == 3
    assert [b0[p] for p in (24, 23, 22)] == [1, 1, 1] == [b1[p] for p in (24, 23, 22)]
    assert sum(b0[1:]) == 3
