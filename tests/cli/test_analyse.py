"""``gamao analyse``: formats, views, engine modes, the missing-engine message."""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from gamao_cli.cli.app import app

pytest.importorskip("bgsage")

runner = CliRunner()
M03 = "tests/fixtures/gnubg/m03_s1.mat"
PLAYER_COLUMNS = {
    "file",
    "match",
    "player",
    "decisions",
    "equity_lost",
    "pr",
    "errors",
    "blunders",
    "luck",
    "source",
}


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["analyse", M03, "-j", "1", *args])
    return result.exit_code, result.stdout, result.stderr


def test_json_by_player_has_the_promised_columns() -> None:
    code, out, err = _run("--format", "json", "--by", "player")
    assert code == 0, err
    rows = json.loads(out)
    assert [(r["match"], r["player"]) for r in rows] == [(1, 0), (1, 1)]
    for r in rows:
        assert set(r) >= PLAYER_COLUMNS
        assert r["source"] == "bgsage 1-ply"
        assert r["file"] == M03
        assert abs(r["pr"] - 500 * r["equity_lost"] / r["decisions"]) < 0.006
    assert "games analysed" in err


def test_decisions_csv_and_jsonl_agree() -> None:
    code, out, _ = _run("--format", "csv", "--by", "decision")
    assert code == 0
    table = list(csv.DictReader(io.StringIO(out)))
    code, out2, _ = _run("--format", "jsonl", "--by", "decision")
    lines = [json.loads(line) for line in out2.splitlines()]
    assert len(table) == len(lines) > 10
    assert [r["kind"] for r in table] == [r["kind"] for r in lines]
    assert {r["kind"] for r in lines} <= {"checker", "no-double", "double", "take", "drop"}
    assert all(r["equity_lost"] is None or r["equity_lost"] >= 0 for r in lines)


def test_text_shows_pr_and_the_worst_decisions_drawn() -> None:
    code, out, _ = _run("--worst", "1")
    assert code == 0
    assert "PR" in out and "the 1 worst decisions:" in out
    assert "Position ID:" in out and "best " in out


def test_parquet_by_game(tmp_path: Path) -> None:
    target = tmp_path / "skill.parquet"
    code, _, err = _run("--format", "parquet", "--by", "game", "-o", str(target))
    assert code == 0, err
    frame = pl.read_parquet(target)
    assert frame.height > 0 and {"game", "pr", "luck"} <= set(frame.columns)


def test_recorded_only_on_a_file_without_analysis() -> None:
    code, out, err = _run("--engine", "recorded", "--format", "json")
    assert code == 0
    assert json.loads(out) == []
    assert "0 of" in err


def test_cache_directory_is_reused(tmp_path: Path) -> None:
    code, out1, err1 = _run("--format", "json", "--cache", str(tmp_path))
    assert code == 0 and "misses" in err1
    code, out2, err2 = _run("--format", "json", "--cache", str(tmp_path))
    assert out1 == out2
    assert ", 0 misses" in err2


def test_the_cache_is_on_by_default_in_the_users_cache_folder() -> None:
    # tests/conftest.py points XDG_CACHE_HOME (and HOME) at a fresh temporary folder.
    import os

    folder = Path(os.environ["XDG_CACHE_HOME"]) / "gamao"
    code, out1, err1 = _run("--format", "json")
    assert code == 0 and not re.search(r", 0 misses", err1)
    assert (folder / "gamao-eval.sqlite").is_file()
    code, out2, err2 = _run("--format", "json")
    assert code == 0 and out1 == out2
    assert ", 0 misses" in err2  # every answer from the cache the first run left


def test_no_cache_keeps_nothing() -> None:
    import os

    folder = Path(os.environ["XDG_CACHE_HOME"]) / "gamao"
    for _ in range(2):
        code, _out, err = _run("--format", "json", "--no-cache")
        assert code == 0 and not re.search(r", 0 misses", err)
    assert not folder.exists()
    code, _out, err = _run("--no-cache", "--cache", "somewhere")
    assert code == 2 and "give --cache DIR or --no-cache, not both" in err
    assert not Path("somewhere").exists()


def test_a_cache_folder_that_cannot_be_made_is_said_and_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    code, out, err = _run("--format", "json")
    assert code == 0 and json.loads(out)
    assert f"cannot make the cache folder {blocker / 'gamao'}" in err
    assert "answers kept for this run only" in err
    assert blocker.read_text() == "not a folder"


