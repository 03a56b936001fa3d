"""Reading a recorded play as single-die steps (engine.validate): the ways its hops split into
the dice, an order of the steps that plays, and the boards after it.

A hop may span several dice (``24/13``); the hops are split every way the dice allow, the
readings using the most dice first, then those whose intermediate hits agree with the marks
written, and the first that can be played in some order is the play's reading.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations

from gamao_cli.engine.movegen import StepTuple, apply_hits
from gamao_cli.model.actions import BAR, OFF, Board, Step


def split_options(frm: int, to: int, dice: list[int]) -> list[tuple[int, ...]]:
    """Sequences of dice (taken from ``dice``) that carry a checker from ``frm`` to ``to``:
    exact sums, or for bearing off, an overshoot on the last die only."""
    return list(_split_cached(frm - to, to == OFF, tuple(sorted(dice))))


@lru_cache(maxsize=4096)
def _split_cached(dist: int, off: bool, dice: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []
    seen: set[tuple[int, ...]] = set()
    n = len(dice)
    for k in range(1, n + 1):
        for combo in permutations(range(n), k):
            seq = tuple(dice[i] for i in combo)
            if seq in seen:
                continue
            total = sum(seq)
            if total == dist or (off and total > dist and total - seq[-1] < dist):
                seen.add(seq)
                out.append(seq)
    return tuple(out)


def expand(frm: int, to: int, seq: tuple[int, ...]) -> list[tuple[int, int]]:
    hops = []
    here = frm
    for d in seq:
        nxt = here - d
        if nxt < 0 or (to == OFF and nxt <= 0):
            nxt = OFF
        hops.append((here, nxt))
        here = nxt
    return hops


class StepBoard:
    """A mutable mover's board for step-by-step checks."""

    __slots__ = ("blocked", "blot", "hits", "me")

    def __init__(self, me: Board, blocked: list[bool], blot: list[bool]) -> None:
        self.me = list(me)
        self.blocked = blocked
        self.blot = blot
        self.hits = 0

    def problem(self, frm: int, to: int, die: int) -> str | None:
        """Why the single-die step frm->to with ``die`` is illegal now, or None."""
        me = self.me
        if me[frm] <= 0:
            return "no-checker"
        if me[BAR] and frm != BAR:
            return "bar-first"
        if to != OFF:
            if frm - to != die:
                return "wrong-distance"
            if self.blocked[to]:
                return "blocked-entry" if frm == BAR else "blocked"
            return None
        if frm > die:
            return "wrong-distance"
        if sum(me[7:26]) > 0:
            return "bear-off-early"
        if frm < die and any(me[frm + 1 : 7]):
            return "bear-off-higher"
        return None

    def move(self, frm: int, to: int) -> bool:
        me = self.me
        me[frm] -= 1
        me[to] += 1
        hit = to != OFF and self.blot[to] and not (self.hits >> to & 1)
        if hit:
            self.hits |= 1 << to
        return hit

    def unmove(self, frm: int, to: int, hit: bool) -> None:
        self.me[frm] += 1
        self.me[to] -= 1
        if hit:
            self.hits &= ~(1 << to)


def _order(
    board: StepBoard, steps: list[tuple[int, int, int, int]]
) -> tuple[list[StepTuple] | None, tuple[int, str, int, int] | None]:
    """Find a legal order of single-die steps (frm, to, die, hop index), trying the written
    order first. Returns (steps in order, None) or (None, first failure in written order)."""
    search = _OrderSearch(board, steps)
    if search.rec(0):
        return search.out, None
    return None, search.first_fail


class _OrderSearch:
    """The state of one search for a legal order (a class, not a recursive closure: those
    form reference cycles that only the cyclic collector frees)."""

    __slots__ = ("board", "first_fail", "n", "out", "steps", "used")

    def __init__(self, board: StepBoard, steps: list[tuple[int, int, int, int]]) -> None:
        self.board = board
        self.steps = steps
        self.n = len(steps)
        self.used = [False] * self.n
        self.out: list[StepTuple] = []
        self.first_fail: tuple[int, str, int, int] | None = None

    def rec(self, depth: int) -> bool:
        n = self.n
        if depth == n:
            return True
        steps = self.steps
        used = self.used
        board = self.board
        for i in range(n):
            if used[i]:
                continue
            # Steps of one hop keep their order along the checker's path.
            hop = steps[i][3]
            if any(not used[j] and steps[j][3] == hop for j in range(i)):
                continue
            frm, to, die, _ = steps[i]
            why = board.problem(frm, to, die)
            if why is not None:
                if self.first_fail is None:
                    self.first_fail = (i, why, frm, to)
                continue
            used[i] = True
            hit = board.move(frm, to)
            self.out.append((frm, to, hit))
            if self.rec(depth + 1):
                return True
            self.out.pop()
            board.unmove(frm, to, hit)
            used[i] = False
        return False


