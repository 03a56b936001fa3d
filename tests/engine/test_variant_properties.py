"""Property tests per variant over positions reached by random play: checkers are conserved,
every generated play validates, perturbed plays are rejected with a reason (or, if legal, end
on a legal play's board), and no Long Nardy play hits or lands on an opposing checker."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gamao_cli.engine import nardy, rules_movegen, rules_search
from gamao_cli.engine.plays import Judgement, generate, judge
from gamao_cli.engine.rules_movegen import general_generate
from gamao_cli.engine.ruleset import POOL, RULE_SET_MOVES, RuleSet, rule_set
from gamao_cli.model.actions import BAR, OFF, Board, Step
from gamao_cli.model.match import Variant

RULE_SETS = [
    rule_set(Variant.HYPERGAMMON),
    rule_set(Variant.HYPERGAMMON2),
    rule_set(Variant.TAVLA),
    rule_set(Variant.LONG_NARDY),
    rule_set(Variant.LONG_NARDY, options=(("block", "final"), ("head", "needed"))),
    rule_set(Variant.ACEY_DEUCEY),
    rule_set(Variant.ACEY_DEUCEY, options=(("bearoff", "exact"),)),
    rule_set(Variant.STANDARD, ("five-checker-limit",)),
    rule_set(Variant.TABULA),
]

dice_st = st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6))
"""Three dice: each test plays the first two, or all three under tabula (:func:`roll`)."""


def roll(rs: RuleSet, dice: tuple[int, ...]) -> tuple[int, ...]:
    return dice[: rs.dice]


def reached(rs: RuleSet, seed: int, turns: int) -> tuple[Board, Board]:
    """The mover's and the opponent's boards after ``turns`` random turns from the start."""
    rng = random.Random(seed)
    me, opp = rs.start_boards()
    for _ in range(turns):
        _, plays = generate(rs, me, opp, tuple(rng.randint(1, 6) for _ in range(rs.dice)))
        if plays:
            play = plays[rng.randrange(len(plays))]
            me, opp = play.mover, play.opponent
        if me[OFF] == rs.checkers:
            break
        me, opp = opp, me
    return me, opp


def searched(
    rs: RuleSet,
    me: Board,
    opp: Board,
    dice: tuple[int, ...],
    *,
    ordered: bool = True,
    narrow: bool = True,
) -> tuple[int, set[int]]:
    """(dice used, the states kept) of the rule-set search, with its double ordering
    (``ordered``) and its narrowing after a smaller die (``narrow``) on or off."""
    search = rules_search.Search(rs, me, opp, nardy.head_limit(rs, me, dice))
    search.ordered = search.ordered and ordered
    search.independent = search.independent and narrow
    search.bar_free = search.bar_free and narrow
    search.record(search.boards())
    search.walk(rules_movegen.dice_list(dice))
    best, kept = rules_movegen._compulsory(search.reached, dice)
    return best, set(kept)


def judged(
    rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...], steps: list[Step]
) -> Judgement:
    return judge(rs, me, opp, dice, steps)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(RULE_SETS), st.integers(0, 10**6), st.integers(0, 40), dice_st)
def test_generated_plays_conserve_checkers_and_validate(
    rs: RuleSet, seed: int, turns: int, dice: tuple[int, ...]
) -> None:
    me, opp = reached(rs, seed, turns)
    dice = roll(rs, dice)
    best, plays = generate(rs, me, opp, dice)
    if rs.movement != RULE_SET_MOVES:  # a fast path: the rule-set search finds the same
        assert {p.key for p in plays} == {p.key for p in general_generate(rs, me, opp, dice)[1]}
    keys = {p.key for p in plays}
    assert len(keys) == len(plays)
    for play in plays:
        assert sum(play.mover) == rs.checkers and sum(play.opponent) == rs.checkers
        assert len(play.steps) == best
        verdict = judged(rs, me, opp, dice, [Step(f, t, h) for f, t, h in play.steps])
        assert verdict.legal, (play.steps, verdict.reason)
        assert (verdict.mover, verdict.opponent) == play.key
        if rs.same_direction:
            assert not any(h for _, _, h in play.steps)
            for _, t, _ in play.steps:
                assert t == OFF or opp[rs.opponent_point(t)] == 0
            assert play.mover[BAR] == 0 and play.opponent == opp


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(RULE_SETS),
    st.integers(0, 10**6),
    st.integers(0, 40),
    dice_st,
    st.integers(0, 3),
    st.sampled_from([-1, 1, 2]),
)
def test_perturbed_plays_are_rejected_with_a_reason(
    rs: RuleSet, seed: int, turns: int, dice: tuple[int, ...], which: int, shift: int
) -> None:
    me, opp = reached(rs, seed, turns)
    dice = roll(rs, dice)
    _, plays = generate(rs, me, opp, dice)
    if not plays:
        return
    play = plays[seed % len(plays)]
    steps = [Step(f, t) for f, t, _ in play.steps]
    i = which % len(steps)
    f, t = steps[i].from_point, steps[i].to_point
    moved = t + shift if t != OFF else t
    if not 1 <= moved <= 24 or moved >= f:
        return
    steps[i] = Step(f, moved)
    verdict = judged(rs, me, opp, dice, steps)
    if verdict.legal:
        assert verdict.mover in {p.mover for p in plays}
    else:
        assert verdict.code and verdict.reason
        assert verdict.rule


def test_every_start_conserves_its_checkers() -> None:
    for rs in RULE_SETS:
        board = rs.start_board()
        assert sum(board) == rs.checkers and board[OFF] == 0
        if rs.pool:
            assert board[POOL] == 15


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(RULE_SETS), st.integers(0, 10**6), st.integers(0, 40), st.integers(1, 6))
def test_doubles_in_source_order_find_every_play(
    rs: RuleSet, seed: int, turns: int, die: int
) -> None:
    """The generator plays a double's moves from non-increasing sources where the rule set
    allows it: the same plays as the search over every order."""
    me, opp = reached(rs, seed, turns)
    dice = (die,) * rs.dice

    assert searched(rs, me, opp, dice) == searched(rs, me, opp, dice, ordered=False)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([rule_set(Variant.TAVLA), rule_set(Variant.ACEY_DEUCEY)]),
    st.integers(0, 10**6),
    st.integers(0, 60),
    dice_st,
)
def test_the_standard_shortcut_gives_the_plays_of_the_full_search(
    rs: RuleSet, seed: int, turns: int, dice: tuple[int, ...]
) -> None:
    """Where T4 cannot apply (no opposing blot on the mover's home points) or acey-deucey's
    mover has entered every checker, the standard generator is used: the same plays as the
    rule-set search."""
    me, opp = reached(rs, seed, turns)
    dice = roll(rs, dice)
    search = rules_movegen._search(rs, me, opp, dice, nardy.head_limit(rs, me, dice))
    best, kept = rules_movegen._compulsory(search.reached, dice)
    full = {p.key for p in search.plays(kept)}
    got_best, plays = generate(rs, me, opp, dice)
    assert (got_best, {p.key for p in plays}) == (best, full)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(RULE_SETS), st.integers(0, 10**6), st.integers(0, 60), dice_st)
def test_the_smaller_die_first_moves_on_only_the_same_checker(
    rs: RuleSet, seed: int, turns: int, dice: tuple[int, ...]
) -> None:
    """Different dice: after a smaller die, a larger one moves on only the checker that moved
    (the larger die first finds the rest): the same plays as trying every next move."""
    me, opp = reached(rs, seed, turns)
    dice = roll(rs, dice)

    assert searched(rs, me, opp, dice) == searched(rs, me, opp, dice, narrow=False)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(1, 12), min_size=11, max_size=15),
    st.lists(st.integers(13, 17), min_size=4, max_size=4),
    st.lists(st.integers(1, 24), max_size=6),
    dice_st,
)
def test_tabulas_three_dice_narrowed_find_every_play_into_the_bear_off(
    home: list[int], outside: list[int], blocks: list[int], dice: tuple[int, int, int]
) -> None:
    """Tabula's three dice while the last checkers come home (0-4 outside, a few opposing
    points), where moves can let another bear off: narrowing needs as many checkers outside
    as dice."""
    rs = rule_set(Variant.TABULA)
    cells = [0] * (POOL + 1)
    for p in home + outside[: 15 - len(home)]:
        cells[p] += 1
    opp = [0] * (POOL + 1)
    for p in blocks:
        opp[p] = 0 if cells[p] else 2  # one shared track: a point is one side's
    opp[POOL] = 15 - sum(opp)
    me, them = tuple(cells), tuple(opp)

    assert searched(rs, me, them, dice) == searched(rs, me, them, dice, narrow=False)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 5),
    st.integers(0, 3),
    st.lists(st.integers(1, 24), min_size=15, max_size=15),
    st.lists(st.integers(1, 24), max_size=7),  # two checkers a point: 15 at most
    dice_st,
)
def test_tabulas_three_dice_narrowed_find_every_play_while_checkers_enter(
    pool: int, bar: int, placed: list[int], blocks: list[int], dice: tuple[int, int, int]
) -> None:
    """Tabula's three dice while checkers are still to enter, from the pool or the bar: the
    wall (nothing lands below 13) lifts when the last one leaves the pool, so narrowing needs
    at least as many in it as dice are left once the bar is empty, or none."""
    rs = rule_set(Variant.TABULA)
    cells = [0] * (POOL + 1)
    for p in placed[: 15 - pool - bar]:
        cells[p if p > 12 or not pool else p + 12] += 1  # past the wall once all entered
    cells[BAR] = bar
    cells[POOL] = 15 - sum(cells)
    opp = [0] * (POOL + 1)
    for p in blocks:
        opp[p] = 0 if cells[p] else 2
    opp[POOL] = 15 - sum(opp)
    me, them = tuple(cells), tuple(opp)

    assert searched(rs, me, them, dice) == searched(rs, me, them, dice, narrow=False)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(RULE_SETS), st.integers(0, 10**6), st.integers(0, 60), dice_st)
def test_pruning_states_using_fewer_dice_keeps_every_play(
    rs: RuleSet, seed: int, turns: int, dice: tuple[int, ...]
) -> None:
    """generate drops states using fewer dice once one using more is found: the same plays,
    steps included, as keeping every state and applying compulsory play afterwards."""
    me, opp = reached(rs, seed, turns)
    dice = roll(rs, dice)
    limit = nardy.head_limit(rs, me, dice)
    full = rules_movegen._search(rs, me, opp, dice, limit)
    pruned = rules_movegen._search(rs, me, opp, dice, limit, prune=True)
    best, kept = rules_movegen._compulsory(full.reached, dice)
    best_p, kept_p = rules_movegen._compulsory(pruned.reached, dice)
    assert (best_p, sorted(full.plays(kept))) == (best, sorted(pruned.plays(kept_p)))


def test_the_opposing_point_tables_are_the_rule_sets_numbering() -> None:
    for rs in (rule_set(Variant.STANDARD), rule_set(Variant.LONG_NARDY)):
        search = rules_search.Search(rs, *rs.start_boards(), 1)
        assert list(search.opp_point[1:25]) == [rs.opponent_point(p) for p in range(1, 25)]


def test_the_opponent_after_hits_puts_each_hit_blot_on_the_bar() -> None:
    rs = rule_set(Variant.TAVLA)
    me = rs.board_from_points({24: 2, 13: 5, 8: 3, 6: 5})
    opp = rs.board_from_points({24: 2, 13: 5, 8: 3, 6: 3, 20: 1, 15: 1})  # blots on 5 and 10
    search = rules_search.Search(rs, me, opp, 1)
    code = rules_search._HIT[5] | rules_search._HIT[10]
    after = search.opponent_after(code)
    assert (after[20], after[15], after[BAR]) == (0, 0, 2)
    assert search.opponent_after(0) is opp
