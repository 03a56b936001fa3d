"""GNU Backgammon as an oracle for ``.xg`` conversion: the ``.mat`` gamao writes from each
real ``.xg`` imports into gnubg as the same match gamao reads, and as the same match as
the text twin XG or gnubg exported (``test.mat``, ``charlot1-charlot2*.mat``); the SGF gamao
writes from it loads into gnubg as the same match as that ``.mat``.

Marker ``oracle`` (needs ``/usr/games/gnubg``); the helpers are those of
``test_gnubg_import_oracle.py`` (one gnubg run per file).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from test_gnubg_import_oracle import (
    GNUBG,
    _sorted_dice,
    differences,
    gamao_view,
    run_gnubg,
)

from gamao_cli.analysis.canonical import canonical_match
from gamao_cli.formats.inputs import read_path
from gamao_cli.formats.mat.writer import write_mat
from gamao_cli.formats.sgf.writer import write_sgf
from tests.helpers import CORPUS, CORPUS_ABSENT, CORPUS_PRESENT

XG = CORPUS / "kevung-gbf"
CHARLOT = "charlot1-charlot2_7p_2025-11-08-2305"
TWINS = {
    "test.xg": XG / "test.mat",
    f"{CHARLOT}.xg": CORPUS / "kevung-gnubgparser" / f"{CHARLOT}.mat",
    "1-Intermediate-Round1-Unger-Kozoman-11pt.xg": None,
    "Lux Heuler-Franzosen 7 point match 12.08.2024.xg": None,
    "match_with_comment.xg": None,
}


def written_text(path: Path, sgf: bool = False) -> str:
    (match,) = list(read_path(str(path)))
    out = io.StringIO()
    (write_sgf if sgf else write_mat)(canonical_match(match), out)
    return out.getvalue()


@pytest.mark.oracle
def test_gnubg_imports_the_mat_written_from_each_xg(tmp_path: Path) -> None:
    if not GNUBG.exists():
        pytest.skip(f"GNU Backgammon is not installed at {GNUBG}")
    if not CORPUS_PRESENT:
        pytest.skip(CORPUS_ABSENT)
    files: dict[str, Path] = {}
    texts: dict[str, str] = {}
    for i, (name, twin) in enumerate(sorted(TWINS.items())):
        texts[name] = written_text(XG / name)
        written = tmp_path / f"written-{i}.mat"
        written.write_text(texts[name], encoding="utf-8")
        files[f"written:{name}"] = written
        sgf = tmp_path / f"written-{i}.sgf"
        sgf.write_text(written_text(XG / name, sgf=True), encoding="utf-8")
        files[f"sgf:{name}"] = sgf
        if twin is not None:
            files[f"twin:{name}"] = twin
    views = {label: _sorted_dice(view) for label, view in run_gnubg(files, tmp_path).items()}
    problems: dict[str, list[str]] = {}
    for name, twin in TWINS.items():
        ours = views[f"written:{name}"]
        found = differences(ours, gamao_view(texts[name], f"{name}.mat"))
        if twin is not None:
            found += [f"twin: {d}" for d in differences(views[f"twin:{name}"], ours)]
        found += [f"sgf: {d}" for d in differences(ours, views[f"sgf:{name}"])]
        if found:
            problems[name] = found
        assert len(ours["games"]) > 0
    assert problems == {}
