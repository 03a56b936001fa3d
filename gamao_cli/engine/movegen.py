"""Legal play generation (RULES.md M1-M5, H1-H5, B1-B6).

The generator works on the mover's view: ``me`` is the mover's board and ``opp`` the
opponent's, each in its owner's numbering (index 0 off, 1..24 points, 25 bar). A play is
identified by its resulting position, so different orders and notations of the same play are
one play. Only the mover's checkers move during a turn; the opponent's checkers matter through
the points they block (two or more) and the blots they leave (one), and neither changes while
the mover plays, except that a blot, once hit, is gone. So a resulting position is fully
described by the mover's new board and the set of points where a blot was hit.

Doubles are searched with each move starting no higher than the one before: every legal
sequence of equal dice can be reordered that way (moving higher checkers first only ever
brings checkers home sooner and never blocks a lower one), which avoids permutations.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Final, NamedTuple, cast

from gamao_cli.engine.position import Position
from gamao_cli.model.actions import BAR, OFF, Board

StepTuple = tuple[int, int, bool]  # (from, to, hit) in the mover's numbering, one die each


class Play(NamedTuple):
    """A legal play: single-die steps in a legal order, and the resulting boards.

    Plays returned by the generator are distinct by their resulting boards (:attr:`key`).
    """

    steps: tuple[StepTuple, ...]
    mover: Board  # the mover's board after the play
    opponent: Board  # the opponent's board after the play (hit checkers on the bar)

    @property
    def key(self) -> tuple[Board, Board]:
        return (self.mover, self.opponent)

    @property
    def dice_used(self) -> int:
        return len(self.steps)

    @property
    def hits(self) -> int:
        return sum(1 for s in self.steps if s[2])


def blockade(opp: Board) -> tuple[list[bool], list[bool]]:
    """(blocked, blot) flags for the mover's points 0..25 given the opponent's board.

    The mover's point p is the opponent's point 25 - p, so ``opp[24:0:-1]`` lists the
    opponent's counts on the mover's points 1..24 in order.
    """
    mine = opp[24:0:-1]
    blocked = [False, *[c >= 2 for c in mine], False]
    blot = [False, *[c == 1 for c in mine], False]
    return blocked, blot


def apply_hits(opp: Board, hits: int) -> Board:
    """The opponent's board after blots were hit on the mover's points in bitmask ``hits``."""
    if not hits:
        return opp
    cells = list(opp)
    p = 1
    while hits >> p:
        if hits >> p & 1:
            cells[25 - p] -= 1
            cells[BAR] += 1
        p += 1
    return tuple(cells)


def _singles(
    me: list[int], d: int, blocked: list[bool], outside: int, top: int = 24
) -> list[tuple[int, int]]:
    """Legal single-die moves (from, to) for die ``d`` starting no higher than ``top``;
    ``outside`` = the mover's checkers on 7..25."""
    if me[BAR]:
        to = BAR - d
        return [] if blocked[to] else [(BAR, to)]
    out = [
        (p, p - d) for p in range(top if top < 24 else 24, d, -1) if me[p] and not blocked[p - d]
    ]
    if outside == 0:
        if me[d]:
            if d <= top:
                out.append((d, OFF))
        else:
            # A higher die bears off from the highest point, if no checker stands above it.
            for p in range(min(d - 1, 6), 0, -1):
                if me[p]:
                    if p <= top and not any(me[p + 1 : 7]):
                        out.append((p, OFF))
                    break
    return out


STEPS: Final[tuple[object, ...]] = tuple(
    (f, t, hit) for f in range(27) for t in range(27) for hit in (False, True)
)
"""Every single-die step ``(from, to, hit)`` over a board's cells 0..26 (off, the points, the
bar, a pool), made once, at ``(f * 27 + t) * 2 + hit``, for the searches that build plays a
step at a time (engine.rules_movegen, engine.tabula_movegen). Typed ``object``: a
:data:`StepTuple` read into a variable or list of its own type is unboxed by mypyc and built
anew, a tuple each time, wherever it is stored again."""

