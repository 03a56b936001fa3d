from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.helpers import REPO


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run CLI tests from the repository root, so paths in output are relative to it."""
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.delenv("FORCE_COLOR", raising=False)


def golden(name: str, actual: str) -> None:
    """Compare with tests/golden/NAME; GAMAO_REGEN=1 rewrites the file instead."""
    path = Path(REPO) / "tests" / "golden" / name
    if os.environ.get("GAMAO_REGEN") == "1":
        path.write_text(actual, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == actual
