"""Tabula's legal plays using all three dice, fast (bgammon.org's variant 2; research/variants.md
sections 6-7).

The same walk as :meth:`gamao_cli.engine.rules_search.Search.walk`, specialised to tabula's
movement (:attr:`~gamao_cli.engine.ruleset.RuleSet.tabula_moves`): one shared track, checkers
entering from the pool and the bar on 24..19, two opposing checkers block and one is hit,
nothing lands on 1..12 while any checker is still to enter, exact bearing off from 1..12 once
every checker is there, three dice each played once. It tries the moves in the same order and
follows the same canonical orders of the dice (the larger die first; after a smaller die, a
larger one moves on only the checker that just moved, while the moves are independent), so it
finds the same plays in the same order. What differs is the bookkeeping:

* the dice are three fields, not lists sliced at every move;
* the mover's occupied points and the opponent's open points and blots are bit masks, so a
  move's legality is a shift and a test (the points open to the mover do not change during
  his turn: a blot he hits leaves its point open);
* internal states are not remembered: a turn has at most two levels of them, and orders
  reaching the same one are rare (8% of internal states in self-play positions), so walking
  one again costs less than keying every one;
* a play's result is keyed by one machine word, exactly (:func:`play_key`: what the three
  moves take away and put down, sorted, beside the mask of the points hit), in a table with
  open addressing, so telling a play found again costs no Python object.

Only plays using every die are found here: when there are none, compulsory play (M4) needs
the states using fewer dice, and :func:`gamao_cli.engine.rules_movegen.generate` runs its
general search for them.
"""

from __future__ import annotations

from typing import Final, cast

from gamao_cli.engine.movegen import STEPS, Play, StepTuple, new_play
from gamao_cli.engine.ruleset import POOL
from gamao_cli.model.actions import BAR, OFF, Board

CELLS: Final = 27
"""Cells of a tabula board: off, the points 1..24, the bar, the pool."""

HOME: Final = 12
"""Bearing off once every checker is on 1..12; nothing lands there while one is to enter."""

HIT_BITS: Final = 25
HIT_FIELD: Final = (1 << HIT_BITS) - 1
"""A key's low bits: the mask of the mover's points 1..24 where a blot was hit."""

FREE: Final = 31
"""A cell field of a key with no checker in it (a move cancelled by a later one)."""

WALL: Final = (1 << HOME + 1) - 1
"""Points 1..12 (and bit 0), as bits: nothing lands there while any checker is to enter."""

SLOTS: Final = 512
"""A walk's first table of keys, twice as many once three quarters are used (the most plays
in self-play positions is a few hundred: growing costs more than a larger first table)."""


