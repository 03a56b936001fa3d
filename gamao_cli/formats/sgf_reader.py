"""Reading GNU Backgammon SGF (``GM[6]``) match files into the match model.

A gnubg match file is a sequence of game trees, one per game. Consecutive trees with the
same players and match length, and game numbers that go up, form one :class:`Match`.

Mapping (research/formats.md section 2, research/gnubg-behaviour.md):

* root ``MI[length:N][game:i][ws:a][bs:b]`` -> ``Match.length``, ``Game.number`` (gnubg
  numbers games from 0, the SGF specification from 1: a match whose first game is
  ``game:0``, or that GNU Backgammon or Gibbon wrote, is taken as 0-based; ``Game.number``
  is always 1-based), ``Game.score``;
* ``PW``/``PB`` -> players (White = player 0), ``WR``/``BR`` -> ratings; ``RU`` -> rules
  (``Crawford``, ``CrawfordGame``, ``Jacoby``, ``NoCube``, ``Nackgammon``); ``CV`` ->
  ``Game.cube_value``; ``RE[W+2R]`` -> a final :class:`Win` (``R``/``Resign``: resigned);
* every other root property of the first game (``AP``, ``DT``, ``EV``, ``RO``, ``PC``,
  ``AN``, ``GC``, ...) -> ``Match.tags`` in file order; those of later games that differ,
  and gnubg's ``GS`` statistics, -> ``Game.properties``;
* ``;W[31hefe]`` -> :class:`Move` with the dice as written and one :class:`Step` per
  letter pair, in the mover's own numbering; ``W[66]`` (no pairs) -> a dance;
  ``double``/``take``/``drop`` -> :class:`Double` (value = the next cube value) /
  :class:`Take` / :class:`Drop`: a beaver is a ``double`` by the doubled player and is
  kept as a :class:`Double`; Gibbon's ``resign:N`` + ``accept``/``reject`` ->
  :class:`Resign`;
* setup nodes (``AE``/``AW``/``AB``/``PL``/``DI``/``CV``/``CP``/``CO``) -> one
  :class:`SetPosition` per run of consecutive setup nodes (``Game.start`` before the first
  move); a run of only ``PL``/``DI`` is gnubg's record of a roll without a play (a
  resignation after rolling) -> :class:`Move` with mark ``EMPTY``, unless the same roll is
  then played;
* analysis properties (``A``, ``DA``, ``LU``, ``BM``, ``C``, ...) on move nodes are skipped.

Problems never raise: they become diagnostics with a code from :data:`SGF_CODES`.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TextIO

from gamao_cli.engine.position import Position
from gamao_cli.formats.mat_fast import new_location, new_move
from gamao_cli.formats.sgf_parser import (
    SYNTAX_CODES,
    SgfIssue,
    SgfNode,
    SgfProperty,
    SgfTree,
    fold_whitespace,
    iter_trees,
)
from gamao_cli.model.actions import (
    BAR,
    OFF,
    Action,
    Board,
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
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match, Rules, Variant

SGF_CODES: dict[str, str] = {
    **SYNTAX_CODES,
    "P210": "game tree skipped: not a backgammon game (GM is not 6)",
    "P211": "game tree without GM[6]; read as backgammon",
    "P212": "game tree without an MI property: match length and score unknown",
    "P213": "unreadable MI entry",
    "P214": "game numbers do not follow on (missing, repeated or odd numbering)",
    "P215": "unknown move text",
    "P216": "bad point letter in a move or setup property",
    "P217": "unreadable result RE",
    "P218": "unknown rule in RU",
    "P219": "unsupported variant (Hypergammon): read as standard backgammon",
    "P220": "rules differ from the first game of the match",
    "P221": "node with more than one move property: only the first is read",
    "P222": "bad setup value (PL, DI, CV, CP or CO)",
    "P223": "resignation answer without a resignation offer",
    "P224": "bad resignation level (not 1, 2 or 3)",
    "P225": "variations ignored: only the main line is read",
    "P226": "no game tree found",
    "P227": "bad cube value CV (not a power of two)",
}

_SEVERITY: dict[str, Severity] = {
    "P203": Severity.WARNING,
    "P207": Severity.WARNING,
    "P208": Severity.WARNING,
    "P211": Severity.WARNING,
    "P212": Severity.WARNING,
    "P213": Severity.WARNING,
    "P214": Severity.WARNING,
    "P217": Severity.WARNING,
    "P218": Severity.WARNING,
    "P220": Severity.WARNING,
    "P223": Severity.WARNING,
    "P224": Severity.WARNING,
    "P225": Severity.WARNING,
}

# Root properties mapped to model fields (never copied into tags or properties).
_MAPPED_ROOT = frozenset({"FF", "GM", "CA", "MI", "PW", "PB", "WR", "BR", "RU", "RE", "CV"})
_SETUP = frozenset({"AE", "AW", "AB", "PL", "DI", "CV", "CP", "CO"})
_BOARD_SETUP = frozenset({"AE", "AW", "AB"})
# Root properties that belong to a game, not the match.
_GAME_ROOT = frozenset({"GS"})
# Writers known to number games from 0.
_ZERO_BASED_WRITERS = ("gnu backgammon", "gibbon", "gamao")
# Writers that write RU whenever a rule applies, so that no RU means the defaults.
_RULES_WRITERS = ("gnu backgammon", "gamao")

_MOVE = re.compile(r"(\d)(\d)(.*)", re.DOTALL)
_RESIGN = re.compile(r"resign(?::\s*(\S+))?", re.IGNORECASE)
_RESULT = re.compile(r"\s*([WBwb])\+(\d+)\s*([A-Za-z]*)\s*")
_CHECKERS = 15
_CACHE_LIMIT = 1 << 15
"""Move texts kept in :data:`_PLAYS` at most (it is emptied when full)."""

# A move text read once: (dice, steps, (from, to) of each step, problem); None when the
# text is not a move (P215). The problem is None or the start of the P216 message.
_Play = tuple[tuple[int, int], tuple[Step, ...], tuple[tuple[int, int], ...], str | None]
_PLAYS: dict[tuple[int, str], _Play | None] = {}
"""(player, stripped move text) -> how it reads, shared by all readers: the same plays come
up in game after game, and Steps are immutable."""


def clear_caches() -> None:
    """Forget the move texts read so far (the cache shared by all readers; for benchmarks)."""
    _PLAYS.clear()


def _read_play(player: int, text: str) -> _Play | None:
    m = _MOVE.fullmatch(text)
    if m is None or not ("1" <= m.group(1) <= "6" and "1" <= m.group(2) <= "6"):
        return None
    dice = (int(m.group(1)), int(m.group(2)))
    letters = m.group(3)
    pairs: list[tuple[int, int]] = []
    problem: str | None = None
    for i in range(0, len(letters) - 1, 2):
        frm = letter_point(letters[i], player)
        to = letter_point(letters[i + 1], player)
        if frm is None or to is None:
            problem = "bad point letter"
            break
        pairs.append((frm, to))
    if problem is None and len(letters) % 2:
        problem = "odd number of point letters"
    steps = tuple(Step(frm, to) for frm, to in pairs)
    return dice, steps, tuple(pairs), problem


def severity_of(code: str) -> Severity:
    return _SEVERITY.get(code, Severity.ERROR)


# --- a mechanical board, for building setup positions and for writers ----------------------


class MechanicalBoard:
    """Both boards (own numbering), changed by plays without judging them.

    A step moves a checker if there is one; landing on a lone opposing checker sends it to
    the bar. Used to know the board a setup node edits, not to check legality.
    """

    def __init__(self, variant: Variant = Variant.STANDARD) -> None:
        start = Position.start(variant)
        self.boards: list[list[int]] = [list(start.boards[0]), list(start.boards[1])]

    def set(self, boards: tuple[Board, Board]) -> None:
        self.boards = [list(boards[0]), list(boards[1])]
        for board in self.boards:
            board.extend([0] * (26 - len(board)))
            del board[26:]

    def frozen(self) -> tuple[Board, Board]:
        return tuple(self.boards[0]), tuple(self.boards[1])

    def step(self, player: int, frm: int, to: int) -> None:
        me, opp = self.boards[player], self.boards[1 - player]
        if not (0 <= frm <= BAR and 0 <= to <= BAR) or me[frm] <= 0:
            return
        me[frm] -= 1
        me[to] += 1
        if 1 <= to <= 24 and opp[25 - to] == 1:
            opp[25 - to] = 0
            opp[BAR] += 1

    def play(self, player: int, steps: Sequence[Step]) -> None:
        for s in steps:
            points = (s.from_point, *s.via_hits, s.to_point)
            for frm, to in pairwise(points):
                self.step(player, frm, to)

    def play_pairs(self, player: int, pairs: Sequence[tuple[int, int]]) -> None:
        """:meth:`play` for steps without intermediate hits, given as (from, to) points."""
        me, opp = self.boards[player], self.boards[1 - player]
        for frm, to in pairs:
            if not (0 <= frm <= BAR and 0 <= to <= BAR) or me[frm] <= 0:
                continue
            me[frm] -= 1
            me[to] += 1
            if 1 <= to <= 24 and opp[25 - to] == 1:
                opp[25 - to] = 0
                opp[BAR] += 1

    def recount_off(self) -> None:
        for board in self.boards:
            board[OFF] = _CHECKERS - sum(board[1:])


# --- point letters -----------------------------------------------------------------------------


def letter_point(letter: str, player: int) -> int | None:
    """A move letter as a point in ``player``'s numbering (a..x, y = bar, z = off)."""
    if letter == "y":
        return BAR
    if letter == "z":
        return OFF
    if "a" <= letter <= "x":
        absolute = ord(letter) - ord("a") + 1  # White's point
        return absolute if player == 0 else 25 - absolute
    return None


