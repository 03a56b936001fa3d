"""``dedupe --write-dupes``: a file whose only match is a copy is copied as it is; a copy
among several matches of a file is written alone as JSON; names stay inside the folder."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from gamao_cli.cli.app import app

runner = CliRunner()


def test_a_copy_among_several_matches_is_written_alone_as_json(tmp_path: Path) -> None:
    seven = Path("examples/gnubg_7pt.mat").read_text(encoding="utf-8")
    two = Path("tests/fixtures/mat/bbgt_two_matches.mat").read_text(encoding="utf-8")
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "a.mat").write_text(seven, encoding="utf-8")
    (inputs / "b.mat").write_text(two + "\n" + seven, encoding="utf-8")  # its third match
    dupes = tmp_path / "dupes"
    result = runner.invoke(app, ["dedupe", "-j", "1", str(inputs), "--write-dupes", str(dupes)])
    assert result.exit_code == 1, result.output
    written = [p for p in dupes.rglob("*") if p.is_file()]
    assert [p.name for p in written] == ["b.mat.3.json"]
    assert written[0].is_relative_to(dupes)
    doc = json.loads(written[0].read_text(encoding="utf-8"))
    # gnubg_7pt.mat: a 7-point match of 11 games (11 "Game N" headers), Kasper v Lena Ruiz
    assert (doc["length"], len(doc["games"])) == (7, 11)
    assert doc["games"][0]["players"] == ["Kasper", "Lena Ruiz"]


def test_a_name_that_climbs_out_is_kept_inside_the_folder(tmp_path: Path) -> None:
    from gamao_cli.analysis.dedupe_copies import _inside

    root = tmp_path / "dupes"
    assert _inside(root, "../../etc/passwd") == root / "etc" / "passwd"
    assert _inside(root, "/abs/x.mat") == root / "abs" / "x.mat"
    assert _inside(root, "..") == root / "stdin"
