"""The board as SVG (report.board_svg): checkers where the position has them, the bar, the
tray, the cube, the dice; ``gamao show --format svg``."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from gamao_cli.cli.app import app
from gamao_cli.engine.ruleset import STANDARD
from gamao_cli.report.board_svg import GEOMETRY, Picture, board_svg, slot_x
from tests.helpers import REPO

runner = CliRunner()
TRACK = tuple(25 - p for p in range(1, 25))


def _board(points: dict[int, int], checkers: int = 15) -> tuple[int, ...]:
    cells = [0] * 26
    for p, n in points.items():
        cells[p] = n
    cells[0] = checkers - sum(cells[1:])
    return tuple(cells)


START = _board({24: 2, 13: 5, 8: 3, 6: 5})


def _picture(b0: tuple[int, ...], b1: tuple[int, ...], **kw: object) -> Picture:
    values: dict[str, object] = {
        "boards": (b0, b1),
        "track": TRACK,
        "names": ("Ana", "Bo"),
        "pips": (167, 167),
        "score": (0, 0),
        "length": 5,
        "cube": 1,
        "owner": -1,
        "turn": 0,
    }
    values.update(kw)
    return Picture(**values)  # type: ignore[arg-type]


def _circles(svg: str, side: int) -> list[tuple[float, float]]:
    return [
        (float(x), float(y))
        for x, y in re.findall(rf'<circle class="checker p{side}" cx="([\d.]+)" cy="([\d.]+)"', svg)
    ]


def test_start_position_has_thirty_checkers_on_their_points() -> None:
    svg = board_svg(_picture(START, START, dice=(3, 1), position_id="4HPwATDgc/ABMA"))
    assert svg.count('class="checker p0"') == 15 and svg.count('class="checker p1"') == 15
    assert "checker off" not in svg
    assert 'data-position-id="4HPwATDgc/ABMA"' in svg
    # Player 0 (bottom) has five on its 6 point: the bottom player's 6, x = 544 - 5.5 * 38.
    mine = _circles(svg, 0)
    assert (
        sum(1 for x, _ in mine if x == 544 - 5.5 * 38)
        == 5
        == sum(1 for x, _ in mine if x == slot_x(6))
    )
    # Player 1's 6 point is player 0's 19 (top right, x = 316 + 0.5 * 38): five there.
    theirs = _circles(svg, 1)
    assert sum(1 for x, y in theirs if x == 335 and y < 200) == 5
    # Player 1's 24 point is player 0's 1 (bottom right): two.
    assert sum(1 for x, y in theirs if x == 525 and y > 200) == 2
    # Two dice of the player on roll, on the right half (3 and 1 pips).
    assert svg.count('<g class="die p0">') == 2
    assert svg.count('r="3"/>') == 4


def test_a_checker_on_the_bar_and_borne_off_checkers() -> None:
    hit = _board({24: 1, 13: 5, 8: 3, 6: 5, 25: 1})  # player 0: one on the bar
    home = _board({3: 2, 4: 3})  # player 1: ten borne off
    svg = board_svg(_picture(hit, home, owner=1, cube=4))
    bar_x = GEOMETRY["left"] + 6 * GEOMETRY["point"] + GEOMETRY["bar"] / 2
    assert [x for x, _ in _circles(svg, 0)].count(bar_x) == 1
    assert len(_circles(svg, 0)) == 15 and len(_circles(svg, 1)) == 5
    assert svg.count('class="checker off p1"') == 10 and "checker off p0" not in svg
    # The cube at 4, on its owner's side (player 1: the top).
    assert re.search(r'<g class="cube"><rect x="8" y="44"[^>]*/><text[^>]*>4</text>', svg)


def test_names_are_escaped() -> None:
    name = "</script><img src=x onerror=alert(1)>"
    svg = board_svg(_picture(START, START, names=(name, "a&b")))
    assert "<img" not in svg and "</script>" not in svg
    assert "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;" in svg and "a&amp;b" in svg


def test_show_writes_the_position_as_svg(tmp_path: Path) -> None:
    out = tmp_path / "pos.svg"
    mat = str(REPO / "examples" / "illegal_plays.mat")
    args = ["show", mat, "--game", "2", "--move", "3", "--format", "svg", "-o", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    # ' 3) 11: 25/24 24/23 23/22 22/21 21/20': X_player (bottom), one checker on the bar,
    # plays five moves of a 11 (R202); gamao check gives this play's Position ID.
    assert 'data-position-id="4HPiCQLgc/BBQA"' in svg
    assert len(_circles(svg, 0)) == 15 and len(_circles(svg, 1)) == 15
    bar_x = GEOMETRY["left"] + 6 * GEOMETRY["point"] + GEOMETRY["bar"] / 2
    assert [x for x, _ in _circles(svg, 0)].count(bar_x) == 1
    assert svg.count('class="arrow"') == 5  # the recorded play's five moves
    # X_player on roll (marked), both names.
    assert ">\u25b6 X_player</tspan>" in svg and ">O_player</tspan>" in svg
    assert STANDARD.checkers == 15


def test_show_svg_needs_a_game_and_a_move() -> None:
    mat = str(REPO / "examples" / "illegal_plays.mat")
    result = runner.invoke(app, ["show", mat, "--format", "svg"])
    assert result.exit_code == 2
    assert "--format svg" in result.output


def test_an_arrow_from_the_pool_starts_on_the_left() -> None:
    """Tabula's and acey-deucey's checkers waiting to enter (cell 26) wait in the left strip:
    an entering move's arrow starts there (x = 2 + 44 / 2), not at the bar."""
    from gamao_cli.report.board_svg import point_xy

    top = _picture(START, START, turn=1)
    assert point_xy(top, 1, 26) == (24.0, GEOMETRY["top"] + 30)  # the top player's pool
    assert point_xy(top, 0, 26) == (24.0, GEOMETRY["bottom"] - 30)
    assert point_xy(top, 0, 25)[0] == GEOMETRY["left"] + 6 * GEOMETRY["point"] + 20  # the bar


def test_moves_alike_are_one_arrow_with_their_count_and_a_half_board_move_an_arc() -> None:
    """As the page draws them (viewer.js): 8/5 8/5 6/5 13/5 of a 33 by the bottom player.
    Point 8 is the bottom left half's second from the bar (x = 48 + 4 * 38 + 19 = 219),
    6 and 5 the right half's first two (316 + 19 + (6 - p) * 38: 335 and 373), 13 the top
    left corner (67); the first checker's centre is 17 above the bottom edge (400 - 17 = 383)
    or below the top (40 + 17 = 57). 8/5 and 6/5 stay in the bottom half: arcs bowed up by
    0.3 of their width, at least 12 (8/5: 154 * 0.3 = 46.2, to y 336.8; 6/5: 12, to 371),
    8/5 drawn once and marked x2 halfway up its bow (359.9); 13/5 crosses the board: a
    straight line."""
    steps = ((8, 5), (8, 5), (6, 5), (13, 5))
    svg = board_svg(_picture(START, START, turn=0, steps=steps, dice=(3, 3)))
    assert svg.count('class="arrow"') == 3
    assert '<path class="arrow" d="M219,383Q296,336.8 373,383"' in svg
    assert '<path class="arrow" d="M335,383Q354,371 373,383"' in svg
    assert '<line class="arrow" x1="67" y1="57" x2="373" y2="383"' in svg
    assert '<g class="times"><circle cx="296" cy="359.9" r="9"/>' in svg
    assert svg.count('class="times"') == 1 and ">\u00d72</text>" in svg
