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
:mod:`gamao_cli.engine.plays` picks by it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Final

from gamao_cli.model.actions import BAR, OFF, Board
from gamao_cli.model.match import Variant

POOL: Final = 26
"""Acey-deucey: the board cell of the checkers not yet entered (A1)."""

STANDARD_MOVES: Final = 0
""":attr:`RuleSet.movement`: standard movement (standard, nackgammon, hypergammon)."""
STANDARD_MOVES_MOSTLY: Final = 1
"""Standard movement but for acey-deucey's pool (A3) or tavla's T4, which do not apply in
every position."""
TABULA_MOVES: Final = 2
"""Tabula's movement (:attr:`RuleSet.tabula_moves`)."""
RULE_SET_MOVES: Final = 3
"""Any other movement: the rule-set search alone."""

HOUSE_RULES = {
    "five-checker-limit": "at most five checkers of one side on a point",
    "roll-again-after-double": "a double played in full earns another roll",
    "reroll-opening": "the opening winner rolls both dice anew (the opening may be a double)",
    "automatic-doubles": "money play: each opening tie turns the cube (the cube may start above 1)",
}
"""The house rules of the seeds (002: five checkers, rolling again after a double, re-rolling
the opening; 000 and RULES.md S3: automatic doubles), as switches."""

OPTIONS: dict[str, tuple[tuple[Variant, ...], tuple[str, ...]]] = {
    "opening": ((Variant.TAVLA, Variant.LONG_NARDY, Variant.ACEY_DEUCEY), ("reroll", "use-dice")),
    "home-hit": ((Variant.TAVLA,), ("freeze", "free")),
    "head": ((Variant.LONG_NARDY,), ("fixed", "needed")),
    "block": ((Variant.LONG_NARDY,), ("step", "final", "off")),
    "koks": ((Variant.LONG_NARDY,), ("off", "3")),
    "cube": ((Variant.TAVLA, Variant.LONG_NARDY, Variant.ACEY_DEUCEY), ("off", "on")),
    "reroll": ((Variant.ACEY_DEUCEY,), ("complete", "always")),
    "doubles": ((Variant.ACEY_DEUCEY,), ("normal", "extra-roll")),
    "bearoff": ((Variant.ACEY_DEUCEY,), ("normal", "exact")),
    "scoring": ((Variant.ACEY_DEUCEY,), ("per-checker", "standard")),
}
"""Named options (``--option key=value``): the variants each applies to and its values, the
first being variants.md's default."""

_STANDARD = {24: 2, 13: 5, 8: 3, 6: 5}
_NACKGAMMON = {24: 2, 23: 2, 13: 4, 8: 3, 6: 4}
_HYPER = {3: {24: 1, 23: 1, 22: 1}, 2: {24: 1, 23: 1}, 1: {24: 1}}


class RuleError(ValueError):
    """An unknown variant, house rule or option (the CLI reports it and exits 2)."""


