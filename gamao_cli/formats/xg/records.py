"""The fixed 2560-byte records of ``temp.xg`` (research/formats-wave2.md 9.2).

Byte 8 is the record type; offsets below are absolute within the record (Delphi natural
alignment from the record start). Only the fields the reader uses are decoded, each once,
with precompiled :class:`struct.Struct` objects. XG's players are 1 and -1 (``Actif``,
``ActifP``, ``Winner``): player 1 is the model's player 0.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

RECORD_SIZE = 2560
MATCH_HEADER, GAME_HEADER, CUBE, MOVE, GAME_FOOTER, MATCH_FOOTER = 0, 1, 2, 3, 4, 5
DMLI = b"DMLI"
MONEY_LENGTH = 99999
NOT_ANALYSED = -1000.0
MAX_CANDIDATES = 32

_I = struct.Struct("<i")
_II = struct.Struct("<ii")
_D = struct.Struct("<d")
_POS = struct.Struct("<26b")
_MATCH = struct.Struct("<ii4B")  # 92: length, variation, crawford, jacoby, beaver, autodouble
_ELO = struct.Struct("<dd")
_GAME = struct.Struct("<ii?26b")  # 12: scores, crawford, PosInit
_CUBE = struct.Struct("<iiiiii26b")  # 12: actif, double, take, beaver, raccoon, cubeB, pos
_CUBE_EQ = struct.Struct("<7f3f")  # 124: eval[7], equB, equDouble, equDrop
_MOVE = struct.Struct("<26b26bxxxi8iii")  # 9: PositionI, PositionEnd, ActifP, Moves, Dice
_MOVE_ERR = struct.Struct("<dd")  # 2312: ErrMove, ErrLuck
_FOOTER = struct.Struct("<ii?3xiii4xdd")  # 12: scores, crawford, winner, points, termination
_CAND_MOVES = struct.Struct("<8b")
_CAND_EVAL = struct.Struct("<7f")
_CAND_LEVEL = struct.Struct("<h")


def pascal(data: bytes, offset: int, size: int) -> str:
    """A Delphi ``string[size]``: a length byte, then ANSI (cp1252) text."""
    n = min(data[offset], size)
    return data[offset + 1 : offset + 1 + n].decode("cp1252", errors="replace")


def utf16(data: bytes, offset: int, units: int = 129) -> str | None:
    """A NUL-terminated UTF-16LE field; None when it holds unpaired surrogates."""
    raw = data[offset : offset + 2 * units]
    end = 0
    while end + 1 < len(raw) and (raw[end] or raw[end + 1]):
        end += 2
    try:
        return raw[:end].decode("utf-16-le")
    except UnicodeDecodeError:
        return None


@dataclass(slots=True)
class MatchHeader:
    player_ansi: tuple[str, str]
    player_unicode: tuple[str | None, str | None]
    length: int
    variation: int
    crawford: bool
    jacoby: bool
    beaver: bool
    elo: tuple[float, float]
    date: float  # TDateTime: days since 1899-12-30
    event: str
    location: str
    round: str
    transcriber: str
    version: int
    magic: bytes
    comment_header: int
    comment_footer: int
    site_id: int
    cube_limit: int  # log2 (v8+: 0 is a limit of 1, no cube); -1: not given


def match_header(r: bytes) -> MatchHeader:
    length, variation, crawford, jacoby, beaver, _auto = _MATCH.unpack_from(r, 92)
    version = _I.unpack_from(r, 552)[0]
    unicode = version >= 24
    event, location, round_ = (
        pascal(r, 136, 128),
        pascal(r, 283, 128),
        pascal(r, 417, 128),
    )
    names: tuple[str | None, str | None] = (None, None)
    transcriber = ""
    if unicode:
        names = (utf16(r, 880), utf16(r, 1138))
        event = utf16(r, 622) or event
        location = utf16(r, 1396) or location
        round_ = utf16(r, 1654) or round_
    if version >= 30:
        transcriber = utf16(r, 1960) or ""
    return MatchHeader(
        (pascal(r, 9, 40), pascal(r, 50, 40)),
        names,
        length,
        variation,
        bool(crawford),
        bool(jacoby),
        bool(beaver),
        _ELO.unpack_from(r, 104),
        _D.unpack_from(r, 128)[0],
        event,
        location,
        round_,
        transcriber,
        version,
        r[556:560],
        _I.unpack_from(r, 576)[0],
        _I.unpack_from(r, 580)[0],
        _I.unpack_from(r, 608)[0],
        _I.unpack_from(r, 612)[0] if version >= 8 else -1,
    )


@dataclass(slots=True)
class GameHeader:
    score: tuple[int, int]
    crawford: bool
    position: tuple[int, ...]  # PosInit, player 1's frame; all zero: the standard start
    number: int
    comment_header: int


def game_header(r: bytes) -> GameHeader:
    values = _GAME.unpack_from(r, 12)
    return GameHeader(
        (values[0], values[1]),
        values[2],
        values[3:],
        _I.unpack_from(r, 48)[0],
        _I.unpack_from(r, 56)[0],
    )


@dataclass(slots=True)
class CubeRecord:
    actif: int  # 1 / -1: the player who may double
    double: int  # 1 doubled, 0 rolled, -1 game ended, -2 no cube decision
    take: int  # 1 take, 0 pass, 2 beaver, -1 no answer
    beaver: int
    raccoon: int
    cube_b: int  # signed log2 of the cube: + player 1 owns it
    position: tuple[int, ...]
    level: int
    eval: tuple[float, ...]  # no-double cubeless [loseBG, loseG, lose, win, winG, winBG, eq]
    no_double: float
    double_take: float
    double_pass: float
    err_cube: float
    err_take: float
    comment: int


def cube_record(r: bytes) -> CubeRecord:
    values = _CUBE.unpack_from(r, 12)
    eq = _CUBE_EQ.unpack_from(r, 124)
    return CubeRecord(
        values[0],
        values[1],
        values[2],
        values[3],
        values[4],
        values[5],
        values[6:],
        _I.unpack_from(r, 92)[0],
        eq[:7],
        eq[7],
        eq[8],
        eq[9],
        _D.unpack_from(r, 200)[0],
        _D.unpack_from(r, 216)[0],
        _I.unpack_from(r, 292)[0],
    )


@dataclass(slots=True)
class MoveRecord:
    position_start: tuple[int, ...]  # PositionI (player 1's frame)
    position_end: tuple[int, ...]  # PositionEnd (the mover's frame)
    actif: int
    moves: tuple[int, ...]  # 8 ints: (from, to) pairs, 0-based mover numbering
    dice: tuple[int, int]
    level: int
    candidates: int  # NMoves of the analysis (0..32)
    unused: bool  # "does not count as a decision"
    err_move: float
    err_luck: float
    invalid: int
    comment: int


def move_record(r: bytes) -> MoveRecord:
    values = _MOVE.unpack_from(r, 9)
    err_move, err_luck = _MOVE_ERR.unpack_from(r, 2312)
    return MoveRecord(
        values[:26],
        values[26:52],
        values[52],
        values[53:61],
        (values[61], values[62]),
        _I.unpack_from(r, 160)[0],
        min(max(_I.unpack_from(r, 188)[0], 0), MAX_CANDIDATES),
        bool(r[2304]),
        err_move,
        err_luck,
        _I.unpack_from(r, 2480)[0],
        _I.unpack_from(r, 2524)[0],
    )


_BLOCKS = [
    (struct.Struct(f"<{8 * n}b"), struct.Struct("<" + "hxx" * n), struct.Struct(f"<{7 * n}f"))
    for n in range(MAX_CANDIDATES + 1)
]


def candidates(r: bytes, count: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...]]:
    """The first ``count`` candidates of a move record at once: their pairs (8 a candidate),
    evaluation levels and cubeless evaluation vectors (7 a candidate)."""
    moves, levels, evals = _BLOCKS[count]
    return moves.unpack_from(r, 1024), levels.unpack_from(r, 1280), evals.unpack_from(r, 1408)


def played_index(r: bytes, count: int) -> int | None:
    """The first candidate whose resulting position (``PosPlayed``) is the record's
    ``PositionEnd``, or None (a play XG did not list)."""
    end = r[35:61]
    block = r[192 : 192 + 26 * count]
    at = block.find(end)
    while at >= 0 and at % 26:
        at = block.find(end, at + 1)
    return None if at < 0 else at // 26


@dataclass(slots=True)
class GameFooter:
    score: tuple[int, int]
    crawford_next: bool
    winner: int
    points: int
    termination: int
    err_resign: float
    err_take_resign: float


def game_footer(r: bytes) -> GameFooter:
    s1, s2, crawford, winner, points, termination, err_resign, err_take = _FOOTER.unpack_from(r, 12)
    return GameFooter((s1, s2), crawford, winner, points, termination, err_resign, err_take)


@dataclass(slots=True)
class MatchFooter:
    score: tuple[int, int]
    winner: int


def match_footer(r: bytes) -> MatchFooter:
    s1, s2 = _II.unpack_from(r, 12)
    return MatchFooter((s1, s2), _I.unpack_from(r, 20)[0])


_LEVEL_NAMES: dict[int, str] = {}


def level_name(level: int) -> str:
    """XG's name of an analysis level (research/formats-wave2.md 9.3); "" for none."""
    known = _LEVEL_NAMES.get(level)
    if known is None:
        known = _level_name(level)
        if len(_LEVEL_NAMES) < 1024:
            _LEVEL_NAMES[level] = known
    return known


def _level_name(level: int) -> str:
    if 0 <= level <= 6:
        return f"{level + 1}-ply"
    names = {
        12: "3-ply red",
        100: "rollout",
        998: "book",
        999: "book",
        1000: "XG Roller",
        1001: "XG Roller+",
        1002: "XG Roller++",
    }
    if level in names:
        return names[level]
    return "" if level < 0 else f"level {level}"
