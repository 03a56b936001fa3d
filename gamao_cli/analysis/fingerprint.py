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
from gamao_cli.analysis.records import Applied
from gamao_cli.analysis.replay import plays_of
from gamao_cli.model.match import Match

By = Literal["actions", "positions"]

_VERSION = "1"
_DIGEST = 16  # bytes of BLAKE2b


_SEPARATOR = b"\x1f"
"""Joins a game's tokens before hashing. No token holds this byte: boards count at most 15
checkers a point, dice are 1-6, the rest is ASCII letters, digits and notation."""

_OPENING = 4  # a first game's opening: its first tokens, up to this many
_MARKS = tuple(1 << e for e in range(2, 31))  # 4, 8, 16, ...: a game's prefixes with a digest


@dataclass(frozen=True, slots=True)
class GamePrint:
    """A game's fingerprint, its count of tokens and, for a match's first game, the digests
    of some of its prefixes (the first 4, 8, 16, ... tokens, below the count): enough to
    tell, without the tokens, whether another game's tokens begin it in most cases.
    ``hashed`` (the tokens themselves, joined) is left out of a :meth:`compact` print."""

    fingerprint: str
    count: int  # tokens hashed
    marks: tuple[bytes, ...] = ()  # digests of the first 4, 8, 16, ... tokens (below count),
    # kept for a match's first game (its near-duplicate candidates are found by its opening;
    # a later game's, by sharing whole games: a relation the tokens are read again to tell)
    hashed: bytes | None = None  # the tokens joined by the separator, as hashed

    @property
    def tokens(self) -> tuple[bytes, ...]:
        """What was hashed, in order (not kept by a compact print)."""
        if self.hashed is None:
            raise ValueError("a compact game print keeps no tokens")
        return tuple(self.hashed.split(_SEPARATOR)) if self.count else ()

    @property
    def digest(self) -> bytes:
        """The digest of all the tokens (the fingerprint's hex digits, as bytes)."""
        return bytes.fromhex(self.fingerprint.partition("-")[2])

    def mark(self, count: int) -> bytes | None:
        """The digest of the first ``count`` tokens, where the print has it."""
        if count == self.count:
            return self.digest
        if count > self.count or count < _MARKS[0] or count & (count - 1):
            return None
        index = count.bit_length() - 3
        return self.marks[index] if index < len(self.marks) else None

    def starts_with(self, other: GamePrint) -> bool | None:
        """Whether ``other``'s tokens are this game's first tokens; None when only the
        tokens can tell and a compact print does not keep them."""
        n = other.count
        if n == 0:
            return True
        if n > self.count:
            return False
        if self.hashed is not None and other.hashed is not None:
            size = len(other.hashed)
            return self.hashed.startswith(other.hashed) and (
                len(self.hashed) == size or self.hashed[size] == _SEPARATOR[0]
            )
        mine = self.mark(n)
        if mine is not None:
            return mine == other.digest
        below = 1 << (n.bit_length() - 1)  # the longest marked prefix shorter than n
        mine, theirs = self.mark(below), other.mark(below)
        if mine is not None and theirs is not None and mine != theirs:
            return False
        return None

    def compact(self) -> GamePrint:
        return GamePrint(self.fingerprint, self.count, self.marks)


@dataclass(frozen=True, slots=True)
class MatchPrint:
    fingerprint: str
    length: int
    variant: str
    games: tuple[GamePrint, ...]
    # Digests of the first game's first 0, 1, ... tokens, up to 4 (b"" for none): what
    # near-duplicate candidates are found by.
    opening: tuple[bytes, ...] = ()

    @property
    def moves(self) -> int:
        return sum(g.count for g in self.games)

    def compact(self) -> MatchPrint:
        """This print without the games' tokens: what ``dedupe`` keeps of every match."""
        games = tuple(g.compact() for g in self.games)
        return MatchPrint(self.fingerprint, self.length, self.variant, games, self.opening)

    def extends(self, other: MatchPrint) -> bool | None:
        """Whether this match is ``other`` continued: ``other`` is a truncated copy of it
        (its games are this match's first games, the last one possibly cut short). None
        when only the tokens of compact prints can tell (:meth:`GamePrint.starts_with`)."""
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
        if not whole and last.count < min(len(self.opening), len(other.opening)):
            # A cut inside the first game's opening: its digests decide.
            return self.opening[last.count] == other.opening[last.count]
        return self.games[len(whole)].starts_with(last)


def _hash_game(tokens: list[bytes], lengths: tuple[int, ...]) -> tuple[str, tuple[bytes, ...]]:
    """The hex digest of ``tokens`` joined, and the digests of their first k tokens for each
    k of ``lengths`` (increasing) below their count: one pass over the bytes."""
    hasher = hashlib.blake2b(digest_size=_DIGEST)
    prefixes: list[bytes] = []
    done = 0
    for k in lengths:
        if k >= len(tokens):
            break
        if done:
            hasher.update(_SEPARATOR)
        hasher.update(_SEPARATOR.join(tokens[done:k]))
        prefixes.append(hasher.copy().digest())
        done = k
    if done < len(tokens):
        if done:
            hasher.update(_SEPARATOR)
        hasher.update(_SEPARATOR.join(tokens[done:]))
    return hasher.hexdigest(), tuple(prefixes)


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=_DIGEST).hexdigest()


def fingerprint_match(
    match: Match, by: By = "actions", options: CheckOptions | None = None
) -> MatchPrint:
    """The fingerprint of ``match`` and of each of its games, from the plays its replay
    applies (:func:`replay.plays_of`). The print keeps
    each game's tokens (:meth:`MatchPrint.compact` leaves them out)."""
    applied, rules = plays_of(match, options or CheckOptions())
    return print_of(match, applied, rules.variant.value, by)


def print_of(match: Match, applied: list[Applied], variant: str, by: By = "actions") -> MatchPrint:
    """The fingerprints of ``match`` from its replay: the plays it applied, in order
    (:attr:`MatchReplayer.applied`), and the variant it was replayed as."""
    cursor = 0
    tag = "a" if by == "actions" else "p"
    games: list[GamePrint] = []
    opening: tuple[bytes, ...] = ()
    for game in match.games:
        tokens, cursor = game_tokens(game, applied, cursor, by)
        hashed = _SEPARATOR.join(tokens)
        marks: tuple[bytes, ...] = ()
        if games:
            digest = _digest(hashed)
        else:  # the first game: the digests of its opening and of its marked prefixes
            digest, prefixes = _hash_game(tokens, (*range(1, _OPENING), *_MARKS))
            size = len(tokens)
            ends = range(1, min(_OPENING, size) + 1)
            opening = (b"", *(prefixes[k - 1] if k < size else bytes.fromhex(digest) for k in ends))
            marks = prefixes[_OPENING - 1 :]
        games.append(GamePrint(f"gg{_VERSION}{tag}-" + digest, len(tokens), marks, hashed))
    head = [str(match.length).encode(), variant.encode()]
    parts = head + [g.fingerprint.encode() for g in games]
    fingerprint = f"gm{_VERSION}{tag}-" + _digest(_SEPARATOR.join(parts))
    return MatchPrint(fingerprint, match.length, variant, tuple(games), opening)
