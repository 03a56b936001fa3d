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

from dataclasses import dataclass

from gamao_cli.engine.position import Position
from gamao_cli.model.actions import BAR, OFF, Board

StepTuple = tuple[int, int, bool]  # (from, to, hit) in the mover's numbering, one die each


@dataclass(frozen=True, slots=True)
class Play:
    """A legal play: single-die steps in a legal order, and the resulting boards.

    Equality and hashing use the resulting boards only.
    """

    steps: tuple[StepTuple, ...]
    mover: Board  # the mover's board after the play
    opponent: Board  # the opponent's board after the play (hit checkers on the bar)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Play)
            and self.mover == other.mover
            and self.opponent == other.opponent
        )

    def __hash__(self) -> int:
        return hash((self.mover, self.opponent))

    @property
    def dice_used(self) -> int:
        return len(self.steps)

    @property
    def hits(self) -> int:
        return sum(1 for s in self.steps if s[2])


def blockade(opp: Board) -> tuple[list[bool], list[bool]]:
    """(blocked, blot) flags for the mover's points 0..25 given the opponent's board."""
    blocked = [False] * 26
    blot = [False] * 26
    for p in range(1, 25):
        c = opp[25 - p]
        if c >= 2:
            blocked[p] = True
        elif c == 1:
            blot[p] = True
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


def _search(
    me0: Board, opp: Board, d1: int, d2: int
) -> tuple[int, dict[tuple[Board, int], tuple[StepTuple, ...]], bool]:
    """All maximal plays: (dice used, {(mover board after, hit mask): steps}, larger-die flag).

    The flag is meaningful when exactly one die could be used: True when the results are
    plays of the larger die only.
    """
    blocked, blot = blockade(opp)
    me = list(me0)
    found: dict[tuple[Board, int], tuple[StepTuple, ...]] = {}
    best = 0
    if d1 == d2:
        orders: tuple[tuple[int, ...], ...] = ((d1, d1, d1, d1),)
    else:
        hi, lo = (d1, d2) if d1 > d2 else (d2, d1)
        orders = ((hi, lo), (lo, hi))
    # Checkers outside the home board (points 7..25), kept up to date while searching.
    outside = sum(me[7:26])
    steps: list[StepTuple] = []
    single_die: dict[tuple[Board, int], tuple[StepTuple, ...]] = {}
    single_hi = False

    def record(depth: int, hits: int) -> None:
        nonlocal best
        if depth < best:
            return
        if depth > best:
            best = depth
            found.clear()
        key = (tuple(me), hits)
        if key not in found:
            found[key] = tuple(steps)

    def rec(dice: tuple[int, ...], i: int, hits: int, top: int) -> None:
        nonlocal outside
        if i == len(dice):
            record(i, hits)
            return
        d = dice[i]
        moved = False
        if me[BAR]:
            to = BAR - d
            if not blocked[to]:
                moved = True
                hit = blot[to] and not (hits >> to & 1)
                me[BAR] -= 1
                me[to] += 1
                if to <= 6:
                    outside -= 1
                steps.append((BAR, to, hit))
                rec(dice, i + 1, hits | (1 << to) if hit else hits, BAR)
                steps.pop()
                if to <= 6:
                    outside += 1
                me[to] -= 1
                me[BAR] += 1
        else:
            start = top if top < 24 else 24
            for p in range(start, 0, -1):
                if not me[p]:
                    continue
                to = p - d
                if to >= 1:
                    if blocked[to]:
                        continue
                    hit = blot[to] and not (hits >> to & 1)
                    me[p] -= 1
                    me[to] += 1
                    crossed = p > 6 >= to
                    if crossed:
                        outside -= 1
                    steps.append((p, to, hit))
                    moved = True
                    rec(dice, i + 1, hits | (1 << to) if hit else hits, p)
                    steps.pop()
                    if crossed:
                        outside += 1
                    me[to] -= 1
                    me[p] += 1
                elif outside == 0 and (to == 0 or not any(me[p + 1 : 7])):
                    me[p] -= 1
                    me[OFF] += 1
                    steps.append((p, OFF, False))
                    moved = True
                    rec(dice, i + 1, hits, p)
                    steps.pop()
                    me[OFF] -= 1
                    me[p] += 1
        if not moved:
            record(i, hits)

    for n, order in enumerate(orders):
        rec(order, 0, 0, BAR)
        if len(order) == 2 and best == 1 and n == 0:
            # Only one die was playable starting with the larger one; remember those plays:
            # if the smaller-first order also reaches only one die, the larger die wins (M4).
            single_die = dict(found)
            single_hi = bool(single_die)
    if best == 1 and len(orders) == 2:
        if single_hi:
            return 1, single_die, True
        return 1, found, False
    return best, found, False


def _plays(me: Board, opp: Board, d1: int, d2: int) -> list[Play]:
    best, found, _ = _search(me, opp, d1, d2)
    if best == 0:
        return []
    return [Play(steps, key[0], apply_hits(opp, key[1])) for key, steps in found.items()]


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
