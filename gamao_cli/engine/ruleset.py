"""The rules of a game as one value: standard backgammon is one rule set among several.

A :class:`RuleSet` is resolved once per match (from the record's variant, the user's
``--variant``, ``--house-rule`` and ``--option`` switches) and handed to generation,
validation, the replay, scoring and the cube. Its rule ids are those of RULES.md (S, M, H, B,
E, C, X, V) and ../shared/research/variants.md (T tavla, Y hypergammon, N Long Nardy, A
acey-deucey).

Boards keep the layout of :mod:`gamao_cli.engine.position` (index 0 off, 1..24 the owner's
points, 25 the bar). Two rule sets change what the indexes mean:

* Long Nardy (``same_direction``): both players number their own path 24..1 from their head;
  the opponent's point ``q`` is the mover's point ``(q + 11) % 24 + 1`` (and back the same
  way). There is no bar.
* Acey-deucey (``pool``): a board has a 27th cell, index 26 (:data:`POOL`), the checkers not yet
  entered; entering from it is written ``in/19`` (bgammon.org writes ``off/19``, also read).

Standard backgammon, nackgammon and hypergammon move with the standard generator
(:attr:`RuleSet.standard_moves`); the others with :mod:`gamao_cli.engine.rules_movegen`. Which
one plays a rule set is worked out once, when it is built (:attr:`RuleSet.movement`), and
:mod:`gamao_cli.engine.plays` picks by it. A variant's rule set is built from its definition
(:mod:`gamao_cli.engine.variants`) by :func:`rule_set`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from gamao_cli.engine.rule_options import (
    HOUSE_RULES,
    POOL,
    Block,
    Head,
    RuleError,
    RuleFields,
    Scoring,
    house_rule,
    parse_option,
)
from gamao_cli.engine.variants import (
    OPTIONS,
    applicable_options,
    check_option,
    default_option,
    definition,
)
from gamao_cli.model.actions import BAR, OFF, Board
from gamao_cli.model.match import Variant

__all__ = [
    "HOUSE_RULES",
    "OPTIONS",
    "POOL",
    "RULE_SET_MOVES",
    "STANDARD",
    "STANDARD_MOVES",
    "STANDARD_MOVES_MOSTLY",
    "TABULA_MOVES",
    "Block",
    "Head",
    "RuleError",
    "RuleSet",
    "Scoring",
    "applicable_options",
    "parse_option",
    "rule_set",
]

STANDARD_MOVES: Final = 0
""":attr:`RuleSet.movement`: standard movement (standard, nackgammon, hypergammon)."""
STANDARD_MOVES_MOSTLY: Final = 1
"""Standard movement but for acey-deucey's pool (A3) or tavla's T4, which do not apply in
every position."""
TABULA_MOVES: Final = 2
"""Tabula's movement (:attr:`RuleSet.tabula_moves`)."""
RULE_SET_MOVES: Final = 3
"""Any other movement: the rule-set search alone."""

