"""eXtreme Gammon's XGID (``shared/research/formats.md`` section 4.3).

``XGID=<position>:<cube>:<owner>:<turn>:<dice>:<score bottom>:<score top>:<rule>:<length>:``
``<maxcube>`` (one line).

XG draws two players: the bottom player X and the top player O. Here player 0 is XG's top
player O (gnubg's player 0, also drawn as O) and player 1 is XG's bottom player X; the corpus
cross-check in formats.md 4.3 (Match ID score 4-2 = XGID ``2:4``) fixes this mapping.

The position field is 26 characters: index 0 = the top player's bar, 1..24 = points 1..24
counted from the bottom player's side, 25 = the bottom player's bar; ``-`` empty, ``A``..``P`` =
1..16 bottom checkers, ``a``..``p`` = top checkers (a top checker at index i is on the top
player's point 25 - i).
"""

from __future__ import annotations

from dataclasses import dataclass

from gamao_cli.engine.ids import IdError
from gamao_cli.engine.position import CHECKERS, Position
from gamao_cli.i18n import N_
from gamao_cli.model.actions import BAR, OFF

TOP, BOTTOM = 0, 1  # our player numbers for XG's top (O) and bottom (X) players
_FIELDS = 10
_MAX_CUBE_LOG2 = 15


@dataclass(frozen=True, slots=True)
class XgidState:
    """What an XGID says.

    ``position.turn`` is the player whose turn it is (XG's turn field): the player to roll or
    to play ``dice``, or, when ``double_offered``, the player who doubled; the other player
    must then take or pass (see :attr:`decider`). ``cube_owner``: -1 centred, else a player.
    ``score`` is (player 0, player 1). ``crawford`` is only meaningful in match play (rule 1),
    ``jacoby`` and ``beaver`` only in money play (rule bits 0 and 1). ``max_cube`` is the raw
    last field, the log2 of the cube limit (XG writes 10 = 1024).
    """

    position: Position
    cube_value: int = 1
    cube_owner: int = -1
    dice: tuple[int, int] | None = None
    double_offered: bool = False
    score: tuple[int, int] = (0, 0)
    match_length: int = 0
    crawford: bool = False
    jacoby: bool = False
    beaver: bool = False
    max_cube: int = 10

    @property
    def turn(self) -> int:
        return self.position.turn

    @property
    def decider(self) -> int:
        """The player who must act now: the opponent of ``turn`` while a double is pending."""
        return 1 - self.position.turn if self.double_offered else self.position.turn

    @property
    def cube_limit(self) -> int:
        return 1 << self.max_cube


def _fail(text: str, why: str) -> IdError:
    return IdError(N_("XGID {text}: {why}").format(text=repr(text), why=why))


def _int_field(text: str, name: str, raw: str, low: int, high: int | None = None) -> int:
    body = raw[1:] if raw.startswith("-") else raw
    if not body.isdigit() or not body.isascii():
        raise _fail(text, N_("{name} {raw} is not a whole number").format(name=name, raw=repr(raw)))
    value = int(raw)
    if value < low or (high is not None and value > high):
        allowed = f"{low}..{high}" if high is not None else N_("at least {low}").format(low=low)
        raise _fail(
            text,
            N_("{name} {value} is not {allowed}").format(name=name, value=value, allowed=allowed),
        )
    return value


def _decode_board(text: str, field: str) -> Position:
    if len(field) != 26:
        raise _fail(
            text, N_("position field has {count} characters, not 26").format(count=len(field))
        )
    top = [0] * 26
    bottom = [0] * 26
    for index, char in enumerate(field):
        if char == "-":
            continue
        if "A" <= char <= "P":
            n = ord(char) - ord("A") + 1
            if index == 0:
                raise _fail(
                    text,
                    N_("bottom checkers {char} on the top player's bar (index 0)").format(
                        char=repr(char)
                    ),
                )
            bottom[index] = n  # index 25 is the bottom player's bar
        elif "a" <= char <= "p":
            n = ord(char) - ord("a") + 1
            if index == 25:
                raise _fail(
                    text,
                    N_("top checkers {char} on the bottom player's bar (index 25)").format(
                        char=repr(char)
                    ),
                )
            top[BAR if index == 0 else 25 - index] = n
        else:
            raise _fail(
                text,
                N_("position character {char} at index {index} is not '-', A-P or a-p").format(
                    char=repr(char), index=index
                ),
            )
    for name, cells in ((N_("bottom"), bottom), (N_("top"), top)):
        total = sum(cells)
        if total > CHECKERS:
            raise _fail(
                text,
                N_("the {name} player has {total} checkers, more than 15").format(
                    name=name, total=total
                ),
            )
        cells[OFF] = CHECKERS - total
    return Position((tuple(top), tuple(bottom)), 0)


