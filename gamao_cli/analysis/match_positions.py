"""Every position of a match as its replay computed it: the compact records a report's match
viewer steps through (issue 29).

A match's replay tells a watcher the game's state before each action
(:data:`replay_state.Watch`); each play, cube action, resignation and set-up position becomes
one entry of its game's list, written as JSON (compact, made once in the worker that replays
the match, and cheap to send back)::

    [kind, move, side, dice, text, board, moves, cube]

``kind`` is ``p`` (play), ``d`` (double), ``t`` (take), ``x`` (drop), ``b`` (beaver), ``r``
(resignation) or ``s`` (a position set up); ``move`` the move (row) number as recorded (null
where the format numbers none); ``side`` the acting player (0 or 1); ``dice`` a play's roll
(``"41"``); ``text`` the record's text for it; ``board`` the position before it (below), ``0``
when it is the previous entry's, null once the game cannot be replayed; ``moves`` a play's
moves as from/to points in the mover's numbering, flattened (``[24, 20, 24, 23]``, for
arrows); ``cube`` ``[value, owner]`` before it (owner -1: centred), ``0`` when unchanged.

A board is both players' cells in their own numbering (off, points 1-24, bar, and
acey-deucey's not-yet-entered checkers), one base-36 digit each, player 0's first: 52 or 54
characters, made by one ``bytes.translate`` a side. Where only one side's cells changed since
the previous board written, only they are written, after ``A`` (player 0's) or ``B`` (player
1's): a play changes the mover's side alone unless it hits (:func:`full_board`). The
identifier the viewer shows (and ``gamao check`` reports) is computed from it in the page:
gnubg's Position ID from the acting player's side where the rule set's positions fit one
(:func:`position_text`), else gamao's position string. So the replay's cost grows by little:
no identifier is encoded per play here. The page never plays the rules: the legal plays at a
play with an error or a warning are computed here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Final

from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.records import MatchReplay
from gamao_cli.analysis.replay import MatchReplayer
from gamao_cli.analysis.replay_state import GameState
from gamao_cli.engine import gamao_id
from gamao_cli.engine.cube import CubeState
from gamao_cli.engine.ids import IdError, position_id_from_boards
from gamao_cli.engine.notation import format_play
from gamao_cli.engine.plays import moves_of
from gamao_cli.engine.position import Position
from gamao_cli.engine.ruleset import RuleSet
from gamao_cli.model import actions as act
from gamao_cli.model.actions import Action, Board, Move, MoveMark
from gamao_cli.model.match import Game, Match
from gamao_cli.model.terminal_text import terminal_safe

LEGAL_SHOWN = 60
"""The most legal plays kept at a finding (the rest are counted)."""

_KINDS: Final[dict[type, str]] = {
    act.Move: "p",
    act.Double: "d",
    act.Take: "t",
    act.Drop: "x",
    act.Beaver: "b",
    act.Resign: "r",
    act.SetPosition: "s",
}
_DIGITS: Final = bytes.maketrans(bytes(range(36)), b"0123456789abcdefghijklmnopqrstuvwxyz")
_UNPARSED: Final = MoveMark.UNPARSED
_DICE_TEXT: dict[tuple[int, ...], str] = {}  # "41" for (4, 1), made once a roll
_PAIRS: Final = {a: {b: f"{a},{b}" for b in range(27)} for a in range(27)}  # "24,20"
_NUMBERS: Final = {n: str(n) for n in range(1000)}  # a move's number as text


def board_text(boards: tuple[Board, Board]) -> str:
    """Both boards, one base-36 digit a cell, player 0's first."""
    return (bytes(boards[0]) + bytes(boards[1])).translate(_DIGITS).decode("ascii")


def full_board(previous: str | None, written: str) -> str:
    """The whole board an entry's ``written`` board stands for, after ``previous`` (the
    previous whole board): ``A`` or ``B`` then one side's cells replace that side's."""
    if written[:1] not in ("A", "B"):
        return written
    if previous is None:
        raise ValueError("one side's cells with no board before them")
    cells = written[1:]
    return cells + previous[len(cells) :] if written[0] == "A" else previous[: -len(cells)] + cells


