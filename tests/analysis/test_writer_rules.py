"""A record is judged by the rules its writer plays (issue 32): bgammon.org's acey-deucey
replays carry ``bearoff=exact`` and ``reroll=always``; the command line's ``--option`` wins;
the same plays written without options are judged by the defaults; findings say which
non-default option they were judged under; hand-worked exact bear-offs agree with the engine."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest

from gamao_cli.analysis.options import CheckOptions, effective_rules
from gamao_cli.analysis.replay import replay_match
from gamao_cli.engine.plays import generate
from gamao_cli.engine.ruleset import POOL, RuleSet, rule_set
from gamao_cli.formats.bgammon.reader import WRITER_OPTIONS
from gamao_cli.formats.inputs import read_path
from gamao_cli.formats.json.reader import read_json
from gamao_cli.formats.json.writer import match_to_json
from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.formats.mat.writer import write_mat
from gamao_cli.formats.sgf.reader import read_sgf
from gamao_cli.formats.sgf.writer import write_sgf
from gamao_cli.model.actions import BAR, OFF, Action, Move, Win
from gamao_cli.model.match import Game, Match, Rules, Variant
from tests.variant_games import play_game

BGAMMON = (("bearoff", "exact"), ("reroll", "always"))
BG = rule_set(Variant.ACEY_DEUCEY, options=BGAMMON)
DEFAULT = rule_set(Variant.ACEY_DEUCEY)


def _bgammon_text(actions: list[Action]) -> str:
    """A bgammon.org acey-deucey replay of one game (research/variants.md section 6): both
    players in player 1's numbering, entries written ``off/<point>``, the named double and
    the reroll as further lines of the same player."""
    win = next(a for a in actions if isinstance(a, Win))
    assert win.player is not None
    lines = [f"i 1700000000 ann bob 0 0 0 {win.player + 1} 1 1"]

    def name(player: int, p: int) -> str:
        if p in (OFF, POOL):
            return "off"
        if p == BAR:
            return "bar"
        return str(p if player == 0 else 25 - p)

    for a in actions:
        if isinstance(a, Move):
            dice = "-".join(map(str, sorted(a.dice, reverse=True)))
            steps = " ".join(
                f"{name(a.player, s.from_point)}/{name(a.player, s.to_point)}" for s in a.steps
            )
            lines.append(f"{a.player + 1} r {dice} {steps}".rstrip())
    return "\n".join(lines) + "\n"


def _kinds(seed: int) -> tuple[list[Action], dict[str, list[int]]]:
    """A game self-played under bgammon.org's rules and, by the index of each of its moves,
    the moves where bgammon.org's rules and gamao's defaults part: ``differ`` (the legal
    plays differ: a larger die would bear off), ``one-die`` (fewer dice can be played, so a
    one-die play is forced), ``dance`` (nothing can be played, though a larger die would
    bear off), ``illegal`` (the play made is not legal under the defaults) and
    ``reroll`` (a roll after a named double that was not played in full)."""
    actions, before = play_game(BG, seed, entries_from_off=True)
    moves = [a for a in actions if isinstance(a, Move)]
    kinds: dict[str, list[int]] = {
        "differ": [],
        "one-die": [],
        "dance": [],
        "illegal": [],
        "reroll": [],
    }
    for i, (move, (b0, b1, player)) in enumerate(zip(moves, before, strict=True)):
        me, opp = (b0, b1) if player == 0 else (b1, b0)
        best_bg, plays_bg = generate(BG, me, opp, move.dice)
        best_df, plays_df = generate(DEFAULT, me, opp, move.dice)
        if {p.mover for p in plays_bg} != {p.mover for p in plays_df}:
            kinds["differ"].append(i)
        if best_bg < best_df:
            kinds["dance" if best_bg == 0 else "one-die"].append(i)
        # The mover's board after the play (the winning move leaves every checker off).
        after = before[i + 1][player] if i + 1 < len(before) else BG.board_from_points({})
        if plays_df and after not in {p.mover for p in plays_df}:
            kinds["illegal"].append(i)
        named = (
            i >= 2
            and moves[i - 2].player == moves[i - 1].player == move.player
            and sorted(moves[i - 2].dice) == [1, 2]
        )
        if named and len(moves[i - 1].steps) < 4:
            kinds["reroll"].append(i)
    return actions, kinds


SEEDS = (11, 14, 18)


@pytest.mark.parametrize("seed", SEEDS)
def test_bgammon_acey_deucey_replay_checks_clean_under_its_writers_rules(seed: int) -> None:
    actions, kinds = _kinds(seed)
    [match] = list(read_path(_bgammon_text(actions).encode("utf-8")))
    assert match.rules.variant is Variant.ACEY_DEUCEY
    assert match.rules.options == BGAMMON
    assert effective_rules(match, CheckOptions()).ruleset is BG
    replay = replay_match(match)
    assert [(f.code, f.message) for f in replay.findings] == []
    assert replay.games[0].verified and replay.games[0].ending == "bear-off"
    # The three cases of the issue are in these games: an exact-only bear-off, a one-die
    # play forced by the exact rule, a roll after a named double not played in full.
    assert kinds["differ"] and kinds["one-die"] and kinds["illegal"]


@pytest.mark.parametrize(
    ("seed", "expected"), [(11, (157, "R209")), (14, (132, "R215")), (18, (194, "R211"))]
)
def test_the_same_plays_without_options_are_judged_by_the_defaults(
    seed: int, expected: tuple[int, str]
) -> None:
    # Written as gamao's JSON (the .mat is the next test), the record says acey-deucey and
    # no options.
    actions, kinds = _kinds(seed)
    [match] = list(read_path(_bgammon_text(actions).encode("utf-8")))
    plain = replace(match, rules=replace(match.rules, options=()))
    doc = match_to_json(plain)
    assert "options" not in json.dumps(doc["rules"])
    [again] = list(read_json(io.StringIO(json.dumps(doc)), "t.json"))
    assert again.rules.variant is Variant.ACEY_DEUCEY and again.rules.options == ()
    # Under the defaults the record goes wrong at the first move where the rules part: a
    # one-die play forced by the exact rule is "1 of the dice played, but 2 could be" (R209),
    # a roll the exact rule makes a dance is "no play recorded" (R211), a reroll after an
    # incomplete named double a turn out of order (R215). The replay's line is the move's
    # index + 2 (the game line first).
    first = min(kinds["illegal"] + kinds["reroll"])
    code = (
        "R215"
        if first in kinds["reroll"]
        else "R211"
        if first in kinds["dance"]
        else "R209"
        if first in kinds["one-die"]
        else "?"
    )
    assert (first, code) == expected
    findings = [f for f in replay_match(again).findings if f.code != "X414"]
    assert (findings[0].line - 2, findings[0].code, findings[0].under) == (first, code, None)


def test_command_line_option_wins_over_the_writers_and_findings_say_under_what() -> None:
    actions, kinds = _kinds(12)
    [match] = list(read_path(_bgammon_text(actions).encode("utf-8")))
    opts = CheckOptions(rule_options=(("bearoff", "normal"),))
    rules = effective_rules(match, opts)
    assert rules.ruleset.options == (("bearoff", "normal"), ("reroll", "always"))
    assert rules.ruleset.bearoff_exact is False and rules.ruleset.acey_reroll_always is True
    findings = [f for f in replay_match(match, opts).findings if f.code != "X414"]
    # The first play bgammon.org's exact bear-off forced to one die (move index 160, line
    # 162) is now wrong; reroll=always is still the writer's, and each finding says so.
    assert kinds["one-die"][0] == kinds["illegal"][0] == 160
    assert (findings[0].line, findings[0].code) == (162, "R209")
    assert {f.under for f in findings} == {"reroll=always"}
    # Under the writer's own options a broken rule names both.
    text = "i 1700000000 ann bob 0 0 0 1 1 1\n1 r 2-1 off/23 off/24\n1 r 6-4 off/19 off/21\n"
    [broken] = list(read_path(text.encode("utf-8")))
    [first, *_] = replay_match(broken).findings
    assert (first.code, first.under) == ("R237", "bearoff=exact, reroll=always")
    assert first.as_dict()["under"] == "bearoff=exact, reroll=always"


def test_writer_options_travel_through_mat_sgf_and_json() -> None:
    game = Game(1, None, (Move(0, (6, 5), (), text="65"),))
    match = Match(("a", "b"), 0, (game,), rules=Rules(Variant.ACEY_DEUCEY, options=BGAMMON))
    mat = io.StringIO()
    write_mat(match, mat)
    assert '; [Options "bearoff=exact, reroll=always"]\n' in mat.getvalue()
    [from_mat] = list(read_mat(io.StringIO(mat.getvalue()), "t.mat"))
    assert from_mat.rules.options == BGAMMON
    plain = io.StringIO()
    write_mat(replace(match, rules=Rules(Variant.ACEY_DEUCEY)), plain)
    assert "Options" not in plain.getvalue()
    [from_plain] = list(read_mat(io.StringIO(plain.getvalue()), "t.mat"))
    assert from_plain.rules.options == ()
    assert effective_rules(from_plain, CheckOptions()).ruleset is DEFAULT
    sgf = io.StringIO()
    write_sgf(match, sgf)
    assert "AceyDeucey:bearoff=exact:reroll=always]" in sgf.getvalue()
    [from_sgf] = list(read_sgf(io.StringIO(sgf.getvalue()), "t.sgf"))
    assert from_sgf.rules.options == BGAMMON
    assert not [d for d in from_sgf.diagnostics if d.code == "P218"]
    doc = match_to_json(match)
    assert doc["rules"] == {
        "variant": "aceydeucey",
        "cube": None,
        "crawford": None,
        "jacoby": None,
        "beavers": None,
        "cube_limit": None,
        "options": [["bearoff", "exact"], ["reroll", "always"]],
    }
    [from_json] = list(read_json(io.StringIO(json.dumps(doc)), "t.json"))
    assert from_json.rules.options == BGAMMON
    assert "options" not in match_to_json(replace(match, rules=Rules(Variant.ACEY_DEUCEY)))["rules"]


def test_a_mat_options_tag_that_cannot_be_used_is_a_warning() -> None:
    text = (
        '; [Variation "AceyDeucey"]\n; [Options "bearoff=exact, bearoff=sideways, exact, '
        'bear=off, head=fixed"]\n\n 0 point match\n\n Game 1\n alice : 0       bob : 0\n'
    )
    [match] = list(read_mat(io.StringIO(text), "t.mat"))
    assert match.rules.options == (("bearoff", "exact"),)
    assert [
        (d.code, d.location.line, d.message) for d in match.diagnostics if d.code == "P112"
    ] == [
        (
            "P112",
            2,
            "Options 'bearoff=sideways': option bearoff: 'sideways' is not one of normal, exact",
        ),
        ("P112", 2, "Options 'exact': expected key=value, as --option takes"),
        (
            "P112",
            2,
            "Options 'bear=off': unknown option 'bear' (known: bearoff, block, cube, doubles, "
            "head, home-hit, koks, opening, reroll, scoring)",
        ),
        (
            "P112",
            2,
            "Options 'head=fixed': option 'head' applies to longnardy, not aceydeucey (valid "
            "for aceydeucey: bearoff, cube, doubles, opening, reroll, scoring)",
        ),
    ]
    standard = '; [Options "bearoff=exact"]\n\n 0 point match\n\n Game 1\n a : 0   b : 0\n'
    [std] = list(read_mat(io.StringIO(standard), "t.mat"))
    assert std.rules.options == ()
    assert [d.message for d in std.diagnostics if d.code == "P112"] == [
        "Options 'bearoff=exact': option 'bearoff' applies to aceydeucey, not standard (valid "
        "for standard: none)"
    ]


def test_bgammon_writer_options_are_acey_deuceys_only() -> None:
    assert WRITER_OPTIONS == {Variant.ACEY_DEUCEY: BGAMMON}
    text = "i 1700000000 ann bob 0 0 0 1 1 0\n1 r 4-2 8/4 6/4\n"
    [standard] = list(read_path(text.encode("utf-8")))
    assert standard.rules.options == ()


def _results(rs: RuleSet, me: dict[int, int], dice: tuple[int, int]) -> tuple[int, set[str]]:
    """Dice used and the distinct results (the mover's checkers left, as 'point:count')."""
    opp = rs.board_from_points({1: 15})  # the opponent's last point: out of the way
    best, plays = generate(rs, rs.board_from_points(me), opp, dice)
    left = {" ".join(f"{i}:{n}" for i, n in enumerate(p.mover) if 0 < i < 25 and n) for p in plays}
    return best, left


@pytest.mark.parametrize(
    ("checkers", "dice", "best", "results"),
    [
        # The issue's case: 3 and 1 with 6-1. The 6 cannot be used (nothing on 6, no larger
        # die bears off); the 1 bears off the 1 or moves 3/2: either, one die.
        ({3: 1, 1: 1}, (6, 1), 1, {"3:1", "1:1 2:1"}),
        # 4 alone with 6-2: 4/2, then the 6 cannot bear off the 2.
        ({4: 1}, (6, 2), 1, {"2:1"}),
        # Two on 5 with 3-3: 5/2 twice; a 3 cannot bear off from 2.
        ({5: 2}, (3, 3), 2, {"2:2"}),
        # 6 and 2 with 4-2: 6/2 2/off, 2/off 6/2 and 6/4 4/off all leave one checker on 2.
        ({6: 1, 2: 1}, (4, 2), 2, {"2:1"}),
        # 6 and 5 with 6-5: both off exactly.
        ({6: 1, 5: 1}, (6, 5), 2, {""}),
        # Three on 1 with 2-2: nothing can be played.
        ({1: 3}, (2, 2), 0, set()),
        # 8 and 3 with 5-3: not all home, so 8/3 or 8/5 first; then the other die bears off
        # exactly (3/off or 5/off): one checker on 3 is left either way.
        ({8: 1, 3: 1}, (5, 3), 2, {"3:1"}),
    ],
)
def test_hand_worked_exact_bear_offs_agree_with_the_engine(
    checkers: dict[int, int], dice: tuple[int, int], best: int, results: set[str]
) -> None:
    assert _results(BG, checkers, dice) == (best, results)


def test_the_issues_position_under_the_default_bears_off_with_the_larger_die() -> None:
    # 3/off 1/off (both off) or 3/2 2/off (the checker on 1 left).
    assert _results(DEFAULT, {3: 1, 1: 1}, (6, 1)) == (2, {"", "1:1"})


def test_check_text_and_json_say_the_option_a_finding_was_judged_under(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from gamao_cli.cli.app import app

    path = tmp_path / "broken.match"
    path.write_text(
        "i 1700000000 ann bob 0 0 0 1 1 1\n1 r 2-1 off/23 off/24\n1 r 6-4 off/19 off/21\n"
    )
    runner = CliRunner()
    text = runner.invoke(app, ["check", str(path)])
    assert text.exit_code == 1
    assert (
        "R237 [A4] ann '1 r 6-4 off/19 off/21': the roll after a 1-2 is the named double, "
        "not 64 (under bearoff=exact, reroll=always)" in text.stdout
    )
    doc = json.loads(runner.invoke(app, ["check", str(path), "-f", "json"]).stdout)
    assert [(f["code"], f.get("under")) for f in doc["findings"]] == [
        ("R237", "bearoff=exact, reroll=always"),
        ("X414", None),  # not a play or a turn: no "under"
    ]
    assert "under" not in doc["findings"][1]
    # --option wins key by key; the note keeps what is still not the default.
    pt = runner.invoke(app, ["--lang", "pt", "check", str(path), "--option", "bearoff=normal"])
    assert "não 64 (com reroll=always)" in pt.stdout


@pytest.mark.parametrize(
    ("seed", "expected"), [(11, (157, "R209")), (14, (132, "R215")), (18, (194, "R211"))]
)
def test_the_same_plays_as_a_mat_without_options_are_judged_by_the_defaults(
    seed: int, expected: tuple[int, str]
) -> None:
    # The .mat beside the JSON above: entries written off/19, the Variation tag says
    # acey-deucey and no Options tag, so the defaults judge the plays.
    actions, _ = _kinds(seed)
    [match] = list(read_path(_bgammon_text(actions).encode("utf-8")))
    plain = replace(match, rules=replace(match.rules, options=()))
    out = io.StringIO()
    write_mat(plain, out)
    text = out.getvalue()
    assert '; [Variation "AceyDeucey"]\n' in text and "Options" not in text
    assert " off/" in text
    [again] = list(read_mat(io.StringIO(text), "t.mat"))
    assert again.rules.variant is Variant.ACEY_DEUCEY and again.rules.options == ()
    assert [d.code for d in again.diagnostics if d.code == "P102"] == []
    moves = [a for a in again.games[0].actions if isinstance(a, Move)]
    written = [a for a in match.games[0].actions if isinstance(a, Move)]
    assert [m.steps for m in moves] == [m.steps for m in written]
    findings = [f for f in replay_match(again).findings if f.code != "X414"]
    first, code = expected
    assert (findings[0].code, findings[0].under) == (code, None)
    assert findings[0].line == moves[first].location.line
    # Written with bgammon.org's options, the same .mat checks clean.
    with_options = io.StringIO()
    write_mat(match, with_options)
    [kept] = list(read_mat(io.StringIO(with_options.getvalue()), "t.mat"))
    assert kept.rules.options == BGAMMON
    assert [f.code for f in replay_match(kept).findings if f.code != "X414"] == []
