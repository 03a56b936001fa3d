"""The same match read twice by ``stats``, ``report`` or ``analyse`` (examples/ holds
gnubg_7pt as .mat and as SGF): named on stderr, and counted once with ``--dedupe``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamao_cli.cli.app import app
from tests.helpers import REPO

runner = CliRunner()

COPY = (
    "examples/gnubg_7pt.sgf#1: the same match as examples/gnubg_7pt.mat#1 (as gamao dedupe "
    "finds it): counted twice (--dedupe counts it once)"
)
LEFT_OUT = (
    "examples/gnubg_7pt.sgf#1: the same match as examples/gnubg_7pt.mat#1 (as gamao dedupe "
    "finds it): left out"
)
# examples/: 4 files, 4 matches, 36 games (gnubg_7pt 11 as .mat and 11 as SGF, illegal_plays
# 8, money_session_beavers 6); illegal_plays holds the 5 errors and 2 warnings. Without the
# SGF copy: 3 matches, 25 games, and the plays of the three .mat files.
WHOLE = "4 files, 4 matches, 36 games, 1420 plays; 5 errors, 2 warnings"
ONCE = "4 files, 3 matches (1 duplicate dropped), 25 games, 937 plays; 5 errors, 2 warnings"


def test_stats_names_the_copy_and_counts_it_twice_by_default() -> None:
    result = runner.invoke(app, ["stats", "examples", "-f", "csv", "-j", "1"])
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [COPY, WHOLE]


def test_stats_dedupe_counts_each_match_once() -> None:
    result = runner.invoke(app, ["stats", "examples", "-f", "csv", "--by", "match", "--dedupe"])
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [LEFT_OUT, ONCE]
    files = [line.split(",")[0] for line in result.stdout.splitlines()[1:]]
    assert files == [
        "examples/gnubg_7pt.mat",
        "examples/illegal_plays.mat",
        "examples/money_session_beavers.mat",
    ]


def test_report_dedupe_says_so_in_its_header(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    result = runner.invoke(app, ["report", "examples", "-o", str(out), "--dedupe", "-j", "1"])
    assert result.exit_code == 0
    assert result.stderr.splitlines()[:2] == [LEFT_OUT, ONCE]
    assert ONCE in out.read_text(encoding="utf-8")


def test_analyse_dedupe_counts_each_match_once() -> None:
    args = ["analyse", "examples", "--engine", "recorded", "-f", "csv", "-j", "1"]
    plain = runner.invoke(app, args)
    assert plain.exit_code == 0
    assert plain.stderr.splitlines()[0] == COPY
    assert plain.stderr.splitlines()[1].startswith("4 files, 4 matches, 36 games, 0 of 36 games")
    once = runner.invoke(app, [*args, "--dedupe"])
    assert once.exit_code == 0
    assert once.stderr.splitlines()[0] == LEFT_OUT
    assert once.stderr.splitlines()[1].startswith(
        "4 files, 3 matches (1 duplicate dropped), 25 games, 0 of 25 games"
    )


def test_the_analysed_copy_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """gamao dedupe's rule: the analysed (annotated) copy, then the longest, before the
    first. The SGF copy, given a comment on its first move, is kept over the .mat named
    first."""
    sgf = (Path(REPO) / "examples" / "gnubg_7pt.sgf").read_text(encoding="utf-8")
    end = sgf.index("]", sgf.index(";B[")) + 1
    analysed = sgf[:end] + "C[a fine move]" + sgf[end:]
    shutil.copy(Path(REPO) / "examples" / "gnubg_7pt.mat", tmp_path / "a.mat")
    (tmp_path / "b.sgf").write_text(analysed, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["stats", "a.mat", "b.sgf", "-f", "csv", "--dedupe"])
    assert result.exit_code == 0
    assert result.stderr.splitlines()[0] == (
        "a.mat#1: the same match as b.sgf#1 (as gamao dedupe finds it): left out"
    )


def test_past_ten_copies_one_line_counts_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Thirteen copies of one match: twelve are copies, ten are named, one line counts the
    two left; the summary line still follows."""
    mat = Path(REPO) / "examples" / "gnubg_7pt.mat"
    for n in range(13):
        shutil.copy(mat, tmp_path / f"c{n:02d}.mat")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["stats", ".", "-f", "csv", "-j", "1"])
    assert result.exit_code == 0
    lines = result.stderr.splitlines()
    named = [
        f"c{n:02d}.mat#1: the same match as c00.mat#1 (as gamao dedupe finds it): counted "
        "twice (--dedupe counts it once)"
        for n in range(1, 11)
    ]
    assert lines[:10] == named
    assert lines[10] == "... and 2 more copies (gamao dedupe lists every copy)"
    assert lines[11].startswith("13 files, 13 matches, 143 games")
    assert len(lines) == 12
