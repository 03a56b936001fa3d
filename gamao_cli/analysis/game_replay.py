"""Replaying one game: its actions, in order, each to the concern it belongs to (the plays,
:mod:`replay_plays`; the cube, :mod:`replay_cube`; the result, :mod:`replay_results`), all of
them reporting through :mod:`replay_findings` and sharing the game's state
(:class:`replay_state.GameState`).

Compiled (setup.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gamao_cli.analysis.records import GameRecord
from gamao_cli.analysis.replay_cube import CubeReplay, start_cube, with_setup
from gamao_cli.analysis.replay_findings import Reporter
from gamao_cli.analysis.replay_plays import PlayReplay
from gamao_cli.analysis.replay_results import ResultReplay
from gamao_cli.analysis.replay_state import GameState, MatchSetting, ReplaySink
from gamao_cli.analysis.variant_turns import OPENING_RULE
from gamao_cli.engine.cube import CubeState
from gamao_cli.engine.match_score import MatchScore
from gamao_cli.engine.position import Position
from gamao_cli.engine.scoring import Ending
from gamao_cli.i18n import N_
from gamao_cli.model.actions import (
    Action,
    Beaver,
    Double,
    Drop,
    Move,
    Resign,
    SetPosition,
    Take,
    Win,
)
from gamao_cli.model.match import OPENING_ROLL_PLAYED, Game


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The state before an action: what ``gamao show`` draws."""

    game: Game
    action: Action
    position: Position | None  # None when the game could not be replayed up to here
    cube: CubeState
    score: MatchScore
    turn: int | None


class Stop(Exception):
    """Raised to end a replay at the probed action, with the state before it."""

    def __init__(self, snapshot: Snapshot) -> None:
        super().__init__()
        self.snapshot = snapshot


class GameReplay:
    """One game being replayed."""

    def __init__(
        self,
        setting: MatchSetting,
        sink: ReplaySink,
        game: Game,
        index: int,
        score: MatchScore,
        following: Game | None,
    ) -> None:
        rules = setting.rules
        crawford = score.is_crawford_game
        # A match resumed at match point: the Crawford game may lie before the record.
        crawford_unknown = crawford and index == 0 and score.score != (0, 0) and not game.crawford
        cube = start_cube(
            game.cube_value,
            rules.cube,
            crawford and not crawford_unknown,
            setting.length == 0,  # money play
            rules.beavers,
            rules.cube_limit,
        )
        start = game.start
        if start is None:
            state = GameState(setting.rs.start_boards(), 0, None, cube, score, crawford)
        else:
            if start.cube_value:
                cube = with_setup(cube, start)
            state = GameState(start.boards, start.turn, start.turn, cube, score, crawford)
        report = Reporter(setting, sink.findings, state, game)
        self.setting: Final = setting
        self.game: Final = game
        self.index: Final = index
        self.state: Final = state
        self.report: Final = report
        self.plays: Final = PlayReplay(setting, sink, state, report, game)
        self.cube: Final = CubeReplay(
            state, report, sink.cube_actions, game.number, crawford_unknown
        )
        self.results: Final = ResultReplay(setting, state, report, game, following)

    @property
    def crawford(self) -> bool:
        """Whether this is the Crawford game (until a double says otherwise, X420)."""
        return self.state.crawford

    @property
    def played(self) -> int:
        """The plays applied."""
        return self.plays.played

    def run(self) -> GameRecord:
        actions = self.game.actions
        self.opening()
        state = self.state
        probe = self.setting.probe
        watch = self.setting.watch
        for i, action in enumerate(actions):
            if probe is not None and probe(self.game, action):
                raise Stop(
                    Snapshot(self.game, action, state.position, state.cube, state.score, state.turn)
                )
            if watch is not None:
                watch(self.game, action, state)
            if isinstance(action, Win):
                self.results.on_win(action)
                continue
            if state.ended is not None:
                if state.ended is not Ending.RESIGNATION:
                    self.after_end(action)
                continue
            if isinstance(action, Move):
                if state.cube.offered_by is not None:
                    self.cube.at_roll(action)
                self.plays.on_move(action, actions, i)
            elif isinstance(action, Double):
                self.cube.on_double(action)
            elif isinstance(action, Take):
                self.cube.on_take(action)
            elif isinstance(action, Drop):
                self.cube.on_drop(action)
            elif isinstance(action, Beaver):
                self.cube.on_beaver(action)
            elif isinstance(action, Resign):
                self.results.on_resign(action)
            elif isinstance(action, SetPosition):
                self.plays.on_set_position(action)
                if action.cube_value:
                    self.cube.set_up(action)
        self.cube.at_end()
        self.results.finish(actions)
        if watch is not None:
            watch(self.game, None, state)
        return self.record()

    def opening(self) -> None:
        """The game's findings before its first action: the cube of automatic doubles in a
        match (C321), an opening roll played under a rule that rolls it again (R238)."""
        game = self.game
        rs = self.setting.rs
        if rs.automatic_doubles and game.cube_value > 1 and self.setting.length > 0:
            self.report.report(
                "C321",
                N_(
                    "the game starts with the cube at {cube} (automatic doubles), but this is "
                    "match play"
                ).format(cube=game.cube_value),
                None,
            )
        if rs.opening_reroll and OPENING_ROLL_PLAYED in game.properties:
            first = next((a for a in game.actions if isinstance(a, Move)), None)
            rule = OPENING_RULE.get(rs.variant, "house:reroll-opening")
            self.report.report(
                "R238",
                N_(
                    "the opening roll is played, but under {rule} its winner rolls both dice again"
                ).format(rule=rule),
                first,
                rule=rule,
            )

    def record(self) -> GameRecord:
        state = self.state
        game = self.game
        first_bearoff = self.plays.first_bearoff
        return GameRecord(
            number=game.number,
            index=self.index,
            score=state.score.score,
            players=self.setting.players,
            winner=state.winner,
            points=state.points,
            recorded_points=self.results.recorded_points,
            level=state.level,
            ending=state.ended.value if state.ended else None,
            cube=state.drop_value
            if state.ended is Ending.DROP and state.drop_value
            else state.cube.value,
            crawford=state.crawford,
            post_crawford=state.score.is_post_crawford,
            verified=state.verified,
            line=game.location.line,
            plays=state.plays,
            first_bearoff_pips=(first_bearoff[0], first_bearoff[1]),
        )

    def after_end(self, action: Action) -> None:
        """R216: an action after the game ended."""
        ended = self.state.ended
        assert ended is not None
        self.report.report(
            "R216",
            N_("{action} after the game ended ({ending})").format(
                action=_describe(action), ending=ended.value
            ),
            action,
        )


def _describe(action: Action) -> str:
    if isinstance(action, Move):
        return N_("a roll")
    return {
        Double: N_("a double"),
        Take: N_("a take"),
        Drop: N_("a drop"),
        Beaver: N_("a beaver"),
        Resign: N_("a resignation"),
        SetPosition: N_("a position"),
    }.get(type(action), N_("an action"))


__all__ = ["GameReplay", "Snapshot", "Stop"]
