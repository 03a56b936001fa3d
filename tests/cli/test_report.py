"""``gamao report``: HTML, Markdown, chart files, exit codes."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from gamao_cli.cli.app import app

runner = CliRunner()
M03 = "tests/fixtures/gnubg/m03_s1.mat"


def test_html_report_with_chart_files(tmp_path: Path) -> None:
    out = tmp_path / "out" / "report.html"
    charts = tmp_path / "charts"
    result = runner.invoke(
        app,
        [
            "report",
            M03,
            "examples/illegal_plays.mat",
            "-o",
            str(out),
            "--charts",
            str(charts),
            "--chart-format",
            "png",
            "-j",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>")
    names = sorted(p.name for p in charts.iterdir())
    assert html.count("<svg") == len(names) + 2  # the charts, the viewer's board and strip
    assert "m1-score.png" in names and "m1-g5-pips.png" in names and "dice-all.png" in names
    assert f"wrote {out}" in result.stderr
    assert "2 files, 2 matches" in result.stderr


def test_same_report_twice(tmp_path: Path) -> None:
    a, b = tmp_path / "a.html", tmp_path / "b.html"
    assert runner.invoke(app, ["report", M03, "-o", str(a)]).exit_code == 0
    assert runner.invoke(app, ["report", M03, "-o", str(b), "-j", "2"]).exit_code == 0
    assert a.read_bytes() == b.read_bytes()


def test_markdown_report(tmp_path: Path) -> None:
    out = tmp_path / "report.md"
    result = runner.invoke(app, ["report", M03, "-o", str(out), "--format", "md"])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "](report_charts/m1-score.png)" in text
    assert (tmp_path / "report_charts" / "m1-score.png").exists()


def test_summary_mode(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    assert runner.invoke(app, ["report", M03, "-o", str(out), "--summary"]).exit_code == 0
    assert '<article class="match"' not in out.read_text(encoding="utf-8")


def test_nothing_readable_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "x.mat"
    bad.write_bytes(b"\x00\x01\x02")
    result = runner.invoke(app, ["report", str(bad), "-o", str(tmp_path / "r.html")])
    assert result.exit_code == 2
    assert not (tmp_path / "r.html").exists()
