"""GNU Backgammon's Position ID (14 characters) and Match ID (12 characters).

Both are little-endian bit strings (bit 0 = the least significant bit of byte 0) written in
Base64 without padding. See ``shared/research/formats.md`` sections 4.1 and 4.2.

Position ID: for the player **not** on roll, then the player on roll, for each of their points
1..24 and then their bar (in that player's own numbering), one ``1`` per checker and then a
``0``; 80 bits, zero-padded. Match ID: the cube, the score and the state of the game in 67
bits of 72 (bit 66 is gnubg's inverted "Jacoby not in use" flag).

Like gnubg's readers, the decoders ignore the unused low bits of the last Base64 character
and Match ID bits 67..71.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

from gamao_cli.engine.position import CHECKERS, Position
from gamao_cli.i18n import N_
from gamao_cli.model.actions import BAR, OFF, Board

POSITION_ID_LENGTH = 14
MATCH_ID_LENGTH = 12

_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
_ROLE = (N_("the player not on roll"), N_("the player on roll"))
_GAME_STATES = 5  # 0 none, 1 playing, 2 over, 3 resigned, 4 dropped
_MAX_FIELD = (1 << 15) - 1  # match length and scores are 15-bit fields


class IdError(ValueError):
    """A position or match identifier that cannot be read; the message is one line."""


def _bytes_of(kind: str, text: str, length: int, nbytes: int) -> bytes:
    if len(text) != length:
        raise IdError(
            N_("{kind} {text} has {count} characters, not {length}").format(
                kind=kind, text=repr(text), count=len(text), length=length
            )
        )
    for column, char in enumerate(text, 1):
        if char not in _B64:
            raise IdError(
                N_(
                    "{kind} {text} has {char} at character {column}, which is not Base64 "
                    "(A-Z, a-z, 0-9, +, /)"
                ).format(kind=kind, text=repr(text), char=repr(char), column=column)
            )
    return base64.b64decode(text + "=" * (-length % 4))[:nbytes]


def _text_of(value: int, nbytes: int, length: int) -> str:
    return base64.b64encode(value.to_bytes(nbytes, "little")).decode("ascii")[:length]


# --- Position ID -------------------------------------------------------------------------


def _board_bits(board: Board, value: int, shift: int) -> tuple[int, int]:
    for point in range(1, BAR + 1):
        n = board[point]
        if n:
            value |= ((1 << n) - 1) << shift
        shift += n + 1
    return value, shift


def position_key(on_roll: Board, other: Board) -> int:
    """The Position ID's 80 bits as an integer (bit 0 first)."""
    value, shift = _board_bits(other, 0, 0)
    value, shift = _board_bits(on_roll, value, shift)
    if shift > 80:
        raise IdError(
            N_("the boards hold {value} checkers on the board, more than 30").format(
                value=shift - 50
            )
        )
    return value


def position_id_from_boards(on_roll: Board, other: Board) -> str:
    """The Position ID of two boards, each in its owner's numbering (off at 0, bar at 25)."""
    return _text_of(position_key(on_roll, other), 10, POSITION_ID_LENGTH)


def position_id(pos: Position) -> str:
    """gnubg's Position ID of ``pos``; the player on roll is ``pos.turn``."""
    return position_id_from_boards(pos.mover, pos.opponent)


def _where(point: int) -> str:
    return N_("the bar") if point == BAR else N_("point {point}").format(point=point)


def decode_position_id(text: str, turn: int = 0) -> Position:
    """The position a Position ID describes, with player ``turn`` on roll.

    Raises :class:`IdError` for a wrong length, a non-Base64 character, more than 15 checkers
    for a player, stray bits after the last point, or both players on one point.
    """
    if turn not in (0, 1):
        raise ValueError(f"turn must be 0 or 1, not {turn}")
    text = text.strip()
    value = int.from_bytes(_bytes_of("position ID", text, POSITION_ID_LENGTH, 10), "little")
    counts: list[list[int]] = [[0] * 26, [0] * 26]
    bit = 0
    for role in (0, 1):
        cells = counts[role]
        for point in range(1, BAR + 1):
            while bit < 80 and (value >> bit) & 1:
                cells[point] += 1
                bit += 1
            if bit >= 80:
                raise IdError(
                    N_(
                        "position ID {text} runs out of bits at {where} of {role}: "
                        "more than 30 checkers"
                    ).format(text=repr(text), where=_where(point), role=_ROLE[role])
                )
            bit += 1  # the separator
        total = sum(cells)
        if total > CHECKERS:
            raise IdError(
                N_("position ID {text} gives {role} {total} checkers, more than 15").format(
                    text=repr(text), role=_ROLE[role], total=total
                )
            )
        cells[OFF] = CHECKERS - total
    if value >> bit:
        raise IdError(
            N_("position ID {text} has checker bits after the last point").format(text=repr(text))
        )
    other, mover = counts
    for point in range(1, 25):
        if mover[point] and other[25 - point]:
            raise IdError(
                N_(
                    "position ID {text} puts both players on point {point} of the player on "
                    "roll ({mover} and {other} checkers)"
                ).format(text=repr(text), point=point, mover=mover[point], other=other[25 - point])
            )
    if (
        mover[BAR]
        and other[BAR]
        and all(mover[p] >= 2 for p in range(1, 7))
        and all(other[p] >= 2 for p in range(1, 7))
    ):
        raise IdError(
            N_("position ID {text} has both players on the bar against closed home boards").format(
                text=repr(text)
            )
        )
    return Position.from_view(tuple(mover), tuple(other), turn)


