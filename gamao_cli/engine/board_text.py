"""An ASCII drawing of a position, in the manner of gnubg's text board.

The player on roll sits at the bottom and the points are numbered from that player's side:
13..24 along the top, 12..1 along the bottom, home board bottom right. Player 0's checkers
are ``O`` and player 1's are ``X`` whoever is on roll (gnubg draws player 0 as ``O``). A
point or bar with more than five checkers shows the count in its fifth row. As in XG's
drawing, bar checkers stack from the middle into the half of the bar column on the side
where they re-enter: the player on roll's in the top half, the other player's below. The
board is ASCII; the players' names keep their letters (``Kévin``), with anything that could
act on a terminal escaped (:mod:`gamao_cli.model.terminal_text`). Lines are at most 80
terminal columns wide (a wide character counts two), with no trailing blanks.

Given a rule set, the drawing follows it: in Long Nardy the opponent's checkers stand on his
own numbering ``p ± 12`` (both sides run counter-clockwise: the mover's head top right, the
opponent's bottom left), acey-deucey's checkers not yet entered are shown as ``In``, and where
the standard IDs cannot carry the position its gamao position string is shown instead.
"""

from __future__ import annotations

from gamao_cli.engine.gamao_id import encode, standard_ids_fit
from gamao_cli.engine.ids import MatchState, match_id, position_id
from gamao_cli.engine.position import Position
from gamao_cli.engine.ruleset import POOL, STANDARD, RuleSet
from gamao_cli.i18n import _, ngettext
from gamao_cli.model.actions import BAR
from gamao_cli.model.terminal_text import fit_width, terminal_safe

MARKS = ("O", "X")
WIDTH = 80
_ROWS = 5
_INFO_COLUMN = 49  # the side panel starts here (0-based)
_TOP_BORDER = " +13-14-15-16-17-18------19-20-21-22-23-24-+"
_BOTTOM_BORDER = " +12-11-10--9--8--7-------6--5--4--3--2--1-+"


def _cell(count: int, row: int, mark: str) -> str:
    """Row ``row`` (0 = the row at the edge) of a stack of ``count`` checkers."""
    if count > _ROWS and row == _ROWS - 1:
        return f"{count:>2} "
    return f" {mark} " if count > row else "   "


def _half(pos: Position, points: range, row: int, rs: RuleSet) -> str:
    mover, other = pos.mover, pos.opponent
    out = []
    for point in points:
        if mover[point]:
            out.append(_cell(mover[point], row, MARKS[pos.turn]))
        else:
            out.append(_cell(other[rs.opponent_point(point)], row, MARKS[1 - pos.turn]))
    return "".join(out)


def _board_lines(pos: Position, rs: RuleSet = STANDARD) -> list[str]:
    """The 13 lines of the board itself (borders included), each 44 columns."""
    top_bar, bottom_bar = pos.mover[BAR], pos.opponent[BAR]
    top_mark, bottom_mark = MARKS[pos.turn], MARKS[1 - pos.turn]
    lines = [_TOP_BORDER]
    for row in range(_ROWS):
        bar = _cell(top_bar, _ROWS - 1 - row, top_mark)
        left, right = _half(pos, range(13, 19), row, rs), _half(pos, range(19, 25), row, rs)
        lines.append(f" |{left}|{bar}|{right}|")
    lines.append(" |" + " " * 18 + "|BAR|" + " " * 18 + "|")
    for row in reversed(range(_ROWS)):
        bar = _cell(bottom_bar, _ROWS - 1 - row, bottom_mark)
        left, right = _half(pos, range(12, 6, -1), row, rs), _half(pos, range(6, 0, -1), row, rs)
        lines.append(f" |{left}|{bar}|{right}|")
    lines.append(_BOTTOM_BORDER)
    return lines


def _points(n: int) -> str:
    return ngettext("{count} point", "{count} points", n).format(count=n)


def draw_board(
    pos: Position,
    names: tuple[str, str] | None = None,
    *,
    cube_value: int = 1,
    cube_owner: int = -1,
    score: tuple[int, int] | None = None,
    match_length: int | None = None,
    dice: tuple[int, ...] | None = None,
    crawford: bool = False,
    rules: RuleSet | None = None,
) -> str:
    """Draw ``pos`` as text.

    ``names``, ``score`` and ``cube_owner`` are indexed by player (0, 1; owner -1 = centred).
    ``match_length`` 0 means money play; with a ``match_length`` the Match ID is shown too
    (``crawford`` marks the Crawford game in it). ``rules``: the rule set the position
    belongs to (default standard). Ends with a newline.
    """
    rs = rules or STANDARD
    top, bottom = 1 - pos.turn, pos.turn
    label = names if names is not None else (_("player 0"), _("player 1"))
    room = WIDTH - _INFO_COLUMN
    side = [""] * 13
    side[0] = f"{MARKS[top]}: {label[top]}"
    side[12] = f"{MARKS[bottom]}: {label[bottom]}"
    side[0], side[12] = (fit_width(terminal_safe(s), room) for s in (side[0], side[12]))
    if score is not None:
        side[1] = _points(score[top])
        side[11] = _points(score[bottom])
    side[2] = _("Off: {count}").format(count=pos.off(top))
    side[10] = _("Off: {count}").format(count=pos.off(bottom))
    if rs.pool:
        side[4] = _("In: {count}").format(count=pos.boards[top][POOL])
        side[8] = _("In: {count}").format(count=pos.boards[bottom][POOL])
    cube = _("Cube: {value}").format(value=cube_value)
    if cube_owner == top:
        side[3] = cube
    elif cube_owner == bottom:
        side[9] = cube
    middle = []
    if match_length is not None:
        money = _("money game")
        middle.append(
            money if match_length == 0 else _("{length}-point match").format(length=match_length)
        )
    if cube_owner == -1:
        middle.append(cube)
    side[6] = ", ".join(middle)
    board = _board_lines(pos, rs)
    lines = []
    fits = standard_ids_fit(rs)
    pid = f" Position ID: {position_id(pos)}" if fits else f" {encode(rs, pos)}"
    if match_length is not None and fits:
        state = MatchState(
            cube_value=cube_value,
            cube_owner=cube_owner,
            player_on_roll=pos.turn,
            crawford=crawford,
            turn=pos.turn,
            dice=(dice[0], dice[1]) if dice else None,
            match_length=match_length,
            score=score if score is not None else (0, 0),
            jacoby=False,
        )
        pid += f"   Match ID: {match_id(state)}"
    lines.append(pid)
    for text, info in zip(board, side, strict=True):
        lines.append(f"{text:<{_INFO_COLUMN}}{info}".rstrip() if info else text)
    pips = (rs.pips(pos.boards[top]), rs.pips(pos.boards[bottom]))
    counts = f"{MARKS[top]} {pips[0]}, {MARKS[bottom]} {pips[1]}"
    lines.append(" " + _("Pip count: {counts}").format(counts=counts))
    if dice is not None:
        roll = "".join(map(str, dice))  # two dice, or tabula's three
        lines.append(" " + _("{mark} to play {roll}").format(mark=MARKS[bottom], roll=roll))
    else:
        lines.append(" " + _("{mark} on roll").format(mark=MARKS[bottom]))
    return "\n".join(lines) + "\n"
