"""No input, however broken, makes the FIBS, GMD, JavaFIBS or bgammon.org reader raise:
random pieces of each format and mutated real or transcribed files; every game the readers
give also replays without raising."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import TextIO

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_gmd_reader import DUMP
from test_javafibs_reader import MATCH
from text_formats_helpers import to_bgammon, to_fibs_oldmoves

from gamao_cli.analysis.replay import replay_match
from gamao_cli.formats.bgammon.reader import read_bgammon
from gamao_cli.formats.fibs.oldmoves import read_fibs
from gamao_cli.formats.gmd.reader import read_gmd
from gamao_cli.formats.javafibs.reader import read_javafibs
from gamao_cli.formats.sgf.reader import read_sgf
from gamao_cli.model import Match
from tests.helpers import CORPUS

Reader = Callable[[TextIO, str], Iterator[Match]]
GIBBON = CORPUS / "gitGNU-gnu_gibbon"


def _sources() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"gmd": [DUMP], "javafibs": [MATCH], "fibs": [], "bgammon": []}
    if GIBBON.is_dir():
        for name in ("7point.gmd", "complete.gmd", "edited.gmd"):
            out["gmd"].append((GIBBON / name).read_text(encoding="utf-8"))
        out["javafibs"].append((GIBBON / "7point.match").read_text(encoding="utf-8"))
        [sgf] = read_sgf((GIBBON / "7point.sgf").open(encoding="utf-8"), "7point.sgf")
        out["fibs"].append(to_fibs_oldmoves(sgf))
        out["bgammon"].append(to_bgammon(sgf))
    else:
        out["fibs"].append("Score is 0-0 in a 1 point match.\na is X - b is O\nX: (3 1) 1-4\n")
        out["bgammon"].append("i 1 a b 1 0 0 1 1 0\n1 r 3-1 8/5 6/5\n")
    return out


SOURCES = _sources()
READERS: dict[str, Reader] = {
    "gmd": read_gmd,
    "javafibs": read_javafibs,
    "fibs": read_fibs,
    "bgammon": read_bgammon,
}
PIECES = {
    "gmd": [
        "GMD-2\n", "GMD-1\n", "Game:", "Roll:W:: 3 1\n", "Move:B:: 1/4 bar/2 22/off\n",
        "Double:W:\n", "Take:B:\n", "Drop:W:\n", "Resign:B:: 2\n", "Accept:W:\n", "Reject:B:\n",
        "Points{", "}", "Scores{3 6}", "Cube{2 1}", "Dice{5 3}", "Turn{-1}", "\\x4", "\\", "#",
        "Length: 7\n", "X-Foo: 1\n", ":", "-", "/", "\n", " ",
    ],
    "javafibs": [
        "JavaFIBS internal match representation v1.1\n", "8:A:3\n", "13:A:\n", "6:You:A\n",
        "11:You:3 1\n", "0:A:6 6\n", "1:A:bar-1 24-off\n", "15:You:\n", "2:A:\n", "4:You:\n",
        "5:You:\n", "3:A:2\n", "12:You:\n", "7:You:1\n", "14:B-1:A-0\n", "9:A:3\n", ":", "-",
        "\n", "99999999999999999999",
    ],
    "fibs": [
        "Score is 0-0 in a 3 point match.\n", "Score is 1-2 in a money game.\n",
        "a is X - b is O\n", "X: (3 1) 1-4 12-13\n", "O: (6 6) 24-18(2)\n", "X: doubles\n",
        "O: accepts\n", "O: rejects\n", "X: wins 2 points\n", "O: (2 1) can't move\n",
        "X: wants to resign\n", "bar-", "off", "\n", " ", "(", ")",
    ],
    "bgammon": [
        "bgammon-replay 00000024\n", "i 1702738670 a b 3 0 0 1 1 0\n", "i a b 1 0 0 2 1 1\n",
        "1 r 6-5 13/7 7/2\n", "2 r 3-3 bar/3 12/15\n", "1 d 2 1\n", "2 d 4 0\n", "1 t\n",
        "1 r 6-4-2 off/6\n", " 2 ", "off/", "/", "-", "\n",
    ],
}  # fmt: skip


def _read_all(kind: str, text: str) -> None:
    matches = list(READERS[kind](io.StringIO(text), "fuzz"))
    assert matches and all(isinstance(m, Match) for m in matches)
    for match in matches:
        for diagnostic in match.diagnostics:
            assert diagnostic.code.startswith("P5"), diagnostic
            assert diagnostic.location.file == "fuzz" and diagnostic.location.line >= 1
        replay_match(match)


@st.composite
def _mutated(draw: st.DrawFn, kind: str) -> str:
    text = draw(st.sampled_from(SOURCES[kind]))
    for _ in range(draw(st.integers(min_value=1, max_value=8))):
        how = draw(st.sampled_from(["insert", "delete", "replace", "drop_line", "dup_line"]))
        at = draw(st.integers(min_value=0, max_value=max(len(text) - 1, 0)))
        if how == "insert":
            piece = draw(st.sampled_from(PIECES[kind]) | st.text(max_size=5))
            text = text[:at] + piece + text[at:]
        elif how == "delete":
            text = text[:at] + text[at + draw(st.integers(min_value=1, max_value=40)) :]
        elif how == "replace":
            text = text[:at] + draw(st.characters()) + text[at + 1 :]
        else:
            lines = text.splitlines(keepends=True)
            if lines:
                index = at % len(lines)
                if how == "drop_line":
                    del lines[index]
                else:
                    lines.insert(index, lines[index])
            text = "".join(lines)
    return text


@pytest.mark.parametrize("kind", sorted(READERS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_files(kind: str, data: st.DataObject) -> None:
    _read_all(kind, data.draw(_mutated(kind)))


@pytest.mark.parametrize("kind", sorted(READERS))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_random_pieces(kind: str, data: st.DataObject) -> None:
    pieces = data.draw(st.lists(st.sampled_from(PIECES[kind]), max_size=60))
    _read_all(kind, "".join(pieces))


@pytest.mark.parametrize("kind", sorted(READERS))
@settings(max_examples=40, deadline=None)
@given(text=st.text(max_size=300))
def test_random_text(kind: str, text: str) -> None:
    _read_all(kind, text)
