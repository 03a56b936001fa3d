"""Writing a match as Jellyfish ``.mat`` text in GNU Backgammon's layout.

The layout is gnubg's ``export match mat`` (research/gnubg-behaviour.md):

* the match's header tags ``; [Key "Value"]`` in order, then the rules no tag states as
  XG's tags (``Crawford``, ``Jacoby``, ``Beaver`` ``On``/``Off``, ``CubeLimit``; a match
  without a cube has ``CubeLimit "1"``), then its comments as ``; text``,
  then a blank line (no blank line when there is neither); ``; [Variation "NackGammon"]``
  for Nackgammon when no tag says so. The SGF properties gnubg maps to ``.mat`` tags take
  their ``.mat`` names (``DT`` is ``EventDate`` as ``yyyy.mm.dd``, ``EV`` ``Event``, ``RO``
  ``Round``, ``PC`` ``Site``, ``AN`` ``Transcriber``) and an SGF ``GC`` comment becomes
  comment lines; a line end inside a value (which a tag line cannot hold) becomes a blank;
* `` N point match`` (`` 0 point match`` for a money session) and a blank line;
* per game `` Game N``, then `` name0 : s0`` padded to 31 characters and ``name1 : s1``
  (names only when the game's scores are unknown); unlike gnubg, at least one blank
  separates the two when the left part is 31 characters or longer; a player's rating
  (``Match.ratings``, where it is a number) follows the name as GridGammon writes it,
  ``nicksbar,1706 : 0``; a line end inside a name becomes a blank, as in a tag;
* a game's comment lines (``Game.properties`` ``comment``, a ``.mat`` reader's ``;`` lines
  inside the game) as ``; text`` after its score line;
* rows ``%3d) %-27s `` (player 0's cell) followed by player 1's cell; a row player 1 opens
  has an empty left cell; a left cell longer than 27 characters pushes the right one along;
* checker plays ``dd: a/b c/d `` with numeric 25 / 0 for bar / off and ``*`` on hits as
  recorded, a space after every hop but a fourth; a dance is ``dd: ``; an entry from off
  the board (acey-deucey: ``Variation`` tag ``AceyDeucey``) is
  ``off/19``, as bgammon.org writes it (docs/variants.md);
* cube cells `` Doubles => N``, `` Takes``, `` Drops``, `` Beavers => N`` (raccoons too);
  the take closing a beaver exchange is not written (gnubg never writes it: after an even
  number of beavers the taker's slot holds two blanks, after an odd number it has none);
* ``Wins N point(s)`` indented 6 (player 0) or 34 (player 1) on its own line, or after the
  left player's ``Drops`` on the same row; then a blank line.

Plays are written as the model records them; to write canonical plays (one hop per die, in
the engine's order) pass ``canonical_steps``. What gnubg's layout cannot express is kept in
the Jellyfish dialects that can: ``Cannot Move`` and ``????`` cells, `` and the match``, a
``Wins`` at column 1 for an unknown winner, ``Illegal play (...)`` cells for set positions.
A Galaxy ``Losses`` cell (``Win.extra``) and SGF resignation offers are not written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TextIO

from gamao_cli.engine.variants import definition, variant_named
from gamao_cli.model.actions import (
    BAR,
    OFF,
    Beaver,
    Double,
    Drop,
    Move,
    MoveMark,
    SetPosition,
    Step,
    Take,
    Win,
)
from gamao_cli.model.match import Game, Match, Variant

__all__ = ["write_mat", "write_mat_game", "write_mat_head"]

CanonicalSteps = Callable[[Move], tuple[Step, ...]]

# SGF text properties and the .mat tags gnubg reads for them (sgf.writer maps them back).
_SGF_TAGS = {"DT": "EventDate", "EV": "Event", "RO": "Round", "PC": "Site", "AN": "Transcriber"}
_SGF_DATE = re.compile(r"\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*")
_LINE_ENDS = re.compile(r"\s*[\r\n]+\s*")
_LEFT_WIN = " " * 6
_RIGHT_WIN = " " * 34


def write_mat(match: Match, stream: TextIO, canonical_steps: CanonicalSteps | None = None) -> None:
    """Write ``match`` to ``stream`` in gnubg's ``.mat`` layout (see the module docstring)."""
    write_mat_head(match, stream)
    for game in match.games:
        stream.write(_game(game, match, canonical_steps))


