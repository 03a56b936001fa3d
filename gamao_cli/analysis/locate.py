"""Where a play or cube record stands in its file, and how it was written.

The replay's records keep the recorded action they come from (``source``); this module turns
it into a line, a column and the text as written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from gamao_cli.model.actions import Action, Move


@dataclass(frozen=True, slots=True)
class Source:
    line: int | None
    column: int | None
    text: str | None


NOWHERE = Source(None, None, None)

A = TypeVar("A", bound=Action)


def play_text(move: Move) -> str:
    """A play as ``31: 24/21 24/23``: the cell as written where it reads so (``.mat``),
    else drawn from its steps (SGF writes ``31xuxw``)."""
    if ": " in move.text:
        return move.text.strip()
    steps = " ".join(str(s) for s in move.steps)
    return f"{move.dice[0]}{move.dice[1]}: {steps}".rstrip()


def cube_text(action: Action) -> str:
    return getattr(action, "text", "").strip()


def source_of(action: A | None, text: Callable[[A], str]) -> Source:
    """The place and text of a recorded action (NOWHERE when there is none)."""
    if action is None:
        return NOWHERE
    loc = action.location
    return Source(loc.line or None, loc.column or None, text(action) or None)
