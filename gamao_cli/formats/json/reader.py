"""Reading gamao JSON and JSON Lines into the match model (docs/json-schema.md).

The reader accepts one document, a JSON array of documents, documents one after another, or
one per line. Bad input never raises: invalid JSON becomes a diagnostic with its line and
column, and a document that does not fit the schema a diagnostic naming the JSON path; the
reader skips the bad action, game or document and goes on with the rest.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import TextIO, TypeVar

from gamao_cli.engine.variants import option_problem
from gamao_cli.formats.json import FORMAT
from gamao_cli.formats.json.analysis import AnnotationReader
from gamao_cli.formats.json.values import (
    VERSION,
    JsonObject,
    SchemaError,
    as_int,
    as_list,
    as_str,
    int_pair,
    pairs_of,
    parse_steps,
    str_pair,
)
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
    Take,
    Win,
)
from gamao_cli.model.analysis import Annotation
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.location import NOWHERE, Location
from gamao_cli.model.match import Game, Match, Rules, Variant

# --- JSON -> model ---------------------------------------------------------------------------


def _ints(value: object, path: str) -> tuple[int, ...]:
    """A JSON list of integers (a board, a roll's dice)."""
    return tuple(as_int(n, f"{path}[{i}]") for i, n in enumerate(as_list(value, path)))


_E = TypeVar("_E", Variant, MoveMark, Severity)


def _enum_value(cls: type[_E], value: str, path: str) -> _E:
    try:
        return cls(value)
    except ValueError:
        allowed = ", ".join(repr(m.value) for m in cls)
        raise SchemaError(
            path, N_("{value} is not one of {allowed}").format(value=repr(value), allowed=allowed)
        ) from None


_ACTION_TYPES = ("move", "double", "take", "drop", "beaver", "resign", "set-position", "win")


class _DocReader:
    """Reads one document; a bad action or game is skipped with a diagnostic, the rest kept."""

    def __init__(self, where: Location) -> None:
        self.where = where
        self.diags: list[Diagnostic] = []

    def diag(self, code: str, message: str, severity: Severity = Severity.ERROR) -> None:
        self.diags.append(Diagnostic(code, severity, message, self.where))

    def done(self, o: JsonObject) -> None:
        for key in o.unknown():
            self.diag(
                "P308", N_("{path}: unknown field ignored").format(path=o.at(key)), Severity.WARNING
            )

    def location(self, o: JsonObject, key: str = "location") -> Location:
        value = o.raw(key, None)
        if value is None:
            return NOWHERE
        lo = JsonObject(value, o.at(key))
        loc = Location(lo.get_str("file"), lo.get_int("line", 0), lo.get_int("column", 0))
        self.done(lo)
        return loc

    def tail(self, o: JsonObject) -> tuple[str, int | None, Location]:
        return o.get_str("text", ""), o.get_opt_int("number"), self.location(o)

    def set_position(self, value: object, path: str) -> SetPosition:
        o = JsonObject(value, path)
        if o.raw("type", "set-position") != "set-position":
            raise SchemaError(o.at("type"), N_("expected 'set-position'"))
        boards = as_list(o.raw("boards"), o.at("boards"), 2)
        dice = o.raw("dice", None)
        text, number, location = self.tail(o)
        position = SetPosition(
            boards=(_ints(boards[0], f"{path}.boards[0]"),
                    _ints(boards[1], f"{path}.boards[1]")),
            turn=o.get_int("turn"),
            dice=None if dice is None else int_pair(dice, o.at("dice")),
            cube_value=o.get_opt_int("cube_value"),
            cube_owner=o.get_opt_int("cube_owner"),
            text=text,
            number=number,
            location=location,
            player=o.get_opt_int("player"),
        )  # fmt: skip
        self.done(o)
        return position

    def action(self, value: object, path: str) -> Action:
        o = JsonObject(value, path)
        kind = o.get_str("type")
        if kind == "set-position":
            return self.set_position(value, path)
        action: Action
        if kind == "move":
            try:
                steps = parse_steps(o.get_str("steps"))
            except ValueError as exc:
                raise SchemaError(o.at("steps"), str(exc)) from None
            player, dice = o.get_int("player"), int_pair(o.raw("dice"), o.at("dice"))
            mark = _enum_value(MoveMark, o.get_str("mark", "play"), o.at("mark"))
            text, number, location = self.tail(o)
            roll = o.raw("roll", None)
            every = () if roll is None else _ints(roll, o.at("roll"))
            action = Move(
                player,
                dice,
                steps,
                text=text,
                mark=mark,
                number=number,
                location=location,
                roll=every,
            )
        elif kind in ("double", "beaver"):
            player, value_ = o.get_int("player"), o.get_int("value")
            text, number, location = self.tail(o)
            cube = Double if kind == "double" else Beaver
            action = cube(player, value_, text=text, number=number, location=location)
        elif kind in ("take", "drop"):
            player = o.get_int("player")
            text, number, location = self.tail(o)
            answer = Take if kind == "take" else Drop
            action = answer(player, text=text, number=number, location=location)
        elif kind == "resign":
            player, level = o.get_int("player"), o.get_int("level")
            accepted = o.get_bool("accepted", True)
            text, number, location = self.tail(o)
            action = Resign(player, level, accepted, text=text, number=number, location=location)
        elif kind == "win":
            player_or_none, points = o.get_opt_int("player"), o.get_int("points")
            and_the_match = o.get_bool("and_the_match", False)
            resigned = o.get_opt_bool("resigned")
            extra = pairs_of(o.raw("extra", []), o.at("extra"))
            text, number, location = self.tail(o)
            action = Win(
                player_or_none,
                points,
                and_the_match=and_the_match,
                resigned=resigned,
                text=text,
                number=number,
                location=location,
                extra=extra,
            )
        else:
            allowed = ", ".join(repr(t) for t in _ACTION_TYPES)
            raise SchemaError(
                o.at("type"),
                N_("{value} is not one of {allowed}").format(value=repr(kind), allowed=allowed),
            )
        self.done(o)
        return action

    def rules(self, value: object, path: str) -> Rules:
        o = JsonObject(value, path)
        rules = Rules(
            variant=_enum_value(Variant, o.get_str("variant", "standard"), o.at("variant")),
            cube=o.get_opt_bool("cube"),
            crawford=o.get_opt_bool("crawford"),
            jacoby=o.get_opt_bool("jacoby"),
            beavers=o.get_opt_bool("beavers"),
            cube_limit=o.get_opt_int("cube_limit"),
            options=_rule_options(pairs_of(o.raw("options", []), o.at("options")), o.at("options")),
        )
        self.done(o)
        return rules

    def diagnostic(self, value: object, path: str) -> Diagnostic:
        o = JsonObject(value, path)
        d = Diagnostic(
            code=o.get_str("code"),
            severity=_enum_value(Severity, o.get_str("severity"), o.at("severity")),
            message=o.get_str("message"),
            location=self.location(o),
            game=o.get_opt_int("game"),
            move=o.get_opt_int("move"),
        )
        self.done(o)
        return d

    def game(self, value: object, path: str) -> Game:
        o = JsonObject(value, path)
        actions: list[Action] = []
        kept: dict[int, int] = {}  # index in the document -> index in the game
        raw_actions = o.get_list("actions")
        for i, raw in enumerate(raw_actions):
            try:
                actions.append(self.action(raw, f"{path}.actions[{i}]"))
                kept[i] = len(actions) - 1
            except SchemaError as exc:
                self.diag(
                    "P307",
                    N_("{path}: {why} (action skipped)").format(path=exc.path, why=exc.message),
                )
        annotations = self.annotations(o, len(raw_actions), kept)
        score = o.raw("score", None)
        players = o.raw("players", None)
        start = o.raw("start", None)
        score_location = o.raw("score_location", None)
        game = Game(
            number=o.get_int("number"),
            score=None if score is None else int_pair(score, o.at("score")),
            actions=tuple(actions),
            players=None if players is None else str_pair(players, o.at("players")),
            crawford=o.get_opt_bool("crawford"),
            cube_value=o.get_int("cube_value", 1),
            start=None if start is None else self.set_position(start, o.at("start")),
            location=self.location(o),
            properties=pairs_of(o.raw("properties", []), o.at("properties")),
            score_location=None if score_location is None else self.location(o, "score_location"),
            annotations=annotations,
        )
        self.done(o)
        return game

    def annotations(
        self, o: JsonObject, count: int, kept: dict[int, int]
    ) -> tuple[Annotation, ...]:
        """A game's annotations, renumbered past skipped actions; a bad one is skipped."""
        reader = AnnotationReader()
        out: list[Annotation] = []
        for i, raw in enumerate(o.get_list("annotations", [])):
            path = f"{o.at('annotations')}[{i}]"
            try:
                note = reader.annotation(raw, path, count)
            except SchemaError as exc:
                self.diag(
                    "P309",
                    N_("{path}: {why} (annotation skipped)").format(path=exc.path, why=exc.message),
                )
                continue
            if note.action not in kept:
                self.diag(
                    "P309",
                    N_("{path}: its action was skipped (annotation skipped)").format(path=path),
                )
                continue
            out.append(replace(note, action=kept[note.action]))
        for where in reader.unknown:
            self.diag(
                "P308", N_("{path}: unknown field ignored").format(path=where), Severity.WARNING
            )
        return tuple(out)

    def match(self, value: object, path: str) -> Match | None:
        """The match of a document, or None when it is not one (diagnostic recorded)."""
        if not isinstance(value, dict) or value.get("format") != FORMAT:
            self.diag(
                "P303",
                N_('{path}: not a gamao match document (no "format": "{format}")').format(
                    path=path, format=FORMAT
                ),
            )
            return None
        o = JsonObject(value, path)
        o.raw("format")
        version = o.raw("version", None)
        if version != VERSION:
            self.diag(
                "P304",
                N_("{path}: version {version} is not {supported}").format(
                    path=o.at("version"), version=json.dumps(version), supported=VERSION
                ),
            )
            return None
        games: list[Game] = []
        for i, raw in enumerate(o.get_list("games")):
            try:
                games.append(self.game(raw, f"{path}.games[{i}]"))
            except SchemaError as exc:
                self.diag(
                    "P306",
                    N_("{path}: {why} (game skipped)").format(path=exc.path, why=exc.message),
                )
        ratings = as_list(o.raw("ratings", [None, None]), o.at("ratings"), 2)
        rating0, rating1 = (
            None if r is None else as_str(r, f"{path}.ratings[{i}]") for i, r in enumerate(ratings)
        )
        rules = o.raw("rules", None)
        comments = o.get_list("comments", [])
        diagnostics = o.get_list("diagnostics", [])
        match = Match(
            players=str_pair(o.raw("players"), o.at("players")),
            length=o.get_int("length"),
            games=tuple(games),
            rules=Rules() if rules is None else self.rules(rules, o.at("rules")),
            ratings=(rating0, rating1),
            tags=pairs_of(o.raw("tags", []), o.at("tags")),
            comments=tuple(as_str(c, f"{path}.comments[{i}]") for i, c in enumerate(comments)),
            location=self.location(o),
            source_format=o.get_str("source_format", ""),
            diagnostics=tuple(
                self.diagnostic(d, f"{path}.diagnostics[{i}]") for i, d in enumerate(diagnostics)
            ),
        )
        self.done(o)
        return match


def _empty(filename: str, diags: list[Diagnostic]) -> Match:
    return Match(
        players=("", ""),
        length=0,
        games=(),
        location=Location(filename),
        source_format="json",
        diagnostics=tuple(diags),
    )


def _documents(value: object, where: Location, filename: str) -> Iterator[Match]:
    """The matches of one decoded JSON value (a document or an array of documents)."""
    items = value if isinstance(value, list) else [value]
    for i, item in enumerate(items):
        path = f"$[{i}]" if isinstance(value, list) else "$"
        reader = _DocReader(where)
        try:
            match = reader.match(item, path)
        except SchemaError as exc:
            reader.diag(
                "P305", N_("{path}: {why} (match skipped)").format(path=exc.path, why=exc.message)
            )
            match = None
        if match is None:
            yield _empty(filename, reader.diags)
        elif reader.diags:
            yield _with_diagnostics(match, reader.diags)
        else:
            yield match


def _with_diagnostics(match: Match, diags: list[Diagnostic]) -> Match:
    return replace(match, diagnostics=(*match.diagnostics, *diags))


def _decode_error(exc: json.JSONDecodeError, filename: str, line_offset: int = 0) -> Diagnostic:
    return Diagnostic(
        "P302",
        Severity.ERROR,
        N_("invalid JSON: {why}").format(why=exc.msg),
        Location(filename, exc.lineno + line_offset, exc.colno),
    )


def _too_deep(where: Location) -> Diagnostic:
    return Diagnostic("P302", Severity.ERROR, N_("invalid JSON: nested too deeply"), where)


_NEXT_DOCUMENT = re.compile(r"\n(?=[{\[])")


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos


def read_json(stream: TextIO, filename: str) -> Iterator[Match]:
    """Yield the matches of gamao JSON: one document, an array of them, or JSON Lines."""
    lines: list[str] = []
    first_line: str | None = None
    number = 0
    for line in stream:
        number += 1
        if number == 1:
            line = line.removeprefix("\ufeff")
        lines.append(line)
        if line.strip():
            first_line = line
            break
    if first_line is None:
        diag = Diagnostic("P301", Severity.ERROR, N_("empty input: no JSON document"),
                          Location(filename))  # fmt: skip
        yield _empty(filename, [diag])
        return
    try:
        value: object = json.loads(first_line)
    except (json.JSONDecodeError, RecursionError):
        value = ...
    if value is not ...:
        where = Location(filename, number, len(first_line) - len(first_line.lstrip()) + 1)
        yield from _documents(value, where, filename)
        yield from read_json_lines(stream, filename, number)
    else:
        yield from _read_text("".join(lines) + stream.read(), filename)


def read_json_lines(stream: TextIO, filename: str, first_line: int = 0) -> Iterator[Match]:
    """JSON Lines: each non-blank line one JSON value. ``first_line``: how many lines of the
    file come before the stream (a byte range of a file read on its own), so that locations
    are the file's."""
    number = first_line
    for line in stream:
        number += 1
        if not line.strip():
            continue
        try:
            value = json.loads(line.rstrip("\r\n"))
        except json.JSONDecodeError as exc:
            yield _empty(filename, [_decode_error(exc, filename, number - 1)])
            continue
        except RecursionError:
            yield _empty(filename, [_too_deep(Location(filename, number, 1))])
            continue
        where = Location(filename, number, len(line) - len(line.lstrip()) + 1)
        yield from _documents(value, where, filename)


def _read_text(text: str, filename: str) -> Iterator[Match]:
    """Whole-text JSON: documents (or arrays of documents) one after another."""
    decoder = json.JSONDecoder()
    pos = _skip_space(text, 0)
    line, counted = 1, 0  # the line number of text[counted]
    while pos < len(text):
        line += text.count("\n", counted, pos)
        counted = pos
        column = pos - text.rfind("\n", 0, pos)
        try:
            value, end = decoder.raw_decode(text, pos)
        except (json.JSONDecodeError, RecursionError) as exc:
            if isinstance(exc, json.JSONDecodeError):
                yield _empty(filename, [_decode_error(exc, filename)])
                failed_at = max(exc.pos, pos)
            else:
                yield _empty(filename, [_too_deep(Location(filename, line, column))])
                failed_at = pos
            resume = _NEXT_DOCUMENT.search(text, failed_at + 1)
            if resume is None:
                return
            pos = resume.end()
            continue
        yield from _documents(value, Location(filename, line, column), filename)
        pos = _skip_space(text, end)


def _rule_options(pairs: tuple[tuple[str, str], ...], path: str) -> tuple[tuple[str, str], ...]:
    """``rules.options``: named rule options (engine.variants), sorted by key."""
    for i, (key, value) in enumerate(pairs):
        problem = option_problem(None, key, value)
        if problem is not None:
            raise SchemaError(f"{path}[{i}]", problem)
    return tuple(sorted(dict(pairs).items()))
