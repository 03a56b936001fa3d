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

from gamao_cli.engine.judgement import REASONS, Judgement, legal_judgement
from gamao_cli.engine.movegen import blockade, plays_for
from gamao_cli.engine.validate_explain import count_text, diagnose, hop_name
from gamao_cli.engine.validate_quick import (
    QuickVerdict,
    apply_one_die_each,
    missing_marks,
    one_die_each,
    quick_legal,
)
from gamao_cli.engine.validate_read import mechanical, read_play, valid_hop
from gamao_cli.i18n import N_
from gamao_cli.model.actions import Board, Step

__all__ = ["QuickVerdict", "judge", "play_result", "quick_legal"]


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
                N_("no play recorded, but {plays} existed").format(plays=count_text(plays)),
                mover=me,
                opponent=opp,
                legal_plays=tuple(plays),
            )
        return Judgement(True, mover=me, opponent=opp, legal_plays=())
    if len(hops) == len(all_dice):
        quick = one_die_each(me, opp, all_dice, hops)  # it checks each hop's direction too
        if quick is not None:
            return legal_judgement(*quick)
    for hop in hops:
        if not valid_hop(hop):
            return Judgement(
                False,
                "wrong-distance",
                "M1",
                N_("{step} does not move toward home").format(step=hop),
                mover=None,
            )
    blocked, blot = blockade(opp)
    reading = read_play(me, opp, all_dice, hops, blocked, blot)
    if reading is not None:
        cand, ordered, mover, opponent = reading
        written = [(f, t) for f, t, _, _ in cand]
        reordered = [(f, t) for f, t, _ in ordered] != written
        missing = missing_marks(hops, ordered)
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
            ).format(played=len(ordered), best=best, plays=count_text(plays))
        else:
            code = "smaller-die"
            reason = N_(
                "only the smaller die was played ({step}), but the larger die {die} could be played"
            ).format(step=hop_name(ordered[0][0], ordered[0][1]), die=max(dice))
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
    applied = mechanical(me, opp, hops)
    mover_after, opp_after = applied if applied else (None, None)
    why, text = diagnose(me, opp, dice, hops, blocked, blot)
    return Judgement(False, why, REASONS[why], text, mover=mover_after, opponent=opp_after)


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
        quick = apply_one_die_each(me, opp, all_dice, hops, None)
        if quick is not None:
            return quick[0], quick[1]
    if not all(valid_hop(hop) for hop in hops):
        return None
    blocked, blot = blockade(opp)
    reading = read_play(me, opp, all_dice, hops, blocked, blot)
    if reading is not None:
        return reading[2], reading[3]
    return mechanical(me, opp, hops)
