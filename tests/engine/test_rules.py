"""One test (at least) for every RULES.md id the engine enforces, on hand-built positions."""

from __future__ import annotations

from gamao_cli.engine.match_score import MatchScore
from gamao_cli.engine.movegen import legal_plays
from gamao_cli.engine.notation import format_play
from gamao_cli.engine.position import Position
from gamao_cli.engine.scoring import ResultType, game_points, result_type
from gamao_cli.engine.validate import judge
from gamao_cli.model.actions import Step
from gamao_cli.model.match import Variant
from tests.helpers import board, steps, view

START = Position.start()


def texts(pos: Position, dice: tuple[int, int]) -> set[str]:
    return {format_play(p.steps) for p in legal_plays(pos, dice)}


# -- S: setup ---------------------------------------------------------------------------


def test_s1_standard_start() -> None:
    b = START.mover
    assert (b[24], b[13], b[8], b[6], b[0], b[25]) == (2, 5, 3, 5, 0, 0)
    assert START.pips(0) == START.pips(1) == 167


def test_s2_nackgammon_start() -> None:
    pos = Position.start(Variant.NACKGAMMON)
    b = pos.mover
    assert (b[24], b[23], b[13], b[8], b[6]) == (2, 2, 4, 3, 4)
    assert pos.pips(0) == 194


# -- M: moving --------------------------------------------------------------------------


def test_m1_each_die_is_a_move_and_wrong_distance_is_rejected() -> None:
    verdict = judge(START.mover, START.opponent, (6, 4), steps((24, 18), (13, 10)))
    assert (verdict.legal, verdict.code, verdict.rule) == (False, "wrong-distance", "M1")
    assert verdict.reason == "13/10 moves 3 pips, but the dice left for it are 4"


def test_m1_intermediate_point_must_be_open() -> None:
    # 6-5 from 24: 24/18 is open, 24/19 (the opponent's 6-point) is held: 24/13 goes via 18.
    verdict = judge(START.mover, START.opponent, (6, 5), steps((24, 13)))
    assert verdict.legal
    assert verdict.steps == ((24, 18, False), (18, 13, False))
    # Close both intermediate points: 13/2 with 6-5 is then blocked.
    pos = view({13: 1, 5: 14}, {17: 2, 18: 2, 24: 11})  # my 8 and my 7 held
    verdict = judge(pos.mover, pos.opponent, (6, 5), steps((13, 2)))
    assert (verdict.legal, verdict.code, verdict.rule) == (False, "blocked", "M2")


def test_m2_landing_on_two_opposing_checkers_is_blocked() -> None:
    # The opponent's 6-point is the mover's 19: 24/19 with a 5 is blocked.
    verdict = judge(START.mover, START.opponent, (5, 2), steps((24, 19), (13, 11)))
    assert (verdict.legal, verdict.code, verdict.rule) == (False, "blocked", "M2")
    assert verdict.reason == "24/19: point 19 is held by 5 opposing checkers"
    assert "24/19 13/11" not in texts(START, (5, 2))


def test_m3_doubles_are_played_four_times() -> None:
    plays = legal_plays(START, (6, 6))
    assert len(plays) == 11
    assert all(p.dice_used == 4 for p in plays)
    assert "24/18(2) 13/7(2)" in {format_play(p.steps) for p in plays}