def point_letter(point: int, player: int) -> str | None:
    """The inverse of :func:`letter_point` (None for a point outside 0..25)."""
    if point == BAR:
        return "y"
    if point == OFF:
        return "z"
    if 1 <= point <= 24:
        absolute = point if player == 0 else 25 - point
        return chr(ord("a") + absolute - 1)
    return None


def _point_list(values: Sequence[str]) -> tuple[list[str], list[str]]:
    """Expand an SGF point list (``a``, ``a:x`` compressed ranges); returns (letters, bad)."""
    letters: list[str] = []
    bad: list[str] = []
    for value in values:
        v = value.strip()
        if len(v) == 1 and "a" <= v <= "z":
            letters.append(v)
        elif len(v) == 3 and v[1] == ":" and "a" <= v[0] <= v[2] <= "z":
            letters.extend(chr(c) for c in range(ord(v[0]), ord(v[2]) + 1))
        else:
            bad.append(value)
    return letters, bad


# --- the root node -----------------------------------------------------------------------------


@dataclass
class _Header:
    """What a game tree's root node says."""

    location: Location
    length: int | None = None
    index: int | None = None
    score: tuple[int, int] | None = None
    score_location: Location | None = None  # the MI property that gives the score
    players: tuple[str | None, str | None] = (None, None)
    ratings: tuple[str | None, str | None] = (None, None)
    rule_tokens: tuple[str, ...] | None = None
    result: SgfProperty | None = None
    cube_value: int = 1
    writer: str = ""
    extra: list[tuple[str, str]] = field(default_factory=list)
    diags: list[tuple[str, str, int, int]] = field(default_factory=list)
    is_backgammon: bool = True

    @property
    def zero_based_writer(self) -> bool:
        return self.writer.lower().startswith(_ZERO_BASED_WRITERS)

    def rules_known(self) -> bool:
        return self.rule_tokens is not None or self.writer.lower().startswith(_RULES_WRITERS)

    def rules(self) -> Rules:
        tokens = {t.lower() for t in self.rule_tokens or ()}
        known = self.rules_known()
        money = self.length == 0
        variant = Variant.NACKGAMMON if "nackgammon" in tokens else Variant.STANDARD
        cube: bool | None = False if "nocube" in tokens else (True if known else None)
        crawford: bool | None = None
        if "crawford" in tokens:
            crawford = True
        elif known and not money and (self.length or 0) > 1:
            crawford = False
        jacoby: bool | None = None
        if "jacoby" in tokens:
            jacoby = True
        elif known and money:
            jacoby = False
        return Rules(variant=variant, cube=cube, crawford=crawford, jacoby=jacoby)


