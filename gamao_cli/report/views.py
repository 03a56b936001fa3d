"""The report's view of the matches, independent of HTML or Markdown: charts to draw, each
match with its games and plays, each finding with its links. The sections (content,
ratings_report, skill_report, club_report) build them; the renderers (html, markdown) show
them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import polars as pl
    from matplotlib.figure import Figure

    from gamao_cli.report.viewer import Viewer


@dataclass(frozen=True, slots=True)
class Chart:
    """A chart to draw: ``name`` is its file stem (``m2-g3-pips``), ``build`` draws it."""

    name: str
    title: str
    build: Callable[[], Figure]


@dataclass(frozen=True, slots=True)
class MoveRow:
    """A play or cube action as listed under its game; ``id`` is unique in the game."""

    id: str
    move: int | None
    player: str
    text: str
    pips: str
    notes: str
    line: int | None
    column: int | None
    codes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameView:
    number: int
    anchor: str
    row: dict[str, object]
    moves: list[MoveRow]
    findings: int
    pips: Chart | None


@dataclass(frozen=True, slots=True)
class MatchView:
    anchor: str
    file: str
    href: str | None
    number: int
    title: str
    subtitle: str
    row: dict[str, object]
    games: list[GameView]
    charts: list[Chart]


@dataclass(frozen=True, slots=True)
class FindingView:
    row: dict[str, object]
    game_href: str | None
    move_href: str | None
    board_href: str | None = None  # the viewer's deep link to its position


class ReportMatches(Protocol):
    """What a section (ratings, skill) takes of the report it joins, to link to its places:
    the matches' rows (file, match, n, anchor), their views, and the match viewer."""

    @property
    def matches(self) -> pl.DataFrame: ...

    @property
    def match_views(self) -> list[MatchView]: ...

    @property
    def viewer(self) -> Viewer | None: ...
