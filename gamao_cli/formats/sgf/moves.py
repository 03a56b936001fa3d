"""SGF move texts: point letters, decoded plays (cached) and a mechanical board."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from gamao_cli.engine.position import Position
from gamao_cli.model.actions import BAR, OFF, Board, Step
from gamao_cli.model.match import Variant

_MOVE = re.compile(r"(\d)(\d)(.*)", re.DOTALL)
_CHECKERS = 15
_CACHE_LIMIT = 1 << 15
"""Move texts kept in :data:`_PLAYS` at most (it is emptied when full)."""

# A move text read once: (dice, steps, (from, to) of each step, problem); None when the
# text is not a move (P215). The problem is None or the start of the P216 message.
_Play = tuple[tuple[int, int], tuple[Step, ...], tuple[tuple[int, int], ...], str | None]
_PLAYS: dict[tuple[int, str], _Play | None] = {}
"""(player, stripped move text) -> how it reads, shared by all readers: the same plays come
up in game after game, and Steps are immutable."""


def clear_caches() -> None:
    """Forget the move texts read so far (the cache shared by all readers; for benchmarks)."""
    _PLAYS.clear()


def _read_play(player: int, text: str) -> _Play | None:
    m = _MOVE.fullmatch(text)
    if m is None or not ("1" <= m.group(1) <= "6" and "1" <= m.group(2) <= "6"):
        return None
    dice = (int(m.group(1)), int(m.group(2)))
    letters = m.group(3)
    pairs: list[tuple[int, int]] = []
    problem: str | None = None
    for i in range(0, len(letters) - 1, 2):
        frm = letter_point(letters[i], player)
        to = letter_point(letters[i + 1], player)
        if frm is None or to is None:
            problem = "bad point letter"
            break
        pairs.append((frm, to))
    if problem is None and len(letters) % 2:
        problem = "odd number of point letters"
    steps = tuple(Step(frm, to) for frm, to in pairs)
    return dice, steps, tuple(pairs), problem


# --- a mechanical board, for building setup positions and for writers ----------------------


class MechanicalBoard:
    """Both boards (own numbering), changed by plays without judging them.

    A step moves a checker if there is one; landing on a lone opposing checker sends it to
    the bar. Used to know the board a setup node edits, not to check legality.
    """

    def __init__(self, variant: Variant = Variant.STANDARD) -> None:
        start = Position.start(variant)
        self.boards: list[list[int]] = [list(start.boards[0]), list(start.boards[1])]

    def set(self, boards: tuple[Board, Board]) -> None:
        self.boards = [list(boards[0]), list(boards[1])]
        for board in self.boards:
            board.extend([0] * (26 - len(board)))
            del board[26:]

    def frozen(self) -> tuple[Board, Board]:
        return tuple(self.boards[0]), tuple(self.boards[1])

    def step(self, player: int, frm: int, to: int) -> None:
        me, opp = self.boards[player], self.boards[1 - player]
        if not (0 <= frm <= BAR and 0 <= to <= BAR) or me[frm] <= 0:
            return
        me[frm] -= 1
        me[to] += 1
        if 1 <= to <= 24 and opp[25 - to] == 1:
            opp[25 - to] = 0
            opp[BAR] += 1

    def play(self, player: int, steps: Sequence[Step]) -> None:
        for s in steps:
            points = (s.from_point, *s.via_hits, s.to_point)
            for frm, to in pairwise(points):
                self.step(player, frm, to)

    def play_pairs(self, player: int, pairs: Sequence[tuple[int, int]]) -> None:
        """:meth:`play` for steps without intermediate hits, given as (from, to) points."""
        me, opp = self.boards[player], self.boards[1 - player]
        for frm, to in pairs:
            if not (0 <= frm <= BAR and 0 <= to <= BAR) or me[frm] <= 0:
                continue
            me[frm] -= 1
            me[to] += 1
            if 1 <= to <= 24 and opp[25 - to] == 1:
                opp[25 - to] = 0
                opp[BAR] += 1

    def recount_off(self) -> None:
        for board in self.boards:
            board[OFF] = _CHECKERS - sum(board[1:])


# --- point letters -----------------------------------------------------------------------------


def letter_point(letter: str, player: int) -> int | None:
    """A move letter as a point in ``player``'s numbering (a..x, y = bar, z = off)."""
    if letter == "y":
        return BAR
    if letter == "z":
        return OFF
    if "a" <= letter <= "x":
        absolute = ord(letter) - ord("a") + 1  # White's point
        return absolute if player == 0 else 25 - absolute
    return None


def point_letter(point: int, player: int) -> str | None:
    """The inverse of :func:`letter_point` (None for a point outside 0..25)."""
    if point == BAR:
        return "y"
    if point == OFF:
        return "z"
    if 1 <= point <= 24:
        absolute = point if player == 0 else 25 - point
        return chr(ord("a") + absolute - 1)
    return None


def point_list(values: Sequence[str]) -> tuple[list[str], list[str]]:
    """Expand an SGF point list (``a``, ``a:x`` compressed ranges); returns (letters, bad)."""
    letters: list[str] = []
    bad: list[str] = []
    for value in values:
        v = value.strip()
        if len(v) == 1 and "a" <= v <= "z":
            letters.append(v)
        elif len(v) == 3 and v[1] == ":" and "a" <= v[0] <= v[2] <= "z":
            letters.extend(chr(c) for c in range(ord(v[0]), ord(v[2]) + 1))
        else:
            bad.append(value)
    return letters, bad


def dice_of(value: str) -> tuple[int, int] | None:
    m = _MOVE.fullmatch(value.strip())
    if m is None:
        return None
    return int(m.group(1)), int(m.group(2))


def lookup_play(player: int, text: str) -> _Play | None:
    """How ``text`` (stripped) reads as ``player``'s play, through the shared cache."""
    key = (player, text)
    try:
        return _PLAYS[key]
    except KeyError:
        if len(_PLAYS) >= _CACHE_LIMIT:
            _PLAYS.clear()
        known = _PLAYS[key] = _read_play(player, text)
        return known
