"""A backgammon board as SVG: ``gamao show --format svg`` and the report's match viewer.

The board is drawn from the bottom player's side (player 0 unless flipped): their points 1-6
bottom right, 7-12 bottom left, 13-18 top left, 19-24 top right, the bar between the halves,
borne-off checkers in the tray on the right, the cube (and acey-deucey's checkers not yet
entered) on the left. The frame (wood, felt, points, their numbers) is :func:`frame`; what
changes from one position to the next is :func:`layer`. The viewer's script draws the same
layer from :data:`GEOMETRY` (given to it in the page), so a page and a picture look alike.
Every checker on a point or the bar is one element of class ``checker``; a borne-off checker
is ``checker off``. Record text (names) is escaped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gamao_cli.model.actions import BAR, OFF, Board
from gamao_cli.report.escaping import escape

POOL: Final = 26  # acey-deucey's checkers not yet entered (engine.rule_options.POOL)

GEOMETRY: Final[dict[str, float]] = {
    "width": 600,
    "height": 440,
    "strip": 48,  # the left strip: cube and pool
    "left": 48,  # the left half's left edge
    "point": 38,  # a point's width
    "bar": 40,
    "tray": 552,  # the tray's left edge
    "trayWidth": 44,
    "top": 40,  # the felt's top edge
    "bottom": 400,  # its bottom edge
    "reach": 150,  # a point's length
    "stack": 176,  # how far a stack of checkers may reach
    "radius": 17,
    "offHeight": 9,
    "die": 30,
}
COLOURS: Final[dict[str, str]] = {
    "wood": "#6b4226",
    "felt": "#2f6b4f",
    "light": "#efe2c0",
    "dark": "#a8322f",
    "white": "#f7f5ee",
    "black": "#24201c",
    "whiteEdge": "#8a8170",
    "blackEdge": "#000",
}
CSS: Final = (
    ".checker{stroke-width:1.5}.p0{fill:#f7f5ee;stroke:#8a8170}.p1{fill:#24201c;stroke:#000}"
    ".num{font:11px sans-serif;fill:#f3e9d2;text-anchor:middle}"
    ".info{font:14px sans-serif;fill:#1f2937}.info .b{font-weight:700}"
    ".cube rect{fill:#fff;stroke:#333}.cube text{font:bold 15px sans-serif;text-anchor:middle}"
    ".die rect{fill:#fffdf7;stroke:#333}.die circle{fill:#111}"
    ".die.p1 rect{fill:#2b2622;stroke:#000}.die.p1 circle{fill:#fff}"
    ".arrow{stroke:#f59e0b;stroke-width:4;opacity:.9;fill:none}"
    ".arrow.best{stroke:#38bdf8;stroke-dasharray:8 4}"
    ".count{font:bold 12px sans-serif;text-anchor:middle;pointer-events:none}"
    ".times circle{fill:#fff;stroke:#f59e0b;stroke-width:2}.times.best circle{stroke:#38bdf8}"
    ".times text{font-size:10px}"
    ".pool{stroke-width:1}"
)

_G = GEOMETRY


@dataclass(frozen=True, slots=True)
class Picture:
    """One position to draw. ``boards`` are each in their owner's numbering; ``track[p - 1]``
    is player 0's number of player 1's point ``p``; ``steps`` (the play drawn as arrows) are
    in the numbering of ``turn``; ``owner`` is -1 for a centred cube."""

    boards: tuple[Board, Board]
    track: tuple[int, ...]
    names: tuple[str, str]
    pips: tuple[int, int]
    score: tuple[int, int]
    length: int
    cube: int
    owner: int
    turn: int  # the player on roll, -1 when none
    dice: tuple[int, ...] = ()
    steps: tuple[tuple[int, int], ...] = ()
    position_id: str = ""
    bottom: int = 0
    labels: tuple[str, str] = ("pips {pips}", "score {score}")


def slot_x(v: int) -> float:
    """The centre of the bottom player's point ``v`` (1-24)."""
    pw, left, bar = _G["point"], _G["left"], _G["bar"]
    right = left + 6 * pw + bar  # the right half's left edge
    if v <= 6:
        return right + 6 * pw - (v - 0.5) * pw
    if v <= 12:
        return left + 6 * pw - (v - 6.5) * pw
    if v <= 18:
        return left + (v - 12.5) * pw
    return right + (v - 18.5) * pw


def _step(n: int) -> float:
    r = _G["radius"]
    return 2 * r if n <= 1 else min(2 * r, (_G["stack"] - 2 * r) / (n - 1))


def checker_y(v: int, k: int, n: int) -> float:
    """The centre's height of the ``k``-th of ``n`` checkers on point ``v`` (0: the edge)."""
    r = _G["radius"]
    if v <= 12:
        return _G["bottom"] - r - k * _step(n)
    return _G["top"] + r + k * _step(n)


