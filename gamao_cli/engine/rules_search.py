"""The rule-set search's state (engine.rules_movegen): one turn's depth-first walk over
single-die moves under a :class:`~gamao_cli.engine.ruleset.RuleSet`, its states as integer
codes (see :mod:`gamao_cli.engine.rules_movegen` for the method)."""

from __future__ import annotations

from typing import Final, cast

from gamao_cli.engine.movegen import STEPS, Play, StepTuple, new_play
from gamao_cli.engine.nardy import HEAD, farthest, prime_through, prime_violation
from gamao_cli.engine.ruleset import POOL, RuleSet
from gamao_cli.model.actions import BAR, OFF, Board

Reached = dict[tuple[Board, Board], tuple[int, tuple[StepTuple, ...], int]]
"""Every state a legal sequence reaches: {(mover, opponent): (dice used, steps, first die)}."""

Found = dict[int, tuple[int, tuple[StepTuple, ...], int, Board]]
"""The states reached: {state code: (dice used, steps, first die, the mover's board)}."""

BITS: Final = 5
"""Bits of a point's count in a state code: at most 31 checkers a side."""

_UNIT: Final = tuple(1 << (BITS * p) for p in range(POOL + 1))
"""A checker on cell p of the mover's board, in a state code."""

HIT_SHIFT: Final = BITS * (POOL + 1)
_HIT: Final = tuple(1 << (HIT_SHIFT + t) for t in range(BAR + 1))
"""A blot hit on the mover's point t, in a state code."""

EXTRA_SHIFT: Final = HIT_SHIFT + BAR + 1
"""Where a search key's fields after the state begin (:meth:`Search.walk`)."""

_DELTA: Final = tuple(_UNIT[t] - _UNIT[f] for f in range(POOL + 1) for t in range(BAR + 1))
"""A checker moved from cell f to cell t, in a state code, at ``f * 26 + t``: one addition
a move instead of two."""

_OPP_MIRROR: Final = (0, *(25 - p for p in range(1, 25)), 0)
_OPP_SAME: Final = (0, *((p + 11) % 24 + 1 for p in range(1, 25)), 0)
_OPP_SHARED: Final = (0, *range(1, 25), 0)
"""RuleSet.opponent_point of each of the mover's points (0 at the ends): opposite directions,
the same direction from opposite sides (Long Nardy), one shared track (tabula)."""


