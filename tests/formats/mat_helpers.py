"""Shared helpers for the .mat tests: reading fixtures and summarising actions exactly."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.formats.textio import open_text
from gamao_cli.model import (
    Action,
    Beaver,
    Double,
    Drop,
    Game,
    Match,
    Move,
    Resign,
    SetPosition,
    Take,
    Win,
)
from gamao_cli.model.location import NOWHERE

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "mat"
GNUBG_FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "gnubg"


def read_path(path: Path, name: str | None = None) -> list[Match]:
    stream, _ = open_text(path)
    with stream:
        return list(read_mat(stream, name or path.name))


def read_fixture(name: str) -> list[Match]:
    return read_path(FIXTURES / name)


def read_text(text: str, name: str = "t.mat") -> list[Match]:
    return list(read_mat(io.StringIO(text), name))


def summary(action: Action) -> str:
    """One line per action: row, kind, player, values, and where it was read."""
    where = f"@{action.location.line}:{action.location.column}"
    row = "-" if action.number is None else str(action.number)
    if isinstance(action, Move):
        steps = " ".join(str(step) for step in action.steps)
        dice = f"{action.dice[0]}{action.dice[1]}"
        return f"{row} P{action.player} {dice}: {steps} [{action.mark.value}] {where}"
    if isinstance(action, Double | Beaver):
        return f"{row} P{action.player} {type(action).__name__} {action.value} {where}"
    if isinstance(action, Take | Drop):
        return f"{row} P{action.player} {type(action).__name__} {where}"
    if isinstance(action, Win):
        player = "?" if action.player is None else action.player
        match = " and the match" if action.and_the_match else ""
        extra = f" {action.extra}" if action.extra else ""
        return f"{row} P{player} Wins {action.points}{match}{extra} {where}"
    if isinstance(action, SetPosition):
        return (
            f"{row} col{action.player} SetPosition turn={action.turn} dice={action.dice} "
            f"cube={action.cube_value} owner={action.cube_owner} {where}"
        )
    assert isinstance(action, Resign)
    return f"{row} P{action.player} Resign {action.level}"


def summaries(game: Game) -> list[str]:
    return [summary(action) for action in game.actions]


def codes(match: Match) -> list[tuple[str, str, int, int]]:
    return [
        (d.code, d.severity.value, d.location.line, d.location.column) for d in match.diagnostics
    ]


def plain(action: Action, numbers: bool = True) -> Action:
    """An action without its location and raw text (and a Win's row number and extras);
    without any row number unless ``numbers``."""
    changes: dict[str, object] = {"location": NOWHERE, "text": ""}
    if isinstance(action, Win):
        changes.update(number=None, extra=())
    if not numbers:
        changes["number"] = None
    return dataclasses.replace(action, **changes)  # type: ignore[arg-type]


def plain_games(matches: list[Match], numbers: bool = True) -> list[tuple[object, ...]]:
    return [
        (g.number, g.score, g.players, tuple(plain(a, numbers) for a in g.actions))
        for m in matches
        for g in m.games
    ]
