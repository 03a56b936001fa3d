"""The HTML report: sections, charts, links from findings to games and plays, determinism."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamao_cli.analysis.check import collect_inputs
from gamao_cli.analysis.corpus import read_corpus
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.tables import Tables, build_tables
from gamao_cli.report.content import build_report
from gamao_cli.report.html import render_html
from tests.analysis.small_matches import replays
from tests.helpers import REPO


@pytest.fixture(scope="module")
def small() -> Tables:
    return build_tables(replays(), {"bob": "Bob"})


@pytest.fixture(scope="module")
def illegal() -> Tables:
    items = collect_inputs([str(REPO / "examples" / "illegal_plays.mat")])
    return read_corpus(items, CheckOptions(analyse_plays=True)).tables


def test_sections_charts_and_counts(small: Tables) -> None:
    report = build_report(small)
    html = render_html(report)
    for section in ("overview", "players", "ratings", "dice", "matches", "findings"):
        assert f'<section id="{section}">' in html
    # overview: outcomes + final cube; ratings: the history; dice: all + 2 players; per match:
    # score + cube; per game: a pip race (3 + 1 games).
    names = re.findall(r'<figure class="chart" id="chart-([^"]+)"', html)
    assert names == [
        "overview-outcomes",
        "overview-cube",
        "ratings-history",
        "dice-all",
        "dice-alice",
        "dice-bob",
        "m1-score",
        "m1-cube",
        "m1-g1-pips",
        "m1-g2-pips",
        "m1-g3-pips",
        "m2-score",
        "m2-cube",
        "m2-g1-pips",
    ]
    assert html.count("<svg") == len(names) == len(report.all_charts())
    assert '<article class="match" id="m1">' in html and 'id="m1-g3"' in html
    assert "Alice vs Bob" in html and "3-point match, 3 games; Bob wins 2-3" in html
    assert 'id="m1-g1-p5"' in html and "31: bar/22 6/5" in html  # the plays are listed
    # Self-contained: nothing is fetched (the only URIs are the SVG namespaces).
    assert "<script" not in html and " src=" not in html and "url(http" not in html
    assert not re.findall(r'href="https?:', html)
    assert "<metadata>" not in html
    assert '<meta name="viewport"' in html


def test_rendering_is_deterministic(small: Tables) -> None:
    assert render_html(build_report(small)) == render_html(build_report(small))


def test_findings_link_to_their_game_and_play(illegal: Tables) -> None:
    html = render_html(build_report(illegal, base=REPO))
    ids = set(re.findall(r'id="([^"]+)"', html))
    links = re.findall(r'<a href="#([^"]+)">', html)
    assert links and all(link in ids for link in links)
    # R209 at line 12 column 34 is game 1's move 5 by O_player: its row is flagged.
    row = re.search(r'<tr id="(m1-g1-p\d+)" class="flag">(.*?)</tr>', html)
    assert row is not None and "R209" in row.group(2) and "44: 13/9 13/9 13/9" in row.group(2)
    assert f'href="#{row.group(1)}"' in html
    assert '<a href="examples/illegal_plays.mat">' in html  # relative to the report's folder


def test_large_corpora_are_summarised(small: Tables) -> None:
    report = build_report(small, detail=False)
    html = render_html(report)
    assert report.match_views == []
    assert "too many to draw one by one" in html
    assert '<tr id="m1">' in html and '<article class="match"' not in html
    assert html.count("<svg") == 6  # overview, ratings and dice only


def test_progress_is_reported_per_chart(small: Tables) -> None:
    seen: list[int] = []
    report = build_report(small)
    render_html(report, seen.append)
    assert sum(seen) == len(report.all_charts())


def test_links_to_files_are_relative_to_the_report(tmp_path: Path, small: Tables) -> None:
    report = build_report(small, base=tmp_path / "out")
    hrefs = report.matches.get_column("href").to_list()
    assert all(h.startswith("../") for h in hrefs)


def test_the_subtitle_counts_agree_with_their_nouns(tmp_path: Path) -> None:
    """A file of one match of one game: "1 match, 1 game", in both languages."""
    from gamao_cli.i18n import set_language

    path = tmp_path / "one.mat"
    path.write_text(
        " 3 point match\n\n Game 1\n alice : 0                      bob : 0\n"
        "  1) 31: 8/5 6/5                   64: 24/18 13/9\n"
        "  2)  Doubles => 2                  Drops\n"
        "                                   Wins 1 point\n"
    )
    tables = read_corpus(collect_inputs([str(path)]), CheckOptions()).tables
    html = render_html(build_report(tables, base=tmp_path))
    assert "<p>1 match, 1 game, 2 plays from 1 file</p>" in html
    set_language("pt")
    html = render_html(build_report(tables, base=tmp_path))
    assert "<p>1 match, 1 partida, 2 jogadas de 1 arquivo</p>" in html
