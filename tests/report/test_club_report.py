"""The report's Head to head and Events sections, counted by hand (the club of
tests/cli/test_stats_club.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamao_cli.analysis.check import collect_inputs
from gamao_cli.analysis.corpus import read_corpus
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.tables import Tables, build_tables
from gamao_cli.report import club_report
from gamao_cli.report.content import build_report
from gamao_cli.report.html import render_html
from gamao_cli.report.markdown import render_markdown
from tests.analysis.small_matches import replays
from tests.helpers import gnubg_match, write_text


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Tables:
    # Club <Night>: Ana beats Bia (1 pt), Cid beats Ana (1 pt), Bia beats Cid (1 pt), Ana
    # beats Cid (3 pts, 3 games to 1); Open: Ana beats Dora (m05_s6: the left player wins).
    # <b>Bo</b> beats Dora, no event (m03_s2: the left player wins).
    folder = tmp_path_factory.mktemp("club")
    night = "Club <Night>"
    files = [
        ("m1.mat", "m01_s1.mat", "Ana", "Bia", {"Event": night}),
        ("m2.mat", "m01_s2.mat", "Ana", "Cid", {"Event": night}),
        ("m3.mat", "m01_s4.mat", "Bia", "Cid", {"Event": night}),
        ("m4.mat", "m03_s4.mat", "Ana", "Cid", {"Event": night}),
        ("m5.mat", "m05_s6.mat", "Ana", "Dora", {"Event": "Open"}),
        ("m6.mat", "m03_s2.mat", "<b>Bo</b>", "Dora", None),
    ]
    paths = [write_text(folder, n, gnubg_match(t, a, b, tags)) for n, t, a, b, tags in files]
    return read_corpus(collect_inputs(paths), CheckOptions()).tables


def test_head_to_head_cross_table(club: Tables) -> None:
    report = build_report(club, detail=False)
    h2h = report.head_to_head
    assert h2h is not None and h2h.cross
    # Most matches first: Ana 4 (Bia 1, Cid 2, Dora 1), Cid 3, Dora 2, Bia 2, <b>Bo</b> 1.
    assert h2h.players == ["Ana", "Cid", "Bia", "Dora", "<b>Bo</b>"]
    html = render_html(report)
    section = html.split('<section id="head-to-head">', 1)[1].split("</section>", 1)[0]
    assert "<b>" not in section and "<th>&lt;b&gt;Bo&lt;/b&gt;</th>" in section
    ana = section.split("<tr><th>Ana</th>", 1)[1].split("</tr>", 1)[0]
    cells = [c.split(">", 1)[1] for c in ana.split("</td>") if c]
    assert cells == ["—", "1-1", "1-0", "1-0", ""]
    assert '<a href="#head-to-head">Head to head</a>' in html


def test_events_each_a_section(club: Tables) -> None:
    report = build_report(club, detail=False)
    assert [(e.anchor, e.event) for e in report.events] == [
        ("event-1", "Club <Night>"), ("event-2", "Open")]  # fmt: skip
    assert report.events[0].rows[0] == (1, "Ana", 3, 2, 1, 4, 2, "")
    html = render_html(report)
    assert '<section id="event-1"><h2>Event: Club &lt;Night&gt;</h2>' in html
    assert '<a href="#event-1">Events</a>' in html


def test_a_list_past_the_cross_table_limit(club: Tables, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(club_report, "CROSS_PLAYERS", 4)
    html = render_html(build_report(club, detail=False))
    section = html.split('<section id="head-to-head">', 1)[1].split("</section>", 1)[0]
    assert "5 players: too many for a cross table" in section
    assert "<td>Ana</td><td>Cid</td><td class=\"n\">2</td>" in section


def test_markdown(club: Tables, tmp_path: Path) -> None:
    text = render_markdown(build_report(club, detail=False), tmp_path / "c", tmp_path)
    assert "| | Ana | Cid | Bia | Dora | \\<b\\>Bo\\</b\\> |" in text
    assert "| Ana | — | 1-1 | 1-0 | 1-0 |  |" in text
    assert "\n## Event: Club \\<Night\\>\n" in text


def test_left_out_for_one_pair_and_no_events() -> None:
    report = build_report(build_tables(replays(), {"bob": "Bob"}))
    assert report.head_to_head is None and report.events == []
    html = render_html(report)
    assert "head-to-head" not in html and 'id="event-' not in html