_KNOWN_RULES = frozenset(
    {"crawford", "crawfordgame", "jacoby", "nocube", "nackgammon"}
    | {f"hypergammon{i}" for i in (1, 2, 3)}
)


def _read_header(root: SgfNode, filename: str, tree: SgfTree) -> _Header:
    h = _Header(Location(filename, tree.line, tree.column))
    gm = root.get("GM")
    if gm is None:
        h.diags.append(("P211", "no GM property: read as backgammon", root.line, root.column))
    elif gm.value.strip() != "6":
        h.is_backgammon = False
        h.diags.append(
            (
                "P210",
                f"GM[{gm.value}] is not backgammon (GM[6]): game tree skipped",
                gm.line,
                gm.column,
            )
        )
        return h
    pw = root.get("PW")
    pb = root.get("PB")
    h.players = (
        fold_whitespace(pw.value) if pw else None,
        fold_whitespace(pb.value) if pb else None,
    )
    wr = root.get("WR")
    br = root.get("BR")
    h.ratings = (
        fold_whitespace(wr.value) if wr else None,
        fold_whitespace(br.value) if br else None,
    )
    ap = root.get("AP")
    h.writer = ap.value if ap else ""
    mi = root.get("MI")
    if mi is None:
        h.diags.append(
            ("P212", "no MI property: match length and score unknown", root.line, root.column)
        )
    else:
        _read_mi(h, mi)
    ru = root.get("RU")
    if ru is not None:
        tokens = tuple(t.strip() for t in ru.value.split(":") if t.strip())
        h.rule_tokens = tokens
        for t in tokens:
            low = t.lower()
            if low not in _KNOWN_RULES:
                h.diags.append(
                    ("P218", f"unknown rule {t!r} in RU[{ru.value}]", ru.line, ru.column)
                )
            elif low.startswith("hypergammon"):
                h.diags.append(
                    ("P219", f"variant {t} is not supported: read as standard", ru.line, ru.column)
                )
    h.result = root.get("RE")
    cv = root.get("CV")
    if cv is not None:
        value = _cube_value(cv.value)
        if value is None:
            h.diags.append(("P227", f"CV[{cv.value}] is not a cube value", cv.line, cv.column))
        else:
            h.cube_value = value
    for prop in root.properties:
        if prop.name in _MAPPED_ROOT or prop.name in _SETUP:
            continue
        h.extra.extend((prop.name, fold_whitespace(v)) for v in prop.values)
    return h


