"""The format registry: names, extensions, content sniffing."""

from __future__ import annotations

import ast
import importlib.util
import io
import subprocess
import sys
from pathlib import Path

import pytest

from gamao_cli.formats import registry
from gamao_cli.formats.gnubgtext import sniff_gnubg_text
from gamao_cli.formats.json.writer import write_jsonl
from gamao_cli.formats.mat import sniff_mat
from gamao_cli.formats.registry import (
    FAMILIES,
    FORMATS,
    UnknownFormatError,
    by_extension,
    by_name,
    detect,
    extensions,
)
from gamao_cli.formats.sgf import sniff_sgf
from gamao_cli.formats.sgf.reader import read_sgf
from gamao_cli.model import Game, Match, Move, Step, Win

SGF_HEAD = "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:1]"
MAT_HEAD = '; [EventDate "2024.01.01"]\n\n 1 point match\n\n Game 1\n a : 0   b : 0\n'


def test_formats_table() -> None:
    assert [(f.name, f.extensions, f.many_per_file) for f in FORMATS] == [
        ("mat", ("mat", "txt"), False),
        ("sgf", ("sgf",), False),
        ("json", ("json",), False),
        ("jsonl", ("jsonl",), True),
        ("gmd", ("gmd",), False),
        ("javafibs", ("match",), False),
        ("fibs", ("fibs", "oldmoves"), False),
        ("bgammon", ("match",), False),
        ("gnubg-text", (), False),
        ("position", ("txt",), True),
        ("bgf", ("bgf",), False),
        ("xg", ("xg",), False),
        ("xgp", ("xgp",), False),
    ]
    # Every format is read as text or as binary, but gnubg's text export: recognised, not read.
    unread = [f.name for f in FORMATS if f.read is None and f.read_binary is None]
    assert unread == ["gnubg-text"]
    assert registry.readable_names() == tuple(f.name for f in FORMATS if f.name not in unread)
    assert all(
        (f.read is None) is (f.read_binary is not None) for f in FORMATS if f.name not in unread
    )
    assert [f.name for f in FORMATS if f.read_binary is not None] == ["bgf", "xg", "xgp"]
    assert [f.name for f in FORMATS if f.write is not None] == ["mat", "sgf", "json", "jsonl"]
    assert [f.name for f in FORMATS if not f.matches] == ["position", "xgp"]
    # The families' entries import their reader and writer on first use; JSON and JSON
    # Lines share the reader.
    assert by_name("json").read is by_name("jsonl").read
    sgf = "(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]PW[a]PB[b]RE[W+1];W[31hefe])\n"
    sgf_read = by_name("sgf").read
    assert sgf_read is not None
    [via_registry] = sgf_read(io.StringIO(sgf), "t.sgf")
    [direct] = read_sgf(io.StringIO(sgf), "t.sgf")
    assert via_registry == direct
    out_a, out_b = io.StringIO(), io.StringIO()
    jsonl_write = by_name("jsonl").write
    assert jsonl_write is not None
    jsonl_write(direct, out_a)
    write_jsonl(direct, out_b)
    assert out_a.getvalue() == out_b.getvalue()
    assert [f.name for f in FAMILIES] == [
        "mat", "sgf", "json", "gmd", "javafibs", "fibs", "bgammon", "gnubg-text", "position",
        "bgf", "xg",
    ]  # fmt: skip
    assert registry.names() == (
        "mat", "sgf", "json", "jsonl", "gmd", "javafibs", "fibs", "bgammon", "gnubg-text",
        "position", "bgf", "xg", "xgp",
    )  # fmt: skip
    assert extensions() == {
        "mat", "txt", "sgf", "json", "jsonl", "gmd", "match", "fibs", "oldmoves", "bgf", "xg",
        "xgp",
    }  # fmt: skip


