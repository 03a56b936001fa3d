"""A decoded BGBlitz match object as a :class:`Match` (research/formats-wave2.md 10.3).

The object: ``matchlen`` (0 = money), ``nameGreen`` / ``nameRed``, rules flags (``useCube``,
``useCrawford``, ``useJacoby``, ``useBeaver``), ``finalGreen`` / ``finalRed`` and ``games``.
Green is player 0, red player 1. A game has its starting scores, ``isCrawford``, an
``initial`` position and cube, ``moves`` (checker and cube entries in one list),
``wonPoints``, ``wasResignation`` and ``wasForfeit``.

* A checker entry's ``from``/``to`` (four slots, -1 unused) are in the mover's own numbering,
  25 the bar, ``to`` <= 0 off; the dice are ``red`` and ``green``. A dance carries
  ``dancingEquity`` and its dice in ``from[0]``/``to[0]``.
* A cube action is an entry with ``from[0] = -1`` and ``cubeDecision.hasDoubled`` (the
  doubler's), followed by the responder's entry; ``hasAccepted`` says take or drop. Any other
  entry with ``from[0] = -1`` is an end marker and is skipped.
* ``initial.points[i]`` is physical point ``i + 1`` counted from red's side (green's point
  ``24 - i``), positive green, negative red; ``[24]`` / ``[25]`` the bars.
* The winner is not stored: it is the player whose score grew by the next game (or in
  ``finalGreen`` / ``finalRed``). The points are ``wonPoints``.

**The ``player`` sign** is disputed (-1 green by one reader tested on real files, +1 green by
another's notes). The record settles it: the player whose score grows must be the one who
bore off last, or whose double was dropped. Unless the record's games say otherwise, -1 is
green; when they do, the players are swapped and an info (P465) says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from gamao_cli.formats.bgf import analysis as ba
from gamao_cli.formats.bgf import results as br
from gamao_cli.formats.bgf.analysis import mapping, plain_int, sequence
from gamao_cli.i18n import N_
from gamao_cli.model.actions import (
    BAR,
    OFF,
    Action,
    Board,
    Double,
    Drop,
    Move,
    MoveMark,
    Resign,
    SetPosition,
    Take,
    Win,
)
from gamao_cli.model.analysis import Annotation
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match, Rules

_STANDARD = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
_STANDARD_BOARD = (2, 0, 0, 0, 0, -5, 0, -3, 0, 0, 0, 5, -5, 0, 0, 0, 3, 0, 5, 0, 0, 0, 0, -2)


def failed_match(filename: str, diagnostic: Diagnostic) -> Match:
    return Match(
        players=("", ""),
        length=0,
        games=(),
        location=Location(filename),
        source_format="bgf",
        diagnostics=(diagnostic,),
    )


class _Diags:
    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.items: list[Diagnostic] = []

    def add(
        self,
        code: str,
        severity: Severity,
        message: str,
        game: int | None = None,
        move: int | None = None,
    ) -> None:
        if game is not None and move is None:
            message = N_("game {game}: {message}").format(game=game, message=message)
        elif game is not None:
            message = N_("game {game}, move entry {move}: {message}").format(
                game=game, move=move, message=message
            )
        self.items.append(Diagnostic(code, severity, message, Location(self.filename), game, move))


def _text(value: object) -> str:
    return value.strip() if isinstance(value, str) else ""


def _flag(obj: ba.Entry, key: str, diags: _Diags) -> bool | None:
    if key not in obj:
        return None
    value = obj[key]
    if isinstance(value, bool):
        return value
    diags.add(
        "P461",
        Severity.WARNING,
        N_("{key} is {value}, not true or false").format(key=key, value=repr(value)),
    )
    return None


def _die(value: object) -> int | None:
    die = plain_int(value)
    return die if die is not None and 1 <= die <= 6 else None


def _start(initial: ba.Entry, diags: _Diags, number: int) -> tuple[Board, Board] | None:
    """Both boards (own numbering, off at 0, bar at 25) of a non-standard ``initial``."""
    points = sequence(initial.get("points"))
    if not points:
        return None
    values = [plain_int(v) for v in points[:26]]
    if len(values) < 24 or any(v is None for v in values):
        diags.add("P467", Severity.ERROR, N_("initial.points is not 24 to 26 integers"), number)
        return None
    counts = [v for v in values if v is not None]
    counts += [0] * (26 - len(counts))
    if tuple(counts[:24]) == _STANDARD_BOARD and counts[24] == counts[25] == 0:
        return None
    green = [0] * 26
    red = [0] * 26
    for i, v in enumerate(counts[:24]):
        if v > 0:
            green[24 - i] = v
        elif v < 0:
            red[i + 1] = -v
    green[BAR], red[BAR] = abs(counts[24]), abs(counts[25])
    for board in (green, red):
        on_board = sum(board[1:])
        if on_board > 15:
            diags.add(
                "P467",
                Severity.ERROR,
                N_("initial.points holds {on_board} checkers").format(on_board=on_board),
                number,
            )
            return None
        board[OFF] = 15 - on_board
    return tuple(green), tuple(red)


class _GameBuilder:
    def __init__(
        self, data: ba.Entry, game: ba.Entry, number: int, green: int, diags: _Diags
    ) -> None:
        self.data, self.game, self.number, self.green = data, game, number, green
        self.diags = diags
        self.money = (plain_int(data.get("matchlen")) or 0) <= 0
        self.location = Location(diags.filename)
        self.actions: list[Action] = []
        self.notes: list[Annotation] = []
        initial = mapping(game.get("initial"))
        cube = plain_int(initial.get("cube"))
        self.cube = cube if cube is not None and cube >= 1 else 1
        self.initial = initial
        self.dropped_by: int | None = None
        self.first_mover: int | None = None

    def who(self, entry: ba.Entry) -> int | None:
        raw = plain_int(entry.get("player"))
        if raw not in (-1, 1):
            return None
        return 0 if raw == self.green else 1

    def note(self, **fields: Any) -> None:
        if any(v is not None for v in fields.values()):
            self.notes.append(Annotation(action=len(self.actions), source=ba.SOURCE, **fields))

    def stop(self, move: int, message: str) -> None:
        self.diags.add("P462", Severity.ERROR, message, self.number, move)

    def read(self) -> None:
        entries = sequence(self.game.get("moves"))
        i = 0
        while i < len(entries):
            entry = entries[i]
            if not isinstance(entry, dict):
                self.stop(i + 1, N_("the entry is not an object"))
                return
            player = self.who(entry)
            if player is None:
                self.stop(
                    i + 1,
                    N_("player is {value}, not -1 or 1").format(value=repr(entry.get("player"))),
                )
                return
            dance = "dancingEquity" in entry and not br.doubled(entry)
            if br.is_cube_record(entry) and not dance:
                if not br.doubled(entry):
                    i += 1  # an end record
                    continue
                i = self.cube_action(entries, i, player)
                if i < 0:
                    return
                continue
            if self.first_mover is None:
                self.first_mover = player
            if not self.checker(entry, i + 1, player):
                return
            i += 1

    def cube_action(self, entries: Sequence[Any], i: int, player: int) -> int:
        entry = entries[i]
        answer = entries[i + 1] if i + 1 < len(entries) else None
        answer = answer if isinstance(answer, dict) and br.is_cube_record(answer) else None
        took = br.accepted(entry, answer or {})
        cube = ba.cube_analysis(entry, self.money, True, answer, took)
        self.note(cube=cube)
        if self.first_mover is None:
            self.first_mover = player
        self.actions.append(
            Double(player, self.cube * 2, text="Doubles", number=i + 1, location=self.location)
        )
        if answer is None or took is None:
            self.diags.add(
                "P463",
                Severity.ERROR,
                N_("the double is not followed by a take or a drop"),
                self.number,
                i + 1,
            )
            return i + 1
        responder = 1 - player
        if cube is not None:
            counts = ba.counted(mapping(answer.get("pr")), "cubeError")[0]
            self.note(cube=replace(cube, counts=counts))
        if took:
            self.cube *= 2
            self.actions.append(Take(responder, text="Takes", number=i + 2, location=self.location))
            return i + 2
        self.actions.append(Drop(responder, text="Drops", number=i + 2, location=self.location))
        self.dropped_by = player
        return -1

    def checker(self, entry: ba.Entry, number: int, player: int) -> bool:
        froms, tos = sequence(entry.get("from")), sequence(entry.get("to"))
        dice = (_die(entry.get("red")), _die(entry.get("green")))
        dance = "dancingEquity" in entry
        if dance or None in dice:
            slots = (_die(froms[0]) if froms else None, _die(tos[0]) if tos else None)
            unused = all(plain_int(v) == -1 for v in list(froms[1:4]) + list(tos[1:4]))
            dance = dance or (None not in slots and unused)
            if dance and None not in slots:
                dice = slots  # a dance keeps its dice in from[0] / to[0]
        if dice[0] is None or dice[1] is None:
            self.stop(number, N_("the entry's dice are not two numbers 1..6"))
            return False
        roll = (dice[0], dice[1])
        cube = None
        if ba.has_cube_decision(entry) and "hasDoubled" not in mapping(
            mapping(entry.get("equity")).get("cubeDecision")
        ):
            cube = ba.cube_analysis(entry, self.money, False)
        head = f"{roll[0]}{roll[1]}:"
        if dance:
            self.note(cube=cube, luck=ba.luck(entry))
            self.actions.append(
                Move(player, roll, (), text=head, number=number, location=self.location)
            )
            return True
        steps = ba.steps_of(entry)
        if steps is None:
            text = f"{head} from {froms[:4]} to {tos[:4]}"
            self.diags.add(
                "P468",
                Severity.ERROR,
                N_("the play {play} has an impossible hop").format(play=text),
                self.number,
                number,
            )
            self.actions.append(
                Move(
                    player,
                    roll,
                    (),
                    text=text,
                    mark=MoveMark.UNPARSED,
                    number=number,
                    location=self.location,
                )
            )
            return True
        self.note(checker=ba.checker_analysis(entry), cube=cube, luck=ba.luck(entry))
        text = " ".join([head, *(str(s) for s in steps)])
        self.actions.append(
            Move(player, roll, steps, text=text, number=number, location=self.location)
        )
        return True

    def result(self, score: tuple[int, int], winner: int | None, length: int) -> None:
        points = plain_int(self.game.get("wonPoints"))
        resigned = self.game.get("wasResignation") is True
        forfeit = self.game.get("wasForfeit") is True
        if points is None or points <= 0:
            if self.dropped_by is None and not resigned and not forfeit:
                return  # unfinished
            points = self.cube
        if winner is None:
            self.diags.add(
                "P464",
                Severity.WARNING,
                N_(
                    "neither score grows after the game (wonPoints {points}): the winner is "
                    "left to the checker"
                ).format(points=points),
                self.number,
            )
        elif resigned:
            level, rest = divmod(points, self.cube)
            if not rest and 1 <= level <= 3:
                self.actions.append(
                    Resign(1 - winner, level, text="Resigns", location=self.location)
                )
        match_won = winner is not None and length > 0 and score[winner] + points >= length
        extra = (("reason", "forfeit"),) if forfeit else ()
        self.actions.append(
            Win(
                winner,
                points,
                and_the_match=match_won,
                resigned=True if resigned else None,
                text=f"Wins {points} point{'s' if points != 1 else ''}",
                location=self.location,
                extra=extra,
            )
        )

    def build(self, score: tuple[int, int], winner: int | None, length: int) -> Game:
        self.read()
        self.result(score, winner, length)
        crawford = self.game.get("isCrawford")
        boards = _start(self.initial, self.diags, self.number)
        owner_raw = plain_int(self.initial.get("cubeOwner"))
        owner = -1 if owner_raw not in (-1, 1) else (0 if owner_raw == self.green else 1)
        start: SetPosition | None = None
        cube = plain_int(self.initial.get("cube")) or 1
        if boards is not None or cube > 1 or owner != -1:
            standard: tuple[Board, Board] = (_STANDARD, _STANDARD)
            start = SetPosition(
                boards=boards or standard,
                turn=self.first_mover if self.first_mover is not None else 0,
                cube_value=max(cube, 1),
                cube_owner=owner,
                location=self.location,
            )
        return Game(
            number=self.number,
            score=score,
            actions=tuple(self.actions),
            crawford=crawford if isinstance(crawford, bool) else None,
            cube_value=max(cube, 1),
            start=start,
            location=self.location,
            annotations=tuple(self.notes),
        )


def _tags(data: ba.Entry, base: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    tags = list(base)
    for key, tag in (("event", "Event"), ("site", "Site"), ("date", "Date")):
        value = _text(data.get(key))
        if value:
            tags.append((tag, value))
    for key in ("cubeLimit", "gameMode", "flags"):
        raw = data.get(key)
        if isinstance(raw, (int, str)) and not isinstance(raw, bool) and raw != "":
            tags.append((key, str(raw)))
    return tuple(tags)


def _rating(value: object) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return None
    text = str(value).strip()
    return text or None


def build_match(
    value: object,
    filename: str,
    tags: tuple[tuple[str, str], ...],
    alignment: str | None,
    consistent: bool,
) -> Match:
    """The :class:`Match` of a decoded BGBlitz match object."""
    diags = _Diags(filename)
    data = mapping(value)
    raw_games = data.get("games")
    if not isinstance(raw_games, list):
        return failed_match(
            filename,
            Diagnostic(
                "P460",
                Severity.ERROR,
                N_("the body is not a BGBlitz match object (no 'games' list)"),
                Location(filename),
            ),
        )
    if not consistent:
        diags.add(
            "P466",
            Severity.WARNING,
            N_("the floats' padding does not fit one alignment; read {alignment}").format(
                alignment=N_("right-aligned") if alignment == "right" else N_("left-aligned")
            ),
        )
    length = plain_int(data.get("matchlen"))
    if length is None or length < 0:
        if "matchlen" in data:
            diags.add(
                "P461",
                Severity.WARNING,
                N_("matchlen is {matchlen}").format(matchlen=repr(data.get("matchlen"))),
            )
        length = 0
    games = [mapping(g) for g in raw_games]
    for i, g in enumerate(raw_games):
        if not isinstance(g, dict):
            diags.add("P461", Severity.WARNING, N_("the entry is not an object"), i + 1)
    winners = br.score_winners(data, games)
    green, minus, plus = br.green_sign(games, winners)
    if green == 1:
        diags.add(
            "P465",
            Severity.INFO,
            N_(
                "in {plus} of {games} games the player who ended the game is +1 where the "
                "winner is green: +1 is taken as green"
            ).format(plus=plus, games=plus + minus),
        )
    rules = Rules(
        cube=_flag(data, "useCube", diags),
        crawford=_flag(data, "useCrawford", diags),
        jacoby=_flag(data, "useJacoby", diags),
        beavers=_flag(data, "useBeaver", diags),
    )
    out: list[Game] = []
    for i, game in enumerate(games):
        score = (plain_int(game.get("scoreGreen")) or 0, plain_int(game.get("scoreRed")) or 0)
        builder = _GameBuilder(data, game, i + 1, green, diags)
        out.append(builder.build(score, winners[i], length))
    return Match(
        players=(_text(data.get("nameGreen")), _text(data.get("nameRed"))),
        length=length,
        games=tuple(out),
        rules=rules,
        ratings=(_rating(data.get("ratingGreen")), _rating(data.get("ratingRed"))),
        tags=_tags(data, tags),
        location=Location(filename),
        source_format="bgf",
        diagnostics=tuple(diags.items),
    )