def write_mat_head(match: Match, stream: TextIO) -> None:
    """Write what :func:`write_mat` writes before ``match``'s games (a match written a part
    at a time: then each game with :func:`write_mat_game`)."""
    stream.write(_header(match))
    stream.write(f" {match.length} point match\n\n")


def write_mat_game(
    game: Game, match: Match, stream: TextIO, canonical_steps: CanonicalSteps | None = None
) -> None:
    """Write one game of ``match`` as :func:`write_mat` writes it (after the match's header)."""
    stream.write(_game(game, match, canonical_steps))


def _header(match: Match) -> str:
    lines: list[str] = []
    comments = list(match.comments)
    has_variation = False
    for key, value in match.tags:
        if key == "GC":  # an SGF game comment: comment lines, as gnubg reads them
            comments.extend(value.splitlines())
            continue
        if key in _SGF_TAGS:
            date = _SGF_DATE.fullmatch(value) if key == "DT" else None
            if date is not None:
                value = f"{int(date[1]):04d}.{int(date[2]):02d}.{int(date[3]):02d}"
            key = _SGF_TAGS[key]
        if key.strip().lower() == "variation":
            has_variation = True
            if variant_named(value) is not match.rules.variant:
                value = definition(match.rules.variant).mat_name
        lines.append(f'; [{_one_line(key)} "{_one_line(value)}"]\n')
    if match.rules.variant is not Variant.STANDARD and not has_variation:
        lines.append(f'; [Variation "{definition(match.rules.variant).mat_name}"]\n')
    lines.extend(_rule_tags(match))
    lines.extend(f"; {_one_line(c)}\n" if c else ";\n" for c in comments)
    if lines:
        lines.append("\n")
    return "".join(lines)


def _rule_tags(match: Match) -> list[str]:
    """The rules no tag states, as the tags the reader takes them from (XG's ``.mat``
    tags): ``Crawford``, ``Jacoby``, ``Beaver`` ``On``/``Off`` and ``CubeLimit``; and gamao's
    ``Options``, the named rule options the record's writer plays (formats.mat.tags)."""
    said = {key.strip().lower() for key, _ in match.tags}
    rules = match.rules
    out = [
        f'; [{name} "{"On" if flag else "Off"}"]\n'
        for name, flag in (("Crawford", rules.crawford), ("Jacoby", rules.jacoby),
                           ("Beaver", rules.beavers))
        if flag is not None and name.lower() not in said
    ]  # fmt: skip
    limit = rules.cube_limit or (1 if rules.cube is False else None)
    if limit is not None and "cubelimit" not in said:
        out.append(f'; [CubeLimit "{limit}"]\n')
    if rules.options and "options" not in said:
        options = ", ".join(f"{k}={v}" for k, v in rules.options)
        out.append(f'; [Options "{options}"]\n')
    return out


def _one_line(text: str) -> str:
    """``text`` with any line end (and the blanks around it) made one blank."""
    return _LINE_ENDS.sub(" ", text) if "\n" in text or "\r" in text else text


_POOL = 26  # acey-deucey's and tabula's checkers not yet entered (engine.ruleset.POOL)


def _hop(step: Step) -> str:
    via = "".join(f"/{point}*" for point in step.via_hits)
    start = step.from_point
    origin = "off" if start in (OFF, _POOL) else str(start)  # an entry: off/19, as bgammon.org
    return f"{origin}{via}/{step.to_point}{'*' if step.hit else ''}"


def _move_cell(move: Move, canonical: CanonicalSteps | None) -> str:
    dice = f"{move.dice[0]}{move.dice[1]}: "
    if move.mark is MoveMark.UNPARSED:
        text = move.text.strip()
        return text if text[:3] == dice[:3] else f"{dice}{text}"
    steps = move.steps
    if canonical is not None:
        steps = canonical(move) or steps
    if steps:
        hops = [_hop(step) for step in steps]
        return dice + " ".join(hops) + (" " if len(hops) < 4 else "")
    if move.mark is MoveMark.CANNOT_MOVE:
        return f"{dice}Cannot Move"
    if move.mark is MoveMark.UNKNOWN:
        return f"{dice}????"
    return dice


