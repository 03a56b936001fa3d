"""The variants' rules, one test per rule id, with research/variants.md's positions and
legal-play counts (T tavla, Y hypergammon, N Long Nardy, A acey-deucey, house rules)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamao_cli.engine.movegen import plays_for
from gamao_cli.engine.nardy import prime_violation
from gamao_cli.engine.notation import format_play
from gamao_cli.engine.plays import generate, judge
from gamao_cli.engine.rules_movegen import reachable
from gamao_cli.engine.ruleset import (
    POOL,
    STANDARD,
    Block,
    Head,
    RuleError,
    RuleSet,
    parse_option,
    rule_set,
)
from gamao_cli.model.actions import Step
from gamao_cli.model.match import Variant

TAVLA = rule_set(Variant.TAVLA)
NARDY = rule_set(Variant.LONG_NARDY)
ACEY = rule_set(Variant.ACEY_DEUCEY)


def count(rs: RuleSet, me: dict[int, int], opp: dict[int, int], dice: tuple[int, int]) -> int:
    return len(generate(rs, rs.board_from_points(me), rs.board_from_points(opp), dice)[1])


def texts(rs: RuleSet, me: dict[int, int], opp: dict[int, int], dice: tuple[int, int]) -> list[str]:
    _, plays = generate(rs, rs.board_from_points(me), rs.board_from_points(opp), dice)
    return sorted(format_play(p.steps) for p in plays)


# -- the rule set ------------------------------------------------------------------------------


def test_standard_is_one_instance_and_plays_with_the_standard_generator() -> None:
    assert rule_set(Variant.STANDARD) is STANDARD
    assert STANDARD.start_board() == (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5) + (0,) * 10 + (
        2,
        0,
    )
    assert [rule_set(v).standard_moves for v in Variant if v is not Variant.TABULA] == [
        True,  # standard
        True,  # nackgammon
        True,  # hypergammon 1-3
        True,
        True,
        False,  # tavla (T4)
        False,  # Long Nardy
        False,  # acey-deucey
    ]
    assert rule_set(Variant.TAVLA, options=(("home-hit", "free"),)).standard_moves


def test_rule_sets_are_resolved_once_and_cached() -> None:
    a = rule_set(Variant.LONG_NARDY, ("five-checker-limit",), (("head", "needed"),))
    b = rule_set(Variant.LONG_NARDY, ("five-checker-limit",), (("head", "needed"),))
    assert a is b
    assert (a.head, a.max_per_point, a.describe()) == (
        Head.NEEDED,
        5,
        "longnardy, head=needed, five-checker-limit",
    )


@pytest.mark.parametrize(
    ("variant", "houses", "options", "message"),
    [
        (
            Variant.LONG_NARDY,
            (),
            (("heads", "any"),),
            "unknown option 'heads' (valid for longnardy: block, cube, head, koks, opening)",
        ),
        (
            Variant.TAVLA,
            (),
            (("head", "needed"),),
            "option 'head' applies to longnardy, not tavla (valid for tavla: cube, home-hit, "
            "opening)",
        ),
        (
            Variant.STANDARD,
            (),
            (("cube", "off"),),
            "option 'cube' applies to tavla, longnardy, aceydeucey, not standard (valid for "
            "standard: none)",
        ),
        (
            Variant.LONG_NARDY,
            (),
            (("head", "any"),),
            "option head: 'any' is not one of fixed, needed",
        ),
        (
            Variant.ACEY_DEUCEY,  # the last option was once read as "scoring", whatever its key
            (),
            (("scorin", "standard"),),
            "unknown option 'scorin' (valid for aceydeucey: bearoff, cube, doubles, opening, "
            "reroll, scoring)",
        ),
        (
            Variant.STANDARD,
            ("six",),
            (),
            "unknown house rule 'six' (known: five-checker-limit, roll-again-after-double, "
            "reroll-opening, automatic-doubles)",
        ),
    ],
)
def test_bad_options_and_house_rules_are_refused_with_the_valid_ones(
    variant: Variant, houses: tuple[str, ...], options: tuple[tuple[str, str], ...], message: str
) -> None:
    with pytest.raises(RuleError) as caught:
        rule_set(variant, houses, options)
    assert str(caught.value) == message


def test_every_variant_is_played_and_options_parse() -> None:
    assert [rule_set(v).variant for v in Variant] == list(Variant)
    assert parse_option(" Head = Needed ") == ("head", "needed")
    with pytest.raises(RuleError, match="key=value"):
        parse_option("head")


# -- hypergammon (Y) ---------------------------------------------------------------------------


def test_y1_start_positions() -> None:
    assert [
        rule_set(v).start_points
        for v in (Variant.HYPERGAMMON, Variant.HYPERGAMMON2, Variant.HYPERGAMMON1)
    ] == [((24, 1), (23, 1), (22, 1)), ((24, 1), (23, 1)), ((24, 1),)]
    board = rule_set(Variant.HYPERGAMMON).start_board()
    assert (board[0], sum(board)) == (0, 3)


@pytest.mark.parametrize(
    ("dice", "expected"), [((2, 1), 6), ((6, 5), 9), ((1, 1), 7), ((3, 3), 15), ((6, 6), 12)]
)
def test_y2_hypergammon_start_counts(dice: tuple[int, int], expected: int) -> None:
    rs = rule_set(Variant.HYPERGAMMON)
    board = rs.start_board()
    assert len(plays_for(board, board, dice)) == expected  # the standard generator
    assert len(generate(rs, board, board, dice)[1]) == expected  # and the rule-set one


def test_y3_checker_count_is_a_checksum() -> None:
    rs = rule_set(Variant.HYPERGAMMON)
    board = rs.start_board()
    assert rs.problems((board, board)) == []
    assert STANDARD.problems((board, board)) == [
        "player 0 has 3 checkers, not 15",
        "player 1 has 3 checkers, not 15",
    ]
    assert rs.result_level(board) == 3  # on its 22-24 points: a backgammon (Y2 = E4)
    assert rs.result_level(rs.board_from_points({2: 1})) == 1


# -- tavla (T) ---------------------------------------------------------------------------------


def test_t4_a_checker_that_hits_in_the_home_board_stops_t_t1() -> None:
    me, opp = {8: 1}, {20: 1, 6: 14}
    free = replace(TAVLA, home_hit_freeze=False)
    assert texts(free, me, opp, (3, 2)) == ["8/3", "8/5*/3"]
    assert texts(TAVLA, me, opp, (3, 2)) == ["8/3"]
    verdict = judge(
        TAVLA, TAVLA.board_from_points(me), TAVLA.board_from_points(opp), (3, 2), [Step(8, 3)]
    )
    assert verdict.legal and verdict.steps == ((8, 6, False), (6, 3, False))
    verdict = judge(
        TAVLA,
        TAVLA.board_from_points(me),
        TAVLA.board_from_points(opp),
        (3, 2),
        [Step(8, 5, True), Step(5, 3)],
    )
    assert (verdict.legal, verdict.code, verdict.rule) == (False, "home-hit-moves-on", "T4")


def test_t4_t_t2_doubles() -> None:
    me, opp = {9: 1, 13: 14}, {19: 1, 22: 1, 6: 13}
    assert count(replace(TAVLA, home_hit_freeze=False), me, opp, (3, 3)) == 10
    assert count(TAVLA, me, opp, (3, 3)) == 8


def test_t2_t6_t7_opening_scoring_and_no_cube() -> None:
    assert (TAVLA.opening_reroll, TAVLA.cube, TAVLA.max_level()) == (True, False, 2)
    assert not rule_set(Variant.TAVLA, options=(("opening", "use-dice"),)).opening_reroll
    assert rule_set(Variant.TAVLA, options=(("cube", "on"),)).cube
    would_be_backgammon = TAVLA.board_from_points({25: 1, 20: 14})
    assert TAVLA.result_level(would_be_backgammon) == 2  # T6: no backgammon, mars = 2
    assert TAVLA.result_level(TAVLA.board_from_points({5: 14})) == 1


# -- Long Nardy (N) ----------------------------------------------------------------------------


def test_n1_start_and_numbering() -> None:
    start = NARDY.start_board()
    assert (start[24], start[0], len(start)) == (15, 0, 26)
    assert [NARDY.opponent_point(p) for p in (24, 12, 13, 1, 18)] == [12, 24, 1, 13, 6]
    assert NARDY.problems((start, start)) == []
    clash = NARDY.board_from_points({24: 14, 12: 1})  # on the opponent's head
    assert NARDY.problems((clash, start)) == ["both players have checkers on player 0's point 12"]


def test_n3_one_checker_holds_a_point_and_nothing_is_hit() -> None:
    white = NARDY.board_from_points({24: 14, 18: 1})
    black = NARDY.start_board()  # black's 24 is white's 12
    # White's 6-6: the 12 point is black's head, so a checker stops on 18.
    assert texts(NARDY, {24: 14, 18: 1}, {24: 15}, (6, 6)) == ["24/18"]
    verdict = judge(NARDY, white, black, (6, 6), [Step(18, 12)])
    assert (verdict.legal, verdict.code, verdict.rule) == (False, "nardy-hit", "N3")
    assert verdict.mover is None  # cannot be put on the board


@pytest.mark.parametrize(
    ("dice", "expected"),
    [((a, b), 2 if (a, b) == (3, 3) else 1) for a in range(1, 7) for b in range(1, a + 1)],
)
def test_n4_t1_first_mover_counts(dice: tuple[int, int], expected: int) -> None:
    assert count(NARDY, {24: 15}, {24: 15}, dice) == expected


def test_n4_head_exception_plays() -> None:
    assert texts(NARDY, {24: 15}, {24: 15}, (6, 6)) == ["24/18(2)"]
    assert texts(NARDY, {24: 15}, {24: 15}, (4, 4)) == ["24/16(2)"]
    assert texts(NARDY, {24: 15}, {24: 15}, (3, 3)) == ["24/18(2)", "24/21 24/15"]
    assert texts(NARDY, {24: 15}, {24: 15}, (5, 5)) == ["24/4"]
    start = NARDY.start_board()
    # Without the exception (one head checker only) 6-6 plays one die, 4-4 two, 3-3 three.
    assert [
        max(v[0] for v in reachable(NARDY, start, start, d, 1).values())
        for d in ((6, 6), (4, 4), (3, 3))
    ] == [1, 2, 3]
    assert [generate(NARDY, start, start, d)[0] for d in ((6, 6), (4, 4), (3, 3))] == [2, 4, 4]


def test_n4_t2_second_mover_fixed_and_needed() -> None:
    white_after_55 = {12: 14, 16: 1}  # in black's numbering: white's 24 and 4
    assert texts(NARDY, {24: 15}, {24: 14, 4: 1}, (2, 2)) == ["24/18"]
    needed = rule_set(Variant.LONG_NARDY, options=(("head", "needed"),))
    assert texts(needed, {24: 15}, {24: 14, 4: 1}, (2, 2)) == ["24/20(2)", "24/22 24/18"]
    assert all(NARDY.opponent_point(p) in (24, 4) for p in white_after_55)
    black = NARDY.start_board()
    verdict = judge(
        NARDY,
        black,
        NARDY.board_from_points({24: 14, 4: 1}),
        (2, 2),
        [Step(24, 22), Step(24, 22), Step(22, 20), Step(22, 20)],
    )
    assert (verdict.legal, verdict.code, verdict.rule) == (False, "head-rule", "N4")


def test_n5_t3_blocking_six() -> None:
    white = {24: 10, 23: 2, 22: 1, 21: 1, 20: 1}
    assert count(replace(NARDY, block=Block.OFF), white, {24: 15}, (5, 1)) == 22
    assert count(NARDY, white, {24: 15}, (5, 1)) == 21
    assert count(NARDY, white, {24: 14, 1: 1}, (5, 1)) == 22  # a black checker on W13
    assert count(NARDY, {24: 11, 23: 1, 22: 1, 21: 1, 20: 1}, {24: 15}, (5, 1)) == 21
    me = NARDY.board_from_points({24: 9, 23: 1, 22: 2, 21: 1, 20: 1, 19: 1})
    assert prime_violation(me, NARDY.start_board())
    verdict = judge(
        NARDY,
        NARDY.board_from_points(white),
        NARDY.start_board(),
        (5, 1),
        [Step(24, 19), Step(23, 22)],
    )
    assert (verdict.legal, verdict.code, verdict.rule) == (False, "six-block", "N5")
    assert verdict.mover == me  # applied: the replay goes on


def test_n5_t4_step_against_final() -> None:
    white = {24: 9, 11: 1, 10: 1, 9: 1, 8: 1, 7: 2}
    final = rule_set(Variant.LONG_NARDY, options=(("block", "final"),))
    off = rule_set(Variant.LONG_NARDY, options=(("block", "off"),))
    assert [count(rs, white, {24: 15}, (2, 1)) for rs in (NARDY, final, off)] == [29, 29, 30]
    assert [count(rs, white, {24: 15}, (1, 1)) for rs in (NARDY, final, off)] == [71, 78, 79]


def test_n8_oin_mars_and_koks() -> None:
    assert NARDY.result_level(NARDY.board_from_points({5: 14})) == 1
    assert NARDY.result_level(NARDY.board_from_points({24: 15})) == 2
    koks = rule_set(Variant.LONG_NARDY, options=(("koks", "3"),))
    assert koks.result_level(NARDY.board_from_points({24: 15})) == 3
    assert koks.result_level(NARDY.board_from_points({5: 15})) == 2
    assert (NARDY.cube, NARDY.max_level(), koks.max_level()) == (False, 2, 3)


# -- acey-deucey (A) ---------------------------------------------------------------------------


def test_a1_a3_entering_from_the_pool() -> None:
    start = ACEY.start_board()
    assert (len(start), start[POOL], start[0]) == (27, 15, 0)
    assert texts(ACEY, {POOL: 15}, {POOL: 15}, (6, 3)) == ["in/16", "in/22 in/19"]
    assert [count(ACEY, {POOL: 15}, {POOL: 15}, (d, d)) for d in (6, 1, 5)] == [5, 5, 5]
    assert count(ACEY, {POOL: 15}, {POOL: 15}, (2, 1)) == 2
    assert count(ACEY, {22: 1, POOL: 14}, {POOL: 15}, (3, 3)) == 7
    # H2 holds: a checker on the bar enters before a fresh one.
    assert texts(ACEY, {25: 1, POOL: 14}, {POOL: 15}, (6, 5)) == ["bar/14", "in/20 bar/19"]


def test_a3_entries_written_from_off_are_read_as_entries() -> None:
    start = ACEY.start_board()
    verdict = judge(ACEY, start, start, (6, 3), [Step(0, 19), Step(0, 22)])
    assert verdict.legal and verdict.steps == ((26, 19, False), (26, 22, False))


def test_a6_bearing_off_default_and_exact() -> None:
    exact = rule_set(Variant.ACEY_DEUCEY, options=(("bearoff", "exact"),))
    assert count(ACEY, {2: 2}, {POOL: 15}, (6, 5)) == 1
    assert count(exact, {2: 2}, {POOL: 15}, (6, 5)) == 0
    assert texts(ACEY, {3: 1, 1: 1}, {POOL: 15}, (6, 1)) == ["3/off", "3/off 1/off"]
    assert texts(exact, {3: 1, 1: 1}, {POOL: 15}, (6, 1)) == ["1/off", "3/2"]
    verdict = judge(
        exact,
        exact.board_from_points({3: 1, 1: 1}),
        exact.board_from_points({POOL: 15}),
        (6, 1),
        [Step(3, 0), Step(1, 0)],
    )
    assert (verdict.legal, verdict.code, verdict.rule) == (False, "exact-bear-off", "A6")


def test_a7_one_point_per_checker_left() -> None:
    assert ACEY.result_level(ACEY.board_from_points({5: 3, POOL: 2})) == 5
    assert ACEY.result_level(ACEY.start_board()) == 15
    standard = rule_set(Variant.ACEY_DEUCEY, options=(("scoring", "standard"),))
    assert standard.result_level(ACEY.board_from_points({5: 15})) == 2


# -- house rules -------------------------------------------------------------------------------


def test_five_checker_limit() -> None:
    five = rule_set(Variant.STANDARD, ("five-checker-limit",))
    assert not five.standard_moves
    me = {6: 5, 8: 3, 13: 5, 24: 2}
    plays = texts(five, me, me, (2, 1))
    assert "8/6" not in " ".join(plays) and len(plays) < len(
        plays_for(STANDARD.board_from_points(me), STANDARD.board_from_points(me), (2, 1))
    )
    verdict = judge(
        five,
        five.board_from_points(me),
        five.board_from_points(me),
        (2, 1),
        [Step(8, 6), Step(24, 23)],
    )
    assert (verdict.legal, verdict.code, verdict.rule) == (
        False,
        "five-checker-limit",
        "house:five-checker-limit",
    )


def test_house_rule_switches() -> None:
    assert rule_set(Variant.STANDARD, ("roll-again-after-double",)).doubles_extra_roll
    assert rule_set(Variant.STANDARD, ("reroll-opening",)).opening_reroll
    assert rule_set(Variant.STANDARD, ("automatic-doubles",)).automatic_doubles
    assert rule_set(Variant.STANDARD, ("reroll-opening",)).standard_moves