def _read_mi(h: _Header, mi: SgfProperty) -> None:
    ws: int | None = None
    bs: int | None = None
    for entry in mi.values:
        key, sep, value = entry.partition(":")
        key = key.strip().lower()
        number = _int(value) if sep else None
        if key not in ("length", "game", "ws", "bs"):
            continue  # unknown tags are ignored (SGF specification)
        if number is None or number < 0:
            h.diags.append(
                ("P213", f"MI entry {entry!r} is not '{key}:<number>'", mi.line, mi.column)
            )
            continue
        if key == "length":
            h.length = number
        elif key == "game":
            h.index = number
        elif key == "ws":
            ws = number
        else:
            bs = number
    if ws is not None or bs is not None:
        h.score = (ws or 0, bs or 0)
        h.score_location = Location(h.location.file, mi.line, mi.column)


def _int(text: str) -> int | None:
    t = text.strip()
    return int(t) if t.isdigit() and t.isascii() else None


def _cube_value(text: str) -> int | None:
    n = _int(text)
    if n is None or n < 1 or n & (n - 1):
        return None
    return n


# --- game trees to games -------------------------------------------------------------------


@dataclass
class _SetupRun:
    nodes: list[SgfNode] = field(default_factory=list)

    def props(self) -> Iterator[SgfProperty]:
        for node in self.nodes:
            for prop in node.properties:
                if prop.name in _SETUP:
                    yield prop

    def has(self, names: frozenset[str]) -> bool:
        return any(p.name in names for p in self.props())

    def text(self) -> str:
        parts = []
        for node in self.nodes:
            parts.append(
                "".join(
                    p.name + "".join(f"[{v}]" for v in p.values)
                    for p in node.properties
                    if p.name in _SETUP
                )
            )
        return ";".join(parts)


