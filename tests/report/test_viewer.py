"""The match viewer's data in the report (report.viewer): deep links, findings linked to them,
record text kept out of the page's markup."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from gamao_cli.analysis.check import collect_inputs
from gamao_cli.analysis.corpus import CorpusRead, read_corpus
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.formats.inputs import iter_input_files, read_path
from gamao_cli.formats.registry import by_name
from gamao_cli.report.content import build_report
from gamao_cli.report.html import render_html
from gamao_cli.report.viewer import script_json, unpacked
from tests.helpers import REPO

EVIL = "</script><img src=x onerror=alert(1)><!--"


def _read(*paths: str) -> CorpusRead:
    return read_corpus(collect_inputs(list(paths)), CheckOptions(), positions=True)


@pytest.fixture(scope="module")
def illegal() -> CorpusRead:
    return _read(str(REPO / "examples" / "illegal_plays.mat"))


def test_script_json_keeps_the_value_and_no_markup() -> None:
    value = {"name": EVIL + "\u2028", "n": [1, "a&b", "\u2029"]}
    text = script_json(value)
    assert json.loads(text) == value
    for raw in ("<", ">", "&", "\u2028", "\u2029"):
        assert raw not in text
    assert "\\u003c/script\\u003e" in text


def test_every_match_gets_its_positions_and_deep_links(illegal: CorpusRead) -> None:
    assert [len(m.games) for m in illegal.positions] == [8]  # ' Game 1' to ' Game 8'
    report = build_report(illegal.tables, positions=illegal.positions)
    assert report.viewer is not None and report.viewer.matches == 1
    link = report.viewer.link
    file = "examples/illegal_plays.mat"
    # ' 1)                             41: 24/20 24/23' (line 8): only O_player plays move 1.
    assert link(file, 1, 8, 34) == "#match1-game1-move1"
    # ' 2) 41: 24/20 24/23             63: 20/14 23/20' (line 9): two plays numbered 2.
    assert link(file, 1, 9, 6) == "#match1-game1-move2"
    assert link(file, 1, 9, 34) == "#match1-game1-move2-2"
    assert link(file, 1, 9, 20) is None and link(file, 2, 9, 6) is None
    # Game 2 starts at line 37: its move 1 is the first of its own game.
    assert link(file, 1, 37, 6) == "#match1-game2-move1"


def test_findings_link_to_their_positions(illegal: CorpusRead) -> None:
    html = render_html(build_report(illegal.tables, positions=illegal.positions))
    # R209 at line 12, O_player's 44 of move 5; R202 at line 39, X_player's 11 of game 2 move 3.
    assert re.search(r'<td>R209</td>.*?<a href="#match1-game1-move5-2">5</a>', html)
    assert re.search(r'<td>R202</td>.*?<a href="#match1-game2-move3">3</a>', html)
    assert '<svg xmlns="http://www.w3.org/2000/svg" id="board"' in html
    assert '<section id="viewer" tabindex="-1">' in html and 'href="#viewer"' in html


def test_without_positions_there_is_no_viewer(illegal: CorpusRead) -> None:
    html = render_html(build_report(illegal.tables))
    assert 'id="viewer"' not in html and "<script" not in html


def test_a_name_like_a_script_stays_data(tmp_path: Path) -> None:
    item = next(iter(iter_input_files([str(REPO / "examples" / "gnubg_7pt.mat")])))
    match = next(iter(read_path(item)))
    path = tmp_path / "evil.json"
    fmt = by_name("json")
    assert fmt.write is not None
    with path.open("w", encoding="utf-8") as fh:
        fmt.write(dataclasses.replace(match, players=(EVIL, "Bob")), fh)
    corpus = _read(str(path))
    html = render_html(build_report(corpus.tables, positions=corpus.positions))
    assert "<img" not in html and "<!--" not in html and "\u2028" not in html
    # The page's scripts: the two data blocks and the viewer's code, each closed once.
    assert html.count("</script>") == 3
    data = re.search(
        r'<script type="application/octet-stream" id="viewer-data">(.*?)</script>', html, re.S
    )
    # The index, then the match's games: a Base64 line each.
    assert data is not None and re.fullmatch("[A-Za-z0-9+/=]+\n[A-Za-z0-9+/=]+", data.group(1))
    value = unpacked(data.group(1))
    assert isinstance(value, dict) and value["matches"][0]["names"] == [EVIL, "Bob"]
    assert corpus.tables.matches.row(0, named=True)["player_1"] == EVIL
