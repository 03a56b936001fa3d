"""The report's Ratings section: the table worked out by hand, links to the matches, escaping,
the markdown form, and when it is left out."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gamao_cli.analysis.tables import build_tables
from gamao_cli.i18n import set_language
from gamao_cli.report.content import build_report
from gamao_cli.report.html import render_html
from gamao_cli.report.markdown import render_markdown
from gamao_cli.report.ratings_report import rows
from tests.analysis.small_matches import FILE_B, replays


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    yield
    set_language("en")


def test_the_small_matches_rated_by_hand() -> None:
    # Match 1 (a.mat): Bob beats Alice, 3 points, both newcomers: 4*5*sqrt(3)/2 = 17.3205.
    # Match 2 (b.mat): Alice, underdog by 34.6410, wins 1 point: P_upset =
    # 1/(10^(34.6410/2000) + 1) = 1/(1.040688 + 1) = 0.490031, P = 0.509969, K = 5 - 3/100 =
    # 4.97: 4 * 4.97 * 0.509969 = 10.1382. Bob 1507.1823, Alice 1492.8177; experience 4.
    report = build_report(build_tables(replays(), {"bob": "Bob"}))
    assert report.ratings is not None
    got = rows(report.ratings)
    assert got == [
        ((1, "Bob", 1507.18, 4, 2, 1, 1, None), [(1, "m1"), (2, "m2")]),
        ((2, "Alice", 1492.82, 4, 2, 1, 1, None), [(1, "m1"), (2, "m2")]),
    ]
    html = render_html(report)
    assert '<a href="#ratings">Ratings</a>' in html and '<section id="ratings">' in html
    section = html.split('<section id="ratings">', 1)[1].split("</section>", 1)[0]
    assert '<td>Bob</td><td class="n">1507.18</td>' in section
    assert '<a href="#m1">1</a> <a href="#m2">2</a>' in section
    assert "2 matches rated" in section and 'id="chart-ratings-history"' in section


def test_names_are_escaped() -> None:
    hostile = '<img src=x onerror="alert(1)">'
    report = build_report(build_tables(replays(), {"bob": hostile}))
    section = render_html(report).split('<section id="ratings">', 1)[1].split("</section>")[0]
    assert "<img" not in section
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in section


def test_left_out_below_two_rated_matches() -> None:
    # A copy left in the tables (no --dedupe) counts once: here one match is rated.
    report = build_report(build_tables(replays(), {"bob": "Bob"}), copies=[(FILE_B, 1)])
    assert report.ratings is None
    html = render_html(report)
    assert 'id="ratings"' not in html and "ratings-history" not in html


def test_markdown_and_portuguese(tmp_path: Path) -> None:
    set_language("pt")
    report = build_report(build_tables(replays(), {"bob": "Bob"}))
    text = render_markdown(report, tmp_path / "charts", tmp_path)
    assert "\n## Ratings\n" in text
    assert "| 1 | Bob | 1507.18 | 4 | 2 | 1 | 1 |  | 1 2 |" in text  # as the other tables
    assert "2 matches avaliados" in text
