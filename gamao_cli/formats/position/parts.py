"""Pieces shared by the position-text readers: the parsed record, IDs, numbers, the board.

A position text (an XG or BGBlitz position/analysis export, or one line of a list of IDs)
becomes a :class:`ParsedPosition`: the state its identifier gives (an
:class:`~gamao_cli.engine.xgid.XgidState`, also for gnubg IDs), the player names, the
analysis the text shows and the diagnostics found on the way. The identifier is the
authority; everything else the text shows (scores, pip counts, the drawn board, gnubg IDs
beside an XGID) is read as a cross-check.

Labels are localised by the writing program (XG has English, German, French and Japanese
UIs), so the helpers here go by the shape of a line (``X:3 O:6``, ``61.38% (G:24.55%
B:1.88%)``, a frame ``+13-14-...-24-+``) and not by its words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from gamao_cli.engine.ids import IdError, decode_match_id, decode_position_id
from gamao_cli.engine.xgid import XgidState, decode_xgid
from gamao_cli.i18n import N_
from gamao_cli.model.analysis import CheckerAnalysis, CubeAnalysis, Probabilities
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.location import Location

ERROR, WARNING, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

Where = Callable[[int], Location]
"""A block's line index -> its place in the file."""

TOP_FRAME = re.compile(r"^.?\s*\+13-14-15-16-17-18-+19-20-21-22-23-24-\+")
BOTTOM_FRAME = re.compile(r"^.?\s*\+12-11-10--9--8--7-+6--5--4--3--2--1-\+")
XGID_TEXT = re.compile(r"XGID=[^\s:]*(?::[^\s:]*){9}")
GNU_IDS = re.compile(r"([A-Za-z0-9+/]{14}):([A-Za-z0-9+/]{12})")
_NUMBER = r"[+-]?\d+(?:[.,]\d+)?"
PERCENTS = re.compile(
    rf"^\s*[^:]*:\s*({_NUMBER})%\s*\(\s*[^:\s]+:\s*({_NUMBER})%\s+[^:\s]+:\s*({_NUMBER})%\s*\)"
)
"""A chances line of XG: ``Player:   25.45% (G:0.00% B:0.00%)`` in any UI language."""


