"""Reading a POSITION argument: XGID, gnubg ``PositionID:MatchID`` or a bare Position ID."""

from __future__ import annotations

import re
from dataclasses import dataclass

from gamao_cli.engine.ids import IdError, MatchState, decode_match_id, decode_position_id
from gamao_cli.engine.position import Position
from gamao_cli.engine.xgid import decode_xgid
from gamao_cli.i18n import _


@dataclass(frozen=True, slots=True)
class PositionArg:
    position: Position
    dice: tuple[int, int] | None
    cube_value: int = 1
    cube_owner: int = -1
    score: tuple[int, int] | None = None
    match_length: int | None = None


_DICE = re.compile(r"^\s*([1-6])\s*[-,/ ]?\s*([1-6])\s*$")


def parse_dice(text: str) -> tuple[int, int]:
    m = _DICE.match(text)
    if not m:
        raise ValueError(
            _("dice '{text}': expected two digits 1-6, like 31 or 3-1").format(text=text)
        )
    return int(m.group(1)), int(m.group(2))


_THREE_DICE = re.compile(r"^\s*([1-6])\s*[-,/ ]?\s*([1-6])\s*[-,/ ]?\s*([1-6])\s*$")


def parse_roll(text: str, count: int) -> tuple[int, ...]:
    """A roll of ``count`` dice: two (:func:`parse_dice`) or tabula's three (``642``,
    ``6-4-2``)."""
    if count == 2:
        return parse_dice(text)
    m = _THREE_DICE.match(text)
    if not m:
        raise ValueError(
            _("dice '{text}': expected three digits 1-6, like 642 or 6-4-2").format(text=text)
        )
    return int(m.group(1)), int(m.group(2)), int(m.group(3))


def parse_position(text: str) -> PositionArg:
    raw = text.strip()
    if raw.upper().startswith("XGID=") or raw.count(":") >= 9:
        x = decode_xgid(raw)
        return PositionArg(
            x.position,
            x.dice,
            x.cube_value,
            x.cube_owner,
            x.score,
            x.match_length,
        )
    if ":" in raw:
        pid, _sep, mid = raw.partition(":")
        state: MatchState = decode_match_id(mid.strip())
        turn = state.player_on_roll
        pos = decode_position_id(pid.strip(), turn)
        return PositionArg(
            pos,
            state.dice,
            state.cube_value,
            state.cube_owner,
            state.score,
            state.match_length,
        )
    if len(raw) == 14:
        return PositionArg(decode_position_id(raw, 0), None)
    raise IdError(
        _(
            "position '{raw}': expected an XGID (XGID=...), a gnubg PositionID:MatchID or a "
            "14-character Position ID"
        ).format(raw=raw)
    )
