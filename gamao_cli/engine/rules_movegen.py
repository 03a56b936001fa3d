"""Legal play generation driven by a :class:`~gamao_cli.engine.ruleset.RuleSet`.

Standard backgammon, nackgammon and hypergammon keep the specialised generator of
:mod:`gamao_cli.engine.movegen`; this one plays every rule set, including those whose movement
differs (research/variants.md T4 tavla's home-board hit, N3-N7 Long Nardy, A1-A6
acey-deucey, the five-checker house rule). It works on the mover's view like ``movegen``:
``me`` and ``opp`` are both boards in their owner's numbering. Tabula's plays using all three
dice come from its own walk, :mod:`gamao_cli.engine.tabula_movegen`: this search specialised,
with the same plays in the same order (:func:`general_generate` is this search alone).

The search is a depth-first walk over single-die moves that remembers every state it has seen
(board, blots hit, dice left, head checkers moved, frozen checkers), so orders that reach the
same state are explored once. A state is one integer, kept up to date move by move (a
board's counts in 5-bit fields, then the mover's points where a blot was hit: a point is hit
at most once a turn, so those and the board before decide the opponent's board after): cheap
to hash and compare, where tuples or bytes built at every step cost a third of the search.
Every state reached is a candidate play; compulsory play (M4) then keeps those using the most
dice and, when only one of two different dice can be used, the larger one when it can be.
Once a state using every die is found, states using fewer are no longer kept (``prune``);
:func:`general_generate` first searches for the states using every die alone, and for the
others only when there are none. Single-die steps and the changes they make to a state code are
made once, at import (:data:`~gamao_cli.engine.movegen.STEPS`, ``rules_search._DELTA``), not at
every move tried.

The search's state and walk are :class:`~gamao_cli.engine.rules_search.Search`; Long Nardy's
head and block, :mod:`gamao_cli.engine.nardy`. Which generator plays a rule set is chosen by
:mod:`gamao_cli.engine.plays`.
"""

from __future__ import annotations

from gamao_cli.engine.movegen import Play
from gamao_cli.engine.nardy import HEAD, head_limit
from gamao_cli.engine.rules_search import Found, Reached, Search
from gamao_cli.engine.ruleset import POOL, RuleSet
from gamao_cli.engine.tabula_movegen import all_dice_plays
from gamao_cli.model.actions import Board


def dice_list(dice: tuple[int, ...]) -> list[int]:
    """The moves a roll gives: a double four times (M3), else each die once, larger first."""
    if len(dice) == 2 and dice[0] == dice[1]:
        return [dice[0]] * 4
    return sorted(dice, reverse=True)


def reachable(
    rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...], head_limit: int = 1
) -> Reached:
    """Every state some legal sequence of single-die moves reaches (without M4)."""
    return _search(rs, me, opp, dice, head_limit).decoded()


def _search(
    rs: RuleSet,
    me: Board,
    opp: Board,
    dice: tuple[int, ...],
    head_limit: int,
    prune: bool = False,
    internal: bool = True,
) -> Search:
    search = Search(rs, me, opp, head_limit)
    search.prune = prune
    search.internal = internal
    if internal:
        search.record(search.boards())
    search.walk(dice_list(dice))
    return search


def _most_dice(
    rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...], limit: int
) -> tuple[Search, int, Found]:
    """The search and M4's plays (dice used, states kept). The states using every die are
    searched for first, alone: when there are any, they are the plays, with nothing to sort
    out; only when there are none are the states using fewer searched for."""
    search = _search(rs, me, opp, dice, limit, prune=True, internal=False)
    if search.reached:
        return search, len(dice_list(dice)), search.reached
    search = _search(rs, me, opp, dice, limit, prune=True)
    best, kept = _compulsory(search.reached, dice)
    return search, best, kept


def _compulsory(reached: Found, dice: tuple[int, ...]) -> tuple[int, Found]:
    """M4 on the states reached: the most dice; when only one die of several different ones
    can be used, the largest that can (two dice; tabula's three as bgammon.org plays them)."""
    best = 0
    fewest = 99
    for v in reached.values():
        used = v[0]
        if used > best:
            best = used
        if used < fewest:
            fewest = used
    if best == 0:
        return 0, {}
    kept = reached if fewest == best else {k: v for k, v in reached.items() if v[0] == best}
    if best == 1 and min(dice) != max(dice):
        top = max(v[2] for v in kept.values())
        kept = {k: v for k, v in kept.items() if v[2] == top}
    return best, kept


def standard_here(rs: RuleSet, me: Board, opp: Board) -> bool:
    """Whether the standard generator gives this position's plays under ``rs``: the rule set's
    only departures from standard movement cannot apply here (tavla's T4 with no opposing blot
    on the mover's home points; acey-deucey once the mover has entered every checker)."""
    if not rs.standard_apart_from_entry_and_freeze:
        return False
    if rs.pool and me[POOL]:
        return False
    if rs.home_hit_freeze:
        for p in range(1, 7):
            if opp[25 - p] == 1:
                return False
    return True


def tabula_generate(
    rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...]
) -> tuple[int, list[Play]]:
    """:func:`general_generate` for tabula's movement (:attr:`RuleSet.tabula_moves`): its own
    walk (:mod:`gamao_cli.engine.tabula_movegen`) finds the plays using every die, the same
    as the search; the search, only when there are none."""
    if len(dice) == 3 and len(me) == POOL + 1:
        plays = all_dice_plays(me, opp, dice)
        if plays:
            return 3, plays
        search = _search(rs, me, opp, dice, 1, prune=True)
        best, kept = _compulsory(search.reached, dice)
        return best, search.plays(kept)
    return general_generate(rs, me, opp, dice)


def general_generate(
    rs: RuleSet, me: Board, opp: Board, dice: tuple[int, ...]
) -> tuple[int, list[Play]]:
    """(dice used, every distinct legal play) under ``rs`` by the rule-set search alone; no
    plays when the roll is lost (tests compare the specialised generators with it)."""
    limit = head_limit(rs, me, dice)
    search, best, kept = _most_dice(rs, me, opp, dice, limit)
    if rs.head_needed and me[HEAD] == rs.checkers and best < len(dice_list(dice)):
        # N4 head=needed: on the first turn a second head checker may leave when the roll
        # cannot otherwise be played in full.
        search2, best2, kept2 = _most_dice(rs, me, opp, dice, 2)
        if best2 > best:
            search, best, kept = search2, best2, kept2
    return best, search.plays(kept)
