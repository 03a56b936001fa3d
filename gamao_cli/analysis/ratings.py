"""Ratings over a match archive, by the formula FIBS gives in its ``help formula``.

Every player starts at the same rating (1500) with experience 0. For a match of ``n`` points
between two players whose ratings differ by ``D``:

* the underdog's chance of winning is ``P_upset = 1 / (10 ** (D * sqrt(n) / 2000) + 1)``;
* ``P`` is ``P_upset`` when the favourite won and ``1 - P_upset`` when the underdog won (equal
  ratings: the winner counts as the favourite, and ``P`` is 1/2);
* each player's factor is ``K = max(1, 5 - experience / 100)``, from his experience before
  this match; the winner gains ``4 * K * sqrt(n) * P`` with his own ``K``, the loser loses
  ``4 * K * sqrt(n) * P`` with his;
* both players' experience then grows by ``n``.

The matches are taken in their played order (:func:`played_order`). Money sessions and matches
without a winner change nothing; the caller counts them apart.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

START = 1500.0
"""Everyone's rating before his first match (FIBS's)."""


@dataclass(frozen=True, slots=True)
class Result:
    """One finished match, as ratings read it: who played, how long, who won, and when."""

    players: tuple[str, str]  # the names as merged (analysis.names)
    length: int  # points; 0 is a money session, which does not count
    winner: int  # 0 or 1: the index in ``players``
    match: str = ""  # where it is recorded (``file`` or ``file#N``)
    date: str | None = None  # yyyy-mm-dd, when the record says
    time: str | None = None  # hh:mm[:ss], when the record says


@dataclass(slots=True)
class Standing:
    """One player's rating and record so far."""

    rating: float
    experience: int = 0
    matches: int = 0
    won: int = 0
    lost: int = 0
    last_played: str | None = None


@dataclass(frozen=True, slots=True)
class Change:
    """One player's row of the history: one match, from his side."""

    match: str
    date: str | None
    player: str
    opponent: str
    length: int
    won: bool
    before: float
    after: float


def upset_chance(difference: float, length: int) -> float:
    """The underdog's chance of winning an ``length``-point match against a player rated
    ``difference`` points above him (FIBS: ``1 / (10^(D*sqrt(n)/2000) + 1)``)."""
    exponent: float = abs(difference) * math.sqrt(length) / 2000.0
    return 1.0 / (math.pow(10.0, exponent) + 1.0)


def k_factor(experience: int) -> float:
    """FIBS's experience factor: 5 for a newcomer, falling by one every 100 points played,
    never under 1."""
    return max(1.0, 5.0 - experience / 100.0)


def exchange(
    winner: float, loser: float, winner_experience: int, loser_experience: int, length: int
) -> tuple[float, float]:
    """(what the winner gains, what the loser loses) for one ``length``-point match."""
    chance = upset_chance(winner - loser, length)
    p = chance if winner >= loser else 1.0 - chance
    stake = 4.0 * math.sqrt(length) * p
    return k_factor(winner_experience) * stake, k_factor(loser_experience) * stake


def played_order(results: Sequence[Result]) -> list[Result]:
    """The results in the order they were played.

    By recorded date and time where a record has them; a result without a date keeps its
    place after the dated result that precedes it in the input (it sorts as that one's date;
    at the start of the input, before every dated one); ties keep the input order.
    """
    keys: list[tuple[str, str, int]] = []
    current = ("", "")
    for index, result in enumerate(results):
        if result.date:
            current = (result.date, result.time or "")
        keys.append((*current, index))
    return [results[k[2]] for k in sorted(keys)]


class Ledger:
    """Ratings as they stand after each match applied in turn (:meth:`apply`)."""

    def __init__(self, start: float = START) -> None:
        self.start = start
        self.players: dict[str, Standing] = {}

    def standing(self, name: str) -> Standing:
        found = self.players.get(name)
        if found is None:
            found = self.players[name] = Standing(self.start)
        return found

    def apply(self, result: Result) -> tuple[Change, Change] | None:
        """Rate one match; None (and nothing changed) for a money session, a match of one
        player against himself, or a winner that is not 0 or 1."""
        if result.length <= 0 or result.winner not in (0, 1):
            return None
        win_name = result.players[result.winner]
        lose_name = result.players[1 - result.winner]
        if win_name == lose_name:
            return None
        win, lose = self.standing(win_name), self.standing(lose_name)
        gain, loss = exchange(
            win.rating, lose.rating, win.experience, lose.experience, result.length
        )
        before = (win.rating, lose.rating)
        win.rating += gain
        lose.rating -= loss
        for one, won in ((win, True), (lose, False)):
            one.experience += result.length
            one.matches += 1
            one.won += won
            one.lost += not won
            if result.date and (one.last_played is None or result.date > one.last_played):
                one.last_played = result.date
        return (
            Change(result.match, result.date, win_name, lose_name, result.length, True,
                   before[0], win.rating),
            Change(result.match, result.date, lose_name, win_name, result.length, False,
                   before[1], lose.rating),
        )  # fmt: skip

    def run(self, results: Iterable[Result]) -> list[Change]:
        """Apply every result in the order given; the history, two rows a rated match."""
        history: list[Change] = []
        for result in results:
            rows = self.apply(result)
            if rows is not None:
                history.extend(rows)
        return history

    def table(self) -> list[tuple[str, Standing]]:
        """Every player, highest rating first (ties: by name)."""
        return sorted(self.players.items(), key=lambda item: (-item[1].rating, item[0]))
