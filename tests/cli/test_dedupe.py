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
        "4 files, 4 matches, 3 distinct, 1 duplicates, 0 near-duplicates"
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
