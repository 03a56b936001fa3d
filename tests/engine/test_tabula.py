"""Tabula as bgammon.org plays it (its variant 2; research/variants.md sections 6 and 7): three
dice each played once, every checker enters on the first six points and both sides run the
same track, nothing passes the 12th point until every checker has entered, bearing off once
all are on the last twelve points with exact numbers only. Counts derived by hand."""

from __future__ import annotations

from dataclasses import replace

from gamao_cli.engine.plays import generate
from gamao_cli.engine.ruleset import POOL, rule_set
from gamao_cli.model.actions import BAR, OFF, Board
from gamao_cli.model.match import Variant

TABULA = rule_set(Variant.TABULA)
START = TABULA.start_board()


def points(board: Board) -> tuple[int, ...]:
    """The mover's checkers on the board, point by point (own numbering)."""
    return tuple(p for p in range(1, 25) for _ in range(board[p]))


def test_the_rule_set() -> None:
    assert (TABULA.dice, TABULA.home_points, TABULA.checkers, TABULA.cube) == (3, 12, 15, False)
    assert START[POOL] == 15 and sum(START) == 15
    assert [TABULA.opponent_point(p) for p in (1, 12, 24)] == [1, 12, 24]  # one shared track
    assert not TABULA.standard_moves


def test_start_642_each_partition_of_the_dice_is_one_play() -> None:
    # Each die enters a checker (on 25 - d) or moves one on: {6}{4}{2}, {6,4}{2}, {6,2}{4},
    # {4,2}{6}, {6,4,2}: five plays, all landing on 13 or higher.
    best, plays = generate(TABULA, START, START, (6, 4, 2))
    assert best == 3
    assert sorted(points(p.mover) for p in plays) == [
        (13,),
        (15, 23),
        (17, 21),
        (19, 19),
        (19, 21, 23),
    ]


def test_doubles_are_not_doubled_and_the_wall_holds() -> None:
    # 5-5-5: {5}{5}{5} and {5,5}{5}; one checker running 15 pips would land on 10, beyond the
    # 12th point (own 13-24 only) while checkers remain to enter. 5-5-2: four plays.
    assert [len(generate(TABULA, START, START, d)[1]) for d in ((5, 5, 5), (5, 5, 2))] == [2, 4]


def test_nothing_passes_the_twelfth_point_before_every_checker_has_entered() -> None:
    # One checker to enter, the opponent holds the entry points 22-24 (the dice 3, 2, 1):
    # only 14/13 can be played; without the rule 14/11, 14/12 and more would be legal.
    me = TABULA.board_from_points({POOL: 1, 14: 14})
    opp = TABULA.board_from_points({22: 2, 23: 2, 24: 2, POOL: 9})
    best, plays = generate(TABULA, me, opp, (3, 2, 1))
    assert (best, [p.steps for p in plays]) == (1, [((14, 13, False),)])
    assert len(generate(replace(TABULA, enter_first=False), me, opp, (3, 2, 1))[1]) == 5


def test_bearing_off_once_all_are_on_the_last_twelve_points_exact_numbers_only() -> None:
    # 14 on 12 and one on 3, roll 3-1-1: the 3 bears off (all are on 1..12). Counting by the
    # dice the checker on 3 takes: none 4 plays, {3} (off) 2, {1} 2, {1,1} 1 = 9.
    opp = TABULA.board_from_points({POOL: 15})
    plays = generate(TABULA, TABULA.board_from_points({12: 14, 3: 1}), opp, (3, 1, 1))[1]
    assert len(plays) == 9
    assert sum(1 for p in plays if p.mover[OFF]) == 2
    # 14 on 12 and one on 2, roll 6-5-4: the 2 cannot bear off with a larger die.
    plays = generate(TABULA, TABULA.board_from_points({12: 14, 2: 1}), opp, (6, 5, 4))[1]
    assert len(plays) == 4 and not any(p.mover[OFF] for p in plays)


def test_an_entering_checker_hits_a_blot_on_the_shared_track() -> None:
    opp = TABULA.board_from_points({21: 1, POOL: 14})
    plays = generate(TABULA, START, opp, (4, 4, 4))[1]
    assert sorted(points(p.mover) for p in plays) == [(13,), (17, 21), (21, 21, 21)]
    assert all((p.opponent[21], p.opponent[BAR], p.steps[0][2]) == (0, 1, True) for p in plays)


def test_only_one_die_playable_takes_the_largest() -> None:
    # One checker left on 14, roll 6-5-4; the opponent holds 9 (no 5), 3, 4 and 5: 14/8 and
    # 14/10 can each be played but nothing after either, so one die only: the 6 (M4).
    me = TABULA.board_from_points({14: 1})
    opp = TABULA.board_from_points({9: 2, 3: 2, 4: 2, 5: 2, POOL: 7})
    best, plays = generate(TABULA, me, opp, (6, 5, 4))
    assert (best, [p.steps for p in plays]) == (1, [((14, 8, False),)])


def test_scoring_as_bgammon_org_reads_it() -> None:
    # 3 while the loser has a checker to enter, on the bar or on his own 1-12 (13-24 as
    # written); else 1.
    assert TABULA.result_level(TABULA.board_from_points({POOL: 1})) == 3
    assert TABULA.result_level(TABULA.board_from_points({BAR: 1})) == 3
    assert TABULA.result_level(TABULA.board_from_points({5: 1})) == 3
    assert TABULA.result_level(TABULA.board_from_points({13: 2})) == 1
    assert TABULA.max_level() == 3


def test_checkers_to_enter_count_25_pips_each() -> None:
    from gamao_cli.engine.position import pip_count

    assert pip_count(START) == TABULA.pips(START) == 375
    assert pip_count(rule_set(Variant.STANDARD).start_board()) == 167


def test_a_larger_die_bearing_off_breaks_tabulas_own_rule() -> None:
    from gamao_cli.engine.plays import judge
    from gamao_cli.model.actions import Step

    # The last checker, on 2, borne off with the 6: standard's larger-die bear-off.
    me = TABULA.board_from_points({2: 1})
    opp = TABULA.board_from_points({POOL: 15})
    verdict = judge(TABULA, me, opp, (6, 5, 4), [Step(2, OFF)])
    assert (verdict.legal, verdict.code, verdict.rule) == (
        False,
        "tabula-exact-bear-off",
        "tabula:exact-bear-off",
    )


def test_a_bear_off_after_two_checkers_come_home_with_the_smaller_dice() -> None:
    # 14, 13 and 3, twelve on 1; roll 3-2-1. Bearing off needs both outside checkers home
    # first, with two dice: {3,2} then the 1 off the 1-point (14/12 13/10 or 14/11 13/11),
    # or {2,1} then the 3 off the 3-point (14/12 13/12, the smaller dice first: a search that
    # narrowed by two dice's rule once two checkers were outside missed it). Without a
    # bear-off: the three dice shared by 14 and 13 (4 boards), the 3-point moving 1 (4) or
    # 2 (3): 14 plays in all.
    me = TABULA.board_from_points({14: 1, 13: 1, 3: 1, 1: 12})
    best, plays = generate(TABULA, me, TABULA.board_from_points({POOL: 15}), (3, 2, 1))
    assert (best, len(plays)) == (3, 14)
    bear_offs = sorted(tuple(sorted(s[:2] for s in p.steps)) for p in plays if p.mover[OFF])
    assert bear_offs == [
        ((1, 0), (13, 10), (14, 12)),
        ((1, 0), (13, 11), (14, 11)),
        ((3, 0), (13, 12), (14, 12)),
    ]
