"""The verdict on a recorded play, whichever validator gave it (engine.validate for standard
movement, engine.rules_validate for the others), and the kinds of rule a play can break."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple, cast

from gamao_cli.engine.movegen import Play, StepTuple
from gamao_cli.model.actions import Board


class Judgement(NamedTuple):
    """The verdict on one recorded play (an immutable record).

    ``code`` names the broken rule's kind (see ``REASONS``), ``rule`` its RULES.md id.
    ``mover``/``opponent`` are the boards after the play as recorded, when it can be applied
    at all (its checkers exist and no landing point is held by two or more opponent
    checkers); otherwise None and the rest of the game cannot be verified.
    ``steps`` are single-die steps in a legal order when the play is legal.
    """

    legal: bool
    code: str | None = None
    rule: str | None = None
    reason: str = ""
    steps: tuple[StepTuple, ...] = ()
    mover: Board | None = None
    opponent: Board | None = None
    reordered: bool = False  # legal, but not in the order written
    legal_plays: tuple[Play, ...] | None = None
    marked_hits_missing: tuple[int, ...] = ()  # points marked '*' where nothing was hit

    @property
    def applied(self) -> bool:
        return self.mover is not None


_JUDGEMENT: Final = Judgement
"""The class, held as a constant of the compiled module: no look-up by name per play."""

_new_judgement: Final = cast(
    Callable[[type[Judgement], tuple[object, ...]], Judgement], tuple.__new__
)


def legal_judgement(
    steps: tuple[StepTuple, ...], mover: Board, opponent: Board, marks: tuple[int, ...]
) -> Judgement:
    """A legal play's verdict (no reordering, no plays listed), built as the tuple it is: a
    named tuple's keyword constructor is interpreted code, and took half of judging's time."""
    return _new_judgement(
        _JUDGEMENT, (True, None, None, "", steps, mover, opponent, False, None, marks)
    )


REASONS = {
    "wrong-distance": "M1",
    "too-many-moves": "M1",
    "no-checker": "M1",
    "blocked": "M2",
    "blocked-entry": "H3",
    "bar-first": "H2",
    "bear-off-early": "B1",
    "bear-off-higher": "B4",
    "fewer-dice": "M4",
    "smaller-die": "M4",
    "no-play-recorded": "M5",
    "play-when-dancing": "H4",
}
"""Kinds of illegality every rule set shares (the checker maps them to finding codes) and their
RULES.md ids."""

VARIANT_REASONS = {
    "nardy-hit": "N3",
    "head-rule": "N4",
    "six-block": "N5",
    "home-hit-moves-on": "T4",
    "five-checker-limit": "house:five-checker-limit",
    "exact-bear-off": "A6",
    "nardy-bar": "N3",
    "tabula-exact-bear-off": "tabula:exact-bear-off",
    "tabula-enter-first": "tabula:enter-first",
}
"""Kinds of a broken variant rule (the checker maps them to R23x codes) and their rule ids."""
