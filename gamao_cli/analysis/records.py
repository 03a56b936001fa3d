"""What a replay produces: per-play, per-cube-action, per-game and per-match records.

These are the rows behind the statistics tables and the report.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from gamao_cli.analysis.findings import Finding
from gamao_cli.model.actions import Action, Move
from gamao_cli.model.match import Match

Applied = tuple[Move, tuple[int, ...], tuple[int, ...]]
"""A play the replay applied, with the boards after it (the mover's, the opponent's)."""


class PlayRecord(NamedTuple):
    """One roll and its play (an immutable record; many are made, so a tuple)."""

    game: int
    move: int | None
    player: int
    dice: tuple[int, int]
    pips_before: tuple[int, int]
    pips_after: tuple[int, int]
    hits: int
    dance: bool  # no legal play existed
    entering: bool  # the mover had checkers on the bar
    borne_off: int  # checkers borne off by this play
    # Distinct legal plays counted up to 2: 0 none (a dance), 1 forced, 2 a choice. None when
    # not analysed.
    legal_count: int | None
    opening: bool  # the game's first roll
    source: Move | None = None  # the recorded roll, for its place in the file and its text

    @property
    def forced(self) -> bool | None:
        return None if self.legal_count is None else self.legal_count == 1


@dataclass(frozen=True, slots=True)
class CubeRecord:
    game: int
    move: int | None
    player: int
    action: str  # double, take, drop, beaver
    value: int  # the cube value after the action (for a double: the value offered)
    # The recorded action (for a take that closes a beaver, which gnubg never writes: the
    # roll that implies it).
    source: Action | None = None


@dataclass(frozen=True, slots=True)
class GameRecord:
    number: int
    index: int  # 0-based position in the match
    score: tuple[int, int]  # before the game, as used by the replay (recorded when given)
    players: tuple[str, str]
    winner: int | None
    points: int | None  # computed (falls back to the recorded points when not computable)
    recorded_points: int | None
    level: int | None  # 1 single, 2 gammon, 3 backgammon
    ending: str | None  # bear-off, drop, resignation
    cube: int  # final cube value
    crawford: bool
    post_crawford: bool
    verified: bool  # replayed to its end through the engine
    line: int
    plays: int
    first_bearoff_pips: tuple[int | None, int | None]  # each player's pips at their first
    # bear-off


@dataclass(frozen=True, slots=True)
class MatchReplay:
    file: str
    index: int  # 0-based position of the match in its file
    match: Match
    games: tuple[GameRecord, ...]
    plays: tuple[PlayRecord, ...]  # empty when the replay recorded no plays
    cube_actions: tuple[CubeRecord, ...]
    findings: tuple[Finding, ...]
    final_score: tuple[int, int]
    winner: int | None  # match winner (None for money sessions and unfinished matches)
    played: int = 0  # plays replayed through the engine (recorded or not): len(plays)
    fingerprint: str | None = None  # the match's (docs/dedupe.md), where it was asked for
    game_fingerprints: tuple[str, ...] = ()  # each game's, in the match's order

    @property
    def games_verified(self) -> int:
        return sum(1 for g in self.games if g.verified)

    @property
    def games_unverifiable(self) -> int:
        return sum(1 for g in self.games if not g.verified)
