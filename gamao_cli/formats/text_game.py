"""What the line-based server and client formats share: collecting diagnostics, building one
game's actions while following the board, and deriving a result where the format writes none.

FIBS ``oldmoves``, Gibbon ``.gmd``, JavaFIBS ``.match`` and bgammon.org replays record plays,
cube actions and resignations, but most of them never say who won a game or by how much: a
game ends by a bear-off, a drop or an accepted resignation. :class:`GameBuilder` follows the
checkers (the recorded steps as written, hits included) so that it can tell a bear-off and
whether the loser was gammoned, and appends a :class:`Win` marked ``("source", "derived")``
when the record has none. Judging the plays stays with the checker (``gamao check``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from gamao_cli.engine.position import Position
from gamao_cli.engine.scoring import result_type
from gamao_cli.i18n import N_
from gamao_cli.model.actions import (
    BAR,
    OFF,
    Action,
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
from gamao_cli.model.match import OPENING_ROLL_PLAYED, Game, Variant

MAX_DIAGNOSTICS = 1000
"""Diagnostics listed per match at most; the rest are counted in the last one."""
MAX_LINE = 1 << 16
"""Characters of one line that are looked at; the rest is ignored."""
DERIVED = (("source", "derived"),)
"""``Win.extra`` of a result the reader worked out (the format writes none)."""
CHECKERS = 15


@dataclass
class Diags:
    """The diagnostics of one match, capped at :data:`MAX_DIAGNOSTICS`."""

    filename: str
    severities: dict[str, Severity]
    items: list[Diagnostic] = field(default_factory=list)
    dropped: int = 0
    game: int | None = None

    def add(self, code: str, message: str, line: int, column: int = 1) -> None:
        if len(self.items) >= MAX_DIAGNOSTICS:
            self.dropped += 1
            return
        severity = self.severities.get(code, Severity.ERROR)
        where = Location(self.filename, line, column)
        self.items.append(Diagnostic(code, severity, message, where, self.game))

    def take(self) -> tuple[Diagnostic, ...]:
        """The diagnostics so far (and a count of those left out), then start afresh."""
        out = list(self.items)
        if self.dropped and out:
            last = out[-1]
            out.append(
                Diagnostic(
                    last.code,
                    Severity.INFO,
                    N_("{dropped} more diagnostics not listed").format(dropped=self.dropped),
                    last.location,
                )
            )
        self.items = []
        self.dropped = 0
        return tuple(out)


def start_boards() -> tuple[list[int], list[int]]:
    start = Position.start()
    return list(start.boards[0]), list(start.boards[1])


@dataclass
class GameBuilder:
    """One game's actions in order, the board they lead to, the cube and the ending."""

    number: int
    variant: Variant = Variant.STANDARD
    cube: int = 1
    boards: tuple[list[int], list[int]] = field(default_factory=start_boards)
    actions: list[Action] = field(default_factory=list)
    offered: int | None = None  # the cube value offered while a double waits for an answer
    doubler: int | None = None
    pending_resign: Resign | None = None
    winner: int | None = None
    points: int | None = None
    ending: str | None = None  # "bear-off", "drop", "resignation", "result"
    start: SetPosition | None = None
    tracking: bool = True  # False once a play could not be followed (unreadable steps)
    opening_roll_played: bool = False  # the first play used the recorded opening roll

    @property
    def over(self) -> bool:
        return self.ending is not None

    # -- the board

    def set_position(self, position: SetPosition) -> None:
        self.boards = (list(position.boards[0]), list(position.boards[1]))
        if position.cube_value:
            self.cube = position.cube_value
        if not self.actions and self.start is None:
            self.start = position
        else:
            self.actions.append(position)

    def play(self, player: int, steps: Sequence[Step]) -> None:
        me, opp = self.boards[player], self.boards[1 - player]
        for step in steps:
            frm, to = step.from_point, step.to_point
            if not (0 <= frm <= BAR and 0 <= to < BAR) or me[frm] <= 0 or frm == OFF:
                self.tracking = False
                continue
            me[frm] -= 1
            me[to] += 1
            if 1 <= to <= 24 and opp[25 - to] == 1:
                opp[25 - to] = 0
                opp[BAR] += 1
        if self.tracking and me[OFF] >= CHECKERS and self.variant is Variant.STANDARD:
            self.end(player, result_type(tuple(opp)) * self.cube, "bear-off")

    def end(self, winner: int, points: int, how: str) -> None:
        if self.ending is None:
            self.winner, self.points, self.ending = winner, points, how

    # -- actions

    def move(
        self,
        player: int,
        dice: tuple[int, int],
        steps: tuple[Step, ...],
        text: str,
        location: Location,
        mark: MoveMark = MoveMark.PLAY,
        roll: tuple[int, ...] = (),
    ) -> None:
        self.settle_resign(False)
        self.actions.append(Move(player, dice, steps, text, mark, None, location, roll))
        if mark is MoveMark.UNPARSED:
            self.tracking = False
        else:
            self.play(player, steps)

    def double(self, player: int, text: str, location: Location) -> None:
        self.settle_resign(False)
        self.offered = (self.offered or self.cube) * 2
        self.doubler = player
        self.actions.append(Double(player, self.offered, text, None, location))

    def take(self, player: int, text: str, location: Location) -> bool:
        """Record a take; False when no double waits for an answer."""
        self.settle_resign(False)
        self.actions.append(Take(player, text, None, location))
        if self.offered is None:
            return False
        self.cube, self.offered = self.offered, None
        return True

    def drop(self, player: int, text: str, location: Location) -> bool:
        """Record a drop (the game ends); False when no double waits for an answer."""
        self.settle_resign(False)
        self.actions.append(Drop(player, text, None, location))
        if self.offered is None:
            return False
        self.offered = None
        self.end(1 - player, self.cube, "drop")
        return True

    def resign(self, player: int, points: int, text: str, location: Location) -> bool:
        """An offer to resign for ``points``; False when ``points`` is not 1, 2 or 3 cubes."""
        self.settle_resign(False)
        level, rest = divmod(points, self.cube)
        good = rest == 0 and 1 <= level <= 3
        self.pending_resign = Resign(player, min(max(level, 1), 3), False, text, None, location)
        return good

    def settle_resign(self, accepted: bool, answer: str = "") -> bool:
        """Answer the pending resignation; False when there is none."""
        offer = self.pending_resign
        if offer is None:
            return False
        self.pending_resign = None
        text = f"{offer.text} {answer}".strip() if answer else offer.text
        self.actions.append(Resign(offer.player, offer.level, accepted, text, None, offer.location))
        if accepted:
            self.end(1 - offer.player, offer.level * self.cube, "resignation")
        return True

    def win(self, win: Win) -> None:
        """A result the record writes."""
        self.actions.append(win)
        if win.player is not None:
            self.end(win.player, win.points, "result")

    # -- the end

    def finish(
        self,
        score: tuple[int, int] | None,
        length: int,
        location: Location,
        players: tuple[str, str] | None = None,
        properties: tuple[tuple[str, str], ...] = (),
        crawford: bool | None = None,
    ) -> Game:
        """The game, with a derived :class:`Win` where the record has no result."""
        if self.pending_resign is not None:
            self.settle_resign(False)
        recorded = any(isinstance(a, Win) for a in self.actions)
        if not recorded and self.winner is not None and self.points is not None:
            after = self.winner_score(score)
            match_won = length > 0 and after is not None and after >= length
            resigned = self.ending == "resignation"
            where = self.actions[-1].location if self.actions else location
            self.actions.append(
                Win(self.winner, self.points, match_won, resigned, "", None, where, DERIVED)
            )
        if self.opening_roll_played:
            properties = (*properties, OPENING_ROLL_PLAYED)
        return Game(
            self.number,
            score,
            tuple(self.actions),
            players,
            crawford,
            1,
            self.start,
            location,
            properties,
        )

    def winner_score(self, score: tuple[int, int] | None) -> int | None:
        if score is None or self.winner is None or self.points is None:
            return None
        return score[self.winner] + self.points


def next_score(score: tuple[int, int] | None, game: Game) -> tuple[int, int] | None:
    """The score after ``game`` (its last result with a known winner), or None."""
    if score is None:
        return None
    for action in reversed(game.actions):
        if isinstance(action, Win) and action.player is not None:
            out = list(score)
            out[action.player] += action.points
            return out[0], out[1]
    return score


def ascii_digits(text: str) -> bool:
    """True for a non-empty run of ASCII digits (``str.isdigit`` also takes ``²``)."""
    return text.isascii() and text.isdigit()


def mirror(point: int) -> int:
    """A point in the other side's numbering (bar and off stay)."""
    return point if point in (BAR, OFF) else 25 - point
