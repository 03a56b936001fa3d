"""What the parts of a game's replay share: the match's setting (read), where the games'
findings and records go (filled), and the state of the game being replayed.

A game's replay (:mod:`game_replay`) is four concerns, each in its own module: the plays
(:mod:`replay_plays`), the cube (:mod:`replay_cube`), the result and its scoring
(:mod:`replay_results`) and the findings (:mod:`replay_findings`). They read and change the
game through :class:`GameState` alone, and their match through :class:`MatchSetting` and
:class:`ReplaySink`: none of them knows the match replay (:mod:`replay`) that runs them.

Compiled (setup.py): declared attributes, read directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.options import CheckOptions, EffectiveRules, non_default_options
from gamao_cli.analysis.records import Applied, CubeRecord, PlayRecord
from gamao_cli.engine.cube import CubeState
from gamao_cli.engine.match_score import MatchScore
from gamao_cli.engine.position import Position
from gamao_cli.engine.scoring import Ending
from gamao_cli.model.actions import Action, Board
from gamao_cli.model.match import Game, Match

Probe = Callable[[Game, Action], bool]
"""Whether a replay stops before this action (``gamao show``)."""


class MatchSetting:
    """What every game's replay reads of its match, fixed for the match."""

    def __init__(
        self,
        match: Match,
        rules: EffectiveRules,
        options: CheckOptions,
        file: str,
        *,
        ids: bool,
        records: bool,
        probe: Probe | None,
        watch: Callable[[Game, Action | None, GameState], None] | None = None,
    ) -> None:
        self.rules: Final = rules
        self.rs: Final = rules.ruleset
        self.file: Final = file
        self.players: Final = match.players
        self.length: Final = match.length
        self.money: Final = match.is_money
        # Whether findings carry their position's identifiers; whether plays are recorded.
        self.ids: Final = ids
        self.recording: Final = records
        self.show_board: Final = options.show_board
        self.analyse: Final = options.analyse_plays
        self.probe: Final = probe
        self.watch: Final = watch
        # The options, not the variant's default, that a play or turn finding is judged under.
        self.under: Final = non_default_options(rules.ruleset.options)

    def name(self, player: int | None) -> str | None:
        """The player's name as recorded."""
        if player is None:
            return None
        return self.players[player]


class ReplaySink:
    """Where a game's replay puts what it finds: findings, play and cube records, and, when
    asked for, each legal play's single-die steps (by ``id(Move)``) and each play applied
    with the boards after it."""

    def __init__(
        self,
        findings: list[Finding],
        plays: list[PlayRecord],
        cube_actions: list[CubeRecord],
        canonical: dict[int, tuple[tuple[int, int, bool], ...]] | None,
        applied: list[Applied] | None,
    ) -> None:
        self.findings: Final = findings
        self.plays: Final = plays
        self.cube_actions: Final = cube_actions
        self.canonical: Final = canonical
        self.applied: Final = applied


class GameState:
    """The game as replayed so far: the position (both boards, None once the game cannot
    be replayed, and the side on roll: kept apart, the hot path never builds a Position),
    whose turn it is, the cube, the plays replayed and how the game ended."""

    def __init__(
        self,
        boards: tuple[Board, Board] | None,
        side: int,
        turn: int | None,
        cube: CubeState,
        score: MatchScore,
        crawford: bool,
    ) -> None:
        self.boards = boards
        self.side = side
        self.turn = turn
        self.cube = cube
        self.score: Final = score
        self.crawford = crawford  # whether this is the Crawford game
        self.plays = 0  # rolls replayed
        self.ended: Ending | None = None
        self.winner: int | None = None
        self.level: int | None = None
        self.points: int | None = None
        self.drop_value: int | None = None  # the cube before a dropped double
        self.verified = True

    @property
    def position(self) -> Position | None:
        """The position being replayed; None once the game cannot be replayed."""
        return None if self.boards is None else Position(self.boards, self.side)


Watch = Callable[[Game, Action | None, GameState], None]
"""Told the game's state before each action, and once more (with None) after its last: the
positions a report's viewer shows (:mod:`gamao_cli.analysis.match_positions`)."""
