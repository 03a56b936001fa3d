"""gamao JSON: exact output, lossless round trips, and diagnostics for bad input."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamao_cli.formats.base import Writer
from gamao_cli.formats.json.writer import (
    JSON_CODES,
    action_to_json,
    match_to_json,
    parse_steps,
    read_json,
    steps_text,
    write_json,
    write_jsonl,
)
from gamao_cli.formats.sgf.reader import read_sgf
from gamao_cli.model import (
    Action,
    Beaver,
    Diagnostic,
    Double,
    Drop,
    Game,
    Location,
    Match,
    Move,
    MoveMark,
    Resign,
    Rules,
    SetPosition,
    Severity,
    Step,
    Take,
    Variant,
    Win,
)
from gamao_cli.model.analysis import (
    Annotation,
    Candidate,
    CheckerAnalysis,
    CubeAnalysis,
    Probabilities,
)
from tests.helpers import corpus_files

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "gnubg"


def dump(match: Match, writer: Writer = write_json) -> str:
    out = io.StringIO()
    writer(match, out)
    return out.getvalue()


def load(text: str, name: str = "in.json") -> list[Match]:
    return list(read_json(io.StringIO(text), name))


SMALL = Match(
    players=("Ann", "Bé"),
    length=3,
    rules=Rules(crawford=True),
    ratings=("1500", None),
    tags=(("EventDate", "2024.01.01"),),
    comments=("note",),
    location=Location("a.mat", 1, 1),
    source_format="mat",
    diagnostics=(Diagnostic("P101", Severity.WARNING, "odd", Location("a.mat", 3, 2), game=1),),
    games=(
        Game(
            number=1,
            score=(0, 0),
            players=("Ann", "Bé"),
            location=Location("a.mat", 5, 2),
            score_location=Location("a.mat", 6, 2),
            actions=(
                Move(0, (3, 1), (Step(8, 5), Step(6, 5)), "31: 8/5 6/5", number=1),
                Move(1, (6, 4), (Step(25, 21, True, (19,)),), mark=MoveMark.PLAY),
                Double(0, 2),
                Take(1),
                Resign(1, 2, False),
                Win(0, 2, resigned=None, extra=(("k", "v"),)),
            ),
        ),
    ),
)

SMALL_JSON = """\
{
  "format": "gamao-match",
  "version": 1,
  "players": ["Ann", "Bé"],
  "length": 3,
  "rules": {"variant": "standard", "cube": null, "crawford": true, "jacoby": null, \
"beavers": null, "cube_limit": null},
  "ratings": ["1500", null],
  "tags": [
    ["EventDate", "2024.01.01"]
  ],
  "comments": [
    "note"
  ],
  "source_format": "mat",
  "location": {"file": "a.mat", "line": 1, "column": 1},
  "diagnostics": [
    {"code": "P101", "severity": "warning", "message": "odd", "location": {"file": "a.mat", \
"line": 3, "column": 2}, "game": 1, "move": null}
  ],
  "games": [
    {
      "number": 1,
      "score": [0, 0],
      "players": ["Ann", "Bé"],
      "crawford": null,
      "cube_value": 1,
      "start": null,
      "location": {"file": "a.mat", "line": 5, "column": 2},
      "score_location": {"file": "a.mat", "line": 6, "column": 2},
      "properties": [],
      "actions": [
        {"type": "move", "player": 0, "dice": [3, 1], "steps": "8/5 6/5", "mark": "play", \
"text": "31: 8/5 6/5", "number": 1, "location": {"file": "", "line": 0, "column": 0}},
        {"type": "move", "player": 1, "dice": [6, 4], "steps": "bar/19*/21*", "mark": "play", \
"text": "", "number": null, "location": {"file": "", "line": 0, "column": 0}},
        {"type": "double", "player": 0, "value": 2, "text": "", "number": null, "location": \
{"file": "", "line": 0, "column": 0}},
        {"type": "take", "player": 1, "text": "", "number": null, "location": {"file": "", \
"line": 0, "column": 0}},
        {"type": "resign", "player": 1, "level": 2, "accepted": false, "text": "", "number": \
null, "location": {"file": "", "line": 0, "column": 0}},
        {"type": "win", "player": 0, "points": 2, "and_the_match": false, "resigned": null, \
"extra": [["k", "v"]], "text": "", "number": null, "location": {"file": "", "line": 0, \
"column": 0}}
      ],
      "annotations": []
    }
  ]
}
"""


def test_pretty_output_exact() -> None:
    assert dump(SMALL) == SMALL_JSON
    assert load(SMALL_JSON) == [SMALL]


def test_jsonl_output_is_one_line_of_the_same_document() -> None:
    line = dump(SMALL, write_jsonl)
    assert line.count("\n") == 1 and line.endswith("}\n")
    assert line.startswith('{"format":"gamao-match","version":1,"players":["Ann","Bé"],')
    assert json.loads(line) == json.loads(SMALL_JSON) == match_to_json(SMALL)
    assert load(line + "\n" + line, "in.jsonl") == [SMALL, SMALL]


def test_set_position_and_other_actions() -> None:
    board = tuple(range(26))
    position = SetPosition((board, board), 1, (6, 5), 4, -1, "pos", 7, Location("f", 2, 3), 0)
    match = Match(
        players=("a", "b"),
        length=0,
        rules=Rules(Variant.NACKGAMMON, False, False, True, True, 64),
        games=(
            Game(
                number=2,
                score=None,
                actions=(position, Beaver(1, 4, "B"), Drop(0)),
                crawford=False,
                cube_value=2,
                start=position,
                properties=(("GS", "x"),),
            ),
        ),
    )
    doc = json.loads(json.dumps(match_to_json(match)))
    assert doc["games"][0]["start"] == {
        "type": "set-position",
        "player": 0,
        "boards": [list(range(26)), list(range(26))],
        "turn": 1,
        "dice": [6, 5],
        "cube_value": 4,
        "cube_owner": -1,
        "text": "pos",
        "number": 7,
        "location": {"file": "f", "line": 2, "column": 3},
    }
    assert doc["rules"] == {
        "variant": "nackgammon",
        "cube": False,
        "crawford": False,
        "jacoby": True,
        "beavers": True,
        "cube_limit": 64,
    }
    assert load(dump(match)) == [match]


@pytest.mark.parametrize(
    ("steps", "text"),
    [
        ((), ""),
        ((Step(8, 5), Step(6, 5)), "8/5 6/5"),
        ((Step(25, 22, True),), "bar/22*"),
        ((Step(6, 0), Step(5, 0)), "6/off 5/off"),
        ((Step(13, 3, False, (8, 5)),), "13/8*/5*/3"),
        ((Step(-1, 30),), "-1/30"),
    ],
)
def test_steps_notation(steps: tuple[Step, ...], text: str) -> None:
    assert steps_text(steps) == text
    assert parse_steps(text) == steps


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8", "step '8' has no '/'"),
        ("8/x", "step '8/x': a point must be a number, 'bar' or 'off'"),
        ("13/8/5", "step '13/8/5': an intermediate point must be a hit ('4*')"),
    ],
)
def test_bad_steps(text: str, message: str) -> None:
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        parse_steps(text)


# --- several documents ------------------------------------------------------------------------


def test_array_and_concatenated_documents() -> None:
    doc = dump(SMALL).rstrip("\n")
    assert load(f"[{doc}, {doc}]") == [SMALL, SMALL]
    assert load(f"{doc}\n{doc}\n") == [SMALL, SMALL]
    assert load("\n\n" + dump(SMALL, write_jsonl)) == [SMALL]


def test_invalid_json_with_line_and_column() -> None:
    text = '{\n  "format": "gamao-match",\n  "version": 1,\n  oops\n}\n'
    [match] = load(text)
    assert match.games == ()
    assert match.diagnostics == (
        Diagnostic(
            "P302",
            Severity.ERROR,
            "invalid JSON: Expecting property name enclosed in double quotes",
            Location("in.json", 4, 3),
        ),
    )


def test_resynchronises_after_a_broken_document() -> None:
    doc = dump(SMALL)
    broken = '{\n  "format": "gamao-match",\n  oops\n'
    matches = load(doc + broken + doc)
    assert [len(m.games) for m in matches] == [1, 0, 1]
    line = doc.count("\n") + 3
    assert [(d.code, str(d.location)) for d in matches[1].diagnostics] == [
        ("P302", f"in.json:{line}:3")
    ]


def test_json_lines_with_a_bad_line() -> None:
    line = dump(SMALL, write_jsonl)
    matches = load(line + '{"format": \n\n' + line, "in.jsonl")
    assert [len(m.games) for m in matches] == [1, 0, 1]
    assert [(d.code, d.message, str(d.location)) for d in matches[1].diagnostics] == [
        ("P302", "invalid JSON: Expecting value", "in.jsonl:2:12")
    ]


def test_deep_nesting_is_invalid_json_not_a_crash() -> None:
    [match] = load("[" * 100000 + "]" * 100000)
    assert [(d.code, d.message) for d in match.diagnostics] == [
        ("P302", "invalid JSON: nested too deeply")
    ]
    [line] = load("[" * 100000 + "]" * 100000 + "\n", "x.jsonl")
    assert [d.code for d in line.diagnostics] == ["P302"]


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        ("", "P301", "empty input: no JSON document"),
        ("  \n\n", "P301", "empty input: no JSON document"),
        ('{"format": "other"}', "P303", '$: not a gamao match document (no "format": '
         '"gamao-match")'),
        ("[1]", "P303", '$[0]: not a gamao match document (no "format": "gamao-match")'),
        ('{"format": "gamao-match", "version": 2}', "P304", "$.version: version 2 is not 1"),
        ('{"format": "gamao-match"}', "P304", "$.version: version null is not 1"),
        ('{"format": "gamao-match", "version": 1, "length": 1, "games": []}', "P305",
         "$.players: missing (match skipped)"),
        ('{"format": "gamao-match", "version": 1, "players": ["a", 2], "length": 1, '
         '"games": []}', "P305", "$.players[1]: expected a string, found a number (match "
         "skipped)"),
        ('{"format": "gamao-match", "version": 1, "players": ["a", "b"], "length": true, '
         '"games": []}', "P305", "$.length: expected an integer, found a boolean (match "
         "skipped)"),
        ('{"format": "gamao-match", "version": 1, "players": ["a", "b"], "length": 1, '
         '"games": {}}', "P305", "$.games: expected an array, found an object (match skipped)"),
        ('{"format": "gamao-match", "version": 1, "players": ["a", "b"], "length": 1, '
         '"games": [], "rules": {"variant": "hyper"}}', "P305",
         "$.rules.variant: 'hyper' is not one of 'standard', 'nackgammon', 'hypergammon', "
         "'hypergammon1', 'hypergammon2', 'tavla', 'longnardy', 'aceydeucey', 'tabula' "
         "(match skipped)"),
        ('{"format": "gamao-match", "version": 1, "players": ["a", "b"], "length": 1, '
         '"games": [], "rules": {"variant": "aceydeucey", "options": [["bearoff", "exact"], '
         '["bear", "off"]]}}', "P305",
         "$.rules.options[1]: unknown option 'bear' (known: bearoff, block, cube, doubles, "
         "head, home-hit, koks, opening, reroll, scoring) (match skipped)"),
        ('{"format": "gamao-match", "version": 1, "players": ["a", "b"], "length": 1, '
         '"games": [], "rules": {"options": [["bearoff", "sideways"]]}}', "P305",
         "$.rules.options[0]: option bearoff: 'sideways' is not one of normal, exact (match "
         "skipped)"),
    ],
)  # fmt: skip
def test_document_errors(text: str, code: str, message: str) -> None:
    [match] = load(text)
    assert match.games == ()
    assert [(d.code, d.severity, d.message) for d in match.diagnostics] == [
        (code, Severity.ERROR, message)
    ]
    assert set(JSON_CODES) >= {code}


def _doc_with(game: object) -> str:
    return json.dumps(
        {"format": "gamao-match", "version": 1, "players": ["a", "b"], "length": 1,
         "games": [game]}
    )  # fmt: skip


def test_bad_game_is_skipped() -> None:
    [match] = load(_doc_with({"score": None, "actions": []}))
    assert match.games == ()
    assert [(d.code, d.message) for d in match.diagnostics] == [
        ("P306", "$.games[0].number: missing (game skipped)")
    ]


def test_bad_actions_are_skipped_and_the_rest_kept() -> None:
    good = {"type": "take", "player": 1}
    actions = [
        {"type": "move", "player": 0, "dice": [3, 1, 2], "steps": ""},
        good,
        {"type": "move", "player": 0, "dice": [3, 1], "steps": "8/x"},
        {"type": "move", "player": 0, "dice": [3, 1], "steps": "", "mark": "huh"},
        {"type": "jump", "player": 0},
        {"type": "win", "points": 1, "resigned": 1},
        {"type": "double", "player": 0, "value": 2, "colour": "red"},
        "take",
    ]
    [match] = load(_doc_with({"number": 1, "score": [0, 0], "actions": actions}))
    assert match.games[0].actions == (Take(1), Double(0, 2))
    assert [(d.code, d.severity.value, d.message) for d in match.diagnostics] == [
        ("P307", "error", "$.games[0].actions[0].dice: expected 2 elements, found 3 "
         "(action skipped)"),
        ("P307", "error", "$.games[0].actions[2].steps: step '8/x': a point must be a number, "
         "'bar' or 'off' (action skipped)"),
        ("P307", "error", "$.games[0].actions[3].mark: 'huh' is not one of 'play', 'empty', "
         "'cannot-move', 'unknown', 'unparsed' (action skipped)"),
        ("P307", "error", "$.games[0].actions[4].type: 'jump' is not one of 'move', 'double', "
         "'take', 'drop', 'beaver', 'resign', 'set-position', 'win' (action skipped)"),
        ("P307", "error", "$.games[0].actions[5].resigned: expected true, false or null, found "
         "a number (action skipped)"),
        ("P308", "warning", "$.games[0].actions[6].colour: unknown field ignored"),
        ("P307", "error", "$.games[0].actions[7]: expected an object, found a string (action "
         "skipped)"),
    ]  # fmt: skip


def test_minimal_hand_written_document_uses_defaults() -> None:
    text = _doc_with(
        {"number": 1, "score": None, "actions": [
            {"type": "move", "player": 0, "dice": [3, 1], "steps": "8/5 6/5"},
            {"type": "win", "points": 1},
        ]}
    )  # fmt: skip
    assert load(text) == [
        Match(
            players=("a", "b"),
            length=1,
            games=(
                Game(
                    number=1,
                    score=None,
                    actions=(Move(0, (3, 1), (Step(8, 5), Step(6, 5))), Win(None, 1)),
                ),
            ),
        )
    ]


def test_codes_documented() -> None:
    assert sorted(JSON_CODES) == [f"P30{n}" for n in range(1, 10)]


# --- round trips ------------------------------------------------------------------------------

_ints = st.integers(min_value=-3, max_value=40)
_opt_int = st.none() | _ints
_text = st.text(st.characters(codec="utf-8"), max_size=8)
_locations = st.builds(Location, _text, _ints, _ints)
_pairs = st.lists(st.tuples(_text, _text), max_size=2).map(tuple)
_steps = st.lists(
    st.builds(Step, _ints, _ints, st.booleans(), st.lists(_ints, max_size=2).map(tuple)),
    max_size=4,
).map(tuple)
_dice = st.tuples(_ints, _ints)
_board = st.lists(_ints, min_size=0, max_size=26).map(tuple)
_common = {"text": _text, "number": _opt_int, "location": _locations}
_positions = st.builds(
    SetPosition,
    boards=st.tuples(_board, _board),
    turn=_ints,
    dice=st.none() | _dice,
    cube_value=_opt_int,
    cube_owner=_opt_int,
    player=_opt_int,
    **_common,
)
_actions: st.SearchStrategy[Action] = st.one_of(
    st.builds(Move, _ints, _dice, _steps, mark=st.sampled_from(MoveMark), **_common),
    st.builds(Double, _ints, _ints, **_common),
    st.builds(Take, _ints, **_common),
    st.builds(Drop, _ints, **_common),
    st.builds(Beaver, _ints, _ints, **_common),
    st.builds(Resign, _ints, _ints, st.booleans(), **_common),
    _positions,
    st.builds(
        Win,
        _opt_int,
        _ints,
        and_the_match=st.booleans(),
        resigned=st.none() | st.booleans(),
        extra=_pairs,
        **_common,
    ),
)
_opt_bool = st.none() | st.booleans()
_equity = st.floats(-3.0, 3.0)
_opt_equity = st.none() | _equity
_chance = st.floats(0.0, 1.0)
_opt_loss = st.none() | st.floats(0.0, 3.0)
_chances = st.none() | st.builds(Probabilities, _chance, _chance, _chance, _chance, _chance)
_candidates = st.lists(st.builds(Candidate, _steps, _equity, _chances, _text), max_size=3)
_checkers = _candidates.flatmap(
    lambda cs: st.builds(
        CheckerAnalysis,
        st.just(tuple(cs)),
        st.none() | st.integers(0, len(cs) - 1) if cs else st.none(),
        _opt_loss,
        level=_text,
        counts=_opt_bool,
        error_mwc=_opt_loss,
    )
)
_cubes = st.builds(
    CubeAnalysis,
    _opt_equity,
    _opt_equity,
    _opt_equity,
    _opt_loss,
    _opt_loss,
    probabilities=_chances,
    level=_text,
    counts=_opt_bool,
    cubeless=_opt_equity,
    no_double_mwc=st.none() | _chance,
    double_take_mwc=st.none() | _chance,
)


def _game_of(actions: list[Action]) -> st.SearchStrategy[Game]:
    notes = (
        st.lists(
            st.builds(
                Annotation,
                st.integers(0, len(actions) - 1),
                st.none() | _checkers,
                st.none() | _cubes,
                _opt_equity,
                _text,
                _text,
                _pairs,
            ),
            max_size=3,
        ).map(tuple)
        if actions
        else st.just(())
    )
    return st.builds(
        Game,
        number=_ints,
        score=st.none() | st.tuples(_ints, _ints),
        actions=st.just(tuple(actions)),
        players=st.none() | st.tuples(_text, _text),
        crawford=_opt_bool,
        cube_value=_ints,
        start=st.none() | _positions,
        location=_locations,
        properties=_pairs,
        annotations=notes,
    )


_games = st.lists(_actions, max_size=6).flatmap(_game_of)
_matches = st.builds(
    Match,
    players=st.tuples(_text, _text),
    length=_ints,
    games=st.lists(_games, max_size=3).map(tuple),
    rules=st.builds(
        Rules, st.sampled_from(Variant), _opt_bool, _opt_bool, _opt_bool, _opt_bool, _opt_int
    ),
    ratings=st.tuples(st.none() | _text, st.none() | _text),
    tags=_pairs,
    comments=st.lists(_text, max_size=2).map(tuple),
    location=_locations,
    source_format=_text,
    diagnostics=st.lists(
        st.builds(Diagnostic, _text, st.sampled_from(Severity), _text, _locations, _opt_int,
                  _opt_int),
        max_size=2,
    ).map(tuple),
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(_matches)
def test_round_trip_any_match(match: Match) -> None:
    assert load(dump(match)) == [match]
    assert load(dump(match, write_jsonl), "x.jsonl") == [match]


@settings(max_examples=50, deadline=None)
@given(st.lists(_matches, min_size=1, max_size=3))
def test_round_trip_several_matches(matches: list[Match]) -> None:
    assert load("".join(dump(m) for m in matches)) == matches
    assert load("".join(dump(m, write_jsonl) for m in matches)) == matches


def test_round_trip_real_files() -> None:
    paths = corpus_files("**/*.sgf") + sorted(FIXTURES.glob("*.sgf"))
    count = 0
    for path in paths:
        for match in read_sgf(path.open(encoding="utf-8"), path.name):
            assert load(dump(match)) == [match], path.name
            assert load(dump(match, write_jsonl)) == [match], path.name
            count += 1
    assert count == len(paths)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_random_text_never_raises(text: str) -> None:
    matches = load(text)
    assert matches
    assert all(d.code in JSON_CODES for m in matches for d in m.diagnostics)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_mutated_documents_never_raise(data: st.DataObject) -> None:
    text = dump(replace(SMALL, diagnostics=()))  # every diagnostic is then the reader's
    at = data.draw(st.integers(0, len(text) - 1))
    snippet = data.draw(st.text(alphabet='{}[]",:0123456789 \ntrueflsn', max_size=6))
    cut = data.draw(st.integers(0, 6))
    matches = load(text[:at] + snippet + text[at + cut :])
    assert matches
    assert all(d.code in JSON_CODES for m in matches for d in m.diagnostics)


# --- the documented schema --------------------------------------------------------------------

SCHEMA_DOC = ROOT / "docs" / "json-schema.md"


def _json_blocks() -> list[str]:
    text = SCHEMA_DOC.read_text(encoding="utf-8")
    return [block.split("```", 1)[0] for block in text.split("```json\n")[1:]]


def test_documented_example_is_exactly_what_we_write() -> None:
    example, _ = _json_blocks()
    [match] = load(example, "docs.json")
    assert match.diagnostics == ()
    assert dump(match) == example


def test_documented_action_examples_read() -> None:
    _, actions = _json_blocks()
    lines = actions.strip().splitlines()
    doc = _doc_with({"number": 1, "score": None, "actions": [json.loads(x) for x in lines]})
    [match] = load(doc)
    assert match.diagnostics == ()
    assert [type(a).__name__ for a in match.games[0].actions] == [
        "SetPosition",
        "Beaver",
        "Drop",
        "Resign",
    ]
    assert [json.dumps(action_to_json(a), ensure_ascii=False) for a in match.games[0].actions] == (
        lines
    )


def test_leading_byte_order_mark_is_skipped() -> None:
    assert load("\ufeff" + dump(SMALL)) == [SMALL]
    assert load("\ufeff" + dump(SMALL, write_jsonl)) == [SMALL]


def test_a_three_dice_roll_keeps_every_die() -> None:
    """Tabula's rolls: ``dice`` holds the first two, ``roll`` all three, and both survive."""
    move = Move(0, (6, 4), (Step(0, 19), Step(19, 15), Step(0, 23)), text="6-4-2", roll=(6, 4, 2))
    assert action_to_json(move)["roll"] == [6, 4, 2]
    assert "roll" not in action_to_json(replace(move, roll=()))
    game = Game(1, None, (move,))
    match = Match(("a", "b"), 0, (game,), rules=Rules(variant=Variant.TABULA))
    out = io.StringIO()
    write_json(match, out)
    [back] = list(read_json(io.StringIO(out.getvalue()), "t.json"))
    [again] = back.games[0].actions
    assert isinstance(again, Move)
    assert (again.dice, again.roll, again.all_dice) == ((6, 4), (6, 4, 2), (6, 4, 2))


def test_values_are_written_as_json_dumps_writes_them() -> None:
    """The writer's encoders are made once and ints, booleans and null written without one:
    each value's text is still json.dumps' (an int subclass as its number, as json does)."""
    import enum

    from gamao_cli.formats.json import writer

    class Level(enum.IntEnum):
        GAMMON = 2

    values = [
        0, -7, 10**20, True, False, None, 1.5, "Kévin \"é\" \u2028", [1, None, True],
        {"a": [1, 2], "b": {"c": None}}, Level.GAMMON, [], {},
    ]  # fmt: skip
    assert [writer._compact(v) for v in values] == [  # type: ignore[arg-type]
        "0", "-7", "100000000000000000000", "true", "false", "null", "1.5",
        '"Kévin \\"é\\" \u2028"', "[1, null, true]", '{"a": [1, 2], "b": {"c": null}}', "2",
        "[]", "{}",
    ]  # fmt: skip
    assert writer._key("ação") == json.dumps("ação", ensure_ascii=False) == '"ação"'
