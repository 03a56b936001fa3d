"""Reading the FIBS ``oldmoves`` listing (``.fibs``) into the match model.

What the FIBS server prints for ``oldmoves`` (research/formats-wave2.md section 11, read in
GNU Backgammon's importer): per game a ``Score is <x>-<o> in a <N> point match.`` line (``in
a money game``: length 0), a ``<name> is X - <name> is O`` line, then one event a line in
fixed columns until a blank line:

* ``X: (d1 d2) <moves>`` (dice at columns 4 and 6, the play from column 9; ``can't move``
  is a dance), ``X: doubles``, ``O: accepts``, ``O: rejects``, ``X: wants to resign``
  (nothing to record), ``X: wins N point(s)``.
* Points are FIBS's absolute numbers, in which O moves 24 to 1 and X 1 to 24. As gnubg does,
  a move is taken as ascending when its first movement is (from < to, a bear-off from 19-24,
  a bar entry onto 1-6) and then mirrored (p -> 25 - p; bar and off stay) into the mover's
  own numbering, whatever the colour: some tools (fibs2html) write O ascending too.
* ``wins`` while the game is still being played (no drop, no bear-off) means the other
  player resigned: an accepted :class:`Resign` whose level is the points over the cube
  (gnubg always records a single game here).

Game 1's X is player 0. A later game whose X is the other name has the colours swapped.
A different name pair or match length starts a new match. FIBS sometimes prints a game's
score swapped: when a game's scores are exactly the expected scores the other way round,
they are swapped back (P506; gnubg swaps on a looser test, when either score matches the
other side's expected score).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TextIO

from gamao_cli.formats.fibs import SEVERITIES
from gamao_cli.formats.text_game import MAX_LINE, Diags, GameBuilder, mirror, next_score
from gamao_cli.i18n import N_
from gamao_cli.model.actions import BAR, OFF, MoveMark, Step, Win
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match, Rules

_SCORE = re.compile(r"Score is ([0-9]+)-([0-9]+)(?: in a ([0-9]+) point match)?")
_PLAYERS = re.compile(r"^\s*(.*?)\s*is X\s*-\s*(.*?)\s*is O\b")
_POINT = re.compile(r"(bar|b|off|o|[0-9]{1,2})(?:\(([0-9])\))?$", re.IGNORECASE)
_WINS = re.compile(r"wins\s+([0-9]+)\s+points?", re.IGNORECASE)


def sniff_fibs(head: str) -> bool:
    """A ``Score is`` line followed by a ``... is X - ... is O`` line."""
    # This runs on every text input: most have no such line in their first 8 KB.
    if head.find("Score is ", 0, 8192) < 0:
        return False
    lines = head.lstrip("\ufeff").splitlines()[:200]
    for i, line in enumerate(lines[:-1]):
        if "Score is " in line and _SCORE.search(line):
            return _PLAYERS.match(lines[i + 1]) is not None
    return False


def _point(word: str) -> int | None:
    low = word.lower()
    if low in ("bar", "b"):
        return BAR
    if low in ("off", "o"):
        return OFF
    n = int(low)
    return n if 1 <= n <= 24 else None


@lru_cache(maxsize=4096)
def fibs_steps(text: str) -> tuple[Step, ...] | None:
    """A FIBS play (``8-5 6-5``, ``bar-3``, ``19-off``, ``13-7(2)``) in the mover's own
    numbering, or None when unreadable."""
    pairs: list[tuple[int, int]] = []
    for token in text.replace(",", " ").split():
        frm_text, sep, to_text = token.replace("/", "-").partition("-")
        if not sep:
            return None
        m = _POINT.match(to_text)
        frm = _point(frm_text) if re.fullmatch(r"bar|b|off|o|[0-9]{1,2}", frm_text, re.I) else None
        if m is None or frm is None:
            return None
        to = _point(m.group(1))
        if to is None or frm == OFF or to == BAR:
            return None
        pairs.extend([(frm, to)] * (int(m.group(2)) if m.group(2) else 1))
    if not pairs:
        return None
    frm, to = pairs[0]
    if frm == BAR:
        ascending = to <= 6
    elif to == OFF:
        ascending = frm >= 19
    else:
        ascending = frm < to
    if ascending:
        pairs = [(mirror(f), mirror(t)) for f, t in pairs]
    return tuple(Step(f, t) for f, t in pairs)


@dataclass
class _Reader:
    filename: str
    diags: Diags
    players: tuple[str, str] | None = None
    length: int = 0
    games: list[Game] = field(default_factory=list)
    expected: tuple[int, int] | None = None
    started: int = 1

    def loc(self, line: int, column: int = 1) -> Location:
        return Location(self.filename, line, column)

    def match(self) -> Match:
        self.diags.game = None
        if not self.games and not self.diags.items:
            self.diags.add("P500", N_("no game found"), self.started)
        players = self.players or ("X", "O")
        out = Match(
            players=players,
            length=self.length,
            games=tuple(self.games),
            rules=Rules(crawford=True if self.length else None),  # FIBS always plays Crawford
            location=self.loc(self.started),
            source_format="fibs",
            diagnostics=self.diags.take(),
        )
        self.games = []
        self.players = None
        self.expected = None
        return out


@dataclass
class _Game:
    """The game being read: who X is, and the builder."""

    builder: GameBuilder
    x_player: int
    line: int
    score: tuple[int, int]

    def player(self, mark: str) -> int:
        return self.x_player if mark == "X" else 1 - self.x_player


def _event(g: _Game, reader: _Reader, text: str, line: int) -> None:
    diags = reader.diags
    if len(text) < 4 or text[0] not in "XO" or text[1] != ":":
        diags.add("P502", N_("unrecognised line {text}").format(text=repr(text[:60])), line)
        return
    player = g.player(text[0])
    game = g.builder
    where = reader.loc(line)
    verb = text[3:].strip()
    low = verb.lower()
    if text[3] == "(":
        m = re.match(r"\(([0-9]) ([0-9])\)", text[3:])
        if m is None or not all(1 <= int(d) <= 6 for d in m.groups()):
            diags.add("P503", N_("unreadable dice in {text}").format(text=repr(text[:60])), line, 4)
            return
        dice = (int(m.group(1)), int(m.group(2)))
        play = text[3 + m.end() :].strip()
        if play.lower().startswith("can't move"):
            game.move(player, dice, (), text, where, MoveMark.CANNOT_MOVE)
            return
        steps = fibs_steps(play)
        if steps is None:
            diags.add("P504", N_("unreadable play {play}").format(play=repr(play)), line, 10)
            game.move(player, dice, (), text, where, MoveMark.UNPARSED)
            return
        game.move(player, dice, steps, text, where)
    elif low.startswith("doubles"):
        game.double(player, text, where)
    elif low.startswith("accepts"):
        if not game.take(player, text, where):
            diags.add("P505", "`accepts` with no double to answer", line, 4)
    elif low.startswith("rejects"):
        if not game.drop(player, text, where):
            diags.add("P505", "`rejects` with no double to answer", line, 4)
    elif low.startswith("wants to resign"):
        return
    elif low.startswith("wins"):
        m = _WINS.match(verb)
        if m is None:
            diags.add("P508", N_("unreadable result {verb}").format(verb=repr(verb)), line, 4)
            return
        points = int(m.group(1))
        resigned = not game.over
        if resigned:
            game.resign(1 - player, points, text, where)
            game.settle_resign(True)
        won = reader.length > 0 and g.score[player] + points >= reader.length
        game.win(Win(player, points, won, resigned, text, None, where))
    else:
        diags.add("P502", N_("unrecognised event {verb}").format(verb=repr(verb[:60])), line, 4)


def read_fibs(stream: TextIO, filename: str) -> Iterator[Match]:
    """The matches of a FIBS ``oldmoves`` listing, one at a time."""
    diags = Diags(filename, SEVERITIES)
    reader = _Reader(filename, diags)
    game: _Game | None = None
    awaiting_players: tuple[int, int, int, int] | None = None  # x score, o score, length, line
    in_events = False
    for number, raw in enumerate(stream, 1):
        text = raw[:MAX_LINE].rstrip("\r\n")
        if awaiting_players is not None:
            x_score, o_score, length, at = awaiting_players
            awaiting_players = None
            m = _PLAYERS.match(text)
            if m is None:
                diags.add("P501", "expected `<name> is X - <name> is O`", number)
                continue
            names = (m.group(1), m.group(2))
            same = reader.players is not None and set(names) == set(reader.players)
            if reader.games and (not same or length != reader.length):
                yield reader.match()
            if reader.players is None:
                reader.players, reader.length, reader.started = names, length, at
            x_player = 0 if names[0] == reader.players[0] else 1
            score = (x_score, o_score) if x_player == 0 else (o_score, x_score)
            expected = reader.expected
            if expected is not None and score != expected and score[::-1] == expected:
                diags.add(
                    "P506",
                    N_("score {score}-{score2} swapped back").format(
                        score=score[0], score2=score[1]
                    ),
                    at,
                )
                score = expected
            diags.game = len(reader.games) + 1
            game = _Game(GameBuilder(len(reader.games) + 1), x_player, at, score)
            in_events = False
            continue
        if "Score is " in text:
            if game is not None:
                reader.games.append(_close(game, reader))
                game = None
            m = _SCORE.search(text)
            if m is None:
                diags.add(
                    "P507",
                    N_("unreadable score line {text}").format(text=repr(text.strip()[:60])),
                    number,
                )
                continue
            length = int(m.group(3)) if m.group(3) else 0
            awaiting_players = (int(m.group(1)), int(m.group(2)), length, number)
            continue
        if game is None:
            continue
        if not text.strip():
            if in_events:
                reader.games.append(_close(game, reader))
                game = None
            continue
        in_events = True
        _event(game, reader, text, number)
    if game is not None:
        reader.games.append(_close(game, reader))
    if reader.games or diags.items or reader.players is None:
        if reader.players is None and not diags.items:
            diags.add("P500", "no `Score is` line: not a FIBS oldmoves listing", 1)
        yield reader.match()


def _close(g: _Game, reader: _Reader) -> Game:
    done = g.builder.finish(g.score, reader.length, reader.loc(g.line))
    reader.expected = next_score(g.score, done)
    return done