def decode_xgid(text: str) -> XgidState:
    """Read an XGID, with or without the ``XGID=`` prefix; :class:`IdError` if malformed."""
    raw = text.strip()
    body = raw[5:] if raw[:5].upper() == "XGID=" else raw
    fields = body.split(":")
    if len(fields) != _FIELDS:
        raise _fail(
            raw,
            N_("has {count} ':'-separated fields, not {fields}").format(
                count=len(fields), fields=_FIELDS
            ),
        )
    pos_f, cube_f, owner_f, turn_f, dice_f, bottom_f, top_f, rule_f, length_f, max_f = fields
    board = _decode_board(raw, pos_f)
    cube_log2 = _int_field(raw, N_("cube"), cube_f, 0, _MAX_CUBE_LOG2)
    owner = _int_field(raw, N_("cube owner"), owner_f, -1, 1)
    turn_code = _int_field(raw, N_("turn"), turn_f, -1, 1)
    if turn_code == 0:
        raise _fail(raw, N_("turn 0 is not 1 (bottom player) or -1 (top player)"))
    turn = BOTTOM if turn_code == 1 else TOP
    dice: tuple[int, int] | None = None
    doubled = dice_f == "D"
    if not doubled:
        if len(dice_f) != 2 or not dice_f.isdigit() or not dice_f.isascii():
            raise _fail(
                raw,
                N_("dice {dice_f} are not '00', 'D' or two digits 1..6").format(
                    dice_f=repr(dice_f)
                ),
            )
        d0, d1 = int(dice_f[0]), int(dice_f[1])
        if (d0, d1) != (0, 0):
            if not (1 <= d0 <= 6 and 1 <= d1 <= 6):
                raise _fail(
                    raw,
                    N_("dice {dice_f} are not '00', 'D' or two digits 1..6").format(
                        dice_f=repr(dice_f)
                    ),
                )
            dice = (d0, d1)
    score_bottom = _int_field(raw, N_("bottom player's score"), bottom_f, 0)
    score_top = _int_field(raw, N_("top player's score"), top_f, 0)
    length = _int_field(raw, N_("match length"), length_f, 0)
    rule = _int_field(raw, N_("rule"), rule_f, 0, 1 if length else 3)
    max_cube = _int_field(raw, N_("maximum cube"), max_f, 0, _MAX_CUBE_LOG2)
    return XgidState(
        position=board.with_turn(turn),
        cube_value=1 << cube_log2,
        cube_owner=-1 if owner == 0 else (BOTTOM if owner == 1 else TOP),
        dice=dice,
        double_offered=doubled,
        score=(score_top, score_bottom),
        match_length=length,
        crawford=bool(length and rule == 1),
        jacoby=bool(not length and rule & 1),
        beaver=bool(not length and rule & 2),
        max_cube=max_cube,
    )


def _position_field(pos: Position) -> str:
    top, bottom = pos.boards
    cells = ["-"] * 26
    for index in range(26):
        if index == 0:
            n_top, n_bottom = top[BAR], 0
        elif index == 25:
            n_top, n_bottom = 0, bottom[BAR]
        else:
            n_top, n_bottom = top[25 - index], bottom[index]
        if n_top and n_bottom:
            raise IdError(
                N_("both players have checkers on the bottom player's point {index}").format(
                    index=index
                )
            )
        n = n_top or n_bottom
        if n > 16:
            raise IdError(
                N_("{n} checkers at XGID index {index}: XGID holds at most 16").format(
                    n=n, index=index
                )
            )
        if n:
            cells[index] = chr((ord("a") if n_top else ord("A")) + n - 1)
    return "".join(cells)


def encode_xgid(state: XgidState, *, prefix: bool = True) -> str:
    """The XGID of ``state`` (with the ``XGID=`` prefix unless ``prefix`` is False)."""
    cube = state.cube_value
    if cube < 1 or cube & (cube - 1) or cube > 1 << _MAX_CUBE_LOG2:
        raise IdError(N_("cube value {cube} is not a power of 2 from 1 to 32768").format(cube=cube))
    if state.cube_owner not in (-1, 0, 1):
        raise IdError(
            N_("cube owner {cube_owner} is not -1 (centred), 0 or 1").format(
                cube_owner=state.cube_owner
            )
        )
    if state.double_offered and state.dice is not None:
        raise IdError(N_("an XGID cannot show both dice and a pending double"))
    if state.dice is not None and not all(1 <= d <= 6 for d in state.dice):
        raise IdError(N_("dice {dice} are not two numbers 1..6").format(dice=state.dice))
    owner = 0 if state.cube_owner == -1 else (1 if state.cube_owner == BOTTOM else -1)
    turn = 1 if state.position.turn == BOTTOM else -1
    if state.double_offered:
        dice = "D"
    elif state.dice is None:
        dice = "00"
    else:
        dice = f"{state.dice[0]}{state.dice[1]}"
    money_rule = int(state.jacoby) | int(state.beaver) << 1
    rule = int(state.crawford) if state.match_length else money_rule
    fields = (
        _position_field(state.position),
        str(cube.bit_length() - 1),
        str(owner),
        str(turn),
        dice,
        str(state.score[BOTTOM]),
        str(state.score[TOP]),
        str(rule),
        str(state.match_length),
        str(state.max_cube),
    )
    return ("XGID=" if prefix else "") + ":".join(fields)
