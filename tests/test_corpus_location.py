"""tests/helpers.py is the one place that says where the shared real corpus is; a run can
hide it (``GAMAO_TEST_CORPUS=none``), as a fresh clone has none."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from tests.helpers import REPO

# A path built to the shared folder: the literal "shared" as a path part, or "../shared".
_SHARED_PATH = re.compile(r"""["']shared["']|["'][^"'\n]*\.\./shared""")


def test_only_the_helpers_say_where_the_shared_corpus_is() -> None:
    naming = sorted(
        str(p.relative_to(REPO))
        for p in (REPO / "tests").rglob("*.py")
        if "fixtures" not in p.parts and _SHARED_PATH.search(p.read_text(encoding="utf-8"))
    )
    # The helpers say where it is; this test's expected message and test_docs's check of
    # the docs name it too, as text.
    assert naming == ["tests/helpers.py", "tests/test_corpus_location.py", "tests/test_docs.py"]


def test_corpus_tests_skip_through_the_helpers() -> None:
    """One skip reason everywhere, and the corpus's presence asked of the helpers only."""
    own = re.compile(
        r"pytest\.skip\([^)\n]*corpus[^)\n]*(?:not at|absent|not found|not available|laid out)"
        r"|CORPUS\.(?:is_dir|exists)\(\)"
    )
    found = sorted(
        str(p.relative_to(REPO))
        for p in (REPO / "tests").rglob("*.py")
        if "fixtures" not in p.parts and own.search(p.read_text(encoding="utf-8"))
    )
    assert found == ["tests/helpers.py", "tests/test_corpus_location.py"]  # and this pattern


def _helpers_under(value: str | None) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "GAMAO_TEST_CORPUS"}
    if value is not None:
        env["GAMAO_TEST_CORPUS"] = value
    code = (
        "import json; from tests import helpers as h; print(json.dumps({'present': "
        "h.CORPUS_PRESENT, 'corpus': str(h.CORPUS), 'exists': h.CORPUS.exists(), "
        "'reason': h.CORPUS_ABSENT}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, check=True
    )
    data: dict[str, object] = json.loads(out.stdout)
    return data


def test_gamao_test_corpus_none_hides_the_corpus() -> None:
    assert _helpers_under("none") == {
        "present": False,
        "corpus": str(REPO / "tests" / "no-shared-corpus"),
        "exists": False,
        "reason": "shared corpus absent: ../shared/corpus/real (hidden: GAMAO_TEST_CORPUS=none)",
    }


def test_gamao_test_corpus_names_another_copy(tmp_path: Path) -> None:
    assert _helpers_under(str(tmp_path)) == {
        "present": True,
        "corpus": str(tmp_path),
        "exists": True,
        "reason": "shared corpus absent: ../shared/corpus/real",
    }
    missing = tmp_path / "nothing"
    assert _helpers_under(str(missing))["present"] is False
