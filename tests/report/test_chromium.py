"""The HTML report renders in headless Chromium: its sections and charts are laid out, the page
does not overflow a phone's width, and the browser logs nothing (no console message, no failed
load). Skipped where Chromium is not installed (Debian: apt-get install chromium)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from gamao_cli.analysis.check import collect_inputs
from gamao_cli.analysis.corpus import read_corpus
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.report.content import build_report
from gamao_cli.report.html import render_html
from tests.helpers import REPO

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)"
)

# Appended to a copy of the report: measures what the browser laid out, synchronously.
PROBE = """<script>
(() => {
  const charts = [...document.querySelectorAll('figure.chart svg')];
  const drawn = charts.filter(s => {
    const r = s.getBoundingClientRect();
    return r.width > 150 && r.height > 60 && s.querySelectorAll('path,use,text').length > 10;
  });
  const sections = [...document.querySelectorAll('main > section')].map(s => s.id);
  const out = document.createElement('pre');
  out.id = 'probe';
  out.textContent = JSON.stringify({
    charts: charts.length, drawn: drawn.length, sections,
    width: document.documentElement.scrollWidth, viewport: window.innerWidth,
    matches: document.querySelectorAll('article.match').length,
  });
  document.body.appendChild(out);
})();
</script>"""


def _render(html_path: Path, width: int) -> tuple[dict[str, object], list[str]]:
    assert CHROMIUM is not None
    with tempfile.TemporaryDirectory() as profile:
        proc = subprocess.run(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={profile}",
                "--enable-logging=stderr",
                "--v=0",
                f"--window-size={width},2000",
                "--dump-dom",
                html_path.as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    match = re.search(r'<pre id="probe">(.*?)</pre>', proc.stdout)
    assert match, proc.stderr[-2000:]
    console = [line for line in proc.stderr.splitlines() if ":CONSOLE" in line]
    return json.loads(match.group(1).replace("&quot;", '"')), console


@pytest.fixture(scope="module")
def report_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    paths = [
        str(REPO / "examples" / "illegal_plays.mat"),
        str(REPO / "tests" / "fixtures" / "gnubg" / "m05_s6.mat"),
        str(REPO / "tests" / "fixtures" / "gnubg" / "money_beaver_s1.sgf"),
    ]
    tables = read_corpus(collect_inputs(paths), CheckOptions(analyse_plays=True)).tables
    out = tmp_path_factory.mktemp("report") / "report.html"
    html = render_html(build_report(tables, base=out.parent))
    out.write_text(html.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    return out


def test_report_renders_without_console_messages(report_file: Path) -> None:
    # Headless Chromium lays --dump-dom pages out at most 500 px wide: about a phone's width.
    seen, console = _render(report_file, 390)
    assert console == []
    assert seen["sections"] == [
        "overview", "players", "ratings", "head-to-head", "dice", "matches", "findings"
    ]  # fmt: skip
    assert seen["matches"] == 3
    assert seen["charts"] == seen["drawn"] and isinstance(seen["charts"], int)
    assert seen["charts"] > 20
    assert isinstance(seen["viewport"], int) and seen["viewport"] <= 500
    assert seen["width"] <= seen["viewport"]  # nothing wider than the window: tables scroll
