"""Reading JavaFIBS internal match files (``.match``) into the match model.

JavaFIBS, a FIBS client, saves a match as a prolog line ``JavaFIBS internal match
representation v<version>`` and then one event a line, ``<opcode>:<player>:<arguments>``
(research/formats-wave2.md section 12.2):

===  ===================================  ===  =====================================
 0   roll ``d1 d2``                        8   match start ``<opponent>:<length>``
 1   move ``f-t f-t ...``                  9   match won ``<player>:<length>``
 2   double                               11   opening roll (as 0)
 3   resignation offer ``<points>``       12   resignation rejected
 4   take                                 13   start of a game ``<opponent>:``
 5   drop                                 14   score after the game ``<w>-<n>:<l>-<n>``
 6   opponents ``<white>:<black>``        15   cannot move
 7   game won ``<points>``               10, 16-99: ignored
===  ===================================  ===  =====================================

White is the client's user, usually written ``You``; as Gibbon does, White is player 1 and
the opponent (Black) player 0, and ``You`` is given the name the score lines (14) show.

The point numbering is not consistent (the same player moves ascending in one game and
descending in the next), so each movement is normalised on its own: ``bar`` is 25 and
``off`` 0; a bar entry onto 1..6 or a bear-off from above 6 is an ascending movement (its
bar is 0, its off 25), otherwise ascending means from < to; ascending movements are
mirrored (p -> 25 - p) into the mover's own numbering. Text after the movements of a move
line (a stray ``name-name`` fragment) is ignored.

A game won (7) right after a resignation offer (3) by the other side means the offer was
accepted; an offer followed by more play was rejected (JavaFIBS often omits the 12).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TextIO

from gamao_cli.formats.javafibs import SEVERITIES
from gamao_cli.formats.text_game import MAX_LINE, Diags, GameBuilder, next_score
from gamao_cli.formats.text_game import ascii_digits as _ascii_digits
from gamao_cli.i18n import N_
from gamao_cli.model.actions import BAR, OFF, MoveMark, Step, Win
from gamao_cli.model.diagnostics import Severity
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match, Rules

PROLOG = "JavaFIBS internal match representation"
_MOVEMENT = re.compile(r"(bar|[0-9]{1,2})-(off|o|[0-9]{1,2})", re.IGNORECASE)
_IGNORED = {10} | set(range(16, 100))


def sniff_javafibs(head: str) -> bool:
    return head.lstrip("\ufeff \t\r\n").startswith(PROLOG)


def movement(frm_text: str, to_text: str) -> Step | None:
    """One JavaFIBS movement in the mover's own numbering (see the module docstring)."""
    a, b = frm_text.lower(), to_text.lower()
    frm = BAR if a == "bar" else int(a)
    to = OFF if not _ascii_digits(b) else int(b)
    if not (1 <= frm <= BAR and 0 <= to <= 24) or frm == to:
        return None
    if frm == BAR:
        ascending = to <= 6
    elif to == OFF:
        ascending = frm > 6
    else:
        ascending = frm < to
    if ascending:
        frm = BAR if frm == BAR else 25 - frm
        to = OFF if to == OFF else 25 - to
    return Step(frm, to)


@lru_cache(maxsize=4096)
def javafibs_steps(text: str) -> tuple[Step, ...] | None:
    """The movements at the start of ``text`` (a trailing fragment is ignored); None when
    the first word is no movement or a movement is impossible."""
    out: list[Step] = []
    for token in text.split():
        m = _MOVEMENT.fullmatch(token)
        if m is None:
            break
        step = movement(m.group(1), m.group(2))
        if step is None:
            return None
        out.append(step)
    if not out and text.strip():
        return None
    return tuple(out)


