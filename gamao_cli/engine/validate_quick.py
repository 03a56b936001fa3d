"""The common recorded play, judged fast (engine.validate): one hop a die, legal in the order
written. Most recorded plays are so; any other is left to the full judgement."""

from __future__ import annotations

from collections.abc import Sequence

from gamao_cli.engine.movegen import StepTuple, apply_hits
from gamao_cli.model.actions import BAR, OFF, Board, Step

QuickVerdict = tuple[tuple[StepTuple, ...], Board, Board, tuple[int, ...]]
"""A legal play's single-die steps, the boards after it, and the hit marks with no hit."""


def quick_legal(
    me: Board, opp: Board, dice: tuple[int, int], hops: Sequence[Step]
) -> QuickVerdict | None:
    """:func:`~gamao_cli.engine.validate.judge`'s fast path on its own: a play of one hop a
    die, legal in the order written (most recorded plays), as
    :func:`~gamao_cli.engine.judgement.legal_judgement`'s fields; None for any other play,
    which ``judge`` then decides. Without a verdict to build, a replay that
    calls this first saves a third of judging such a play."""
    d1, d2 = dice
    all_dice = [d1] * 4 if d1 == d2 else [d1, d2]
    if len(hops) != len(all_dice):
        return None
    return one_die_each(me, opp, all_dice, hops)


def one_die_each(
    me: Board, opp: Board, dice: list[int], hops: Sequence[Step]
) -> QuickVerdict | None:
    """The common case, fast: one hop per die, legal in the order written. None when the
    play is not of that kind (the general search then decides)."""
    steps: list[StepTuple] = []
    after = apply_one_die_each(me, opp, dice, hops, steps)
    if after is None:
        return None
    mover, opponent, marked = after
    return (tuple(steps), mover, opponent, missing_marks(hops, steps) if marked else ())


def apply_one_die_each(
    me: Board, opp: Board, dice: list[int], hops: Sequence[Step], steps: list[StepTuple] | None
) -> tuple[Board, Board, bool] | None:
    """:func:`one_die_each`'s boards after the play, and whether a hit is marked; the
    single-die steps are added to ``steps`` unless it is None."""
    if len(dice) == 2 and not (_fits(hops[0], dice[0]) and _fits(hops[1], dice[1])):
        dice = [dice[1], dice[0]]
    board = list(me)
    hits = 0
    marked = False
    for k in range(len(dice)):  # as many hops as dice (the caller's test); zip is slower
        hop, d = hops[k], dice[k]
        frm, to = hop.from_point, hop.to_point
        if not 0 <= to < frm <= BAR:  # valid_hop, inline (no hop to the bar: to < frm <= BAR)
            return None
        if hop.via_hits or board[frm] <= 0 or (board[BAR] and frm != BAR):
            return None
        marked = marked or hop.hit
        if to:
            if frm - to != d:
                return None
            count = opp[25 - to]
            if count >= 2:
                return None
            hit = count == 1 and not (hits >> to & 1)
            if hit:
                hits |= 1 << to
        else:
            if frm > d or any(board[7:26]) or (frm < d and any(board[frm + 1 : 7])):
                return None
            hit = False
        board[frm] -= 1
        board[to] += 1
        if steps is not None:
            steps.append((frm, to, hit))
    return tuple(board), apply_hits(opp, hits) if hits else opp, marked


def _fits(hop: Step, die: int) -> bool:
    dist = hop.from_point - hop.to_point
    return dist == die or (hop.to_point == OFF and dist < die)


def missing_marks(hops: Sequence[Step], steps: Sequence[StepTuple]) -> tuple[int, ...]:
    if not any(h.hit or h.via_hits for h in hops):
        return ()
    hit_points = {t for _, t, h in steps if h}
    marked = {h.to_point for h in hops if h.hit} | {v for h in hops for v in h.via_hits}
    return tuple(sorted(p for p in marked if p not in hit_points))
