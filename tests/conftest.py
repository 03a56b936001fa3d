"""Every test starts in English, whatever the developer's locale says."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gamao_cli.i18n import set_language


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    set_language("en")
    yield
    set_language("en")
