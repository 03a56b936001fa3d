"""Reading Jellyfish ``.mat`` match text (every dialect of formats.md sections 1, 7 and 8).

Streaming: one :class:`Match` per ``N point match`` block, yielded as soon as the next
block starts or the input ends, so memory is bounded by one match and one block of input
(the text is read 64K characters at a time; ``\n``, ``\r\n`` and ``\r`` end lines). Content
problems never raise: each becomes a :class:`Diagnostic` with a stable code from
:data:`MAT_CODES`, ``file:line:column`` and a plain message, and reading goes on at the next
line, game or match. Every game is either read or reported.

Speed: the common rows (plain checker plays, gnubg's and XG's cube and result phrases) are
read in place in the block, one regular expression match a row
(:data:`gamao_cli.formats.mat_fast.ROW_LINE`); the dice and steps of a cell text are cached
across rows, files and readers; the frozen model objects are built by the cheap
constructors of :mod:`gamao_cli.formats.mat_fast`. Blank lines, plain ``Game N`` lines and
plain score lines have quick paths too (:meth:`_Reader.matches`, :meth:`_Reader.quick_score`).
Every other line takes the general path (:mod:`gamao_cli.formats.mat_lines`), which reads
all of these lines the same way.

What the reader records, and how:

* players: player 0 is the left column, player 1 the right column, named by the score line
  of the first game (never by ``Player 1``/``Player 2`` tags: XG desktop puts Player 2 on the
  left). A later score line naming the same two players the other way round maps its
  columns by name (code P113).
* cells are assigned to a column by position (:mod:`gamao_cli.formats.mat_lines`), never by
  strict left/right alternation, so gnubg's beaver exchanges (whose closing ``Takes`` is
  never written) and empty cells read correctly.
* dice are kept in the order written; play text is kept as recorded
  (:func:`gamao_cli.model.notation.parse_steps`); ``Cannot Move``, empty cells and ``????``
  are marked (:class:`MoveMark`); ``Illegal play (<Snowie position>)`` becomes a
  :class:`SetPosition` (the position after the illegal play, the next player on roll).
* ``Raccoons => N`` is read as a :class:`Beaver` (a beaver of a beaver).
* a ``Wins`` cell at column 1 (JavaFIBS) names no winner: ``Win.player`` is None. A Galaxy
  ``Losses N point`` cell is kept on the game's ``Win`` as ``extra=(("losses", "N"),)``.
* header tags ``; [Key "Value"]`` are kept verbatim and in order, other header comment lines
  in ``Match.comments``; ``Variation``/``Crawford``/``Jacoby``/``Beaver``/``CubeLimit`` also
  set :class:`Rules`. Comment lines inside a game go to ``Game.properties`` as
  ``("comment", text)``.
"""

from __future__ import annotations

import dataclasses
import gc
import re
from collections.abc import Iterator
from typing import NamedTuple, TextIO, TypeVar

from gamao_cli.engine.ids import IdError
from gamao_cli.engine.snowie import decode_snowie
from gamao_cli.formats import mat_lines as ml
from gamao_cli.formats.mat_banner import banner_fields
from gamao_cli.formats.mat_fast import (
    DICE,
    GAME_LINE,
    PAIR_LINE,
    ROW_LINE,
    add_pair_at,
    new_location,
    new_move,
    new_move_at,
)
from gamao_cli.model.actions import (
    Action,
    Beaver,
    Double,
    Drop,
    Move,
    MoveMark,
    Resign,
    SetPosition,
    Step,
    Take,
    Win,
)
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match, Rules, Variant
from gamao_cli.model.notation import NotationError, parse_steps

__all__ = ["MAT_CODES", "clear_caches", "read_mat"]

MAT_CODES: dict[str, str] = {
    "P101": "unreadable line or cell: neither a header, game, score line, move row nor cell",
    "P102": "unparsable play text; the Move is kept with mark UNPARSED and its text",
    "P103": "score line missing or garbled after a Game header",
    "P104": "no match length line (`N point match`) before the games; length read as 0",
    "P105": "game without a result line (truncated or abandoned)",
    "P106": "binary, undecodable or empty input: nothing to read",
    "P107": "dice not 1..6; the Move is kept with mark UNPARSED",
    "P108": "cube phrase without a readable cube value; twice the previous cube assumed",
    "P109": "unreadable `Illegal play (...)` position; kept as an UNPARSED Move",
    "P110": "`; Set Pos=` edited position (XG extension) is not supported: ignored",
    "P111": "unsupported or unknown Variation tag; read as standard backgammon",
    "P112": "unreadable rule tag value (Crawford, Jacoby, Beaver, CubeLimit): ignored",
    "P113": "score-line names are the first game's names swapped: columns mapped by name",
    "P114": "line longer than the reader's limit: the rest of the line is ignored",
    "P115": "move rows before any `Game N` header: read as an unnumbered implicit game",
    "P116": "more than two cells on a row, or two cells in the same column",
    "P117": "`Losses` cell that no `Wins` line of the other player confirms",
    "P118": "text after a cube phrase, result or `Cannot Move`: ignored",
    "P119": "`Illegal play` position names disagree with the score line",
    "P120": "a second match length line before any game: the later one is used",
    "P121": "name line without scores (Jellyfish game style): scores unknown",
    "P122": "no game found in the match",
    "P123": "too many diagnostics in one match: the rest are counted, not listed",
    "P124": "boxed text banner (`+----+`, `| ... |`) before the match length: header comments",
    "P125": "game ends at a drop with no `Wins` line: the drop decides it",
}

