"""Reading bgammon.org replays (``.match``) into the match model.

The bgammon.org server's replay format (tslocum/bgammon ``REPLAY.md``; research/formats.md
S15 and research/variants.md section 6) is UTF-8 text with LF line ends:

* an index table, ``bgammon-replay <8-digit byte offset>`` per game (checked: an offset
  that does not start a game line is P581);
* per game a line ``i <timestamp> <player1> <player2> <match length> <score1> <score2>
  <winner> <cube> <variant>`` (older servers wrote no timestamp and an acey-deucey flag
  ``0``/``1`` as the last field); the scores are those before the game, the winner is 1 or
  2 (0: none), the 9th field is called "points" in REPLAY.md but the server writes the
  final cube value there; variant 0 backgammon, 1 acey-deucey, 2 tabula;
* events ``<player> r <hi>-<lo> <moves>`` (no moves: no play possible), ``<player> d <cube>
  1`` (a double to <cube>, taken) or ``... 0`` (dropped), ``<player> t`` (the player
  resigned or abandoned the game).

Player 1 is player 0. **Both players' moves are written in player 1's numbering** (player 1
moves 24 to 1): player 2's points are mirrored into his own numbering; ``bar`` is the mover's
bar and ``off``/``home`` his off.

The format writes no points: they are derived as bgammon's server scores (read in its
``pkg/server/server_command.go``): single, gammon or backgammon times the cube at a
bear-off; the cube before the double when a double is declined (the server writes the
declined double as ``<doubler> d <offered value> 0``); the cube's value for a ``t``, which
the server only accepts on the resigner's own turn: a :class:`Resign` of a single game.

Acey-deucey and tabula (research/variants.md) are read with their :class:`Variant` and no
cube, and the engine replays both (engine.ruleset); acey-deucey with the options bgammon.org
plays (:data:`WRITER_OPTIONS`: ``bearoff=exact``, ``reroll=always``). In both, checkers
start off the board: an entry is
written ``off/<point>`` and becomes a :class:`Step` from ``OFF`` (0) in the model; a bear-off
is a step to ``OFF`` as usual. Acey-deucey runs like backgammon (player 2 mirrored) and
scores one point per checker the loser has not borne off. In tabula both players run 1 to 24
as written, so each one's own numbering is 25 minus the written point for both players; a
tabula roll has three dice: the model keeps the first two in ``Move.dice`` and all three in
``Move.roll``. Tabula scores 3 when the loser still has a checker to enter, on the bar or
on 13-24 (as written), else 1 (the server's rule as read in research/variants.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TextIO

from gamao_cli.formats.bgammon import SEVERITIES
from gamao_cli.formats.text_game import MAX_LINE, Diags, GameBuilder
from gamao_cli.formats.text_game import ascii_digits as _ascii_digits
from gamao_cli.i18n import N_
from gamao_cli.model.actions import BAR, OFF, MoveMark, Step
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match, Rules, Variant

_INDEX = re.compile(r"bgammon-replay ([0-9]{8})$")
WRITER_OPTIONS: dict[Variant, tuple[tuple[str, str], ...]] = {
    Variant.ACEY_DEUCEY: (("bearoff", "exact"), ("reroll", "always")),
}
"""The rule options bgammon.org plays (docs/variants.md): in acey-deucey its server bears off
only with the exact number (a larger die bears off in its backgammon alone) and gives another
roll after every named double, played in full or not. Tabula's exact bear-off is tabula's
own rule; backgammon is played as standard."""

_VARIANTS = {0: Variant.STANDARD, 1: Variant.ACEY_DEUCEY, 2: Variant.TABULA}
_STEP = re.compile(r"(bar|off|home|[0-9]{1,2})/(bar|off|home|[0-9]{1,2})", re.IGNORECASE)


def sniff_bgammon(head: str) -> bool:
    """An index line ``bgammon-replay <8 digits>`` or a game line ``i ...`` first."""
    text = head.lstrip("\ufeff")
    end = text.find("\n", 0, 4096)  # the first line only: this runs on every text input
    first = text[: end if end >= 0 else 4096].strip()
    if _INDEX.match(first):
        return True
    parts = first.split()
    return len(parts) in (9, 10) and parts[0] == "i" and all(_ascii_digits(p) for p in parts[-6:])


def _written(word: str) -> int | None:
    low = word.lower()
    if low == "bar":
        return BAR
    if low in ("off", "home"):
        return OFF
    n = int(low)
    return n if 1 <= n <= 24 else None


def bgammon_steps(player: int, variant: Variant, words: list[str]) -> tuple[Step, ...] | None:
    """Written ``from/to`` words in the mover's own numbering, or None when unreadable."""
    out: list[Step] = []
    for word in words:
        m = _STEP.fullmatch(word)
        if m is None:
            return None
        frm, to = _written(m.group(1)), _written(m.group(2))
        if frm is None or to is None or frm == to or to == BAR:
            return None
        flip = variant is Variant.TABULA or player == 1
        if flip:
            frm = frm if frm in (BAR, OFF) else 25 - frm
            to = to if to in (BAR, OFF) else 25 - to
        out.append(Step(frm, to))
    return tuple(out)