class _GameReader:
    """Turns one game tree's nodes into actions."""

    def __init__(self, filename: str, number: int, header: _Header, variant: Variant) -> None:
        self.filename = filename
        self.number = number
        self.header = header
        self.board = MechanicalBoard(variant)
        self.cube = header.cube_value
        self.offered: int | None = None
        self.turn: int | None = None
        self.actions: list[Action] = []
        self.start: SetPosition | None = None
        self.diags: list[Diagnostic] = []
        self.run = _SetupRun()
        self.pending_resign: tuple[int, int, str, Location] | None = None

    def loc(self, line: int, column: int) -> Location:
        return new_location(self.filename, line, column)

    def diag(self, code: str, message: str, line: int, column: int) -> None:
        self.diags.append(
            Diagnostic(code, severity_of(code), message, self.loc(line, column), game=self.number)
        )

    # -- driving

    def read(self, nodes: Sequence[SgfNode]) -> None:
        for i, node in enumerate(nodes):
            props = node.properties
            if len(props) == 1:  # the common case, read as below
                prop = props[0]
                name = prop.name
                if name == "W" or name == "B":
                    player = 0 if name == "W" else 1
                    if self.run.nodes:
                        self.flush_setup(next_move=(player, prop.value))
                    self.move(player, prop.value, node)
                elif name in _SETUP and not (i == 0 and name == "CV"):
                    self.run.nodes.append(node)
                continue
            moves = [p for p in node.properties if p.name in ("W", "B")]
            setup = [
                p for p in node.properties if p.name in _SETUP and not (i == 0 and p.name == "CV")
            ]
            if setup:
                self.run.nodes.append(SgfNode(tuple(setup), node.line, node.column))
            if not moves:
                continue
            if len(moves) > 1:
                self.diag(
                    "P221", "node with both W and B: only the first is read", node.line, node.column
                )
            prop = moves[0]
            player = 0 if prop.name == "W" else 1
            self.flush_setup(next_move=(player, prop.value))
            self.move(player, prop.value, node)
        self.flush_setup(next_move=None)
        self.finish()

    # -- setup runs

    def flush_setup(self, next_move: tuple[int, str] | None) -> None:
        """Turn the pending run of setup nodes into an action (or ``Game.start``).

        ``next_move`` is the (player, value) of the move node that ends the run, if any."""
        run = self.run
        if not run.nodes:
            return
        self.run = _SetupRun()
        first = run.nodes[0]
        turn: int | None = None
        dice: tuple[int, int] | None = None
        cube_value: int | None = None
        owner: int | None = None
        owner_said = False
        for prop in run.props():
            value = prop.value.strip()
            if prop.name == "PL":
                if value.upper() in ("W", "B"):
                    turn = 0 if value.upper() == "W" else 1
                else:
                    self.diag("P222", f"PL[{prop.value}] is not W or B", prop.line, prop.column)
            elif prop.name == "DI":
                if len(value) == 2 and all(c in "123456" for c in value):
                    dice = (int(value[0]), int(value[1]))
                else:
                    self.diag("P222", f"DI[{prop.value}] is not two dice", prop.line, prop.column)
            elif prop.name == "CV":
                cv = _cube_value(value)
                if cv is None:
                    self.diag(
                        "P227", f"CV[{prop.value}] is not a cube value", prop.line, prop.column
                    )
                else:
                    cube_value = cv
            elif prop.name in ("CP", "CO"):
                owners = {"c": -1, "w": 0, "b": 1, "n": None}
                if value.lower() in owners:
                    owner = owners[value.lower()]
                    owner_said = True
                else:
                    self.diag(
                        "P222",
                        f"{prop.name}[{prop.value}] is not c, w, b or n",
                        prop.line,
                        prop.column,
                    )
            else:
                self.edit_board(prop)
        if turn is not None:
            self.turn = turn
        if cube_value is not None:
            self.cube = cube_value
            self.offered = None
        board_changed = run.has(_BOARD_SETUP)
        if not board_changed and cube_value is None and not owner_said:
            if dice is None:
                return  # only PL: nothing happened
            player = turn if turn is not None else self.next_player(next_move)
            if next_move is not None and next_move[0] == player and _dice_of(next_move[1]) == dice:
                return  # gnubg's record of the roll that the next node plays
            self.resolve_resign(accepted=False)
            self.actions.append(
                Move(
                    player,
                    dice,
                    (),
                    text=run.text(),
                    mark=MoveMark.EMPTY,
                    location=self.loc(first.line, first.column),
                )
            )
            return
        self.board.recount_off()
        position = SetPosition(
            boards=self.board.frozen(),
            turn=turn if turn is not None else self.next_player(next_move),
            dice=dice,
            cube_value=cube_value,
            cube_owner=owner,
            text=run.text(),
            location=self.loc(first.line, first.column),
        )
        if not self.actions and self.start is None:
            self.start = position
        else:
            self.resolve_resign(accepted=False)
            self.actions.append(position)

    def next_player(self, next_move: tuple[int, str] | None) -> int:
        if next_move is not None:
            return next_move[0]
        if self.turn is not None:
            return self.turn
        return 0

    def edit_board(self, prop: SgfProperty) -> None:
        letters, bad = _point_list(prop.values)
        for value in bad:
            self.diag(
                "P216",
                f"{prop.name}[{value}] is not a point or a range of points",
                prop.line,
                prop.column,
            )
        white, black = self.board.boards
        for letter in letters:
            if letter == "z":
                if prop.name != "AE":
                    self.diag(
                        "P216",
                        f"{prop.name}[z]: checkers cannot be put off",
                        prop.line,
                        prop.column,
                    )
                continue
            w = letter_point(letter, 0)
            b = letter_point(letter, 1)
            assert w is not None and b is not None
            if prop.name == "AE":
                white[w] = 0
                black[b] = 0
            elif prop.name == "AW":
                white[w] += 1
            else:
                black[b] += 1

    # -- move nodes

    def move(self, player: int, value: str, node: SgfNode) -> None:
        location = self.loc(node.line, node.column)
        text = value.strip()
        if text and "0" <= text[0] <= "9":  # a checker play, as the last branch reads it
            if self.pending_resign is not None:
                self.resolve_resign(accepted=False)
            self.checker_move(player, value, node, location)
            return
        low = text.lower()
        if low == "double":
            self.resolve_resign(accepted=False)
            offered = (self.offered or self.cube) * 2
            self.offered = offered
            self.actions.append(Double(player, offered, text=value, location=location))
        elif low == "take":
            self.resolve_resign(accepted=False)
            if self.offered is not None:
                self.cube = self.offered
                self.offered = None
            self.actions.append(Take(player, text=value, location=location))
        elif low == "drop":
            self.resolve_resign(accepted=False)
            self.offered = None
            self.actions.append(Drop(player, text=value, location=location))
        elif m := _RESIGN.fullmatch(text):
            self.resolve_resign(accepted=False)
            level = 1
            if m.group(1) is not None:
                n = _int(m.group(1))
                if n is None or not 1 <= n <= 3:
                    self.diag(
                        "P224",
                        f"resignation level {m.group(1)!r} is not 1, 2 or 3",
                        node.line,
                        node.column,
                    )
                    level = min(max(n or 1, 1), 3)
                else:
                    level = n
            self.pending_resign = (player, level, value, location)
        elif low in ("accept", "reject", "decline"):
            pending = self.pending_resign
            if pending is None or pending[0] == player:
                self.diag("P223", f"{value!r} answers no resignation offer", node.line, node.column)
                return
            self.resolve_resign(accepted=low == "accept", answer=value)
        else:
            self.resolve_resign(accepted=False)
            self.checker_move(player, value, node, location)

    def checker_move(self, player: int, value: str, node: SgfNode, location: Location) -> None:
        key = (player, value.strip())
        try:
            known = _PLAYS[key]
        except KeyError:
            if len(_PLAYS) >= _CACHE_LIMIT:
                _PLAYS.clear()
            known = _PLAYS[key] = _read_play(player, key[1])
        if known is None:
            self.diag("P215", f"unknown move {value!r}", node.line, node.column)
            return
        dice, steps, pairs, problem = known
        self.turn = 1 - player
        if problem is not None:
            self.diag("P216", f"{problem} in {value!r}", node.line, node.column)
            self.actions.append(
                new_move(player, dice, steps, value, MoveMark.UNPARSED, None, location)
            )
            return
        self.board.play_pairs(player, pairs)
        self.actions.append(new_move(player, dice, steps, value, MoveMark.PLAY, None, location))

    def resolve_resign(self, accepted: bool, answer: str = "") -> None:
        pending = self.pending_resign
        if pending is None:
            return
        self.pending_resign = None
        player, level, text, location = pending
        full = f"{text} {answer}" if answer else text
        self.actions.append(Resign(player, level, accepted, text=full, location=location))

    # -- the end

    def finish(self) -> None:
        result = self.header.result
        win: Win | None = None
        if result is not None:
            win = self.read_result(result)
        if self.pending_resign is not None:
            resigner = self.pending_resign[0]
            accepted = win is not None and bool(win.resigned) and win.player == 1 - resigner
            self.resolve_resign(accepted=accepted)
        if win is not None:
            self.actions.append(win)

    def read_result(self, prop: SgfProperty) -> Win | None:
        m = _RESULT.fullmatch(prop.value)
        if m is None:
            self.diag("P217", f"RE[{prop.value}] is not W+n or B+n", prop.line, prop.column)
            return None
        player = 0 if m.group(1).upper() == "W" else 1
        suffix = m.group(3)
        resigned = suffix.lower() in ("r", "resign")
        extra: tuple[tuple[str, str], ...] = ()
        if suffix and not resigned:
            extra = (("reason", suffix),)
        return Win(
            player,
            int(m.group(2)),
            resigned=resigned,
            text=prop.value,
            location=self.loc(prop.line, prop.column),
            extra=extra,
        )