_PLAY: Final = Play
"""The class, held as a constant of the compiled module: no look-up by name per play."""

_tuple_new: Final = cast(Callable[[type[Play], tuple[object, ...]], Play], tuple.__new__)
"""``tuple.__new__``, looked up once."""


def new_play(steps: tuple[StepTuple, ...], mover: Board, opponent: Board) -> Play:
    """``Play(steps, mover, opponent)`` without the named tuple's ``__new__`` (a Python
    function: a third of the cost of a play found, from compiled code)."""
    return _tuple_new(_PLAY, (steps, mover, opponent))


Found = dict[tuple[Board, int], tuple[StepTuple, ...]]
"""Plays by their result: {(mover board after, hit mask): steps}."""


class _Enough(Exception):
    """Raised to stop a search once ``limit`` plays of the maximal length are found."""


def _search(me0: Board, opp: Board, d1: int, d2: int, limit: int = 0) -> tuple[int, Found, bool]:
    """All maximal plays: (dice used, found plays, larger-die flag).

    The flag is meaningful when exactly one die could be used: True when the results are
    plays of the larger die only.
    """
    if me0[BAR] and opp[d1] >= 2 and opp[d2] >= 2:
        return 0, {}, False  # a checker on the bar and both entry points closed: a dance
    blocked, blot = blockade(opp)
    if d1 == d2:
        best, found = _search_double(list(me0), blocked, blot, d1, limit)
        return best, found, False
    return _search_mixed(list(me0), blocked, blot, max(d1, d2), min(d1, d2), limit)


def _search_mixed(
    me: list[int], blocked: list[bool], blot: list[bool], hi: int, lo: int, limit: int = 0
) -> tuple[int, Found, bool]:
    """Non-doubles. The larger die first finds every play whose two moves are independent;
    the smaller die first then only adds what depends on its move: the same checker moving
    on, entering from the bar, or bearing off once the last checker is home."""
    found2: Found = {}
    found1_hi: Found = {}
    found1_lo: Found = {}
    outside0 = sum(me[7:26])
    full = me[BAR] > 0 or outside0 < 2
    for first, second in ((hi, lo), (lo, hi)):
        lo_first = first == lo
        for f1, t1 in _singles(me, first, blocked, outside0):
            hit1 = t1 != OFF and blot[t1]
            me[f1] -= 1
            me[t1] += 1
            outside1 = outside0 - 1 if f1 > 6 >= t1 else outside0
            if not lo_first or full:
                seconds = _singles(me, second, blocked, outside1)
            elif me[t1] == 1 and t1 - second >= 1 and not blocked[t1 - second]:
                seconds = [(t1, t1 - second)]  # the same checker moving on
            else:
                seconds = []
            if seconds:
                h1 = 1 << t1 if hit1 else 0
                for f2, t2 in seconds:
                    hit2 = t2 != OFF and blot[t2] and not (hit1 and t2 == t1)
                    me[f2] -= 1
                    me[t2] += 1
                    key = (tuple(me), h1 | (1 << t2) if hit2 else h1)
                    if key not in found2:
                        found2[key] = ((f1, t1, hit1), (f2, t2, hit2))
                        if len(found2) == limit:
                            return 2, found2, False
                    me[t2] -= 1
                    me[f2] += 1
            elif not found2:
                target = found1_lo if lo_first else found1_hi
                key = (tuple(me), 1 << t1 if hit1 else 0)
                if key not in target:
                    target[key] = ((f1, t1, hit1),)
            me[t1] -= 1
            me[f1] += 1
    if found2:
        return 2, found2, False
    if found1_hi:
        return 1, found1_hi, True
    if found1_lo:
        return 1, found1_lo, False
    return 0, {}, False