def test_m3_doubles_with_fewer_than_four_playable() -> None:
    # One checker on 10, all others home, 1 and 4 held by nobody, 6 held: 5-5 from 10 to 5,
    # then 5 to 0 would be bearing off, legal once all are home: 10/5 then 5/off, then the
    # 5s from home: all 15 are home after the first move.
    pos = view({10: 1, 2: 14}, {19: 2, 24: 13})  # opp 19 = my 6 (held)
    plays = legal_plays(pos, (4, 4))  # 10/6 blocked; 2s cannot move 4 (bear-off blocked)
    assert plays == []
    plays = legal_plays(view({10: 1, 2: 14}, {22: 2, 24: 13}), (4, 4))  # my 3 held
    # 10/6/2, then the 2s bear off with the 4s: all four dice.
    assert {format_play(p.steps) for p in plays} == {"10/off 2/off"}
    assert {p.dice_used for p in plays} == {4}
    # Fewer than four: a checker on 10 and my 6 and my 2 held by the opponent... here my 3
    # and my 6 are held: 10/6 is blocked, so the 4s cannot move at all -> no play.
    pos = view({10: 1, 5: 14}, {19: 2, 24: 13})
    assert {format_play(p.steps) for p in legal_plays(pos, (4, 4))} == set()
    # Only two 5s: 10/5, then 5/off needs all home (yes) -> 10/off, then 5/off(2): four.
    # Block the bear-off by a checker far out: one on 24, my 19 held -> 24/19 blocked.
    pos = view({24: 1, 12: 1, 6: 13}, {6: 2, 1: 13})  # opp 6 = my 19
    plays = legal_plays(pos, (5, 5))
    assert {p.dice_used for p in plays} == {4}


def test_m4_both_dice_must_be_used_when_possible() -> None:
    # The 24/23 24/21 style: with 6-1, if 13/7 then 7/6 is the only way to use both, it is
    # required. Here: one checker on 24, the opponent holds my 18 and 17.
    verdict = judge(START.mover, START.opponent, (6, 1), steps((13, 7)))
    assert (verdict.legal, verdict.code, verdict.rule) == (False, "fewer-dice", "M4")
    assert verdict.reason == "1 of the dice played, but 2 could be (10 legal plays existed)"
    assert verdict.mover is not None and verdict.mover[7] == 1  # applied as recorded


def test_m4_larger_die_when_only_one_can_be_played() -> None:
    # One checker on 10, 14 off; the opponent holds my 3. 10/4 (6) then 4/3 is blocked;
    # 10/9 (1) then 9/3 is blocked: either die alone, not both: the 6 must be played.
    pos = view({10: 1}, {22: 2, 6: 13})
    assert texts(pos, (6, 1)) == {"10/4"}
    verdict = judge(pos.mover, pos.opponent, (6, 1), steps((10, 9)))
    assert (verdict.legal, verdict.code, verdict.rule) == (False, "smaller-die", "M4")
    assert verdict.reason == (
        "only the smaller die was played (10/9), but the larger die 6 could be played"
    )
    assert judge(pos.mover, pos.opponent, (1, 6), steps((10, 4))).legal


def test_m4_smaller_die_when_the_larger_cannot_be_played() -> None:
    # One checker on 10; my 4 held: the 6 cannot be played at all, the 1 can.
    pos = view({10: 1}, {21: 2, 22: 2, 6: 11})
    assert texts(pos, (6, 1)) == {"10/9"}


def test_m5_no_play_recorded_while_a_legal_play_exists() -> None:
    verdict = judge(START.mover, START.opponent, (3, 1), [])
    assert (verdict.legal, verdict.code, verdict.rule) == (False, "no-play-recorded", "M5")
    assert verdict.reason == "no play recorded, but 16 legal plays existed"


def test_m5_empty_play_is_legal_when_nothing_can_move() -> None:
    pos = view({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 8: 3})
    assert judge(pos.mover, pos.opponent, (3, 1), []).legal


# -- H: hitting and the bar -------------------------------------------------------------


def test_h1_hitting_a_blot_sends_it_to_the_bar() -> None:
    pos = view({13: 15}, {15: 1, 6: 14})  # opp 15 = my 10: a blot
    plays = legal_plays(pos, (3, 3))
    hit = [p for p in plays if format_play(p.steps).startswith("13/10*")]
    assert hit and all(p.opponent[25] == 1 for p in hit)


def test_h1_hitting_on_an_intermediate_point() -> None:
    pos = view({13: 15}, {15: 1, 6: 14})  # blot on my 10
    # 13/10*/8 and 13/11/8 are two plays: the blot is hit or not.
    assert {"13/10*/8", "13/8"} <= texts(pos, (3, 2))
    marked = judge(pos.mover, pos.opponent, (3, 2), [Step(13, 8, via_hits=(10,))])
    assert marked.legal and marked.opponent is not None and marked.opponent[25] == 1
    assert marked.steps == ((13, 10, True), (10, 8, False))
    # Unmarked, a combined move passes over the blot (gnubg reads it so).
    plain = judge(pos.mover, pos.opponent, (3, 2), steps((13, 8)))
    assert plain.legal and plain.opponent is not None and plain.opponent[25] == 0
    assert plain.steps == ((13, 11, False), (11, 8, False))


