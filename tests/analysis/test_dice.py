"""The dice summary and the chi-square p-value, against exact and published values."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamao_cli.analysis.dice import (
    CHI2_WEIGHTS,
    EXPECTED_SHARES,
    MIN_ROLLS_FOR_TEST,
    ROLL_LABELS,
    chi2_sf,
    chi_square,
    gamma_q,
    roll_label,
    summarise_counts,
    summarise_rolls,
)

EXACT_SHARES = [Fraction(1, 36) if r[0] == r[1] else Fraction(2, 36) for r in ROLL_LABELS]


def test_the_21_rolls() -> None:
    assert len(ROLL_LABELS) == 21
    assert ROLL_LABELS[:6] == ("11", "21", "22", "31", "32", "33")
    assert ROLL_LABELS[-1] == "66"
    assert math.isclose(sum(EXPECTED_SHARES), 1.0)
    assert sum(1 for label in ROLL_LABELS if label[0] == label[1]) == 6
    assert roll_label(1, 3) == roll_label(3, 1) == "31"


@pytest.mark.parametrize(
    ("x", "p"),
    [(31.410, 0.05), (37.566, 0.01), (45.315, 0.001), (10.851, 0.95), (19.337, 0.5)],
)
def test_published_critical_values_for_20_degrees(x: float, p: float) -> None:
    assert chi2_sf(x, 20) == pytest.approx(p, rel=2e-4)


@pytest.mark.parametrize("x", [0.5, 5.0, 19.0, 20.0, 21.0, 40.0, 100.0, 300.0])
def test_20_degrees_equals_the_poisson_sum(x: float) -> None:
    # Q(10, y) = e^-y * sum_{i<10} y^i / i! for an integer shape.
    y = x / 2
    exact = math.exp(-y) * sum(y**i / math.factorial(i) for i in range(10))
    assert chi2_sf(x, 20) == pytest.approx(exact, rel=1e-12)


@pytest.mark.parametrize("x", [0.1, 1.0, 3.0, 10.0, 30.0])
def test_one_and_two_degrees_have_closed_forms(x: float) -> None:
    assert chi2_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-12)
    assert chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-12)


def test_edges() -> None:
    assert chi2_sf(0.0, 20) == 1.0
    assert chi2_sf(-1.0, 20) == 1.0
    assert gamma_q(3.0, 0.0) == 1.0
    with pytest.raises(ValueError):
        chi2_sf(1.0, 0)
    with pytest.raises(ValueError):
        gamma_q(0.0, 1.0)


def test_hand_counted_small_sample() -> None:
    # 31, 13, 66, 25: four rolls. Expected 4*2/36 for a non-double, 4/36 for a double;
    # X^2 = sum O^2/E - N = 4/(2/9) + 1/(1/9) + 1/(2/9) - 4 = 18 + 9 + 4.5 - 4 = 27.5.
    s = summarise_rolls([(3, 1), (1, 3), (6, 6), (2, 5)])
    assert s.rolls == 4
    assert s.doubles == 1
    assert s.doubles_rate == 0.25
    assert dict(zip(ROLL_LABELS, s.counts, strict=True))["31"] == 2
    assert dict(zip(ROLL_LABELS, s.counts, strict=True))["52"] == 1
    assert s.chi2 == pytest.approx(27.5)
    assert s.p_value is None  # below 180 rolls


def test_perfectly_fair_counts_give_p_one() -> None:
    counts = [5 if label[0] == label[1] else 10 for label in ROLL_LABELS]
    s = summarise_counts(counts)
    assert s.rolls == MIN_ROLLS_FOR_TEST
    assert s.chi2 == pytest.approx(0.0)
    assert s.p_value == pytest.approx(1.0)
    assert s.doubles_rate == pytest.approx(1 / 6)
    assert s.expected[0] == pytest.approx(5.0)


def test_loaded_dice_give_a_tiny_p_value() -> None:
    s = summarise_rolls([(6, 6)] * 180)
    assert s.chi2 == pytest.approx((180 - 5) ** 2 / 5 + (180 - 5))
    assert s.p_value is not None and s.p_value < 1e-100


def test_no_rolls() -> None:
    s = summarise_rolls([])
    assert (s.rolls, s.doubles_rate, s.chi2, s.p_value) == (0, None, None, None)
    with pytest.raises(ValueError):
        summarise_counts([1, 2, 3])


@pytest.mark.parametrize("x", [0.0, 0.5, 5.0, 19.0, 20.0, 21.0, 40.0, 100.0, 300.0])
def test_the_polars_tail_equals_chi2_sf(x: float) -> None:
    import polars as pl

    from gamao_cli.analysis.tables import chi2_sf_even

    got = pl.select(chi2_sf_even(pl.lit(x), 20)).item()
    assert got == pytest.approx(chi2_sf(x, 20), rel=1e-12, abs=1e-300)


def test_dice_by_player_equals_the_summary_of_its_counts() -> None:
    import polars as pl

    from gamao_cli.analysis.tables import dice_by_player

    # Alice: 21 rolls of 11 (loaded); Bob: ten of each roll (210, enough for a p-value);
    # Carol: one opening roll only (left out: no rolls).
    rows = [("Alice", "11", False)] * 21 + [("Carol", "31", True)]
    rows += [("Bob", label, False) for label in ROLL_LABELS for _ in range(10)]
    plays = pl.DataFrame(rows, schema=["player", "roll", "opening"], orient="row")
    got = {r["player"]: r for r in dice_by_player(plays.lazy()).iter_rows(named=True)}
    assert sorted(got) == ["Alice", "Bob"]
    for name, counts in (("Alice", [21] + [0] * 20), ("Bob", [10] * 21)):
        want = summarise_counts(counts)
        row = got[name]
        assert [row[f"r{label}"] for label in ROLL_LABELS] == counts
        assert (row["rolls"], row["doubles_rolled"]) == (want.rolls, want.doubles)
        assert row["doubles_rate"] == pytest.approx(want.doubles_rate, rel=1e-12)
        assert row["dice_chi2"] == pytest.approx(want.chi2, rel=1e-12)
        assert (row["dice_p_value"] is None) == (want.p_value is None)
    assert got["Alice"]["dice_chi2"] == 21 * 36 - 21
    assert got["Bob"]["dice_p_value"] == pytest.approx(summarise_counts([10] * 21).p_value)


def test_the_polars_tail_needs_even_degrees() -> None:
    import polars as pl

    from gamao_cli.analysis.tables import chi2_sf_even

    with pytest.raises(ValueError):
        chi2_sf_even(pl.lit(1.0), 3)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 5_000), min_size=21, max_size=21).filter(lambda c: sum(c) > 0))
def test_chi_square_is_the_exact_statistic_rounded_once(counts: list[int]) -> None:
    """Python and polars give the correctly rounded value of the exact rational statistic, so an
    aggregate cannot differ in its last digit with the order of its float operations (two
    aggregates of one million-match dataset once did)."""
    import polars as pl

    from gamao_cli.analysis.tables import dice_by_player

    n = sum(counts)
    exact = sum(
        (Fraction(o) - n * Fraction(share)) ** 2 / (n * Fraction(share))
        for o, share in zip(counts, EXACT_SHARES, strict=True)
    )
    assert chi_square(tuple(counts)) == float(exact)
    rows = [("P", label, False) for label, o in zip(ROLL_LABELS, counts, strict=True)]
    plays = pl.DataFrame(rows, schema=["player", "roll", "opening"], orient="row")
    weights = pl.Series("w", counts)
    plays = plays.with_columns(weights).select(pl.all().repeat_by("w").explode()).drop("w")
    assert dice_by_player(plays.lazy())["dice_chi2"].item() == float(exact)


def test_chi_square_weights_match_the_shares() -> None:
    assert [Fraction(1, 36) if w == 2 else Fraction(2, 36) for w in CHI2_WEIGHTS] == EXACT_SHARES
