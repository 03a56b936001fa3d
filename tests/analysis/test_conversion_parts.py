"""``convert`` of one input to one stream: written as read, a long match a part at a time,
byte for byte what converting the whole match writes."""

from __future__ import annotations

import io
import tracemalloc
from pathlib import Path

import pytest

from gamao_cli.analysis.conversion import convert_file
from gamao_cli.analysis.conversion_parts import convert_streamed
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.formats import base, inputs
from gamao_cli.formats.inputs import InputFile
from gamao_cli.formats.json import stream as json_stream
from tests.helpers import long_session


class Discard(io.StringIO):
    """A text stream that counts what is written and keeps none of it."""

    def __init__(self) -> None:
        super().__init__()
        self.size = 0

    def write(self, text: str, /) -> int:
        self.size += len(text)
        return len(text)


@pytest.mark.parametrize("target", ["mat", "json", "jsonl", "sgf"])
def test_the_same_text_as_the_whole_match(tmp_path: Path, target: str) -> None:
    """2500 games, parts of 1000; game 1000 (the last of a part) has no result and game 1001
    a wrong score: the reader's P105 is in the second part, the document has it once."""
    path = tmp_path / "s.mat"
    path.write_text(long_session(2500, unfinished=1000, misscored=1001))
    item = InputFile("s.mat", path)
    whole = convert_file((item, target, CheckOptions()))
    out = io.StringIO()
    opened: list[int] = []

    def sink() -> io.StringIO:
        opened.append(1)
        return out

    done = convert_streamed(item, target, CheckOptions(), sink)
    assert out.getvalue() == "".join(whole.texts)
    assert (done.matches, done.games, done.diagnostics, done.problems) == (1, 2500, 1, True)
    assert (
        done.messages
        == whole.messages
        == ("s.mat:4998:2: P105 game 1000 has no `Wins` line (truncated or abandoned)",)
    )
    assert len(opened) >= 1


def test_nothing_to_write_never_opens_the_output(tmp_path: Path) -> None:
    path = tmp_path / "empty.mat"
    path.write_text("")
    opened: list[int] = []

    def sink() -> io.StringIO:
        opened.append(1)
        return io.StringIO()

    done = convert_streamed(InputFile("empty.mat", path), "json", CheckOptions(), sink)
    assert (done.matches, done.games, opened) == (0, 0, [])


def _peak(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, count: int, part: int) -> int:
    path = tmp_path / f"s{count}.mat"
    path.write_text(long_session(count))
    monkeypatch.setattr(inputs, "WHOLE_BYTES", -1)  # the input read as a stream
    monkeypatch.setattr(base, "PART_GAMES", part)
    monkeypatch.setattr(json_stream, "SPOOL_BYTES", 1 << 16)
    out = Discard()
    tracemalloc.start()
    try:
        done = convert_streamed(InputFile("s.mat", path), "jsonl", CheckOptions(), lambda: out)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert done.games == count and out.size > 0
    return peak


def test_memory_is_bounded_by_a_part(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """To JSON Lines in parts of 100 games: the peak does not grow with the match (4000
    games against 1000; the games' text waits on disk), and is a fraction of the whole's."""
    small = _peak(tmp_path, monkeypatch, 1000, 100)
    large = _peak(tmp_path, monkeypatch, 4000, 100)
    whole = _peak(tmp_path, monkeypatch, 4000, 0)
    assert large < small * 1.5
    assert large * 4 < whole
