"""The report's match viewer in a real browser: Debian's Chromium driven by Playwright (no
browser download). A deep link opens its position, the arrow keys step, a finding's link lands
on its position, a variant's start is drawn on its own track, record text runs nothing.
Skipped where Chromium or Python's playwright package is missing."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gamao_cli.cli.app import app
from gamao_cli.engine.ids import position_id_from_boards
from gamao_cli.engine.ruleset import rule_set
from gamao_cli.formats.inputs import iter_input_files, read_path
from gamao_cli.formats.registry import by_name
from gamao_cli.model.match import Variant
from gamao_cli.report.board_svg import GEOMETRY
from tests.helpers import REPO
from tests.variant_games import play_match

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)"
)

EVIL = "</script><img src=x onerror=alert(1)>"
START_ID = "4HPwATDgc/ABMA"
CHECKERS = "svg#board .checker:not(.off)"


def _board(points: dict[int, int]) -> tuple[int, ...]:
    cells = [0] * 26
    for p, n in points.items():
        cells[p] = n
    cells[0] = 15 - sum(cells)
    return tuple(cells)


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Reports: examples/illegal_plays.mat; a match whose player is named like a script; a
    Long Nardy match; three matches (illegal_plays, gnubg_7pt, the Long Nardy one); a tabula
    match."""
    root = tmp_path_factory.mktemp("viewer")
    json_format = by_name("json")
    assert json_format.write is not None
    item = next(iter(iter_input_files([str(REPO / "examples" / "gnubg_7pt.mat")])))
    match = next(iter(read_path(item)))
    evil = root / "evil.json"
    with evil.open("w", encoding="utf-8") as fh:
        json_format.write(dataclasses.replace(match, players=(EVIL, "Bob")), fh)
    nardy = root / "nardy.json"
    with nardy.open("w", encoding="utf-8") as fh:
        json_format.write(play_match(rule_set(Variant.LONG_NARDY), [1]), fh)
    tabula = root / "tabula.json"
    with tabula.open("w", encoding="utf-8") as fh:
        json_format.write(play_match(rule_set(Variant.TABULA), [1]), fh)
    out = {}
    runner = CliRunner()
    illegal = str(REPO / "examples" / "illegal_plays.mat")
    for name, sources in (
        ("illegal", [illegal]),
        ("evil", [str(evil)]),
        ("nardy", [str(nardy)]),
        ("three", [illegal, str(REPO / "examples" / "gnubg_7pt.mat"), str(nardy)]),
        ("tabula", [str(tabula)]),
    ):
        html = root / f"{name}.html"
        result = runner.invoke(app, ["report", *sources, "-o", str(html)])
        assert result.exit_code == 0, result.output
        out[name] = html
    return out


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    pg = context.new_page()
    pg.errors = []
    pg.dialogs = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)

    def dialog(d: Any) -> None:
        pg.dialogs.append(d.message)
        d.dismiss()

    pg.on("dialog", dialog)
    yield pg
    context.close()


def _open(page: Any, url: str) -> None:
    """Go to ``url`` and wait for the viewer (its data is unpacked after the page loads)."""
    page.goto(url)
    page.wait_for_selector("html[data-viewer='ready']", state="attached")


def _position(page: Any) -> str:
    return str(page.get_attribute("svg#board", "data-position-id"))


def _expect_position(page: Any, want: str) -> None:
    """The board shows ``want``, waiting for it a while: a link's hashchange and the redraw it
    starts run after the click or key press has returned."""
    playwright.expect(page.locator("svg#board")).to_have_attribute("data-position-id", want)


def _expect_other_position(page: Any, than: str) -> None:
    """The board has moved away from ``than`` (see :func:`_expect_position`)."""
    playwright.expect(page.locator("svg#board")).not_to_have_attribute("data-position-id", than)


def _press(page: Any, key: str, anchor: str) -> None:
    """Press ``key``; the address then ends in ``anchor`` (waited for a while, as a position)."""
    page.keyboard.press(key)
    playwright.expect(page).to_have_url(re.compile(re.escape(anchor) + "$"))


def test_a_deep_link_opens_its_position_and_the_right_arrow_steps(
    page: Any, pages: dict[str, Path]
) -> None:
    _open(page, pages["illegal"].as_uri() + "#match1-game1-move1")
    _expect_position(page, START_ID)
    assert page.locator(CHECKERS).count() == 30
    assert page.locator("svg#board .checker.off").count() == 0
    # 24/20 24/23 along the bottom row (O_player's 24 is X_player's 1): two arcs from the
    # same point, bowed apart, not two lines one over the other.
    arcs = page.locator("svg#board path.arrow")
    assert arcs.count() == 2
    assert arcs.nth(0).get_attribute("d") != arcs.nth(1).get_attribute("d")
    # Move 1 is O_player's 41: 24/20 24/23 (the right column); the next position is X_player's
    # to play, O_player's checkers moved from 24 to 20 and 23.
    page.keyboard.press("ArrowRight")
    after = position_id_from_boards(
        _board({24: 2, 13: 5, 8: 3, 6: 5}), _board({23: 1, 20: 1, 13: 5, 8: 3, 6: 5})
    )
    _expect_position(page, after)
    assert page.url.endswith("#match1-game1-move2")
    assert page.locator("#vmoves button.cur").inner_text() == "41: 24/20 24/23"
    page.keyboard.press("ArrowLeft")
    _expect_position(page, START_ID)
    assert page.errors == []


