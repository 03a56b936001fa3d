"""``gamao fix`` changes nothing but its repairs, over every real file and the project's own.

For each tree (the shared corpus of real files, skipped where absent; ``examples/`` and
``tests/fixtures`` so the property holds in a clone): ``fix -o OUT`` writes every file it
read as a match record. A file with nothing to repair comes out byte for byte; a repaired
file differs from its input only on the lines the listed repairs name (a play written in, a
``Wins`` line's points or column, the score line after ``Game N``) and by one added line per
result or score line added, and nothing is deleted. ``fix`` on OUT finds nothing left to
repair. Files in formats gamao does not write (XG, BGBlitz) come out as gamao JSON: a
conversion, not compared here.
"""

from __future__ import annotations

import difflib
import json
from collections import defaultdict
from pathlib import Path

from typer.testing import CliRunner

from gamao_cli.cli.app import app
from tests.helpers import CORPUS, require_corpus

runner = CliRunner()

IN_PLACE = {"R211", "X401", "X403", "X404", "X410"}  # the line the repair names changes
ADDED = {"X408", "X414", "P105", "P125"}  # a result line is added


def _check_tree(root: Path, out: Path) -> tuple[int, int]:
    """(files compared byte for byte, repaired files compared line by line)."""
    result = runner.invoke(app, ["fix", str(root), "-o", str(out), "--format", "json"])
    assert result.exit_code in (0, 1), result.stderr
    fixes: dict[str, list[dict[str, object]]] = defaultdict(list)
    for row in json.loads(result.stdout):
        fixes[str(row["file"])].append(row)
    same = repaired = 0
    for source in sorted(p for p in root.rglob("*") if p.is_file()):
        target = out / source.relative_to(root)
        if not target.exists():
            continue  # not a match record, or converted to gamao JSON
        rows = fixes.get(str(source), [])
        if not rows:
            assert target.read_bytes() == source.read_bytes(), source
            same += 1
            continue
        repaired += 1
        _only_the_repairs(source, target, rows)
    again = runner.invoke(app, ["fix", str(out), "--format", "json"])
    assert json.loads(again.stdout) == [], "fix on its own output repairs again"
    return same, repaired


def _only_the_repairs(source: Path, target: Path, rows: list[dict[str, object]]) -> None:
    before = source.read_bytes().splitlines(keepends=True)
    after = target.read_bytes().splitlines(keepends=True)
    named = {int(str(r["line"])) for r in rows if r["code"] in IN_PLACE}
    score_lines = {int(str(r["line"])) + 1 for r in rows if r["code"] == "P103"}
    changed: set[int] = set()
    inserted = 0
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "replace" and i2 - i1 == j2 - j1:
            changed.update(range(i1 + 1, i2 + 1))
        elif tag == "insert":
            inserted += j2 - j1
        else:
            assert tag == "equal", (source, tag, before[i1:i2], after[j1:j2])
    assert named <= changed, (source, "a repair listed but not written")
    assert changed <= named | score_lines, (source, sorted(changed - named))
    added = sum(r["code"] in ADDED for r in rows) + len(score_lines - changed)
    assert inserted == added, (source, inserted, added)


def test_fix_changes_only_what_it_repairs_in_the_projects_own_files(tmp_path: Path) -> None:
    same, repaired = _check_tree(Path("examples"), tmp_path / "examples")
    # examples/illegal_plays.mat has one repair (X404); the three others are copied
    assert (same, repaired) == (3, 1)
    same, repaired = _check_tree(Path("tests/fixtures"), tmp_path / "fixtures")
    # beaver_gnubg.mat (X404), broken.mat (P103), drop_without_wins (P125), hostile.mat (X410)
    assert repaired == 4
    assert same > 100


def test_fix_changes_only_what_it_repairs_in_the_real_corpus(tmp_path: Path) -> None:
    require_corpus()
    same, repaired = _check_tree(CORPUS, tmp_path / "real")
    assert repaired == 2  # GridGammon's nicksbar (nine forced plays), Hardy's Monte Carlo
    assert same > 50
