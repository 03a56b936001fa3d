"""Writing a match as GNU Backgammon SGF (``GM[6]``), in the form gnubg 1.07 writes and loads.

One game tree per game (research/gnubg-behaviour.md)::

    (;FF[4]GM[6]CA[UTF-8]AP[gamao:0.1.0]MI[length:7][game:0][ws:0][bs:0]PW[a]PB[b]
    DT[2025-11-08]RU[Crawford]RE[B+2R]
    ;B[41lpab]
    ;W[double]
    ;B[take]
    ...)

* ``MI[game:i]`` is 0-based as gnubg writes it (``Game.number - 1``); the score is the
  recorded one, or the running score from earlier results when the game has none.
* Ratings and the match tags (``DT``, ``EV``, ``RO``, ``PC``, ``AN``, ``GC``; ``.mat`` tags
  such as ``EventDate`` are mapped to them) are written on the first game only, as gnubg
  does; a ``.mat`` tag no SGF property holds (XG's ``EventTime``, ``Match ID``,
  ``CubeLimit``, ...) is written as gamao's ``TG[Key "Value"]``, which gnubg ignores and
  gamao's reader reads back as the same tag. ``RU`` lists ``NoCube``, ``Crawford``,
  ``CrawfordGame``, ``Jacoby`` and the variant in gnubg's order, then gamao's rule options
  (``bearoff=exact``: the record's :attr:`Rules.options`, which gnubg ignores). When the
  record does not mark the Crawford game, it is inferred from the score (the first game at
  which exactly one side is one point from winning).
* ``RE`` comes from the game's last :class:`Win`: ``W+n`` / ``B+n``, ``R`` when the game ended
  by resignation. A winner that the record does not name is taken from the next game's
  score; when ``resigned`` is unknown (``.mat``), the game counts as resigned unless it
  ended with a drop or the winner has borne off all 15 checkers.
* Move letters are in White's (player 0's) frame: a..x = White's points 1..24, y = bar,
  z = off. Steps that pass over marked hits (``8/4*/3``) are split at them; a step spanning
  several dice is written as one pair, which gnubg loads as it is.
* A roll without a play that ends the game (a resignation after rolling) is written as
  gnubg does, ``;PL[W]DI[51]``; any other roll without a play is a dance, ``;W[51]``.
* A beaver (``Beaver`` action) is a ``double`` by the doubled player; when the record has
  no take after it (gnubg's ``.mat`` never writes one), the take is written.
* ``Game.annotations`` are written in gnubg's analysis properties (``DA``, ``A``, ``LU``,
  its labels, ``C``) on the node of the action they annotate: see
  :mod:`~gamao_cli.formats.sgf.annotate`. A match's cube decision recorded as equities
  (XG, BGBlitz) gets the match-winning chances gnubg's ``DA`` holds from the Kazaross XG2
  table (XG's and gnubg's default, :mod:`gamao_cli.engine.met`) at the game's score, the
  cube's value at the decision and the Crawford game.
* Resignation offers are not written (gnubg writes none; ``RE[..R]`` says it). Set-up
  positions are written as gnubg does: ``;PL[W]AE[a:y]AW[..]AB[..]``, then ``;CV[n]``,
  ``;CP[c|w|b]`` and ``;PL[W]DI[..]`` nodes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import pairwise
from typing import TYPE_CHECKING, TextIO

from gamao_cli import __version__
from gamao_cli.engine import met
from gamao_cli.engine.variants import definition
from gamao_cli.formats.sgf.annotate import node_analysis
from gamao_cli.formats.sgf.moves import MechanicalBoard, point_letter
from gamao_cli.formats.sgf.parser import escape
from gamao_cli.model.actions import (
    BAR,
    OFF,
    Beaver,
    Double,
    Drop,
    Move,
    MoveMark,
    Resign,
    SetPosition,
    Step,
    Take,
    Win,
)
from gamao_cli.model.match import Game, Match

if TYPE_CHECKING:
    from gamao_cli.model.analysis import Annotation

APPLICATION = f"gamao:{__version__}"
_CHECKERS = 15

# Root properties the writer produces itself; tags or properties of these names are skipped.
_RESERVED = frozenset(
    {"FF", "GM", "CA", "AP", "MI", "PW", "PB", "WR", "BR", "RU", "RE", "CV", "GS"}
    | {"AE", "AW", "AB", "PL", "DI", "CP", "CO", "W", "B"}
)
# .mat header tags and the SGF properties gnubg reads for them.
_MAT_TAGS = {
    "eventdate": "DT",
    "event": "EV",
    "round": "RO",
    "site": "PC",
    "place": "PC",
    "transcriber": "AN",
    "annotator": "AN",
    "comment": "GC",
    "comments": "GC",
}
# Text properties gnubg reads on the first game (one value each).
_GNUBG_TEXT = frozenset({"DT", "EV", "RO", "PC", "AN", "GC"})
_SGF_IDENT = re.compile(r"[A-Z]{1,8}")
_DATE = re.compile(r"\s*(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})\s*")


def write_sgf(match: Match, stream: TextIO) -> None:
    """Write ``match`` as one SGF game tree per game (a root-only tree if it has no games)."""
    games = match.games or (Game(number=1, score=(0, 0), actions=()),)
    trees = SgfGames(match, _crawford_index(match, _scores(match)), stream)
    for i, game in enumerate(games):
        trees.write(game, games[i + 1] if i + 1 < len(games) else None)


def crawford_free(match: Match) -> bool:
    """Whether no game of ``match`` is told as the Crawford game (no Crawford rule): its
    trees can then be written a game at a time, without looking at the games after."""
    return not _crawford_rule(match)


class SgfGames:
    """A match's game trees written one at a time, in order (a match read in parts): each
    game is given with the game after it (its score may name the winner), None for the last.
    ``crawford_index``: the Crawford game's (:func:`crawford_free` matches: None)."""

    def __init__(self, match: Match, crawford_index: int | None, stream: TextIO) -> None:
        self.match = match
        self.crawford_index = crawford_index
        self.stream = stream
        self.index = 0
        self.running = (0, 0)  # the score after the games written, from their results

    def write(self, game: Game, following: Game | None) -> None:
        match, stream, i = self.match, self.stream, self.index
        score = game.score if game.score is not None else self.running
        win = _last_win(game)
        self.running = score
        if win is not None and win.player in (0, 1):
            gained = [score[0], score[1]]
            gained[win.player] += win.points
            self.running = (gained[0], gained[1])
        crawford = i == self.crawford_index
        stream.write(_root(match, game, i, score, crawford, following))
        for node in _nodes(match, game, score, crawford):
            stream.write("\n;")
            stream.write(node)
        stream.write(")\n")
        self.index += 1