@dataclass
class _Variant:
    """Both sides' checkers in a variant game (own numbering, index 0 unused): the pool of
    checkers still to enter, the bar, the board and those borne off."""

    pool: list[int] = field(default_factory=lambda: [15, 15])
    bar: list[int] = field(default_factory=lambda: [0, 0])
    off: list[int] = field(default_factory=lambda: [0, 0])
    board: tuple[list[int], list[int]] = field(default_factory=lambda: ([0] * 25, [0] * 25))

    def play(self, player: int, steps: tuple[Step, ...], tabula: bool) -> None:
        other = 1 - player
        for step in steps:
            if step.from_point == OFF:
                self.pool[player] -= 1
            elif step.from_point == BAR:
                self.bar[player] -= 1
            else:
                self.board[player][step.from_point] -= 1
            if step.to_point == OFF:
                self.off[player] += 1
                continue
            self.board[player][step.to_point] += 1
            theirs = step.to_point if tabula else 25 - step.to_point
            if self.board[other][theirs] == 1:
                self.board[other][theirs] = 0
                self.bar[other] += 1

    def points(self, loser: int, tabula: bool) -> int:
        if not tabula:
            return 15 - self.off[loser]
        back = any(self.board[loser][p] for p in range(1, 13))  # written 13..24
        return 3 if self.pool[loser] or self.bar[loser] or back else 1


@dataclass
class _Game:
    builder: GameBuilder
    header: list[str]
    winner: int | None
    line: int
    state: _Variant = field(default_factory=_Variant)


@dataclass
class _Reader:
    filename: str
    diags: Diags
    players: tuple[str, str] | None = None
    length: int = 0
    variant: Variant = Variant.STANDARD
    games: list[Game] = field(default_factory=list)
    started: int = 1
    date: str | None = None

    def loc(self, line: int, column: int = 1) -> Location:
        return Location(self.filename, line, column)

    def match(self) -> Match:
        self.diags.game = None
        if not self.games and not self.diags.items:
            self.diags.add("P575", "no game line `i ...` found", self.started)
        variant = self.variant
        rules = Rules(
            variant=variant,
            cube=None if variant is Variant.STANDARD else False,
            options=WRITER_OPTIONS.get(variant, ()),
        )
        out = Match(
            players=self.players or ("Player 1", "Player 2"),
            length=self.length,
            games=tuple(self.games),
            rules=rules,
            tags=(("Date", self.date),) if self.date else (),
            location=self.loc(self.started),
            source_format="bgammon",
            diagnostics=self.diags.take(),
        )
        self.games = []
        self.players = None
        self.date = None
        return out


def _header(parts: list[str]) -> tuple[str, str, str, list[int], int] | None:
    """(timestamp, player 1, player 2, [length, score1, score2, winner, cube], variant)."""
    if len(parts) == 10:
        stamp, p1, p2, rest = parts[1], parts[2], parts[3], parts[4:]
    elif len(parts) == 9:
        stamp, p1, p2, rest = "", parts[1], parts[2], parts[3:]
    else:
        return None
    if not all(_ascii_digits(r) for r in rest) or (stamp and not _ascii_digits(stamp)):
        return None
    numbers = [int(r) for r in rest]
    return stamp, p1, p2, numbers[:5], numbers[5]


def _finish(g: _Game, reader: _Reader) -> None:
    game, tabula = g.builder, g.builder.variant is Variant.TABULA
    where = reader.loc(g.line)
    if game.variant is not Variant.STANDARD and game.winner is None:
        done = [p for p in (0, 1) if g.state.off[p] >= 15]
        if done:
            game.end(done[0], g.state.points(1 - done[0], tabula), "bear-off")
    if g.winner is not None and game.winner is not None and g.winner != game.winner:
        reader.diags.add(
            "P582",
            N_("the game line names player {named} the winner, the events player {won}").format(
                named=g.winner + 1, won=game.winner + 1
            ),
            g.line,
        )
    numbers = [int(x) for x in g.header[-6:-1]]
    score = (numbers[1], numbers[2])
    props = (("Timestamp", g.header[1]),) if g.header[1] else ()
    reader.games.append(game.finish(score, reader.length, where, None, props))


