"""gamao JSON: a lossless, versioned JSON form of the match model (docs/json-schema.md).

``json``: one pretty-printed document per match. ``jsonl``: one document per line. The
reader accepts either, a JSON array of documents, or documents one after another.

Every field of the model is written, always in the same order, so output is deterministic
and ``read_json(write_json(m)) == m`` for every match ``m``. Steps are written compactly,
in the notation of :class:`~gamao_cli.model.actions.Step`: ``"bar/22 13/8*/5*"``.

Bad input never raises: invalid JSON becomes a diagnostic with its line and column, and
a document that does not fit the schema a diagnostic naming the JSON path
(``$.games[2].actions[5].dice``); the reader skips the bad action, game or document and
goes on with the rest.

This module writes; :mod:`~gamao_cli.formats.json.reader` reads (``read_json`` is imported
here too), :mod:`~gamao_cli.formats.json.analysis` handles annotations and
:mod:`~gamao_cli.formats.json.values` the shared values.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from functools import lru_cache
from typing import IO, TextIO

from gamao_cli.formats.json import FORMAT, JSON_CODES
from gamao_cli.formats.json.analysis import annotation_to_json
from gamao_cli.formats.json.reader import read_json
from gamao_cli.formats.json.values import (
    VERSION,
    JSONValue,
    parse_steps,
    steps_text,
)
from gamao_cli.model.actions import (
    Action,
    Beaver,
    Board,
    Double,
    Drop,
    Move,
    Resign,
    SetPosition,
    Take,
)
from gamao_cli.model.diagnostics import Diagnostic
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match

# --- model -> JSON ---------------------------------------------------------------------------


def _location(loc: Location) -> JSONValue:
    return {"file": loc.file, "line": loc.line, "column": loc.column}


def _pairs(pairs: tuple[tuple[str, str], ...]) -> JSONValue:
    return [[k, v] for k, v in pairs]


def _board(board: Board) -> JSONValue:
    return list(board)


def _set_position(a: SetPosition) -> dict[str, JSONValue]:
    return {
        "type": "set-position",
        "player": a.player,
        "boards": [_board(a.boards[0]), _board(a.boards[1])],
        "turn": a.turn,
        "dice": None if a.dice is None else list(a.dice),
        "cube_value": a.cube_value,
        "cube_owner": a.cube_owner,
        "text": a.text,
        "number": a.number,
        "location": _location(a.location),
    }


def action_to_json(action: Action) -> dict[str, JSONValue]:
    """One action as a JSON object (``type`` first, ``text``/``number``/``location`` last)."""
    head: dict[str, JSONValue]
    if isinstance(action, SetPosition):
        return _set_position(action)
    if isinstance(action, Move):
        head = {
            "type": "move",
            "player": action.player,
            "dice": list(action.dice),
            "steps": steps_text(action.steps),
            "mark": action.mark.value,
        }
        if action.roll:  # a roll of more than two dice (tabula): all of them
            head["roll"] = list(action.roll)
    elif isinstance(action, Double):
        head = {"type": "double", "player": action.player, "value": action.value}
    elif isinstance(action, Take):
        head = {"type": "take", "player": action.player}
    elif isinstance(action, Drop):
        head = {"type": "drop", "player": action.player}
    elif isinstance(action, Beaver):
        head = {"type": "beaver", "player": action.player, "value": action.value}
    elif isinstance(action, Resign):
        head = {
            "type": "resign",
            "player": action.player,
            "level": action.level,
            "accepted": action.accepted,
        }
    else:
        head = {
            "type": "win",
            "player": action.player,
            "points": action.points,
            "and_the_match": action.and_the_match,
            "resigned": action.resigned,
            "extra": _pairs(action.extra),
        }
    head["text"] = action.text
    head["number"] = action.number
    head["location"] = _location(action.location)
    return head


def _diagnostic(d: Diagnostic) -> JSONValue:
    return {
        "code": d.code,
        "severity": d.severity.value,
        "message": d.message,
        "location": _location(d.location),
        "game": d.game,
        "move": d.move,
    }


def _game(g: Game) -> dict[str, JSONValue]:
    return {
        "number": g.number,
        "score": None if g.score is None else list(g.score),
        "players": None if g.players is None else list(g.players),
        "crawford": g.crawford,
        "cube_value": g.cube_value,
        "start": None if g.start is None else _set_position(g.start),
        "location": _location(g.location),
        "score_location": None if g.score_location is None else _location(g.score_location),
        "properties": _pairs(g.properties),
        "actions": [action_to_json(a) for a in g.actions],
        "annotations": [annotation_to_json(a) for a in g.annotations],
    }


def match_to_json(match: Match) -> dict[str, JSONValue]:
    """The JSON document of a match, keys in schema order."""
    r = match.rules
    rules: dict[str, JSONValue] = {
        "variant": r.variant.value,
        "cube": r.cube,
        "crawford": r.crawford,
        "jacoby": r.jacoby,
        "beavers": r.beavers,
        "cube_limit": r.cube_limit,
    }
    if r.options:  # only when the writer plays options: other documents stay as they were
        rules["options"] = _pairs(r.options)
    return {
        "format": FORMAT,
        "version": VERSION,
        "players": list(match.players),
        "length": match.length,
        "rules": rules,
        "ratings": list(match.ratings),
        "tags": _pairs(match.tags),
        "comments": list(match.comments),
        "source_format": match.source_format,
        "location": _location(match.location),
        "diagnostics": [_diagnostic(d) for d in match.diagnostics],
        "games": [_game(g) for g in match.games],
    }


# The encoders ``json.dumps`` would make for each call with these arguments, made once (a
# long session's games are written with hundreds of thousands of calls).
_SPACED = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))
_LINE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
_KEY = json.JSONEncoder(ensure_ascii=False)


_SCALARS: dict[object, str] = {None: "null", True: "true", False: "false"}


def _compact(value: JSONValue) -> str:
    kind = type(value)
    if kind is int:  # as the encoder writes an int (its repr), without making one
        return int.__repr__(value)
    if value is None or kind is bool:
        return _SCALARS[value]
    return _SPACED.encode(value)


@lru_cache(maxsize=256)
def _key(key: str) -> str:
    """A key's text (the schema's few keys: encoded once each)."""
    return _KEY.encode(key)


# Containers written one element per line; everything else is written on one line.
_EXPANDED_OBJECTS = frozenset({(), ("games", "*")})
_EXPANDED_LISTS = frozenset(
    {
        ("tags",),
        ("comments",),
        ("diagnostics",),
        ("games",),
        ("games", "*", "properties"),
        ("games", "*", "actions"),
        ("games", "*", "annotations"),
    }
)


def _pretty(value: JSONValue, path: tuple[str, ...], indent: str) -> str:
    inner = indent + "  "
    if isinstance(value, dict) and value and path in _EXPANDED_OBJECTS:
        items = [f"{inner}{_key(k)}: {_pretty(v, (*path, k), inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and value and path in _EXPANDED_LISTS:
        items = [f"{inner}{_pretty(v, (*path, '*'), inner)}" for v in value]
        return "[\n" + ",\n".join(items) + "\n" + indent + "]"
    return _compact(value)


def write_json(match: Match, stream: TextIO) -> None:
    """Write one pretty-printed document (games and actions one per line)."""
    stream.write(_pretty(match_to_json(match), (), ""))
    stream.write("\n")


def write_jsonl(match: Match, stream: TextIO) -> None:
    """Write one document on one line."""
    stream.write(_LINE.encode(match_to_json(match)))
    stream.write("\n")


def game_text(game: Game, pretty: bool) -> str:
    """One game as :func:`write_json` (``pretty``) or :func:`write_jsonl` writes it in its
    match's ``games`` list (for :func:`write_json_games`)."""
    value = _game(game)
    if pretty:
        return _pretty(value, ("games", "*"), _GAME_INDENT)
    return _LINE.encode(value)