def frame() -> str:
    """The board without checkers: wood, felt, points, the bar, the tray, point numbers."""
    w, h, pw = _G["width"], _G["height"], _G["point"]
    top, bottom, reach = _G["top"], _G["bottom"], _G["reach"]
    left, bar = _G["left"], _G["bar"]
    c = COLOURS
    out = [
        '<defs><marker id="ah" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4"'
        ' markerHeight="4" orient="auto"><path d="M0,0L10,5L0,10z" fill="#f59e0b"/></marker>'
        '<marker id="ahb" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4"'
        ' orient="auto"><path d="M0,0L10,5L0,10z" fill="#38bdf8"/></marker></defs>',
        f'<rect width="{w}" height="{h}" fill="#f8fafc"/>',
        f'<rect x="0" y="{top - 18}" width="{w}" height="{bottom - top + 36}" rx="8"'
        f' fill="{c["wood"]}"/>',
        f'<rect x="{left}" y="{top}" width="{6 * pw}" height="{bottom - top}" fill="{c["felt"]}"/>',
        f'<rect x="{left + 6 * pw + bar}" y="{top}" width="{6 * pw}" height="{bottom - top}"'
        f' fill="{c["felt"]}"/>',
        f'<rect x="{_G["tray"]}" y="{top}" width="{_G["trayWidth"]}" height="{bottom - top}"'
        ' fill="#4a2e1b"/>',
        f'<rect x="6" y="{top}" width="{_G["strip"] - 12}" height="{bottom - top}"'
        ' fill="#4a2e1b"/>',
    ]
    for v in range(1, 25):
        x = slot_x(v)
        fill = c["dark"] if v % 2 else c["light"]
        if v <= 12:
            points = f"{x - pw / 2},{bottom} {x + pw / 2},{bottom} {x},{bottom - reach}"
            label_y = bottom + 13  # in the wood under the felt
        else:
            points = f"{x - pw / 2},{top} {x + pw / 2},{top} {x},{top + reach}"
            label_y = top - 5
        out.append(f'<polygon points="{points}" fill="{fill}"/>')
        out.append(f'<text class="num" x="{x}" y="{label_y}">{v}</text>')
    return "".join(out)


def _circle(x: float, y: float, side: int, css: str = "checker") -> str:
    return f'<circle class="{css} p{side}" cx="{x:g}" cy="{y:g}" r="{_G["radius"]:g}"/>'


def _physical(picture: Picture, side: int, p: int) -> int:
    """The bottom player's number of ``side``'s point ``p``."""
    if side == picture.bottom:
        return p
    if picture.bottom == 0:
        return picture.track[p - 1]
    return picture.track.index(p) + 1


def _stacks(picture: Picture) -> dict[int, tuple[int, int]]:
    """By the bottom player's point: (side, count)."""
    out: dict[int, tuple[int, int]] = {}
    for side in (0, 1):
        board = picture.boards[side]
        for p in range(1, 25):
            if board[p]:
                out[_physical(picture, side, p)] = (side, board[p])
    return out


def _bar_y(picture: Picture, side: int, k: int) -> float:
    r, mid = _G["radius"], (_G["top"] + _G["bottom"]) / 2
    if side == picture.bottom:  # toward the top half, where it enters
        return mid - r - 4 - k * min(2 * r, 20)
    return mid + r + 4 + k * min(2 * r, 20)


def _bar_x() -> float:
    return _G["left"] + 6 * _G["point"] + _G["bar"] / 2


def _tray_rect(picture: Picture, side: int, k: int, css: str, x: float) -> str:
    hh = _G["offHeight"]
    y = (
        _G["bottom"] - (k + 1) * (hh + 1)
        if side == picture.bottom
        else _G["top"] + k * (hh + 1) + 1
    )
    return (
        f'<rect class="{css} p{side}" x="{x + 4:g}" y="{y:g}" width="{_G["trayWidth"] - 8:g}"'
        f' height="{hh:g}" rx="2"/>'
    )


def _checkers(picture: Picture) -> list[str]:
    out = []
    for v, (side, n) in sorted(_stacks(picture).items()):
        x = slot_x(v)
        for k in range(n):
            out.append(_circle(x, checker_y(v, k, n), side))
    for side in (0, 1):
        board = picture.boards[side]
        for k in range(board[BAR]):
            out.append(_circle(_bar_x(), _bar_y(picture, side, k), side))
        for k in range(board[OFF]):
            out.append(_tray_rect(picture, side, k, "checker off", _G["tray"]))
        for k in range(board[POOL] if len(board) > POOL else 0):
            out.append(_tray_rect(picture, side, k, "pool", 2))
    return out


def _cube(picture: Picture) -> str:
    size = 32
    x = (_G["strip"] - size) / 2
    if picture.owner == -1:
        y = (_G["top"] + _G["bottom"] - size) / 2
        value = 64 if picture.cube == 1 else picture.cube
    else:
        bottom = picture.owner == picture.bottom
        y = _G["bottom"] - size - 4 if bottom else _G["top"] + 4
        value = picture.cube
    return (
        f'<g class="cube"><rect x="{x:g}" y="{y:g}" width="{size}" height="{size}" rx="4"/>'
        f'<text x="{x + size / 2:g}" y="{y + size / 2 + 5:g}">{value}</text></g>'
    )