@dataclass
class _Reader:
    filename: str
    diags: Diags
    white: str = "You"
    black: str = ""
    you: str | None = None  # the real name of ``You``, from the score lines
    length: int = 0
    games: list[Game] = field(default_factory=list)
    game: GameBuilder | None = None
    game_line: int = 0
    score: tuple[int, int] = (0, 0)
    roll: tuple[int, tuple[int, int], str] | None = None
    opening: bool = False  # the roll is the opening roll (opcode 11)
    win_index: int | None = None
    started: int = 0

    def loc(self, line: int, column: int = 1) -> Location:
        return Location(self.filename, line, column)

    def player(self, name: str, line: int) -> int | None:
        if name == self.white or (self.you is not None and name == self.you):
            return 1
        if name == self.black:
            return 0
        if not self.black and name != "You":
            self.black = name
            return 0
        self.diags.add(
            "P555",
            N_("{name} is neither {black} nor {white}").format(
                name=repr(name), black=repr(self.black), white=repr(self.white)
            ),
            line,
        )
        return None

    # -- games

    def new_game(self, line: int) -> GameBuilder:
        self.close_game()
        self.diags.game = len(self.games) + 1
        self.game = GameBuilder(len(self.games) + 1)
        self.game_line = line
        self.win_index = None
        return self.game

    def current(self, line: int) -> GameBuilder:
        return self.game if self.game is not None else self.new_game(line)

    def close_game(self) -> None:
        game = self.game
        if game is None:
            return
        self.roll = None
        done = game.finish(self.score, self.length, self.loc(self.game_line))
        self.games.append(done)
        self.score = next_score(self.score, done) or self.score
        self.game = None

    def match(self, line: int) -> Match:
        self.close_game()
        self.diags.game = None
        if not self.games and not any(d.severity is Severity.ERROR for d in self.diags.items):
            self.diags.add("P551", "no game in the JavaFIBS match", line)
        white = self.you or self.white
        names = (self.black or "Black", "You" if white == "You" else white)
        out = Match(
            players=names,
            length=self.length,
            games=tuple(dataclasses.replace(g, players=names) for g in self.games),
            rules=Rules(crawford=True if self.length else None),  # FIBS always plays Crawford
            location=self.loc(max(self.started, 1)),
            source_format="javafibs",
            diagnostics=self.diags.take(),
        )
        self.games = []
        self.score = (0, 0)
        return out

    # -- events

    def event(self, op: int, name: str, args: str, line: int, text: str) -> Match | None:
        """Read one event; returns a finished match when a new one starts."""
        if op in _IGNORED:
            return None
        if op == 8:
            done = self.match(line) if self.games or self.game is not None else None
            self.started = line
            opponent, _, length = args.partition(":")
            self.black = name
            self.length = self.number(length or opponent, line) or 0
            return done
        if op == 6:
            self.white, self.black = name, args.strip() or self.black
            return None
        if op == 13:
            if name and not self.black:
                self.black = name
            self.new_game(line)
            return None
        if op == 14:
            self.score_line(name, args, line)
            return None
        if op == 9:
            self.match_won(line)
            return None
        player = self.player(name, line)
        if player is None:
            return None
        game = self.current(line)
        where = self.loc(line)
        if op in (0, 11):
            dice = args.split()
            if len(dice) != 2 or not all(len(d) == 1 and d in "123456" for d in dice):
                self.diags.add(
                    "P552", N_("dice {dice} are not two numbers 1..6").format(dice=repr(args)), line
                )
                return None
            self.roll = (player, (int(dice[0]), int(dice[1])), args.strip())
            self.opening = op == 11
        elif op in (1, 15):
            self.move(game, player, op, args, where, text)
        elif op == 2:
            game.double(player, text, where)
        elif op == 4:
            if not game.take(player, text, where):
                self.diags.add("P557", N_("a take that answers no double"), line)
        elif op == 5:
            if not game.drop(player, text, where):
                self.diags.add("P557", N_("a drop that answers no double"), line)
        elif op == 3:
            points = self.number(args, line)
            if points is not None and not game.resign(player, max(points, 1), text, where):
                self.diags.add(
                    "P558", f"resignation for {points} with the cube at {game.cube}", line
                )
        elif op == 12:
            if not game.settle_resign(False, text):
                self.diags.add("P557", N_("a rejection that answers no resignation"), line)
        elif op == 7:
            self.game_won(game, player, args, line, text)
        else:
            self.diags.add("P551", N_("unknown opcode {op}").format(op=op), line)
        return None

    def number(self, text: str, line: int) -> int | None:
        try:
            return int(text.strip())
        except ValueError:
            self.diags.add(
                "P558", N_("{text} is not a number").format(text=repr(text.strip())), line
            )
            return None

    def move(
        self, game: GameBuilder, player: int, op: int, args: str, where: Location, text: str
    ) -> None:
        roll = self.roll
        self.roll = None
        if roll is None or roll[0] != player:
            self.diags.add(
                "P554",
                N_("{text}: no roll by this player before it").format(text=repr(text)),
                where.line,
            )
            return
        if self.opening:
            game.opening_roll_played = True  # the first play made with the opening roll
            self.opening = False
        if op == 15:
            game.move(player, roll[1], (), text, where, MoveMark.CANNOT_MOVE)
            return
        steps = javafibs_steps(args)
        if steps is None:
            self.diags.add(
                "P553", N_("unreadable move {move}").format(move=repr(args.strip())), where.line
            )
            game.move(player, roll[1], (), text, where, MoveMark.UNPARSED)
            return
        game.move(player, roll[1], steps, text, where)

    def game_won(self, game: GameBuilder, player: int, args: str, line: int, text: str) -> None:
        points = self.number(args, line)
        if points is None:
            return
        offer = game.pending_resign
        resigned: bool | None = None
        if offer is not None and offer.player == 1 - player:
            game.settle_resign(True, text)
            resigned = True
        elif game.ending in ("drop", "bear-off"):
            resigned = False
        self.win_index = len(game.actions)
        game.win(Win(player, points, False, resigned, text, None, self.loc(line)))

    def match_won(self, line: int) -> None:
        game = self.game
        if game is None and self.games:
            last = self.games[-1]
            if last.actions and isinstance(last.actions[-1], Win):
                win = dataclasses.replace(last.actions[-1], and_the_match=True)
                self.games[-1] = dataclasses.replace(last, actions=(*last.actions[:-1], win))
            return
        if game is not None and self.win_index is not None:
            recorded = game.actions[self.win_index]
            assert isinstance(recorded, Win)
            game.actions[self.win_index] = dataclasses.replace(recorded, and_the_match=True)

    def score_line(self, first: str, second: str, line: int) -> None:
        """``<winner>-<n>:<loser>-<n>``: names ``You`` and checks the score."""
        self.close_game()
        pairs: list[tuple[str, int]] = []
        for part in (first, second):
            who, _, digits = part.strip().rpartition("-")
            if not who or not _ascii_digits(digits):
                self.diags.add(
                    "P551",
                    N_("unreadable score line {first}:{second}").format(first=first, second=second),
                    line,
                )
                return
            pairs.append((who, int(digits)))
        for who, _ in pairs:
            if who != self.black and who != self.white and self.you is None:
                self.you = who
        scores: dict[int, int] = {}
        for who, points in pairs:
            p = 0 if who == self.black else 1 if who in (self.white, self.you) else None
            if p is None:
                self.diags.add(
                    "P555",
                    N_("{who} in the score line is not a player").format(who=repr(who)),
                    line,
                )
                return
            scores[p] = points
        if len(scores) == 2 and (scores[0], scores[1]) != self.score:
            self.diags.add(
                "P556",
                N_("the score line says {said}, the results read give {read}").format(
                    said=f"{scores[0]}-{scores[1]}", read=f"{self.score[0]}-{self.score[1]}"
                ),
                line,
            )


def read_javafibs(stream: TextIO, filename: str) -> Iterator[Match]:
    """The matches of a JavaFIBS match file, one at a time."""
    diags = Diags(filename, SEVERITIES)
    reader = _Reader(filename, diags)
    number = 0
    seen_prolog = False
    yielded = False
    for number, raw in enumerate(stream, 1):
        text = raw[:MAX_LINE].strip()
        if not text:
            continue
        if not seen_prolog:
            seen_prolog = True
            if not text.lstrip("\ufeff").startswith(PROLOG):
                diags.add(
                    "P550", N_("the first line is not {prolog}").format(prolog=repr(PROLOG)), number
                )
                break
            continue
        op_text, sep, rest = text.partition(":")
        name, sep2, args = rest.partition(":")
        if not sep or not _ascii_digits(op_text.strip()):
            diags.add("P551", N_("unreadable line {text}").format(text=repr(text[:60])), number)
            continue
        done = reader.event(int(op_text), name.strip(), args if sep2 else "", number, text)
        if done is not None:
            yielded = True
            yield done
    if not seen_prolog:
        diags.add("P550", "empty input: no JavaFIBS prolog", 1)
    if reader.games or reader.game is not None or diags.items or not yielded:
        yield reader.match(max(number, 1))
