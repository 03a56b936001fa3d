"""``gamao dedupe``: the groups as JSON, text and CSV; exit codes; --write-dupes."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from gamao_cli.cli.app import app

runner = CliRunner()


def test_json_groups_every_distinct_match_with_the_files_that_hold_it() -> None:
    result = runner.invoke(app, ["dedupe", "examples", "--format", "json", "--jobs", "1"])
    assert result.exit_code == 1  # duplicates found
    groups = json.loads(result.stdout)
    assert [g["files"] for g in groups] == [
        ["examples/gnubg_7pt.mat", "examples/gnubg_7pt.sgf"],
        ["examples/illegal_plays.mat"],
        ["examples/money_session_beavers.mat"],
    ]
    assert all(g["fingerprint"].startswith("gm1a-") for g in groups)
    assert groups[0]["kept"] == {"file": "examples/gnubg_7pt.mat", "match": 1}
    assert [m["kept"] for m in groups[0]["matches"]] == [True, False]
    assert result.stderr.strip() == (
        "4 files, 4 matches, 36 games, 3 distinct, 1 duplicate, 0 near-duplicates; "
        "5 errors, 2 warnings"
    )


def test_text_and_csv(tmp_path: Path) -> None:
    text = runner.invoke(app, ["dedupe", "examples", "--jobs", "1", "--keep", "longest"])
    lines = text.stdout.splitlines()
    assert lines[0].endswith("  2 copies")
    assert lines[1].startswith("  keep examples/gnubg_7pt.mat#1  ")
    assert lines[2].startswith("  dup  examples/gnubg_7pt.sgf#1  ")
    out = tmp_path / "groups.csv"
    csv = runner.invoke(app, ["dedupe", "examples", "--format", "csv", "-o", str(out)])
    assert csv.exit_code == 1
    rows = out.read_text().splitlines()
    assert rows[0] == "fingerprint,file,match,player_1,player_2,games,moves,analysed,kept,reference"
    assert len(rows) == 5


def test_no_duplicates_exits_0_and_write_dupes_copies_the_others(tmp_path: Path) -> None:
    single = runner.invoke(app, ["dedupe", "examples/illegal_plays.mat"])
    assert single.exit_code == 0
    dupes = tmp_path / "dupes"
    result = runner.invoke(app, ["dedupe", "examples", "--write-dupes", str(dupes)])
    assert result.exit_code == 1
    written = sorted(p.relative_to(dupes).as_posix() for p in dupes.rglob("*") if p.is_file())
    assert written == ["examples/gnubg_7pt.sgf"]
    assert (dupes / "examples/gnubg_7pt.sgf").read_bytes() == Path(
        "examples/gnubg_7pt.sgf"
    ).read_bytes()
    missing = runner.invoke(app, ["dedupe", "examples/nothing.mat"])
    assert missing.exit_code == 2


def test_json_lists_each_groups_near_duplicates_from_both_sides(tmp_path: Path) -> None:
    whole = Path("examples/gnubg_7pt.mat").read_text()
    cut = whole.split("  4) 62: 20/14* 15/13 ")[0] + "  4) 62: 20/14* 15/13\n"
    resumed = " 7 point match\n\n" + whole[whole.index(" Game 2") :]  # saved from game 2
    for name, text in (("whole.mat", whole), ("cut.mat", cut), ("resumed.mat", resumed)):
        (tmp_path / name).write_text(text)
    result = runner.invoke(app, ["dedupe", str(tmp_path), "-f", "json", "--jobs", "1"])
    assert result.exit_code == 1, result.output
    groups = {Path(g["files"][0]).name: g for g in json.loads(result.stdout)}
    prints = {name: g["fingerprint"] for name, g in groups.items()}
    near = {name: [(n["fingerprint"], n["relation"]) for n in g["near"]]
            for name, g in groups.items()}  # fmt: skip
    games = groups["whole.mat"]["matches"][0]["games"]
    assert near == {
        "cut.mat": [(prints["whole.mat"], "truncated copy of")],
        "resumed.mat": [(prints["whole.mat"], "shares games with")],
        "whole.mat": [
            (prints["cut.mat"], "continued in"),
            (prints["resumed.mat"], "shares games with"),
        ],
    }
    shared = [n["shared_games"] for n in groups["resumed.mat"]["near"]]
    assert shared == [games - 1]
    lines = runner.invoke(app, ["dedupe", str(tmp_path), "-f", "jsonl", "--jobs", "1"]).stdout
    assert [json.loads(line)["near"] for line in lines.splitlines()] == [
        g["near"] for g in json.loads(result.stdout)
    ]
