"""formats.atomic: a file appears whole or not at all, with the mode a plain open gives."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from gamao_cli.formats.atomic import atomic_open, atomic_path


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_text_appears_when_the_block_ends(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    with atomic_open(target, newline="\n") as fh:
        fh.write("one\n")
        assert not target.exists()  # written beside it, under another name
        [temporary] = [p for p in tmp_path.iterdir()]
        assert temporary.name.startswith(".out.txt.") and temporary.name.endswith(".tmp")
        fh.write("twó\n")
    assert target.read_bytes() == "one\ntwó\n".encode()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_binary_and_path(tmp_path: Path) -> None:
    with atomic_open(tmp_path / "a.bin", "wb") as fh:
        fh.write(b"\x00\x01\r\n")
    with atomic_path(tmp_path / "b.bin") as temporary:
        temporary.write_bytes(b"abc")
    assert (tmp_path / "a.bin").read_bytes() == b"\x00\x01\r\n"
    assert (tmp_path / "b.bin").read_bytes() == b"abc"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.bin", "b.bin"]


@pytest.mark.parametrize("error", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_a_failure_leaves_nothing_new(tmp_path: Path, error: BaseException) -> None:
    target = tmp_path / "out.json"
    with pytest.raises(type(error)), atomic_open(target) as fh:
        fh.write("{" * 100_000)
        raise error
    assert list(tmp_path.iterdir()) == []
    old = tmp_path / "old.txt"
    old.write_text("kept\n")
    with pytest.raises(type(error)), atomic_path(old) as temporary:
        temporary.write_text("half")
        raise error
    assert old.read_text() == "kept\n"
    assert list(tmp_path.iterdir()) == [old]


@pytest.mark.skipif(os.name != "posix", reason="POSIX modes")
def test_modes_as_a_plain_open_gives_them(tmp_path: Path) -> None:
    previous = os.umask(0o027)
    try:
        with atomic_open(tmp_path / "new.txt") as fh:
            fh.write("x")
    finally:
        os.umask(previous)
    assert _mode(tmp_path / "new.txt") == 0o640  # 0o666 less the umask 0o027
    kept = tmp_path / "kept.txt"
    kept.write_text("old")
    kept.chmod(0o604)
    with atomic_open(kept) as fh:
        fh.write("new")
    assert kept.read_text() == "new"
    assert _mode(kept) == 0o604  # a file replaced keeps its mode