# --- the root node -----------------------------------------------------------------------------


def _root(
    match: Match,
    game: Game,
    index: int,
    score: tuple[int, int],
    crawford_game: bool,
    following: Game | None,
) -> str:
    number = game.number - 1 if game.number >= 1 else index
    parts = [
        f"(;FF[4]GM[6]CA[UTF-8]AP[{escape(APPLICATION)}]",
        f"MI[length:{match.length}][game:{number}][ws:{score[0]}][bs:{score[1]}]",
        f"PW[{escape(match.players[0])}]PB[{escape(match.players[1])}]",
    ]
    if index == 0:
        for name, rating in zip(("WR", "BR"), match.ratings, strict=True):
            if rating:
                parts.append(f"{name}[{escape(rating)}]")
        parts.append(_property_text(_tags(match)))
    rules = _rules(match, crawford_game)
    if rules:
        parts.append(f"RU[{':'.join(rules)}]")
    if game.cube_value != 1:
        parts.append(f"CV[{game.cube_value}]")
    result = _result(match, game, following)
    if result:
        parts.append(f"RE[{result}]")
    parts.append(_property_text(_properties(game.properties)))
    return "".join(parts)


def _tags(match: Match) -> dict[str, list[str]]:
    """The match tags as SGF properties and their values, in recorded order.

    gnubg reads one value of its text properties: a repeated ``GC`` (and the header
    comments of a ``.mat``) become one comment of several lines; of the other properties
    gnubg reads, the first value is kept.
    """
    out: dict[str, list[str]] = {}
    for key, value in match.tags:
        name = _MAT_TAGS.get(key.strip().lower())
        if name is None and _SGF_IDENT.fullmatch(key) and key not in _RESERVED:
            name = key
        if name is None and key not in _RESERVED and '"' not in key:
            # a .mat tag no SGF property holds (XG's EventTime, Match ID, CubeLimit, ...):
            # gamao's TG[Key "Value"], which gnubg ignores and gamao's reader reads back
            out.setdefault("TG", []).append(f'{key} "{value}"')
            continue
        if name is None or not value:
            continue
        if name == "DT":
            m = _DATE.fullmatch(value)
            if m:
                value = f"{int(m.group(1)):04d}-{int(m.group(2)):02d}-{int(m.group(3)):02d}"
        values = out.setdefault(name, [])
        if name == "GC" and values:
            values[0] += "\n" + value
        elif not values or name not in _GNUBG_TEXT:
            values.append(value)
    if match.comments:
        comment = "\n".join(match.comments)
        gc = out.setdefault("GC", [])
        if gc:
            gc[0] += "\n" + comment
        else:
            gc.append(comment)
    return out


