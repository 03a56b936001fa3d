"""Hand-built cases for the checker, one rule each, with exact codes, places and messages."""

from __future__ import annotations

import io
from dataclasses import replace

from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.replay import replay_match
from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.model.actions import Move, SetPosition, Step, Win
from gamao_cli.model.match import Game, Match, Variant
from tests.helpers import REPO, board


def mat(text: str) -> Match:
    [match] = list(read_mat(io.StringIO(text), "t.mat"))
    return match


def codes(
    match: Match, options: CheckOptions | None = None
) -> list[tuple[str, int | None, int | None]]:
    return [(f.code, f.game, f.move) for f in replay_match(match, options).findings]


def first(match: Match, code: str, options: CheckOptions | None = None) -> Finding:
    return next(f for f in replay_match(match, options).findings if f.code == code)


HEAD = " 5 point match\n\n Game 1\n alice : 0                      bob : 0\n"


def test_s3_opening_double() -> None:
    m = mat(HEAD + "  1) 33: 8/5(2) 6/3(2)\n")
    # (the record then stops: the reader reports the truncated game, P105)
    assert next(c for c in codes(m) if not c[0].startswith("P")) == ("R213", 1, 1)
    assert first(m, "R213").message == "the opening roll is a double (33)"


def test_c2_double_on_the_opponents_turn() -> None:
    m = mat(HEAD + "  1) 31: 8/5 6/5\n  2)  Doubles => 2                Takes\n")
    f = first(m, "C308")
    assert (f.game, f.move, f.player, f.message) == (1, 2, "alice", "a double on bob's turn")


def test_h1_hit_mark_without_a_hit_is_a_warning() -> None:
    m = mat(HEAD + "  1) 31: 8/5* 6/5                 42: 8/4 6/4\n")
    f = first(m, "R221")
    assert (f.severity.value, f.move, f.message) == (
        "warning",
        1,
        "a hit is marked on 5, but no blot was there",
    )


def test_a_legal_play_written_out_of_order_is_info() -> None:
    m = mat(HEAD + "  1) 65: 18/13 24/18                42: 8/4 6/4\n")
    f = first(m, "R220")
    assert (f.severity.value, f.message) == ("info", "legal, but not in the order written: 24/13")


def test_x2_starting_score_and_x408_game_without_result() -> None:
    m = mat(
        HEAD
        + "  1) 31: 8/5 6/5                 42: 8/4 6/4\n\n"
        + " Game 2\n alice : 0                      bob : 2\n"
        + "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
        + "                                  Wins 1 point\n"
    )
    assert [c for c in codes(m) if c[0] in ("X405", "X408")] == [("X408", 1, 1), ("X405", 2, None)]


def test_x405_is_reported_at_the_score_line() -> None:
    m = mat(
        HEAD
        + "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
        + "                                  Wins 1 point\n\n"
        + "; a comment between the header and the score line\n"
        + " Game 2\n\n"
        + "   alice : 1                      bob : 1\n"
        + "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
        + "                                  Wins 1 point\n"
    )
    f = first(m, "X405")
    assert (f.file, f.line, f.column, f.game, f.move) == ("t.mat", 11, 4, 2, None)
    assert f.message == "game 2 starts at 1-1, but the previous games give 0-1"


def test_x411_winner_inferred_from_the_next_score() -> None:
    m = mat(
        HEAD
        + "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
        + " Wins 1 point\n\n"
        + " Game 2\n alice : 0                      bob : 1\n"
        + "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
    )
    f = first(m, "X411")
    assert (f.game, f.player) == (1, "bob")
    assert "X405" not in [c[0] for c in codes(m)]


def _endgame(
    actions: tuple[object, ...],
    *,
    money: bool = True,
    off0: int = 14,
    loser: dict[int, int] | None = None,
) -> Match:
    """A game set up with player 0 one roll from bearing off its last checker."""
    start = SetPosition((board({1: 15 - off0}), board(loser or {6: 15})), turn=0)
    game = Game(1, (0, 0), tuple(actions), players=("alice", "bob"), start=start)  # type: ignore[arg-type]
    return Match(("alice", "bob"), 0 if money else 5, (game,))


def test_c5_jacoby_implied_in_a_money_session() -> None:
    win = Win(0, 1, text="Wins 1 point")
    m = _endgame((Move(0, (2, 1), (Step(1, 0),), "21: 1/off"), win))
    f = first(m, "X409")
    assert f.message == "a gammon scored 1: implies the Jacoby rule is on"
    strict = replay_match(m, CheckOptions(jacoby=False)).findings
    assert [(x.code, x.message) for x in strict] == [
        ("X401", "Wins 1, but a gammon with the cube at 1 is worth 2")
    ]


def test_e1_action_after_the_game_ended() -> None:
    m = _endgame(
        (
            Move(0, (2, 1), (Step(1, 0),), "21: 1/off"),
            Move(1, (3, 1), (Step(6, 3), Step(6, 5)), "31: 6/3 6/5"),
            Win(0, 2, text="Wins 2 points"),
        )
    )
    # (and the gammon scored 2 implies Jacoby off, as the session does not say)
    assert codes(m) == [("R216", 1, None), ("X409", 1, None)]