def test_h2_checkers_on_the_bar_enter_first() -> None:
    pos = view({25: 1, 13: 14}, {6: 15})
    verdict = judge(pos.mover, pos.opponent, (5, 2), steps((13, 8), (13, 11)))
    assert (verdict.legal, verdict.code, verdict.rule) == (False, "bar-first", "H2")
    assert verdict.reason == (
        "13/8: 1 checker on the bar must enter before any other checker moves"
    )


def test_h3_entry_point_matches_the_die() -> None:
    pos = view({25: 1, 13: 14}, {6: 15})
    assert all(p.steps[0][:2] in ((25, 20), (25, 23)) for p in legal_plays(pos, (5, 2)))
    blocked = view({25: 1, 13: 14}, {5: 2, 6: 13})  # opp 5 = my 20: entering with a 5 held
    verdict = judge(blocked.mover, blocked.opponent, (5, 2), steps((25, 20), (13, 11)))
    assert (verdict.legal, verdict.code, verdict.rule) == (False, "blocked-entry", "H3")


def test_h4_dance_against_a_closed_board() -> None:
    closed = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 8: 3}
    pos = view({25: 1, 13: 14}, closed)
    for roll in [(a, b) for a in range(1, 7) for b in range(1, 7)]:
        assert legal_plays(pos, roll) == []


def test_h5_several_on_the_bar_enter_as_the_dice_allow() -> None:
    # Two on the bar, the 5-point entry (my 20) held: a 5-2 enters one checker with the 2.
    pos = view({25: 2, 13: 13}, {5: 2, 6: 13})
    assert texts(pos, (5, 2)) == {"bar/23"}
    # One on the bar: enter, then play the other die with any checker.
    pos = view({25: 1, 13: 14}, {6: 15})
    assert "bar/23 13/8" in texts(pos, (5, 2))
    assert "bar/20 13/11" in texts(pos, (5, 2))
    assert "bar/18" in texts(pos, (5, 2))


# -- B: bearing off ---------------------------------------------------------------------


def test_b1_bearing_off_needs_all_checkers_home() -> None:
    pos = view({8: 1, 6: 14}, {24: 15})
    verdict = judge(pos.mover, pos.opponent, (6, 2), steps((6, 0), (8, 6)))
    assert verdict.legal  # 8/6 first brings the last checker home
    assert verdict.reordered
    verdict = judge(pos.mover, pos.opponent, (6, 1), steps((6, 0), (8, 7)))
    assert (verdict.legal, verdict.code, verdict.rule) == (False, "bear-off-early", "B1")


def test_b2_a_die_bears_off_from_its_point() -> None:
    pos = view({6: 5, 3: 10}, {24: 15})
    assert "6/off 3/off" in texts(pos, (6, 3))


def test_b3_empty_point_with_higher_checkers_moves_inside() -> None:
    pos = view({6: 2, 2: 13}, {24: 15})
    # A 4: no checker on 4, checkers on 6 -> must move 6/2; it cannot bear off from 2.
    assert texts(pos, (4, 4)) == {"6/off(2)"}  # 6/2(2) then 2/off(2)
    pos = view({6: 1, 2: 14}, {24: 15})
    assert texts(pos, (4, 3)) == {"6/off"}  # 6/2 2/off, 6/3 3/off: one position


def test_b4_higher_die_bears_off_from_the_highest_point() -> None:
    pos = view({3: 1, 2: 14}, {24: 15})
    assert texts(pos, (6, 5)) == {"3/off 2/off"}
    verdict = judge(pos.mover, pos.opponent, (6, 5), steps((2, 0), (2, 0)))
    assert (verdict.legal, verdict.code, verdict.rule) == (False, "bear-off-higher", "B4")
    assert verdict.reason == (
        "2/off: bearing off from 2 with a higher die while a checker stands on 3"
    )