def boards_of(text: str) -> tuple[Board, Board]:
    """The boards :func:`board_text` wrote."""
    cells = tuple(int(c, 36) for c in text)
    half = len(cells) // 2
    return cells[:half], cells[half:]


def position_text(rs: RuleSet, boards: tuple[Board, Board], turn: int) -> str:
    """The position's identifier as the viewer shows it: gnubg's Position ID from ``turn``'s
    side where the rule set's positions fit one, else gamao's position string."""
    if gamao_id.standard_ids_fit(rs):
        try:
            return position_id_from_boards(boards[turn], boards[1 - turn])
        except IdError:
            pass  # more checkers than a Position ID holds
    return gamao_id.encode(rs, Position(boards, turn))


@dataclass(frozen=True, slots=True)
class GamePositions:
    number: int
    score: tuple[int, int]  # before the game
    entries: str  # the JSON list of entries (the module's documentation)
    end: str | None  # the board after the last action; None if not replayable
    end_cube: tuple[int, int]  # the cube then: value, owner (-1 centred)
    legal: str  # JSON: {entry index: [[text, moves, board after], ..., count]}
    places: tuple[tuple[int, int], ...]  # each entry's line (0: none) and column
    moves: tuple[int | None, ...]  # each entry's move number


@dataclass(frozen=True, slots=True)
class MatchPositions:
    """A match's positions: its variant, how player 1's points lie on player 0's numbering
    (``track[p - 1]`` is player 0's number of player 1's point ``p``), its games."""

    file: str
    index: int  # 0-based, as in the tables (match = index + 1)
    variant: str
    standard_ids: bool  # Position IDs (else gamao's position strings)
    checkers: int
    track: tuple[int, ...]
    games: tuple[GamePositions, ...]


Seen = tuple[Action, tuple[Board, Board] | None, CubeState]


class _Watcher:
    """Keeps what the replay tells, as it is (the entries are written after the replay)."""

    def __init__(self) -> None:
        self.seen: list[Seen] = []
        self.ends: list[tuple[int, Game, tuple[Board, Board] | None, CubeState, tuple[int, int]]]
        self.ends = []

    def __call__(self, game: Game, action: Action | None, state: GameState) -> None:
        if action is None:
            self.ends.append((len(self.seen), game, state.boards, state.cube, state.score.score))
        else:
            self.seen.append((action, state.boards, state.cube))


def replay_with_positions(
    match: Match, options: CheckOptions, index: int, file: str
) -> tuple[MatchReplay, MatchPositions]:
    """The match's replay (as :func:`replay.replay_match` without identifiers) and its
    positions, from the same replay."""
    replayer = MatchReplayer(match, options, index, file)
    replayer.ids = False
    rs = replayer.rules.ruleset
    watcher = _Watcher()
    replayer.watch = watcher
    replay = replayer.run()
    flagged = {(f.line or 0, f.column or 0) for f in replay.findings if f.severity != "info"}
    games = []
    start = 0
    for stop, game, boards, cube, score in watcher.ends:
        games.append(_game(rs, watcher.seen[start:stop], game, boards, cube, score, flagged))
        start = stop
    positions = MatchPositions(
        file=replay.file,
        index=index,
        variant=rs.variant.value,
        standard_ids=gamao_id.standard_ids_fit(rs),
        checkers=rs.checkers,
        track=tuple(rs.opponent_point(p) for p in range(1, 25)),
        games=tuple(games),
    )
    return replay, positions


