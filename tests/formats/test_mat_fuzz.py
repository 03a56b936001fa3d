"""No input, however broken, makes the .mat reader raise: random text and mutated real files."""

from __future__ import annotations

import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mat_helpers import FIXTURES, GNUBG_FIXTURES

from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.model import Match
from tests.helpers import CORPUS, CORPUS_PRESENT


def _sources() -> list[str]:
    paths = sorted(FIXTURES.glob("*.mat")) + sorted(GNUBG_FIXTURES.glob("*.mat"))[:4]
    if CORPUS_PRESENT:
        paths += sorted(p for p in CORPUS.rglob("*") if p.suffix in (".mat", ".xg"))
        paths += sorted((CORPUS / "kevung-lazyBG").glob("*.txt"))
    return [p.read_bytes().decode("utf-8", errors="replace") for p in paths]


SOURCES = _sources()
_PIECES = [
    " 7 point match\n", " Game 2\n", " A : 0      B : 1\n", "  3) ", "31: ", "8/5* ", "bar/22 ",
    "6/off(2) ", " Doubles => 2", " Takes", " Drops", " Beavers => 4", "      Wins 1 point\n",
    "Cannot Move", "????", "Illegal play (25;0;1;", "; [Crawford \"On\"]\n", "\t", "\r\n",
    "\ufeff", "\x00", ")", ":", "(", "*", "/", "-", ",", "\n", " ", "99999999999999999999",
]  # fmt: skip


def _read_all(text: str) -> list[Match]:
    matches = list(read_mat(io.StringIO(text), "fuzz.mat"))
    assert matches
    assert all(isinstance(m, Match) for m in matches)
    for match in matches:
        for diagnostic in match.diagnostics:
            assert diagnostic.code.startswith("P1")
            assert diagnostic.location.file == "fuzz.mat"
    return matches


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=400))
def test_random_text(text: str) -> None:
    _read_all(text)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=80))
def test_random_mat_like_pieces(pieces: list[str]) -> None:
    _read_all("".join(pieces))


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SOURCES))
    for _ in range(draw(st.integers(min_value=1, max_value=8))):
        kind = draw(st.sampled_from(["insert", "delete", "replace", "drop_line", "dup_line"]))
        at = draw(st.integers(min_value=0, max_value=max(len(text) - 1, 0)))
        if kind == "insert":
            text = text[:at] + draw(st.sampled_from(_PIECES) | st.text(max_size=5)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(min_value=1, max_value=40)) :]
        elif kind == "replace":
            text = text[:at] + draw(st.characters()) + text[at + 1 :]
        else:
            lines = text.splitlines(keepends=True)
            if lines:
                index = at % len(lines)
                if kind == "drop_line":
                    del lines[index]
                else:
                    lines.insert(index, lines[index])
            text = "".join(lines)
    return text


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutated())
def test_mutated_real_files(text: str) -> None:
    _read_all(text)
