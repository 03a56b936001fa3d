"""Every position of a match, from its replay (analysis.match_positions): the records the
report's viewer steps through."""

from __future__ import annotations

import pytest

from gamao_cli.analysis.match_positions import MatchPositions, replay_with_positions
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.replay import replay_match
from gamao_cli.engine.ids import decode_position_id
from gamao_cli.engine.ruleset import rule_set
from gamao_cli.formats.inputs import iter_input_files, read_path
from gamao_cli.model.match import Match, Variant
from tests.helpers import REPO
from tests.variant_games import play_match

START_ID = "4HPwATDgc/ABMA"  # gnubg's Position ID of the starting position


def _match(name: str) -> Match:
    item = next(iter(iter_input_files([str(REPO / "examples" / name)])))
    return next(m for m in read_path(item) if m.games)


@pytest.fixture(scope="module")
def illegal() -> MatchPositions:
    match = _match("illegal_plays.mat")
    return replay_with_positions(match, CheckOptions(), 0, "illegal_plays.mat")[1]


def test_each_game_starts_at_the_start_position_from_the_first_roller(
    illegal: MatchPositions,
) -> None:
    assert [g.entries[0].position for g in illegal.games] == [START_ID] * len(illegal.games)
    first = illegal.games[0].entries[0]
    # ' 1)                             41: 24/20 24/23': the right column (player 1) opens.
    assert (first.kind, first.move, first.side, first.dice) == ("play", 1, 1, "41")
    assert first.steps == ((24, 20), (24, 23))
    assert (first.cube, first.owner, first.line, first.column) == (1, -1, 8, 34)


def test_the_position_after_a_play_is_the_next_entry(illegal: MatchPositions) -> None:
    second = illegal.games[0].entries[1]  # X_player's 41 after O_player's 41: 24/20 24/23
    assert second.side == 0
    pos = decode_position_id(str(second.position), 0)
    start = {24: 2, 13: 5, 8: 3, 6: 5}
    assert pos.boards[0][1:26] == tuple(start.get(p, 0) for p in range(1, 26))
    moved = {20: 1, 23: 1, 13: 5, 8: 3, 6: 5}
    assert pos.boards[1][1:26] == tuple(moved.get(p, 0) for p in range(1, 26))


def test_every_finding_is_at_the_position_check_reports(illegal: MatchPositions) -> None:
    """The done-criterion of issue 29: the board at each finding is check's Position ID."""
    checked = replay_match(_match("illegal_plays.mat"), CheckOptions(), 0, "illegal_plays.mat")
    at = {}
    for game in illegal.games:
        for e in game.entries:
            at.setdefault((e.line, e.column), e.position)
    # R209, R204 and R222, R202, R203 and R222 (the X402s are at result lines, not plays).
    with_ids = [f for f in checked.findings if f.position_id and f.code.startswith("R")]
    assert len(with_ids) == 6
    for f in with_ids:
        assert at[(f.line, f.column or 0)] == f.position_id, f


def test_legal_plays_are_kept_at_an_illegal_play(illegal: MatchPositions) -> None:
    game = illegal.games[0]
    # Move 5, O_player's '44: 13/9 13/9 13/9' (three of the four dice played).
    (i,) = [k for k, e in enumerate(game.entries) if e.text == "44: 13/9 13/9 13/9"]
    shown, count = game.legal[i]
    assert count == 45 and len(shown) == 45
    assert shown[0].text == "13/9(4)"
    assert shown[0].steps == ((13, 9),) * 4
    # After 13/9(4) from the position before: player 1 (on roll) has 13 -> 1, 9 -> 4 more.
    after = decode_position_id(shown[0].position, 1)
    before = decode_position_id(str(game.entries[i].position), 1)
    assert after.boards[1][13] == before.boards[1][13] - 4
    assert after.boards[1][9] == before.boards[1][9] + 4


def test_an_unreplayable_rest_of_game_has_no_positions(illegal: MatchPositions) -> None:
    game = illegal.games[0]  # move 7: a play that cannot be applied (R204, then R222)
    known = [e.position is not None for e in game.entries]
    first_unknown = known.index(False)
    assert game.entries[first_unknown - 1].move == 7
    assert not any(known[first_unknown:]) and game.end is None


def test_long_nardy_positions_are_gamao_position_strings() -> None:
    rs = rule_set(Variant.LONG_NARDY)
    match = play_match(rs, [1])
    _, positions = replay_with_positions(match, CheckOptions(), 0, "nardy.json")
    assert not positions.standard_ids and positions.checkers == 15
    # Player 1's point p is player 0's p + 12 (mod 24): the heads lie across the board.
    assert positions.track[23] == 12 and positions.track[11] == 24
    assert positions.games[0].entries[0].position == "GAMAO=longnardy/0/24x15/24x15"


def test_hypergammon_keeps_three_checkers_a_side() -> None:
    rs = rule_set(Variant.HYPERGAMMON)
    _, positions = replay_with_positions(play_match(rs, [2]), CheckOptions(), 0, "h.json")
    first = positions.games[0].entries[0]
    assert positions.standard_ids and positions.checkers == 3
    pos = decode_position_id(str(first.position), first.side)
    assert [pos.boards[0][p] for p in (24, 23, 22)] == [1, 1, 1]