def _position_cell(position: SetPosition, players: tuple[str, str]) -> str:
    """The cell's text as read, or a Snowie text position (formats.md 4.4) for the model's."""
    if "illegal" in position.text.lower():
        return position.text.strip()
    turn = position.turn
    mover, other = position.boards[turn], position.boards[1 - turn]
    owner = position.cube_owner
    cube_owner = 0 if owner is None or owner < 0 else (1 if owner == turn else -1)
    points = [mover[i] if mover[i] else -other[25 - i] for i in range(1, 25)]
    dice = position.dice or (0, 0)
    fields: list[object] = [
        0, 0, 1, 0, 0, players[turn], players[1 - turn], 0, 0, 0,
        position.cube_value or 1, cube_owner, other[BAR], *points, mover[BAR], *dice,
    ]  # fmt: skip
    return "Illegal play (" + "".join(f"{field};" for field in fields) + ")"


def _points(win: Win) -> str:
    match = " and the match" if win.and_the_match else ""
    return f"Wins {win.points} point{'s' if win.points != 1 else ''}{match}"


class _Rows:
    """The rows of one game: a left cell opens a row, a right cell closes it."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.row = 1
        self.open = False

    def left(self, cell: str) -> None:
        self.close()
        self.parts.append(f"{self.row:3d}) {cell:<27} ")
        self.open = True

    def right(self, cell: str) -> None:
        if not self.open:
            self.parts.append(f"{self.row:3d}) {'':<27} ")
        self.parts.append(f"{cell}\n")
        self.row += 1
        self.open = False

    def put(self, player: int, cell: str) -> None:
        if player == 0:
            self.left(cell)
        else:
            self.right(cell)

    def close(self) -> None:
        if self.open:
            self.parts.append("\n")
            self.row += 1
            self.open = False

    def win(self, win: Win) -> None:
        if win.player == 1:
            self.parts.append(
                f" {_points(win)}\n" if self.open else f"{_RIGHT_WIN}{_points(win)}\n"
            )
            self.open = False
            return
        self.close()
        self.parts.append(f"{_LEFT_WIN if win.player == 0 else ' '}{_points(win)}\n")


_RATING = re.compile(r"\d+(?:\.\d+)?")


def _names(players: tuple[str, str], match: Match) -> tuple[str, str]:
    """The score line's names (``players`` on one line each): ``name,rating`` (GridGammon's
    form, which the reader reads back into ``Match.ratings``) for a rating that is a number."""
    named = [
        f"{name},{rating}" if rating is not None and _RATING.fullmatch(rating) else name
        for name, rating in zip(players, match.ratings, strict=True)
    ]
    return named[0], named[1]


def _game(game: Game, match: Match, canonical: CanonicalSteps | None) -> str:
    # a line end inside a name (which a score line cannot hold: the reader would split it in
    # two) becomes a blank
    first, second = game.players or match.players
    players = (_one_line(first), _one_line(second))
    names = _names(players, match)
    if game.score is None:
        head = f" {names[0]:<30} {names[1]}\n"
    else:
        left = f"{names[0]} : {game.score[0]}"
        head = f" {left:<30} {names[1]} : {game.score[1]}\n"
    rows = _Rows()
    rows.parts.append(f" Game {game.number}\n{head}")
    rows.parts.extend(f"; {_one_line(v)}\n" for k, v in game.properties if k == "comment")
    actions = game.actions
    beavers: list[Beaver] = []  # the beaver exchange in progress
    index = 0
    while index < len(actions):
        action = actions[index]
        index += 1
        if isinstance(action, Beaver):
            beavers.append(action)
            rows.put(action.player, f" Beavers => {action.value}")
            continue
        if beavers:
            # gnubg never writes the take closing a beaver exchange; after an even number of
            # beavers the taker's slot holds two blanks, after an odd number it has none
            if not isinstance(action, Drop) and len(beavers) % 2 == 0:
                rows.put(1 - beavers[-1].player, "  ")
            beavers.clear()
            if isinstance(action, Take):
                continue
        if isinstance(action, Move):
            rows.put(action.player, _move_cell(action, canonical))
        elif isinstance(action, Double):
            rows.put(action.player, f" Doubles => {action.value}")
        elif isinstance(action, Take):
            rows.put(action.player, " Takes")
        elif isinstance(action, Drop):
            following = actions[index] if index < len(actions) else None
            if action.player == 0 and isinstance(following, Win) and following.player == 1:
                rows.left(f" Drops{' ' * 23}{_points(following)}")
                index += 1
            else:
                rows.put(action.player, " Drops")
        elif isinstance(action, Win):
            rows.win(action)
        elif isinstance(action, SetPosition):
            column = action.player if action.player is not None else 1 - action.turn
            rows.put(column, _position_cell(action, players))
    rows.close()
    rows.parts.append("\n")
    return "".join(rows.parts)
