"""Every real file of the shared corpus, checked: the findings are the known recording errors.

SOURCES.md (in ../shared/corpus/real) says which files hold real errors: GridGammon left 14 of
nicksbar's turns empty (9 forced plays, 5 with a choice), and Nori-Kenji has three Snowie
``Illegal play`` cells. Two SGF records end mid-game (a position set up in Gibbon, an unfinished
money session). The 14 position files of the XG and BGBlitz parsers are not match files.
"""

from __future__ import annotations

from collections import Counter

import pytest

from gamao_cli.analysis.check import Summary, check_inputs, collect_inputs
from gamao_cli.analysis.options import CheckOptions
from tests.helpers import CORPUS


@pytest.fixture(scope="module")
def summary_and_findings() -> tuple[Summary, Counter[tuple[str, str]]]:
    if not CORPUS.is_dir():
        pytest.skip(f"the shared corpus is not at {CORPUS}")
    summary = Summary()
    found: Counter[tuple[str, str]] = Counter()
    for report in check_inputs(collect_inputs([str(CORPUS)]), CheckOptions(), jobs=1):
        summary.add(report)
        for f in report.findings:
            if f.severity.value != "info":
                found[(f.code, f.file.split("real/")[-1])] += 1
    return summary, found


def test_every_game_is_read_and_verified(
    summary_and_findings: tuple[Summary, Counter[tuple[str, str]]],
) -> None:
    summary, _ = summary_and_findings
    assert (summary.files, summary.skipped_files, summary.unreadable_files) == (76, 14, 0)
    assert (summary.matches, summary.games, summary.games_verified) == (62, 344, 344)
    assert summary.plays == 14114


def test_only_the_known_recording_errors_are_reported(
    summary_and_findings: tuple[Summary, Counter[tuple[str, str]]],
) -> None:
    _, found = summary_and_findings
    problems = {k: v for k, v in found.items() if k[0] != "P010"}
    assert problems == {
        ("R211", "bgnori-bglib/nicksbar-nori-2009Jan302316.txt"): 14,
        ("R218", "bgnori-bglib/Nori-Kenji081229.txt"): 3,
        ("X413", "gitGNU-gnu_gibbon/edited.sgf"): 1,
        ("X414", "gitGNU-gnu_gibbon/edited.sgf"): 1,
        ("X414", "zmetcalf-backgammon_sgf/gnubg_file.sgf"): 1,
    }
    skipped = sorted(k[1] for k in found if k[0] == "P010")
    assert len(skipped) == 14
    assert all(p.startswith(("kevung-xgparser/", "kevung-bgfparser/")) for p in skipped)
