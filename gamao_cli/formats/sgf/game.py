"""One SGF game tree's main line as the actions of a :class:`Game`."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from gamao_cli.formats.sgf.analysis import (
    ANALYSIS,
    MARKS,
    SOURCE,
    AnalysisError,
    checker_analysis,
    cube_analysis,
)
from gamao_cli.formats.sgf.analysis import luck as read_luck
from gamao_cli.formats.sgf.codes import severity_of
from gamao_cli.formats.sgf.header import BOARD_SETUP, SETUP, Header, parse_cube_value, parse_int
from gamao_cli.formats.sgf.moves import (
    MechanicalBoard,
    dice_of,
    letter_point,
    lookup_play,
    point_list,
)
from gamao_cli.formats.sgf.parser import SgfNode, SgfProperty
from gamao_cli.formats.shells.moves import new_location, new_move
from gamao_cli.i18n import N_
from gamao_cli.model.actions import (
    Action,
    Beaver,
    Double,
    Drop,
    Move,
    MoveMark,
    Resign,
    SetPosition,
    Take,
    Win,
)
from gamao_cli.model.analysis import Annotation, CheckerAnalysis, CubeAnalysis
from gamao_cli.model.diagnostics import Diagnostic
from gamao_cli.model.location import Location
from gamao_cli.model.match import Variant

_RESIGN = re.compile(r"resign(?::\s*(\S+))?", re.IGNORECASE)
_RESULT = re.compile(r"\s*([WBwb])\+(\d+)\s*([A-Za-z]*)\s*")


# --- game trees to games -------------------------------------------------------------------


@dataclass
class SetupRun:
    nodes: list[SgfNode] = field(default_factory=list)
    analysed: list[SgfNode] = field(default_factory=list)  # nodes with analysis (LU of a roll)

    def props(self) -> Iterator[SgfProperty]:
        for node in self.nodes:
            for prop in node.properties:
                if prop.name in SETUP:
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
                    if p.name in SETUP
                )
            )
        return ";".join(parts)


class GameReader:
    """Turns one game tree's nodes into actions."""

    def __init__(
        self, filename: str, number: int, header: Header, variant: Variant, analysis: bool = True
    ) -> None:
        self.filename = filename
        self.number = number
        self.header = header
        self.board = MechanicalBoard(variant)
        self.cube = header.cube_value
        self.offered: int | None = None
        self.doubler: int | None = None  # who made the double waiting for an answer
        self.turn: int | None = None
        self.actions: list[Action] = []
        self.start: SetPosition | None = None
        self.diags: list[Diagnostic] = []
        self.run = SetupRun()
        self.pending_resign: tuple[int, int, str, Location] | None = None
        self.annotations: list[Annotation] = []
        self.analysis = analysis  # read the analysis properties into annotations

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
                elif name in SETUP and not (i == 0 and name == "CV"):
                    self.run.nodes.append(node)
                continue
            moves = [p for p in node.properties if p.name in ("W", "B")]
            setup = [
                p for p in node.properties if p.name in SETUP and not (i == 0 and p.name == "CV")
            ]
            if setup:
                self.run.nodes.append(SgfNode(tuple(setup), node.line, node.column))
            if not moves:
                if setup and self.analysis and any(p.name in ANALYSIS for p in node.properties):
                    self.run.analysed.append(node)
                continue
            if len(moves) > 1:
                self.diag(
                    "P221",
                    N_("node with both W and B: only the first is read"),
                    node.line,
                    node.column,
                )
            prop = moves[0]
            player = 0 if prop.name == "W" else 1
            self.flush_setup(next_move=(player, prop.value))
            before = len(self.actions)
            self.move(player, prop.value, node)
            if self.analysis and len(self.actions) > before:
                self.annotate(node, player)
        self.flush_setup(next_move=None)
        self.finish()

    # -- analysis

    def annotate(self, node: SgfNode, player: int) -> None:
        """Read gnubg's analysis properties of ``node`` into an annotation of its action."""
        index = len(self.actions) - 1
        action = self.actions[index]
        kind = _node_kind(action)
        if not kind:
            return
        checker: CheckerAnalysis | None = None
        cube: CubeAnalysis | None = None
        luck: float | None = None
        comment = ""
        marks: list[tuple[str, str]] = []
        for prop in node.properties:
            name = prop.name
            if name not in ANALYSIS:
                continue
            try:
                if name == "A" and kind == "move":
                    checker = checker_analysis(prop.values, player)
                elif name == "DA":
                    cube = cube_analysis(prop.value, self.header.length == 0, kind)
                elif name == "LU" and kind == "move":
                    luck = read_luck(prop.value)
                elif name == "C":
                    comment = prop.value
                elif name in MARKS:
                    marks.extend((name, v) for v in prop.values)
            except AnalysisError as e:
                self.diag(
                    "P229",
                    N_("{name}[...] skipped: {why}").format(name=name, why=e),
                    prop.line,
                    prop.column,
                )
        if isinstance(action, Move) and action.mark is MoveMark.UNPARSED:
            own = f"unparsed: {action.text}"  # the note gamao's writer leaves on such a play
            if comment == own or comment.startswith(own + "\n"):
                comment = comment[len(own) + 1 :]
        analysed = checker is not None or cube is not None or luck is not None or bool(marks)
        if not analysed and not comment:
            return
        source = SOURCE if analysed else ""  # a comment alone may be anyone's
        self.annotations.append(
            Annotation(index, checker, cube, luck, comment, source, tuple(marks))
        )

    # -- setup runs

    def flush_setup(self, next_move: tuple[int, str] | None) -> None:
        """Turn the pending run of setup nodes into an action (or ``Game.start``).

        ``next_move`` is the (player, value) of the move node that ends the run, if any."""
        run = self.run
        if not run.nodes:
            return
        self.run = SetupRun()
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
                    self.diag(
                        "P222",
                        N_("PL[{value}] is not W or B").format(value=prop.value),
                        prop.line,
                        prop.column,
                    )
            elif prop.name == "DI":
                if len(value) == 2 and all(c in "123456" for c in value):
                    dice = (int(value[0]), int(value[1]))
                else:
                    self.diag(
                        "P222",
                        N_("DI[{value}] is not two dice").format(value=prop.value),
                        prop.line,
                        prop.column,
                    )
            elif prop.name == "CV":
                cv = parse_cube_value(value)
                if cv is None:
                    self.diag(
                        "P227",
                        N_("CV[{value}] is not a cube value").format(value=prop.value),
                        prop.line,
                        prop.column,
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
                        N_("{name}[{value}] is not c, w, b or n").format(
                            name=prop.name, value=prop.value
                        ),
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
            self.doubler = None
        board_changed = run.has(BOARD_SETUP)
        if not board_changed and cube_value is None and not owner_said:
            if dice is None:
                return  # only PL: nothing happened
            player = turn if turn is not None else self.next_player(next_move)
            if next_move is not None and next_move[0] == player and dice_of(next_move[1]) == dice:
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
            for node in run.analysed:  # gnubg's luck of a roll not played
                self.annotate(node, player)
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
        letters, bad = point_list(prop.values)
        for value in bad:
            self.diag(
                "P216",
                N_("{name}[{value}] is not a point or a range of points").format(
                    name=prop.name, value=value
                ),
                prop.line,
                prop.column,
            )
        white, black = self.board.boards
        for letter in letters:
            if letter == "z":
                if prop.name != "AE":
                    self.diag(
                        "P216",
                        N_("{name}[z]: checkers cannot be put off").format(name=prop.name),
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
            beaver = self.offered is not None and self.doubler == 1 - player
            self.offered = offered
            self.doubler = player
            if beaver:  # the doubled player redoubles at once: one form (formats/beavers.py)
                self.actions.append(Beaver(player, offered, text=value, location=location))
            else:
                self.actions.append(Double(player, offered, text=value, location=location))
        elif low == "take":
            self.resolve_resign(accepted=False)
            if self.offered is not None:
                self.cube = self.offered
                self.offered = None
                self.doubler = None
            self.actions.append(Take(player, text=value, location=location))
        elif low == "drop":
            self.resolve_resign(accepted=False)
            self.offered = None
            self.doubler = None
            self.actions.append(Drop(player, text=value, location=location))
        elif m := _RESIGN.fullmatch(text):
            self.resolve_resign(accepted=False)
            level = 1
            if m.group(1) is not None:
                n = parse_int(m.group(1))
                if n is None or not 1 <= n <= 3:
                    self.diag(
                        "P224",
                        N_("resignation level {level} is not 1, 2 or 3").format(
                            level=repr(m.group(1))
                        ),
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
                self.diag(
                    "P223",
                    N_("{value} answers no resignation offer").format(value=repr(value)),
                    node.line,
                    node.column,
                )
                return
            self.resolve_resign(accepted=low == "accept", answer=value)
        else:
            self.resolve_resign(accepted=False)
            self.checker_move(player, value, node, location)

    def checker_move(self, player: int, value: str, node: SgfNode, location: Location) -> None:
        known = lookup_play(player, value.strip())
        if known is None:
            self.diag(
                "P215", N_("unknown move {value}").format(value=repr(value)), node.line, node.column
            )
            return
        dice, steps, pairs, problem = known
        self.turn = 1 - player
        if problem is not None:
            self.diag(
                "P216",
                N_("{problem} in {value}").format(problem=problem, value=repr(value)),
                node.line,
                node.column,
            )
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
            self.diag(
                "P217",
                N_("RE[{value}] is not W+n or B+n").format(value=prop.value),
                prop.line,
                prop.column,
            )
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


def _node_kind(action: Action) -> str:
    """The analysis kind of the action a move node made (see analysis.cube_errors)."""
    if isinstance(action, Move):
        return "move"
    if isinstance(action, Double):
        return "double"
    if isinstance(action, (Take, Beaver)):  # a beaver answers the double, as a take does
        return "take"
    if isinstance(action, Drop):
        return "drop"
    return ""