def _search_double(
    me: list[int], blocked: list[bool], blot: list[bool], d: int, limit: int = 0
) -> tuple[int, Found]:
    """Doubles: up to four moves, each starting no higher than the one before."""
    search = _DoubleSearch(me, blocked, blot, d, limit)
    with contextlib.suppress(_Enough):
        search.rec(0, 0, BAR)
    return search.best, search.found


class _DoubleSearch:
    """The state of one doubles search. A class, not nested functions: recursive closures
    form reference cycles that only the cyclic collector frees, one per search."""

    __slots__ = ("best", "blot", "d", "entry_open", "found", "limit", "me", "ok", "outside",
                 "steps")  # fmt: skip

    def __init__(
        self, me: list[int], blocked: list[bool], blot: list[bool], d: int, limit: int
    ) -> None:
        self.me = me
        self.blot = blot
        self.d = d
        self.limit = limit
        self.found: Found = {}
        self.best = 0
        self.outside = sum(me[7:26])
        self.steps: list[StepTuple] = []
        # ok[p]: a checker on p may move d pips to an open point (not bearing off).
        ok = [False] * 26
        for p in range(d + 1, 25):
            ok[p] = not blocked[p - d]
        self.ok = ok
        self.entry_open = not blocked[BAR - d]

    def moves(self, top: int) -> list[tuple[int, int]]:
        me = self.me
        d = self.d
        if me[BAR]:
            return [(BAR, BAR - d)] if self.entry_open else []
        ok = self.ok
        out = [(p, p - d) for p in range(top if top < 24 else 24, d, -1) if me[p] and ok[p]]
        if self.outside == 0:
            if me[d]:
                if d <= top:
                    out.append((d, OFF))
            else:
                for p in range(min(d - 1, 6), 0, -1):
                    if me[p]:
                        if p <= top and not any(me[p + 1 : 7]):
                            out.append((p, OFF))
                        break
        return out

    def rec(self, i: int, hits: int, top: int) -> None:
        me = self.me
        found = self.found
        steps = self.steps
        options = self.moves(top)
        if not options:
            if i >= self.best:
                if i > self.best:
                    self.best = i
                    found.clear()
                key = (tuple(me), hits)
                if key not in found:
                    found[key] = tuple(steps)
            return
        last = i == 3
        blot = self.blot
        for f, t in options:
            hit = t != OFF and blot[t] and not (hits >> t & 1)
            nhits = hits | (1 << t) if hit else hits
            me[f] -= 1
            me[t] += 1
            steps.append((f, t, hit))
            if last:
                if self.best < 4:
                    self.best = 4
                    found.clear()
                key = (tuple(me), nhits)
                if key not in found:
                    found[key] = tuple(steps)
                    if len(found) == self.limit:
                        raise _Enough
            else:
                crossed = f > 6 >= t
                if crossed:
                    self.outside -= 1
                self.rec(i + 1, nhits, f)
                if crossed:
                    self.outside += 1
            steps.pop()
            me[t] -= 1
            me[f] += 1


def _plays(me: Board, opp: Board, d1: int, d2: int) -> list[Play]:
    best, found, _ = _search(me, opp, d1, d2)
    if best == 0:
        return []
    return [
        new_play(steps, board, apply_hits(opp, hits) if hits else opp)
        for (board, hits), steps in found.items()
    ]


def legal_plays(position: Position, dice: tuple[int, int]) -> list[Play]:
    """Every distinct legal play for the player on roll; empty when the roll cannot be played."""
    d1, d2 = dice
    if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise ValueError(f"dice must be 1..6, got {d1} and {d2}")
    return _plays(position.mover, position.opponent, d1, d2)


def plays_for(me: Board, opp: Board, dice: tuple[int, int]) -> list[Play]:
    """:func:`legal_plays` on raw boards (mover's view)."""
    return _plays(me, opp, dice[0], dice[1])


def max_dice(me: Board, opp: Board, dice: tuple[int, int]) -> tuple[int, bool]:
    """How many dice a legal play uses, and whether only the larger die is playable."""
    best, _, larger = _search(me, opp, dice[0], dice[1])
    return best, larger


