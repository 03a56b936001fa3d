"""Repairs: each named by its finding, only where the replay knows the answer."""

from __future__ import annotations

import io

import pytest

from gamao_cli.analysis.repair import Fix, repair_match
from gamao_cli.analysis.replay import replay_match
from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.model.actions import Move, Win
from gamao_cli.model.match import Match
from tests.helpers import CORPUS, require_corpus

HEAD = " 5 point match\n\n Game 1\n alice : 0                      bob : 0\n"
DROP = (
    "  1) 31: 8/5 6/5                   64: 24/18 13/9\n"
    "  2) 62: 24/18 13/11               Doubles => 2\n"
    "  3)  Drops                        Wins {points} point\n"
)


def mat(text: str) -> Match:
    [match] = list(read_mat(io.StringIO(text), "t.mat"))
    return match


def codes(match: Match) -> list[str]:
    return [f.code for f in replay_match(match).findings if f.severity.value == "error"]


def test_wins_points_after_a_drop() -> None:
    broken = mat(HEAD + DROP.format(points=2))
    assert codes(broken) == ["X404"]
    repair = repair_match(broken)
    assert repair.fixes == (Fix("X404", 1, 7, "Wins 2 -> Wins 1"),)
    assert codes(repair.match) == [] and repair.unrepaired == ()
    [win] = [a for a in repair.match.games[0].actions if isinstance(a, Win)]
    assert (win.player, win.points) == (1, 1)


def test_a_score_line_that_disagrees_is_left_and_reported() -> None:
    # Game 2's score line agrees with the wrong points, not with the game: which is wrong
    # cannot be known, so the score line is left (X405) while the points are repaired.
    text = (
        HEAD
        + DROP.format(points=2)
        + (
            "\n Game 2\n alice : 0                      bob : 2\n"
            "  1) 52: 13/8 13/11                Doubles => 2\n"
            "  2)  Drops                        Wins 1 point\n"
        )
    )
    repair = repair_match(mat(text))
    assert [f.code for f in repair.fixes] == ["X404"]
    assert [f.code for f in repair.unrepaired] == ["X405"]


def test_a_repair_that_makes_the_record_worse_is_undone(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from gamao_cli.analysis import repair as module

    broken = mat(HEAD + DROP.format(points=2))
    real = module._fix_game

    def harmful(game, record, findings, fixes):  # type: ignore[no-untyped-def]
        fixed = real(game, record, findings, fixes)
        first = fixed.actions[0]
        assert isinstance(first, Move)
        return replace(fixed, actions=(replace(first, dice=(6, 6)), *fixed.actions[1:]))

    monkeypatch.setattr(module, "_fix_game", harmful)
    repair = repair_match(broken)
    assert (repair.reverted, repair.fixes, repair.match) == (True, (), broken)
    assert [f.code for f in repair.unrepaired] == ["X404"]


def test_a_missing_result_line_is_added_and_a_score_line_mismatch_is_left() -> None:
    no_result = mat(HEAD + DROP.format(points=1).rsplit("Wins", 1)[0] + "\n")
    assert [f.code for f in replay_match(no_result).findings] == ["P125", "X413"]
    repair = repair_match(no_result)
    assert [f.code for f in repair.fixes] == ["P125"]
    assert repair.fixes[0].description == "result added: player 2 wins 1"
    mismatch = mat(HEAD + DROP.format(points=1) + (
        "\n Game 2\n alice : 3                      bob : 0\n"
        "  1) 52: 13/8 13/11                Doubles => 2\n"
        "  2)  Drops                        Wins 1 point\n"
    ))  # fmt: skip
    assert "X405" in codes(mismatch)
    assert repair_match(mismatch).fixes == ()


def test_the_nine_forced_plays_gridgammon_left_out() -> None:
    path = CORPUS / "bgnori-bglib" / "nicksbar-nori-2009Jan302316.txt"
    require_corpus(path)
    [match] = list(read_mat(io.StringIO(path.read_text()), "n.txt"))
    repair = repair_match(match)
    assert [(f.code, f.game, f.line) for f in repair.fixes] == [
        ("R211", 1, 13), ("R211", 1, 14), ("R211", 1, 24), ("R211", 1, 25), ("R211", 1, 35),
        ("R211", 1, 37), ("R211", 1, 38), ("R211", 1, 39), ("R211", 7, 138),
    ]  # fmt: skip
    # The five empty turns that had a choice stay: there is no one answer.
    assert [f.code for f in repair.unrepaired] == ["R211"] * 5
    move = next(a for a in repair.match.games[0].actions
                if isinstance(a, Move) and a.location.line == 13)  # fmt: skip
    assert (move.text, [str(s) for s in move.steps]) == ("52: bar/23", ["bar/23"])
