"""``gamao check``: golden outputs, exit codes, stdout/stderr separation, --jobs order."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from gamao_cli.cli.app import app
from tests.cli.conftest import golden
from tests.helpers import CORPUS, require_corpus

runner = CliRunner()
EXAMPLE = "examples/illegal_plays.mat"


def test_text_output_is_golden() -> None:
    result = runner.invoke(app, ["check", EXAMPLE, "--jobs", "1"])
    assert result.exit_code == 1
    golden("check_illegal_plays.txt", result.stdout)
    assert "gamao check" in result.stderr  # the summary table goes to stderr


def test_jsonl_output_is_golden_and_only_findings_on_stdout() -> None:
    result = runner.invoke(app, ["check", EXAMPLE, "--format", "jsonl", "--severity", "info"])
    assert result.exit_code == 1
    golden("check_illegal_plays.jsonl", result.stdout)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    required = {"code", "severity", "rule", "file", "line", "game", "move", "player", "message"}
    assert all(required <= set(row) for row in rows)
    assert [r["code"] for r in rows if r["severity"] == "error"] == [
        "R209",
        "R204",
        "X404",
        "R202",
        "R203",
    ]
    assert result.stderr.strip() == (
        "1 file, 1 match, 8 games (6 verified, 2 unverifiable), 278 plays; 5 errors, "
        "2 warnings, 3 info"
    )


def test_csv_and_json_formats() -> None:
    result = runner.invoke(app, ["check", EXAMPLE, "--format", "csv"])
    lines = result.stdout.splitlines()
    assert lines[0].startswith("file,line,column,game,move,player,code,severity,rule")
    assert len(lines) == 1 + 7
    doc = json.loads(runner.invoke(app, ["check", EXAMPLE, "--format", "json"]).stdout)
    assert doc["summary"]["games_unverifiable"] == 2
    assert doc["summary"]["by_code"]["R209"] == 1


def test_clean_file_exits_0() -> None:
    result = runner.invoke(app, ["check", "examples/gnubg_7pt.mat"])
    assert result.exit_code == 0
    assert result.stdout == ""


def test_jobs_give_the_same_output_as_one_job() -> None:
    args = [
        "check",
        "tests/fixtures/gnubg",
        "--ext",
        "mat",
        "--format",
        "jsonl",
        "--severity",
        "info",
    ]
    one = runner.invoke(app, [*args, "--jobs", "1"])
    two = runner.invoke(app, [*args, "--jobs", "2"])
    assert one.stdout == two.stdout and one.stdout != ""


def test_unreadable_input_exits_2() -> None:
    result = runner.invoke(app, ["check", "no/such/file.mat"])
    assert result.exit_code == 2


def test_severity_filter_hides_but_counts() -> None:
    result = runner.invoke(app, ["check", EXAMPLE, "--format", "jsonl", "--severity", "error"])
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert {r["severity"] for r in rows} == {"error"}
    assert "2 warnings, 3 info" in result.stderr


def test_show_board_draws_the_position() -> None:
    result = runner.invoke(app, ["check", EXAMPLE, "--show-board", "--severity", "error"])
    assert "+13-14-15-16-17-18------19-20-21-22-23-24-+" in result.stdout


def test_position_files_are_skipped_and_counted() -> None:
    walked = runner.invoke(app, ["check", "tests/fixtures/positions", "--format", "json"])
    assert walked.exit_code == 0, walked.output
    doc = json.loads(walked.stdout)
    assert [(f["code"], f["severity"], f["file"]) for f in doc["findings"]] == [
        ("P010", "warning", "tests/fixtures/positions/ids.txt"),
        ("P010", "warning", "tests/fixtures/positions/money_xg.txt"),
    ]
    assert doc["findings"][0]["message"] == (
        "not a match file, skipped (position file: positions, not games)"
    )
    assert (doc["summary"]["files"], doc["summary"]["skipped_files"]) == (2, 2)
    assert doc["summary"]["matches"] == 0
    named = runner.invoke(
        app,
        ["check", "tests/fixtures/positions/money_xg.txt", "examples/gnubg_7pt.mat",
         "--format", "json", "--severity", "info"],
    )  # fmt: skip
    assert named.exit_code == 0, named.output
    doc = json.loads(named.stdout)
    assert [(f["code"], f["severity"]) for f in doc["findings"] if f["code"][0] == "P"] == [
        ("P600", "info")
    ]
    assert doc["findings"][0]["message"] == (
        "position file: positions, not games, so nothing to check (gamao moves FILE and"
        " gamao show FILE read it)"
    )
    assert (doc["summary"]["files"], doc["summary"]["skipped_files"]) == (2, 1)
    assert doc["summary"]["matches"] == 1


GNUBG_TEXT = "tests/fixtures/gnubg_text/gnubg_7pt_game1.txt"
GNUBG_TEXT_WHY = (
    "a gnubg text export (export match text): a listing, not a match record; export the match"
    " from gnubg as .mat or .sgf"
)


def test_a_gnubg_text_export_gets_one_line_named_or_found() -> None:
    """gnubg's `export match text` was read as a .mat (its .txt name): 950 unreadable lines.
    Named, it is one error; found in a directory, one skip; the summary counts it either way."""
    named = runner.invoke(app, ["check", GNUBG_TEXT, "--format", "json"])
    assert named.exit_code == 2, named.output  # nothing named could be read
    doc = json.loads(named.stdout)
    assert [(f["code"], f["severity"], f["message"]) for f in doc["findings"]] == [
        ("P008", "error", f"{GNUBG_TEXT}: {GNUBG_TEXT_WHY}")
    ]
    assert (doc["summary"]["files"], doc["summary"]["unreadable_files"]) == (1, 1)
    text = runner.invoke(app, ["check", GNUBG_TEXT])
    assert text.stdout.splitlines()[:2] == [
        GNUBG_TEXT,
        f"  - error P008: {GNUBG_TEXT}: {GNUBG_TEXT_WHY}",
    ]
    walked = runner.invoke(app, ["check", "tests/fixtures/gnubg_text", "--format", "json"])
    assert walked.exit_code == 0, walked.output
    doc = json.loads(walked.stdout)
    assert [(f["code"], f["severity"], f["message"]) for f in doc["findings"]] == [
        ("P010", "warning", f"not a match file, skipped ({GNUBG_TEXT}: {GNUBG_TEXT_WHY})")
    ]
    assert (doc["summary"]["files"], doc["summary"]["skipped_files"]) == (1, 1)


def test_gnubg_text_export_of_the_corpus_gets_one_line() -> None:
    real = CORPUS / "lassehjorthmadsen-gnubg-scripts" / "match1484923_analyzed.txt"
    require_corpus(real)
    result = runner.invoke(app, ["check", str(real), "--format", "json"])
    doc = json.loads(result.stdout)
    assert [f["code"] for f in doc["findings"]] == ["P008"]
