"""Writing repairs into a ``.mat`` file's own text, so the repair is the only difference.

``gamao fix`` repairs a few things in the model (:mod:`gamao_cli.analysis.repair`); writing
the whole match again in gamao's ``.mat`` layout would also change everything the layout
does not keep as the file had it: the dialect's columns and spacing, trailing blanks, line
ends, a GridGammon rating on the score lines, banners, ``Set Pos`` lines, lines the reader
skipped. :func:`patch_mat` instead edits the original text line by line, at the places the
reader recorded, and leaves every other byte as it was:

* a play written into an empty roll cell (``R211``): the cell's text is replaced and the
  blanks after it absorb the growth, so the next cell keeps its column where there is room.
  The play is written in the file's own notation: numeric ``25`` and ``0`` for bar and off,
  and the repaired move's steps (the engine's: one hop a die) when the match's other plays
  are written that way (GridGammon, gnubg), else the play's text as the repair gives it
  (``bar/23``, ``6/off(2)``);
* a ``Wins`` line's points (``X401``/``X403``/``X404``): the number (and ``point(s)``) only;
* a wrong winner (``X410``) on a line of its own: the ``Wins`` text moves to the winner's
  column;
* a result added (``X408``/``X414``/``P105``/``P125``): one new line after the game's last
  row, at the winner's column (the column of the file's other ``Wins`` lines of that side,
  else the column of the winner's cells);
* a score written (``P103``): the line after the ``Game N`` line when it is the unreadable
  score line (not a row, not blank), else a new line there; with the ratings when the
  file's score lines carry them (``name,1706 : 0``).

Line ends (``\\n``, ``\\r\\n``, ``\\r``), the encoding and a byte order mark are kept. When
any repair cannot be placed this way (the text at the recorded place is not what the reader
read, a winner's ``Wins`` shares its line with another cell, the file does not decode
strictly), the answer is None and the caller writes the match with the ``.mat`` writer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gamao_cli.formats.textio import detect_encoding
from gamao_cli.model.actions import BAR, OFF, Action, Move, Step, Win
from gamao_cli.model.match import Game, Match

__all__ = ["patch_mat"]

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)?")
_POINTS = re.compile(r"(\d+)(\s+)points?", re.IGNORECASE)
_ROW = re.compile(r"\s*\d+\)")
_WORDS = re.compile(r"bar|off", re.IGNORECASE)


class _Unplaceable(Exception):
    """A repair that cannot be written into the text where the reader found the record."""


def patch_mat(data: bytes, pairs: Sequence[tuple[Match, Match]]) -> bytes | None:
    """``data`` (a ``.mat`` file's bytes) with the repairs that turn each original match of
    ``pairs`` into its repaired one written in, or None (see the module docstring)."""
    encoding = detect_encoding(data[: 64 * 1024])
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError:
        return None
    lines = [m.group() for m in _LINE.finditer(text)]
    if lines and lines[-1] == "":
        lines.pop()
    doc = _Lines(lines)
    try:
        for original, repaired in pairs:
            _patch_match(doc, original, repaired)
    except _Unplaceable:
        return None
    return doc.text().encode(encoding)


class _Lines:
    """The file's lines (with their ends), edited in place; insertions kept apart so the
    reader's line numbers stay valid while editing."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.after: dict[int, list[str]] = {}  # 1-based line -> lines inserted after it
        self.ending = next((_end(line) for line in lines if _end(line)), "\n")

    def get(self, number: int) -> str:
        if not 1 <= number <= len(self.lines):
            raise _Unplaceable
        return self.lines[number - 1]

    def set(self, number: int, content: str) -> None:
        self.lines[number - 1] = content + _end(self.get(number))

    def insert(self, number: int, content: str) -> None:
        line = self.get(number)
        if not _end(line):  # the last line has no line end: give it the file's
            self.lines[number - 1] = line + self.ending
        self.after.setdefault(number, []).append(content + self.ending)

    def text(self) -> str:
        out: list[str] = []
        for number, line in enumerate(self.lines, 1):
            out.append(line)
            out.extend(self.after.get(number, ()))
        return "".join(out)


def _end(line: str) -> str:
    return line[len(line.rstrip("\r\n")) :]


def _body(line: str) -> str:
    return line.rstrip("\r\n")


def _patch_match(doc: _Lines, original: Match, repaired: Match) -> None:
    if original == repaired:
        return
    if len(original.games) != len(repaired.games):
        raise _Unplaceable
    numeric = _numeric_dialect(original)
    for old, new in zip(original.games, repaired.games, strict=True):
        if old == new:
            continue
        if len(new.actions) < len(old.actions):
            raise _Unplaceable
        for before, after in zip(old.actions, new.actions, strict=False):
            if before != after:
                _replace_action(doc, original, old, before, after, numeric)
        for added in new.actions[len(old.actions) :]:
            if not isinstance(added, Win):
                raise _Unplaceable
            _add_win(doc, original, old, added)
        if old.score != new.score:
            if old.score is not None or new.score is None:
                raise _Unplaceable
            _add_score(doc, original, old, new.score)


def _numeric_dialect(match: Match) -> bool:
    """True when the match's plays write bar and off as 25 and 0 (never as words)."""
    numeric = False
    for game in match.games:
        for action in game.actions:
            if isinstance(action, Move) and action.steps:
                if _WORDS.search(action.text):
                    return False
                if any(s.from_point == BAR or s.to_point == OFF for s in action.steps):
                    numeric = True
    return numeric


def _hop(step: Step) -> str:
    via = "".join(f"/{point}*" for point in step.via_hits)
    return f"{step.from_point}{via}/{step.to_point}{'*' if step.hit else ''}"


def _replace_action(
    doc: _Lines, match: Match, game: Game, before: Action, after: Action, numeric: bool
) -> None:
    if isinstance(before, Move) and isinstance(after, Move):
        head = before.text.rstrip()
        if numeric:
            play = " ".join(_hop(step) for step in after.steps)
        else:
            play = after.text.partition(":")[2].strip()
        _replace_text(doc, before.location.line, before.location.column, before.text,
                      f"{head} {play}")  # fmt: skip
    elif isinstance(before, Win) and isinstance(after, Win) and before.text:
        if after.player != before.player:
            _move_win(doc, match, game, before, after)
        if after.points != before.points:
            new = _POINTS.sub(
                lambda m: f"{after.points}{m[2]}point{'s' if after.points != 1 else ''}",
                before.text,
                count=1,
            )
            if new == before.text:
                raise _Unplaceable
            column = before.location.column
            if after.player != before.player:  # moved to the winner's column just now
                column = _body(doc.get(before.location.line)).find(before.text) + 1
            _replace_text(doc, before.location.line, column, before.text, new)
    else:
        raise _Unplaceable


def _replace_text(doc: _Lines, number: int, column: int, old: str, new: str) -> None:
    """Replace ``old`` at 1-based ``column`` of line ``number`` by ``new``; the blanks after
    it absorb the growth (at least one blank stays before a following cell)."""
    body = _body(doc.get(number))
    start = column - 1
    if column < 1 or body[start : start + len(old)] != old:
        raise _Unplaceable
    rest = body[start + len(old) :]
    blanks = len(rest) - len(rest.lstrip(" "))
    following = rest[blanks:]
    grow = len(new) - len(old)
    if not following:  # nothing after it: trailing blanks absorb growth, never grow
        keep = max(blanks - grow, 0) if grow > 0 else blanks
    else:
        keep = max(blanks - grow, 1)
    doc.set(number, body[:start] + new + " " * keep + following)


def _move_win(doc: _Lines, match: Match, game: Game, before: Win, after: Win) -> None:
    body = _body(doc.get(before.location.line))
    if body.strip() != before.text.strip() or after.player is None:
        raise _Unplaceable
    trailing = body[len(body.rstrip()) :]
    indent = _win_indent(match, game, after.player)
    doc.set(before.location.line, " " * indent + before.text + trailing)


def _win_indent(match: Match, game: Game, player: int) -> int:
    """The 0-based column a side's ``Wins`` stands at: that of the file's other ``Wins`` lines
    of the side, else the column of the side's cells in the game (gnubg: cells at 0-based 5
    and 33, ``Wins`` one further)."""
    if player not in (0, 1):
        raise _Unplaceable
    for g in match.games:
        for action in g.actions:
            if isinstance(action, Win) and action.player == player and action.location.column:
                return action.location.column - 1
    for action in game.actions:
        if isinstance(action, Move) and action.player == player and action.location.column:
            return action.location.column
    raise _Unplaceable


def _add_win(doc: _Lines, match: Match, game: Game, win: Win) -> None:
    last = max((a.location.line for a in game.actions), default=0)
    if last < 1 or win.player is None:
        raise _Unplaceable
    points = f"Wins {win.points} point{'s' if win.points != 1 else ''}"
    if win.and_the_match:
        points += " and the match"
    doc.insert(last, " " * _win_indent(match, game, win.player) + points)


def _add_score(doc: _Lines, match: Match, game: Game, score: tuple[int, int]) -> None:
    header = game.location.line
    if header < 1:
        raise _Unplaceable
    players = game.players or match.players
    names = [
        f"{name},{rating}" if rating else name
        for name, rating in zip(players, match.ratings, strict=True)
    ]
    right = min(
        (a.location.column for a in game.actions
         if isinstance(a, Move) and a.player == 1 and a.location.column),
        default=32,
    )  # fmt: skip
    left = f" {names[0]} : {score[0]}"
    line = f"{left:<{max(right - 1, len(left) + 1)}}{names[1]} : {score[1]}"
    following = _body(doc.get(header + 1)) if header < len(doc.lines) else ""
    if following.strip() and _ROW.match(following) is None:
        doc.set(header + 1, line)  # the score line the reader could not read
    else:
        doc.insert(header, line)
