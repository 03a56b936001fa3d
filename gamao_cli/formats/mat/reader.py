"""Reading Jellyfish ``.mat`` match text (every dialect of formats.md sections 1, 7 and 8).

Streaming: one :class:`Match` per ``N point match`` block, yielded as soon as the next
block starts or the input ends, so memory is bounded by one match and one block of input
(the text is read 64K characters at a time; ``\n``, ``\r\n`` and ``\r`` end lines). Content
problems never raise: each becomes a :class:`Diagnostic` with a stable code from
:data:`MAT_CODES`, ``file:line:column`` and a plain message, and reading goes on at the next
line, game or match. Every game is either read or reported.

Speed: the common rows (plain checker plays, gnubg's and XG's cube and result phrases) are
read in place in the block, one regular expression match a row
(:data:`gamao_cli.formats.mat.fast.ROW_LINE`); the dice and steps of a cell text are cached
across rows, files and readers; the frozen model objects are built by the cheap
constructors of :mod:`gamao_cli.formats.shells`. Blank lines, plain ``Game N`` lines and
plain score lines have quick paths too (:meth:`_Reader.matches`, :meth:`_Reader.quick_score`).
Every other line takes the general path (:mod:`gamao_cli.formats.mat.lines`), which reads
all of these lines the same way.

What the reader records, and how:

* players: player 0 is the left column, player 1 the right column, named by the score line
  of the first game (never by ``Player 1``/``Player 2`` tags: XG desktop puts Player 2 on the
  left). A later score line naming the same two players the other way round maps its
  columns by name (code P113).
* cells are assigned to a column by position (:mod:`gamao_cli.formats.mat.lines`), never by
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
* a boxed text banner before the match length (``+----+`` and ``| ... |`` lines, Hardy's
  archive) is header comments, its event, round and players tags where obvious
  (:mod:`gamao_cli.formats.mat.banner`, P124).
* ``Resigns``, ``Resigned Game`` and ``Resigned Match`` cells (HedgeHog, OpenGammon) are a
  :class:`Resign` of the column's player, its level from the ``Wins`` line after it.
* two match length lines before the first game: the one the record's end confirms is used
  (P120).

The reader is built in layers, one module each: :mod:`gamao_cli.formats.mat.state` (codes,
limits, the builders, diagnostics), :mod:`gamao_cli.formats.mat.cells` (rows and cells),
:mod:`gamao_cli.formats.mat.games` (games and the match) and this module (lines, the driver).
"""

from __future__ import annotations

import gc
import re
from collections.abc import Iterator
from typing import TextIO

from gamao_cli.formats.base import part_games
from gamao_cli.formats.mat import MAT_CODES
from gamao_cli.formats.mat import lines as ml
from gamao_cli.formats.mat.cells import clear_caches
from gamao_cli.formats.mat.fast import GAME_LINE, ROW_LINE
from gamao_cli.formats.mat.games import GameAssembler
from gamao_cli.formats.mat.state import (
    BLOCK,
    GAME,
    MATCH,
    MAX_LINE,
    GameBuilder,
    MatchBuilder,
    quote,
)
from gamao_cli.i18n import N_
from gamao_cli.model.location import Location
from gamao_cli.model.match import Match

__all__ = ["MAT_CODES", "clear_caches", "read_mat"]


def read_mat(stream: TextIO, filename: str, first_line: int = 0) -> Iterator[Match]:
    """The matches of a ``.mat`` text stream, one at a time (see the module docstring).
    ``first_line``: how many lines of the file come before the stream (a byte range of a
    file read on its own, :mod:`gamao_cli.formats.ranges`), so that locations are the file's.

    Inside :func:`gamao_cli.formats.base.in_parts` a long match is yielded in parts
    (:attr:`Match.part`), each with the games and diagnostics read since the previous one.

    Cyclic garbage collection is paused while a match is being read and restored before it
    is yielded: the reader makes no reference cycles, and rescanning the growing match's
    objects otherwise takes about 40% of the reading time.
    """
    reader = _Reader(stream, filename, first_line)
    reader.part_games = part_games()
    matches = reader.matches()
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