def _dice_of(value: str) -> tuple[int, int] | None:
    m = _MOVE.fullmatch(value.strip())
    if m is None:
        return None
    return int(m.group(1)), int(m.group(2))


# --- grouping games into matches ----------------------------------------------------------


@dataclass
class _MatchBuilder:
    filename: str
    first: _Header
    rules: Rules
    games: list[Game] = field(default_factory=list)
    diags: list[Diagnostic] = field(default_factory=list)
    zero_based: bool = False
    last_index: int | None = None
    last_number: int = 0
    tag_set: set[tuple[str, str]] = field(default_factory=set)

    @classmethod
    def start(cls, filename: str, header: _Header) -> _MatchBuilder:
        zero = header.index == 0 or (header.index is not None and header.zero_based_writer)
        b = cls(filename, header, header.rules(), zero_based=zero)
        b.tag_set = {(k, v) for k, v in header.extra if k not in _GAME_ROOT}
        return b

    def accepts(self, header: _Header) -> bool:
        if header.players != self.first.players or header.length != self.first.length:
            return False
        return not (
            header.index is not None
            and self.last_index is not None
            and header.index <= self.last_index
        )

    def number_for(self, header: _Header) -> int:
        expected = self.last_number + 1
        if header.index is None:
            return expected
        number = header.index + 1 if self.zero_based else header.index
        if number != expected:
            loc = header.location
            self.diags.append(
                Diagnostic(
                    "P214",
                    Severity.WARNING,
                    f"game numbered {number} (MI game:{header.index}), expected {expected}",
                    loc,
                    game=number,
                )
            )
        return number

    def add(self, game: Game, header: _Header, diags: Sequence[Diagnostic]) -> None:
        self.games.append(game)
        self.diags.extend(diags)
        if header.index is not None:
            self.last_index = header.index
        self.last_number = game.number
        rules = header.rules()
        if self.games[1:] and rules != self.rules:
            self.diags.append(
                Diagnostic(
                    "P220",
                    Severity.WARNING,
                    f"game {game.number} has rules {_rules_text(rules)}, the first game "
                    f"{_rules_text(self.rules)}",
                    header.location,
                    game=game.number,
                )
            )

    def build(self) -> Match:
        first = self.first
        players = (first.players[0] or "White", first.players[1] or "Black")
        tags = tuple((k, v) for k, v in first.extra if k not in _GAME_ROOT)
        return Match(
            players=players,
            length=first.length or 0,
            games=tuple(self.games),
            rules=self.rules,
            ratings=first.ratings,
            tags=tags,
            location=first.location,
            source_format="sgf",
            diagnostics=tuple(self.diags),
        )