_GAME_INDENT = "    "
_PRETTY_EMPTY = '"games": []\n}'
_LINE_EMPTY = '"games":[]}'


def write_json_games(
    match: Match, games: IO[str], count: int, stream: TextIO, pretty: bool
) -> None:
    """``match``'s document as :func:`write_json` (``pretty``) or :func:`write_jsonl` writes
    it, but with its ``count`` games read from ``games``: their :func:`game_text` in order,
    each after a line end (``pretty``) or a comma (all but the first). A match written a part
    at a time keeps its games' texts there (a temporary file) until its end, when the
    document's diagnostics are known."""
    head_match = replace(match, games=())
    if pretty:
        head = _pretty(match_to_json(head_match), (), "")
        assert head.endswith(_PRETTY_EMPTY)
        stream.write(head[: -len(_PRETTY_EMPTY)])
        stream.write('"games": [' if count else '"games": []')
    else:
        head = _LINE.encode(match_to_json(head_match))
        assert head.endswith(_LINE_EMPTY)
        stream.write(head[: -len(_LINE_EMPTY)])
        stream.write('"games":[')
    shutil.copyfileobj(games, stream)
    if pretty:
        stream.write("\n  ]\n}\n" if count else "\n}\n")
    else:
        stream.write("]}\n")


def game_separator(index: int, pretty: bool) -> str:
    """What goes before the ``index``-th game's text in :func:`write_json_games`'s input."""
    if pretty:
        return ",\n" + _GAME_INDENT if index else "\n" + _GAME_INDENT
    return "," if index else ""


__all__ = [
    "FORMAT",
    "JSON_CODES",
    "VERSION",
    "action_to_json",
    "game_separator",
    "game_text",
    "match_to_json",
    "parse_steps",
    "read_json",
    "steps_text",
    "write_json",
    "write_json_games",
    "write_jsonl",
]