# --- Match ID ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchState:
    """The state gnubg's Match ID encodes.

    ``cube_owner``: -1 centred, else the owning player. ``player_on_roll`` (bit 6) is the
    player who rolls or rolled this turn; ``turn`` (bit 11) the player who must act now (the
    opponent while a double or a resignation is pending). ``game_state``: 0 none, 1 playing,
    2 over, 3 resigned, 4 dropped. ``resign_offered``: 0 none, 1 single, 2 gammon,
    3 backgammon. ``dice`` in the order given (gnubg writes the higher die first) or None if
    not rolled. ``match_length`` 0 = money. ``score`` is (player 0, player 1). ``jacoby``: the
    Jacoby rule is in use (stored inverted in bit 66; gnubg's manual, which predates bit 66,
    gives IDs with the bit clear, which therefore read as ``jacoby=True``).
    """

    cube_value: int = 1
    cube_owner: int = -1
    player_on_roll: int = 0
    crawford: bool = False
    game_state: int = 1
    turn: int = 0
    double_offered: bool = False
    resign_offered: int = 0
    dice: tuple[int, int] | None = None
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = False

    def __post_init__(self) -> None:
        problem = _match_state_problem(self)
        if problem:
            raise IdError(N_("invalid match state: {problem}").format(problem=problem))


def _match_state_problem(s: MatchState) -> str | None:
    if s.cube_value < 1 or s.cube_value & (s.cube_value - 1) or s.cube_value > 1 << 15:
        return f"cube value {s.cube_value} is not a power of 2 from 1 to 32768"
    if s.cube_owner not in (-1, 0, 1):
        return f"cube owner {s.cube_owner} is not -1 (centred), 0 or 1"
    if s.player_on_roll not in (0, 1):
        return f"player on roll {s.player_on_roll} is not 0 or 1"
    if s.turn not in (0, 1):
        return f"turn {s.turn} is not 0 or 1"
    if not 0 <= s.game_state < _GAME_STATES:
        return f"game state {s.game_state} is not 0..4"
    if not 0 <= s.resign_offered <= 3:
        return f"resignation level {s.resign_offered} is not 0..3"
    if s.dice is not None and (len(s.dice) != 2 or not all(1 <= d <= 6 for d in s.dice)):
        return f"dice {s.dice} are not two numbers 1..6"
    if not 0 <= s.match_length <= _MAX_FIELD:
        return f"match length {s.match_length} is not 0..{_MAX_FIELD}"
    if len(s.score) != 2 or not all(0 <= x <= _MAX_FIELD for x in s.score):
        return f"score {s.score} is not two numbers 0..{_MAX_FIELD}"
    return None


def match_key(state: MatchState) -> int:
    """The Match ID's bits as an integer (bit 0 first)."""
    d0, d1 = state.dice if state.dice is not None else (0, 0)
    return (
        (state.cube_value.bit_length() - 1)
        | (3 if state.cube_owner == -1 else state.cube_owner) << 4
        | state.player_on_roll << 6
        | int(state.crawford) << 7
        | state.game_state << 8
        | state.turn << 11
        | int(state.double_offered) << 12
        | state.resign_offered << 13
        | d0 << 15
        | d1 << 18
        | state.match_length << 21
        | state.score[0] << 36
        | state.score[1] << 51
        | int(not state.jacoby) << 66
    )


def match_id(state: MatchState) -> str:
    """gnubg's Match ID of ``state`` (12 characters)."""
    return _text_of(match_key(state), 9, MATCH_ID_LENGTH)


def decode_match_id(text: str) -> MatchState:
    """The state a Match ID describes; :class:`IdError` for IDs no gnubg would write."""
    text = text.strip()
    value = int.from_bytes(_bytes_of("match ID", text, MATCH_ID_LENGTH, 9), "little")

    def field(shift: int, width: int) -> int:
        return (value >> shift) & ((1 << width) - 1)

    owner = field(4, 2)
    if owner == 2:
        raise IdError(
            N_("match ID {text} has cube owner code 2 (only 0, 1 and 3 = centred)").format(
                text=repr(text)
            )
        )
    game_state = field(8, 3)
    if game_state >= _GAME_STATES:
        raise IdError(
            N_("match ID {text} has game state {game_state} (only 0..4)").format(
                text=repr(text), game_state=game_state
            )
        )
    d0, d1 = field(15, 3), field(18, 3)
    if d0 > 6 or d1 > 6 or (d0 == 0) != (d1 == 0):
        raise IdError(
            N_("match ID {text} has dice {d0} and {d1} (both 1..6, or both 0)").format(
                text=repr(text), d0=d0, d1=d1
            )
        )
    return MatchState(
        cube_value=1 << field(0, 4),
        cube_owner=-1 if owner == 3 else owner,
        player_on_roll=field(6, 1),
        crawford=bool(field(7, 1)),
        game_state=game_state,
        turn=field(11, 1),
        double_offered=bool(field(12, 1)),
        resign_offered=field(13, 2),
        dice=(d0, d1) if d0 else None,
        match_length=field(21, 15),
        score=(field(36, 15), field(51, 15)),
        jacoby=not field(66, 1),
    )
