"""Ratings over the matches table: which matches are rated, in what order, and the results as
polars frames (``gamao ratings``, the report's Ratings section).

A match is rated when it has a length (not a money session) and a winner (the replay's: a
match played to its length, or conceded); the others change nothing and are counted apart.
Names are the tables' (merged as ``stats`` merges them, :mod:`names`). The order is
:func:`ratings.played_order`'s: by the recorded date and time (``date``/``time`` columns,
from the header tags, :mod:`match_tags`), undated matches and ties in input order.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from gamao_cli.analysis.ratings import START, Change, Ledger, Result, played_order

RATING_SCHEMA: dict[str, pl.DataType | type[pl.DataType]] = {
    "player": pl.String,
    "rating": pl.Float64,
    "experience": pl.Int64,
    "matches": pl.Int64,
    "won": pl.Int64,
    "lost": pl.Int64,
    "last_played": pl.String,
}
HISTORY_SCHEMA: dict[str, pl.DataType | type[pl.DataType]] = {
    "order": pl.Int64,
    "match": pl.String,
    "date": pl.String,
    "player": pl.String,
    "opponent": pl.String,
    "length": pl.Int64,
    "won": pl.Boolean,
    "rating_before": pl.Float64,
    "rating_after": pl.Float64,
}


@dataclass(frozen=True, slots=True)
class Ratings:
    """The ratings after every rated match, and what was left out."""

    table: pl.DataFrame  # RATING_SCHEMA, highest rating first (ties by name)
    history: pl.DataFrame  # HISTORY_SCHEMA, two rows a rated match, in played order
    rated: int
    unfinished: int  # matches without a winner (stopped early, abandoned)
    money: int  # money sessions
    same_player: int = 0  # a player against himself (the same name on both sides)


def match_label(file: str, number: int) -> str:
    """How a match is named in the history: ``file#N`` (N from 1 in the file)."""
    return f"{file}#{number}"


def match_results(matches: pl.DataFrame) -> tuple[list[Result], int, int]:
    """The rated matches as :class:`Result` in input order, and how many matches were
    unfinished and money sessions."""
    results: list[Result] = []
    unfinished = money = 0
    columns = ("file", "match", "player_1", "player_2", "length", "money", "winner_side",
               "date", "time")  # fmt: skip
    for file, number, one, two, length, is_money, winner, date, time in matches.select(
        columns
    ).iter_rows():
        if is_money or not length:
            money += 1
        elif winner is None:
            unfinished += 1
        else:
            label = match_label(file, number)
            results.append(Result((one, two), length, winner, label, date, time))
    return results, unfinished, money


def rate(matches: pl.DataFrame, start: float = START) -> Ratings:
    """Every player's rating after the matches of ``matches`` (the matches table, names
    merged), with the history."""
    results, unfinished, money = match_results(matches)
    ledger = Ledger(start)
    changes: list[Change] = []
    rated = same = 0
    for result in played_order(results):
        rows = ledger.apply(result)
        if rows is None:
            same += 1
            continue
        rated += 1
        changes.extend(rows)
    table = pl.DataFrame(
        [
            (name, s.rating, s.experience, s.matches, s.won, s.lost, s.last_played)
            for name, s in ledger.table()
        ],
        schema=dict(RATING_SCHEMA),
        orient="row",
    )
    history = pl.DataFrame(
        [
            (i // 2 + 1, c.match, c.date, c.player, c.opponent, c.length, c.won, c.before, c.after)
            for i, c in enumerate(changes)
        ],
        schema=dict(HISTORY_SCHEMA),
        orient="row",
    )
    return Ratings(table, history, rated, unfinished, money, same)
