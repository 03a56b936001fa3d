"""CSV cells a spreadsheet cannot take for a formula (CSV injection).

Record text is untrusted: a player named ``=HYPERLINK("http://x")`` or ``-2+3``, written as
it is into a CSV file, becomes a formula when the file is opened in a spreadsheet. Every CSV
that gamao writes goes through this module, which follows OWASP's rule: a text cell that
begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is written with a single
quote before it (``'=HYPERLINK("http://x")``, ``'-2+3``), which spreadsheets show as text.
Numbers are written as numbers (a negative number stays a number); other text is unchanged.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    import polars as pl

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a text cell must not begin with (OWASP: CSV injection)."""

_FORMULA_PATTERN = r"^[=+\-@\t\r]"


def safe_cell(value: object) -> object:
    """``value`` as a CSV cell: a text that begins with one of :data:`FORMULA_STARTS`
    prefixed with a single quote; anything else (numbers, booleans, other text) as given."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeWriter:
    """:func:`csv.writer` (lines ended by ``\\n``) whose text cells go through
    :func:`safe_cell`."""

    def __init__(self, out: TextIO) -> None:
        self._writer = csv.writer(out, lineterminator="\n")

    def writerow(self, row: Iterable[object]) -> None:
        self._writer.writerow([safe_cell(v) for v in row])


class SafeDictWriter:
    """:class:`csv.DictWriter` (lines ended by ``\\n``) whose text cells go through
    :func:`safe_cell`; the header is written as given (gamao's own column names)."""

    def __init__(self, out: TextIO, fieldnames: Iterable[str]) -> None:
        self._writer = csv.DictWriter(out, fieldnames=list(fieldnames), lineterminator="\n")

    def writeheader(self) -> None:
        self._writer.writeheader()

    def writerow(self, row: Mapping[str, Any]) -> None:
        self._writer.writerow({k: safe_cell(v) for k, v in row.items()})


def safe_frame(df: pl.DataFrame) -> pl.DataFrame:
    """``df`` with the cells of its text columns made safe as :func:`safe_cell` makes them
    (numeric columns untouched), for polars' own CSV writer."""
    import polars as pl

    texts = [name for name, dtype in df.schema.items() if dtype == pl.String]
    if not texts or not df.height:
        return df
    return df.with_columns(
        pl.when(pl.col(c).str.contains(_FORMULA_PATTERN))
        .then(pl.lit("'") + pl.col(c))
        .otherwise(pl.col(c))
        .alias(c)
        for c in texts
    )