def test_a_finding_links_to_its_position_with_the_legal_plays(
    page: Any, pages: dict[str, Path]
) -> None:
    _open(page, pages["illegal"].as_uri())
    # R209 at game 1 move 5, O_player's 44: 13/9 13/9 13/9; gamao check gives its Position ID.
    row = page.locator("#findings tr", has_text="3 of the dice played")
    row.locator("a", has_text="5").click()
    assert page.url.endswith("#match1-game1-move5-2")
    _expect_position(page, "4HPMBwDgc+QHAA")
    assert "R209" in page.locator("#vinfo").inner_text()
    legal = page.locator("#vinfo .vlegal button")
    assert legal.count() == 46  # the recorded play, then the 45 legal plays
    assert legal.nth(1).inner_text() == "13/9(4)"
    # The recorded 13/9 13/9 13/9: one arrow, marked three times.
    assert page.locator("svg#board .arrow").count() == 1
    assert page.locator("svg#board .times").text_content() == "\u00d73"
    legal.nth(1).click()
    # 13/9(4) from the position before: O_player (on roll) keeps one on 13, has four on 9.
    _expect_other_position(page, "4HPMBwDgc+QHAA")
    assert page.locator(CHECKERS).count() == 30
    assert page.locator("svg#board .arrow").count() == 1
    assert page.locator("svg#board .times").text_content() == "\u00d74"
    assert page.errors == []


def test_home_end_and_the_games(page: Any, pages: dict[str, Path]) -> None:
    _open(page, pages["illegal"].as_uri() + "#match1-game2-move1")
    _expect_position(page, START_ID)
    _press(page, "ArrowDown", "#match1-game3-move1")  # the viewer has the focus after a link
    _press(page, "End", "#match1-game3-end")
    _press(page, "Home", "#match1-game3-move1")
    _press(page, "ArrowUp", "#match1-game2-move1")


def test_a_player_named_like_a_script_is_text(page: Any, pages: dict[str, Path]) -> None:
    _open(page, pages["evil"].as_uri() + "#match1-game1-move1")
    assert page.dialogs == [] and page.errors == []
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    assert EVIL in page.locator("#vmatch").inner_text()
    assert EVIL in page.locator("svg#board").text_content()


def test_a_long_nardy_start_is_drawn_on_its_own_track(page: Any, pages: dict[str, Path]) -> None:
    _open(page, pages["nardy"].as_uri() + "#match1-game1-move1")
    _expect_position(page, "GAMAO=longnardy/0/24x15/24x15")
    xs = page.evaluate(
        "[...document.querySelectorAll('svg#board circle.checker')]"
        ".map(c => [c.classList.contains('p0') ? 0 : 1, +c.getAttribute('cx')])"
    )
    # Player 0's head (its 24) top right at x = 316 + 5.5 * 38; player 1's head (player 0's
    # 12) bottom left at x = 48 + 0.5 * 38.
    assert sorted(xs) == [[0, 525.0]] * 15 + [[1, 67.0]] * 15


def test_the_viewer_fits_a_phone(browser: Any, pages: dict[str, Path]) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 800})
    page = context.new_page()
    _open(page, pages["illegal"].as_uri() + "#match1-game1-move3")
    width = page.evaluate("document.documentElement.scrollWidth")
    box = page.locator("svg#board").bounding_box()
    context.close()
    assert width <= 390
    assert box is not None and box["width"] <= 390


@pytest.mark.parametrize("name", ["evil", "nardy"])
def test_every_position_id_of_a_game_is_the_replays(
    page: Any, pages: dict[str, Path], name: str
) -> None:
    """The page computes each identifier from the board the replay wrote: the same as
    position_text (gnubg's Position ID; gamao's position string for Long Nardy)."""
    from gamao_cli.analysis.match_positions import (
        boards_of,
        full_board,
        position_text,
        replay_with_positions,
    )
    from gamao_cli.analysis.options import CheckOptions, effective_rules

    item = next(iter(iter_input_files([str(pages[name].with_suffix(".json"))])))
    match = next(iter(read_path(item)))
    rs = effective_rules(match, CheckOptions()).ruleset
    _, positions = replay_with_positions(match, CheckOptions(), 0, item.name)
    expected = []
    board = ""
    for e in json.loads(positions.games[0].entries):
        board = board if e[5] == 0 else full_board(board, e[5])
        expected.append(position_text(rs, boards_of(board), e[2]))
    _open(page, pages[name].as_uri() + "#match1-game1-move1")
    shown = [_position(page)]
    for _ in expected[1:]:
        page.keyboard.press("ArrowRight")
        shown.append(_position(page))
    assert len(expected) > 20 and shown == expected


