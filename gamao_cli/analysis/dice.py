"""Were the dice fair? The 21 rolls against their expected frequencies.

A roll of two dice is one of 21 unordered outcomes: the six doubles, each with probability
1/36, and the fifteen other rolls, each with probability 2/36 (3-1 and 1-3 are the same
roll). Pearson's chi-square statistic compares the counts observed with those expected,

    X^2 = sum over the 21 rolls of (observed - expected)^2 / expected,

and, for fair dice, follows a chi-square distribution with 21 - 1 = 20 degrees of freedom.
The p-value is the chance that fair dice give an X^2 at least as large: the regularized
upper incomplete gamma function Q(20/2, X^2/2), computed here by its power series or its
continued fraction (no scipy). A small p-value (below 0.01, say) says the counts are unlikely
from fair dice; a large one says nothing against them. The approximation needs at least five
expected rolls in every cell, so no p-value is given for fewer than 180 rolls.

Opening rolls are left out by the callers: the opening roll is one die from each player and
can never be a double.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

ROLLS: tuple[tuple[int, int], ...] = tuple(
    (hi, lo) for hi in range(1, 7) for lo in range(1, hi + 1)
)
"""The 21 rolls, high die first: 11, 21, 22, 31, 32, 33, ..., 66."""

ROLL_LABELS: tuple[str, ...] = tuple(f"{hi}{lo}" for hi, lo in ROLLS)
DEGREES_OF_FREEDOM = len(ROLLS) - 1
MIN_ROLLS_FOR_TEST = 180  # five expected in each of the least likely cells (1/36)


def roll_label(d1: int, d2: int) -> str:
    """The roll as labelled in :data:`ROLL_LABELS` (high die first)."""
    return f"{max(d1, d2)}{min(d1, d2)}"


def probability(label: str) -> float:
    """The chance of a roll with fair dice: 1/36 for a double, 2/36 otherwise."""
    return 1 / 36 if label[0] == label[1] else 2 / 36


EXPECTED_SHARES: tuple[float, ...] = tuple(probability(label) for label in ROLL_LABELS)
CHI2_WEIGHTS: tuple[int, ...] = tuple(2 if label[0] == label[1] else 1 for label in ROLL_LABELS)
"""Pearson's statistic with shares 1/36 (doubles) and 2/36 over n rolls is
sum(O**2 / (n * share)) - n = (18 * sum(weight * O**2) - n**2) / n with these weights: an
integer numerator and one division, the same in every process and chunking (a sum of 21
float terms is not: its last digit varied between two aggregates of the same dataset)."""


@dataclass(frozen=True, slots=True)
class DiceSummary:
    rolls: int
    counts: tuple[int, ...]  # in the order of ROLL_LABELS
    doubles: int
    chi2: float | None  # None without rolls
    p_value: float | None  # None below MIN_ROLLS_FOR_TEST rolls

    @property
    def doubles_rate(self) -> float | None:
        return self.doubles / self.rolls if self.rolls else None

    @property
    def expected(self) -> tuple[float, ...]:
        return tuple(self.rolls * share for share in EXPECTED_SHARES)


def summarise_counts(counts: Iterable[int]) -> DiceSummary:
    """The summary of counts given in the order of :data:`ROLL_LABELS`."""
    observed = tuple(counts)
    if len(observed) != len(ROLLS):
        raise ValueError(f"expected {len(ROLLS)} counts, got {len(observed)}")
    rolls = sum(observed)
    doubles = sum(n for n, (hi, lo) in zip(observed, ROLLS, strict=True) if hi == lo)
    chi2 = chi_square(observed) if rolls else None
    p = (
        chi2_sf(chi2, DEGREES_OF_FREEDOM)
        if chi2 is not None and rolls >= MIN_ROLLS_FOR_TEST
        else None
    )
    return DiceSummary(rolls, observed, doubles, chi2, p)


def summarise_rolls(rolls: Iterable[tuple[int, int]]) -> DiceSummary:
    """The summary of rolls given as dice pairs (in any order)."""
    seen = Counter(roll_label(a, b) for a, b in rolls)
    return summarise_counts(seen.get(label, 0) for label in ROLL_LABELS)


def chi_square(observed: tuple[int, ...]) -> float:
    """Pearson's statistic for counts in the order of :data:`ROLL_LABELS`.

    Computed exactly in integers and divided once (see :data:`CHI2_WEIGHTS`), so the value
    does not depend on the order of floating-point operations."""
    total = sum(observed)
    weighted = sum(w * n * n for w, n in zip(CHI2_WEIGHTS, observed, strict=True))
    return (18 * weighted - total * total) / total


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` degrees of freedom."""
    if df <= 0:
        raise ValueError("degrees of freedom must be positive")
    if x <= 0:
        return 1.0
    return gamma_q(df / 2, x / 2)


def gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a)."""
    if a <= 0:
        raise ValueError("a must be positive")
    if x <= 0:
        return 1.0
    if x < a + 1:
        return max(0.0, 1.0 - _p_series(a, x))
    return _q_continued_fraction(a, x)


_EPS = 1e-15
_TINY = 1e-300
_MAX_TERMS = 10_000


def _log_prefactor(a: float, x: float) -> float:
    return a * math.log(x) - x - math.lgamma(a)


def _p_series(a: float, x: float) -> float:
    """P(a, x) by its power series: x^a e^-x / Γ(a+1) * sum x^n / ((a+1)...(a+n))."""
    term = 1.0 / a
    total = term
    denom = a
    for _ in range(_MAX_TERMS):
        denom += 1
        term *= x / denom
        total += term
        if abs(term) < abs(total) * _EPS:
            break
    return total * math.exp(_log_prefactor(a, x))


def _q_continued_fraction(a: float, x: float) -> float:
    """Q(a, x) by Legendre's continued fraction, evaluated with the modified Lentz method."""
    b = x + 1 - a
    c = 1 / _TINY
    d = 1 / b
    h = d
    for i in range(1, _MAX_TERMS):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        if abs(d) < _TINY:
            d = _TINY
        c = b + an / c
        if abs(c) < _TINY:
            c = _TINY
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < _EPS:
            break
    return math.exp(_log_prefactor(a, x)) * h