def test_by_name() -> None:
    assert by_name("SGF").name == "sgf"
    assert by_name(".jsonl").name == "jsonl"
    known = (
        r"mat, sgf, json, jsonl, gmd, javafibs, fibs, bgammon, gnubg-text, position, bgf, xg, xgp"
    )
    with pytest.raises(UnknownFormatError, match=rf"unknown format 'smile' \(known: {known}\)"):
        by_name("smile")
    assert issubclass(UnknownFormatError, ValueError)


@pytest.mark.parametrize(
    ("filename", "name"),
    [
        ("a.mat", "mat"),
        ("dir/A.TXT", "mat"),
        ("x.sgf", "sgf"),
        ("x.json", "json"),
        ("x.jsonl", "jsonl"),
        ("x.BGF", "bgf"),
        ("x.gam", None),
        ("noext", None),
        ("", None),
    ],
)
def test_by_extension(filename: str, name: str | None) -> None:
    info = by_extension(filename)
    assert (info.name if info else None) == name


@pytest.mark.parametrize(
    ("head", "filename", "name"),
    [
        (SGF_HEAD, "x.txt", "sgf"),
        ("\ufeff  (\n ;GM[6]", "x", "sgf"),
        ("(;FF[4]SZ[19]", "x", "sgf"),
        ("(;SZ[19]", "x.mat", "mat"),  # no GM[6] or FF: not sniffed as SGF; extension decides
        ('{"format": "gamao-match", "version": 1}\n', "x", "jsonl"),
        ('{"format": "gamao-match", "version": 1}\n', "x.json", "json"),
        ('{\n  "format": "gamao-match",\n', "x", "json"),
        ('{\n  "format": "gamao-match",\n', "x.jsonl", "jsonl"),
        ('[{"format": "gamao-match"}]', "x", "json"),
        ('{"other": 1}', "x.json", "json"),
        (MAT_HEAD, "x.sgf", "mat"),
        ("\n\n 7 Point Match\n", "x", "mat"),
        ("0 point match", "x", "mat"),
        ("Game 1\nAlice : 0     Bob : 0\n  1) 31: 8/5 6/5\n", "x", "mat"),
        ("Game 1\nno score line here\n", "x", None),
        ("Game 1\nno score line here\n", "x.txt", "mat"),
        ("hello", "x.json", "json"),
        ("GMD-2 # Created by Gibbon\nLength: 7\n", "x.mat", "gmd"),
        ("JavaFIBS internal match representation v1.1\r\n8:A:7\r\n", "x.txt", "javafibs"),
        ("bgammon-replay 00000024\ni 1702738670 a b 1 0 0 1 1 0\n", "x.txt", "bgammon"),
        ("i 1702738670 a b 1 0 0 1 1 0\n1 r 4-1 13/9 9/8\n", "x.match", "bgammon"),
        ("> oldmoves\nScore is 0-0 in a 5 point match.\na is X - b is O\n", "x.mat", "fibs"),
        ("Score is 0-0 in a 5 point match.\n 5 point match\n", "x", "mat"),
        ("hello", "x.dat", None),
        ("", "", None),
    ],
)
def test_detect(head: str, filename: str, name: str | None) -> None:
    info = detect(head, filename)
    assert (info.name if info else None) == name


def test_sniffers_look_at_the_head_only() -> None:
    late = "\n" * 9000 + " 5 point match\n"
    assert not sniff_mat(late)
    assert sniff_mat('; [Site "x"]\n' + late)
    assert not sniff_sgf("x" * 10 + SGF_HEAD)


MATCH = Match(
    players=("Alice", "Bob"),
    length=1,
    games=(
        Game(
            number=1,
            score=(0, 0),
            actions=(Move(0, (3, 1), (Step(8, 5), Step(6, 5))), Win(0, 1)),
        ),
    ),
)