def test_view_skill_colours_the_mistakes_and_the_strip_jumps(page: Any, tmp_path: Path) -> None:
    out = tmp_path / "skill.html"
    analysed = str(REPO / "tests" / "fixtures" / "skill" / "gnubg_7pt-2ply.sgf")
    result = CliRunner().invoke(app, ["view", analysed, "--skill", "-o", str(out)])
    assert result.exit_code == 0, result.output
    _open(page, out.as_uri() + "#match1-game1-move4")
    # Kasper's 51, 21/15 (a blunder; best 21/20 13/8): played and best drawn as arrows.
    assert "sk-blunder" in str(page.locator("#vmoves button.cur").get_attribute("class"))
    assert page.locator("svg#board .arrow:not(.best)").count() == 2
    assert page.locator("svg#board .arrow.best").count() == 2
    assert "21/20 13/8" in page.locator("#vinfo").inner_text()
    bars = page.locator("#vstrip rect.bar")
    assert bars.count() > 10
    bars.last.click()
    assert page.url != out.as_uri() + "#match1-game1-move4" and page.errors == []


def _loaded(page: Any) -> str:
    return str(page.get_attribute("#viewer", "data-loaded"))


def test_only_the_match_shown_is_unpacked(page: Any, pages: dict[str, Path]) -> None:
    """The page unpacks a match's positions when it is first shown, not all at load."""
    _open(page, pages["three"].as_uri())
    assert page.locator("#vmatch option").count() == 3
    assert _loaded(page) == "1"
    _expect_position(page, START_ID)
    page.select_option("#vmatch", index=2)  # the Long Nardy match, unpacked now
    _expect_position(page, "GAMAO=longnardy/0/24x15/24x15")
    assert _loaded(page) == "1 3"
    page.goto("about:blank")
    _open(page, pages["three"].as_uri() + "#match2-game2-move27")
    # gnubg_7pt game 2, move 27: Kasper doubles (the deep link unpacks match 2 alone).
    playwright.expect(page.locator("#vinfo .vhead")).to_have_text("27. Kasper: Doubles => 2")
    assert _loaded(page) == "2"
    page.keyboard.press("ArrowUp")  # the last game of match 1: unpacked on the way
    playwright.expect(page.locator("#vgame")).to_have_value("0")
    assert page.url.endswith("#match2-game1-move1") and _loaded(page) == "2"
    page.keyboard.press("ArrowUp")
    playwright.expect(page.locator("#viewer")).to_have_attribute("data-loaded", "2 1")
    assert page.url.endswith("#match1-game8-move1") and page.errors == []


def test_the_keys_work_without_a_click_once_the_board_is_on_screen(
    page: Any, pages: dict[str, Path]
) -> None:
    _open(page, pages["illegal"].as_uri())
    assert page.evaluate("document.activeElement === document.body")
    # The board is far below the top of the report: the keys scroll the page as usual.
    assert page.evaluate("document.getElementById('board').getBoundingClientRect().top") > 900
    page.keyboard.press("ArrowRight")
    page.keyboard.press("End")
    assert _position(page) == START_ID and "#" not in page.url
    # The ignored End scrolls the page to its bottom, animated: once it has stopped, the
    # board is brought on screen (else the animation could carry it off again).
    _settle_scroll(page)
    page.locator("svg#board").scroll_into_view_if_needed()
    page.keyboard.press("ArrowRight")
    _expect_other_position(page, START_ID)
    assert page.url.endswith("#match1-game1-move2")
    _press(page, "ArrowDown", "#match1-game2-move1")
    _press(page, "End", "#match1-game2-end")
    _press(page, "Home", "#match1-game2-move1")
    # Typing in a text box steps nothing.
    page.evaluate(
        "(() => { const i = document.createElement('input'); i.id = 'typing';"
        " document.getElementById('viewer').prepend(i); })()"
    )
    page.locator("#typing").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("End")
    assert page.url.endswith("#match1-game2-move1") and page.errors == []


def _settle_scroll(page: Any) -> None:
    """Wait until the page has stopped scrolling (two readings of scrollY 100 ms apart agree;
    at most 5 s)."""
    last = None
    for _ in range(50):
        y = page.evaluate("window.scrollY")
        if y == last:
            return
        last = y
        page.wait_for_timeout(100)


