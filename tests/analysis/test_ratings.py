"""Ratings by FIBS's formula: worked by hand, and against an independent computation."""

from __future__ import annotations

import math
import random

import pytest

from gamao_cli.analysis.ratings import (
    Ledger,
    Result,
    exchange,
    k_factor,
    played_order,
    upset_chance,
)


def test_equal_ratings_winner_counts_as_favourite() -> None:
    # D = 0: P_upset = 1/2, the winner is the favourite, P = 1/2; K = 5 for both newcomers:
    # 4 * 5 * sqrt(5) * 1/2 = 10 * sqrt(5) each way.
    ledger = Ledger()
    ledger.apply(Result(("ana", "bia"), 5, 0, "m1"))
    assert ledger.players["ana"].rating == pytest.approx(1500 + 10 * math.sqrt(5), abs=1e-9)
    assert ledger.players["bia"].rating == pytest.approx(1500 - 10 * math.sqrt(5), abs=1e-9)
    assert ledger.players["ana"].experience == 5
    assert (ledger.players["ana"].won, ledger.players["bia"].lost) == (1, 1)


def test_underdog_wins_worked_by_hand() -> None:
    # After m1, ana 1522.3607 and bia 1477.6393 (D = 44.7214), both experience 5 (K 4.95).
    # bia, the underdog, wins 7 points: P_upset = 1/(10^(44.7214*sqrt(7)/2000) + 1)
    # = 1/(10^0.0591608 + 1) = 1/2.145944 = 0.4659956, P = 0.5340044;
    # change = 4.95 * 4 * sqrt(7) * P = 4.95 * 5.651372 = 27.97429.
    ledger = Ledger()
    ledger.apply(Result(("ana", "bia"), 5, 0, "m1"))
    ledger.apply(Result(("ana", "bia"), 7, 1, "m2"))
    assert ledger.players["bia"].rating == pytest.approx(1505.6136, abs=0.001)
    assert ledger.players["ana"].rating == pytest.approx(1494.3864, abs=0.001)


def test_formula_pieces() -> None:
    assert upset_chance(0, 9) == 0.5
    assert upset_chance(2000, 1) == pytest.approx(1 / 11)
    assert upset_chance(-2000, 1) == pytest.approx(1 / 11)
    assert k_factor(0) == 5
    assert k_factor(250) == 2.5
    assert k_factor(400) == 1
    assert k_factor(10_000) == 1
    # the favourite (1700) wins 1 point against 1500: P = P_upset = 1/(10^0.1 + 1)
    gain, loss = exchange(1700, 1500, 1000, 0, 1)
    p = 1 / (10**0.1 + 1)
    assert gain == pytest.approx(4 * p)  # K 1 after 1000 points of experience
    assert loss == pytest.approx(20 * p)  # K 5 for a newcomer


def test_money_and_self_and_no_winner_change_nothing() -> None:
    ledger = Ledger()
    assert ledger.apply(Result(("ana", "bia"), 0, 0)) is None
    assert ledger.apply(Result(("ana", "ana"), 3, 0)) is None
    assert ledger.apply(Result(("ana", "bia"), 3, -1)) is None
    assert ledger.players == {}


def _independent(results: list[tuple[str, str, int, int]], start: float) -> dict[str, float]:
    """The formula written out again, apart from the module: (a, b, length, winner) rows."""
    rating: dict[str, float] = {}
    exp: dict[str, int] = {}
    for a, b, n, w in results:
        for p in (a, b):
            rating.setdefault(p, start)
            exp.setdefault(p, 0)
        win, lose = (a, b) if w == 0 else (b, a)
        d = abs(rating[win] - rating[lose])
        upset = 1 / (10 ** (d * n**0.5 / 2000) + 1)
        fav_won = rating[win] >= rating[lose]
        p = upset if fav_won else 1 - upset
        kw = max(1.0, 5 - exp[win] / 100)
        kl = max(1.0, 5 - exp[lose] / 100)
        rating[win] += 4 * kw * n**0.5 * p
        rating[lose] -= 4 * kl * n**0.5 * p
        exp[win] += n
        exp[lose] += n
    return rating


def test_many_matches_equal_an_independent_computation() -> None:
    rnd = random.Random(7)
    names = ["ana", "bia", "caio", "duda", "eva", "fábio"]
    rows = []
    for _ in range(400):
        a, b = rnd.sample(names, 2)
        rows.append((a, b, rnd.choice([1, 3, 5, 7, 11, 13, 17]), rnd.randint(0, 1)))
    ledger = Ledger(1600)
    history = ledger.run(Result((a, b), n, w, f"m{i}") for i, (a, b, n, w) in enumerate(rows))
    expected = _independent(rows, 1600)
    for name in names:
        assert ledger.players[name].rating == pytest.approx(expected[name], abs=0.01)
    assert len(history) == 800
    assert sum(s.experience for s in ledger.players.values()) == 2 * sum(r[2] for r in rows)
    # the table: highest first
    table = ledger.table()
    assert [r.rating for _, r in table] == sorted((r.rating for _, r in table), reverse=True)


def test_played_order_dates_then_input_order() -> None:
    r = [
        Result(("a", "b"), 1, 0, "x1", "2024-05-02"),
        Result(("a", "b"), 1, 0, "x2"),  # undated: stays after x1
        Result(("a", "b"), 1, 0, "x3", "2024-05-01", "21:00"),
        Result(("a", "b"), 1, 0, "x4", "2024-05-01", "09:30"),
        Result(("a", "b"), 1, 0, "x5", "2024-05-02"),  # ties x1: after it (input order)
    ]
    assert [x.match for x in played_order(r)] == ["x4", "x3", "x1", "x2", "x5"]
    undated_first = [Result(("a", "b"), 1, 0, "u"), Result(("a", "b"), 1, 0, "d", "2020-01-01")]
    assert [x.match for x in played_order(undated_first)] == ["u", "d"]


def test_last_played_is_the_latest_date() -> None:
    ledger = Ledger()
    ledger.apply(Result(("a", "b"), 1, 0, "m", "2024-05-02"))
    ledger.apply(Result(("a", "c"), 1, 1, "n", "2024-01-01"))
    ledger.apply(Result(("a", "c"), 1, 1, "o"))
    assert ledger.players["a"].last_played == "2024-05-02"
    assert ledger.players["c"].last_played == "2024-01-01"
    assert ledger.players["a"].matches == 3