_START_BOARDS: dict[tuple[int, tuple[tuple[int, int], ...], int], Board] = {}
"""Start boards by (cells, start points, checkers): built once for each kind of start, since
every game asks for its start board."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Everything the engine needs to know about the game being played."""

    variant: Variant = Variant.STANDARD
    checkers: int = 15
    start_points: tuple[tuple[int, int], ...] = ((24, 2), (13, 5), (8, 3), (6, 5))  # S1
    same_direction: bool = False  # N3: both sides run the same way round (no 25 - p)
    shared_track: bool = False  # tabula: both enter at the same place, a point has one number
    single_blocks: bool = False  # N3: one opposing checker holds a point
    hitting: bool = True  # H1; False in Long Nardy
    pool: bool = False  # A1: checkers start off the board and enter
    bearoff_exact: bool = False  # A6 option: no bearing off with a larger die
    enter_first: bool = False  # tabula: nothing passes the 12th point until all have entered
    home_points: int = 6  # B1: bearing off once every checker is on 1..home_points (tabula 12)
    dice: int = 2  # dice a roll (tabula 3: each played once, doubles not doubled)
    head: Head = Head.NONE  # N4
    block: Block = Block.OFF  # N5
    home_hit_freeze: bool = False  # T4
    opening_reroll: bool = False  # T2, N2, A2 (and the house rule): the opening may be a double
    acey_deucey: bool = False  # A4: the 1-2 roll, a named double, another roll
    acey_reroll_always: bool = False  # A4 option reroll=always (bgammon.org)
    doubles_extra_roll: bool = False  # A5 option, house rule roll-again-after-double
    cube: bool = True  # C7 when False
    scoring: Scoring = Scoring.STANDARD
    koks: bool = False  # N8 option koks=3
    max_per_point: int = 0  # house rule five-checker-limit (0: no limit)
    automatic_doubles: bool = False
    house_rules: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = field(default=())
    tabula_moves: bool = field(init=False, repr=False, compare=False, default=False)
    """True when tabula's own generator (engine.tabula_movegen) plays this rule set: one
    shared track entered from a pool, the wall at the 12th point, exact bearing off from
    1..12, three dice, two checkers block and one is hit; no house rule that changes
    movement (the five-checker limit)."""
    standard_apart_from_entry_and_freeze: bool = field(
        init=False, repr=False, compare=False, default=True
    )
    """Standard movement but for acey-deucey's pool (A3) and tavla's T4, two rules that
    do not apply in every position (engine.rules_movegen.standard_here)."""
    standard_moves: bool = field(init=False, repr=False, compare=False, default=True)
    """True when the standard generator and validator play this rule set (15 or fewer
    checkers, standard movement): standard, nackgammon, hypergammon."""
    movement: int = field(init=False, repr=False, compare=False, default=RULE_SET_MOVES)
    """Which of the engine's generators and validators play this rule set
    (:data:`STANDARD_MOVES`, :data:`STANDARD_MOVES_MOSTLY`, :data:`TABULA_MOVES`,
    :data:`RULE_SET_MOVES`; engine.plays picks them by it)."""
    head_fixed: bool = field(init=False, repr=False, compare=False, default=False)
    head_needed: bool = field(init=False, repr=False, compare=False, default=False)
    step_block: bool = field(init=False, repr=False, compare=False, default=False)
    final_block: bool = field(init=False, repr=False, compare=False, default=False)
    # The derived booleans above are worked out once, in ``__post_init__``: the generators
    # ask at every position.

    def __post_init__(self) -> None:
        head = self.head is not Head.NONE
        block = self.block is not Block.OFF
        standard_apart = not (
            self.same_direction
            or self.shared_track
            or self.enter_first
            or self.home_points != 6
            or self.dice != 2
            or self.single_blocks
            or not self.hitting
            or self.bearoff_exact
            or head
            or block
            or self.max_per_point
        )
        tabula = (
            self.shared_track
            and self.pool
            and self.enter_first
            and self.home_points == 12
            and self.bearoff_exact
            and self.dice == 3
            and self.hitting
            and not (
                self.same_direction
                or self.single_blocks
                or head
                or block
                or self.max_per_point
                or self.home_hit_freeze
                or self.acey_deucey
            )
        )
        standard = standard_apart and not (self.pool or self.home_hit_freeze)
        derived = {
            "tabula_moves": tabula,
            "standard_apart_from_entry_and_freeze": standard_apart,
            "standard_moves": standard,
            "movement": STANDARD_MOVES
            if standard
            else STANDARD_MOVES_MOSTLY
            if standard_apart
            else TABULA_MOVES
            if tabula
            else RULE_SET_MOVES,
            "head_fixed": self.head is Head.FIXED,
            "head_needed": self.head is Head.NEEDED,
            "step_block": self.block is Block.STEP,
            "final_block": self.block is Block.FINAL,
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    @property
    def cells(self) -> int:
        return 27 if self.pool else 26

    def start_board(self) -> Board:
        key = (self.cells, self.start_points, self.checkers)
        board = _START_BOARDS.get(key)
        if board is None:
            board = _START_BOARDS[key] = self.board_from_points(dict(self.start_points))
        return board

    def start_boards(self) -> tuple[Board, Board]:
        board = self.start_board()
        return (board, board)

    def opponent_point(self, p: int) -> int:
        """The opponent's number for the mover's point ``p`` (1..24)."""
        if self.shared_track:
            return p
        return (p + 11) % 24 + 1 if self.same_direction else 25 - p

    def board_from_points(self, points: dict[int, int]) -> Board:
        """A board from ``{point: count}`` (bar 25, pool 26); the rest are off."""
        cells = [0] * self.cells
        for point, count in points.items():
            if not 1 <= point < self.cells:
                raise ValueError(f"point {point} is not 1..{self.cells - 1}")
            cells[point] += count
        cells[OFF] = self.checkers - sum(cells[1:])
        if cells[OFF] < 0:
            raise ValueError(f"more than {self.checkers} checkers")
        return tuple(cells)

    def pips(self, board: Board) -> int:
        """Pips to bear off: a checker on i needs i, the bar and the pool 25 each."""
        total = sum(i * board[i] for i in range(1, 26))
        return total + 25 * board[POOL] if len(board) > POOL else total

    def problems(self, boards: tuple[Board, Board]) -> list[str]:
        """What makes a position impossible under these rules (empty when valid)."""
        out: list[str] = []
        for player, board in enumerate(boards):
            if len(board) != self.cells:
                out.append(f"player {player}'s board has {len(board)} cells, not {self.cells}")
                continue
            if any(n < 0 for n in board):
                out.append(f"player {player} has a negative checker count")
            if sum(board) != self.checkers:
                out.append(f"player {player} has {sum(board)} checkers, not {self.checkers}")
            if self.same_direction and board[BAR]:
                out.append(f"player {player} has checkers on the bar (Long Nardy has none)")
        if not out:
            b0, b1 = boards
            for i in range(1, 25):
                if b0[i] and b1[self.opponent_point(i)]:
                    out.append(f"both players have checkers on player 0's point {i}")
        return out

    def result_level(self, loser: Board) -> int:
        """Points (times the cube) for a game whose winner has borne off every checker
        (E2-E4; T6 mars 1/2; N8 oin/mars, koks 3 as an option; A7 one per checker)."""
        if self.scoring is Scoring.PER_CHECKER:
            return self.checkers - loser[OFF]
        if self.scoring is Scoring.TABULA:
            # bgammon.org's rule (research/variants.md section 6; formats.bgammon.reader):
            # 3 while the loser has a checker to enter, on the bar or on 13-24 as written
            # (1-12 in his own numbering), whatever he has borne off; else 1.
            return 3 if loser[BAR] or loser[POOL] or any(loser[1:13]) else 1
        if loser[OFF] > 0:
            return 1
        if self.scoring is Scoring.MARS:
            return 3 if self.koks and any(loser[19:25]) else 2
        if loser[BAR] or any(loser[19:25]):
            return 3
        return 2

    def max_level(self) -> int:
        if self.scoring is Scoring.PER_CHECKER:
            return self.checkers
        return 3 if self.scoring in (Scoring.STANDARD, Scoring.TABULA) or self.koks else 2

    def option(self, key: str) -> str:
        for k, v in self.options:
            if k == key:
                return v
        return default_option(key)

    def describe(self) -> str:
        parts = [self.variant.value]
        parts += [f"{k}={v}" for k, v in self.options]
        parts += list(self.house_rules)
        return ", ".join(parts)


_CACHE: dict[tuple[Variant, tuple[str, ...], tuple[tuple[str, str], ...]], RuleSet] = {}
_PLAIN: dict[Variant, RuleSet] = {}
"""Each variant's rule set without house rules or options (also in :data:`_CACHE`)."""


def rule_set(
    variant: Variant = Variant.STANDARD,
    house_rules: tuple[str, ...] = (),
    options: tuple[tuple[str, str], ...] = (),
) -> RuleSet:
    """The rule set of ``variant`` (its definition, engine.variants) with named options and
    house rules applied (cached); :class:`RuleError` for an option ``variant`` does not take,
    a value the option does not have, or an unknown house rule."""
    if not house_rules and not options:
        plain = _PLAIN.get(variant)  # a variant's own rules: the common case, one look-up
        if plain is not None:
            return plain
    key = (variant, tuple(sorted(set(house_rules))), tuple(sorted(dict(options).items())))
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    d = definition(variant)
    fields: RuleFields = {**d.rules}
    for option in d.options:  # each option's default is part of the variant's rules
        fields.update(option.fields(option.default))
    for name, value in key[2]:
        fields.update(check_option(variant, name, value).fields(value))
    for name in key[1]:
        fields.update(house_rule(name).fields)
    rs = RuleSet(variant, **fields, house_rules=key[1], options=key[2])
    _CACHE[key] = rs
    if not key[1] and not key[2]:
        _PLAIN[variant] = rs
    return rs


STANDARD: Final = rule_set()
"""Standard backgammon (RULES.md S1, M, H, B, E, C, X)."""
