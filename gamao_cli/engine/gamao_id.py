"""gamao's position string, for positions the standard IDs cannot carry.

gnubg's Position ID and XG's XGID lay both sides out with the opposite numbering ``25 - p`` and
15 checkers: a Long Nardy position (both sides running the same way, the opponent's point
``p ± 12``) or an acey-deucey position (checkers not yet entered) would decode as something
else in every tool that reads them. gamao refuses them there and writes this instead::

    GAMAO=<variant>/<turn>/<player 0's checkers>/<player 1's checkers>

Each side's checkers are in its **own** numbering (24..1, as its moves are written), as
comma-separated ``point`` or ``pointxcount`` items: ``24x14,18`` is fourteen on 24 and one on 18.
``b`` is the bar, ``in`` acey-deucey's checkers not yet entered; checkers not listed are borne
off; ``-`` is a side with every checker off. ``turn`` is the player on roll (0 or 1). The
variant is a ``--variant`` name. Examples: Long Nardy's start ``GAMAO=longnardy/0/24x15/24x15``,
acey-deucey's ``GAMAO=aceydeucey/0/inx15/inx15``.
"""

from __future__ import annotations

from gamao_cli.engine.position import Position
from gamao_cli.engine.ruleset import POOL, RuleError, RuleSet, rule_set
from gamao_cli.engine.variants import variant_named
from gamao_cli.model.actions import BAR, Board

PREFIX = "GAMAO="


def _side(board: Board) -> str:
    items: list[str] = []
    for p in sorted(range(1, len(board)), key=lambda p: -p if p < BAR else -100 - p):
        n = board[p]
        if not n:
            continue
        name = "b" if p == BAR else "in" if p == POOL else str(p)
        items.append(name if n == 1 else f"{name}x{n}")
    return ",".join(items) or "-"


def encode(rs: RuleSet, position: Position) -> str:
    """The position string of ``position`` under ``rs``."""
    b0, b1 = position.boards
    return f"{PREFIX}{rs.variant.value}/{position.turn}/{_side(b0)}/{_side(b1)}"


def _parse_side(rs: RuleSet, text: str, who: int) -> Board:
    points: dict[int, int] = {}
    if text.strip() != "-":
        for item in text.split(","):
            name, _, count = item.strip().lower().partition("x")
            if name == "b":
                point = BAR
            elif name == "in":
                point = POOL
            elif name.isdigit() and 1 <= int(name) <= 24:
                point = int(name)
            else:
                raise ValueError(f"player {who}: '{item}' is not a point 1-24, b or in")
            if point == POOL and not rs.pool:
                raise ValueError(f"player {who}: 'in' exists in acey-deucey only")
            if point == BAR and rs.same_direction:
                raise ValueError(f"player {who}: Long Nardy has no bar")
            if count and not count.isdigit():
                raise ValueError(f"player {who}: '{item}': the count after x is not a number")
            points[point] = points.get(point, 0) + (int(count) if count else 1)
    try:
        return rs.board_from_points(points)
    except ValueError as exc:
        raise ValueError(f"player {who}: {exc}") from None


def decode(text: str) -> tuple[RuleSet, Position]:
    """The rule set and position of a position string; ValueError naming what is wrong."""
    raw = text.strip()
    if not raw.upper().startswith(PREFIX):
        raise ValueError(f"'{raw}' does not start with {PREFIX}")
    fields = raw[len(PREFIX) :].split("/")
    if len(fields) != 4:
        raise ValueError(
            f"'{raw}': expected {PREFIX}<variant>/<turn>/<player 0>/<player 1> (4 fields after "
            f"=, found {len(fields)})"
        )
    variant = variant_named(fields[0])
    if variant is None:
        raise ValueError(f"'{raw}': '{fields[0]}' is not a variant")
    try:
        rs = rule_set(variant)
    except RuleError as exc:
        raise ValueError(f"'{raw}': {exc}") from None
    if fields[1].strip() not in ("0", "1"):
        raise ValueError(f"'{raw}': the player on roll is 0 or 1, not '{fields[1]}'")
    try:
        boards = (_parse_side(rs, fields[2], 0), _parse_side(rs, fields[3], 1))
    except ValueError as exc:
        raise ValueError(f"'{raw}': {exc}") from None
    problems = rs.problems(boards)
    if problems:
        raise ValueError(f"'{raw}' is impossible: {problems[0]}")
    return rs, Position(boards, int(fields[1]))


def standard_ids_fit(rs: RuleSet) -> bool:
    """Whether gnubg's IDs and XGID carry positions of ``rs`` faithfully (not Long Nardy, not
    acey-deucey; hypergammon's Position IDs are gnubg's own)."""
    return not (rs.same_direction or rs.pool)
