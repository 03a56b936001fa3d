"""Player names: one spelling per player across files."""

from __future__ import annotations

import pytest

from gamao_cli.analysis.names import (
    clean_name,
    name_key,
    parse_alias,
    parse_aliases,
    resolve_names,
)


def test_clean_and_key() -> None:
    assert clean_name("  nori,1723 ") == "nori"
    assert clean_name("Bob , 1650.5") == "Bob"
    assert clean_name("Joe \t Black") == "Joe Black"
    assert clean_name("Ｋévin") == "Kévin"  # NFKC folds the full-width letter
    assert name_key("Joe Black") == name_key("JoeBlack") == name_key("JOEBLACK,1500") == "joeblack"
    assert clean_name("R2,D2") == "R2,D2"  # a comma not followed by a number stays


def test_most_used_spelling_wins_then_sorted_order() -> None:
    mapping = resolve_names(["nori", "Nori", "nori", "Kenji", "kenji"])
    assert mapping == {"nori": "nori", "Nori": "nori", "Kenji": "Kenji", "kenji": "Kenji"}
    assert resolve_names({"JoeBlack": 2, "Joe Black": 3}) == {
        "JoeBlack": "Joe Black",
        "Joe Black": "Joe Black",
    }


def test_aliases_merge_and_follow_chains() -> None:
    mapping = resolve_names(
        ["bgnori", "nori", "Nori,1700", "Kenji"], {"bgnori": "nori", "NORI": "Noriyuki"}
    )
    assert mapping == {
        "bgnori": "Noriyuki",
        "nori": "Noriyuki",
        "Nori,1700": "Noriyuki",
        "Kenji": "Kenji",
    }


def test_alias_parsing() -> None:
    assert parse_alias("bob = Robert Smith") == ("bob", "Robert Smith")
    assert parse_aliases(["a=b", "a=c"]) == {"a": "c"}
    for bad in ("bob", "=x", "x=", " = "):
        with pytest.raises(ValueError):
            parse_alias(bad)