def count_plays(me: Board, opp: Board, dice: tuple[int, int], limit: int = 2) -> int:
    """How many distinct legal plays there are, counted up to ``limit``: 0 means the roll
    cannot be played, 1 that the play is forced. Stops as soon as ``limit`` are found, which
    makes telling forced plays from choices much cheaper than generating every play."""
    best, found, _ = _search(me, opp, dice[0], dice[1], limit)
    return 0 if best == 0 else min(len(found), limit)


def surely_not_forced(
    me: Board, opp: Board, steps: tuple[StepTuple, ...], dice: tuple[int, int]
) -> bool:
    """True when the legal play ``steps`` (single-die steps in a legal order) certainly has a
    rival: after its other steps, another checker could play the last step's die (or, for two
    different dice, another checker could play the first step's die before the last step).
    That play uses the same dice, so it is legal too, and it ends on another board. False
    means "count the plays to know" (also when the last step's die cannot be told: a bear-off
    that either die could make)."""
    if not steps:
        return False
    die = _last_die(steps, dice)
    if die is None:
        return False
    board = list(me)
    for f, t, _ in steps[:-1]:
        board[f] -= 1
        board[t] += 1
    last = steps[-1][0]
    if board[BAR]:
        return False  # only the bar checker can move: no other source
    # A move inside the board by another checker (the opponent's point 25 - (f - die)).
    for f in range(24, die, -1):
        if board[f] and f != last and opp[25 - f + die] < 2:
            return True
    blocked, _ = blockade(opp)
    if not sum(board[7:26]) and any(f != last for f, _ in _singles(board, die, blocked, 0)):
        return True
    return _other_first(me, steps, dice, die, blocked)


def _other_first(
    me: Board, steps: tuple[StepTuple, ...], dice: tuple[int, int], last: int, blocked: list[bool]
) -> bool:
    """For a play of two different dice: True when another checker can play the first
    step's die and the last step can still be played after it. That play uses both dice
    too, and moves another checker with the first die: its board differs."""
    d1, d2 = dice
    if d1 == d2 or len(steps) != 2:
        return False
    first = d2 if last == d1 else d1
    f1 = steps[0][0]
    f2, t2, _ = steps[1]
    board = list(me)
    for f, t in _singles(board, first, blocked, sum(board[7:26])):
        if f == f1:
            continue
        board[f] -= 1
        board[t] += 1
        ok = (f2, t2) in _singles(board, last, blocked, sum(board[7:26]))
        board[f] += 1
        board[t] -= 1
        if ok:
            return True
    return False


def surely_forced(me: Board, dice: tuple[int, int]) -> bool:
    """True when the roll has one legal play for certain: no checker stands higher than the
    smaller die (nor on the bar), so every die can only bear off the highest checker, in
    whatever order the dice are played."""
    if me[BAR]:
        return False
    low = min(dice)
    for p in range(24, low, -1):
        if me[p]:
            return False
    return any(me[1 : low + 1])


def _last_die(steps: tuple[StepTuple, ...], dice: tuple[int, int]) -> int | None:
    """The die the last step of a play used, or None when it cannot be told."""
    d1, d2 = dice
    if d1 == d2:
        return d1
    f, t, _ = steps[-1]
    if t != OFF:
        return f - t  # a move inside the board shows its die
    if len(steps) == 1:
        fits = [d for d in (d1, d2) if f <= d]
        return fits[0] if len(fits) == 1 else None
    f0, t0, _ = steps[0]
    first = f0 - t0 if t0 != OFF else None
    if first is not None:
        return d2 if first == d1 else d1
    # Both steps bear off: the last die is known only if one die cannot make the first step.
    options = [b for a, b in ((d1, d2), (d2, d1)) if f0 <= a and f <= b]
    return options[0] if len(options) == 1 else None
