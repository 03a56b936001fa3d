"""Where each play and cube record of a replay stands in its file, and how it was written.

The replay's records carry the game, move number and player but not the source location.
Records come in the order of the game's actions, some actions giving none (an unreadable
play, a roll before a resignation), so each record is matched to the first action after the
previous match that has the same player and kind (and dice, and move number where both
have one).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from gamao_cli.analysis.records import CubeRecord, PlayRecord
from gamao_cli.model.actions import Action, Beaver, Double, Drop, Move, Take
from gamao_cli.model.match import Game

R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Source:
    line: int | None
    column: int | None
    text: str | None


NOWHERE = Source(None, None, None)


def _match(
    records: Sequence[R], actions: Sequence[Action], same: Callable[[R, Action], bool]
) -> list[Action | None]:
    out: list[Action | None] = []
    start = 0
    for record in records:
        found = None
        for i in range(start, len(actions)):
            if same(record, actions[i]):
                found = i
                break
        if found is None:
            out.append(None)
        else:
            out.append(actions[found])
            start = found + 1
    return out


def play_text(move: Move) -> str:
    """A play as ``31: 24/21 24/23``: the cell as written where it reads so (``.mat``),
    else drawn from its steps (SGF writes ``31xuxw``)."""
    if ": " in move.text:
        return move.text.strip()
    steps = " ".join(str(s) for s in move.steps)
    return f"{move.dice[0]}{move.dice[1]}: {steps}".rstrip()


def _same_play(record: PlayRecord, action: Action) -> bool:
    return (
        isinstance(action, Move)
        and action.player == record.player
        and action.dice == record.dice
        and (action.number is None or record.move is None or action.number == record.move)
    )


_CUBE_KINDS: dict[type, frozenset[str]] = {
    Double: frozenset({"double", "beaver"}),
    Take: frozenset({"take"}),
    Drop: frozenset({"drop"}),
    Beaver: frozenset({"beaver"}),
}


def _same_cube(record: CubeRecord, action: Action) -> bool:
    kinds = _CUBE_KINDS.get(type(action))
    return (
        kinds is not None
        and record.action in kinds
        and getattr(action, "player", None) == record.player
        and (
            getattr(action, "number", None) is None
            or record.move is None
            or getattr(action, "number", None) == record.move
        )
    )


def _source(action: Action | None, text: Callable[[Action], str]) -> Source:
    if action is None:
        return NOWHERE
    loc = action.location
    return Source(loc.line or None, loc.column or None, text(action) or None)


def play_sources(game: Game | None, records: Sequence[PlayRecord]) -> list[Source]:
    """The source of each of one game's play records (in order)."""
    if game is None:
        return [NOWHERE] * len(records)
    matched = _match(records, game.actions, _same_play)
    return [_source(a, lambda m: play_text(m) if isinstance(m, Move) else "") for a in matched]


def cube_sources(game: Game | None, records: Sequence[CubeRecord]) -> list[Source]:
    """The source of each of one game's cube records (in order)."""
    if game is None:
        return [NOWHERE] * len(records)
    matched = _match(records, game.actions, _same_cube)
    return [_source(a, lambda c: getattr(c, "text", "")) for a in matched]
