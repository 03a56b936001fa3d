"""Every position of a match as its replay computed it: the compact records a report's match
viewer steps through (issue 29).

A match's replay is told the game's state before each action (:data:`replay_state.Watch`);
each play, cube action, resignation and set-up position becomes one :class:`Entry`: the
position before it, the cube, the recorded play as from/to moves (for arrows). A position is
written as gnubg's Position ID (14 characters, taken from the acting player's side, as
``gamao check`` gives it) where the rule set's positions fit one
(:func:`engine.gamao_id.standard_ids_fit`: standard, nackgammon, hypergammon, tavla, tabula),
else as gamao's position string (``GAMAO=longnardy/0/24x15/24x15``: Long Nardy and
acey-deucey, whose boards a Position ID cannot express). The page decodes them; it never plays
the rules: the legal plays at a finding are computed here (:func:`legal_plays_at`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.records import MatchReplay
from gamao_cli.analysis.replay import MatchReplayer
from gamao_cli.analysis.replay_state import GameState
from gamao_cli.engine import gamao_id
from gamao_cli.engine.ids import IdError, position_id_from_boards
from gamao_cli.engine.notation import format_play
from gamao_cli.engine.plays import moves_of
from gamao_cli.engine.position import Position
from gamao_cli.engine.ruleset import RuleSet
from gamao_cli.model import actions as act
from gamao_cli.model.actions import Action, Board, Move, MoveMark, SetPosition
from gamao_cli.model.match import Game, Match

LEGAL_SHOWN = 60
"""The most legal plays kept at a finding (the rest are counted)."""

_KINDS: dict[type, str] = {
    act.Move: "play",
    act.Double: "double",
    act.Take: "take",
    act.Drop: "drop",
    act.Beaver: "beaver",
    act.Resign: "resign",
    act.SetPosition: "set",
}


class Entry(NamedTuple):
    """One line of a game's move list, with the position before it."""

    kind: str  # play, double, take, drop, beaver, resign, set
    move: int | None  # the move (row) number as recorded
    side: int  # the acting player (0 or 1)
    dice: str  # "31" for a play, else ""
    text: str  # the record's text for it
    line: int | None
    column: int
    position: str | None  # before the action, from ``side``'s view; None: not replayable
    cube: int  # the cube's value before the action
    owner: int  # its owner: 0, 1 or -1 (centred)
    steps: tuple[tuple[int, int], ...]  # a play's moves, from/to in the mover's numbering


class LegalPlay(NamedTuple):
    """One legal play at a finding: its text, its moves and the position after it."""

    text: str
    steps: tuple[tuple[int, int], ...]
    position: str


@dataclass(frozen=True, slots=True)
class GamePositions:
    number: int
    score: tuple[int, int]  # before the game
    entries: tuple[Entry, ...]
    end: str | None  # the last position (from player 0's view), None if not replayable
    end_cube: int
    end_owner: int
    legal: dict[int, tuple[tuple[LegalPlay, ...], int]]  # by entry index: shown, count


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


def position_text(rs: RuleSet, boards: tuple[Board, Board], turn: int) -> str:
    """The position's identifier as the viewer shows it: gnubg's Position ID from ``turn``'s
    side where the rule set's positions fit one, else gamao's position string."""
    if gamao_id.standard_ids_fit(rs):
        try:
            return position_id_from_boards(boards[turn], boards[1 - turn])
        except IdError:
            pass  # more checkers than a Position ID holds
    return gamao_id.encode(rs, Position(boards, turn))


