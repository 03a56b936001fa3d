"""The --where language: precedence, values, many-valued fields and exact error messages."""

from __future__ import annotations

import pytest

from gamao_cli.analysis.where import WhereError, parse_where

FACTS = {
    "player": ("Nori", "Kenji"),
    "player1": "Nori",
    "length": 11,
    "money": False,
    "date": "2009-01-17",
    "event": "Monte Carlo Final",
    "result": ("single", "gammon", "drop"),
    "finding": ("R211", "X402"),
    "pr": (4.5, 12.25),
    "winner": "",
}


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        ("player = nori", True),
        ("player = NORI and length >= 11", True),
        ("player = bob or length > 10", True),
        ("player = bob or length > 11", False),
        ("not money", True),
        ("money", False),
        ("winner", False),
        ("not (length < 5 or money) and event ~ 'monte c'", True),
        ("player = bob or player = kenji and length = 3", False),  # and binds tighter
        ("(player = bob or player = kenji) and length = 11", True),
        ('event = "monte carlo final"', True),
        ("event ~ '^carlo'", False),
        ("date >= 2009-01-01 and date < 2009-02-01", True),
        ("date = 2009.1.17", True),
        ("result = gammon", True),
        ("result != backgammon", True),
        ("result != drop", False),
        ("finding = r211", True),
        ("pr < 5", True),
        ("pr > 20", False),
        ("length != 11", False),
    ],
)
def test_expressions(expr: str, expected: bool) -> None:
    assert parse_where(expr)(FACTS) is expected


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        ("", "empty expression: expected a field such as player or length"),
        ("length >", "end of expression: expected a value after length >"),
        ("length >= 7 player = x", "column 13: expected 'and', 'or' or the end, found 'player'"),
        ("(length = 3", "end of expression: expected ')'"),
        ("colour = red", "column 1: unknown field 'colour' (known: player, player1, player2, "
         "winner, event, site, round, date, length, money, variant, rules, format, file, "
         "games, moves, cube, result, finding, severity, analysed, pr)"),
        ("length > seven", "length > 'seven': length is a number"),
        ("date < yesterday", "date < 'yesterday': expected a date like 2009-01-31"),
    ],
)  # fmt: skip
def test_errors_say_where_and_what_was_expected(expr: str, message: str) -> None:
    with pytest.raises(WhereError) as caught:
        parse_where(expr)
    assert str(caught.value) == message


def test_a_bad_regular_expression_is_reported_when_tested() -> None:
    test = parse_where("event ~ '('")
    with pytest.raises(WhereError, match=r"event ~ '\(': not a regular expression"):
        test(FACTS)
