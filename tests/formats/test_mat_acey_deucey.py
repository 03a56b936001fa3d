"""Acey-deucey through ``.mat``: entries from off the board written ``off/19`` (bgammon.org's
form) under the ``AceyDeucey`` Variation tag, read back as entries (docs/variants.md)."""

from __future__ import annotations

import io
import json
from dataclasses import replace

import pytest

from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.replay import replay_match
from gamao_cli.engine.ruleset import POOL, rule_set
from gamao_cli.formats.json.reader import read_json
from gamao_cli.formats.json.writer import match_to_json
from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.formats.mat.writer import write_mat
from gamao_cli.formats.sgf.reader import read_sgf
from gamao_cli.formats.sgf.writer import write_sgf
from gamao_cli.model.actions import OFF, Move, MoveMark, Step, Win
from gamao_cli.model.match import Game, Match, Rules, Variant
from tests.variant_games import play_match

_OPTIONS = (("bearoff", "exact"), ("reroll", "always"))


def _mat(match: Match) -> str:
    out = io.StringIO()
    write_mat(match, out)
    return out.getvalue()


def _entries_as_read(steps: tuple[Step, ...], hits: bool = True) -> tuple[Step, ...]:
    """Steps as the .mat gives them back: an entry from the pool starts from off (and
    without hit marks, which gnubg's SGF moves do not carry, where ``hits`` is false)."""
    return tuple(
        Step(OFF if s.from_point == POOL else s.from_point, s.to_point, s.hit and hits)
        for s in steps
    )


def test_a_hand_built_acey_deucey_game_is_written_with_off_entries_and_read_back() -> None:
    actions = (
        Move(0, (6, 4), (Step(POOL, 19), Step(POOL, 21))),  # gamao's "in/19 in/21"
        Move(1, (5, 3), (Step(OFF, 20), Step(20, 17))),  # bgammon.org's "off/20 20/17"
        Win(0, 1),
    )
    match = Match(
        ("ann", "bob"), 3, (Game(1, (0, 0), actions),),
        rules=Rules(Variant.ACEY_DEUCEY, options=_OPTIONS),
    )  # fmt: skip
    expected = (
        '; [Variation "AceyDeucey"]\n'
        '; [Options "bearoff=exact, reroll=always"]\n'
        "\n"
        " 3 point match\n"
        "\n"
        " Game 1\n"
        " ann : 0                        bob : 0\n"
        "  1) 64: off/19 off/21" + " " * 11 + "53: off/20 20/17 \n"
        "      Wins 1 point\n"
        "\n"
    )
    text = _mat(match)
    assert text == expected
    [back] = list(read_mat(io.StringIO(text), "t.mat"))
    assert back.rules.variant is Variant.ACEY_DEUCEY and back.rules.options == _OPTIONS
    assert [d.code for d in back.diagnostics] == []
    moves = [a for a in back.games[0].actions if isinstance(a, Move)]
    assert [m.steps for m in moves] == [
        (Step(OFF, 19), Step(OFF, 21)),
        (Step(OFF, 20), Step(20, 17)),
    ]


def test_off_entries_stay_unreadable_outside_acey_deucey() -> None:
    # The acey-deucey match is read first: its entry must not be cached for the next match.
    game = " 1 point match\n\n Game 1\n a : 0  b : 0\n  1) 64: off/19 off/21\n   Wins 1 point\n"
    [read] = list(read_mat(io.StringIO('; [Variation "AceyDeucey"]\n\n' + game), "a.mat"))
    assert [d.code for d in read.diagnostics] == []
    [move] = [a for a in read.games[0].actions if isinstance(a, Move)]
    assert move.steps == (Step(OFF, 19), Step(OFF, 21))
    [plain] = list(read_mat(io.StringIO(game), "s.mat"))
    assert [(d.code, d.location.line) for d in plain.diagnostics] == [("P102", 5)]
    [unread] = [a for a in plain.games[0].actions if isinstance(a, Move)]
    assert unread.steps == () and unread.mark is MoveMark.UNPARSED


_FORMATS = {
    # tabula's third die has no .mat dice cell and no SGF entry: it is written as JSON only
    # (convert says so and skips it); acey-deucey's entries have no SGF notation.
    Variant.TABULA: ("json",),
    Variant.ACEY_DEUCEY: ("mat", "json"),
}


def _written(made: Match, target: str) -> Match:
    out = io.StringIO()
    if target == "mat":
        write_mat(made, out)
        [back] = list(read_mat(io.StringIO(out.getvalue()), "t.mat"))
    elif target == "sgf":
        write_sgf(made, out)
        [back] = list(read_sgf(io.StringIO(out.getvalue()), "t.sgf"))
    else:
        [back] = list(read_json(io.StringIO(json.dumps(match_to_json(made))), "t.json"))
    return back


@pytest.mark.parametrize(
    ("variant", "options"),
    [(v, ()) for v in Variant] + [(Variant.ACEY_DEUCEY, _OPTIONS)],
    ids=[v.value for v in Variant] + ["aceydeucey-bgammon"],
)
def test_self_played_matches_of_every_variant_survive_mat_sgf_and_json(
    variant: Variant, options: tuple[tuple[str, str], ...]
) -> None:
    seeds = [1, 2, 3]
    made = play_match(rule_set(variant, options=options), seeds)
    made = replace(made, rules=replace(made.rules, options=options))
    for target in _FORMATS.get(variant, ("mat", "sgf", "json")):
        back = _written(made, target)
        assert (target, back.rules.variant, back.rules.options) == (target, variant, options)
        # P121: the money session's games carry no scores (play_match writes none)
        assert [d.code for d in back.diagnostics if d.code != "P121"] == [], target
        assert len(back.games) == len(seeds)
        for game, original in zip(back.games, made.games, strict=True):
            kinds = [type(a).__name__ for a in game.actions]
            assert kinds == [type(a).__name__ for a in original.actions], target
            hits = target != "sgf"
            got = [_entries_as_read(a.steps, hits) for a in game.actions if isinstance(a, Move)]
            want = [
                _entries_as_read(a.steps, hits) for a in original.actions if isinstance(a, Move)
            ]
            assert got == want, target
        replay = replay_match(back, CheckOptions())
        assert [f.code for f in replay.findings if f.code != "P121"] == [], target
        assert all(g.verified for g in replay.games), target
