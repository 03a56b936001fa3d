"""Why a recorded play is illegal (engine.validate): the first problem met playing its hops
in the order written, as a kind of :data:`~gamao_cli.engine.judgement.REASONS` and a sentence."""

from __future__ import annotations

from collections.abc import Sequence

from gamao_cli.engine.movegen import Play
from gamao_cli.engine.validate_read import StepBoard, expand, split_options
from gamao_cli.i18n import N_
from gamao_cli.model.actions import BAR, OFF, Board, Step


def _name(p: int) -> str:
    return "bar" if p == BAR else "off" if p == OFF else str(p)


def hop_name(frm: int, to: int) -> str:
    return f"{_name(frm)}/{_name(to)}"


def diagnose(
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
    board = StepBoard(me, blocked, blot)
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
        options = split_options(frm, to, remaining)
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
            ).format(step=hop_name(frm, to), count=dist)
            if i == 0:
                return "wrong-distance", N_("{move}, which the dice {dice} cannot make").format(
                    move=pips, dice=dice_text(dice)
                )
            left = "-".join(str(d) for d in remaining)
            return "wrong-distance", N_("{move}, but the dice left for it are {dice}").format(
                move=pips, dice=left
            )
        first_problem: tuple[str, int, int] | None = None
        for seq in options:
            steps = expand(frm, to, seq)
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
    return "wrong-distance", N_("the moves do not fit the dice {dice}").format(dice=dice_text(dice))


def _sum_ok(hops: Sequence[Step], dice: list[int]) -> bool:
    """True when each hop on its own could be made by one die: too many hops, not bad ones."""
    return all(
        any(
            h.from_point - h.to_point == d or (h.to_point == OFF and d > h.from_point)
            for d in set(dice)
        )
        for h in hops
    )


def dice_text(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"


def count_text(plays: Sequence[Play]) -> str:
    if len(plays) == 1:
        return N_("{count} legal play").format(count=1)
    return N_("{count} legal plays").format(count=len(plays))


def _explain(why: str, frm: int, to: int, me: Board, opp: Board) -> str:
    hop = hop_name(frm, to)
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