class _Watcher:
    """Collects the entries of each game as the replay tells its state."""

    def __init__(self, rs: RuleSet) -> None:
        self.rs = rs
        self.games: list[GamePositions] = []
        self.entries: list[Entry] = []
        self.boards: list[tuple[Board, Board] | None] = []  # before each entry
        self.score: tuple[int, int] = (0, 0)

    def __call__(self, game: Game, action: Action | None, state: GameState) -> None:
        boards = state.boards
        cube = state.cube
        owner = -1 if cube.owner is None else cube.owner
        if action is None:
            self.games.append(
                GamePositions(
                    game.number,
                    state.score.score,
                    tuple(self.entries),
                    None if boards is None else position_text(self.rs, boards, 0),
                    cube.value,
                    owner,
                    {},
                )
            )
            self.entries = []
            return
        kind = _KINDS.get(type(action))
        if kind is None:
            return  # a result line: the game's end shows it
        side = getattr(action, "player", None)
        if side is None:
            side = state.side if not isinstance(action, SetPosition) else action.turn
        dice = ""
        steps: tuple[tuple[int, int], ...] = ()
        if isinstance(action, Move):
            dice = "".join(str(d) for d in action.all_dice)
            if action.mark is not MoveMark.UNPARSED:
                steps = tuple((s.from_point, s.to_point) for s in action.steps)
        text = getattr(action, "text", "") or ""
        if isinstance(action, Move) and not text:  # a record that keeps no text (JSON)
            text = f"{dice}: " + " ".join(str(s) for s in action.steps)
        loc = action.location
        self.boards.append(boards)
        self.entries.append(
            Entry(
                kind,
                getattr(action, "number", None),
                side,
                dice,
                text.strip(),
                loc.line,
                loc.column or 0,
                None if boards is None else position_text(self.rs, boards, side),
                cube.value,
                owner,
                steps,
            )
        )


def replay_with_positions(
    match: Match, options: CheckOptions, index: int, file: str
) -> tuple[MatchReplay, MatchPositions]:
    """The match's replay (as :func:`replay.replay_match` without identifiers) and its
    positions, from the same replay."""
    replayer = MatchReplayer(match, options, index, file)
    replayer.ids = False
    rs = replayer.rules.ruleset
    watcher = _Watcher(rs)
    replayer.watch = watcher
    replay = replayer.run()
    games = _with_legal(rs, watcher, replay.findings)
    positions = MatchPositions(
        file=replay.file,
        index=index,
        variant=rs.variant.value,
        standard_ids=gamao_id.standard_ids_fit(rs),
        checkers=rs.checkers,
        track=tuple(rs.opponent_point(p) for p in range(1, 25)),
        games=games,
    )
    return replay, positions


def _with_legal(
    rs: RuleSet, watcher: _Watcher, findings: tuple[Finding, ...]
) -> tuple[GamePositions, ...]:
    """The games, each play that has an error or warning with its legal plays."""
    flagged = {(f.line, f.column or 0) for f in findings if f.severity != "info"}
    out: list[GamePositions] = []
    at = 0  # the entries' boards, all games in a row
    for game in watcher.games:
        legal: dict[int, tuple[tuple[LegalPlay, ...], int]] = {}
        for i, entry in enumerate(game.entries):
            boards = watcher.boards[at + i]
            if (
                entry.kind == "play"
                and boards is not None
                and (entry.line, entry.column) in flagged
            ):
                legal[i] = legal_plays_at(rs, boards, entry.side, entry.dice)
        at += len(game.entries)
        out.append(replace(game, legal=legal) if legal else game)
    return tuple(out)


def legal_plays_at(
    rs: RuleSet, boards: tuple[Board, Board], side: int, dice: str
) -> tuple[tuple[LegalPlay, ...], int]:
    """The legal plays of ``side`` rolling ``dice`` (at most :data:`LEGAL_SHOWN`), and how
    many there are."""
    roll = tuple(int(d) for d in dice)
    if len(roll) < 2 or not all(1 <= d <= 6 for d in roll):
        return (), 0
    me, opp = boards[side], boards[1 - side]
    plays = moves_of(rs).plays(rs, me, opp, roll)
    shown = []
    for play in plays[:LEGAL_SHOWN]:
        after = (play.mover, play.opponent) if side == 0 else (play.opponent, play.mover)
        shown.append(
            LegalPlay(
                format_play(play.steps),
                tuple((s[0], s[1]) for s in play.steps),
                position_text(rs, after, side),
            )
        )
    return tuple(shown), len(plays)


__all__ = [
    "Entry",
    "GamePositions",
    "LegalPlay",
    "MatchPositions",
    "legal_plays_at",
    "position_text",
    "replay_with_positions",
]
