"""Matches and games."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from gamao_cli.model.actions import Action, SetPosition
from gamao_cli.model.diagnostics import Diagnostic
from gamao_cli.model.location import NOWHERE, Location

if TYPE_CHECKING:  # recorded analysis: only the readers that have it import it
    from gamao_cli.model.analysis import Annotation


class Variant(str, Enum):
    """The game a record is played under (research/variants.md): the registry of variants,
    each defined in gamao_cli.engine.variants."""

    STANDARD = "standard"
    NACKGAMMON = "nackgammon"
    HYPERGAMMON = "hypergammon"  # three checkers a side (gnubg's and XG's hypergammon)
    HYPERGAMMON1 = "hypergammon1"
    HYPERGAMMON2 = "hypergammon2"
    TAVLA = "tavla"
    LONG_NARDY = "longnardy"
    ACEY_DEUCEY = "aceydeucey"
    TABULA = "tabula"  # bgammon.org's variant 2


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules a record says it was played under. None: the record does not say."""

    variant: Variant = Variant.STANDARD
    cube: bool | None = None
    crawford: bool | None = None
    jacoby: bool | None = None
    beavers: bool | None = None
    cube_limit: int | None = None
    # Named rule options (engine.ruleset.OPTIONS, key=value, sorted by key) the record's writer
    # plays: bgammon.org's acey-deucey bears off exactly and rerolls after every named double.
    # The command line's --option wins over them key by key (analysis.options).
    options: tuple[tuple[str, str], ...] = ()


OPENING_ROLL_PLAYED = ("opening-roll", "played")
"""A game property (:attr:`Game.properties`): the record shows the opening roll (one die
each, GMD's colourless roll, JavaFIBS' opening-roll line) and the first play made with it, not
with a roll of its own. The replay reports it where the rules have the opening winner roll
again (R238)."""


@dataclass(frozen=True, slots=True)
class Game:
    """One game: its header as recorded and its actions in order."""

    number: int  # as labelled in the file (1-based)
    score: tuple[int, int] | None  # both players' scores before the game, as recorded
    actions: tuple[Action, ...]
    players: tuple[str, str] | None = None  # names on this game's score line, if any
    crawford: bool | None = None  # the record marks this game as the Crawford game (SGF)
    cube_value: int = 1  # the cube at the start (SGF CV, automatic doubles)
    start: SetPosition | None = None  # a set-up start position (SGF setup node)
    location: Location = NOWHERE
    properties: tuple[tuple[str, str], ...] = field(default=())  # other recorded properties
    score_location: Location | None = None  # where the scores are written (.mat score line)
    annotations: tuple[Annotation, ...] = ()  # recorded analysis, by action index (model.analysis)


@dataclass(frozen=True, slots=True)
class Match:
    """A match or money session as recorded."""

    players: tuple[str, str]
    length: int  # 0: money session
    games: tuple[Game, ...]
    rules: Rules = Rules()
    ratings: tuple[str | None, str | None] = (None, None)
    tags: tuple[tuple[str, str], ...] = ()  # header tags, verbatim and in order
    comments: tuple[str, ...] = ()  # header comment lines that are not tags
    location: Location = NOWHERE
    source_format: str = ""
    diagnostics: tuple[Diagnostic, ...] = ()
    # A huge match read in parts (only by a reader asked to: formats.base.in_parts): this
    # part's number (0 the first) and whether more of its games follow in the next part.
    # Every part has the match's header; its games and the reader's diagnostics since the
    # previous part. A match read whole is part 0 with nothing continued.
    part: int = 0
    continued: bool = False

    def tag(self, key: str) -> str | None:
        """The first header tag named ``key`` (case-insensitive), or None."""
        low = key.lower()
        for k, v in self.tags:
            if k.lower() == low:
                return v
        return None

    @property
    def is_money(self) -> bool:
        return self.length == 0