def test_without_bgsage_it_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    from gamao_cli.analysis import skill_run

    monkeypatch.setitem(sys.modules, "bgsage", None)  # import bgsage now fails
    monkeypatch.setattr(skill_run, "_EVALUATORS", {})
    code, _, err = _run("--engine", "bgsage")
    assert code == 2
    assert "pip install 'gamao-cli[analysis]'" in err
    assert len(err.strip().splitlines()) == 1


def test_bad_view_exits_2() -> None:
    code, _, err = _run("--by", "nothing")
    assert code == 2 and "'nothing' is not one of" in err


def test_the_engine_is_not_imported_at_start_up() -> None:
    import subprocess

    code = (
        "import sys, gamao_cli.cli.app; "
        "print([m for m in ('bgsage', 'bgbot_cpp', 'polars', 'matplotlib') if m in sys.modules])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_stats_skill_columns_match_analyse() -> None:
    result = runner.invoke(app, ["stats", M03, "--skill", "-f", "json", "-j", "1"])
    assert result.exit_code == 0, result.output
    rows = {r["player"]: r for r in json.loads(result.stdout)}
    _, out, _ = _run("--format", "json")
    for r in json.loads(out):
        row = rows[r["name"]]
        assert (row["pr"], row["decisions"], row["skill_blunders"], row["luck"]) == (
            r["pr"],
            r["decisions"],
            r["blunders"],
            r["luck"],
        )
        assert row["skill_source"] == "bgsage 1-ply"
    result = runner.invoke(app, ["stats", M03, "--skill", "--by", "game", "-f", "csv", "-j", "1"])
    header = result.stdout.splitlines()[0].split(",")
    assert header[-9:] == [
        "skill_source",
        "pr_1",
        "errors_1",
        "blunders_1",
        "luck_1",
        "pr_2",
        "errors_2",
        "blunders_2",
        "luck_2",
    ]
    table = runner.invoke(app, ["stats", M03, "--skill", "-j", "1"]).stdout
    assert "skill (stats --skill)" in table
    plain = runner.invoke(app, ["stats", M03, "-j", "1"]).stdout
    assert "skill" not in plain


def test_report_skill_section_links_blunders(tmp_path: Path) -> None:
    target = tmp_path / "r.html"
    result = runner.invoke(app, ["report", M03, "--skill", "-o", str(target), "-j", "1"])
    assert result.exit_code == 0, result.output
    html = target.read_text(encoding="utf-8")
    assert '<section id="skill"><h2>Skill</h2>' in html
    assert 'href="#skill"' in html
    assert 'id="chart-skill-pr"' in html
    assert 'id="chart-m1-g1-skill"' in html
    blunders = html.split("<h3>Blunders</h3>", 1)[1].split("</table>", 1)[0]
    assert '<a href="#m1-g' in blunders
    # Every move link points at a row of the report.
    for anchor in re.findall(r'href="#(m1-g\d+-p\d+)"', blunders):
        assert f'id="{anchor}"' in html
    md = tmp_path / "r.md"
    result = runner.invoke(app, ["report", M03, "--skill", "-f", "md", "-o", str(md), "-j", "1"])
    assert result.exit_code == 0
    assert "## Skill" in md.read_text(encoding="utf-8")


def test_report_skill_section_in_portuguese(tmp_path: Path) -> None:
    from gamao_cli.i18n import set_language

    target = tmp_path / "r.html"
    try:
        args = ["--lang", "pt", "report", M03, "--skill", "-o", str(target), "-j", "1"]
        result = runner.invoke(app, args)
    finally:
        set_language("en")
    assert result.exit_code == 0, result.output
    html = target.read_text(encoding="utf-8")
    assert '<section id="skill"><h2>Habilidade</h2>' in html
    assert "PR = 500 × equidade perdida por decisão" in html
    blunders = html.split("<h3>Erros graves</h3>", 1)[1].split("</table>", 1)[0]
    assert ">perdida</th>" in blunders
    lost = re.findall(r"<td[^>]*>(\d+[.,]\d{3})</td>", blunders)
    assert lost and all("," in x for x in lost)  # the locale's decimal comma


def test_progress_counts_games() -> None:
    from gamao_cli.analysis.check import collect_inputs
    from gamao_cli.analysis.skill_run import SkillOptions, analyse_inputs, count_games

    items = collect_inputs([M03, "examples/illegal_plays.mat"])
    done: list[int] = []
    files = analyse_inputs(items, SkillOptions(), done.append)
    assert count_games(items) == sum(len(f.games) for f in files) == len(done) == 13
