"""The engine's API (engine.plays): the generator and validator picked once per rule set, and
the answers that differ by rule set (the count of plays, the boards after a recorded play)."""

from __future__ import annotations

from dataclasses import replace

from gamao_cli.engine import plays
from gamao_cli.engine.plays import judge, legal_plays, moves_of, play_count, play_result
from gamao_cli.engine.ruleset import (
    RULE_SET_MOVES,
    STANDARD,
    STANDARD_MOVES,
    STANDARD_MOVES_MOSTLY,
    TABULA_MOVES,
    rule_set,
)
from gamao_cli.model.actions import OFF, Step
from gamao_cli.model.match import Variant

NARDY = rule_set(Variant.LONG_NARDY)
TAVLA = rule_set(Variant.TAVLA)


def test_the_movement_of_each_rule_set_is_worked_out_when_it_is_built() -> None:
    assert [rule_set(v).movement for v in Variant] == [
        STANDARD_MOVES,  # standard
        STANDARD_MOVES,  # nackgammon
        STANDARD_MOVES,  # hypergammon 1-3
        STANDARD_MOVES,
        STANDARD_MOVES,
        STANDARD_MOVES_MOSTLY,  # tavla (T4 applies only with a blot in the home board)
        RULE_SET_MOVES,  # Long Nardy
        STANDARD_MOVES_MOSTLY,  # acey-deucey (the pool only until every checker entered)
        TABULA_MOVES,
    ]
    assert rule_set(Variant.TAVLA, options=(("home-hit", "free"),)).movement == STANDARD_MOVES
    assert rule_set(Variant.STANDARD, ("five-checker-limit",)).movement == RULE_SET_MOVES
    # A rule set relaxed by replace() is worked out again.
    assert replace(TAVLA, home_hit_freeze=False).movement == STANDARD_MOVES
    assert replace(rule_set(Variant.TABULA), hitting=False).movement == RULE_SET_MOVES


def test_one_moves_object_per_kind_of_movement() -> None:
    assert moves_of(STANDARD) is moves_of(rule_set(Variant.NACKGAMMON))
    assert moves_of(TAVLA) is moves_of(rule_set(Variant.ACEY_DEUCEY))
    assert type(moves_of(NARDY)) is plays.Moves
    assert len({id(moves_of(rule_set(v))) for v in Variant}) == 4


def test_play_count_stops_at_two_for_standard_movement_and_counts_every_play_otherwise() -> None:
    me, opp = STANDARD.start_boards()
    # 31 played 8/5 6/5: 6/5 could be played by 24/23 instead, so there are two or more.
    assert play_count(STANDARD, me, opp, (3, 1), ((8, 5, False), (6, 5, False))) == 2
    # Standard movement, checkers on 2 and 1 and the roll 6-5: both are borne off, forced.
    board = STANDARD.board_from_points({2: 1, 1: 1})
    assert play_count(STANDARD, board, opp, (6, 5), ((2, 0, False), (1, 0, False))) == 1
    # Long Nardy (the rule-set search): the last checker bears off with either die, one play.
    last = NARDY.board_from_points({1: 1})
    head = NARDY.start_board()
    assert play_count(NARDY, last, head, (6, 5), ((1, 0, False),)) == 1


def test_play_result_is_the_boards_judge_gives_under_every_rule_set() -> None:
    start = NARDY.start_board()
    after = NARDY.board_from_points({24: 14, 13: 1})
    hops = [Step(24, 18), Step(18, 13)]
    assert judge(NARDY, start, start, (6, 5), hops).legal
    assert play_result(NARDY, start, start, (6, 5), hops) == (after, start)
    # Two checkers from the head on the first 6-5: illegal (N4), but it can be applied.
    two = [Step(24, 18), Step(24, 19)]
    assert not judge(NARDY, start, start, (6, 5), two).legal
    assert play_result(NARDY, start, start, (6, 5), two) == (
        NARDY.board_from_points({24: 13, 18: 1, 19: 1}),
        start,
    )
    # A hop from a point the mover does not hold cannot be applied.
    assert play_result(NARDY, start, start, (6, 5), [Step(10, 4), Step(4, OFF)]) is None
    me, opp = STANDARD.start_boards()
    assert play_result(STANDARD, me, opp, (3, 1), [Step(8, 5), Step(6, 5)]) == (
        STANDARD.board_from_points({24: 2, 13: 5, 8: 2, 6: 4, 5: 2}),
        opp,
    )


def test_legal_plays_under_a_rule_set_that_is_mostly_standard() -> None:
    # Tavla with no opposing blot in the mover's home board: the standard generator's plays.
    me, opp = TAVLA.start_boards()
    assert len(legal_plays(TAVLA, me, opp, (3, 1))) == len(legal_plays(STANDARD, me, opp, (3, 1)))
    assert len(legal_plays(TAVLA, me, opp, (3, 1))) == 16