def _rules_text(rules: Rules) -> str:
    return (
        f"(variant {rules.variant.value}, cube {rules.cube}, crawford {rules.crawford}, "
        f"jacoby {rules.jacoby})"
    )


def _issue_diag(issue: SgfIssue, filename: str, game: int | None = None) -> Diagnostic:
    return Diagnostic(
        issue.code,
        issue.severity,
        issue.message,
        Location(filename, issue.line, issue.column),
        game=game,
    )


def _header_diags(header: _Header, filename: str, game: int | None) -> list[Diagnostic]:
    return [
        Diagnostic(code, severity_of(code), message, Location(filename, line, col), game=game)
        for code, message, line, col in header.diags
    ]


def read_sgf(stream: TextIO, filename: str) -> Iterator[Match]:
    """Yield the matches of a gnubg SGF stream (see the module docstring).

    Cyclic garbage collection is paused while a match is being read and restored before it
    is yielded, as :func:`gamao_cli.formats.mat_reader.read_mat` does: the reader makes no
    reference cycles, and rescanning the growing match's objects only costs time.
    """
    matches = _read_matches(stream, filename)
    while True:
        enabled = gc.isenabled()
        gc.disable()
        try:
            match = next(matches, None)
        finally:
            if enabled:
                gc.enable()
        if match is None:
            return
        yield match