@pytest.mark.parametrize("name", ["sgf", "json", "jsonl"])
def test_each_format_reads_what_it_writes(name: str) -> None:
    info = by_name(name)
    assert info.write is not None and info.read is not None
    out = io.StringIO()
    info.write(MATCH, out)
    text = out.getvalue()
    assert detect(text[:8192], f"x.{name}") is info
    [again] = info.read(io.StringIO(text), f"x.{name}")
    assert [g.actions[0] for g in again.games] == [
        Move(0, (3, 1), (Step(8, 5), Step(6, 5)), text=again.games[0].actions[0].text,  # type: ignore[union-attr]
             location=again.games[0].actions[0].location)  # type: ignore[union-attr]
    ]  # fmt: skip


def test_mat_entry() -> None:
    if importlib.util.find_spec("gamao_cli.formats.mat.reader") is None or (
        importlib.util.find_spec("gamao_cli.formats.mat.writer") is None
    ):
        pytest.skip("gamao_cli.formats.mat.reader / mat_writer not written yet")
    info = by_name("mat")
    assert info.write is not None and info.read is not None
    out = io.StringIO()
    info.write(MATCH, out)
    text = out.getvalue()
    assert detect(text[:8192], "x.txt") is info
    [again] = info.read(io.StringIO(text), "x.mat")
    assert again.players == ("Alice", "Bob")
    first = again.games[0].actions[0]
    assert isinstance(first, Move)
    assert (first.player, first.dice, first.steps) == (0, (3, 1), (Step(8, 5), Step(6, 5)))


GNUBG_TEXT = Path(__file__).resolve().parents[1] / "fixtures" / "gnubg_text" / "gnubg_7pt_game1.txt"


def test_gnubg_text_export_is_recognised_even_with_a_match_length_line() -> None:
    """gnubg's `export match text`: its board heading marks it, whatever the file's name, and
    an ``N point match`` line in its head (a comment) does not make it a .mat."""
    head = GNUBG_TEXT.read_text(encoding="utf-8")[:8192]
    assert detect(head, "game1.txt").name == "gnubg-text"  # type: ignore[union-attr]
    assert detect(head, "").name == "gnubg-text"  # type: ignore[union-attr]
    with_length = head.replace("Date: 01/01/24", "Comment:\n 7 point match", 1)
    assert "\n 7 point match\n" in with_length
    assert detect(with_length, "game1.mat").name == "gnubg-text"  # type: ignore[union-attr]
    # gamao's own board drawing (gamao show, check --show-board) is not taken for one.
    assert not sniff_gnubg_text(" Position ID: 4HPwATDgc/ABMA   Match ID: cAmyAAAAAAAE\n")


def test_the_registry_imports_no_reader() -> None:
    """The families name their readers and writers; importing the registry imports none of
    them (a command reading one format does not pay for the others)."""
    code = (
        "import sys, gamao_cli.formats.registry\n"
        "print(sorted(m for m in sys.modules if m.startswith('gamao_cli.formats.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    families = ("bgammon", "bgf", "fibs", "gmd", "gnubgtext", "javafibs", "json", "mat",
                "position", "sgf", "xg")  # fmt: skip
    assert ast.literal_eval(out.stdout) == sorted(
        ["gamao_cli.formats.base", "gamao_cli.formats.family", "gamao_cli.formats.registry",
         ]
        + [f"gamao_cli.formats.{name}" for name in families]
    )  # fmt: skip


def test_every_code_is_declared_by_one_family() -> None:
    declared = [code for family in FAMILIES for code in family.codes]
    assert len(declared) == len(set(declared))
    assert all(code in family.codes for family in FAMILIES for code in family.severities)
    by_family = {family.name: sorted({code[:2] for code in family.codes}) for family in FAMILIES}
    assert by_family == {
        "mat": ["P1"], "sgf": ["P2"], "json": ["P3"], "gmd": ["P5"], "javafibs": ["P5"],
        "fibs": ["P5"], "bgammon": ["P5"], "gnubg-text": [], "position": ["P6"],
        "bgf": ["P4"], "xg": ["P4"],
    }  # fmt: skip
