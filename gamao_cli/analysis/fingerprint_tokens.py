"""A game's fingerprint tokens (:mod:`fingerprint` documents them): one per roll and cube
action, in order. Compiled (setup.py): a match's tokens cost about as much as its replay
otherwise.
"""

from __future__ import annotations

from typing import Final

from gamao_cli.analysis.records import Applied
from gamao_cli.model.actions import Action, Beaver, Double, Drop, Move, SetPosition, Take
from gamao_cli.model.match import Game

# Token kinds. A token is: the side (a: the game's first mover, b: the other), the kind,
# then its payload: the boards after a play as bytes (each count fits a byte), a cube value.
_ROLL: Final = b"r"
_UNAPPLIED: Final = b"?"
_DANCE: Final = b"-"
_START: Final = b"S"
_DOUBLE: Final = b"D"
_TAKE: Final = b"T"
_DROP: Final = b"P"
_BEAVER: Final = b"B"
_SIDES: Final = (b"a", b"b")  # the game's first mover, the other


def _heads(dice: tuple[int, ...]) -> tuple[bytes, bytes]:
    written = bytes(sorted(dice))
    return (b"a" + _ROLL + written, b"b" + _ROLL + written)


_PAIR_HEADS: Final = [_heads((i >> 3, i & 7)) for i in range(64)]
"""A roll token's first bytes, the side (first mover, other), the kind and the dice sorted,
for two dice ``a``, ``b`` (1-6) at ``a * 8 + b``."""

_ROLL_HEADS: Final[dict[tuple[int, ...], tuple[bytes, bytes]]] = {}
"""The same for other rolls (tabula's three dice), by the roll as recorded."""


def _roll_heads(dice: tuple[int, ...]) -> tuple[bytes, bytes]:
    if len(dice) == 2:
        a = dice[0]
        b = dice[1]
        if 0 < a < 7 and 0 < b < 7:
            return _PAIR_HEADS[a * 8 + b]
    found = _ROLL_HEADS.get(dice)
    if found is None:
        found = _ROLL_HEADS[dice] = _heads(dice)
    return found


def _unapplied_token(move: Move, by: str) -> bytes | None:
    """The token of a play the replay did not apply (without its side): its recorded steps,
    or a dance (no token by positions)."""
    if move.steps:
        where = " ".join(sorted(str(s) for s in move.steps)).encode()
        kind = _UNAPPLIED
    elif by == "positions":
        return None
    else:
        where, kind = b"", _DANCE
    if by == "positions":
        return kind + where
    return kind + bytes(sorted(move.all_dice)) + where


def game_tokens(
    game: Game,
    applied: list[Applied],
    cursor: int,
    by: str,
    sources: list[Action] | None = None,
) -> tuple[list[bytes], int]:
    """The tokens of ``game`` (``by``: ``"actions"`` or ``"positions"``), from the plays the
    replay applied (``applied``, in order: the game's first one at ``cursor`` or after), and
    where the next game's plays start in ``applied``. ``sources``, when given, receives the
    action each token stands for (a set-up start: the game's ``start``), in step with the
    tokens."""
    plays_only = by == "positions"
    size = len(applied)
    first = -1
    tokens: list[bytes] = []
    # A side's board is the same tuple from one play to the next until that side moves or
    # is hit: the board the last play left its mover with is converted to bytes once.
    last: tuple[int, ...] = ()
    last_bytes = b""
    if game.start is not None:
        start: SetPosition = game.start
        mover, other = start.boards[start.turn], start.boards[1 - start.turn]
        tokens.append(_START + bytes(mover) + bytes(other))
        if sources is not None:
            sources.append(start)
        first = start.turn
    for action in game.actions:
        if isinstance(action, Move):
            player = action.player
            if first < 0:
                first = player
            if cursor < size and applied[cursor][0] is action:
                mover_board = applied[cursor][1]
                opponent_board = applied[cursor][2]
                cursor += 1
                mover_bytes = bytes(mover_board)
                if opponent_board is last:
                    where = mover_bytes + last_bytes
                else:
                    where = mover_bytes + bytes(opponent_board)
                last, last_bytes = mover_board, mover_bytes
                if plays_only:
                    head = _SIDES[player != first] + _ROLL
                else:
                    # Move.all_dice, spelt out (a property is interpreted code): tabula rolls three.
                    head = _roll_heads(action.roll or action.dice)[player != first]
                tokens.append(head + where)
                if sources is not None:
                    sources.append(action)
                continue
            token = _unapplied_token(action, by)
        elif plays_only:
            continue
        elif isinstance(action, Double):
            token = _DOUBLE + str(action.value).encode()
        elif isinstance(action, Take):
            token = _TAKE
        elif isinstance(action, Drop):
            token = _DROP
        elif isinstance(action, Beaver):
            token = _BEAVER + str(action.value).encode()
        else:
            continue
        if token is None:
            continue
        actor = getattr(action, "player", None)
        side = b"" if actor is None or first < 0 else _SIDES[actor != first]
        tokens.append(side + token)
        if sources is not None:
            sources.append(action)
    return tokens, cursor
