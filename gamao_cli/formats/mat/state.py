"""The ``.mat`` reader's state: its diagnostic codes, limits, the match and game being built,
and the diagnostics and pending comment lines every stage of reading uses.

The reader is one class built in layers, each in its own module and each a subclass of the
one below: :class:`ReaderState` (here), :class:`gamao_cli.formats.mat.cells.CellReader`
(rows and cells), :class:`gamao_cli.formats.mat.games.GameAssembler` (games and the match
assembled from them) and ``_Reader`` in :mod:`gamao_cli.formats.mat.reader` (lines, the
driver). All of them are compiled with mypyc in the real build (plain classes, typed).
"""

from __future__ import annotations

from typing import Final, TextIO

from gamao_cli.formats.mat import SEVERITIES
from gamao_cli.formats.mat import lines as ml
from gamao_cli.model.actions import Action
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match

SEVERITY = SEVERITIES

MAX_LINE: Final = 1 << 16
"""Characters read per line at most; the rest of a longer line is skipped (P114)."""
MAX_DIAGNOSTICS: Final = 1000
"""Diagnostics listed per match at most; the rest are counted in one P123 diagnostic."""
BLOCK: Final = 1 << 16
"""Characters read from the stream at a time."""
HEADER: Final = 0
"""Where the reader is: before the match length line (HEADER), before the first game
(MATCH), in a game (GAME). Final constants: the compiled build inlines them."""
MATCH: Final = 1
GAME: Final = 2


class GameBuilder:
    __slots__ = (
        "actions",
        "beavers",
        "columns",
        "cube",
        "expect_score",
        "location",
        "losses",
        "number",
        "players",
        "properties",
        "resigned",
        "score",
        "score_at",
        "threshold",
        "won",
    )

    def __init__(self, number: int, location: Location, expect_score: bool) -> None:
        self.number = number
        self.location = location
        self.expect_score = expect_score
        self.score: tuple[int, int] | None = None
        self.score_at: Location | None = None
        self.players: tuple[str, str] | None = None
        self.columns = (0, 1)  # the player of the left and of the right column
        self.threshold = ml.DEFAULT_RIGHT_COLUMN
        self.actions: list[Action] = []
        self.properties: list[tuple[str, str]] = []
        self.losses: list[tuple[int, int, Location]] = []  # (player, points, where)
        self.cube = 1
        self.won = False
        self.resigned = False  # a Resigns cell was read
        self.beavers = False  # a Beavers or Raccoons cell was read


class MatchBuilder:
    __slots__ = (
        "banner",
        "banner_lines",
        "banner_open",
        "comments",
        "diagnostics",
        "earlier_lengths",
        "games",
        "games_before",
        "length",
        "listed",
        "location",
        "parts",
        "players",
        "ratings",
        "suppressed",
        "tag_lines",
        "tags",
    )

    def __init__(self, location: Location) -> None:
        self.location = location
        self.length: int | None = None
        self.tags: list[tuple[str, str]] = []
        self.tag_lines: list[Location] = []
        self.comments: list[str] = []
        self.games: list[Game] = []
        self.players: tuple[str, str] | None = None
        self.ratings: tuple[str | None, str | None] = (None, None)
        self.diagnostics: list[Diagnostic] = []
        self.suppressed = 0
        self.banner: list[tuple[str, Location]] = []  # the text lines of boxed banners
        self.banner_open = False  # inside a box: after a `+----+` border line
        self.banner_lines: list[int] = []  # the line numbers of the banners' borders
        self.earlier_lengths: list[tuple[int, Location]] = []  # replaced length lines
        # A match read in parts (formats.base.in_parts): the parts yielded so far, and the
        # games and diagnostics they held (no longer in ``games`` and ``diagnostics``).
        self.parts = 0
        self.games_before = 0
        self.listed = 0


class ReaderState:
    """What every layer of the reader reads and writes (see the module docstring)."""

    def __init__(self, stream: TextIO, filename: str, first_line: int = 0) -> None:
        self.stream = stream
        self.file = filename
        self.lineno = first_line  # lines before the stream's first (a byte range of a file)
        self.state = HEADER
        self.match = MatchBuilder(Location(filename, first_line + 1, 1))
        self.game: GameBuilder | None = None
        self.pending: list[tuple[str, Location]] = []  # ';' lines after a game's rows
        self.read_error: str | None = None
        self.seen_text = False
        self.part_games = 0  # games a part holds; 0: matches are read whole
        self.part_ready: Match | None = None  # a part to yield, once a game has started

    # ---------------------------------------------------------------- diagnostics
    def report(
        self,
        code: str,
        message: str,
        column: int = 0,
        line: int | None = None,
        game: GameBuilder | None = None,
    ) -> None:
        match = self.match
        if len(match.diagnostics) + match.listed >= MAX_DIAGNOSTICS:
            match.suppressed += 1
            return
        game = game or self.game
        where = Location(self.file, self.lineno if line is None else line, column)
        match.diagnostics.append(
            Diagnostic(
                code,
                SEVERITY.get(code, Severity.WARNING),
                message,
                where,
                game.number if game is not None else None,
            )
        )

    @staticmethod
    def header_line(text: str, where: Location, match: MatchBuilder) -> None:
        tag = ml.TAG.match(text)
        if tag is not None:
            match.tags.append((tag[1], tag[2]))
            match.tag_lines.append(where)
        else:
            match.comments.append(text[1:].strip())

    def flush_pending(self) -> None:
        """';' lines seen inside a game that did not open a new match: game comments."""
        game = self.game
        for text, _ in self.pending:
            if game is not None:
                game.properties.append(("comment", text[1:].strip()))
            else:
                self.match.comments.append(text[1:].strip())
        self.pending.clear()


def quote(text: str, limit: int = 60) -> str:
    text = text.strip()
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return f"`{text}`"
