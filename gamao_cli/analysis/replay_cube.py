"""A game's cube actions, judged by the cube's state machine (:mod:`engine.cube`): doubles,
takes, drops and beavers, each recorded; the cube a game starts with.

Compiled (setup.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from gamao_cli.analysis.records import CubeRecord
from gamao_cli.analysis.replay_findings import Reporter
from gamao_cli.analysis.replay_state import GameState
from gamao_cli.engine.cube import CubeState
from gamao_cli.engine.scoring import Ending
from gamao_cli.i18n import N_
from gamao_cli.model.actions import Action, Beaver, Double, Drop, Move, SetPosition, Take


class CubeReplay:
    """The cube of one game: its actions judged and recorded (the cube itself is
    :attr:`GameState.cube`, which the findings and the result read too)."""

    def __init__(
        self,
        state: GameState,
        report: Reporter,
        records: list[CubeRecord],
        number: int,
        crawford_unknown: bool,
    ) -> None:
        self.state: Final = state
        self.report: Final = report
        self.records: Final = records
        self.number: Final = number  # the game's
        # A match resumed at match point: the Crawford game may lie before the record.
        self.crawford_unknown: Final = crawford_unknown

    def _record(
        self, number: int | None, player: int, kind: str, value: int, action: Action
    ) -> None:
        self.records.append(CubeRecord(self.number, number, player, kind, value, action))

    def at_roll(self, move: Move) -> None:
        """A roll while a double waits for an answer (:attr:`CubeState.offered_by` set)."""
        state = self.state
        cube = state.cube
        assert cube.offered_by is not None
        if cube.beaver_pending:
            # gnubg never writes the take that closes a beaver: record it here.
            taker = 1 - cube.offered_by
            state.cube = cube = cube.accepted()
            self._record(move.number, taker, "take", cube.value, move)
        else:
            self.report.report(
                "C311",
                N_("a roll while a double waits for an answer"),
                move,
                player=cube.offered_by,
            )
            state.cube = replace(cube, offered_by=None)

    def at_end(self) -> None:
        """The game's end: a double left unanswered."""
        offered = self.state.cube.offered_by
        if offered is not None and self.state.ended is None:
            self.report.report(
                "C311", N_("the game ends while a double waits for an answer"), None, player=offered
            )

    def on_double(self, action: Double) -> None:
        state = self.state
        player = action.player
        if state.cube.offered_by is not None and state.cube.offered_by != player:
            # A double by the doubled player before answering: a beaver (SGF writes it so).
            self.on_beaver(
                Beaver(player, action.value, action.text, action.number, action.location)
            )
            return
        report = self.report
        if self.crawford_unknown and state.crawford:
            state.crawford = False
            score = state.score.score
            report.report(
                "X420",
                N_(
                    "a double in game {game}, where the resumed match starts at {score}: the "
                    "Crawford game was played before the record starts"
                ).format(game=self.number, score=f"{score[0]}-{score[1]}"),
                action,
            )
        if state.turn is None and state.plays == 0:
            report.report("C308", "a double before the opening roll", action)
        elif state.turn is not None and player != state.turn:
            report.report(
                "C308",
                N_("a double on {player}'s turn").format(player=report.name(1 - player)),
                action,
            )
        state.cube, why = state.cube.double(player, action.value or None)
        report.cube_problem(why, action)
        self._record(action.number, player, "double", action.value or state.cube.value * 2, action)

    def on_take(self, action: Take) -> None:
        state = self.state
        state.cube, why = state.cube.take(action.player)
        self.report.cube_problem(why, action)
        self._record(action.number, action.player, "take", state.cube.value, action)

    def on_drop(self, action: Drop) -> None:
        state = self.state
        offered = state.cube.offered_by
        state.cube, why = state.cube.drop(action.player)
        self.report.cube_problem(why, action)
        self._record(action.number, action.player, "drop", state.cube.value, action)
        if why is None and offered is not None:
            state.ended = Ending.DROP
            state.winner = offered
            state.level = 1
            state.points = state.cube.drop_value
            state.drop_value = state.cube.drop_value

    def on_beaver(self, action: Beaver) -> None:
        state = self.state
        report = self.report
        cube, why = state.cube.beaver(action.player)
        if why is None and state.cube.beavers is None:
            report.report("C307", N_("a beaver: the record implies beavers are allowed"), action)
        report.cube_problem(why, action)
        if action.value and action.value != cube.pending_value and why is None:
            report.report(
                "C309",
                N_("a beaver to {value}, but the cube goes to {cube}").format(
                    value=action.value, cube=cube.pending_value
                ),
                action,
            )
        state.cube = cube
        self._record(action.number, action.player, "beaver", cube.pending_value, action)

    def set_up(self, setup: SetPosition) -> None:
        """The cube a set-up position gives (:attr:`SetPosition.cube_value` set)."""
        self.state.cube = with_setup(self.state.cube, setup)


def with_setup(cube: CubeState, setup: SetPosition) -> CubeState:
    """``cube`` with the value and owner a set-up position gives."""
    owner = cube.owner if setup.cube_owner is None else setup.cube_owner
    return replace(cube, value=setup.cube_value or cube.value, owner=owner)


_START_CUBES: dict[tuple[int, bool, bool, bool, bool | None, int | None], CubeState] = {}


def start_cube(
    value: int, enabled: bool, crawford: bool, money: bool, beavers: bool | None, limit: int | None
) -> CubeState:
    """A game's cube before any action. The state is immutable, so games that start alike
    share one (a few kinds a run): building it was a tenth of starting a game's replay."""
    key = (value, enabled, crawford, money, beavers, limit)
    cube = _START_CUBES.get(key)
    if cube is None:
        if len(_START_CUBES) >= 256:
            _START_CUBES.clear()
        cube = _START_CUBES[key] = CubeState(
            value=value, enabled=enabled, crawford=crawford, money=money, beavers=beavers,
            limit=limit,
        )  # fmt: skip
    return cube
