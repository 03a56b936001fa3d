"""Every test starts in English, whatever the developer's locale says, and with a cache
folder of its own. Property tests have no deadline: the machine's load must not fail them
(speed is measured in benchmarks/, never in tests)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from gamao_cli.i18n import set_language

settings.register_profile("gamao", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("gamao")


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def _own_cache_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The user's cache folder (gamao analyse keeps the engine's answers there by default)
    is a fresh temporary one: no test reads or writes the real one."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    monkeypatch.setenv("LOCALAPPDATA", str(home / "AppData" / "Local"))