class _Reader(GameAssembler):
    """The driver: lines in blocks, each to its layer (see :mod:`gamao_cli.formats.mat.state`)."""

    # ---------------------------------------------------------------- input
    def fill(self, rest: str) -> tuple[str, bool]:
        """``rest`` (unread text without a line end) and the next block of input; True at
        the end of the input. Line ends ``\r\n`` and ``\r`` become ``\n``. A read error
        (undecodable text) ends the input: the incomplete line is dropped and the error kept
        for :meth:`matches` to report.
        """
        read = self.stream.read
        try:
            chunk = read(BLOCK)
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
        buf, pos, at_end, lineno = "", 0, False, self.lineno
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
                    if self.part_ready is not None:
                        part, self.part_ready = self.part_ready, None
                        yield part
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
                    "P114",
                    N_("line longer than {limit} characters; {count} more ignored").format(
                        limit=MAX_LINE, count=skipped
                    ),
                )
            if lineno <= 20 and _is_binary(raw):
                self.report("P106", N_("the input is binary, not match text"))
                break
            finished = self.line(raw)
            if finished is not None:
                yield finished
            if self.part_ready is not None:
                part, self.part_ready = self.part_ready, None
                yield part
        if self.read_error is not None:
            self.lineno = lineno + 1
            self.report(
                "P106",
                N_("the input cannot be read as text past this point: {error}").format(
                    error=self.read_error
                ),
            )
        yield self.finish_match()

    def quick_score(self, buf: str, pos: int, lineno: int, game: GameBuilder) -> int:
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
            (
                N_("unreadable line {text} before the first game")
                if self.state == MATCH
                else N_("unreadable line {text} before the match length line")
            ).format(text=quote(stripped)),
            len(line) - len(stripped) + 1,
        )
        return None

    # ---------------------------------------------------------------- headers
    def comment_line(self, text: str) -> None:
        where = Location(self.file, self.lineno, 1)
        if ml.SET_POS.match(text):
            self.report(
                "P110",
                N_("edited position {text} is not supported; ignored").format(text=quote(text)),
                1,
            )
        if self.state == GAME:
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

    def match_length(self, length: int, column: int) -> Match | None:
        match = self.match
        where = Location(self.file, self.lineno, column)
        if self.game is not None or match.games or match.games_before:
            pending, self.pending = self.pending, []
            finished = self.finish_match()
            self.match = MatchBuilder(where)
            for text, place in pending:
                self.header_line(text, place, self.match)
            self.match.length = length
            self.state = MATCH
            return finished
        if match.length is not None:
            match.earlier_lengths.append((match.length, match.location))
        match.length = length
        match.location = where
        self.state = MATCH
        return None

    def start_game(self, number: int, column: int) -> None:
        self.finish_game()
        if self.part_games > 0:
            self.take_part()
        if self.match.length is None and not self.match.games and not self.match.games_before:
            self.report_no_length(column)
        self.game = GameBuilder(number, Location(self.file, self.lineno, column), True)
        self.state = GAME

    def implicit_game(self) -> GameBuilder:
        number = len(self.match.games) + self.match.games_before + 1
        if self.match.length is None and not self.match.games and not self.match.games_before:
            self.report_no_length(1)
        self.report(
            "P115",
            N_("move rows before any Game header; read as game {number}").format(number=number),
            1,
        )
        game = GameBuilder(number, Location(self.file, self.lineno, 1), False)
        self.game = game
        self.state = GAME
        return game

    def report_no_length(self, column: int) -> None:
        self.match.length = 0
        self.report(
            "P104", "a game starts before any `N point match` line; length read as 0", column
        )

    def score_line(self, line: str, game: GameBuilder) -> bool:
        """Read the line after a game header; False if it is something else."""
        found = ml.SCORE_LINE.match(line)
        if found is None:
            if ml.ROW.match(line) is None and ml.GAME_HEADER.match(line) is None:
                names = ml.NAMES_ONLY.match(line)
                if names is not None:
                    self.set_players(game, names[1], names[2], None, names.start(1), names.start(2))
                    self.report(
                        "P121",
                        "the name line after the game header gives no scores",
                        len(line) - len(line.lstrip()) + 1,
                    )
                    return True
                self.report(
                    "P103",
                    N_("expected a score line such as `Alice : 0   Bob : 0`, found {text}").format(
                        text=quote(line)
                    ),
                    len(line) - len(line.lstrip()) + 1,
                )
                return True
            self.report(
                "P103",
                N_(
                    "game {number} has no score line: expected `name : score   name : score`"
                ).format(number=game.number),
                len(line) - len(line.lstrip()) + 1,
            )
            self.inherit_players(game)
            return False
        score = (int(found[2]), int(found[4]))
        self.set_players(game, found[1], found[3], score, found.start(1), found.start(3))
        return True

    def inherit_players(self, game: GameBuilder) -> None:
        if self.match.players is not None:
            game.players = self.match.players

    def set_players(
        self,
        game: GameBuilder,
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
                N_(
                    "{name} is in the left column here but was the right player of the first "
                    "game; columns mapped by name"
                ).format(name=repr(name0)),
                1,
            )
            name0, name1 = name1, name0
            if score is not None:
                score = (score[1], score[0])
        game.players = (name0, name1)
        game.score = score
        if score is not None:
            game.score_at = Location(self.file, self.lineno, left_column + 1)


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