_SEVERITY: dict[str, Severity] = {
    code: Severity.ERROR
    for code in ("P101", "P102", "P103", "P104", "P106", "P107", "P108", "P109", "P114", "P122")
}
_SEVERITY.update(
    {code: Severity.INFO for code in ("P110", "P113", "P124", "P125")},
)

MAX_LINE = 1 << 16
"""Characters read per line at most; the rest of a longer line is skipped (P114)."""
MAX_DIAGNOSTICS = 1000
"""Diagnostics listed per match at most; the rest are counted in one P123 diagnostic."""
_BLOCK = 1 << 16
"""Characters read from the stream at a time."""
_CACHE_LIMIT = 1 << 15
"""Play texts kept in :data:`_STEPS` at most (it is emptied when full)."""
_ON_OFF = {
    "on": True,
    "off": False,
    "yes": True,
    "no": False,
    "true": True,
    "false": False,
    "1": True,
    "0": False,
}

_T = TypeVar("_T")
_HEADER, _MATCH, _GAME = 0, 1, 2
_PLAY, _EMPTY, _UNPARSED = MoveMark.PLAY, MoveMark.EMPTY, MoveMark.UNPARSED
_PHRASES: dict[str, re.Pattern[str]] = {
    "d": ml.CUBE_CELL,  # Doubles; Drops is tried when this fails
    "b": ml.CUBE_CELL,
    "r": ml.CUBE_CELL,
    "t": ml.TAKE_CELL,
    "w": ml.WIN_CELL,
    "l": ml.LOSS_CELL,
    "i": ml.ILLEGAL_PLAY,
}


def clear_caches() -> None:
    """Forget the play texts read so far (the caches shared by all readers; for benchmarks)."""
    _STEPS.clear()
    _CELLS.clear()
    _UNREADABLE.clear()


def read_mat(stream: TextIO, filename: str) -> Iterator[Match]:
    """The matches of a ``.mat`` text stream, one at a time (see the module docstring).

    Cyclic garbage collection is paused while a match is being read and restored before it
    is yielded: the reader makes no reference cycles, and rescanning the growing match's
    objects otherwise takes about 40% of the reading time.
    """
    matches = _Reader(stream, filename).matches()
    while True:
        enabled = gc.isenabled()
        gc.disable()
        try:
            match = next(matches, None)
        finally:
            if enabled:
                gc.enable()
        if match is None:
            return
        yield match


class _Unreadable(NamedTuple):
    """A cached play text that is not a play."""

    message: str
    offset: int


_STEPS: dict[str, tuple[Step, ...]] = {}
"""Play text -> its steps, shared by all readers: Steps are immutable and the same plays
(opening moves, bear-offs) come up in match after match."""
_Play = tuple[tuple[int, int], tuple[Step, ...], MoveMark]
_CELLS: dict[str, _Play] = {}
"""Dice cell text (``62: 13/11 13/7``) -> its dice, steps and mark, shared like
:data:`_STEPS`."""
_ROW_NUMBERS = {str(n): n for n in range(1, 1000)}
"""Row numbers as written (``7`` of ``  7)``), read without ``int()``."""
_UNREADABLE: dict[str, _Unreadable] = {}
"""Play text that is not a play -> why (kept apart so that a hit in :data:`_STEPS` needs no
further test)."""


