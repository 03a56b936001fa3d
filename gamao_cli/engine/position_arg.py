"""Reading a POSITION argument: XGID, gnubg ``PositionID:MatchID``, a bare Position ID, gamao's
position string or 'start', under a variant's rule set (:func:`read_position`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from gamao_cli.engine import gamao_id
from gamao_cli.engine.ids import IdError, MatchState, decode_match_id, decode_position_id
from gamao_cli.engine.position import Position
from gamao_cli.engine.ruleset import RuleSet, applicable_options, rule_set
from gamao_cli.engine.xgid import decode_xgid
from gamao_cli.i18n import _
from gamao_cli.model.actions import OFF, Board
from gamao_cli.model.match import Variant


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


def _rebased(board: Board, checkers: int) -> Board:
    """A board decoded from a standard ID (15 checkers) with its off count for ``checkers``."""
    cells = list(board)
    cells[OFF] = checkers - sum(cells[1:])
    if cells[OFF] < 0:
        raise ValueError(
            _("more than {checkers} checkers on a side for this variant").format(checkers=checkers)
        )
    return tuple(cells)


def read_position(
    text: str,
    chosen: Variant | None = None,
    houses: tuple[str, ...] = (),
    pairs: tuple[tuple[str, str], ...] = (),
    notice: Callable[[str], None] | None = None,
) -> tuple[PositionArg, RuleSet]:
    """A position given as text ('start', gamao's position string, an XGID or gnubg ID) and
    the rule set it is played under: ``chosen`` (else the position string's variant, else
    standard) with the house rules and the options that apply to it. ``notice`` is told when
    the position string names another variant than ``chosen``; ValueError or IdError naming
    what is wrong."""
    raw = text.strip()

    def rules(variant: Variant) -> RuleSet:
        return rule_set(variant, houses, applicable_options(variant, pairs))

    if raw.lower() == "start":
        rs = rules(chosen or Variant.STANDARD)
        return PositionArg(Position(rs.start_boards(), 0), None), rs
    if raw.upper().startswith(gamao_id.PREFIX):
        own, pos = gamao_id.decode(raw)
        if chosen is not None and chosen is not own.variant:
            if notice is not None:
                notice(
                    _("the position string says {variant}; played as {chosen} as asked").format(
                        variant=own.variant.value, chosen=chosen.value
                    )
                )
            own = rules(chosen)
            if len(pos.boards[0]) != own.cells:
                raise ValueError(
                    _("a {variant} position cannot be read from '{raw}'").format(
                        variant=own.variant.value, raw=raw
                    )
                )
        else:
            own = rules(own.variant)
        return PositionArg(pos, None), own
    rs = rules(chosen or Variant.STANDARD)
    if not gamao_id.standard_ids_fit(rs):
        raise ValueError(
            _(
                "'{raw}': an XGID or gnubg ID cannot carry a {variant} position (it lays the "
                "sides out as 25 - p with no checkers waiting to enter); give a gamao position "
                "string, GAMAO=..., or 'start'"
            ).format(raw=raw, variant=rs.variant.value)
        )
    arg = parse_position(raw)
    if rs.checkers != 15:
        b0, b1 = arg.position.boards
        pos = Position((_rebased(b0, rs.checkers), _rebased(b1, rs.checkers)), arg.position.turn)
        arg = PositionArg(
            pos, arg.dice, arg.cube_value, arg.cube_owner, arg.score, arg.match_length
        )
    return arg, rs
