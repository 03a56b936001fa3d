"""The code table (`gamao codes`, docs/codes.md) gives each reader diagnostic the severity
the reader gives it: each format family declares its severities once, and its reader uses
that declaration (a table that said "error" for the SGF reader's warnings went unseen)."""

from __future__ import annotations

import pytest

from gamao_cli.analysis.codes import all_codes
from gamao_cli.formats.inputs import iter_input_files, read_path
from gamao_cli.model.diagnostics import Severity
from tests.helpers import CORPUS, REPO, needs_corpus


def _emitted(roots: list[str]) -> dict[tuple[str, Severity], str]:
    seen: dict[tuple[str, Severity], str] = {}
    for item in iter_input_files(roots):
        for match in read_path(item):
            for d in match.diagnostics:
                if d.code.startswith("P"):
                    seen.setdefault((d.code, d.severity), item.name)
    return seen


@pytest.mark.parametrize(
    ("code", "severity"),
    [
        ("P101", Severity.ERROR),  # .mat: no match length line
        ("P105", Severity.WARNING),  # .mat: a Wins line's points repaired
        ("P110", Severity.INFO),
        ("P203", Severity.WARNING),  # SGF: text outside any game tree skipped
        ("P201", Severity.ERROR),  # SGF: unterminated property value
        ("P308", Severity.WARNING),  # JSON: unknown field ignored
        ("P506", Severity.INFO),  # FIBS: a score printed the wrong way round, swapped back
        ("P527", Severity.WARNING),  # GMD: unknown item type skipped
        ("P557", Severity.WARNING),  # JavaFIBS: an answer to nothing
        ("P581", Severity.WARNING),  # bgammon.org: an index entry pointing nowhere
        ("P609", Severity.WARNING),  # position file: an analysed play that is not legal
        ("P604", Severity.ERROR),
    ],
)
def test_the_code_table_gives_the_readers_severity(code: str, severity: Severity) -> None:
    assert all_codes()[code].severity is severity


def test_every_diagnostic_read_from_the_fixtures_has_the_tables_severity() -> None:
    roots = [str(REPO / "tests" / "fixtures"), str(REPO / "examples")]
    table = all_codes()
    emitted = _emitted(roots)
    assert len(emitted) >= 15  # the hostile and broken fixtures raise many codes
    wrong = {
        (code, sev.value, table[code].severity.value, name)
        for (code, sev), name in emitted.items()
        if table[code].severity is not sev
    }
    assert wrong == set()


@needs_corpus
def test_every_diagnostic_read_from_the_real_corpus_has_the_tables_severity() -> None:
    table = all_codes()
    wrong = {
        (code, sev.value, table[code].severity.value, name)
        for (code, sev), name in _emitted([str(CORPUS)]).items()
        if table[code].severity is not sev
    }
    assert wrong == set()
