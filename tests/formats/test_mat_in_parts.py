"""A long .mat match read in parts (formats.base.in_parts): memory bounded by a part."""

from __future__ import annotations

import io
from dataclasses import replace

from gamao_cli.formats.base import in_parts, part_games
from gamao_cli.formats.mat.reader import read_mat
from tests.helpers import long_session


class Watched(io.StringIO):
    """A text stream that remembers how far it has been read."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.furthest = 0

    def read(self, size: int | None = -1, /) -> str:
        chunk = super().read(size)
        self.furthest = self.tell()
        return chunk


def test_parts_are_the_match_cut_in_order() -> None:
    text = long_session(2500, unfinished=1700)
    [whole] = read_mat(io.StringIO(text), "s.mat")
    with in_parts(1000):
        assert part_games() == 1000
        reader = read_mat(io.StringIO(text), "s.mat")
        first = next(reader)
    assert part_games() == 0
    parts = [first, *reader]
    assert [(p.part, p.continued, len(p.games)) for p in parts] == [
        (0, True, 1000),
        (1, True, 1000),
        (2, False, 500),
    ]
    assert [g.number for p in parts for g in p.games] == list(range(1, 2501))
    assert tuple(g for p in parts for g in p.games) == whole.games
    # game 1700's missing result is reported in the part that holds it, once
    assert [(d.code, d.game) for p in parts for d in p.diagnostics] == [("P105", 1700)]
    assert [d.code for d in parts[1].diagnostics] == ["P105"]
    # every part carries the header; the last one, with all the games, is the whole match
    assert all(p.players == ("a", "b") and p.length == 0 for p in parts)
    assert replace(parts[-1], games=whole.games, part=0, diagnostics=whole.diagnostics) == whole


def test_a_part_is_yielded_long_before_the_input_ends() -> None:
    """The first part (100 games) comes when a little more than 100 games of the 3000 have
    been read: the reader holds a part, not the match."""
    text = long_session(3000)
    stream = Watched(text)
    with in_parts(100):
        reader = read_mat(stream, "s.mat")
        first = next(reader)
    assert len(first.games) == 100 and first.continued
    per_game = len(text) / 3000
    assert stream.furthest < 100 * per_game + 2 * (1 << 16)  # 100 games and two blocks read
    assert stream.furthest < len(text) / 4
    assert sum(len(p.games) for p in reader) == 2900


def test_outside_in_parts_a_match_is_read_whole() -> None:
    [whole] = read_mat(io.StringIO(long_session(1200)), "s.mat")
    assert (whole.part, whole.continued, len(whole.games)) == (0, False, 1200)