class _Walk:
    """One turn's search (mutable; one instance per generation)."""

    __slots__ = (
        "bar",
        "bar_free",
        "blots",
        "f0",
        "f1",
        "hit_once",
        "independent",
        "keys",
        "mask",
        "me",
        "occupied",
        "open",
        "opp0",
        "opponents",
        "outside",
        "plays",
        "pool",
        "s0",
        "s1",
        "t0",
        "t1",
    )

    def __init__(self, me: Board, opp: Board) -> None:
        self.me = list(me)
        self.opp0 = opp
        # One track: the opponent's checkers on the mover's points, as bits (bit p for point
        # p). The points open to the mover never change during his turn (a hit blot leaves
        # its point open); the blots still standing are those not in ``mask``.
        self.open = 0
        self.blots = 0
        self.occupied = 0  # the mover's points 1..24 holding a checker
        self.bar = me[BAR]
        self.pool = me[POOL]
        # Checkers still to come home (the pool, the bar, 13..24): bearing off waits for none.
        self.outside = self.pool + self.bar
        for p in range(1, BAR):
            if opp[p] < 2:
                self.open |= 1 << p
                if opp[p] == 1:
                    self.blots |= 1 << p
            if me[p]:
                self.occupied |= 1 << p
                if p > HOME:
                    self.outside += me[p]
        self.mask = 0  # the points where a blot was hit
        # The first and second dice's moves, for the third's: steps, sources, destinations.
        self.s0: object = STEPS[0]
        self.s1: object = STEPS[0]
        self.f0 = self.t0 = self.f1 = self.t1 = 0
        # The keys of the plays found, by open addressing (-1: an empty slot).
        self.keys: list[int] = [-1] * SLOTS
        self.plays: list[Play] = []
        # The opponent's boards after hits: by the point hit (a list, since a one-point mask
        # above 256 would be a new Python integer for every look-up: 4% of a position's
        # time), and by the mask when two or three were hit.
        self.hit_once: list[Board] = [opp] * BAR
        self.opponents: dict[int, Board] = {}
        # As rules_search.Search: moves are independent (the larger die first finds every
        # play whose moves are) unless a checker is on the bar, fewer checkers than dice are
        # outside (bearing off could begin mid-turn), or the wall could lift mid-turn.
        self.independent = not self.bar and self.outside >= 3 and not 0 < self.pool < 3
        self.bar_free = self.bar > 0 and self.outside >= 3 and not 0 < self.pool < 3 - self.bar

    def opponent(self, mask: int) -> Board:
        """The opponent's board with a blot hit on each point of ``mask``."""
        if not mask:
            return self.opp0
        if not mask & mask - 1:  # one point
            t = mask.bit_length() - 1
            board = self.hit_once[t]
            if board is self.opp0:
                board = self.hit_once[t] = self.hit(mask)
            return board
        found = self.opponents.get(mask)
        if found is None:
            found = self.opponents[mask] = self.hit(mask)
        return found

    def hit(self, mask: int) -> Board:
        """The opponent's board, built, with a blot hit on each point of ``mask``."""
        cells = list(self.opp0)
        for t in range(1, BAR):
            if mask >> t & 1:
                cells[t] -= 1
                cells[BAR] += 1
        return tuple(cells)

    def leaf(self, f: int, t: int) -> None:
        """The last die's move ``f``-``t``: keep its play unless one with its result is kept."""
        mask = self.mask
        hit = (self.blots & ~mask) >> t & 1
        if hit:
            mask |= 1 << t
        key = play_key(self.f0, self.t0, self.f1, self.t1, f, t, mask)
        keys = self.keys
        size = len(keys) - 1
        i = slot(key, size)
        while True:
            k = keys[i]
            if k == key:
                return  # a play with this result is kept
            if k < 0:
                break
            i = (i + 1) & size
        keys[i] = key
        me = self.me
        me[f] = me[f] - 1
        me[t] = me[t] + 1
        board = tuple(me)
        me[f] = me[f] + 1
        me[t] = me[t] - 1
        plays = self.plays
        step = STEPS[(f * CELLS + t) * 2 + hit]
        steps = cast(tuple[StepTuple, ...], (self.s0, self.s1, step))
        plays.append(new_play(steps, board, self.opponent(mask)))
        if len(plays) * 4 > size * 3:
            self.keys = _placed(keys)

    def walk(
        self,
        n: int,
        d0: int,
        d1: int,
        d2: int,
        top: int,
        only: int,
        above: int,
    ) -> None:
        """Every sequence of single-die moves from here with the ``n`` dice left (``d0 >= d1
        >= d2``); the rest as :meth:`rules_search.Search.walk`."""
        last = d0 if n == 1 else d1 if n == 2 else d2
        ordered = d0 == last
        tried = 0
        for i in range(n):
            d = d0 if i == 0 else d1 if i == 1 else d2
            if d == tried:
                continue  # equal dice give the same moves
            tried = d
            # The dice left, still larger first.
            r0 = d1 if i == 0 else d0
            r1 = d1 if i == 2 else d2
            narrow = i > 0 and d0 > d and self.independent  # a larger die is left
            restrict = only >= 0 and d > above
            if restrict:
                if not 0 < only <= top:
                    continue  # the checker that must move on was borne off, or is above top
                high = low = only
            else:
                high, low = top, 1
            if self.bar:
                if self.open >> BAR - d & 1:
                    self.move(n, d, BAR, BAR - d, r0, r1, ordered, restrict, narrow)
                continue
            if self.pool and high >= POOL and self.open >> BAR - d & 1:
                self.move(n, d, POOL, BAR - d, r0, r1, ordered, restrict, narrow)
            # Open landing points, from 13 up while any checker is to enter (the wall).
            landing = self.open & ~WALL if self.pool else self.open
            # The mover's checkers on low..high, then the open points they reach, highest
            # first (one step per legal move); bearing off, exactly from point d, is the
            # lowest source and comes last.
            upper = high if high < 24 else 24
            sources = self.occupied & ((2 << upper) - 1) & ~((1 << low) - 1)
            targets = sources >> d & landing
            while targets:
                t = targets.bit_length() - 1
                targets ^= 1 << t
                self.move(n, d, t + d, t, r0, r1, ordered, restrict, narrow)
            if not self.outside and sources >> d & 1:
                self.move(n, d, d, OFF, r0, r1, ordered, restrict, narrow)

    def move(
        self,
        n: int,
        d: int,
        f: int,
        t: int,
        r0: int,
        r1: int,
        ordered: bool,
        restrict: bool,
        narrow: bool,
    ) -> None:
        """Play die ``d`` from ``f`` to ``t`` and walk on with the dice ``r0``, ``r1`` left."""
        if n == 1:
            self.leaf(f, t)
            return
        if narrow and t == OFF and n == 2:
            return  # a checker borne off cannot move on
        old_mask, old_occupied = self.mask, self.occupied
        hit = (self.blots & ~old_mask) >> t & 1
        if hit:
            self.mask = old_mask | 1 << t
        me = self.me
        left = me[f] - 1
        me[f] = left
        me[t] = me[t] + 1
        if f == BAR:
            self.bar -= 1
        elif f == POOL:
            self.pool -= 1
        elif not left:
            self.occupied &= ~(1 << f)
        self.occupied |= 1 << t
        home = f > HOME and t <= HOME
        if home:
            self.outside -= 1
        step = STEPS[(f * CELLS + t) * 2 + hit]
        nxt = f if ordered and f != BAR and not restrict else POOL
        follow = t if narrow else -1
        above = d if narrow else 0
        if n == 3:
            self.s0, self.f0, self.t0 = step, f, t
        else:
            self.s1, self.f1, self.t1 = step, f, t
        if f == BAR and self.bar_free and not self.bar:
            self.independent = True  # the rest of the turn only
            self.walk(n - 1, r0, r1, 0, nxt, follow, above)
            self.independent = False
        else:
            self.walk(n - 1, r0, r1, 0, nxt, follow, above)
        self.mask, self.occupied = old_mask, old_occupied
        if f == BAR:
            self.bar += 1
        elif f == POOL:
            self.pool += 1
        if home:
            self.outside += 1
        me[t] = me[t] - 1
        me[f] = left + 1