def _properties(pairs: Sequence[tuple[str, str]]) -> dict[str, list[str]]:
    """Game properties grouped by name (an SGF node holds each property once)."""
    out: dict[str, list[str]] = {}
    for key, value in pairs:
        if _SGF_IDENT.fullmatch(key) and key not in _RESERVED:
            out.setdefault(key, []).append(value)
    return out


def _property_text(properties: dict[str, list[str]]) -> str:
    return "".join(
        name + "".join(f"[{escape(v)}]" for v in values) for name, values in properties.items()
    )


def _rules(match: Match, crawford_game: bool) -> list[str]:
    rules = match.rules
    out: list[str] = []
    if rules.cube is False:
        out.append("NoCube")
    if _crawford_rule(match):
        out.append("Crawford")
        if crawford_game:
            out.append("CrawfordGame")
    if rules.jacoby and match.length == 0:
        out.append("Jacoby")
    name = definition(rules.variant).sgf_name
    if name is not None:
        out.append(name)
    out.extend(f"{k}={v}" for k, v in rules.options)  # gamao's: the writer's rule options
    return out


def _crawford_rule(match: Match) -> bool:
    if match.length <= 1:
        return False
    return match.rules.crawford is not False


def _scores(match: Match) -> list[tuple[int, int]]:
    """Each game's score before it: as recorded, else the running score from results."""
    out: list[tuple[int, int]] = []
    running = (0, 0)
    for game in match.games or (Game(number=1, score=(0, 0), actions=()),):
        score = game.score if game.score is not None else running
        out.append(score)
        win = _last_win(game)
        running = score
        if win is not None and win.player in (0, 1):
            gained = [score[0], score[1]]
            gained[win.player] += win.points
            running = (gained[0], gained[1])
    return out


def _crawford_index(match: Match, scores: Sequence[tuple[int, int]]) -> int | None:
    """The index of the Crawford game: as recorded, or inferred from the scores."""
    if not _crawford_rule(match):
        return None
    for i, game in enumerate(match.games):
        if game.crawford is True:
            return i
    if any(game.crawford is False for game in match.games):
        return None
    away = match.length - 1
    for i, (a, b) in enumerate(scores):
        if (a == away) != (b == away) and max(a, b) < match.length:
            return i
    return None


def _last_win(game: Game) -> Win | None:
    for action in reversed(game.actions):
        if isinstance(action, Win):
            return action
    return None


def _result(match: Match, game: Game, following: Game | None) -> str:
    win = _last_win(game)
    if win is None:
        return ""
    winner = win.player
    if winner not in (0, 1):
        winner = _winner_from_next_score(game, following)
    if winner is None:
        return ""
    resigned = win.resigned
    if resigned is None:
        resigned = _ended_by_resignation(match, game, winner)
    return f"{'WB'[winner]}+{win.points}{'R' if resigned else ''}"


def _winner_from_next_score(game: Game, following: Game | None) -> int | None:
    if following is None or game.score is None:
        return None
    after = following.score
    if after is None:
        return None
    gains = (after[0] - game.score[0], after[1] - game.score[1])
    if gains[0] > 0 >= gains[1]:
        return 0
    if gains[1] > 0 >= gains[0]:
        return 1
    return None


def _ended_by_resignation(match: Match, game: Game, winner: int) -> bool:
    plays = [a for a in game.actions if not isinstance(a, (Win, Resign))]
    if plays and isinstance(plays[-1], Drop):
        return False
    board = MechanicalBoard(match.rules.variant)
    if game.start is not None:
        board.set(game.start.boards)
    for action in game.actions:
        if isinstance(action, Move):
            board.play(action.player, action.steps)
        elif isinstance(action, SetPosition):
            board.set(action.boards)
    return board.boards[winner][OFF] < _CHECKERS


# --- move and setup nodes ----------------------------------------------------------------------


def _with_mwc(
    note: Annotation | None,
    match: Match,
    score: tuple[int, int],
    decider: int,
    cube_value: int,
    crawford_game: bool,
) -> Annotation | None:
    """``note`` with its match cube decision's MWC worked out from its equities (XG's,
    BGBlitz's) with the Kazaross XG2 table (engine/met.py), where it has no MWC: gnubg's DA
    holds a match's cube values as MWC."""
    cube = None if note is None else note.cube
    if note is None or cube is None or match.length == 0 or cube.no_double_mwc is not None:
        return note
    if cube.no_double is None or cube.double_take is None:
        return note
    away, opp_away = match.length - score[decider], match.length - score[1 - decider]
    if not (0 < away <= met.LENGTH and 0 < opp_away <= met.LENGTH) or cube_value < 1:
        return note
    crawford = crawford_game and match.rules.crawford is not False
    nd = met.equity_to_mwc(cube.no_double, away, opp_away, cube_value, crawford)
    dt = met.equity_to_mwc(cube.double_take, away, opp_away, cube_value, crawford)
    return replace(note, cube=replace(cube, no_double_mwc=nd, double_take_mwc=dt))


