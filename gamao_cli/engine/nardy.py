"""Long Nardy's own rules as the rule-set search applies them (research/variants.md N1, N4,
N5): the head, the checkers that may leave it in a turn, and the six-point block."""

from __future__ import annotations

from typing import Final

from gamao_cli.engine.ruleset import RuleSet
from gamao_cli.model.actions import Board

HEAD: Final = 24
"""Long Nardy: every checker starts on its owner's 24-point, the head (N1)."""

_HEAD_DOUBLES: Final = ((6, 6), (4, 4), (3, 3))
"""N4 head=fixed: the first-turn doubles that let a second checker leave the head."""

PATH: Final = tuple((12 - i) % 24 or 24 for i in range(24))
"""Long Nardy: the mover's points in the order the opponent passes them (12, 11, ..., 1, 24,
..., 13): index i of the opponent's path. An opposing checker on his own point q is at index
24 - q."""

PATH_INDEX: Final = (0, *(PATH.index(m) for m in range(1, 25)))
"""The opponent's path index of each of the mover's points 1..24."""


def farthest(opp: list[int] | Board) -> int:
    """The path index of the opponent's checker farthest along (-1 when none is on the
    board)."""
    for q in range(1, 25):
        if opp[q]:
            return 24 - q
    return -1


def prime_violation(me: list[int] | Board, opp: list[int] | Board) -> bool:
    """N5: the mover holds six points in a row along the opponent's path and no opposing
    checker is in front of them (farther along than the prime's last point)."""
    far = farthest(opp)
    run = 0
    for i in range(24):
        if me[PATH[i]]:
            run += 1
            if run >= 6 and far <= i:
                return True
        else:
            run = 0
    return False


def prime_through(me: list[int], far: int, t: int) -> bool:
    """N5 after a checker landed on ``t`` of a position without a violation: only the run of
    held points through ``t`` can have become one (``far`` as :func:`farthest`)."""
    i = PATH_INDEX[t]
    lo = i
    while lo > 0 and me[PATH[lo - 1]]:
        lo -= 1
    hi = i
    while hi < 23 and me[PATH[hi + 1]]:
        hi += 1
    return hi - lo >= 5 and far <= hi


def head_limit(rs: RuleSet, me: Board, dice: tuple[int, ...]) -> int:
    """N4: how many checkers may leave the head this turn (head=fixed; for head=needed, see
    :func:`~gamao_cli.engine.rules_movegen.general_generate`)."""
    if rs.head_fixed and me[HEAD] == rs.checkers and dice in _HEAD_DOUBLES:
        return 2
    return 1
