"""Judging a recorded play under a :class:`~gamao_cli.engine.ruleset.RuleSet` whose movement
is not standard backgammon's (tavla, Long Nardy, acey-deucey, the five-checker house rule).

Plays are compared by their resulting position: the recorded hops move checkers from point to
point, which gives the mover's board after the play; the play is legal when a legal play
(:mod:`gamao_cli.engine.rules_movegen`) ends on that board. When none does, the rule broken is
found by switching the variant's own rules off one at a time: the first whose absence makes
the play legal is the one it breaks (a second checker from the head, a six-point block, a
checker moving on after hitting in the home board, a sixth checker on a point, bearing off
with a larger die). Otherwise the play breaks a rule every variant shares (a landing point
held, the wrong distance, fewer dice than possible), reported with the standard kinds of
:data:`gamao_cli.engine.judgement.REASONS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from gamao_cli.engine.judgement import VARIANT_REASONS, Judgement
from gamao_cli.engine.movegen import Play
from gamao_cli.engine.rules_movegen import reachable
from gamao_cli.engine.ruleset import POOL, Block, Head, RuleSet
from gamao_cli.i18n import N_
from gamao_cli.model.actions import BAR, OFF, Board, Step
from gamao_cli.model.match import Variant

Generate = Callable[[RuleSet, Board, Board, tuple[int, ...]], tuple[int, list[Play]]]
"""How a rule set's plays are found: (dice used, every legal play), as
:func:`gamao_cli.engine.plays.generate` (which hands judging here: it is passed in)."""


def normalise_hops(rs: RuleSet, hops: Sequence[Step]) -> list[tuple[int, int]]:
    """The hops as (from, to); acey-deucey's entries written ``off/19`` (bgammon.org) or
    ``in/19`` become entries from the pool."""
    out: list[tuple[int, int]] = []
    for hop in hops:
        f, t = hop.from_point, hop.to_point
        if rs.pool and f == OFF and t >= 19:
            f = POOL
        out.append((f, t))
    return out


def _mover_after(rs: RuleSet, me: Board, hops: list[tuple[int, int]]) -> Board | None:
    cells = list(me)
    for f, t in hops:
        if not 0 <= f < len(cells) or not 0 <= t <= 24:
            return None
        cells[f] -= 1
        cells[t] += 1
        if cells[f] < 0:
            return None
    return tuple(cells)


def _opp_after(rs: RuleSet, opp: Board, hops: list[tuple[int, int]], hits: set[int]) -> Board:
    cells = list(opp)
    for p in sorted(hits):
        q = rs.opponent_point(p)
        if cells[q] == 1:
            cells[q] -= 1
            cells[BAR] += 1
    return tuple(cells)


def _hit_points(play: Play) -> set[int]:
    return {t for _, t, h in play.steps if h}


def _recorded_hits(
    rs: RuleSet, opp: Board, moves: list[tuple[int, int]], hops: Sequence[Step]
) -> set[int]:
    """Where the recorded play hits: every hop that lands on an opposing blot, and the
    intermediate points marked with a hit."""
    if not rs.hitting:
        return set()
    out = {t for _, t in moves if 1 <= t <= 24 and opp[rs.opponent_point(t)] == 1}
    for hop in hops:
        out.update(hop.via_hits)
    return out


def _match(plays: Sequence[Play], after: Board, hits: set[int]) -> Play | None:
    """The legal play ending like the recorded one: same board, the same hits (a hop spanning
    several dice may hit on an unmarked intermediate point)."""
    matching = [p for p in plays if p.mover == after]
    exact = [p for p in matching if _hit_points(p) == hits]
    if exact:
        return exact[0]
    return next((p for p in matching if hits <= _hit_points(p)), None)


def judge_rules(
    rs: RuleSet,
    me: Board,
    opp: Board,
    dice: tuple[int, ...],
    hops: Sequence[Step],
    generate: Generate,
) -> Judgement:
    """The verdict on a recorded play under ``rs`` (see the module docstring); ``generate``
    finds the plays of ``rs`` and of the rule sets it is relaxed to."""
    moves = normalise_hops(rs, hops)
    best, plays = generate(rs, me, opp, dice)
    legal = tuple(plays)
    after = _mover_after(rs, me, moves)
    if after is None:
        return Judgement(
            False,
            "no-checker",
            "M1",
            "a hop starts where the mover has no checker (or names no point)",
            legal_plays=legal,
        )
    hits = _recorded_hits(rs, opp, moves, hops)
    chosen = _match(plays, after, hits)
    if chosen is not None:
        return Judgement(
            True,
            steps=chosen.steps,
            mover=chosen.mover,
            opponent=chosen.opponent,
            legal_plays=legal,
        )
    kind, reason = _diagnose(rs, me, opp, dice, moves, after, hits, best, generate)
    applied = _applicable(rs, me, opp, moves)
    return Judgement(
        False,
        kind,
        VARIANT_REASONS.get(kind) or _STANDARD_RULES.get(kind),
        reason,
        mover=after if applied else None,
        opponent=_opp_after(rs, opp, moves, hits) if applied else None,
        legal_plays=legal,
    )


_STANDARD_RULES = {
    "blocked": "M2",
    "wrong-distance": "M1",
    "fewer-dice": "M4",
    "smaller-die": "M4",
    "bar-first": "H2",
    "bear-off-early": "B1",
}


def _applicable(rs: RuleSet, me: Board, opp: Board, moves: list[tuple[int, int]]) -> bool:
    """Whether the recorded hops can be put on the board at all: no landing point holds
    opposing checkers that stop it (two, or one in Long Nardy)."""
    thr = 1 if rs.single_blocks else 2
    return all(t == OFF or opp[rs.opponent_point(t)] < thr for _, t in moves)


def _diagnose(
    rs: RuleSet,
    me: Board,
    opp: Board,
    dice: tuple[int, ...],
    moves: list[tuple[int, int]],
    after: Board,
    hits: set[int],
    best: int,
    generate: Generate,
) -> tuple[str, str]:
    if rs.same_direction:
        for f, t in moves:
            if f == BAR or t == BAR:
                return "nardy-bar", N_("Long Nardy has no bar")
            if t != OFF and opp[rs.opponent_point(t)]:
                return (
                    "nardy-hit",
                    N_(
                        "{step} lands on {point}, held by an opposing checker: in Long Nardy "
                        "one checker holds a point and nothing is hit"
                    ).format(step=f"{f}/{t}", point=t),
                )
    relaxed: list[tuple[str, RuleSet, str]] = []
    if rs.head is not Head.NONE:
        relaxed.append(
            (
                "head-rule",
                replace(rs, head=Head.NONE),
                N_(
                    "a second checker leaves the head this turn (one per turn; two only with "
                    "6-6, 4-4 or 3-3 on the first turn)"
                ),
            )
        )
    if rs.block is not Block.OFF:
        relaxed.append(
            (
                "six-block",
                replace(rs, block=Block.OFF),
                N_("it builds six points in a row with no opposing checker in front of them"),
            )
        )
    if rs.home_hit_freeze:
        relaxed.append(
            (
                "home-hit-moves-on",
                replace(rs, home_hit_freeze=False),
                N_("a checker that hit in the home board moves on (it must stop for the turn)"),
            )
        )
    if rs.max_per_point:
        relaxed.append(
            (
                "five-checker-limit",
                replace(rs, max_per_point=0),
                N_(
                    "a checker lands on a point that already has {count} of the mover's checkers"
                ).format(count=rs.max_per_point),
            )
        )
    if rs.enter_first:
        relaxed.append(
            (
                "tabula-enter-first",
                replace(rs, enter_first=False),
                N_(
                    "a checker passes the 12th point while checkers remain to enter (tabula: "
                    "every checker enters first)"
                ),
            )
        )
    if rs.bearoff_exact:
        relaxed.append(
            (
                "tabula-exact-bear-off" if rs.variant is Variant.TABULA else "exact-bear-off",
                replace(rs, bearoff_exact=False),
                N_("a checker is borne off with a larger die (bear-off needs the exact number)"),
            )
        )
    for kind, loose, reason in relaxed:
        _, plays = generate(loose, me, opp, dice)
        if _match(plays, after, hits) is not None:
            return kind, reason
    thr = 1 if rs.single_blocks else 2
    for f, t in moves:
        if t != OFF and t <= 24 and opp[rs.opponent_point(t)] >= thr:
            return "blocked", N_("{step} lands on a point the opponent holds").format(
                step=f"{f}/{t}"
            )
    if me[BAR] and any(f != BAR for f, _ in moves[: me[BAR]]):
        return "bar-first", N_("a checker is on the bar: it must enter first")
    for k, (used, _, _) in reachable(rs, me, opp, dice).items():
        if k[0] == after:
            return (
                "fewer-dice",
                N_("it uses {used} dice where {best} can be played").format(used=used, best=best),
            )
    outside = any(me[rs.home_points + 1 : 26]) or (len(me) > POOL and me[POOL] > 0)
    if any(t == OFF for _, t in moves) and outside:
        return "bear-off-early", N_("bearing off while checkers are outside the home board")
    return "wrong-distance", N_("no legal sequence of the dice makes this play")
