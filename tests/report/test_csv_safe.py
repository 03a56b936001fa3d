"""CSV cells a spreadsheet cannot take for a formula (report.csv_safe, OWASP's rule)."""

from __future__ import annotations

import io

import polars as pl
import pytest

from gamao_cli.report.csv_safe import SafeDictWriter, SafeWriter, safe_cell, safe_frame


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("-2+3", "'-2+3"),
        ("+1", "'+1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("-", "'-"),
        ("Kasper", "Kasper"),
        ("a=b", "a=b"),
        ("", ""),
        (" =x", " =x"),  # only the first character counts
        (-2, -2),  # numbers stay numbers
        (-2.5, -2.5),
        (None, None),
        (True, True),
    ],
)
def test_safe_cell(value: object, cell: object) -> None:
    assert safe_cell(value) == cell


def test_safe_writer() -> None:
    out = io.StringIO()
    writer = SafeWriter(out)
    writer.writerow(("player", "points"))
    writer.writerow(('=HYPERLINK("http://x")', -3))
    writer.writerow(("-2+3", 4))
    assert out.getvalue() == ('player,points\n"\'=HYPERLINK(""http://x"")",-3\n\'-2+3,4\n')


def test_safe_dict_writer() -> None:
    out = io.StringIO()
    writer = SafeDictWriter(out, ("player", "error"))
    writer.writeheader()
    writer.writerow({"player": "@me", "error": -0.25})
    assert out.getvalue() == "player,error\n'@me,-0.25\n"


def test_safe_frame_touches_only_text_columns() -> None:
    df = pl.DataFrame(
        {
            "player": ["-2+3", "Ana", None, "=1"],
            "points": [-2, 3, None, 0],
            "rate": [-0.5, 0.25, 1.0, None],
        }
    )
    assert safe_frame(df).write_csv() == (
        "player,points,rate\n'-2+3,-2,-0.5\nAna,3,0.25\n,,1.0\n'=1,0,\n"
    )
    assert safe_frame(df.head(0)).write_csv() == "player,points,rate\n"