_PIPS: Final = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _dice(picture: Picture) -> list[str]:
    if picture.turn < 0 or not picture.dice:
        return []
    s = _G["die"]
    pw, left, bar = _G["point"], _G["left"], _G["bar"]
    half = left + 3 * pw if picture.turn != picture.bottom else left + 9 * pw + bar
    y = (_G["top"] + _G["bottom"] - s) / 2
    out = []
    n = len(picture.dice)
    for i, d in enumerate(picture.dice):
        x = half - n * (s + 8) / 2 + i * (s + 8) + 4
        dots = "".join(
            f'<circle cx="{x + s / 2 + dx * s * 0.27:g}" cy="{y + s / 2 + dy * s * 0.27:g}" r="3"/>'
            for dx, dy in _PIPS.get(d, ())
        )
        out.append(
            f'<g class="die p{picture.turn}"><rect x="{x:g}" y="{y:g}" width="{s}" height="{s}"'
            f' rx="5"/>{dots}</g>'
        )
    return out


def point_xy(picture: Picture, side: int, p: int) -> tuple[float, float]:
    """Where an arrow meets ``side``'s point ``p`` (the bar: 25, off: 0, the pool: 26)."""
    if p == POOL:  # the checkers waiting to enter, on the left
        return 2 + _G["trayWidth"] / 2, (
            _G["bottom"] - 30 if side == picture.bottom else _G["top"] + 30
        )
    if p >= BAR:
        return _bar_x(), _bar_y(picture, side, 0)
    if p <= OFF:
        return _G["tray"] + _G["trayWidth"] / 2, (
            _G["bottom"] - 30 if side == picture.bottom else _G["top"] + 30
        )
    v = _physical(picture, side, p)
    return slot_x(v), checker_y(v, 0, 1)


def _arrows(picture: Picture) -> list[str]:
    """The play's moves as arrows, as the page draws them (viewer.js): moves alike (8/5 8/5
    of a double) once, marked with their count; a move within one half of the board an arc
    bowed towards the middle (moves along a row would lie on one line)."""
    if picture.turn < 0:
        return []
    counts: dict[tuple[int, int], int] = {}
    for step in picture.steps:  # in the play's order, each move once
        counts[step] = counts.get(step, 0) + 1
    mid = (_G["top"] + _G["bottom"]) / 2
    out = []
    for (a, b), count in counts.items():
        x1, y1 = point_xy(picture, picture.turn, a)
        x2, y2 = point_xy(picture, picture.turn, b)
        x, y = (x1 + x2) / 2, (y1 + y2) / 2
        if (y1 < mid) == (y2 < mid) and x1 != x2:
            reach = min(abs(x2 - x1) * 0.3, mid - _G["top"] - 24)
            cy = y + (1 if y1 < mid else -1) * max(reach, 12)
            out.append(
                f'<path class="arrow" d="M{x1:g},{y1:g}Q{x:g},{cy:g} {x2:g},{y2:g}"'
                ' marker-end="url(#ah)"/>'
            )
            y = (y1 + cy) / 2
        else:
            out.append(
                f'<line class="arrow" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}"'
                ' marker-end="url(#ah)"/>'
            )
        if count > 1:
            out.append(
                f'<g class="times"><circle cx="{x:g}" cy="{y:g}" r="9"/>'
                f'<text class="count" x="{x:g}" y="{y + 4:g}">\u00d7{count}</text></g>'
            )
    return out


def _info(picture: Picture) -> list[str]:
    out = []
    pips_label, score_label = picture.labels
    for side in (0, 1):
        y = _G["height"] - 4 if side == picture.bottom else 16
        mark = "\u25b6 " if side == picture.turn else ""
        score = f"{picture.score[side]}/{picture.length}" if picture.length else picture.score[side]
        figures = (
            pips_label.format(pips=picture.pips[side]) + "   " + score_label.format(score=score)
        )
        out.append(
            f'<text class="info" x="8" y="{y}"><tspan class="b">{escape(mark)}'
            f"{escape(picture.names[side])}</tspan></text>"
            f'<text class="info" x="{_G["width"] - 8}" y="{y}" text-anchor="end">'
            f"{escape(figures)}</text>"
        )
    return out


def layer(picture: Picture) -> str:
    """What changes with the position: checkers, cube, dice, arrows, names and figures."""
    return "".join(
        [*_checkers(picture), _cube(picture), *_dice(picture), *_arrows(picture), *_info(picture)]
    )


def board_svg(picture: Picture) -> str:
    """A standalone SVG picture of the position."""
    w, h = _G["width"], _G["height"]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="board" viewBox="0 0 {w} {h}"'
        f' width="{w}" height="{h}" data-position-id="{escape(picture.position_id)}">'
        f'<style>{CSS}</style>{frame()}<g id="layer">{layer(picture)}</g></svg>\n'
    )