_START_BOARDS: dict[tuple[int, tuple[tuple[int, int], ...], int], Board] = {}
"""Start boards by (cells, start points, checkers): built once for each kind of start, since
every game asks for its start board."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Everything the engine needs to know about the game being played."""

    variant: Variant = Variant.STANDARD
    checkers: int = 15
    start_points: tuple[tuple[int, int], ...] = tuple(_STANDARD.items())
    same_direction: bool = False  # N3: both sides run the same way round (no 25 - p)
    shared_track: bool = False  # tabula: both enter at the same place, a point has one number
    single_blocks: bool = False  # N3: one opposing checker holds a point
    hitting: bool = True  # H1; False in Long Nardy
    pool: bool = False  # A1: checkers start off the board and enter
    bearoff_exact: bool = False  # A6 option: no bearing off with a larger die
    enter_first: bool = False  # tabula: nothing passes the 12th point until all have entered
    home_points: int = 6  # B1: bearing off once every checker is on 1..home_points (tabula 12)
    dice: int = 2  # dice a roll (tabula 3: each played once, doubles not doubled)
    head: str = ""  # N4: "fixed" or "needed" ("" = no head rule)
    block: str = ""  # N5: "step" or "final" ("" = no six-point block rule)
    home_hit_freeze: bool = False  # T4
    opening_reroll: bool = False  # T2, N2, A2 (and the house rule): the opening may be a double
    acey_deucey: bool = False  # A4: the 1-2 roll, a named double, another roll
    acey_reroll_always: bool = False  # A4 option reroll=always (bgammon.org)
    doubles_extra_roll: bool = False  # A5 option, house rule roll-again-after-double
    cube: bool = True  # C7 when False
    scoring: str = "standard"  # "standard" (1/2/3), "mars" (1/2), "per-checker" (A7)
    koks: bool = False  # N8 option koks=3
    max_per_point: int = 0  # house rule five-checker-limit (0: no limit)
    automatic_doubles: bool = False
    house_rules: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = field(default=())
    tabula_moves: bool = field(init=False, repr=False, compare=False, default=False)
    """True when tabula's own generator (engine.tabula_movegen) plays this rule set: one
    shared track entered from a pool, the wall at the 12th point, exact bearing off from
    1..12, three dice, two checkers block and one is hit; no house rule that changes
    movement (the five-checker limit). Worked out once, in ``__post_init__``: the generator
    asks at every position."""
    movement: int = field(init=False, repr=False, compare=False, default=RULE_SET_MOVES)
    """Which of the engine's generators and validators play this rule set
    (:data:`STANDARD_MOVES`, :data:`STANDARD_MOVES_MOSTLY`, :data:`TABULA_MOVES`,
    :data:`RULE_SET_MOVES`; engine.plays picks them by it). Worked out once, in
    ``__post_init__``."""

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "tabula_moves",
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
                or self.head
                or self.block
                or self.max_per_point
                or self.home_hit_freeze
                or self.acey_deucey
            ),
        )
        object.__setattr__(
            self,
            "movement",
            STANDARD_MOVES
            if self.standard_moves
            else STANDARD_MOVES_MOSTLY
            if self.standard_apart_from_entry_and_freeze
            else TABULA_MOVES
            if self.tabula_moves
            else RULE_SET_MOVES,
        )

    @property
    def standard_moves(self) -> bool:
        """True when the standard generator and validator play this rule set (15 or fewer
        checkers, standard movement): standard, nackgammon, hypergammon."""
        return self.standard_apart_from_entry_and_freeze and not (self.pool or self.home_hit_freeze)

    @property
    def standard_apart_from_entry_and_freeze(self) -> bool:
        """Standard movement but for acey-deucey's pool (A3) and tavla's T4, two rules that
        do not apply in every position (engine.rules_movegen.standard_here)."""
        return not (
            self.same_direction
            or self.shared_track
            or self.enter_first
            or self.home_points != 6
            or self.dice != 2
            or self.single_blocks
            or not self.hitting
            or self.bearoff_exact
            or self.head
            or self.block
            or self.max_per_point
        )

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
        if self.scoring == "per-checker":
            return self.checkers - loser[OFF]
        if self.scoring == "tabula":
            # bgammon.org's rule (research/variants.md section 6; formats.bgammon.reader):
            # 3 while the loser has a checker to enter, on the bar or on 13-24 as written
            # (1-12 in his own numbering), whatever he has borne off; else 1.
            return 3 if loser[BAR] or loser[POOL] or any(loser[1:13]) else 1
        if loser[OFF] > 0:
            return 1
        if self.scoring == "mars":
            return 3 if self.koks and any(loser[19:25]) else 2
        if loser[BAR] or any(loser[19:25]):
            return 3
        return 2

    def max_level(self) -> int:
        if self.scoring == "per-checker":
            return self.checkers
        return 3 if self.scoring in ("standard", "tabula") or self.koks else 2

    def option(self, key: str) -> str:
        for k, v in self.options:
            if k == key:
                return v
        return OPTIONS[key][1][0]

    def describe(self) -> str:
        parts = [self.variant.value]
        parts += [f"{k}={v}" for k, v in self.options]
        parts += list(self.house_rules)
        return ", ".join(parts)


STANDARD = RuleSet()
"""Standard backgammon (RULES.md S1, M, H, B, E, C, X)."""