def _nodes(
    match: Match, game: Game, score: tuple[int, int] = (0, 0), crawford_game: bool = False
) -> Iterator[str]:
    if game.start is not None:
        yield from _setup_nodes(game.start)
    actions = game.actions
    ends_by_resignation = _resigned_at_end(match, game)
    notes = {note.action: note for note in game.annotations}
    money = match.length == 0
    cube_value = game.cube_value
    if game.start is not None and game.start.cube_value:
        cube_value = game.start.cube_value
    offered = cube_value  # the cube before the double being answered
    for i, action in enumerate(actions):
        later = [a for a in actions[i + 1 :] if not isinstance(a, Resign)]
        note = notes.get(i)
        if isinstance(action, (Move, Double)):
            note = _with_mwc(note, match, score, action.player, cube_value, crawford_game)
        elif isinstance(action, (Take, Drop)):
            note = _with_mwc(note, match, score, 1 - action.player, offered, crawford_game)
        if isinstance(action, (Double, Beaver)):
            offered, cube_value = cube_value, action.value
        elif isinstance(action, SetPosition) and action.cube_value:
            cube_value = action.cube_value
        if isinstance(action, Move):
            last = all(isinstance(a, Win) for a in later)
            roll_only = last and ends_by_resignation
            node = _move_node(action, roll_only=roll_only)
            if node.startswith("PL["):  # a roll not played: the cube before it, luck, labels
                bare = None if note is None else replace(note, checker=None)
                yield node + node_analysis(bare, money, [])
                continue
            letters = None
            if note is not None and note.checker is not None:
                letters = [
                    "".join(_step_letters(action.player, s) for s in c.steps)
                    for c in note.checker.candidates
                ]
            unparsed = ""
            if action.mark is MoveMark.UNPARSED and action.text:
                unparsed = "unparsed: " + action.text
            yield node + node_analysis(note, money, letters or [], unparsed)
        elif isinstance(action, Double):
            yield f"{_colour(action.player)}[double]" + node_analysis(note, money, None)
        elif isinstance(action, Beaver):
            yield f"{_colour(action.player)}[double]" + node_analysis(note, money, None)
            if not later or not isinstance(later[0], (Take, Drop, Beaver, Double)):
                yield f"{_colour(1 - action.player)}[take]"
        elif isinstance(action, Take):
            yield f"{_colour(action.player)}[take]" + node_analysis(note, money, None)
        elif isinstance(action, Drop):
            yield f"{_colour(action.player)}[drop]" + node_analysis(note, money, None)
        elif isinstance(action, SetPosition):
            yield from _setup_nodes(action)
        # Resign: not written (RE says it); Win: written as RE on the root.


def _resigned_at_end(match: Match, game: Game) -> bool:
    win = _last_win(game)
    if win is None:
        return False
    if win.resigned is not None:
        return win.resigned
    if win.player is None:
        return False
    return _ended_by_resignation(match, game, win.player)


def _colour(player: int) -> str:
    return "B" if player == 1 else "W"


def _move_node(move: Move, roll_only: bool) -> str:
    dice = f"{move.dice[0]}{move.dice[1]}"
    if not move.steps and move.mark is not MoveMark.PLAY and roll_only:
        return f"PL[{_colour(move.player)}]DI[{dice}]"
    letters = "".join(_step_letters(move.player, s) for s in move.steps)
    return f"{_colour(move.player)}[{dice}{letters}]"


def _step_letters(player: int, step: Step) -> str:
    points = (step.from_point, *step.via_hits, step.to_point)
    out: list[str] = []
    for frm, to in pairwise(points):
        a = point_letter(frm, player)
        b = point_letter(to, player)
        if a is None or b is None:
            continue  # a point outside 0..25 cannot be written
        out.append(a + b)
    return "".join(out)


def _setup_nodes(position: SetPosition) -> Iterator[str]:
    white, black = position.boards
    colour = _colour(position.turn)
    node = [f"PL[{colour}]AE[a:y]"]
    white_letters = "".join(
        f"[{point_letter(p, 0)}]" * white[p] for p in range(1, BAR + 1) if p < len(white)
    )
    black_letters = "".join(
        f"[{point_letter(p, 1)}]" * black[p] for p in range(1, BAR + 1) if p < len(black)
    )
    if white_letters:
        node.append("AW" + white_letters)
    if black_letters:
        node.append("AB" + black_letters)
    yield "".join(node)
    if position.cube_value is not None:
        yield f"CV[{position.cube_value}]"
    if position.cube_owner is not None and position.cube_owner in (-1, 0, 1):
        yield f"CP[{'cwb'[position.cube_owner + 1]}]"
    if position.dice is not None:
        yield f"PL[{colour}]DI[{position.dice[0]}{position.dice[1]}]"
