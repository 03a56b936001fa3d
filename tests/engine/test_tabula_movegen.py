"""Tabula's own generator (engine.tabula_movegen) against the rule-set search it specialises:
the same plays in the same order, steps included, on self-play positions with every roll and
on random positions; and its play keys, which must tell every result apart exactly."""

from __future__ import annotations

import itertools
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from gamao_cli.engine.plays import generate
from gamao_cli.engine.rules_movegen import general_generate
from gamao_cli.engine.ruleset import POOL, rule_set
from gamao_cli.engine.tabula_movegen import FREE, all_dice_plays, play_key
from gamao_cli.model.actions import BAR, OFF, Board
from gamao_cli.model.match import Variant
from tests.engine.test_variant_properties import reached

TABULA = rule_set(Variant.TABULA)
ROLLS3 = list(itertools.combinations_with_replacement(range(6, 0, -1), 3))


def test_the_rule_set_flag() -> None:
    assert TABULA.tabula_moves
    assert not rule_set(Variant.TABULA, ("five-checker-limit",)).tabula_moves
    assert not replace(TABULA, enter_first=False).tabula_moves
    assert not any(
        rule_set(v).tabula_moves
        for v in (Variant.STANDARD, Variant.TAVLA, Variant.LONG_NARDY, Variant.ACEY_DEUCEY)
    )


def test_self_play_positions_with_every_roll_give_the_searchs_plays() -> None:
    """Positions of seeded self-play, all 56 rolls each: identical lists. The positions
    include the opening (every checker in the pool), hits, the bar, the wall lifting and the
    bear-off; more than 128 plays (the key table grows) and rolls no play uses in full."""
    cases = 0
    most = 0
    short = 0
    for seed in range(6):
        for turns in range(0, 120, 7):
            me, opp = reached(TABULA, seed, turns)
            for dice in ROLLS3:
                fast = generate(TABULA, me, opp, dice)
                assert fast == general_generate(TABULA, me, opp, dice), (seed, turns, dice)
                cases += 1
                most = max(most, len(fast[1]))
                short += fast[0] < 3
    assert cases == 6 * 18 * 56
    assert most > 128
    assert short > 0


def board(cells: dict[int, int]) -> Board:
    out = [0] * (POOL + 1)
    for p, n in cells.items():
        out[p] = n
    return tuple(out)


@st.composite
def positions(draw: st.DrawFn) -> tuple[Board, Board]:
    """Any tabula position: each point empty, the mover's (1-4 checkers) or the opponent's (a
    blot or a point); the rest of each side's 15 on the bar, in the pool or borne off. While
    the mover has checkers in the pool, none of his is past the wall (below 13)."""
    pool = draw(st.integers(0, 15))
    bar = draw(st.integers(0, 3))
    me = [0] * (POOL + 1)
    opp = [0] * (POOL + 1)
    left, theirs = 15 - pool, 15
    me[POOL] = pool
    me[BAR] = min(bar, left)
    left -= me[BAR]
    for p in draw(st.permutations(range(1, 25))):
        kind = draw(st.integers(0, 3))
        if kind == 1 and left and (p > 12 or not pool):
            me[p] = n = min(left, draw(st.integers(1, 4)))
            left -= n
        elif kind >= 2 and theirs:
            opp[p] = n = min(theirs, 1 if kind == 2 else draw(st.integers(2, 3)))
            theirs -= n
    if pool or me[BAR] or any(me[13:25]):
        me[POOL] += left  # not home: the rest cannot be off yet
    else:
        me[OFF] = left
    opp[POOL] = theirs
    return tuple(me), tuple(opp)


@settings(max_examples=400, deadline=None)
@given(positions(), st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6)))
def test_random_positions_give_the_searchs_plays(
    position: tuple[Board, Board], dice: tuple[int, int, int]
) -> None:
    me, opp = position
    assert generate(TABULA, me, opp, dice) == general_generate(TABULA, me, opp, dice)


def test_only_plays_using_every_die_come_from_the_own_walk() -> None:
    # One checker to enter, the entry points for 3, 2 and 1 held: only 14/13 (one die) can
    # be played, so the own walk finds nothing and generate's compulsory play decides.
    me = board({POOL: 1, 14: 14})
    opp = board({22: 2, 23: 2, 24: 2, POOL: 9})
    assert all_dice_plays(me, opp, (3, 2, 1)) == []
    assert generate(TABULA, me, opp, (3, 2, 1)) == (
        1,
        general_generate(TABULA, me, opp, (3, 2, 1))[1],
    )
    start = TABULA.start_board()
    assert all_dice_plays(start, start, (6, 4, 2)) == generate(TABULA, start, start, (6, 4, 2))[1]


def _result(moves: list[tuple[int, int]], mask: int) -> tuple[tuple[int, ...], int]:
    """What a key stands for: the change the moves make to each cell, and the points hit."""
    change = [0] * (POOL + 1)
    for f, t in moves:
        change[f] -= 1
        change[t] += 1
    return tuple(change), mask


moves_st = st.lists(
    st.tuples(st.integers(1, POOL), st.integers(OFF, 24)).filter(lambda m: m[0] != m[1]),
    min_size=3,
    max_size=3,
)


@settings(max_examples=3000, deadline=None)
@given(moves_st, moves_st, st.integers(0, (1 << 25) - 1), st.booleans())
def test_play_keys_are_equal_exactly_when_results_are(
    a: list[tuple[int, int]], b: list[tuple[int, int]], mask: int, same_mask: bool
) -> None:
    """Three moves each (any sources and destinations, chains and cancellations included):
    the keys agree if and only if the boards and the points hit do."""
    other = mask if same_mask else mask ^ 1 << 7
    key_a = play_key(*a[0], *a[1], *a[2], mask)
    key_b = play_key(*b[0], *b[1], *b[2], other)
    assert (key_a == key_b) == (_result(a, mask) == _result(b, other))
    # Reordering the moves never changes the key.
    assert play_key(*a[2], *a[0], *a[1], mask) == key_a


def test_play_keys_of_chains_and_crossings() -> None:
    # 20/17/15 and 20/15 plus a move that cancels; two checkers swapping destinations.
    assert play_key(20, 17, 17, 15, 9, 4, 0) == play_key(20, 15, 9, 6, 6, 4, 0)
    assert play_key(20, 17, 18, 15, 9, 4, 0) == play_key(20, 15, 18, 17, 9, 4, 0)
    assert play_key(20, 17, 18, 15, 9, 4, 0) != play_key(20, 17, 18, 15, 9, 4, 1 << 17)
    assert play_key(20, 17, 18, 15, 9, 4, 0) != play_key(20, 16, 18, 16, 9, 4, 0)
    # A checker landing where another left cancels both: 20/17, 23/20, 9/4 is 23/17, 9/4.
    assert play_key(20, 17, 23, 20, 9, 4, 0) == play_key(23, 17, 9, 4, FREE, FREE, 0)