def _numbers(page: Any) -> list[str]:
    """The frame's point numbers as drawn, left to right: the top row, then the bottom row."""
    found = page.evaluate(
        "[...document.querySelectorAll('svg#board text.num')]"
        ".map(t => [+t.getAttribute('y'), +t.getAttribute('x'), t.textContent])"
    )
    return [text for _, _, text in sorted(found)]


def test_flipping_puts_the_other_player_below_with_their_numbers(
    page: Any, pages: dict[str, Path]
) -> None:
    _open(page, pages["illegal"].as_uri() + "#match1-game1-move1")
    top = [str(n) for n in range(13, 25)]
    bottom = [str(n) for n in range(12, 0, -1)]
    assert _numbers(page) == top + bottom
    # X_player (player 0) below: their 6 point (five checkers) bottom right, by the 6.
    page.click("#vflip")
    # Now O_player below, numbered from their side: their 6 point bottom right, their 13
    # top left (five checkers each), X_player's 6 point (O_player's 19) top right.
    assert _numbers(page) == top + bottom
    xs = page.evaluate(
        "[...document.querySelectorAll('svg#board circle.checker')]"
        ".map(c => [c.classList.contains('p0') ? 0 : 1, +c.getAttribute('cx'),"
        " +c.getAttribute('cy') > 200 ? 'bottom' : 'top'])"
    )
    labels = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('svg#board text.num')]"
        ".map(t => [t.textContent, +t.getAttribute('x')]))"
    )
    assert xs.count([1, labels["6"], "bottom"]) == 5
    assert xs.count([1, labels["13"], "top"]) == 5
    assert xs.count([0, labels["19"], "top"]) == 5
    names = page.evaluate(
        "[...document.querySelectorAll('svg#board text.info tspan.b')]"
        ".map(t => [+t.parentNode.getAttribute('y'), t.textContent])"
    )
    assert sorted(names) == [[16, "X_player"], [GEOMETRY["height"] - 4, "\u25b6 O_player"]]


def test_a_cube_decision_shows_its_equities(page: Any, tmp_path: Path) -> None:
    """A recorded cube analysis (as XG and gnubg files carry) at gnubg_7pt's game 2 move 27:
    Kasper doubles, Lena Ruiz drops. Equities from the doubler's side: no double +0.612,
    double/take +1.186, double/pass +1.000; doubling is right (min(1.186, 1) > 0.612), and so
    is the drop (1.000 < 1.186)."""
    from gamao_cli.model.actions import Double, Drop
    from gamao_cli.model.analysis import Annotation, CubeAnalysis

    item = next(iter(iter_input_files([str(REPO / "examples" / "gnubg_7pt.mat")])))
    match = next(iter(read_path(item)))
    game = match.games[1]
    cube = CubeAnalysis(no_double=0.612, double_take=1.186, double_pass=1.0, level="XG Roller")
    notes = tuple(
        Annotation(action=i, cube=cube)
        for i, a in enumerate(game.actions)
        if isinstance(a, Double | Drop)
    )
    assert len(notes) == 2
    games = (match.games[0], dataclasses.replace(game, annotations=notes), *match.games[2:])
    source = tmp_path / "cube.json"
    json_format = by_name("json")
    assert json_format.write is not None
    with source.open("w", encoding="utf-8") as fh:
        json_format.write(dataclasses.replace(match, games=games), fh)
    out = tmp_path / "cube.html"
    result = CliRunner().invoke(app, ["view", str(source), "--skill", "-o", str(out)])
    assert result.exit_code == 0, result.output
    equities = "cube equities: no double +0.612, double/take +1.186, double/pass +1.000"
    for link in ("#match1-game2-move27", "#match1-game2-move27-2"):
        page.goto("about:blank")
        _open(page, out.as_uri() + link)
        playwright.expect(page.locator("#vinfo .vcube")).to_have_text(equities)
    assert "drop" in page.locator("#vinfo").inner_text() and page.errors == []


def test_a_tabula_entry_is_drawn_from_the_pool(page: Any, pages: dict[str, Path]) -> None:
    """Tabula's checkers start off the board, in the left strip: the first play's arrows
    start there (x = 2 + 44 / 2), as board_svg draws them."""
    _open(page, pages["tabula"].as_uri() + "#match1-game1-move1")
    assert page.locator("svg#board rect.pool").count() == 30
    starts = page.evaluate(
        "[...document.querySelectorAll('svg#board .arrow')].map(a => a.tagName === 'path'"
        " ? +a.getAttribute('d').slice(1).split(',')[0] : +a.getAttribute('x1'))"
    )
    assert len(starts) >= 2 and set(starts) == {24}
