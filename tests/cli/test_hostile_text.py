"""Hostile record text (tests/fixtures/hostile) in every text output: shown, never acted on.

The names hold rich markup, ANSI CSI and OSC 8 sequences, BEL, ``\\r``, a bidi override,
HTML and mathtext; the expected lines below write each control character out by hand as the
visible escape ``model.terminal_text`` gives it."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from gamao_cli.cli.app import app

runner = CliRunner()

MAT = "tests/fixtures/hostile/hostile.mat"
JSON = "tests/fixtures/hostile/hostile.json"
P1 = "[red]x[/red][link=http://evil]y\x1b[2J\x1b]8;;http://evil\x07L\x1b]8;;\x07\u202eKévin"
P1_SHOWN = (
    "[red]x[/red][link=http://evil]y\\x1b[2J\\x1b]8;;http://evil\\x07L\\x1b]8;;\\x07\\u202eKévin"
)
P2 = "</script><img src=x onerror=alert(1)>$\\frac{1}{2}$ $"


def _clean(text: str) -> None:
    assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text


def test_check_text_shows_the_names_escaped() -> None:
    result = runner.invoke(app, ["check", MAT, "--show-board"])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == MAT
    assert lines[1] == (
        f"  11:7 game 1 error X410 [E1] {P1_SHOWN} 'Wins 1 point': the result names "
        f"{P1_SHOWN}, but {P2} won the game"
    )
    _clean(result.stdout)
    _clean(result.stderr)


def test_check_json_keeps_the_exact_text() -> None:
    result = runner.invoke(app, ["check", MAT, "--format", "json"])
    findings = json.loads(result.stdout)["findings"]
    assert findings[0]["player"] == P1


def test_filter_list_shows_carriage_return_and_bell_from_a_json_record() -> None:
    result = runner.invoke(app, ["filter", JSON, "--where", "games >= 1"])
    assert result.stdout == f"{JSON}#1  Ann\\x0dBEL\\x07\\x1b[2J vs {'L' * 500}\n"


def test_stats_table_shows_the_names_literally() -> None:
    result = runner.invoke(app, ["stats", MAT])
    assert result.exit_code == 0
    assert f"│ {P1_SHOWN} │" in result.stdout
    assert f"│ {P2}" in result.stdout
    _clean(result.stdout)


def test_dedupe_text_escapes_names(tmp_path: Path) -> None:
    # a copy, not the same name twice: a file named twice is read once
    copy = tmp_path / "copy.mat"
    copy.write_bytes(Path(MAT).read_bytes())
    result = runner.invoke(app, ["dedupe", MAT, str(copy), "--jobs", "1"])
    lines = result.stdout.splitlines()
    assert lines[1] == f"  keep {MAT}#1  {P1_SHOWN} vs {P2}, 1 games, 5 moves"
    assert lines[2] == f"  dup  {copy}#1  {P1_SHOWN} vs {P2}, 1 games, 5 moves"
    _clean(result.stdout)


def test_filter_list_escapes_names() -> None:
    result = runner.invoke(app, ["filter", MAT, "--where", "games >= 1"])
    assert result.stdout == f"{MAT}#1  {P1_SHOWN} vs {P2}\n"


def test_split_by_player_names_files_safely(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, ["split", MAT, "--by", "player", "-o", str(out)])
    assert result.exit_code == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "red_x_red_link_http_evil_y_2J_8_http_evil_L_8_Kévin.jsonl",
        "script_img_src_x_onerror_alert_1_frac_1_2.jsonl",
    ]
    assert [p for p in tmp_path.rglob("*") if not p.is_relative_to(out)] == []
