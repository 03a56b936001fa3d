"""Fingerprints of matches and games: the same match, however it was written down.

A game's fingerprint hashes what happened in it, not how a program wrote it: each roll (the
two dice, in either order) with the position its play led to, and each cube action. Plays are
compared by the position they reach, so ``24/13``, ``24/18 18/13`` and ``24/18/13`` are the
same play; sides are named relative to the game's first mover, so swapped columns or swapped
player numbers (XG's player 1 is not always the .mat left column) do not matter. Names, tags,
comments, analysis, results (recorded points, resignation offers: .mat files never write
those down) and line layout are left out, since writers disagree on them (a capped ``Wins``
line, a Galaxy rating, XG's analysis). A match's fingerprint hashes its length, its variant
and its games' fingerprints in order.

``by="positions"`` keeps only the positions reached (no dice, no cube actions): records that
agree on every position but differ in a cube action or a roll's notation fall together.

Fingerprints are hex strings prefixed with their scheme and version (``gm1a-`` / ``gm1p-``
for matches, ``gg1a-`` / ``gg1p-`` for games); docs/dedupe.md documents them. A play the
engine could not apply (an illegal or unreadable one) is hashed by its recorded steps, so
such records still fingerprint, but only equal to records with the same notation.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Literal

from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.replay import MatchReplayer
from gamao_cli.model.actions import Beaver, Double, Drop, Move, SetPosition, Take
from gamao_cli.model.match import Game, Match

By = Literal["actions", "positions"]

_VERSION = "1"
_DIGEST = 16  # bytes of BLAKE2b


@dataclass(frozen=True, slots=True)
class GamePrint:
    fingerprint: str
    tokens: tuple[bytes, ...]  # what was hashed, in order (for near-duplicate checks)


@dataclass(frozen=True, slots=True)
class MatchPrint:
    fingerprint: str
    length: int
    variant: str
    games: tuple[GamePrint, ...]

    @property
    def moves(self) -> int:
        return sum(len(g.tokens) for g in self.games)

    def extends(self, other: MatchPrint) -> bool:
        """Whether this match is ``other`` continued: ``other`` is a truncated copy of it
        (its games are this match's first games, the last one possibly cut short)."""
        if (self.length, self.variant) != (other.length, other.variant):
            return False
        if not other.games or len(other.games) > len(self.games):
            return False
        if self.moves <= other.moves:
            return False
        *whole, last = other.games
        for mine, theirs in zip(self.games, whole, strict=False):
            if mine.fingerprint != theirs.fingerprint:
                return False
        mine_last = self.games[len(whole)].tokens
        return mine_last[: len(last.tokens)] == last.tokens


def _digest(parts: list[bytes]) -> str:
    return hashlib.blake2b(b"\x1f".join(parts), digest_size=_DIGEST).hexdigest()


# Token kinds. A token is: the side (a: the game's first mover, b: the other), the kind,
# then its payload: the boards after a play as bytes (each count fits a byte), a cube value.
_ROLL, _UNAPPLIED, _DANCE, _START = b"r", b"?", b"-", b"S"
_DOUBLE, _TAKE, _DROP, _BEAVER = b"D", b"T", b"P", b"B"


_DICE_BYTES: dict[tuple[int, ...], bytes] = {}
"""The dice of a roll as a token writes them (sorted), by the roll as recorded."""


def _dice_bytes(dice: tuple[int, ...]) -> bytes:
    found = _DICE_BYTES.get(dice)
    if found is None:
        found = _DICE_BYTES[dice] = bytes(sorted(dice))
    return found


def _move_token(
    move: Move,
    positions: dict[int, tuple[tuple[int, ...], tuple[int, ...]]],
    by: By,
) -> bytes | None:
    boards = positions.get(id(move))
    if boards is not None:
        where = bytes(boards[0] + boards[1])
        kind = _ROLL
    elif move.steps:
        where = " ".join(sorted(str(s) for s in move.steps)).encode()
        kind = _UNAPPLIED
    else:
        if by == "positions":
            return None
        where, kind = b"", _DANCE
    if by == "positions":
        return kind + where
    return kind + _dice_bytes(move.all_dice) + where  # tabula: its three dice


def _game_tokens(
    game: Game,
    positions: dict[int, tuple[tuple[int, ...], tuple[int, ...]]],
    by: By,
) -> tuple[bytes, ...]:
    first: int | None = None
    tokens: list[bytes] = []
    if game.start is not None:
        start: SetPosition = game.start
        mover, other = start.boards[start.turn], start.boards[1 - start.turn]
        tokens.append(_START + bytes(mover) + bytes(other))
        first = start.turn
    for action in game.actions:
        if isinstance(action, Move):
            if first is None:
                first = action.player
            token = _move_token(action, positions, by)
        elif by == "positions":
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
        player = getattr(action, "player", None)
        side = b"" if player is None or first is None else (b"a" if player == first else b"b")
        tokens.append(side + token)
    return tuple(tokens)


def fingerprint_match(
    match: Match, by: By = "actions", options: CheckOptions | None = None
) -> MatchPrint:
    """The fingerprint of ``match`` and of each of its games (replays the match)."""
    replayer = MatchReplayer(match, options or CheckOptions())
    replayer.positions = {}
    replayer.ids = False  # findings are not kept: no position identifiers for them
    replayer.run()
    positions = replayer.positions
    tag = "a" if by == "actions" else "p"
    games = []
    for game in match.games:
        tokens = _game_tokens(game, positions, by)
        games.append(GamePrint(f"gg{_VERSION}{tag}-" + _digest(list(tokens)), tokens))
    variant = replayer.rules.variant.value
    head = [str(match.length).encode(), variant.encode()]
    fingerprint = f"gm{_VERSION}{tag}-" + _digest(head + [g.fingerprint.encode() for g in games])
    return MatchPrint(fingerprint, match.length, variant, tuple(games))
