"""The progress bar's rate text: units done / total and plays a second, in both languages."""

from __future__ import annotations

from gamao_cli.cli.progress import rate_text
from gamao_cli.i18n import set_language


def test_rate_text_in_english_and_portuguese() -> None:
    assert rate_text(0, 1.0, None) == ""
    assert rate_text(250_000, 2.0, (3, 20)) == "units 3/20 · 125000 plays/s"
    assert rate_text(5, 0.0, (1, 2)) == "units 1/2"
    set_language("pt")
    try:
        assert rate_text(250_000, 2.0, (3, 20)) == "unidades 3/20 · 125.000 jogadas/s"
    finally:
        set_language("en")