def _event(g: _Game, reader: _Reader, parts: list[str], line: int, text: str) -> None:
    diags = reader.diags
    if len(parts) < 2 or parts[0] not in ("1", "2"):
        diags.add("P578", N_("unreadable event {text}").format(text=repr(text[:60])), line)
        return
    player = int(parts[0]) - 1
    game = g.builder
    where = reader.loc(line)
    kind = parts[1]
    if kind == "r" and len(parts) >= 3:
        dice = parts[2].split("-")
        tabula = game.variant is Variant.TABULA
        if len(dice) != (3 if tabula else 2) or not all(d in list("123456") for d in dice):
            diags.add(
                "P579",
                (
                    N_("dice {dice} are not three dice")
                    if tabula
                    else N_("dice {dice} are not two dice")
                ).format(dice=repr(parts[2])),
                line,
            )
            return
        roll = (int(dice[0]), int(dice[1]))
        every = tuple(int(d) for d in dice) if tabula else ()
        steps = bgammon_steps(player, game.variant, parts[3:])
        if steps is None:
            diags.add(
                "P580", N_("unreadable move {move}").format(move=repr(" ".join(parts[3:]))), line
            )
            game.move(player, roll, (), text, where, MoveMark.UNPARSED, every)
            return
        game.move(player, roll, steps, text, where, roll=every)
        if game.variant is not Variant.STANDARD:
            g.state.play(player, steps, tabula)
    elif kind == "d" and len(parts) == 4 and _ascii_digits(parts[2]) and parts[3] in ("0", "1"):
        game.double(player, text, where)
        if parts[3] == "1":
            game.take(1 - player, text, where)
        else:
            game.drop(1 - player, text, where)
    elif kind == "t" and len(parts) == 2:
        # The server gives the winner the cube's value (a single game) for a resignation.
        game.resign(player, game.cube, text, where)
        game.settle_resign(True)
    else:
        diags.add("P578", N_("unreadable event {text}").format(text=repr(text[:60])), line)


def read_bgammon(stream: TextIO, filename: str) -> Iterator[Match]:
    """The matches of a bgammon.org replay file, one at a time."""
    diags = Diags(filename, SEVERITIES)
    reader = _Reader(filename, diags)
    game: _Game | None = None
    offset = 0
    indexed: dict[int, int] = {}  # byte offset -> line of the index entry
    starts: set[int] = set()
    for number, raw in enumerate(stream, 1):
        here = offset
        offset += len(raw.encode("utf-8", "replace"))
        text = raw[:MAX_LINE].strip()
        if not text:
            continue
        m = _INDEX.match(text)
        if m is not None:
            indexed[int(m.group(1))] = number
            continue
        parts = text.split()
        if parts[0] != "i":
            if game is None:
                diags.add("P583", N_("event before the first game line"), number)
                continue
            _event(game, reader, parts, number, text)
            continue
        starts.add(here)
        if game is not None:
            _finish(game, reader)
            game = None
        head = _header(parts)
        if head is None:
            diags.add(
                "P576", N_("unreadable game line {text}").format(text=repr(text[:60])), number
            )
            continue
        stamp, p1, p2, numbers, variant_number = head
        length, winner = numbers[0], numbers[3]
        variant = _VARIANTS.get(variant_number)
        if len(parts) == 9:  # the old acey-deucey flag
            variant = Variant.ACEY_DEUCEY if variant_number == 1 else Variant.STANDARD
        if variant is None:
            diags.add(
                "P577",
                N_("variant {number} is not 0, 1 or 2").format(number=variant_number),
                number,
            )
            variant = Variant.STANDARD
        if reader.games and ((p1, p2) != reader.players or length != reader.length):
            yield reader.match()
        if reader.players is None:
            reader.players, reader.length, reader.started = (p1, p2), length, number
            reader.variant = variant
            if stamp:
                moment = datetime.fromtimestamp(min(int(stamp), 1 << 34), UTC)
                reader.date = moment.strftime("%Y-%m-%d")
        diags.game = len(reader.games) + 1
        builder = GameBuilder(len(reader.games) + 1, variant)
        if variant is not Variant.STANDARD:
            builder.boards = ([0] * 26, [0] * 26)
            builder.tracking = False
        header = parts if len(parts) == 10 else ["i", "", *parts[1:]]
        game = _Game(builder, header, winner - 1 if winner in (1, 2) else None, number)
    if game is not None:
        _finish(game, reader)
    wrong = [(line, at) for at, line in sorted(indexed.items()) if at not in starts]
    if wrong:
        line, at = wrong[0]
        more = (
            N_(" ({count} more entries too)").format(count=len(wrong) - 1) if len(wrong) > 1 else ""
        )
        diags.add(
            "P581",
            N_("index offset {at} is not the start of a game line{more}").format(
                at=format(at, "08d"), more=more
            ),
            line,
        )
    yield reader.match()
