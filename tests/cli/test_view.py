"""``gamao view``: one match's viewer as a page of its own."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from gamao_cli.cli.app import app
from gamao_cli.report.viewer import unpacked
from tests.helpers import REPO

runner = CliRunner()
ILLEGAL = str(REPO / "examples" / "illegal_plays.mat")
ANALYSED = str(REPO / "tests" / "fixtures" / "skill" / "gnubg_7pt-2ply.sgf")


def _data(page: Path) -> dict[str, object]:
    html = page.read_text(encoding="utf-8")
    found = re.search(r'id="viewer-data">([A-Za-z0-9+/=\n]+)</script>', html)
    assert found is not None
    value = unpacked(found.group(1))
    assert isinstance(value, dict)
    return value


def test_view_writes_one_match_with_its_findings(tmp_path: Path) -> None:
    out = tmp_path / "match.html"
    result = runner.invoke(app, ["view", ILLEGAL, "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert f"wrote {out}" in result.stderr
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "<title>X_player vs O_player</title>" in html
    assert '<svg xmlns="http://www.w3.org/2000/svg" id="board"' in html
    (match,) = _data(out)["matches"]  # type: ignore[misc]
    assert match["n"] == 1 and match["names"] == ["X_player", "O_player"]
    assert [g["g"] for g in match["games"]] == list(range(1, 9))
    # R209 at O_player's 44 of move 5: game 1's ninth entry (move 1 holds one play, moves 2
    # to 4 two each, then X_player's 54 of move 5).
    notes = match["games"][0]["f"]
    assert [f[0] for f in notes["8"]] == ["R209"]
    assert match["games"][0]["e"][8][4] == "44: 13/9 13/9 13/9"


def test_view_refuses_a_match_the_file_does_not_hold(tmp_path: Path) -> None:
    result = runner.invoke(app, ["view", ILLEGAL, "--match", "2", "-o", str(tmp_path / "m.html")])
    assert result.exit_code == 2
    assert "--match 2, but the file holds 1" in result.output
    assert not (tmp_path / "m.html").exists()


def test_view_skill_marks_the_analysed_mistakes(tmp_path: Path) -> None:
    out = tmp_path / "skill.html"
    result = runner.invoke(app, ["view", ANALYSED, "--skill", "-o", str(out)])
    assert result.exit_code == 0, result.output
    (match,) = _data(out)["matches"]  # type: ignore[misc]
    game = match["games"][0]
    # Game 1's fourth roll (SGF numbers no moves): Kasper's 51 played 21/15; gnubg's
    # analysis in the file: 21/20 13/8.
    entry = game["e"][3]
    assert entry[:4] == ["p", None, 0, "51"] and entry[6] == [21, 16, 16, 15]
    (checker,) = [d for d in game["s"]["3"] if d[0] == "checker"]
    assert checker[1] == "blunder" and checker[3] == "21/15" and checker[4] == "21/20 13/8"
    assert checker[5] == [21, 20, 13, 8]
    assert '<svg id="vstrip"' in out.read_text(encoding="utf-8")