def play_key(f0: int, t0: int, f1: int, t1: int, f2: int, t2: int, mask: int) -> int:
    """A play's result as one machine word, exactly: three moves ``f``-``t`` and the points
    hit. A board is the board before the turn with checkers taken from the sources and put on
    the destinations, less those a later move took on again (a checker moving on, or one
    landing where another left): what is left of each, sorted, gives the board, and the
    board and the points hit give the opponent's."""
    # A destination that is also a source cancels: both fields become FREE. (A move never
    # lands where it started, so a move's own pair is not compared.)
    if t0 == f1:
        t0 = f1 = FREE
    elif t0 == f2:
        t0 = f2 = FREE
    if t1 == f0:
        t1 = f0 = FREE
    elif t1 == f2:
        t1 = f2 = FREE
    if t2 == f0:
        t2 = f0 = FREE
    elif t2 == f1:
        t2 = f1 = FREE
    return (_sorted_cells(f0, f1, f2) << 15 | _sorted_cells(t0, t1, t2)) << HIT_BITS | mask


def _sorted_cells(a: int, b: int, c: int) -> int:
    """Three cells in 5-bit fields, smallest first."""
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
        if a > b:
            a, b = b, a
    return (a << 5 | b) << 5 | c


def slot(key: int, size: int) -> int:
    """A key's first slot in a table of ``size + 1`` slots (a power of two): multiplicative
    hashing of the key's board fields folded with its mask. Both factors are under 2**30,
    so mypyc multiplies machine words, not Python integers."""
    return ((key >> HIT_BITS ^ key & HIT_FIELD) * 0x2545F491 >> 29) & size


def _placed(keys: list[int]) -> list[int]:
    """A table twice the size of ``keys`` with its keys placed again."""
    size = 2 * len(keys) - 1
    out = [-1] * (size + 1)
    for key in keys:
        if key >= 0:
            i = slot(key, size)
            while out[i] >= 0:
                i = (i + 1) & size
            out[i] = key
    return out


def all_dice_plays(me: Board, opp: Board, dice: tuple[int, ...]) -> list[Play]:
    """Every distinct tabula play using all three ``dice`` (mover's view, in the order the
    rule-set search finds them); empty when no play uses them all."""
    a, b, c = sorted(dice, reverse=True)
    walk = _Walk(me, opp)
    walk.walk(3, a, b, c, POOL, -1, 0)
    return walk.plays