@dataclass
class ParsedPosition:
    """One position as read from a text, before it becomes a :class:`Match`."""

    line: int  # 1-based line of the position's first line
    id_text: str = ""  # the identifier as written (XGID=..., PositionID:MatchID, ...)
    state: XgidState | None = None
    cube_limit: int | None = None  # None: the text does not say (gnubg IDs)
    players: tuple[str, str] | None = None  # (player 0 = XG's top O, player 1 = bottom X)
    checker: CheckerAnalysis | None = None
    cube: CubeAnalysis | None = None
    source: str = ""  # the analyser: "xg", "bgblitz" or "" (bare IDs)
    candidate_lines: tuple[int, ...] = ()  # the line of each checker candidate
    properties: list[tuple[str, str]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def diag(self, code: str, severity: Severity, message: str, where: Location) -> None:
        self.diagnostics.append(Diagnostic(code, severity, message, where))


def number(text: str) -> float:
    """A number as XG or BGBlitz writes it (a decimal comma is allowed)."""
    return float(text.replace(",", "."))


def chances(player: re.Match[str], opponent: re.Match[str]) -> Probabilities:
    """:class:`Probabilities` from the player's and the opponent's :data:`PERCENTS` lines."""
    win, win_g, win_bg = (number(player.group(i)) / 100 for i in (1, 2, 3))
    _lose, lose_g, lose_bg = (number(opponent.group(i)) / 100 for i in (1, 2, 3))
    return Probabilities(
        round(win, 6), round(win_g, 6), round(win_bg, 6), round(lose_g, 6), round(lose_bg, 6)
    )


def state_from_gnu(position_id: str, match_id: str) -> XgidState:
    """The state a gnubg Position ID and Match ID give (:class:`IdError` if malformed).

    The Position ID's player on roll is the Match ID's player who rolls (bit 6); while a
    double is pending that is the doubler, as in an XGID ``D``.
    """
    ms = decode_match_id(match_id)
    pos = decode_position_id(position_id, ms.player_on_roll)
    return XgidState(
        position=pos,
        cube_value=ms.cube_value,
        cube_owner=ms.cube_owner,
        dice=ms.dice,
        double_offered=ms.double_offered,
        score=ms.score,
        match_length=ms.match_length,
        crawford=bool(ms.match_length and ms.crawford),
        jacoby=bool(not ms.match_length and ms.jacoby),
    )


def read_id(text: str) -> tuple[XgidState, int | None]:
    """An XGID, a gnubg ``PositionID:MatchID`` or a bare Position ID, and its cube limit.

    A bare Position ID says nothing but the board: player 0 on roll (the player gnubg
    encodes second), no dice, a centred 1-cube, money play. Raises :class:`IdError`.
    """
    raw = text.strip()
    if raw[:5].upper() == "XGID=" or raw.count(":") == 9:
        state = decode_xgid(raw)
        return state, 1 << state.max_cube
    if ":" in raw:
        pid, _, mid = raw.partition(":")
        return state_from_gnu(pid.strip(), mid.strip()), None
    if len(raw) == 14:
        return XgidState(decode_position_id(raw, 0)), None
    raise IdError(
        N_(
            "{text} is not an XGID (XGID=...), a gnubg PositionID:MatchID or a 14-character"
            " Position ID"
        ).format(text=repr(raw))
    )


# --- the drawn board ---------------------------------------------------------------------


def _label_columns(frame: str) -> dict[int, int]:
    """Point number -> the column of its last digit in a frame line."""
    return {int(m.group()): m.end() - 1 for m in re.finditer(r"\d+", frame)}


def _stack(rows: list[str], column: int, digit_adds: bool) -> tuple[str, int] | None:
    """The mark ('X'/'O') and number of checkers one point's column shows, or None.

    A tall stack is drawn with a number in its fifth row: XG writes the whole count there
    (``6`` under four marks), BGBlitz the checkers not drawn (``2`` under four marks):
    ``digit_adds`` says which.
    """
    marks = {"X": 0, "O": 0}
    shown = 0
    for row in rows:
        char = row[column] if column < len(row) else " "
        if char in marks:
            marks[char] += 1
        elif char.isdigit():
            start = column
            while start > 0 and row[start - 1].isdigit():
                start -= 1
            shown = int(row[start : column + 1])
    mark = "X" if marks["X"] else "O" if marks["O"] else ""
    if marks["X"] and marks["O"]:
        return ("?", 0)
    if not mark:
        return None
    return mark, marks[mark] + shown if digit_adds else max(marks[mark], shown)


def read_board(lines: list[str], digit_adds: bool = False) -> dict[int, tuple[str, int]] | None:
    """The checkers a drawn board shows, by point label (X's numbering, 1..24).

    ``lines`` start with the top frame; None if no bottom frame follows. A point drawn with
    both marks gives ``("?", 0)``. The bar and borne-off checkers are not read (the writers
    draw them differently).
    """
    bottom = next((i for i, line in enumerate(lines) if BOTTOM_FRAME.match(line)), None)
    if bottom is None or bottom < 3:
        return None
    rows = lines[1:bottom]
    middle = next((i for i, row in enumerate(rows) if "BAR" in row), len(rows) // 2)
    out: dict[int, tuple[str, int]] = {}
    halves = ((lines[0], rows[:middle]), (lines[bottom], rows[middle + 1 :]))
    for frame, half in halves:
        for point, column in _label_columns(frame).items():
            found = _stack(half, column, digit_adds)
            if found is not None and 1 <= point <= 24:
                out[point] = found
    return out


def board_problem(shown: dict[int, tuple[str, int]], state: XgidState) -> str | None:
    """How a drawn board (``read_board``) differs from ``state``'s, or None if it does not."""
    top, bottom = state.position.boards  # top = O (player 0), bottom = X (player 1)
    for point in range(1, 25):
        mark, count = shown.get(point, ("", 0))
        want = ("X", bottom[point]) if bottom[point] else ("O", top[25 - point])
        if not want[1]:
            want = ("", 0)
        if (mark, count) != want:
            said = f"{count} {mark}" if count else N_("nothing")
            if mark == "?":
                said = N_("both X and O")
            needed = f"{want[1]} {want[0]}" if want[1] else N_("nothing")
            return N_("point {point} shows {said}, the identifier says {needed}").format(
                point=point, said=said, needed=needed
            )
    return None