def test_e5_resigning_more_than_the_position_allows() -> None:
    # bob has borne off 1 checker: a gammon cannot be lost any more.
    m = _endgame(
        (Win(0, 2, text="Wins 2 points"),),
        money=False,
        off0=10,
        loser={6: 14},
    )
    found = replay_match(m).findings
    assert [(f.code, f.severity.value) for f in found] == [
        ("X402", "info"),
        ("X403", "warning"),
        ("X413", "warning"),
    ]
    assert found[1].message == (
        "a gammon was resigned, but the position allowed at most a single game"
    )


MONEY = " 0 point match\n\n Game 1\n alice : 0                      bob : 0\n"


def test_c6_beaver_rule_unknown_then_off() -> None:
    m = mat(
        MONEY
        + "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
        + "  2)  Doubles => 2                Beavers => 4\n"
        + "  3) 43: 24/20 13/10             \n"
    )
    assert first(m, "C307").message == "a beaver: the record implies beavers are allowed"
    off = first(m, "C306", CheckOptions(beavers=False))
    assert (off.game, off.move, off.player) == (1, 2, "bob")


def test_c6_beaver_in_match_play_is_an_error() -> None:
    m = mat(
        HEAD
        + "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
        + "  2)  Doubles => 2                Beavers => 4\n"
    )
    f = first(m, "C305")
    assert (f.severity.value, f.rule, f.move) == ("error", "C6", 2)


def test_a_tabula_record_without_its_third_die_is_unverifiable() -> None:
    """Tabula rolls three dice; a record that holds two (a .mat file cannot hold more) is
    reported (R217) and the rest of its game left unverified: nothing is guessed."""
    m = mat(
        '; [Variation "Tabula"]\n\n 3 point match\n\n Game 1\n'
        " alice : 0                      bob : 0\n"
        "  1) 31: 24/21 24/23               64: 24/18 24/20\n"
        "  2)                                Wins 1 point\n"
    )
    replay = replay_match(m)
    assert [(f.code, f.line, f.message) for f in replay.findings][:2] == [
        ("R217", 7, "a tabula roll has 3 dice, not 3-1"),
        (
            "R222",
            7,
            "the rest of this game cannot be verified: the play cannot be applied to the board",
        ),
    ]
    assert [(g.verified, g.winner, g.points) for g in replay.games] == [(False, 1, 1)]
    # A user's --variant override decides too.
    standard = mat(HEAD + "  1) 31: 8/5 6/5\n  2)  Wins 1 point\n")
    forced = replay_match(standard, CheckOptions(variant=Variant.TABULA))
    assert [f.code for f in forced.findings][:1] == ["R217"]


def test_findings_carry_position_ids_unless_asked_not_to() -> None:
    m = mat(HEAD + "  1) 31: 8/5* 6/5                 42: 8/4 6/4\n")
    [with_ids] = [f for f in replay_match(m).findings if f.code == "R221"]
    assert (with_ids.position_id, with_ids.match_id, with_ids.xgid) == (
        "4HPwATDgc/ABMA",
        "MIGlAAAAAAAE",
        "XGID=-b----E-C---eE---c-e----B-:0:0:-1:31:0:0:0:5:10",
    )
    # The tables have no column for them: a replay for the tables leaves them out.
    [without] = [f for f in replay_match(m, ids=False).findings if f.code == "R221"]
    assert (without.position_id, without.match_id, without.xgid) == (None, None, None)
    assert without.message == with_ids.message


def test_games_that_start_alike_share_one_cube_state() -> None:
    from gamao_cli.analysis import replay_cube
    from gamao_cli.engine.cube import CubeState

    replay_cube._START_CUBES.clear()
    first = replay_cube.start_cube(2, True, False, True, None, 64)
    assert first == CubeState(value=2, enabled=True, crawford=False, money=True, limit=64)
    assert replay_cube.start_cube(2, True, False, True, None, 64) is first
    assert replay_cube.start_cube(2, True, True, True, None, 64).crawford is True
    for value in range(300):  # bounded: cleared when full
        replay_cube.start_cube(value, True, False, False, None, None)
    assert len(replay_cube._START_CUBES) <= 256


def test_a_replay_without_records_counts_the_plays_and_finds_the_same() -> None:
    path = REPO / "examples" / "illegal_plays.mat"
    [match] = list(read_mat(io.StringIO(path.read_text()), "illegal_plays.mat"))
    recorded = replay_match(match)
    counted = replay_match(match, records=False)
    assert (recorded.played, len(recorded.plays)) == (278, 278)
    assert (counted.played, counted.plays) == (278, ())
    assert counted.findings == recorded.findings
    assert counted.games == tuple(
        replace(g, first_bearoff_pips=(None, None)) for g in recorded.games
    )
    assert [g.first_bearoff_pips for g in recorded.games][2:4] == [(65, 83), (71, 76)]
