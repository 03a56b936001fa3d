"""The Markdown report and its PNG charts."""

from __future__ import annotations

import re
from pathlib import Path

from gamao_cli.analysis.tables import build_tables
from gamao_cli.report.content import build_report
from gamao_cli.report.markdown import render_markdown
from tests.analysis.small_matches import replays


def test_markdown_with_png_charts(tmp_path: Path) -> None:
    report = build_report(build_tables(replays(), {"bob": "Bob"}))
    text = render_markdown(report, tmp_path / "report_charts", tmp_path)
    assert text.startswith("# gamao report\n")
    for heading in ("## Overview", "## Players", "## Dice", "## Matches", "## Findings"):
        assert f"\n{heading}\n" in text
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert len(images) == len(report.all_charts()) == 14
    for image in images:
        assert image.startswith("report_charts/") and image.endswith(".png")
        assert (tmp_path / image).read_bytes()[:4] == b"\x89PNG"
    assert "| Alice | 2 | 1 | 4 | 2 | 3 | 3 |" in text
    assert "| 3 | 2-1 | Bob | 2 | gammon | resignation | 1 | yes |" in text
