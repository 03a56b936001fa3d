"""Reading Gibbon Match Dumps (``.gmd``, ``GMD-1`` and ``GMD-2``) into the match model.

The format (research/formats-wave2.md section 12.1) is line based: a ``GMD-<version>``
header, then items ``<Type>:<fields>``. Types and colours are case-insensitive, ``#`` starts
a comment, values may use C-style backslash escapes, ``X-...`` items are private and ignored.

Mapping:

* ``Length`` (``money``, ``unlimited`` or <= 0: a money session), ``Player:<colour>:``,
  ``Rank:<colour>:`` (-> ``Match.ratings``), ``Location`` (-> the ``Place`` tag), ``Rule:
  Crawford``;
* Gibbon's White is the client user, drawn at the bottom: White is player 1, Black player 0
  (as in the ``.mat`` and SGF files Gibbon writes of the same match);
* ``Game:`` starts a game; setup tuples on the same line (``Scores{w b}``, ``Points{...}``,
  ``Dice{}``, ``Cube{}``, ``Turn{}``, ``May-Double{}``) give a :class:`SetPosition` start;
* ``Roll`` + ``Move`` -> :class:`Move` (an empty ``Move`` is a dance). Points are absolute
  and White-based (White moves 24 to 1, Black 1 to 24): Black's points are mirrored into
  his own numbering, ``bar``/``b`` is the mover's bar and ``off``/``o``/``home``/``h`` off;
* ``Double``/``Take``/``Drop`` (also ``Accept``/``Reject`` after a double); ``Resign: <points>``
  + ``Accept``/``Reject`` -> :class:`Resign` (the value is in points, as the sample match
  shows: ``Resign:W:: 2`` with the cube at 2 is a single game);
* GMD writes no results: each game's :class:`Win` is derived from its end (bear-off, drop,
  accepted resignation), see :mod:`gamao_cli.formats.text_game`.

GMD-1 (older Gibbon) has no timestamp field (``Move:W: 8/4 6/4``, ``Double:W``) and writes
the opening roll without a colour (``Roll:-: 4 2``): the next move's colour is the roller.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TextIO

from gamao_cli.formats.gmd import SEVERITIES
from gamao_cli.formats.gmd.items import (
    BAD_COLOUR,
    HEADER,
    NO_COLOUR,
    TUPLE,
    TYPE,
    colour,
    gmd_steps,
    setup_boards,
    setup_owner,
    strip_comment,
    unescape,
)
from gamao_cli.formats.text_game import MAX_LINE, Diags, GameBuilder, next_score
from gamao_cli.i18n import N_
from gamao_cli.model.actions import Move, MoveMark, SetPosition
from gamao_cli.model.diagnostics import Severity
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match, Rules

_ACTIONS = ("roll", "move", "double", "take", "drop", "accept", "reject", "resign")


@dataclass
class _Reader:
    filename: str
    diags: Diags
    version: int = 0
    players: list[str] = field(default_factory=lambda: ["Black", "White"])
    ranks: list[str | None] = field(default_factory=lambda: [None, None])
    length: int = 0
    crawford: bool | None = None
    tags: list[tuple[str, str]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)
    game: GameBuilder | None = None
    game_line: int = 0
    game_score: tuple[int, int] | None = (0, 0)
    roll: tuple[int | None, tuple[int, int], str, int] | None = None  # player, dice, text, line
    setup_roll: tuple[int, tuple[int, int]] | None = None  # Dice{} of a set-up position

    def loc(self, line: int, column: int = 1) -> Location:
        return Location(self.filename, line, column)

    # -- games

    def new_game(self, line: int, setup: str) -> None:
        score = self.close_game()
        self.diags.game = len(self.games) + 1
        self.game = GameBuilder(len(self.games) + 1)
        self.setup_roll = None
        self.game_line = line
        self.game_score = score
        if setup.strip():
            self.read_setup(setup, line)

    def close_game(self) -> tuple[int, int] | None:
        """Finish the current game; returns the score after it."""
        game = self.game
        if game is None:
            return (
                self.game_score
                if not self.games
                else next_score(self.games[-1].score, self.games[-1])
            )
        self.flush_roll()
        where = self.loc(self.game_line)
        done = game.finish(self.game_score, self.length, where, None, ())
        self.games.append(done)
        self.game = None
        return next_score(done.score, done)

    def current(self, line: int) -> GameBuilder:
        if self.game is None:
            self.diags.add("P539", "actions before the first `Game:` line", line)
            self.new_game(line, "")
        assert self.game is not None
        return self.game

    def read_setup(self, text: str, line: int) -> None:
        assert self.game is not None
        values: dict[str, list[int]] = {}
        rest = TUPLE.sub("", text).strip()
        if rest:
            self.diags.add("P532", N_("unreadable setup text {rest}").format(rest=repr(rest)), line)
        for m in TUPLE.finditer(text):
            name = m.group(1).lower()
            try:
                values[name] = [int(v) for v in m.group(2).split()]
            except ValueError:
                self.diags.add(
                    "P532",
                    N_("{group}: not a list of numbers").format(group=repr(m.group(0))),
                    line,
                )
        if "scores" in values:
            s = values["scores"]
            if len(s) == 2 and min(s) >= 0:
                self.game_score = (s[1], s[0])
            else:
                self.diags.add("P532", "Scores{} needs two scores (White, Black)", line)
        points = values.get("points")
        if points is None:
            if values:
                self.diags.add("P532", "setup without Points{}: the position is unknown", line)
            return
        boards = setup_boards(points)
        if boards is None:
            self.diags.add("P532", "Points{} needs 26 counts, at most 15 a side", line)
            return
        turn_values = values.get("turn", [0])
        turn = 1 if turn_values[:1] == [1] else 0
        dice_values = values.get("dice", [])
        dice: tuple[int, int] | None = None
        if len(dice_values) == 2 and all(1 <= d <= 6 for d in dice_values):
            dice = (dice_values[0], dice_values[1])
        elif dice_values and any(dice_values):
            self.diags.add("P532", "Dice{} needs two dice 1..6", line)
        cube_values = values.get("cube", [1])
        cube = cube_values[0] if cube_values and cube_values[0] >= 1 else 1
        owner = setup_owner(cube, cube_values[1:], values.get("may-double"))
        self.game.set_position(
            SetPosition(boards, turn, dice, cube, owner, text.strip(), None, self.loc(line))
        )
        if dice is not None:
            self.setup_roll = (turn, dice)

    # -- actions

    def flush_roll(self) -> None:
        roll = self.roll
        if roll is None or self.game is None:
            return
        self.roll = None
        player, dice, text, line = roll
        self.diags.add("P536", N_("roll {text} without a move").format(text=repr(text)), line)
        self.game.move(
            player if player is not None else 0, dice, (), text, self.loc(line), MoveMark.EMPTY
        )

    def action(self, kind: str, fields: list[str], line: int, text: str) -> None:
        game = self.current(line)
        who = colour(fields[0]) if fields else NO_COLOUR
        if who == BAD_COLOUR:
            self.diags.add(
                "P529", N_("unknown colour {fields}").format(fields=repr(fields[0])), line
            )
            return
        player = who if who >= 0 else None
        if self.version >= 2 and len(fields) >= 3:
            payload = ":".join(fields[2:])
        else:
            payload = ":".join(fields[1:])
        payload = unescape(payload.strip())
        if kind == "roll":
            self.on_roll(player, payload, line)
            return
        if kind == "move":
            self.on_move(game, player, payload, line, text)
            return
        self.flush_roll()
        self.setup_roll = None
        if player is None:
            self.diags.add(
                "P529", N_("{kind} without a colour").format(kind=kind.capitalize()), line
            )
            return
        where = self.loc(line)
        if kind == "double":
            game.double(player, text, where)
        elif kind in ("accept", "reject") and game.pending_resign is not None:
            game.settle_resign(kind == "accept", text)
        elif kind in ("take", "accept"):
            if not game.take(player, text, where):
                self.diags.add("P537", N_("{text} answers no double").format(text=repr(text)), line)
        elif kind in ("drop", "reject"):
            if not game.drop(player, text, where):
                self.diags.add("P537", N_("{text} answers no double").format(text=repr(text)), line)
        elif kind == "resign":
            try:
                points = int(payload.split()[0]) if payload else 1
            except ValueError:
                points = -1
            if points <= 0 or not game.resign(player, points, text, where):
                self.diags.add(
                    "P538",
                    N_("resignation value {payload} with the cube at {cube}").format(
                        payload=repr(payload), cube=game.cube
                    ),
                    line,
                )
                if points <= 0:
                    game.pending_resign = None

    def on_roll(self, player: int | None, payload: str, line: int) -> None:
        self.flush_roll()
        self.setup_roll = None
        parts = payload.split()
        if len(parts) != 2 or not all(p in "123456" and len(p) == 1 for p in parts):
            self.diags.add(
                "P533",
                N_("dice {dice} are not two numbers 1..6").format(dice=repr(payload)),
                line,
            )
            return
        self.roll = (player, (int(parts[0]), int(parts[1])), payload, line)

    def on_move(
        self, game: GameBuilder, player: int | None, payload: str, line: int, text: str
    ) -> None:
        roll = self.roll
        self.roll = None
        if roll is None and self.setup_roll is not None:  # the set-up position's dice
            roll = (self.setup_roll[0], self.setup_roll[1], "", line)
        self.setup_roll = None
        if roll is None:
            self.diags.add(
                "P535", N_("{text}: no roll before this move").format(text=repr(text)), line
            )
            return
        if player is None:
            player = roll[0]
        if player is None:
            self.diags.add("P529", N_("a move without a colour"), line)
            return
        if roll[0] is not None and roll[0] != player:
            self.diags.add(
                "P535",
                N_("{text}: the roll before it is the other player's").format(text=repr(text)),
                line,
            )
        if roll[0] is None and not any(isinstance(a, Move) for a in game.actions):
            game.opening_roll_played = True  # the colourless opening roll, played
        steps = gmd_steps(player, payload)
        where = self.loc(line)
        if steps is None:
            self.diags.add("P534", N_("unreadable move {move}").format(move=repr(payload)), line)
            game.move(player, roll[1], (), text, where, MoveMark.UNPARSED)
            return
        game.move(player, roll[1], steps, text, where)

    # -- properties

    def prop(self, kind: str, rest: str, line: int) -> None:
        if kind == "length":
            value = unescape(rest.strip()).lower()
            if value in ("money", "unlimited"):
                self.length = 0
                return
            try:
                self.length = max(int(value), 0)
            except ValueError:
                self.diags.add(
                    "P530",
                    N_("match length {value} is not a number").format(value=repr(value)),
                    line,
                )
        elif kind in ("player", "rank"):
            col, _, value = rest.partition(":")
            who = colour(col)
            if who < 0:
                self.diags.add(
                    "P529",
                    N_("{kind} of unknown colour {col}").format(
                        kind=kind.capitalize(), col=repr(col)
                    ),
                    line,
                )
                return
            if kind == "player":
                self.players[who] = unescape(value.strip())
            else:
                self.ranks[who] = unescape(value.strip())
        elif kind == "location":
            self.tags.append(("Place", unescape(rest.strip())))
        elif kind == "rule":
            rule = unescape(rest.strip())
            if rule.lower() == "crawford":
                self.crawford = True
            else:
                self.diags.add("P531", N_("unknown rule {rule}").format(rule=repr(rule)), line)

    def line(self, text: str, line: int) -> None:
        m = TYPE.match(text)
        if m is None:
            self.diags.add("P528", N_("unreadable line {text}").format(text=repr(text[:60])), line)
            return
        kind = m.group(1).lower()
        rest = text[m.end() :]
        if kind.startswith("x-"):
            return
        if kind == "game":
            self.new_game(line, rest)
        elif kind in _ACTIONS:
            self.action(kind, rest.split(":"), line, text)
        elif kind in ("length", "player", "rank", "location", "rule"):
            self.prop(kind, rest, line)
        else:
            self.diags.add("P527", N_("unknown item {group}").format(group=repr(m.group(1))), line)

    def match(self) -> Match:
        self.close_game()
        self.diags.game = None
        if not self.games and not any(d.severity is Severity.ERROR for d in self.diags.items):
            self.diags.add("P528", "no game in the match dump", 1)
        return Match(
            players=(self.players[0], self.players[1]),
            length=self.length,
            games=tuple(self.games),
            rules=Rules(crawford=self.crawford),
            ratings=(self.ranks[0], self.ranks[1]),
            tags=tuple(self.tags),
            comments=tuple(self.comments),
            location=self.loc(1),
            source_format="gmd",
            diagnostics=self.diags.take(),
        )


def read_gmd(stream: TextIO, filename: str) -> Iterator[Match]:
    """The match of a Gibbon match dump (one per file)."""
    diags = Diags(filename, SEVERITIES)
    reader = _Reader(filename, diags)
    seen_header = False
    for number, raw in enumerate(stream, 1):
        text = strip_comment(raw[:MAX_LINE]).strip()
        if not text:
            if not seen_header and raw.strip().startswith("#"):
                reader.comments.append(raw.strip().lstrip("#").strip())
            continue
        if not seen_header:
            seen_header = True
            m = HEADER.match(text)
            if m is None:
                diags.add("P525", "the first line is not a `GMD-<version>` header", number)
                break
            reader.version = int(m.group(1)[:4])
            comment = raw[raw.find("#") + 1 :].strip() if "#" in raw else ""
            if comment:
                reader.comments.append(comment)
            if reader.version > 2:
                diags.add(
                    "P526",
                    N_("GMD version {version}: read as GMD-2").format(version=reader.version),
                    number,
                )
            continue
        reader.line(text, number)
    if not seen_header:
        diags.add("P525", "empty input: no `GMD-<version>` header", 1)
    yield reader.match()
