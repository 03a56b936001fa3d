"""``gamao diff``: two records of one match, the same or where they part."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamao_cli.cli.app import app
from tests.helpers import corpus_path

runner = CliRunner()
SEVEN = Path("examples/gnubg_7pt.mat")
# Game 1 row 5 of examples/gnubg_7pt.mat: Kasper's 43 played 14/11 13/9.
ROW5 = "  5) 43: 14/11 13/9              63: 21/18 21/15 "


def _variant(tmp_path: Path, name: str, row5: str | None = None, drop_game: int = 0) -> Path:
    text = SEVEN.read_text()
    assert ROW5 in text
    if row5 is not None:
        text = text.replace(ROW5, row5, 1)
    if drop_game:
        start = text.index(f" Game {drop_game}\n")
        end = text.index(f" Game {drop_game + 1}\n")
        text = text[:start] + text[end:]
    out = tmp_path / name
    out.write_text(text)
    return out


def test_mat_and_its_sgf_are_the_same_match() -> None:
    result = runner.invoke(app, ["diff", str(SEVEN), "examples/gnubg_7pt.sgf"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "A: examples/gnubg_7pt.mat",
        "B: examples/gnubg_7pt.sgf",
        "same match: 11 games, 7-point match, standard",
    ]


def test_a_play_written_in_another_order_is_the_same(tmp_path: Path) -> None:
    other = _variant(tmp_path, "b.mat", "  5) 43: 13/9 14/11              63: 21/15 21/18 ")
    result = runner.invoke(app, ["diff", str(SEVEN), str(other)])
    assert result.exit_code == 0, result.output


def test_a_changed_play_differs_there(tmp_path: Path) -> None:
    # 13/10 13/9 instead of 14/11 13/9: both legal with 43.
    other = _variant(tmp_path, "b.mat", "  5) 43: 13/10 13/9              63: 21/18 21/15 ")
    result = runner.invoke(app, ["diff", str(SEVEN), str(other), "--format", "json"])
    assert result.exit_code == 1, result.output
    out = json.loads(result.stdout)
    assert out["same"] is False
    first = out["first"]
    assert {k: first[k] for k in ("match", "game", "move", "a", "b", "legal")} == {
        "match": 1,
        "game": 1,
        "move": 5,
        "a": "43: 14/11 13/9",
        "b": "43: 13/10 13/9",
        "legal": "both",
    }
    assert (first["line_a"], first["line_b"]) == (11, 11)
    # the position before is the one `gamao show` draws there
    shown = runner.invoke(app, ["show", str(SEVEN), "-g", "1", "-m", "5", "-p", "Kasper"])
    assert f"Position ID: {first['position_id']}" in shown.stdout


def test_an_illegal_play_is_named(tmp_path: Path) -> None:
    # 14/9 is five pips: no die of 43 plays it.
    other = _variant(tmp_path, "b.mat", "  5) 43: 14/9 13/10              63: 21/18 21/15 ")
    result = runner.invoke(app, ["diff", str(other), str(SEVEN)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[2:5] == [
        "they part at game 1, move 5 (A line 11, B line 11)",
        "  A: 43: 14/9 13/10",
        "  B: 43: 14/11 13/9",
    ]
    assert lines[-1] == "  only B's play is legal there"


def test_a_dropped_game(tmp_path: Path) -> None:
    other = _variant(tmp_path, "b.mat", drop_game=2)
    result = runner.invoke(app, ["diff", str(SEVEN), str(other), "-f", "json"])
    assert result.exit_code == 1
    out = json.loads(result.stdout)
    assert out["matches"][0]["games"] == [11, 10]
    assert out["first"]["game"] == 2 and out["first"]["a"] == "Game 2" and out["first"]["b"] == ""
    back = runner.invoke(app, ["diff", str(other), str(SEVEN)])
    assert back.stdout.splitlines()[2:] == ["they part at game 2 (B line 32)", "  A has no Game 2"]


def test_different_lengths_and_unreadable(tmp_path: Path) -> None:
    result = runner.invoke(app, ["diff", str(SEVEN), "examples/illegal_plays.mat"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-1] == (
        "different matches: A 7-point match (standard), B 5-point match (standard)"
    )
    junk = tmp_path / "junk.mat"
    junk.write_text("junk\n")
    bad = runner.invoke(app, ["diff", str(SEVEN), str(junk)])
    assert bad.exit_code == 2 and bad.stdout == ""
    missing = runner.invoke(app, ["diff", str(tmp_path / "none.mat"), str(SEVEN)])
    assert missing.exit_code == 2 and "none.mat" in missing.stderr


@pytest.mark.parametrize(
    "a, b",
    [
        ("kevung-gnubgparser/charlot1-charlot2_7p_2025-11-08-2305.mat",
         "kevung-gbf/charlot1-charlot2_7p_2025-11-08-2305.xg"),
        ("kevung-gnubgparser/charlot1-charlot2_7p_2025-11-08-2305.mat",
         "kevung-gnubgparser/charlot1-charlot2_7p_2025-11-08-2305.sgf"),
        ("gitGNU-gnu_gibbon/7point.mat", "gitGNU-gnu_gibbon/7point.sgf"),
        ("gitGNU-gnu_gibbon/7point.mat", "gitGNU-gnu_gibbon/7point.gmd"),
        ("gitGNU-gnu_gibbon/7point.mat", "gitGNU-gnu_gibbon/7point.match"),
    ],
)  # fmt: skip
def test_real_twins_in_other_formats_are_the_same(a: str, b: str) -> None:
    result = runner.invoke(app, ["diff", str(corpus_path(a)), str(corpus_path(b))])
    assert result.exit_code == 0, result.output


def test_two_real_matches_part_at_the_first_roll() -> None:
    a = corpus_path("kevung-gnubgparser/charlot1-charlot2_7p_2025-11-08-2305.sgf")
    b = corpus_path("kevung-gnubgparser/charlot1-charlot2_7p_2025-11-08-2308.sgf")
    result = runner.invoke(app, ["diff", str(a), str(b), "-f", "json"])
    assert result.exit_code == 1
    first = json.loads(result.stdout)["first"]
    assert (first["game"], first["move"], first["a"], first["b"]) == (
        1, 1, "41: 24/23 13/9", "42: 8/4 6/4"
    )  # fmt: skip
    assert first["position_id"] == "4HPwATDgc/ABMA"  # the starting position


def test_a_record_that_stops_early_in_a_game(tmp_path: Path) -> None:
    # B lacks game 1's last row: the records part at A's row 23, where B's game has ended.
    text = SEVEN.read_text()
    last = " 23) 53: 6/3 6/1                 64: 4/0 5/0 \n"
    assert last in text
    short = tmp_path / "short.mat"
    short.write_text(text.replace(last, "", 1))
    result = runner.invoke(app, ["diff", str(SEVEN), str(short)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[2:5] == [
        "they part at game 1, move 23 (A line 29)",
        "  A: 53: 6/3 6/1",
        "  B: (nothing: the game ends)",
    ]
