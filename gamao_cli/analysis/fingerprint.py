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

from gamao_cli.analysis.fingerprint_tokens import game_tokens
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.replay import MatchReplayer
from gamao_cli.model.match import Match

By = Literal["actions", "positions"]

_VERSION = "1"
_DIGEST = 16  # bytes of BLAKE2b


_SEPARATOR = b"\x1f"
"""Joins a game's tokens before hashing. No token holds this byte: boards count at most 15
checkers a point, dice are 1-6, the rest is ASCII letters, digits and notation."""


@dataclass(frozen=True, slots=True)
class GamePrint:
    fingerprint: str
    count: int  # tokens hashed
    hashed: bytes  # the tokens joined by the separator, as hashed (for near-duplicate checks)

    @property
    def tokens(self) -> tuple[bytes, ...]:
        """What was hashed, in order."""
        return tuple(self.hashed.split(_SEPARATOR)) if self.count else ()

    def opening(self, count: int) -> bytes:
        """The first ``count`` tokens, joined (all of them when the game has fewer)."""
        if count >= self.count:
            return self.hashed
        end = -1
        for _token in range(count):
            end = self.hashed.index(_SEPARATOR, end + 1)
        return self.hashed[: max(end, 0)]

    def starts_with(self, other: GamePrint) -> bool:
        """Whether ``other``'s tokens are this game's first tokens."""
        size = len(other.hashed)
        return other.count == 0 or (
            self.hashed.startswith(other.hashed)
            and (len(self.hashed) == size or self.hashed[size] == _SEPARATOR[0])
        )


@dataclass(frozen=True, slots=True)
class MatchPrint:
    fingerprint: str
    length: int
    variant: str
    games: tuple[GamePrint, ...]

    @property
    def moves(self) -> int:
        return sum(g.count for g in self.games)

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
        return self.games[len(whole)].starts_with(last)


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=_DIGEST).hexdigest()


def fingerprint_match(
    match: Match, by: By = "actions", options: CheckOptions | None = None
) -> MatchPrint:
    """The fingerprint of ``match`` and of each of its games (replays the match)."""
    replayer = MatchReplayer(match, options or CheckOptions())
    replayer.applied = []
    replayer.ids = False  # findings are not kept: no position identifiers for them
    replayer.records = False  # nor play records
    replayer.run()
    applied = replayer.applied
    cursor = 0
    tag = "a" if by == "actions" else "p"
    games = []
    for game in match.games:
        tokens, cursor = game_tokens(game, applied, cursor, by)
        hashed = _SEPARATOR.join(tokens)
        games.append(GamePrint(f"gg{_VERSION}{tag}-" + _digest(hashed), len(tokens), hashed))
    variant = replayer.rules.variant.value
    head = [str(match.length).encode(), variant.encode()]
    parts = head + [g.fingerprint.encode() for g in games]
    fingerprint = f"gm{_VERSION}{tag}-" + _digest(_SEPARATOR.join(parts))
    return MatchPrint(fingerprint, match.length, variant, tuple(games))