class Search:
    """One turn's search state (mutable; one instance per generation)."""

    __slots__ = (
        "bar_free",
        "best",
        "cap",
        "code",
        "enter_first",
        "exact",
        "far",
        "fcode",
        "final_block",
        "freeze",
        "frozen",
        "head_left",
        "head_limit",
        "hitting",
        "home",
        "independent",
        "internal",
        "me",
        "opp",
        "opp0",
        "opp_on",
        "opp_point",
        "ordered",
        "prune",
        "reached",
        "rs",
        "seen",
        "step_block",
        "steps",
        "thr",
        "used_first",
    )

    def __init__(self, rs: RuleSet, me: Board, opp: Board, head_limit: int) -> None:
        self.rs = rs
        self.me = list(me)
        self.opp = list(opp)
        self.opp0 = opp
        if rs.checkers >= 1 << BITS:
            raise ValueError(f"at most {(1 << BITS) - 1} checkers a side")
        self.code = sum(n * _UNIT[p] for p, n in enumerate(me))
        self.fcode = 0  # frozen checkers (T4) on the mover's points 1..6, 5 bits each
        self.opp_point = (
            _OPP_SAME if rs.same_direction else _OPP_SHARED if rs.shared_track else _OPP_MIRROR
        )
        self.opp_on = [0] * 26
        for p in range(1, 25):
            self.opp_on[p] = opp[self.opp_point[p]]
        self.thr = 1 if rs.single_blocks else 2
        self.hitting = rs.hitting
        self.cap = rs.max_per_point
        self.exact = rs.bearoff_exact
        self.home = rs.home_points  # B1: bear off once every checker is on 1..home
        self.enter_first = rs.enter_first  # tabula: nothing lands on 1..12 while any is to enter
        self.freeze = rs.home_hit_freeze
        self.frozen = [0] * 26
        self.head_limit = head_limit if rs.head_fixed or rs.head_needed else 99
        self.head_left = 0
        self.step_block = rs.step_block
        self.final_block = rs.final_block
        self.reached: Found = {}
        self.seen: set[int] = set()
        self.steps: list[object] = []  # StepTuple each (movegen.STEPS)
        self.used_first = 0
        # Only states using the most dice can be plays (M4): once a state using ``best`` dice
        # is kept, states using fewer are not (generate prunes; reachable keeps them all).
        self.prune = False
        self.best = 0
        # Whether states using fewer dice than the roll gives are kept at all: generate first
        # searches without them (they are plays only when no state uses every die).
        self.internal = True
        self.ordered = not (self.step_block or self.cap)
        outside = sum(me[self.home + 1 : 26]) + (me[POOL] if len(me) > POOL else 0)
        self.independent = (
            self.ordered
            and not me[BAR]
            and outside >= rs.dice
            # tabula's wall (nothing below 13 while any is to enter) lifts when the pool
            # empties: mid-turn only when fewer are to enter than dice are rolled
            and not (self.enter_first and 0 < me[POOL] < rs.dice)
        )
        # A checker on the bar: once the last one enters, the dice left move independently
        # (as above, with the dice the entering leaves).
        self.bar_free = (
            self.ordered
            and me[BAR] > 0
            and outside >= rs.dice
            and not (self.enter_first and 0 < me[POOL] < rs.dice - me[BAR])
        )
        self.far = farthest(opp)
        if self.step_block and prime_violation(me, opp):
            # Already a violation before the turn (a set-up position): N5 cannot be judged
            # step by step; the position after the turn is judged instead.
            self.step_block, self.final_block = False, True

    def moves(self, d: int, top: int, bottom: int = 1) -> list[int]:
        """Single-die moves with die ``d`` now, from no higher than ``top`` and no lower than
        ``bottom``: from, to, from, to, ... (flat: no tuple to build and free for each)."""
        me = self.me
        opp_on = self.opp_on
        thr = self.thr
        cap = self.cap
        out: list[int] = []
        if me[BAR]:
            t = BAR - d
            if opp_on[t] < thr and not (cap and me[t] >= cap):
                out.append(BAR)
                out.append(t)
            return out
        pool = len(me) > POOL and me[POOL] > 0
        if pool and top >= POOL:
            t = BAR - d
            if opp_on[t] < thr and not (cap and me[t] >= cap):
                out.append(POOL)
                out.append(t)
        home = -1  # all at home (bearing off allowed): found out when first needed
        frozen = self.frozen
        freeze = self.freeze
        head_full = self.head_left >= self.head_limit
        lowest = 13 if pool and self.enter_first else 1  # tabula: the 12th point is a wall
        for p in range(top if top < 24 else 24, bottom - 1, -1):
            n = me[p]
            if not n or (freeze and n <= frozen[p]):
                continue
            if p == HEAD and head_full:
                continue
            t = p - d
            if t >= 1:
                if t >= lowest and opp_on[t] < thr and not (cap and me[t] >= cap):
                    out.append(p)
                    out.append(t)
                continue
            if home < 0:
                home = 0 if pool or any(me[self.home + 1 : 26]) else 1
            if home and (t == 0 or (not self.exact and not any(me[p + 1 : self.home + 1]))):
                out.append(p)
                out.append(OFF)
        return out

    def record(self, code: int) -> None:
        """Keep the state reached by the current steps (``code``: :meth:`boards`) as a
        candidate play."""
        used = len(self.steps)
        if self.prune and used < self.best:
            return
        if self.final_block and prime_violation(self.me, self.opp):
            return
        if used > self.best:
            self.best = used
        old = self.reached.get(code)
        if old is None or old[0] < used:
            steps = cast(tuple[StepTuple, ...], tuple(self.steps))
            self.reached[code] = (used, steps, self.used_first, tuple(self.me))

    def boards(self) -> int:
        """The state now, as a code (the mover's board and the points hit)."""
        return self.code

    def opponent_after(self, code: int) -> Board:
        """The opponent's board in the state ``code``: hit blots on the bar."""
        mask = code >> HIT_SHIFT
        if not mask:
            return self.opp0
        cells = list(self.opp0)
        while mask:
            low = mask & -mask
            cells[self.opp_point[low.bit_length() - 1]] -= 1
            cells[BAR] += 1
            mask ^= low
        return tuple(cells)

    def plays(self, kept: Found) -> list[Play]:
        """The plays of the states ``kept``."""
        if not self.hitting:
            return [new_play(v[1], v[3], self.opp0) for v in kept.values()]
        boards: dict[int, Board] = {}  # the opponent's board by the points hit
        out: list[Play] = []
        for k, v in kept.items():
            mask = k >> HIT_SHIFT
            opp = boards.get(mask)
            if opp is None:
                opp = boards[mask] = self.opponent_after(k)
            out.append(new_play(v[1], v[3], opp))
        return out

    def decoded(self) -> Reached:
        return {(v[3], self.opponent_after(k)): v[:3] for k, v in self.reached.items()}

    def walk(self, dice: list[int], top: int = POOL, only: int = -1, above: int = 0) -> None:
        """Every sequence of single-die moves from here; a child state already seen is not
        walked again, and the last die's states are recorded without a call.

        Equal dice (a double) are played from sources no higher than the one before when
        :attr:`ordered`: any legal sequence of equal moves can be reordered so (as in
        engine.movegen), unless legality depends on the order of the landings themselves
        (a six-point block judged at each step, the five-checker cap).

        Different dice: the larger die first finds every play whose moves are independent,
        so after a smaller die, a larger one moves only the checker that just moved on
        (``only``, for dice above ``above``), as in engine.movegen, unless a checker is on the
        bar (until the last one enters: the dice left are narrowed from there), fewer
        checkers than dice are outside the home board, or tabula's wall can lift mid-turn
        (where one move can enable another: entering, bearing off, passing the wall once the
        last checker is in). Any legal sequence becomes one the walk
        makes by swapping neighbours, a smaller die before a larger one, where the second
        does not move on the checker the first moved: each move needs only its checker and
        an open landing point, which the other move does not change. Tabula's three dice
        take this with two dice's rule."""
        me, opp, opp_on = self.me, self.opp, self.opp_on
        code = self.code
        steps = self.steps
        reached = self.reached
        last = len(dice) == 1
        ordered = self.ordered and dice[0] == dice[-1]
        tried = 0
        for i, d in enumerate(dice):
            if d == tried:
                continue  # equal dice give the same moves
            tried = d
            rest = dice[1:] if i == 0 else dice[:i] + dice[i + 1 :]
            rest_code = len(rest)  # the dice left: 3 bits of count, 3 bits a die
            for r in rest:
                rest_code = rest_code << 3 | r
            narrow = i > 0 and dice[0] > d and self.independent  # a larger die is left
            restrict = only >= 0 and d > above
            if not restrict:
                options = self.moves(d, top)
            elif 0 < only <= top:
                options = self.moves(d, only, only)  # (never the bar: see independent)
            else:
                continue  # the checker that must move on was borne off, or is above top
            for j in range(0, len(options), 2):
                f = options[j]
                t = options[j + 1]
                hit = self.hitting and t != OFF and opp_on[t] == 1
                me[f] -= 1
                me[t] += 1
                now = code + _DELTA[f * 26 + t]
                if hit:
                    q = self.opp_point[t]
                    opp[q] -= 1
                    opp[BAR] += 1
                    opp_on[t] = 0
                    now += _HIT[t]
                    if self.freeze and t <= 6:
                        self.frozen[t] += 1
                        self.fcode += _UNIT[t]
                if f == HEAD:
                    self.head_left += 1
                if not (self.step_block and t != OFF and prime_through(me, self.far, t)):
                    if not steps:
                        self.used_first = d
                    steps.append(STEPS[(f * 27 + t) * 2 + hit])
                    if last:
                        old = reached.get(now)
                        if (old is None or old[0] < len(steps)) and not (
                            self.final_block and prime_violation(me, opp)
                        ):
                            done = cast(tuple[StepTuple, ...], tuple(steps))
                            reached[now] = (len(steps), done, self.used_first, tuple(me))
                            if len(steps) > self.best:
                                self.best = len(steps)
                    else:
                        # Bar checkers enter first whatever the order (H2); then anything.
                        nxt = f if ordered and f != BAR and not restrict else POOL
                        # What decides the rest of the search (orders reaching it are one):
                        # the state, the dice left, where the next move may start, the head
                        # checkers moved, the checker that must move on, the frozen checkers.
                        follow = t if narrow else -1
                        above_next = d if narrow else 0
                        extra = (
                            rest_code
                            | nxt << 15
                            | self.head_left << 20
                            | (follow + 1) << 24
                            | above_next << 29
                            | self.fcode << 32
                        )
                        key = now | extra << EXTRA_SHIFT
                        seen = self.seen
                        size = len(seen)
                        seen.add(key)
                        if len(seen) > size:
                            self.code = now
                            if self.internal:
                                self.record(now)
                            if narrow and t == OFF and len(rest) == 1:
                                pass  # a checker borne off cannot move on
                            elif f == BAR and self.bar_free and not me[BAR]:
                                self.independent = True  # the rest of the turn only
                                self.walk(rest, nxt, follow, above_next)
                                self.independent = False
                            else:
                                self.walk(rest, nxt, follow, above_next)
                            self.code = code
                    steps.pop()
                if f == HEAD:
                    self.head_left -= 1
                if hit:
                    q = self.opp_point[t]
                    opp[q] += 1
                    opp[BAR] -= 1
                    opp_on[t] = 1
                    if self.freeze and t <= 6:
                        self.frozen[t] -= 1
                        self.fcode -= _UNIT[t]
                me[t] -= 1
                me[f] += 1
