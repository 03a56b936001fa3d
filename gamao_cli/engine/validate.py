"""Judging a recorded play: legal or not, and if not, which rule it breaks and why.

A recorded play is a list of hops (``Step``), each possibly spanning several dice
(``24/13``), in the order written. It is legal when its hops can be split into single-die
steps and ordered so that every step is legal (RULES.md M1-M3, H1-H5, B1-B6) and the play
uses as many dice as possible, the larger die when only one can be played (M4, M5). The text
is notation, not the physical order: ``61: 1/0 11/5`` is legal because ``11/5 1/0`` is.

The fast path needs no play generation: a play that uses every die and can be ordered legally
is legal. Generation is needed only to check a play that uses fewer dice, or to explain.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations

from gamao_cli.engine.judgement import REASONS, Judgement, legal_judgement
from gamao_cli.engine.movegen import Play, StepTuple, apply_hits, blockade, plays_for
from gamao_cli.i18n import N_
from gamao_cli.model.actions import BAR, OFF, Board, Step


def _name(p: int) -> str:
    return "bar" if p == BAR else "off" if p == OFF else str(p)


def _hop_name(frm: int, to: int) -> str:
    return f"{_name(frm)}/{_name(to)}"


def _split_options(frm: int, to: int, dice: list[int]) -> list[tuple[int, ...]]:
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


def _expand(frm: int, to: int, seq: tuple[int, ...]) -> list[tuple[int, int]]:
    hops = []
    here = frm
    for d in seq:
        nxt = here - d
        if nxt < 0 or (to == OFF and nxt <= 0):
            nxt = OFF
        hops.append((here, nxt))
        here = nxt
    return hops


class _Board:
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
    board: _Board, steps: list[tuple[int, int, int, int]]
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

    def __init__(self, board: _Board, steps: list[tuple[int, int, int, int]]) -> None:
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


def _mechanical(me: Board, opp: Board, hops: Sequence[Step]) -> tuple[Board, Board] | None:
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


def _valid_hop(hop: Step) -> bool:
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
    for seq in _split_options(hop.from_point, hop.to_point, remaining):
        rest = list(remaining)
        for d in seq:
            rest.remove(d)
        expanded = _expand(hop.from_point, hop.to_point, seq)
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


def judge(me: Board, opp: Board, dice: tuple[int, int], hops: Sequence[Step]) -> Judgement:
    """Judge a recorded play ``hops`` for the mover (boards in the mover's view)."""
    d1, d2 = dice
    all_dice = [d1] * 4 if d1 == d2 else [d1, d2]
    if not hops:
        plays = plays_for(me, opp, dice)
        if plays:
            return Judgement(
                False,
                "no-play-recorded",
                "M5",
                N_("no play recorded, but {plays} existed").format(plays=_count(plays)),
                mover=me,
                opponent=opp,
                legal_plays=tuple(plays),
            )
        return Judgement(True, mover=me, opponent=opp, legal_plays=())
    if len(hops) == len(all_dice):
        quick = _one_die_each(me, opp, all_dice, hops)  # it checks each hop's direction too
        if quick is not None:
            return legal_judgement(*quick)
    for hop in hops:
        if not _valid_hop(hop):
            return Judgement(
                False,
                "wrong-distance",
                "M1",
                N_("{step} does not move toward home").format(step=hop),
                mover=None,
            )
    blocked, blot = blockade(opp)
    reading = _reading(me, opp, all_dice, hops, blocked, blot)
    if reading is not None:
        cand, ordered, mover, opponent = reading
        written = [(f, t) for f, t, _, _ in cand]
        reordered = [(f, t) for f, t, _ in ordered] != written
        missing = _missing_marks(hops, ordered)
        if len(ordered) == len(all_dice):
            return Judgement(
                True,
                steps=tuple(ordered),
                mover=mover,
                opponent=opponent,
                reordered=reordered,
                marked_hits_missing=missing,
            )
        # Fewer dice than the roll gives: legal only if no play uses more (M4).
        plays = plays_for(me, opp, dice)
        for play in plays:
            if play.mover == mover and play.opponent == opponent:
                return Judgement(
                    True,
                    steps=tuple(ordered),
                    mover=mover,
                    opponent=opponent,
                    reordered=reordered,
                    legal_plays=tuple(plays),
                    marked_hits_missing=missing,
                )
        best = max(p.dice_used for p in plays)
        if best > len(ordered):
            code = "fewer-dice"
            reason = N_(
                "{played} of the dice played, but {best} could be ({plays} existed)"
            ).format(played=len(ordered), best=best, plays=_count(plays))
        else:
            code = "smaller-die"
            reason = N_(
                "only the smaller die was played ({step}), but the larger die {die} could be played"
            ).format(step=_hop_name(ordered[0][0], ordered[0][1]), die=max(dice))
        return Judgement(
            False,
            code,
            "M4",
            reason,
            mover=mover,
            opponent=opponent,
            legal_plays=tuple(plays),
        )

    # Illegal: explain with the first problem met playing the hops in the order written.
    applied = _mechanical(me, opp, hops)
    mover_after, opp_after = applied if applied else (None, None)
    why, text = _diagnose(me, opp, dice, hops, blocked, blot)
    return Judgement(False, why, REASONS[why], text, mover=mover_after, opponent=opp_after)


Reading = tuple[list[tuple[int, int, int, int]], list[StepTuple], Board, Board]
"""A recorded play read as single-die steps: (the hops split into dice, the steps in an order
that plays, the mover's board after, the opponent's)."""


def _reading(
    me: Board,
    opp: Board,
    all_dice: list[int],
    hops: Sequence[Step],
    blocked: list[bool],
    blot: list[bool],
) -> Reading | None:
    """The reading :func:`judge` takes of ``hops``, legal or not: every way of splitting the
    hops into dice, most dice first, then the one whose intermediate hits agree with the marks
    written (an unmarked combined move passes over blots without hitting, as gnubg reads it);
    the first that can be played in some order. None when none can."""
    candidates: list[list[tuple[int, int, int, int]]] = []
    _assign(hops, 0, all_dice, [], candidates)
    candidates.sort(key=lambda c: (-len(c), _mismatch(c, hops, blot)))
    for cand in candidates:
        board = _Board(me, blocked, blot)
        ordered, _fail = _order(board, cand)
        if ordered is not None:
            return cand, ordered, tuple(board.me), apply_hits(opp, board.hits)
    return None


def play_result(
    me: Board, opp: Board, dice: tuple[int, int], hops: Sequence[Step]
) -> tuple[Board, Board] | None:
    """The boards after the recorded play ``hops`` (mover's, opponent's), as :func:`judge`
    gives them, legal or not, without judging it: a partial play is not measured against
    every legal play (M4), which is most of judging one. None where judge gives none."""
    all_dice = [dice[0]] * 4 if dice[0] == dice[1] else [dice[0], dice[1]]
    if not hops:
        return me, opp
    if len(hops) == len(all_dice):
        quick = _apply_one_die_each(me, opp, all_dice, hops, None)
        if quick is not None:
            return quick[0], quick[1]
    if not all(_valid_hop(hop) for hop in hops):
        return None
    blocked, blot = blockade(opp)
    reading = _reading(me, opp, all_dice, hops, blocked, blot)
    if reading is not None:
        return reading[2], reading[3]
    return _mechanical(me, opp, hops)


def _diagnose(
    me: Board,
    opp: Board,
    dice: tuple[int, int],
    hops: Sequence[Step],
    blocked: list[bool],
    blot: list[bool],
) -> tuple[str, str]:
    """The first problem met when the hops are played in the order written: (kind,
    explanation)."""
    d1, d2 = dice
    remaining = [d1] * 4 if d1 == d2 else [d1, d2]
    total = len(remaining)
    board = _Board(me, blocked, blot)
    for i, hop in enumerate(hops):
        frm, to = hop.from_point, hop.to_point
        if not remaining:
            return "too-many-moves", (
                N_("{moves} moves recorded, but the roll {roll} gives {total}").format(
                    moves=len(hops), roll=f"{d1}{d2}", total=total
                )
            )
        if board.me[BAR] and frm != BAR:
            return "bar-first", _explain("bar-first", frm, to, tuple(board.me), opp)
        if board.me[frm] <= 0:
            return "no-checker", _explain("no-checker", frm, to, tuple(board.me), opp)
        options = _split_options(frm, to, remaining)
        if not options:
            dist = frm - to
            if len(hops) > total and _sum_ok(hops, remaining):
                return "too-many-moves", (
                    N_("{moves} moves recorded, but the roll {roll} gives {total}").format(
                        moves=len(hops), roll=f"{d1}{d2}", total=total
                    )
                )
            pips = (
                N_("{step} moves {count} pip") if dist == 1 else N_("{step} moves {count} pips")
            ).format(step=_hop_name(frm, to), count=dist)
            if i == 0:
                return "wrong-distance", N_("{move}, which the dice {dice} cannot make").format(
                    move=pips, dice=_dice_text(dice)
                )
            left = "-".join(str(d) for d in remaining)
            return "wrong-distance", N_("{move}, but the dice left for it are {dice}").format(
                move=pips, dice=left
            )
        first_problem: tuple[str, int, int] | None = None
        for seq in options:
            steps = _expand(frm, to, seq)
            done: list[tuple[int, int, bool]] = []
            problem = None
            for (f, t), d in zip(steps, seq, strict=True):
                problem = board.problem(f, t, d)
                if problem is not None:
                    if first_problem is None:
                        first_problem = (problem, f, t)
                    break
                done.append((f, t, board.move(f, t)))
            if problem is None:
                for d in seq:
                    remaining.remove(d)
                break
            for f, t, hit in reversed(done):
                board.unmove(f, t, hit)
        else:
            assert first_problem is not None
            kind, f, t = first_problem
            return kind, _explain(kind, f, t, tuple(board.me), opp)
    # Every hop can be played in the order written, yet not as one legal play: the dice do
    # not add up (a hop used a die another needed).
    return "wrong-distance", N_("the moves do not fit the dice {dice}").format(
        dice=_dice_text(dice)
    )


QuickVerdict = tuple[tuple[StepTuple, ...], Board, Board, tuple[int, ...]]
"""A legal play's single-die steps, the boards after it, and the hit marks with no hit."""


def quick_legal(
    me: Board, opp: Board, dice: tuple[int, int], hops: Sequence[Step]
) -> QuickVerdict | None:
    """:func:`judge`'s fast path on its own: a play of one hop a die, legal in the order
    written (most recorded plays), as :func:`legal_judgement`'s fields; None for any other
    play, which :func:`judge` then decides. Without a verdict to build, a replay that
    calls this first saves a third of judging such a play."""
    d1, d2 = dice
    all_dice = [d1] * 4 if d1 == d2 else [d1, d2]
    if len(hops) != len(all_dice):
        return None
    return _one_die_each(me, opp, all_dice, hops)


def _one_die_each(
    me: Board, opp: Board, dice: list[int], hops: Sequence[Step]
) -> QuickVerdict | None:
    """The common case, fast: one hop per die, legal in the order written. None when the
    play is not of that kind (the general search then decides)."""
    steps: list[StepTuple] = []
    after = _apply_one_die_each(me, opp, dice, hops, steps)
    if after is None:
        return None
    mover, opponent, marked = after
    return (tuple(steps), mover, opponent, _missing_marks(hops, steps) if marked else ())


def _apply_one_die_each(
    me: Board, opp: Board, dice: list[int], hops: Sequence[Step], steps: list[StepTuple] | None
) -> tuple[Board, Board, bool] | None:
    """:func:`_one_die_each`'s boards after the play, and whether a hit is marked; the
    single-die steps are added to ``steps`` unless it is None."""
    if len(dice) == 2 and not (_fits(hops[0], dice[0]) and _fits(hops[1], dice[1])):
        dice = [dice[1], dice[0]]
    board = list(me)
    hits = 0
    marked = False
    for k in range(len(dice)):  # as many hops as dice (the caller's test); zip is slower
        hop, d = hops[k], dice[k]
        frm, to = hop.from_point, hop.to_point
        if not 0 <= to < frm <= BAR:  # _valid_hop, inline (no hop to the bar: to < frm <= BAR)
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


def _sum_ok(hops: Sequence[Step], dice: list[int]) -> bool:
    """True when each hop on its own could be made by one die: too many hops, not bad ones."""
    return all(
        any(
            h.from_point - h.to_point == d or (h.to_point == OFF and d > h.from_point)
            for d in set(dice)
        )
        for h in hops
    )


def _dice_text(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"


def _count(plays: Sequence[Play]) -> str:
    if len(plays) == 1:
        return N_("{count} legal play").format(count=1)
    return N_("{count} legal plays").format(count=len(plays))


def _explain(why: str, frm: int, to: int, me: Board, opp: Board) -> str:
    hop = _hop_name(frm, to)
    if why == "no-checker":
        return N_("{step}: there is no checker of the mover on {point}").format(
            step=hop, point=_name(frm)
        )
    if why == "bar-first":
        if me[BAR] > 1:
            return N_(
                "{step}: {count} checkers on the bar must enter before any other checker moves"
            ).format(step=hop, count=me[BAR])
        return N_(
            "{step}: {count} checker on the bar must enter before any other checker moves"
        ).format(step=hop, count=me[BAR])
    if why == "blocked":
        return N_("{step}: point {point} is held by {count} opposing checkers").format(
            step=hop, point=to, count=opp[25 - to]
        )
    if why == "blocked-entry":
        return N_("{step}: the entry point {point} is held by {count} opposing checkers").format(
            step=hop, point=to, count=opp[25 - to]
        )
    if why == "bear-off-early":
        outside = sum(me[7:26])
        if outside > 1:
            return N_(
                "{step}: bearing off while {count} checkers are outside the home board"
            ).format(step=hop, count=outside)
        return N_("{step}: bearing off while {count} checker is outside the home board").format(
            step=hop, count=outside
        )
    if why == "bear-off-higher":
        higher = max(p for p in range(frm + 1, 7) if me[p])
        return N_(
            "{step}: bearing off from {point} with a higher die while a checker stands on {higher}"
        ).format(step=hop, point=frm, higher=higher)
    return N_("{step}: the distance does not match the die").format(step=hop)


def _missing_marks(hops: Sequence[Step], steps: Sequence[StepTuple]) -> tuple[int, ...]:
    if not any(h.hit or h.via_hits for h in hops):
        return ()
    hit_points = {t for _, t, h in steps if h}
    marked = {h.to_point for h in hops if h.hit} | {v for h in hops for v in h.via_hits}
    return tuple(sorted(p for p in marked if p not in hit_points))
