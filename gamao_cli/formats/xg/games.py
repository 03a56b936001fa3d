"""From ``temp.xg`` records to games: actions, the rebuilt board and XG's analysis.

One game is a game header, cube and move records, and a game footer. What each becomes:

* a cube record with ``Double = 1`` is a :class:`Double` to twice the cube (``CubeB``),
  answered by :class:`Take` (``Take = 1``), :class:`Drop` (0), :class:`Beaver` (2; a raccoon
  is a second :class:`Beaver`) or nothing (-1: the doubled player resigned instead);
  ``Double = 0`` (rolled) gives its analysis to the next move as the no-double decision;
  ``-1`` / ``-2`` panes are no cube decision.
* a move record is a :class:`Move` whose steps come from replaying XG's pairs on the board
  (:mod:`.moves`); an empty play before a resignation footer that the mover lost is XG's
  "rolled, then resigned" (``MoveMark.UNKNOWN``, the ``????`` of XG's ``.mat`` export).
* the footer's termination code gives the end: 0 the double was passed, 1-3 played out,
  100 and more a resignation (:class:`Resign` by the loser, accepted, then a :class:`Win`
  with ``resigned=True``; after a roll-then-resign the :class:`Win` alone, as XG's
  ``.mat`` export and the ``.mat`` reader have it), 1000 and more a money settlement.
  ``PointsWon`` and ``Winner`` are taken as recorded.

XG's stored positions are a cross-check (tried in the mover's frame and in player 1's):
the first disagreement of a game is reported (P418); the rebuilt board is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gamao_cli.engine.position import Position
from gamao_cli.formats.beavers import close_beavers_annotated
from gamao_cli.formats.shells.analysis import new_annotation
from gamao_cli.formats.shells.moves import new_move
from gamao_cli.formats.xg import records as rec
from gamao_cli.formats.xg.annotate import SOURCE, checker_analysis, cube_analysis
from gamao_cli.formats.xg.moves import ILLEGAL_MARK, Board, Hop, decode_pairs, unframe
from gamao_cli.i18n import N_
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
from gamao_cli.model.analysis import Annotation, CubeAnalysis
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Variant

MAX_CUBE_LOG = 15


def player_of(xg_player: int) -> int:
    """XG's 1 / -1 as the model's 0 / 1 (any value >= 0 is player 1, as XG reads it)."""
    return 0 if xg_player >= 0 else 1


def cube_value(cube_log: int) -> int:
    return 1 << min(abs(cube_log), MAX_CUBE_LOG)


def start_boards(variant: Variant) -> tuple[list[int], list[int]]:
    start = Position.start(
        Variant.NACKGAMMON if variant is Variant.NACKGAMMON else Variant.STANDARD
    )
    return list(start.boards[0]), list(start.boards[1])


class GameBuilder:
    """Collects one game's actions and annotations record by record."""

    def __init__(
        self,
        header: rec.GameHeader,
        variant: Variant,
        location: Location,
        diagnostics: list[Diagnostic],
        comments: list[str],
        record: int = 0,
    ) -> None:
        self.header = header
        self.location = location
        self.diagnostics = diagnostics
        self.comments = comments
        self.actions: list[Action] = []
        self.annotations: list[Annotation] = []
        self.cube = 1
        self.pending: tuple[int, CubeAnalysis, str] | None = None  # a rolled cube pane
        self.mismatch = False
        self.rows = 0
        self.right_filled = True
        self.start: SetPosition | None = None
        self.properties: list[tuple[str, str]] = []
        standard = start_boards(variant)
        if any(header.position):
            boards = unframe(header.position)
            if boards != standard:
                position = Position((tuple(boards[0]), tuple(boards[1])))
                problems = position.problems()
                if problems:
                    self.diag(
                        "P424",
                        Severity.ERROR,
                        N_("the game header's start position is impossible: {why}").format(
                            why=problems[0]
                        ),
                    )
                else:
                    self.start = SetPosition(position.boards, 0, location=location)
            self.board = Board(boards)
        else:
            self.board = Board(standard)
        if header.comment_header >= 0:
            text = self.comment(header.comment_header, record)
            if text:
                self.properties.append(("comment", text))

    # -- helpers

    def diag(self, code: str, severity: Severity, message: str) -> None:
        self.diagnostics.append(
            Diagnostic(code, severity, str(message), self.location, game=self.header.number)
        )

    def comment(self, index: int, record: int) -> str:
        if index < 0:
            return ""
        if index >= len(self.comments):
            self.diag(
                "P421",
                Severity.WARNING,
                N_("{where}: comment {index} is past the {count} comments of temp.xgc").format(
                    where=where(record), index=index, count=len(self.comments)
                ),
            )
            return ""
        return self.comments[index]

    def row(self, player: int) -> int:
        """The row the action of ``player`` would stand in, in a ``.mat`` export (player 0
        on the left): a row starts at each left cell, or at a right cell after a right one;
        ``gamao show --move`` and findings name plays by these numbers."""
        if player == 0 or self.right_filled:
            self.rows += 1
            self.right_filled = False
        if player == 1:
            self.right_filled = True
        return self.rows

    def annotate(self, annotation: Annotation) -> None:
        self.annotations.append(annotation)

    # -- records

    def on_cube(self, cube: rec.CubeRecord, index: int) -> None:
        player = player_of(cube.actif)
        self.cube = cube_value(cube.cube_b)
        if cube.double != 0 and cube.double != 1:  # no cube decision in this pane
            if cube.comment >= 0:
                note = self.comment(cube.comment, index)
                if note:
                    self.pending = (player, CubeAnalysis(None, None, None), note)
            return
        note = self.comment(cube.comment, index)
        analysis = cube_analysis(cube)
        if cube.double == 0:
            if analysis is not None or note:
                self.pending = (player, analysis or CubeAnalysis(None, None, None), note)
            return
        offered = self.cube * 2
        self.actions.append(
            Double(player, offered, f"Doubles => {offered}", self.row(player), self.location)
        )
        if analysis is not None or note:
            self.annotate(
                Annotation(len(self.actions) - 1, cube=analysis, comment=note, source=SOURCE)
            )
        taker = 1 - player
        if cube.take == 1:
            self.actions.append(Take(taker, "Takes", self.row(taker), self.location))
            self.cube = offered
        elif cube.take == 0:
            self.actions.append(Drop(taker, "Drops", self.row(taker), self.location))
        elif cube.take == 2:
            self.actions.append(
                Beaver(
                    taker, offered * 2, f"Beavers => {offered * 2}", self.row(taker), self.location
                )
            )
            self.cube = offered * 2
            if cube.raccoon == 1:
                self.actions.append(
                    Beaver(
                        player,
                        offered * 4,
                        f"Raccoons => {offered * 4}",
                        self.row(player),
                        self.location,
                    )
                )
                self.cube = offered * 4
        else:
            return
        if analysis is not None:
            self.annotate(Annotation(len(self.actions) - 1, cube=analysis, source=SOURCE))

    def on_move(self, data: bytes, move: rec.MoveRecord, resigns_next: bool, index: int) -> None:
        player = player_of(move.actif)
        dice = move.dice
        if not (1 <= dice[0] <= 6 and 1 <= dice[1] <= 6):
            self.diag(
                "P417",
                Severity.ERROR,
                N_("{where}: dice {dice} are not 1..6").format(
                    where=where(index), dice=f"{dice[0]}-{dice[1]}"
                ),
            )
            return
        text = f"{dice[0]}{dice[1]}:"
        hops = decode_pairs(move.moves)
        if move.invalid == 2 or move.moves[0] == ILLEGAL_MARK:
            self.diag(
                "P419",
                Severity.INFO,
                N_("{index}: XG marks this play as illegal").format(index=where(index)),
            )
        if hops is None:
            if move.moves[0] != ILLEGAL_MARK:
                values = ", ".join(str(v) for v in move.moves)
                self.diag(
                    "P417",
                    Severity.ERROR,
                    N_("{index}: undecodable play ({values})").format(
                        index=where(index), values=values
                    ),
                )
            action: Move = Move(
                player, dice, (), f"{text} ?", MoveMark.UNPARSED, self.row(player), self.location
            )
            if any(move.position_end):  # go on from XG's own position after the play
                me, opp = unframe(move.position_end)
                self.board = Board((me, opp) if player == 0 else (opp, me))
        elif not hops and resigns_next:
            action = Move(
                player, dice, (), f"{text} ????", MoveMark.UNKNOWN, self.row(player), self.location
            )
        else:
            if not self.actions or isinstance(self.actions[-1], (Take, Drop, Beaver)):
                self.check_position(move.position_start, player, index, "before")
            steps = self.play(player, dice, hops, move.position_end)
            action = new_move(
                player,
                dice,
                steps,
                move_text(dice, steps),
                MoveMark.PLAY,
                self.row(player),
                self.location,
            )
            if hops:
                self.check_position(move.position_end, player, index, "after")
        self.actions.append(action)
        cube: CubeAnalysis | None = None
        note = self.comment(move.comment, index)
        if self.pending is not None:
            cube_player, pending, cube_note = self.pending
            self.pending = None
            if cube_player == player:
                if pending.level or pending.no_double is not None:
                    cube = pending
                if cube_note:
                    note = f"{cube_note}\n{note}" if note else cube_note
        checker = checker_analysis(data, move)
        luck = None if move.err_luck <= -999.0 else move.err_luck
        if checker is not None or cube is not None or note or luck is not None:
            self.annotations.append(
                new_annotation(len(self.actions) - 1, checker, cube, luck, note, SOURCE)
            )

    def play(
        self, player: int, dice: tuple[int, int], hops: tuple[Hop, ...], end: tuple[int, ...]
    ) -> tuple[Step, ...]:
        """Replay ``hops``; where the result is not XG's stored position, the other route of
        a span (the other die first) is tried and kept if it gives that position."""
        if not hops:
            return ()
        span = any(f - t > max(dice) for f, t in hops)
        before = self.board.copy() if span else self.board
        steps = self.board.play(player, dice, hops)
        if span and any(end) and not self.matches(end, player):
            first = self.board
            self.board = before.copy()
            other = self.board.play(player, dice, hops, last=True)
            if self.matches(end, player):
                return other
            self.board = first
        return steps

    def matches(self, stored: tuple[int, ...], player: int) -> bool:
        """Whether ``stored`` is the board in the mover's frame or in player 1's."""
        return stored == self.board.view(player) or stored == self.board.view(0)

    def check_position(self, stored: tuple[int, ...], player: int, index: int, when: str) -> None:
        if self.mismatch or not any(stored):
            return
        # XG writes the position before a play in player 1's frame, the one after it in
        # the mover's (both are tried, in that order of likelihood).
        first, second = (0, player) if when == "before" else (player, 0)
        if stored == self.board.view(first) or (
            first != second and stored == self.board.view(second)
        ):
            return
        self.mismatch = True
        self.diag(
            "P418",
            Severity.WARNING,
            N_(
                "{where}: XG's stored position {when} differs from the board rebuilt "
                "by replaying the game (first difference in this game)"
            ).format(
                where=where(index),
                when=N_("before the play") if when == "before" else N_("after the play"),
            ),
        )

    def on_footer(self, footer: rec.GameFooter, length: int, index: int) -> None:
        winner = player_of(footer.winner)
        points = footer.points
        code = footer.termination
        self.properties.append(("XGTermination", str(code)))
        last = self.actions[-1] if self.actions else None
        match_won = length > 0 and footer.score[winner] >= length
        if points <= 0:
            self.diag(
                "P420",
                Severity.WARNING,
                N_("{where}: the footer gives {points} points won").format(
                    where=where(index), points=points
                ),
            )
        self.check_footer_score(footer, winner, length, index)
        if code == 0:
            if not isinstance(last, Drop):
                self.diag(
                    "P420",
                    Severity.WARNING,
                    N_(
                        "{where}: termination code 0 (a pass), but the game's last action is no "
                        "drop"
                    ).format(where=where(index)),
                )
            self.actions.append(
                Win(
                    winner, points, match_won, text=_wins(points, match_won), location=self.location
                )
            )
        elif 100 <= code < 1000:
            rolled = isinstance(last, Move) and last.mark is MoveMark.UNKNOWN
            if not rolled:
                level = self.resign_level(points, code)
                self.actions.append(
                    Resign(
                        1 - winner, level, True, text=f"Resigns ({code})", location=self.location
                    )
                )
            self.actions.append(
                Win(
                    winner,
                    points,
                    match_won,
                    True,
                    text=_wins(points, match_won),
                    location=self.location,
                )
            )
        elif code >= 1000:
            self.actions.append(
                Win(
                    winner,
                    points,
                    match_won,
                    text=_wins(points, match_won),
                    location=self.location,
                    extra=(("settlement", str(code)),),
                )
            )
        else:
            if not 1 <= code <= 3:
                self.diag(
                    "P420",
                    Severity.WARNING,
                    N_("{where}: unknown termination code {code}").format(
                        where=where(index), code=code
                    ),
                )
            self.actions.append(
                Win(
                    winner, points, match_won, text=_wins(points, match_won), location=self.location
                )
            )

    def check_footer_score(
        self, footer: rec.GameFooter, winner: int, length: int, index: int
    ) -> None:
        """The footer's scores are the entering scores plus the points won; XG caps the
        match winner's at the length in some files (charlot1-charlot2: 6 + 3 written 7),
        which is no error: only other differences are reported."""
        expected = list(self.header.score)
        expected[winner] += footer.points
        capped = list(expected)
        if length > 0:
            capped[winner] = min(capped[winner], length)
        if list(footer.score) not in (expected, capped):
            self.diag(
                "P420",
                Severity.WARNING,
                N_(
                    "{where}: the footer's scores {footer} are not the game's {game} plus the "
                    "{points} points won"
                ).format(
                    where=where(index),
                    footer=f"{footer.score[0]}-{footer.score[1]}",
                    game=f"{self.header.score[0]}-{self.header.score[1]}",
                    points=footer.points,
                ),
            )

    def resign_level(self, points: int, code: int) -> int:
        """The level resigned: points over the cube where that is 1..3, else the code's."""
        level, rem = divmod(points, self.cube)
        if rem == 0 and 1 <= level <= 3:
            return level
        coded = code - 100
        return coded if 1 <= coded <= 3 else 3

    def game(self) -> Game:
        start = self.start
        if start is not None:  # the player on roll in a set-up start: the first to act
            first = next((a.player for a in self.actions if isinstance(a, Move | Double)), 0)
            start = replace(start, turn=first)
        actions: Sequence[Action] = self.actions
        annotations: Sequence[Annotation] = self.annotations
        if any(isinstance(a, Beaver) for a in actions):  # the take XG leaves implicit
            actions, annotations = close_beavers_annotated(actions, annotations)
        return Game(
            number=self.header.number,
            score=self.header.score,
            actions=tuple(actions),
            crawford=True if self.header.crawford else None,
            start=start,
            location=self.location,
            properties=tuple(self.properties),
            annotations=tuple(annotations),
        )


_TEXTS: dict[tuple[tuple[int, int], tuple[Step, ...]], str] = {}


def move_text(dice: tuple[int, int], steps: tuple[Step, ...]) -> str:
    """``"63: 24/18 13/10"`` (cached: the same plays recur)."""
    key = (dice, steps)
    text = _TEXTS.get(key)
    if text is None:
        text = f"{dice[0]}{dice[1]}: {' '.join(str(s) for s in steps)}".rstrip()
        if len(_TEXTS) >= 4096:
            _TEXTS.clear()
        _TEXTS[key] = text
    return text


def where(index: int) -> str:
    """A record named in messages: its number and its offset in ``temp.xg``."""
    return N_("temp.xg record {index} (byte {byte})").format(
        index=index, byte=index * rec.RECORD_SIZE
    )


def _wins(points: int, match: bool) -> str:
    return f"Wins {points} point{'s' if points != 1 else ''}{' and the match' if match else ''}"