def mechanical(me: Board, opp: Board, hops: Sequence[Step]) -> tuple[Board, Board] | None:
    """Apply hops as written, ignoring the dice: checkers must exist (in some order) and no
    landing point may hold two or more opponent checkers. Hits happen on written landing
    points and written intermediate hit marks."""
    board = list(me)
    opp_cells = list(opp)
    pending = list(hops)
    progress = True
    while pending and progress:
        progress = False
        for hop in list(pending):
            frm, to = hop.from_point, hop.to_point
            if board[frm] <= 0:
                continue
            landings = [*hop.via_hits, to]
            if any(p != OFF and opp_cells[25 - p] >= 2 for p in landings):
                return None
            board[frm] -= 1
            board[to] += 1
            for p in landings:
                if p not in (OFF, BAR) and opp_cells[25 - p] == 1:
                    opp_cells[25 - p] = 0
                    opp_cells[BAR] += 1
            pending.remove(hop)
            progress = True
    if pending:
        return None
    return tuple(board), tuple(opp_cells)


def valid_hop(hop: Step) -> bool:
    return 0 <= hop.to_point < hop.from_point <= BAR and hop.to_point != BAR


def _assign(
    hops: Sequence[Step],
    i: int,
    remaining: list[int],
    acc: list[tuple[int, int, int, int]],
    candidates: list[list[tuple[int, int, int, int]]],
) -> None:
    """Every way of splitting ``hops[i:]`` into the ``remaining`` dice, as lists of single-die
    steps (frm, to, die, hop index) added to ``candidates``. Module-level, not a recursive
    closure: those form reference cycles that only the cyclic collector frees."""
    if i == len(hops):
        candidates.append(list(acc))
        return
    hop = hops[i]
    for seq in split_options(hop.from_point, hop.to_point, remaining):
        rest = list(remaining)
        for d in seq:
            rest.remove(d)
        expanded = expand(hop.from_point, hop.to_point, seq)
        acc.extend((f, t, d, i) for (f, t), d in zip(expanded, seq, strict=True))
        _assign(hops, i + 1, rest, acc, candidates)
        del acc[len(acc) - len(seq) :]


def _mismatch(cand: list[tuple[int, int, int, int]], hops: Sequence[Step], blot: list[bool]) -> int:
    """How far a reading's intermediate hits disagree with the hit marks written."""
    count = 0
    landed: set[tuple[int, int]] = set()
    for k, (_, t, _, hop_i) in enumerate(cand):
        last = k + 1 == len(cand) or cand[k + 1][3] != hop_i
        if not last and t != OFF:
            landed.add((hop_i, t))
            if blot[t] and t not in hops[hop_i].via_hits:
                count += 1
    for hop_i, hop in enumerate(hops):
        count += sum(1 for v in hop.via_hits if (hop_i, v) not in landed)
    return count


Reading = tuple[list[tuple[int, int, int, int]], list[StepTuple], Board, Board]
"""A recorded play read as single-die steps: (the hops split into dice, the steps in an order
that plays, the mover's board after, the opponent's)."""


def read_play(
    me: Board,
    opp: Board,
    all_dice: list[int],
    hops: Sequence[Step],
    blocked: list[bool],
    blot: list[bool],
) -> Reading | None:
    """The reading :func:`~gamao_cli.engine.validate.judge` takes of ``hops``, legal or not:
    every way of splitting the hops into dice, most dice first, then the one whose
    intermediate hits agree with the marks written (an unmarked combined move passes over
    blots without hitting, as gnubg reads it); the first that can be played in some order.
    None when none can."""
    candidates: list[list[tuple[int, int, int, int]]] = []
    _assign(hops, 0, all_dice, [], candidates)
    candidates.sort(key=lambda c: (-len(c), _mismatch(c, hops, blot)))
    for cand in candidates:
        board = StepBoard(me, blocked, blot)
        ordered, _fail = _order(board, cand)
        if ordered is not None:
            return cand, ordered, tuple(board.me), apply_hits(opp, board.hits)
    return None
