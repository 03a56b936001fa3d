"""tools/make_archive.py: reproducible from its seed, new names and dates, the same plays."""

from __future__ import annotations

from pathlib import Path

from gamao_cli.analysis.fingerprint import fingerprint_match
from gamao_cli.formats.inputs import read_path
from tests.helpers import REPO, make_archive_tool

make_archive = make_archive_tool()


def test_an_archive_is_reproducible_and_keeps_the_plays(tmp_path: Path) -> None:
    sources = [REPO / "examples"]
    for out in ("a", "b"):
        make_archive.main([str(tmp_path / out), "--matches", "12", "--seed", "7",
                           "--per-file", "5", "--source", str(sources[0])])  # fmt: skip
    files = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.mat"))
    assert [str(f) for f in files] == [
        "0000/archive-0000000.mat", "0000/archive-0000001.mat", "0000/archive-0000002.mat",
    ]  # fmt: skip
    for f in files:
        assert (tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes()
    matches = [m for f in files for m in read_path(tmp_path / "a" / f) if m.games]
    assert len(matches) == 12
    assert len({m.players for m in matches}) == 12  # new names each time
    originals = {
        fingerprint_match(m).fingerprint
        for p in sources[0].iterdir()
        for m in read_path(p)
        if m.games
    }
    # The plays are the sources' (fingerprints leave names and dates out).
    assert {fingerprint_match(m).fingerprint for m in matches} <= originals
    assert all(m.tag("Event") and m.tag("EventDate") for m in matches)
