"""``gamao check`` and ``gamao convert`` on FIBS oldmoves, Gibbon GMD, JavaFIBS and
bgammon.org files: found by extension in directories, detected by content, converted
without losing a game, a play, a cube action or a result."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamao_cli.cli.app import app
from gamao_cli.formats.sgf.reader import read_sgf
from tests.cli.test_convert import read_all, summary
from tests.formats.text_formats_helpers import to_bgammon, to_fibs_oldmoves
from tests.helpers import CORPUS, needs_corpus

runner = CliRunner()
GIBBON = CORPUS / "gitGNU-gnu_gibbon"
pytestmark = needs_corpus  # Gibbon's real .gmd and .match files


def _inputs(tmp_path: Path) -> Path:
    src = tmp_path / "in"
    src.mkdir()
    for name in ("7point.gmd", "complete.gmd", "7point.match"):
        (src / name).write_bytes((GIBBON / name).read_bytes())
    [sgf] = read_sgf((GIBBON / "7point.sgf").open(encoding="utf-8"), "7point.sgf")
    (src / "7point.fibs").write_text(to_fibs_oldmoves(sgf), encoding="utf-8")
    (src / "bgammon.match").write_text(to_bgammon(sgf), encoding="utf-8")
    return src


def test_check_finds_and_reads_every_format(tmp_path: Path) -> None:
    src = _inputs(tmp_path)
    result = runner.invoke(app, ["check", str(src), "--format", "csv", "--severity", "info"])
    assert result.exit_code == 0, result.output
    rows = [line.split(",") for line in result.stdout.splitlines()[1:]]
    assert sorted((Path(r[0]).name, r[6]) for r in rows) == sorted(
        (name, "X402")
        for name in ("7point.gmd", "complete.gmd", "7point.match", "7point.fibs", "bgammon.match")
    )


@pytest.mark.parametrize("target", ["mat", "sgf", "json"])
def test_convert_keeps_every_game(tmp_path: Path, target: str) -> None:
    src = _inputs(tmp_path)
    out = tmp_path / "out"
    result = runner.invoke(app, ["convert", str(src), "--to", target, "-o", str(out)])
    assert result.exit_code == 0, result.output
    [reference] = read_all(GIBBON / "7point.sgf")
    want = summary(reference)
    written = sorted(p for p in out.rglob("*") if p.is_file())
    assert len(written) == 5
    for path in written:
        [match] = read_all(path)
        got = summary(match)
        assert got == want, path.name