class _GameBuilder:
    __slots__ = (
        "actions",
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


class _MatchBuilder:
    __slots__ = (
        "banner",
        "banner_lines",
        "banner_open",
        "comments",
        "diagnostics",
        "earlier_lengths",
        "games",
        "length",
        "location",
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


class _Reader:
    def __init__(self, stream: TextIO, filename: str) -> None:
        self.stream = stream
        self.file = filename
        self.lineno = 0
        self.state = _HEADER
        self.match = _MatchBuilder(Location(filename, 1, 1))
        self.game: _GameBuilder | None = None
        self.pending: list[tuple[str, Location]] = []  # ';' lines after a game's rows
        self.read_error: str | None = None
        self.seen_text = False

    # ---------------------------------------------------------------- diagnostics
    def report(
        self,
        code: str,
        message: str,
        column: int = 0,
        line: int | None = None,
        game: _GameBuilder | None = None,
    ) -> None:
        match = self.match
        if len(match.diagnostics) >= MAX_DIAGNOSTICS:
            match.suppressed += 1
            return
        game = game or self.game
        where = Location(self.file, self.lineno if line is None else line, column)
        match.diagnostics.append(
            Diagnostic(
                code,
                _SEVERITY.get(code, Severity.WARNING),
                message,
                where,
                game.number if game is not None else None,
            )
        )

    # ---------------------------------------------------------------- input
    def fill(self, rest: str) -> tuple[str, bool]:
        """``rest`` (unread text without a line end) and the next block of input; True at
        the end of the input. Line ends ``\r\n`` and ``\r`` become ``\n``. A read error
        (undecodable text) ends the input: the incomplete line is dropped and the error kept
        for :meth:`matches` to report.
        """
        read = self.stream.read
        try:
            chunk = read(_BLOCK)
            if chunk.endswith("\r"):
                chunk += read(1)  # a "\r\n" cut in two
        except (OSError, ValueError) as exc:  # UnicodeDecodeError is a ValueError
            self.read_error = str(exc)
            return "", True
        if not chunk:
            return rest, True
        if "\r" in chunk:
            chunk = chunk.replace("\r\n", "\n").replace("\r", "\n")
        return rest + chunk, False

    def skip_line(self) -> tuple[str, int, bool]:
        """Read past the end of an over-long line: (text after it, characters skipped
        including the line end, end of input)."""
        skipped = 0
        while True:
            text, at_end = self.fill("")
            end = text.find("\n")
            if end >= 0:
                return text[end + 1 :], skipped + end + 1, at_end
            skipped += len(text)
            if at_end:
                return "", skipped, True

    # ---------------------------------------------------------------- driver
    def matches(self) -> Iterator[Match]:
        """Lines in blocks: runs of common rows (:data:`ROW_LINE`) go through
        :meth:`fast_rows`, every other line through :meth:`line`."""
        fast = ROW_LINE.match
        game_line = GAME_LINE.match
        buf, pos, at_end, lineno = "", 0, False, 0
        while True:
            game = self.game
            if game is not None and not game.expect_score and fast(buf, pos) is not None:
                pos, lineno = self.fast_rows(buf, pos, lineno, game)
            # Quick paths for the commonest other lines, read as line() reads them.
            if buf.startswith("\n", pos):  # a blank line
                pos += 1
                self.lineno = lineno = lineno + 1
                continue
            if game is None or not game.expect_score:
                found = game_line(buf, pos)
                if found is not None and found.end() - pos <= MAX_LINE:
                    self.lineno = lineno = lineno + 1
                    self.seen_text = True
                    if self.pending:
                        self.flush_pending()
                    self.start_game(int(found[1]), found.start(1) - pos - 4)
                    pos = found.end()
                    continue
            elif (quick := self.quick_score(buf, pos, lineno, game)) > 0:
                pos = quick
                lineno = self.lineno
                continue
            end = buf.find("\n", pos)
            skipped = -1
            if end >= 0:
                if end - pos < MAX_LINE:
                    raw = buf[pos : end + 1]
                    pos = end + 1
                else:
                    raw, skipped = buf[pos : pos + MAX_LINE], end - pos - MAX_LINE + 1
                    pos = end + 1
            elif not at_end and len(buf) - pos < MAX_LINE:
                buf, at_end = self.fill(buf[pos:])
                pos = 0
                continue
            elif pos >= len(buf):
                break
            elif len(buf) - pos <= MAX_LINE:  # the last line, without a line end
                raw, pos = buf[pos:], len(buf)
            else:  # an over-long line: its first MAX_LINE characters are read
                raw, skipped = buf[pos : pos + MAX_LINE], len(buf) - pos - MAX_LINE
                if at_end:
                    buf, pos = "", 0
                else:
                    buf, more, at_end = self.skip_line()
                    pos, skipped = 0, skipped + more
            self.lineno = lineno = lineno + 1
            if skipped >= 0:
                self.report(
                    "P114", f"line longer than {MAX_LINE} characters; {skipped} more ignored"
                )
            if lineno <= 20 and _is_binary(raw):
                self.report("P106", "the input is binary, not match text")
                break
            finished = self.line(raw)
            if finished is not None:
                yield finished
        if self.read_error is not None:
            self.lineno = lineno + 1
            self.report(
                "P106", f"the input cannot be read as text past this point: {self.read_error}"
            )
        yield self.finish_match()

    def quick_score(self, buf: str, pos: int, lineno: int, game: _GameBuilder) -> int:
        """The score line expected at ``pos`` when it is plain (no tab, byte order mark or
        control character, not a comment or match length line), read as :meth:`line` reads
        it; returns the position after it, or 0 (nothing read) for the general path.
        """
        end = buf.find("\n", pos)
        if end < 0 or end - pos >= MAX_LINE:
            return 0
        found = ml.SCORE_LINE.match(buf, pos, end)
        if (
            found is None
            or buf[found.start(1)] in ";#\ufeff"
            or buf.find("\t", pos, end) >= 0
            or buf.startswith("\ufeff", pos)
            or ml.MATCH_LENGTH.match(buf, pos, end) is not None
            or (lineno < 20 and _is_binary(buf[pos : end + 1]))
        ):
            return 0
        self.lineno = lineno + 1
        self.seen_text = True
        if self.pending:
            self.flush_pending()
        game.expect_score = False
        score = (int(found[2]), int(found[4]))
        left, right = found.start(1) - pos, found.start(3) - pos
        self.set_players(game, found[1], found[3], score, left, right)
        return end + 1

    def line(self, raw: str) -> Match | None:
        """One line that :meth:`fast_rows` did not read."""
        line = raw.rstrip()
        if not line:
            return None
        if "\t" in line:
            line = line.expandtabs()
        if line[0] == "\ufeff":
            line = line.lstrip("\ufeff")
            if not line:
                return None
        game = self.game
        if game is not None and not game.expect_score:
            if ROW_LINE.match(text := line + "\n") is not None:  # e.g. a row with tabs
                lineno = self.lineno
                done, _ = self.fast_rows(text, 0, lineno - 1, game)
                if done:
                    return None
                self.lineno = lineno
            found = ml.ROW.match(line)
            if found is not None:
                if self.pending:
                    self.flush_pending()
                self.row(line, int(found[1]), found.end())
                return None
        self.seen_text = True
        return self.structural(line)

    def structural(self, line: str) -> Match | None:
        """Every line but a move row of a game in progress. Returns a finished match."""
        stripped = line.lstrip()
        if stripped[0] in ";#":
            self.comment_line(stripped)
            return None
        found = ml.MATCH_LENGTH.match(line)
        if found is not None:
            return self.match_length(int(found[1]), found.start(1) + 1)
        if self.pending:
            self.flush_pending()
        game = self.game
        if game is not None and game.expect_score:
            game.expect_score = False
            if self.score_line(line, game):
                return None
        found = ml.GAME_HEADER.match(line)
        if found is not None:
            self.start_game(int(found[1]), len(line) - len(stripped) + 1)
            return None
        found = ml.ROW.match(line)
        if found is not None:
            if game is None:
                game = self.implicit_game()
            self.row(line, int(found[1]), found.end())
            return None
        if game is not None:
            self.cells(line, None, 0)
            return None
        if self.banner_line(line):
            return None
        self.report(
            "P101",
            f"unreadable line {_quote(stripped)} before the "
            + ("first game" if self.state == _MATCH else "match length line"),
            len(line) - len(stripped) + 1,
        )
        return None

    # ---------------------------------------------------------------- headers
    def comment_line(self, text: str) -> None:
        where = Location(self.file, self.lineno, 1)
        if ml.SET_POS.match(text):
            self.report("P110", f"edited position {_quote(text)} is not supported; ignored", 1)
        if self.state == _GAME:
            self.pending.append((text, where))
            return
        self.header_line(text, where, self.match)

    def banner_line(self, line: str) -> bool:
        """A line of a boxed text banner before the first game (Hardy's archive writes one
        instead of ``;`` lines): its text lines become header comments; False for any other
        line."""
        match = self.match
        if ml.BANNER_RULE.match(line):
            match.banner_open = not match.banner_open
            match.banner_lines.append(self.lineno)
            return True
        if not match.banner_open:
            return False
        found = ml.BANNER_TEXT.match(line)
        if found is None:
            return False
        text = found[1].strip()
        match.comments.append(text)
        match.banner.append((text, Location(self.file, self.lineno, 1)))
        return True

    @staticmethod
    def header_line(text: str, where: Location, match: _MatchBuilder) -> None:
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

    def match_length(self, length: int, column: int) -> Match | None:
        match = self.match
        where = Location(self.file, self.lineno, column)
        if self.game is not None or match.games:
            pending, self.pending = self.pending, []
            finished = self.finish_match()
            self.match = _MatchBuilder(where)
            for text, place in pending:
                self.header_line(text, place, self.match)
            self.match.length = length
            self.state = _MATCH
            return finished
        if match.length is not None:
            match.earlier_lengths.append((match.length, match.location))
        match.length = length
        match.location = where
        self.state = _MATCH
        return None

    def start_game(self, number: int, column: int) -> None:
        self.finish_game()
        if self.match.length is None and not self.match.games:
            self.report_no_length(column)
        self.game = _GameBuilder(number, Location(self.file, self.lineno, column), True)
        self.state = _GAME

    def implicit_game(self) -> _GameBuilder:
        number = len(self.match.games) + 1
        if self.match.length is None and not self.match.games:
            self.report_no_length(1)
        self.report("P115", f"move rows before any Game header; read as game {number}", 1)
        game = _GameBuilder(number, Location(self.file, self.lineno, 1), False)
        self.game = game
        self.state = _GAME
        return game

    def report_no_length(self, column: int) -> None:
        self.match.length = 0
        self.report(
            "P104", "a game starts before any `N point match` line; length read as 0", column
        )

    def score_line(self, line: str, game: _GameBuilder) -> bool:
        """Read the line after a game header; False if it is something else."""
        found = ml.SCORE_LINE.match(line)
        if found is None:
            if ml.ROW.match(line) is None and ml.GAME_HEADER.match(line) is None:
                names = ml.NAMES_ONLY.match(line)
                if names is not None:
                    self.set_players(
                        game, names[1], names[2], None, names.start(1), names.start(2)
                    )
                    self.report(
                        "P121",
                        "the name line after the game header gives no scores",
                        len(line) - len(line.lstrip()) + 1,
                    )
                    return True
                self.report(
                    "P103",
                    f"expected a score line such as `Alice : 0   Bob : 0`, found {_quote(line)}",
                    len(line) - len(line.lstrip()) + 1,
                )
                return True
            self.report(
                "P103",
                f"game {game.number} has no score line: expected `name : score   name : score`",
                len(line) - len(line.lstrip()) + 1,
            )
            self.inherit_players(game)
            return False
        score = (int(found[2]), int(found[4]))
        self.set_players(game, found[1], found[3], score, found.start(1), found.start(3))
        return True

    def inherit_players(self, game: _GameBuilder) -> None:
        if self.match.players is not None:
            game.players = self.match.players

    def set_players(
        self,
        game: _GameBuilder,
        left: str,
        right: str,
        score: tuple[int, int] | None,
        left_column: int,
        right_column: int,
    ) -> None:
        """The names (and scores) of a game's score line; the columns are 0-based."""
        name0, rating0 = ml.split_name(left)
        name1, rating1 = ml.split_name(right)
        game.threshold = ml.right_threshold(right_column)
        match = self.match
        if match.players is None:
            match.players = (name0, name1)
            match.ratings = (rating0, rating1)
        elif (name1, name0) == match.players and name0 != name1:
            game.columns = (1, 0)
            self.report(
                "P113",
                f"{name0!r} is in the left column here but was the right player of the "
                "first game; columns mapped by name",
                1,
            )
            name0, name1 = name1, name0
            if score is not None:
                score = (score[1], score[0])
        game.players = (name0, name1)
        game.score = score
        if score is not None:
            game.score_at = Location(self.file, self.lineno, left_column + 1)

    # ---------------------------------------------------------------- rows and cells
    def row(self, line: str, number: int, start: int) -> None:
        self.cells(line, number, start)

    def cells(self, line: str, number: int | None, start: int) -> None:
        game = self.game
        assert game is not None
        cells, head = ml.split_cells(line, start)
        if head is not None:
            self.report(
                "P101",
                f"unreadable text {_quote(head[1])}: expected dice such as `31: 8/5 6/5`, "
                "`Doubles => 2`, `Takes`, `Drops` or `Wins 1 point`",
                head[0] + 1,
            )
        if not cells:
            return
        sides = ml.cell_sides(cells, game.threshold)
        if len(cells) == 2:
            if sides[0] == 1:
                self.report("P116", "two cells in the right column", cells[1][0] + 1)
            elif cells[0][0] + 4 < cells[1][0] < game.threshold:
                # a two-cell row shows where the right column starts in narrow layouts
                game.threshold = cells[1][0]
        elif len(cells) > 2:
            self.report(
                "P116",
                f"{len(cells)} cells on one row; each placed by its column",
                cells[2][0] + 1,
            )
        columns = game.columns
        for (column, text), side in zip(cells, sides, strict=True):
            self.cell(text, column, columns[side], number)

    def cell(self, text: str, column: int, player: int, number: int | None) -> None:
        game = self.game
        assert game is not None
        where = new_location(self.file, self.lineno, column + 1)
        first = text[0]
        if "0" <= first <= "9":
            dice = ml.DICE_CELL.match(text)
            if dice is not None:
                self.dice_cell(dice, text, column, player, number, where)
                return
        else:
            key = first.lower()
            found = _PHRASES[key].match(text) if key in _PHRASES else None
            if found is None and key == "d":
                found = ml.DROP_CELL.match(text)
            elif found is None and key == "r":
                found = ml.RESIGN_CELL.match(text)
            if found is not None:
                if found.re is ml.CUBE_CELL:
                    self.cube_cell(found, text, column, player, number, where)
                    return
                if key == "i":
                    self.trailing(found[2], text, column)
                    position = self.illegal_play(found[1], text, column, player, number, where)
                    if position is not None:
                        game.actions.append(position)
                    return
                action: Action
                if key == "t":
                    self.trailing(found[1], text, column)
                    action = Take(player, text, number, where)
                elif key == "d":
                    self.trailing(found[1], text, column)
                    action = Drop(player, text, number, where)
                elif key == "r":  # Resigns, Resigned Game, Resigned Match
                    self.trailing(found[2], text, column)
                    action = Resign(player, 1, True, text, number, where)
                    game.resigned = True
                elif key == "w":
                    self.trailing(found[3], text, column)
                    winner = None if column < ml.WIN_NO_SIDE_COLUMN else player
                    action = Win(
                        winner, int(found[1]), found[2] is not None, None, text, number, where
                    )
                    game.won = True
                else:  # "l": Galaxy's loser cell, kept on the game's Win
                    self.trailing(found[2], text, column)
                    game.losses.append((player, int(found[1]), where))
                    return
                game.actions.append(action)
                return
        self.report(
            "P101",
            f"unreadable cell {_quote(text)}: expected dice such as `31: 8/5 6/5`, "
            "`Doubles => 2`, `Takes`, `Drops` or `Wins 1 point`",
            column + 1,
        )

    def trailing(self, extra: str, text: str, column: int) -> None:
        if extra:
            self.report(
                "P118",
                f"text {_quote(extra)} after {_quote(text[: -len(extra)].strip())} ignored",
                column + len(text) - len(extra) + 1,
            )

    def cube_cell(
        self,
        found: re.Match[str],
        text: str,
        column: int,
        player: int,
        number: int | None,
        where: Location,
    ) -> None:
        game = self.game
        assert game is not None
        self.trailing(found[3], text, column)
        if found[2] is None:
            value = game.cube * 2
            self.report("P108", f"{_quote(text)} gives no cube value; {value} assumed", column + 1)
        else:
            value = int(found[2])
        game.cube = max(value, 1)
        if found[1][0] in "dD":
            game.actions.append(Double(player, value, text, number, where))
        else:
            game.actions.append(Beaver(player, value, text, number, where))

    def fast_rows(self, buf: str, pos: int, lineno: int, game: _GameBuilder) -> tuple[int, int]:
        """The common rows (:data:`ROW_LINE`) of ``buf`` from ``pos`` on, one after the other.

        Stops at the first other line, and at a row that needs a diagnostic other than P102
        (two cells in the right column, an over-long line). Returns the position after the
        last row read (``pos`` if none) and the new line number.
        """
        fast = ROW_LINE.match
        pair_line = PAIR_LINE.match
        numbers = _ROW_NUMBERS
        threshold = game.threshold
        left, right = game.columns
        append = game.actions.append
        pending = self.pending
        file = self.file
        cells = _CELLS
        make = new_move_at
        pair = add_pair_at
        while True:
            found = pair_line(buf, pos)
            if found is not None and not pending:
                # Two dice cells: the common row, read with fewer groups. The same steps as
                # the general row below, written out again: a call per cell costs more.
                end = found.end()
                column = found.start(2) - pos
                column_right = found.start(3) - pos
                if column < threshold and end - pos <= MAX_LINE:
                    number, cell, cell2 = found.groups()
                    lineno += 1
                    paired = numbers.get(number) or int(number)
                    known = cells.get(cell)
                    if known is None:
                        self.lineno = lineno
                        known = self.dice_play(cell, column)
                    if column + 4 < column_right < threshold:
                        game.threshold = threshold = column_right
                    known2 = cells.get(cell2)
                    if known2 is None:
                        self.lineno = lineno
                        known2 = self.dice_play(cell2, column_right)
                    rolled, steps, mark = known
                    rolled2, steps2, mark2 = known2
                    pair(
                        append, left, rolled, steps, cell, mark, right, rolled2, steps2, cell2,
                        mark2, paired, file, lineno, column + 1, column_right + 1,
                    )  # fmt: skip
                    pos = end
                    continue
            found = fast(buf, pos)
            if found is None:
                break
            (number, cell, phrase, value, points, whole,
             cell2, phrase2, value2, points2, whole2) = found.groups()  # fmt: skip
            column = found.start(2 if cell is not None else 3) - pos
            if column < threshold:
                player = left
            elif cell2 is None and phrase2 is None:
                player = right
            else:
                break  # two cells in the right column (P116)
            end = found.end()
            if end - pos > MAX_LINE:
                break
            if pending:
                self.flush_pending()
            lineno += 1
            row = None if number is None else int(number)
            if cell is not None:
                known = cells.get(cell)
                if known is None:
                    self.lineno = lineno
                    known = self.dice_play(cell, column)
                rolled, steps, mark = known
                append(make(player, rolled, steps, cell, mark, row, file, lineno, column + 1))
            else:
                self.lineno = lineno
                self.phrase(phrase, value, points, whole, column, player, row)
            if cell2 is not None:
                column_right = found.start(7) - pos
                if column + 4 < column_right < threshold:
                    game.threshold = threshold = column_right
                known = cells.get(cell2)
                if known is None:
                    self.lineno = lineno
                    known = self.dice_play(cell2, column_right)
                rolled, steps, mark = known
                append(make(right, rolled, steps, cell2, mark, row, file, lineno, column_right + 1))
            elif phrase2 is not None:
                column_right = found.start(8) - pos
                if column + 4 < column_right < threshold:
                    game.threshold = threshold = column_right
                self.lineno = lineno
                self.phrase(phrase2, value2, points2, whole2, column_right, right, row)
            pos = end
        self.lineno = lineno
        return pos, lineno

    def dice_play(self, cell: str, column: int) -> _Play:
        """Dice, steps and mark of a dice cell of :data:`ROW_LINE` (``62: 13/11 13/7``) at
        0-based ``column``, cached in :data:`_CELLS` unless the play is unreadable (P102,
        reported at each occurrence).
        """
        dice = DICE[cell[:2]]
        rest = cell[3:].lstrip(" ")
        if not rest:
            known: _Play = (dice, (), _EMPTY)
        elif rest == "Cannot Move":
            known = (dice, (), MoveMark.CANNOT_MOVE)
        elif rest[0] == "?":  # "????"
            known = (dice, (), MoveMark.UNKNOWN)
        else:
            steps = self.steps(rest, column + len(cell) - len(rest))
            if steps is None:
                return dice, (), _UNPARSED
            known = (dice, steps, _PLAY)
        _remember(_CELLS, cell, known)
        return known

    def phrase(
        self,
        text: str,
        value: str | None,
        points: str | None,
        whole: str | None,
        column: int,
        player: int,
        number: int | None,
    ) -> None:
        """A cube or result cell of :data:`ROW_LINE`, as :meth:`cell` reads it."""
        game = self.game
        assert game is not None
        where = new_location(self.file, self.lineno, column + 1)
        action: Action
        if value is not None:
            cube = int(value)
            game.cube = max(cube, 1)
            action = Double(player, cube, text, number, where)
        elif points is not None:
            winner = None if column < ml.WIN_NO_SIDE_COLUMN else player
            action = Win(winner, int(points), whole is not None, None, text, number, where)
            game.won = True
        elif text[0] == "T":
            action = Take(player, text, number, where)
        else:
            action = Drop(player, text, number, where)
        game.actions.append(action)

    def steps(self, rest: str, column: int) -> tuple[Step, ...] | None:
        """The steps of a play text (cached); None, reported as P102, if it is not a play.

        ``column`` is the 0-based column of ``rest`` in the line.
        """
        steps = _STEPS.get(rest)
        if steps is not None:
            return steps
        unreadable = _UNREADABLE.get(rest)
        if unreadable is None:
            try:
                steps = tuple(parse_steps(rest))
            except NotationError as exc:
                unreadable = _Unreadable(exc.message, exc.offset)  # no traceback: no cycles
                _remember(_UNREADABLE, rest, unreadable)
            else:
                _remember(_STEPS, rest, steps)
                return steps
        self.report(
            "P102",
            f"play {_quote(rest)} is not readable: {unreadable.message}",
            column + unreadable.offset + 1,
        )
        return None

    def dice_cell(
        self,
        found: re.Match[str],
        text: str,
        column: int,
        player: int,
        number: int | None,
        where: Location,
    ) -> None:
        game = self.game
        assert game is not None
        dice = DICE.get(found[1] + found[2])
        rest = found[3]
        if dice is None:
            self.report("P107", f"dice {found[1]}{found[2]} are not two numbers 1..6", column + 1)
            dice = (int(found[1]), int(found[2]))
            game.actions.append(Move(player, dice, (), text, MoveMark.UNPARSED, number, where))
            return
        if not rest:
            game.actions.append(new_move(player, dice, (), text, MoveMark.EMPTY, number, where))
            return
        first = rest[0]
        special = not ("0" <= first <= "9" or first in "bBoO")
        if special and self.special_play(text, rest, column, player, number, where, dice):
            return
        steps = self.steps(rest, column + found.start(3))
        mark = MoveMark.UNPARSED if steps is None else MoveMark.PLAY
        game.actions.append(new_move(player, dice, steps or (), text, mark, number, where))

    def special_play(
        self,
        text: str,
        rest: str,
        column: int,
        player: int,
        number: int | None,
        where: Location,
        dice: tuple[int, int],
    ) -> bool:
        """``Cannot Move``, ``????`` and ``Illegal play (...)``; False for anything else."""
        game = self.game
        assert game is not None
        mark: MoveMark | None = None
        found = ml.CANNOT_MOVE.match(rest)
        if found is not None:
            mark = MoveMark.CANNOT_MOVE
        else:
            found = ml.UNKNOWN_PLAY.match(rest)
            if found is not None:
                mark = MoveMark.UNKNOWN
        if found is not None and mark is not None:
            self.trailing(found[1], text, column)
            game.actions.append(new_move(player, dice, (), text, mark, number, where))
            return True
        found = ml.ILLEGAL_PLAY.match(rest)
        if found is None:
            return False
        self.trailing(found[2], text, column)
        action = self.illegal_play(found[1], text, column, player, number, where)
        game.actions.append(
            action or Move(player, dice, (), text, MoveMark.UNPARSED, number, where)
        )
        return True

    def illegal_play(
        self,
        inner: str,
        text: str,
        column: int,
        player: int,
        number: int | None,
        where: Location,
    ) -> SetPosition | None:
        game = self.game
        assert game is not None
        try:
            position = decode_snowie(inner)
        except IdError as exc:
            self.report(
                "P109", f"the position in {_quote(text)} is not readable: {exc}", column + 1
            )
            return None
        turn = 1 - player
        if game.players is not None and position.names[0] != game.players[turn]:
            if position.names[0] == game.players[player]:
                turn = player
            self.report(
                "P119",
                f"the position puts {position.names[0]!r} on roll after {_quote(text[:2])}; "
                f"the score line names {game.players[0]!r} and {game.players[1]!r}",
                column + 1,
            )
        boards = (
            (position.on_roll, position.other) if turn == 0 else (position.other, position.on_roll)
        )
        owner = position.owner_player(turn)
        return SetPosition(
            boards, turn, position.dice, position.cube_value, owner, text, number, where, player
        )

    # ---------------------------------------------------------------- finishing
    def finish_game(self) -> None:
        game = self.game
        if game is None:
            return
        self.game = None
        actions = game.actions
        for loser, points, where in game.losses:
            self.attach_losses(actions, loser, points, where, game.number)
        if game.resigned and game.won:
            _resign_levels(actions)
        where = game.location
        if game.expect_score:
            self.report(
                "P103",
                f"game {game.number} ends before its score line",
                where.column,
                where.line,
                game,
            )
        if not game.won and actions and isinstance(actions[-1], Drop):
            self.report(
                "P125",
                f"game {game.number} ends at a drop with no `Wins` line; the drop decides it",
                where.column,
                where.line,
                game,
            )
        elif not game.won:
            self.report(
                "P105",
                f"game {game.number} has no `Wins` line (truncated or abandoned)",
                where.column,
                where.line,
                game,
            )
        self.match.games.append(
            Game(
                number=game.number,
                score=game.score,
                actions=tuple(actions),
                players=game.players,
                location=game.location,
                properties=tuple(game.properties),
                score_location=game.score_at,
            )
        )

    def attach_losses(
        self, actions: list[Action], loser: int, points: int, where: Location, number: int
    ) -> None:
        for index in range(len(actions) - 1, -1, -1):
            win = actions[index]
            if isinstance(win, Win):
                if win.player is None or win.player != loser:
                    actions[index] = dataclasses.replace(
                        win, extra=(*win.extra, ("losses", str(points)))
                    )
                    return
                break
        self.match.diagnostics.append(
            Diagnostic(
                "P117",
                Severity.WARNING,
                f"`Losses {points}` of player {loser} matches no `Wins` of the other player",
                where,
                number,
            )
        )

    def finish_match(self) -> Match:
        if self.pending:
            if self.game is not None:
                self.flush_pending()
            else:
                for text, where in self.pending:
                    self.header_line(text, where, self.match)
                self.pending.clear()
        self.finish_game()
        match = self.match
        if match.earlier_lengths:
            self.choose_length(match)
        if match.banner_lines:
            self.banner_tags(match)
        if not self.seen_text and not match.diagnostics:
            self.report("P106", "the input is empty", 0, 0)
        elif not match.games and not any(d.code == "P106" for d in match.diagnostics):
            if match.length is None:
                self.report("P104", "no `N point match` line found", 0, 0)
            self.report("P122", "no game found", 0, 0)
        if match.suppressed:
            match.diagnostics.append(
                Diagnostic(
                    "P123",
                    Severity.WARNING,
                    f"{match.suppressed} further diagnostics not listed",
                    Location(self.file),
                )
            )
        rules = self.rules(match)
        players = match.players or _tag_players(match.tags)
        return Match(
            players=players,
            length=match.length or 0,
            games=tuple(match.games),
            rules=rules,
            ratings=match.ratings,
            tags=tuple(match.tags),
            comments=tuple(match.comments),
            location=match.location,
            source_format="mat",
            diagnostics=tuple(match.diagnostics),
        )

    def choose_length(self, match: _MatchBuilder) -> None:
        """Two or more match length lines before the first game: the one the record's end
        confirms (the last game's ``and the match`` takes the winner to exactly that length
        from below it) is used; otherwise the last one (P120 says which)."""
        assert match.length is not None
        candidates = [*match.earlier_lengths, (match.length, match.location)]
        confirmed = [(n, at) for n, at in candidates if _ends_match_at(match.games, n)]
        lengths = " and ".join(str(n) for n, _ in candidates)
        last = candidates[-1]
        if len({n for n, _ in confirmed}) == 1:
            chosen = confirmed[0]
            why = "the last game's `and the match` confirms it"
        else:
            chosen = last
            why = "the last one; the record's end confirms none of them"
        match.length, match.location = chosen
        self.match.diagnostics.append(
            Diagnostic(
                "P120",
                _SEVERITY.get("P120", Severity.WARNING),
                f"match length lines for {lengths} points before the first game: "
                f"{chosen[0]} is used ({why})",
                last[1],
            )
        )

    def banner_tags(self, match: _MatchBuilder) -> None:
        """Event, round and players read from a banner's first lines, unless tags give them."""
        found = banner_fields([text for text, _ in match.banner], match.players)
        have = {key.lower() for key, _ in match.tags}
        first, last = match.banner_lines[0], match.banner_lines[-1]
        where = Location(self.file, first, 1)
        added = []
        for key, value in found:
            if key.lower() not in have:
                match.tags.append((key, value))
                match.tag_lines.append(where)
                added.append(f"{key.lower()} {value!r}")
        match.diagnostics.append(
            Diagnostic(
                "P124",
                Severity.INFO,
                f"a boxed text banner (lines {first}-{last}) read as header comments"
                + (f"; recognised {', '.join(added)}" if added else ""),
                where,
            )
        )

    def rules(self, match: _MatchBuilder) -> Rules:
        variant = Variant.STANDARD
        flags: dict[str, bool | None] = {"crawford": None, "jacoby": None, "beavers": None}
        cube: bool | None = None
        cube_limit: int | None = None
        for (key, value), where in zip(match.tags, match.tag_lines, strict=True):
            low = key.lower()
            if low == "variation":
                found = Variant.from_name(value)
                if found is None:
                    self.tag_problem(
                        "P111",
                        f"variation {value!r} is not supported; read as standard backgammon",
                        where,
                    )
                else:
                    variant = found
            elif low in ("crawford", "jacoby", "beaver"):
                flag = _ON_OFF.get(value.strip().lower())
                if flag is None:
                    self.tag_problem("P112", f"{key} {value!r} is not On or Off", where)
                else:
                    flags["beavers" if low == "beaver" else low] = flag
            elif low == "cubelimit":
                limit = value.strip()
                if limit.isdigit() and int(limit) >= 1:
                    cube_limit = int(limit)
                    cube = cube_limit > 1
                else:
                    self.tag_problem("P112", f"CubeLimit {value!r} is not a number >= 1", where)
        return Rules(
            variant, cube, flags["crawford"], flags["jacoby"], flags["beavers"], cube_limit
        )

    def tag_problem(self, code: str, message: str, where: Location) -> None:
        self.match.diagnostics.append(
            Diagnostic(code, _SEVERITY.get(code, Severity.WARNING), message, where)
        )


def _resign_levels(actions: list[Action]) -> None:
    """A ``Resigns`` cell gets its level from the ``Wins`` line after it, as gnubg converts a
    resigned value: up to the cube a single game, up to twice the cube a gammon, else a
    backgammon."""
    cube = 1
    for index, action in enumerate(actions):
        if isinstance(action, (Double, Beaver)):
            cube = max(action.value, 1)
        elif isinstance(action, Resign):
            win = next((a for a in actions[index + 1 :] if isinstance(a, Win)), None)
            if win is not None:
                level = 1 if win.points <= cube else 2 if win.points <= 2 * cube else 3
                actions[index] = dataclasses.replace(action, level=level)


def _ends_match_at(games: list[Game], length: int) -> bool:
    """Whether the last game's ``and the match`` takes its winner from below ``length`` to it."""
    if not games or length <= 0:
        return False
    last = games[-1]
    win = next((a for a in last.actions if isinstance(a, Win)), None)
    if win is None or not win.and_the_match or win.player is None or last.score is None:
        return False
    before = last.score
    return max(before) < length <= before[win.player] + win.points


def _remember(cache: dict[str, _T], key: str, value: _T) -> None:
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = value


def _tag_players(tags: list[tuple[str, str]]) -> tuple[str, str]:
    names = dict((key.lower(), value) for key, value in tags)
    return names.get("player 1", ""), names.get("player 2", "")


def _quote(text: str, limit: int = 60) -> str:
    text = text.strip()
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return f"`{text}`"


_CONTROLS = "".join(chr(code) for code in range(32) if chr(code) not in "\t\n\r\f\x1b")
_CONTROL = re.compile(f"[{re.escape(_CONTROLS)}]")
_NO_CONTROLS = dict.fromkeys(map(ord, _CONTROLS))


def _is_binary(line: str) -> bool:
    if _CONTROL.search(line) is None:
        return False
    if "\x00" in line:
        return True
    controls = len(line) - len(line.translate(_NO_CONTROLS))
    return controls > max(8, len(line) // 20)