def _game(
    rs: RuleSet,
    seen: list[Seen],
    game: Game,
    end: tuple[Board, Board] | None,
    end_cube: CubeState,
    score: tuple[int, int],
    flagged: set[tuple[int, int]],
) -> GamePositions:
    # The entries' JSON is written here a piece at a time, as json.dumps would write the
    # lists (the same text, at a third of the cost: this runs once a play).
    out: list[str] = []
    places: list[tuple[int, int]] = []
    moves: list[int | None] = []
    legal: dict[int, list[object]] = {}
    last_boards: object = False
    last_cube: object = None
    sides: list[object] = [None, None]  # each side's last board and its digits
    texts = ["", ""]
    kinds = _KINDS
    dice_text = _DICE_TEXT
    digits = _DIGITS
    pairs, numbers, move_type = _PAIRS, _NUMBERS, act.Move
    add_entry, add_place, add_move = out.append, places.append, moves.append
    for action, boards, cube in seen:
        if type(action) is move_type:
            kind = "p"
        else:
            kind = kinds.get(type(action))  # type: ignore[assignment]
            if kind is None:
                continue  # a result line: the game's end shows it
        board = "0"
        if boards is not last_boards:
            if boards is None:
                board = "null"
                sides = [None, None]  # the next board is written whole
            else:  # board_text, a side at a time: a play changes one side's board, often
                b0, b1 = boards
                new0, new1 = b0 is not sides[0], b1 is not sides[1]
                if new0:
                    sides[0], texts[0] = b0, bytes(b0).translate(digits).decode()
                if new1:
                    sides[1], texts[1] = b1, bytes(b1).translate(digits).decode()
                if new0 == new1:
                    board = f'"{texts[0]}{texts[1]}"'
                else:  # one side's cells, after A (player 0) or B (player 1)
                    board = f'"A{texts[0]}"' if new0 else f'"B{texts[1]}"'
            last_boards = boards
        shown = "0"
        if cube is not last_cube:  # a cube state is replaced when it changes
            shown = f"[{cube.value},{-1 if cube.owner is None else cube.owner}]"
            last_cube = cube
        loc = action.location
        place = (loc.line or 0, loc.column or 0)
        number = action.number
        text = action.text
        if text.isascii() and text.isprintable() and '"' not in text and "\\" not in text:
            quoted = f'"{text}"'
        else:
            quoted = _dump(terminal_safe(text))
        numbered = "null" if number is None else numbers.get(number) or str(number)
        if kind == "p":
            move: Move = action  # type: ignore[assignment]
            side = move.player
            roll = move.roll or move.dice
            dice = dice_text.get(roll) or dice_text.setdefault(roll, "".join(map(str, roll)))
            steps = ""
            if move.mark is not _UNPARSED:
                try:
                    steps = ",".join([pairs[s.from_point][s.to_point] for s in move.steps])
                except KeyError:  # a point past the pool: written as it is
                    steps = ",".join([f"{s.from_point},{s.to_point}" for s in move.steps])
            if boards is not None and place in flagged:
                legal[len(out)] = legal_plays_at(rs, boards, side, roll)
            add_entry(f'["p",{numbered},{side},"{dice}",{quoted},{board},[{steps}],{shown}]')
        else:
            side = action.turn if kind == "s" else action.player  # type: ignore[union-attr,assignment]
            add_entry(f'["{kind}",{numbered},{side},"",{quoted},{board},[],{shown}]')
        add_place(place)
        add_move(number)
    return GamePositions(
        number=game.number,
        score=score,
        entries=f"[{','.join(out)}]",
        end=None if end is None else board_text(end),
        end_cube=(end_cube.value, -1 if end_cube.owner is None else end_cube.owner),
        legal=_dump(legal) if legal else "{}",
        places=tuple(places),
        moves=tuple(moves),
    )


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def legal_plays_at(
    rs: RuleSet, boards: tuple[Board, Board], side: int, roll: tuple[int, ...]
) -> list[object]:
    """The legal plays of ``side`` rolling ``roll`` (at most :data:`LEGAL_SHOWN`), each as
    [text, moves, board after], then how many there are."""
    if len(roll) < 2 or not all(1 <= d <= 6 for d in roll):
        return [0]
    me, opp = boards[side], boards[1 - side]
    plays = moves_of(rs).plays(rs, me, opp, roll)
    out: list[object] = []
    for play in plays[:LEGAL_SHOWN]:
        after = (play.mover, play.opponent) if side == 0 else (play.opponent, play.mover)
        steps = [p for s in play.steps for p in (s[0], s[1])]
        out.append([format_play(play.steps), steps, board_text(after)])
    out.append(len(plays))
    return out


__all__ = [
    "GamePositions",
    "MatchPositions",
    "board_text",
    "boards_of",
    "full_board",
    "legal_plays_at",
    "position_text",
    "replay_with_positions",
]
