"""Property tests: conservation, generated plays validate, perturbed plays are rejected."""

from __future__ import annotations

from functools import lru_cache

from hypothesis import given, settings
from hypothesis import strategies as st

from gamao_cli.engine.movegen import count_plays, legal_plays, surely_forced, surely_not_forced
from gamao_cli.engine.notation import format_play
from gamao_cli.engine.position import Position, board_from_points
from gamao_cli.engine.validate import judge
from gamao_cli.model.actions import Step
from tests.helpers import random_positions


@lru_cache(maxsize=1)
def _cases() -> list[tuple[Position, tuple[int, int]]]:
    return random_positions(seed=7, games=30)


case_index = st.integers(min_value=0, max_value=10_000)


def _case(i: int) -> tuple[Position, tuple[int, int]]:
    cases = _cases()
    return cases[i % len(cases)]


@settings(max_examples=300, deadline=None)
@given(case_index)
def test_checkers_are_conserved(i: int) -> None:
    pos, dice = _case(i)
    for play in legal_plays(pos, dice):
        assert sum(play.mover) == 15
        assert sum(play.opponent) == 15
        assert play.mover[0] >= pos.mover[0]
        assert play.opponent[0] == pos.opponent[0]


@settings(max_examples=300, deadline=None)
@given(case_index)
def test_every_generated_play_validates(i: int) -> None:
    pos, dice = _case(i)
    for play in legal_plays(pos, dice):
        hops = [Step(f, t) for f, t, _ in play.steps]
        verdict = judge(pos.mover, pos.opponent, dice, hops)
        assert verdict.legal, (play.steps, verdict.reason)
        assert (verdict.mover, verdict.opponent) == (play.mover, play.opponent)


@settings(max_examples=300, deadline=None)
@given(case_index, st.integers(min_value=0, max_value=3), st.sampled_from([-2, -1, 1, 2]))
def test_perturbed_plays_not_generated_are_rejected_with_a_reason(
    i: int, which: int, delta: int
) -> None:
    pos, dice = _case(i)
    plays = legal_plays(pos, dice)
    if not plays:
        return
    play = plays[i % len(plays)]
    hops = [Step(f, t) for f, t, _ in play.steps]
    k = which % len(hops)
    frm, to = hops[k].from_point, hops[k].to_point
    new_to = to + delta
    if not 0 <= new_to < frm:
        return
    hops[k] = Step(frm, new_to)
    verdict = judge(pos.mover, pos.opponent, dice, hops)
    results = {(p.mover, p.opponent) for p in plays}
    if verdict.legal:
        assert (verdict.mover, verdict.opponent) in results
    else:
        assert verdict.code is not None and verdict.rule is not None
        assert verdict.reason


@settings(max_examples=200, deadline=None)
@given(case_index)
def test_a_play_in_another_order_is_the_same_play(i: int) -> None:
    pos, dice = _case(i)
    for play in legal_plays(pos, dice)[:5]:
        hops = [Step(f, t) for f, t, _ in reversed(play.steps)]
        verdict = judge(pos.mover, pos.opponent, dice, hops)
        assert verdict.legal
        assert (verdict.mover, verdict.opponent) == (play.mover, play.opponent)


@settings(max_examples=300, deadline=None)
@given(case_index, st.integers(min_value=1, max_value=3))
def test_counting_plays_up_to_a_limit(i: int, limit: int) -> None:
    pos, dice = _case(i)
    plays = legal_plays(pos, dice)
    assert count_plays(pos.mover, pos.opponent, dice, limit) == min(len(plays), limit)


@settings(max_examples=300, deadline=None)
@given(case_index)
def test_a_play_said_to_have_a_rival_is_never_forced(i: int) -> None:
    pos, dice = _case(i)
    plays = legal_plays(pos, dice)
    for play in plays:
        if surely_not_forced(pos.mover, pos.opponent, play.steps, dice):
            assert len(plays) >= 2


def test_surely_not_forced_on_the_opening() -> None:
    start = Position.start()
    plays = {format_play(p.steps): p for p in legal_plays(start, (3, 1))}
    assert surely_not_forced(start.mover, start.opponent, plays["8/5 6/5"].steps, (3, 1))
    # One checker only, nowhere else to go: no rival is certain (and indeed it is forced).
    me = board_from_points({10: 1})  # 14 off; the opponent holds my 3: 10/4 is forced
    opp = board_from_points({22: 2, 6: 13})
    assert len(legal_plays(Position.from_view(me, opp, 0), (6, 1))) == 1
    assert not surely_not_forced(me, opp, ((10, 4, False),), (6, 1))
    # A bear-off that either die could make: the last die cannot be told, so no claim.
    me = board_from_points({3: 2})
    assert not surely_not_forced(me, board_from_points({24: 15}), ((3, 0, False),) * 2, (6, 5))


# Bear-off races (and a few with one checker still outside): where the forced-play witnesses
# have most to decide, and where random games seldom end up.
race_points = st.dictionaries(
    st.sampled_from([1, 2, 3, 4, 5, 6, 6, 8]), st.integers(min_value=1, max_value=4), max_size=6
)
dice_st = st.tuples(st.integers(min_value=1, max_value=6), st.integers(min_value=1, max_value=6))


@settings(max_examples=400, deadline=None)
@given(race_points, dice_st)
def test_forced_play_witnesses_agree_with_counting_in_races(
    points: dict[int, int], dice: tuple[int, int]
) -> None:
    if not points or sum(points.values()) > 15:
        return
    me = board_from_points(points)
    opp = board_from_points({6: 5, 5: 5, 4: 5})  # at home, far from the mover's home
    plays = legal_plays(Position.from_view(me, opp, 0), dice)
    if surely_forced(me, dice):
        assert len(plays) == 1
    for play in plays:
        if surely_not_forced(me, opp, play.steps, dice):
            assert len(plays) >= 2


def test_the_forced_play_witnesses_on_bear_offs() -> None:
    # 6/1 1/off with 5-1: another checker could play the 1 first (2/1), then 6/1 still plays.
    me = board_from_points({1: 4, 2: 5, 3: 5, 6: 1})
    opp = board_from_points({6: 15})
    assert surely_not_forced(me, opp, ((1, 0, False), (6, 1, False)), (5, 1))
    assert count_plays(me, opp, (5, 1)) == 2
    # Every checker below the smaller die: each die bears off the highest one, forced.
    assert surely_forced(board_from_points({3: 5, 2: 5, 1: 4}), (5, 5))
    assert surely_forced(board_from_points({2: 2, 1: 1}), (6, 5))
    # A checker above the smaller die: 3/1 1/off and 3/off 2/off are both legal.
    assert not surely_forced(board_from_points({3: 1, 2: 1}), (3, 2))
    assert count_plays(board_from_points({3: 1, 2: 1}), opp, (3, 2)) == 2
    assert not surely_forced(board_from_points({25: 1, 1: 1}), (6, 6))  # on the bar
