"""XG's move encoding, and the board the plays are replayed on.

A play is up to four ``(from, to)`` pairs in the mover's own numbering, 0-based (point n is
stored as n - 1, 24 is the bar), ``from = -1`` ends the list, a negative ``to`` is a
bear-off, an all-zero first pair is "no play" and ``from = -100`` is XG's illegal-play
marker (research/formats-wave2.md 9.3). A pair may span several dice (``24/18`` for 5-1):
:class:`Board` splits it into one step per die against the board, never through a point
the opponent holds, and marks the blots it hits, so the model gets the same single-die
steps a ``.mat`` export of the match writes. A play that cannot be split legally is kept
as recorded (the checker reports it) and applied mechanically so the game goes on.

Positions are 26 signed counts (index 1..24 points, positive for the side the frame
belongs to, 25 its bar, 0 the other side's bar, negative): :func:`frame` encodes the
rebuilt board the same way for the cross-check with XG's stored positions.
"""

from __future__ import annotations

from itertools import permutations

from gamao_cli.model.actions import BAR, OFF, Step

ILLEGAL_MARK = -100
Hop = tuple[int, int]  # (from, to) in the mover's numbering, 1-based, bar 25, off 0

_PAIRS: dict[tuple[int, ...], tuple[Hop, ...] | None] = {}
_CACHE_LIMIT = 4096


def decode_pairs(moves: tuple[int, ...]) -> tuple[Hop, ...] | None:
    """The hops of an 8-value move field; () for no play; None when it cannot be decoded
    (a value out of range, or XG's illegal-play marker)."""
    known = _PAIRS.get(moves, ())
    if known != ():
        return known
    hops: list[Hop] | None = []
    assert hops is not None
    if not (moves[0] == 0 and moves[1] == 0):
        for k in range(0, 8, 2):
            frm, to = moves[k], moves[k + 1]
            if frm == -1:
                break
            if not 0 <= frm <= 24 or not -6 <= to <= 23 or (to >= 0 and to >= frm):
                hops = None
                break
            hops.append((BAR if frm == 24 else frm + 1, OFF if to < 0 else to + 1))
    result = None if hops is None else tuple(hops)
    if len(_PAIRS) >= _CACHE_LIMIT:
        _PAIRS.clear()
    _PAIRS[moves] = result
    return result


_STEPS: dict[tuple[int, ...], tuple[Step, ...]] = {}


def candidate_steps(moves: tuple[int, ...]) -> tuple[Step, ...]:
    """A candidate's 8-value move field as model steps, spans kept as XG lists them;
    () for no play or an undecodable field. Cached: candidate lists repeat."""
    known = _STEPS.get(moves)
    if known is None:
        hops = decode_pairs(moves)
        known = tuple(Step(f, t) for f, t in hops) if hops else ()
        if len(_STEPS) >= _CACHE_LIMIT:
            _STEPS.clear()
        _STEPS[moves] = known
    return known


def frame(me: list[int], opp: list[int]) -> tuple[int, ...]:
    """``me``'s view of the board as XG stores it (``me`` positive, its bar at 25)."""
    cells = [mine - theirs for mine, theirs in zip(me, opp[::-1], strict=True)]
    cells[0] = -opp[BAR]  # not me[OFF] - opp[BAR]: off is not on the board
    cells[25] = me[BAR]
    return tuple(cells)


def unframe(cells: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """The two boards (own numbering; index 0 off) of a stored position, positive side first.

    Off is 15 minus the checkers on the board (never below 0)."""
    me = [0] * 26
    opp = [0] * 26
    for i in range(1, 25):
        v = cells[i]
        if v > 0:
            me[i] = v
        elif v < 0:
            opp[25 - i] = -v
    me[BAR] = max(cells[25], 0)
    opp[BAR] = max(-cells[0], 0)
    me[OFF] = max(15 - sum(me), 0)
    opp[OFF] = max(15 - sum(opp), 0)
    return me, opp


class Board:
    """Both players' boards (model numbering: index 0 off, 1..24, 25 bar), replayed."""

    def __init__(self, boards: tuple[list[int], list[int]]) -> None:
        self.boards = boards

    def copy(self) -> Board:
        return Board((list(self.boards[0]), list(self.boards[1])))

    def view(self, player: int) -> tuple[int, ...]:
        return frame(self.boards[player], self.boards[1 - player])

    def play(
        self, player: int, dice: tuple[int, int], hops: tuple[Hop, ...], last: bool = False
    ) -> tuple[Step, ...]:
        """Apply ``hops`` for ``player`` and return them as single-die steps with hits.

        A hop the dice cannot make (an illegal record) is applied as written. Where a span
        has several open routes (5-3 from 24 via 21 or via 19), the first die order is taken,
        or with ``last`` the last one: the caller tries both against XG's stored position
        when the routes hit differently."""
        me = self.boards[player]
        opp = self.boards[1 - player]
        d1, d2 = dice
        left = [d1] * 4 if d1 == d2 else [d1, d2]
        out: list[Step] = []
        for frm, to in hops:
            route = _route(me, opp, frm, to, left, last)
            if route is None:
                _move(me, opp, frm, to)
                out.append(Step(frm, to, hit=False))
                continue
            at = frm
            for die in route:
                left.remove(die)
                nxt = max(at - die, OFF)
                hit = _move(me, opp, at, nxt)
                out.append(Step(at, nxt, hit=hit))
                at = nxt
        return tuple(out)


def _move(me: list[int], opp: list[int], frm: int, to: int) -> bool:
    """One checker from ``frm`` to ``to``; True when it hits a blot there."""
    me[frm] -= 1
    me[to] += 1
    if to != OFF and opp[25 - to] == 1:
        opp[25 - to] = 0
        opp[BAR] += 1
        return True
    return False


def _route(
    me: list[int], opp: list[int], frm: int, to: int, left: list[int], last: bool = False
) -> list[int] | None:
    """The dice (in order) that carry one checker from ``frm`` to ``to``, never landing on a
    point the opponent holds. A bear-off takes one larger die before a combination; a
    combination may overshoot with its last die only to bear off."""
    if me[frm] <= 0:
        return None
    distance = frm - to
    if distance in left and (to == OFF or opp[25 - to] < 2):
        return [distance]
    if to == OFF:
        larger = [d for d in left if d > distance]
        if larger:
            return [min(larger)]
    for exact in (True, False):
        if not exact and to != OFF:
            break
        found: list[int] | None = None
        seen: set[tuple[int, ...]] = set()
        for n in range(2, len(left) + 1):
            for combo in permutations(left, n):
                if combo in seen:
                    continue
                seen.add(combo)
                total = sum(combo)
                if exact:
                    if total != distance:
                        continue
                elif not total - combo[-1] < distance < total:
                    continue
                if _open_route(opp, frm, combo):
                    if not last:
                        return list(combo)
                    found = list(combo)
        if found is not None:
            return found
    return None


def _open_route(opp: list[int], frm: int, combo: tuple[int, ...]) -> bool:
    """Whether no intermediate point of the route is held by the opponent."""
    at = frm
    for die in combo[:-1]:
        at -= die
        if at <= OFF or opp[25 - at] >= 2:
            return False
    return True