def _read_matches(stream: TextIO, filename: str) -> Iterator[Match]:
    builder: _MatchBuilder | None = None
    loose: list[Diagnostic] = []  # diagnostics not yet attached to a match
    for parsed in iter_trees(stream):
        tree = parsed.tree
        if tree is None or not tree.nodes:
            loose.extend(_issue_diag(i, filename) for i in parsed.issues)
            continue
        root = tree.nodes[0]
        header = _read_header(root, filename, tree)
        if not header.is_backgammon:
            loose.extend(_issue_diag(i, filename) for i in parsed.issues)
            loose.extend(_header_diags(header, filename, None))
            continue
        if builder is None or not builder.accepts(header):
            if builder is not None:
                yield builder.build()
            builder = _MatchBuilder.start(filename, header)
        builder.diags.extend(loose)
        loose = []
        number = builder.number_for(header)
        diags = [_issue_diag(i, filename, number) for i in parsed.issues]
        diags.extend(_header_diags(header, filename, number))
        if tree.variation_count():
            diags.append(
                Diagnostic(
                    "P225",
                    Severity.WARNING,
                    f"{tree.variation_count()} variation(s) ignored",
                    header.location,
                    game=number,
                )
            )
        rules = builder.rules
        reader = _GameReader(filename, number, header, rules.variant)
        reader.read(tree.main_line())
        diags.extend(reader.diags)
        properties = [(k, v) for k, v in header.extra if k in _GAME_ROOT]
        if builder.games:
            properties = [
                (k, v) for k, v in header.extra if k in _GAME_ROOT or (k, v) not in builder.tag_set
            ]
        game = Game(
            number=number,
            score=header.score,
            actions=tuple(reader.actions),
            players=_both(header.players),
            crawford=_crawford_game(header, builder.rules),
            cube_value=header.cube_value,
            start=reader.start,
            location=header.location,
            properties=tuple(properties),
            score_location=header.score_location,
        )
        builder.add(game, header, diags)
    if builder is not None:
        builder.diags.extend(loose)
        yield builder.build()
        return
    loose.append(
        Diagnostic("P226", Severity.ERROR, "no backgammon game tree found", Location(filename))
    )
    yield Match(
        players=("", ""),
        length=0,
        games=(),
        location=Location(filename),
        source_format="sgf",
        diagnostics=tuple(loose),
    )


def _both(players: tuple[str | None, str | None]) -> tuple[str, str] | None:
    first, second = players
    return None if first is None or second is None else (first, second)


def _crawford_game(header: _Header, rules: Rules) -> bool | None:
    tokens = {t.lower() for t in header.rule_tokens or ()}
    if "crawfordgame" in tokens:
        return True
    if header.rules_known() and rules.crawford:
        return False
    return None
