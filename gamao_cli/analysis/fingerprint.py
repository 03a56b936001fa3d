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
    tokens: tuple[str, ...]  # what was hashed, in order (for near-duplicate checks)


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


def _digest(parts: list[str]) -> str:
    h = hashlib.blake2b(digest_size=_DIGEST)
    h.update("\x1f".join(parts).encode("utf-8"))
    return h.hexdigest()


def _board_key(mover: tuple[int, ...], opponent: tuple[int, ...]) -> str:
    return ",".join(map(str, mover)) + "|" + ",".join(map(str, opponent))


def _move_token(
    move: Move,
    positions: dict[int, tuple[tuple[int, ...], tuple[int, ...]]],
    by: By,
) -> str | None:
    boards = positions.get(id(move))
    if boards is not None:
        where = _board_key(*boards)
    elif move.steps:
        where = "?" + " ".join(sorted(str(s) for s in move.steps))
    else:
        return None if by == "positions" else f"{min(move.dice)}{max(move.dice)}:-"
    if by == "positions":
        return where
    return f"{min(move.dice)}{max(move.dice)}:{where}"


def _game_tokens(
    game: Game,
    positions: dict[int, tuple[tuple[int, ...], tuple[int, ...]]],
    by: By,
) -> tuple[str, ...]:
    first: int | None = None
    tokens: list[str] = []
    if game.start is not None:
        start: SetPosition = game.start
        tokens.append("S" + _board_key(*start.boards))
        first = start.turn
    for action in game.actions:
        player = getattr(action, "player", None)
        if first is None and isinstance(action, Move):
            first = action.player
        side = "" if player is None or first is None else ("a" if player == first else "b")
        token: str | None
        if isinstance(action, Move):
            token = _move_token(action, positions, by)
        elif by == "positions":
            token = None
        elif isinstance(action, Double):
            token = f"D{side}{action.value}"
        elif isinstance(action, Take):
            token = f"T{side}"
        elif isinstance(action, Drop):
            token = f"P{side}"
        elif isinstance(action, Beaver):
            token = f"B{side}{action.value}"
        else:
            token = None
        if token is not None:
            tokens.append((side + token) if isinstance(action, Move) else token)
    return tuple(tokens)


def fingerprint_match(
    match: Match, by: By = "actions", options: CheckOptions | None = None
) -> MatchPrint:
    """The fingerprint of ``match`` and of each of its games (replays the match)."""
    replayer = MatchReplayer(match, options or CheckOptions())
    replayer.positions = {}
    replayer.run()
    positions = replayer.positions
    tag = "a" if by == "actions" else "p"
    games = []
    for game in match.games:
        tokens = _game_tokens(game, positions, by)
        games.append(GamePrint(f"gg{_VERSION}{tag}-" + _digest(list(tokens)), tokens))
    variant = replayer.rules.variant.value
    head = [str(match.length), variant]
    fingerprint = f"gm{_VERSION}{tag}-" + _digest(head + [g.fingerprint for g in games])
    return MatchPrint(fingerprint, match.length, variant, tuple(games))