def test_b5_bearing_off_is_not_compulsory() -> None:
    pos = view({6: 1, 1: 14}, {24: 15})
    # 1/off was possible, yet 6/3 (not bearing off) is legal too.
    assert texts(pos, (2, 1)) == {"6/3", "6/4 1/off"}


def test_b6_a_hit_checker_must_come_home_before_bearing_off_resumes() -> None:
    pos = view({25: 1, 3: 10}, {24: 1, 6: 14})  # 4 already off; my 19 held
    plays = legal_plays(pos, (6, 5))
    # The 6 cannot enter; enter with the 5 and play the 6 with the same checker: no bearing
    # off while it is outside.
    assert {format_play(p.steps) for p in plays} == {"bar/14"}
    assert [p.mover[0] for p in plays] == [4]


# -- E and X: results and the match ------------------------------------------------------


def test_e2_e3_e4_result_types() -> None:
    assert result_type(board({6: 14})) is ResultType.SINGLE
    assert result_type(board({6: 15})) is ResultType.GAMMON
    assert result_type(board({20: 1, 6: 14})) is ResultType.BACKGAMMON
    assert result_type(board({25: 1, 6: 14})) is ResultType.BACKGAMMON


def test_c5_jacoby_counts_gammons_single_with_the_cube_centred() -> None:
    assert game_points(2, 1, jacoby=True, cube_turned=False) == 1
    assert game_points(2, 2, jacoby=True, cube_turned=True) == 4
    assert game_points(3, 4) == 12


def test_c4_x1_crawford_and_post_crawford() -> None:
    ms = MatchScore(7, (6, 3))
    assert ms.is_crawford_game
    after = ms.after(1, 2)
    assert (after.score, after.is_crawford_game, after.is_post_crawford) == ((6, 5), False, True)
    assert not MatchScore(1, (0, 0)).is_crawford_game
    assert MatchScore(5, (4, 4)).is_crawford_game is False
    assert MatchScore(5, (5, 2)).is_over and MatchScore(5, (5, 2)).winner == 0


def test_step_validation_of_an_impossible_hop() -> None:
    verdict = judge(START.mover, START.opponent, (3, 1), [Step(5, 8)])
    assert (verdict.legal, verdict.code) == (False, "wrong-distance")


def test_a_legal_verdict_built_as_a_tuple_equals_the_keyword_one() -> None:
    from gamao_cli.engine.judgement import Judgement, legal_judgement

    steps_ = ((8, 5, False), (6, 5, False))
    me, opp = board({5: 2}), board({})
    fast = legal_judgement(steps_, me, opp, (5,))
    assert fast == Judgement(True, steps=steps_, mover=me, opponent=opp, marked_hits_missing=(5,))
    assert (fast.legal, fast.code, fast.reordered, fast.legal_plays) == (True, None, False, None)


def test_pip_count_counts_points_the_bar_and_checkers_to_enter() -> None:
    from gamao_cli.engine.position import pip_count

    assert pip_count(board({24: 2, 13: 5, 8: 3, 6: 5})) == 167
    assert pip_count((0,) * 25 + (2,)) == 50  # two on the bar
    assert pip_count((0, 1) + (0,) * 23 + (1, 3)) == 1 + 25 + 75  # three still to enter


def test_the_quick_path_gives_the_verdicts_fields_or_leaves_the_play_to_judge() -> None:
    from gamao_cli.engine.validate import quick_legal

    hops = steps((8, 5), (6, 5))
    verdict = judge(START.mover, START.opponent, (3, 1), hops)
    assert quick_legal(START.mover, START.opponent, (3, 1), hops) == (
        verdict.steps,
        verdict.mover,
        verdict.opponent,
        verdict.marked_hits_missing,
    )
    assert verdict.steps == ((8, 5, False), (6, 5, False))
    # A combined hop (24/20 with 3-1) or a play to be read in another order: judge decides.
    assert quick_legal(START.mover, START.opponent, (3, 1), steps((24, 20))) is None
    assert quick_legal(START.mover, START.opponent, (6, 5), steps((13, 2))) is None