def _base(variant: Variant) -> RuleSet:
    if variant is Variant.NACKGAMMON:
        return RuleSet(variant, start_points=tuple(_NACKGAMMON.items()))
    if variant in (Variant.HYPERGAMMON, Variant.HYPERGAMMON1, Variant.HYPERGAMMON2):
        n = {Variant.HYPERGAMMON: 3, Variant.HYPERGAMMON1: 1, Variant.HYPERGAMMON2: 2}[variant]
        return RuleSet(variant, checkers=n, start_points=tuple(_HYPER[n].items()))  # Y1-Y3
    if variant is Variant.TAVLA:  # T1-T8
        return RuleSet(
            variant, home_hit_freeze=True, opening_reroll=True, cube=False, scoring="mars"
        )
    if variant is Variant.LONG_NARDY:  # N1-N9
        return RuleSet(
            variant,
            start_points=((24, 15),),
            same_direction=True,
            single_blocks=True,
            hitting=False,
            head="fixed",
            block="step",
            opening_reroll=True,
            cube=False,
            scoring="mars",
        )
    if variant is Variant.ACEY_DEUCEY:  # A1-A8
        return RuleSet(
            variant,
            start_points=((POOL, 15),),
            pool=True,
            opening_reroll=True,
            acey_deucey=True,
            cube=False,
            scoring="per-checker",
        )
    if variant is Variant.TABULA:  # bgammon.org's variant 2 (research/variants.md sections 6-7)
        return RuleSet(
            variant,
            start_points=((POOL, 15),),
            shared_track=True,
            pool=True,
            enter_first=True,
            home_points=12,
            bearoff_exact=True,
            dice=3,
            opening_reroll=True,
            cube=False,
            scoring="tabula",
        )
    if variant is Variant.STANDARD:
        return STANDARD
    raise RuleError(f"the engine does not play {variant.value} yet")


_CACHE: dict[tuple[Variant, tuple[str, ...], tuple[tuple[str, str], ...]], RuleSet] = {}


def rule_set(
    variant: Variant = Variant.STANDARD,
    house_rules: tuple[str, ...] = (),
    options: tuple[tuple[str, str], ...] = (),
) -> RuleSet:
    """The rule set of ``variant`` with house rules and named options applied (cached)."""
    key = (variant, tuple(sorted(set(house_rules))), tuple(sorted(dict(options).items())))
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    rs = _base(variant)
    if not key[1] and not key[2]:
        _CACHE[key] = rs
        return rs
    for key_, value in key[2]:
        if key_ not in OPTIONS:
            raise RuleError(f"unknown option '{key_}' (known: {', '.join(sorted(OPTIONS))})")
        applies, values = OPTIONS[key_]
        if variant not in applies:
            names = ", ".join(v.value for v in applies)
            raise RuleError(f"option '{key_}' applies to {names}, not {variant.value}")
        if value not in values:
            raise RuleError(f"option {key_}: '{value}' is not one of {', '.join(values)}")
        rs = _apply_option(rs, key_, value)
    for name in key[1]:
        if name not in HOUSE_RULES:
            raise RuleError(f"unknown house rule '{name}' (known: {', '.join(HOUSE_RULES)})")
        rs = _apply_house_rule(rs, name)
    rs = replace(rs, house_rules=key[1], options=key[2])
    _CACHE[key] = rs
    return rs


def _apply_option(rs: RuleSet, key: str, value: str) -> RuleSet:
    if key == "opening":
        return replace(rs, opening_reroll=value == "reroll")
    if key == "home-hit":
        return replace(rs, home_hit_freeze=value == "freeze")
    if key == "head":
        return replace(rs, head=value)
    if key == "block":
        return replace(rs, block="" if value == "off" else value)
    if key == "koks":
        return replace(rs, koks=value == "3")
    if key == "cube":
        return replace(rs, cube=value == "on")
    if key == "reroll":
        return replace(rs, acey_reroll_always=value == "always")
    if key == "doubles":
        return replace(rs, doubles_extra_roll=value == "extra-roll")
    if key == "bearoff":
        return replace(rs, bearoff_exact=value == "exact")
    return replace(rs, scoring="standard" if value == "standard" else "per-checker")


def _apply_house_rule(rs: RuleSet, name: str) -> RuleSet:
    if name == "five-checker-limit":
        return replace(rs, max_per_point=5)
    if name == "roll-again-after-double":
        return replace(rs, doubles_extra_roll=True)
    if name == "reroll-opening":
        return replace(rs, opening_reroll=True)
    return replace(rs, automatic_doubles=True)


def applicable_options(
    variant: Variant, options: tuple[tuple[str, str], ...]
) -> tuple[tuple[str, str], ...]:
    """The options that apply to ``variant`` (a directory may mix variants: an option for
    another variant is left out rather than refused)."""
    return tuple((k, v) for k, v in options if k in OPTIONS and variant in OPTIONS[k][0])


def parse_option(text: str) -> tuple[str, str]:
    """``key=value`` as given to ``--option``."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise RuleError(f"--option takes key=value, got '{text}'")
    return key.strip().lower(), value.strip().lower()
