"""Finding input files and reading them without ever raising."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from gamao_cli.formats import inputs, textio
from gamao_cli.formats.inputs import (
    INPUT_CODES,
    InputFile,
    display_path,
    iter_input_files,
    read_path,
)
from gamao_cli.formats.registry import by_name
from gamao_cli.model import Diagnostic, Location, Match, Severity

SGF = "(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]PW[a]PB[b]RE[W+1];W[31hefe])\n"


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A directory of inputs; the current directory is ``tmp_path``."""
    monkeypatch.chdir(tmp_path)
    root = tmp_path / "in"
    (root / "b").mkdir(parents=True)
    (root / "a").mkdir()
    (root / ".hidden").mkdir()
    (root / "z.sgf").write_text(SGF)
    (root / "a" / "m.MAT").write_text(" 1 point match\n")
    (root / "a" / "notes.md").write_text("# notes")
    (root / "b" / "x.json").write_text("{}")
    (root / "b" / ".secret.sgf").write_text(SGF)
    (root / ".hidden" / "h.sgf").write_text(SGF)
    (root / "b" / "c.txt").write_text("text")
    return root


def names(files: list[InputFile]) -> list[str]:
    return [f.name for f in files]


def test_directories_are_walked_sorted_hidden_skipped(tree: Path) -> None:
    files = list(iter_input_files(["in"]))
    assert names(files) == ["in/a/m.MAT", "in/b/c.txt", "in/b/x.json", "in/z.sgf"]
    assert [f.explicit for f in files] == [False, False, False, False]
    assert files[0].path == Path("in/a/m.MAT")


def test_extension_filter_and_explicit_files(tree: Path) -> None:
    files = list(iter_input_files(["in", "in/a/notes.md", "in/b/.secret.sgf"], {"sgf", ".JSON"}))
    assert names(files) == ["in/b/x.json", "in/z.sgf", "in/a/notes.md", "in/b/.secret.sgf"]
    assert [f.explicit for f in files] == [False, False, True, True]


def test_paths_relative_to_cwd_when_under_it(tree: Path) -> None:
    absolute = str(tree / "z.sgf")
    assert names(list(iter_input_files([absolute, str(tree / "b")], {"json"}))) == [
        "in/z.sgf",
        "in/b/x.json",
    ]
    assert display_path(".") == "."
    assert names(list(iter_input_files(["."], {"sgf"}))) == ["in/z.sgf"]
    outside = "/definitely/not/here.sgf"
    assert display_path(outside) == outside


def test_stdin_and_missing_files_are_passed_on(tree: Path) -> None:
    files = list(iter_input_files(["-", "missing.sgf"]))
    assert files == [InputFile("<stdin>", None), InputFile("missing.sgf", Path("missing.sgf"))]
    assert files[0].is_stdin


def _only_diag(matches: list[Match]) -> tuple[str, str]:
    [match] = matches
    assert match.games == ()
    [d] = match.diagnostics
    assert d.severity is Severity.ERROR
    return d.code, d.message


def test_failures_become_diagnostics(tree: Path) -> None:
    (tree / "empty.sgf").write_text("")
    (tree / "bin.sgf").write_bytes(b"\x00\x01\x02binary\x00")
    (tree / "what.dat").write_text("hello there")
    assert _only_diag(list(read_path(InputFile("nope.sgf", Path("nope.sgf"))))) == (
        "P001",
        "nope.sgf: no such file",
    )
    assert _only_diag(list(read_path(InputFile("in/a", tree / "a")))) == (
        "P002",
        "in/a: is a directory",
    )
    assert _only_diag(list(read_path(InputFile("e", tree / "empty.sgf")))) == (
        "P005",
        "e: empty input",
    )
    assert _only_diag(list(read_path(InputFile("b", tree / "bin.sgf")))) == (
        "P006",
        "b: binary data, not a match file",
    )
    assert _only_diag(list(read_path(InputFile("w", tree / "what.dat")))) == (
        "P007",
        "w: not a known match format (mat, sgf, json, jsonl, gmd, javafibs, fibs, bgammon, "
        "position, bgf, xg, xgp)",
    )
    [match] = read_path(InputFile("nope.sgf", Path("nope.sgf")))
    assert match.diagnostics[0].location == Location("nope.sgf")


@pytest.mark.skipif(os.geteuid() == 0, reason="root can read any file")
def test_permission_denied(tree: Path) -> None:
    locked = tree / "locked.sgf"
    locked.write_text(SGF)
    locked.chmod(0)
    assert _only_diag(list(read_path(InputFile("l", locked)))) == ("P003", "l: permission denied")


def test_reads_by_content_with_encodings_and_line_ends(tree: Path) -> None:
    crlf = SGF.replace("PW[a]", "PW[Jé]").replace("\n", "\r\n")
    (tree / "crlf.txt").write_bytes(b"\xef\xbb\xbf" + crlf.encode("utf-8"))
    (tree / "cp1252.sgf").write_bytes(SGF.replace("PW[a]", "PW[Jé]").encode("cp1252"))
    for name in ("crlf.txt", "cp1252.sgf"):
        [match] = read_path(InputFile(name, tree / name))
        assert match.players == ("Jé", "b"), name
        assert match.source_format == "sgf"
        assert match.diagnostics == ()
        assert match.games[0].actions[0].location == Location(name, 1, 63)  # type: ignore[union-attr]


def test_forced_format(tree: Path) -> None:
    [match] = read_path(InputFile("in/z.sgf", tree / "z.sgf"), by_name("json"))
    assert [d.code for d in match.diagnostics] == ["P302"]
    assert match.source_format == "json"


def test_format_without_reader(tree: Path) -> None:
    info = by_name("sgf")
    no_reader = type(info)(info.name, info.description, info.extensions, info.sniff, None, None)
    assert _only_diag(list(read_path(InputFile("z", tree / "z.sgf"), no_reader))) == (
        "P008",
        "z: the sgf format cannot be read",
    )


def test_a_reader_that_raises_is_contained(tree: Path) -> None:
    info = by_name("sgf")

    def broken(stream: io.TextIOBase, filename: str):  # type: ignore[no-untyped-def]
        yield Match(players=("a", "b"), length=1, games=())
        raise RuntimeError("boom")

    bad = type(info)(info.name, info.description, info.extensions, info.sniff, broken, None)
    matches = list(read_path(InputFile("z", tree / "z.sgf"), bad))
    assert len(matches) == 2
    assert matches[0].source_format == "sgf"
    assert matches[1].diagnostics == (
        Diagnostic("P009", Severity.ERROR, "z: the sgf reader failed: RuntimeError: boom",
                   Location("z")),
    )  # fmt: skip


def test_stdin_is_read_and_left_open(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = io.BytesIO(SGF.encode())
    fake = io.TextIOWrapper(io.BufferedReader(raw))  # type: ignore[arg-type]
    monkeypatch.setattr(sys, "stdin", fake)
    [match] = read_path(InputFile("<stdin>", None))
    assert match.players == ("a", "b")
    assert match.games[0].actions[0].location.file == "<stdin>"  # type: ignore[union-attr]
    assert not fake.buffer.closed


def test_files_are_closed_after_reading(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[object] = []
    real_open = inputs._open

    def tracking_open(source: InputFile):  # type: ignore[no-untyped-def]
        raw, failure = real_open(source)
        opened.append(raw)
        return raw, failure

    monkeypatch.setattr(inputs, "_open", tracking_open)
    list(read_path(InputFile("z", tree / "z.sgf")))
    gen = read_path(InputFile("z", tree / "z.sgf"))
    next(gen)
    gen.close()
    assert len(opened) == 2 and all(getattr(fh, "closed", False) for fh in opened)


def test_codes_documented() -> None:
    assert sorted(INPUT_CODES) == [f"P{n:03d}" for n in range(1, 12)]
    assert inputs.STDIN == "-"


_MAT = (
    " 1 point match\n\n Game 1\n Jé : 0                  b : 0\n"
    "  1) 31: 8/5 6/5\n  2)  Wins 1 point\n"
)


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("crlf.mat", _MAT.replace("\n", "\r\n").encode()),
        ("cr.mat", _MAT.replace("\n", "\r").encode()),
        ("bom.mat", b"\xef\xbb\xbf" + _MAT.encode()),
        ("u16.mat", _MAT.encode("utf-16")),
        ("u16odd.mat", _MAT.encode("utf-16") + b"\x00"),
        ("cp1252.mat", _MAT.encode("cp1252") + b"\x81"),
        ("crlf.sgf", SGF.replace("PW[a]", "PW[Jé]").replace("\n", "\r\n").encode()),
    ],
)
def test_small_files_read_whole_as_streamed(
    tree: Path, monkeypatch: pytest.MonkeyPatch, name: str, data: bytes
) -> None:
    """Files up to ``WHOLE_BYTES`` are decoded in one piece; larger ones as they are read:
    the matches are the same."""
    (tree / name).write_bytes(data)
    whole = list(read_path(InputFile(name, tree / name)))
    assert whole[0].players[0] == "Jé"
    monkeypatch.setattr(textio, "WHOLE_BYTES", -1)
    assert list(read_path(InputFile(name, tree / name))) == whole


def test_a_read_error_of_a_whole_file_is_reported(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A small file is read whole before its format is sniffed: an I/O error then is P004."""
    (tree / "x.mat").write_bytes(_MAT.encode())

    class Failing(io.FileIO):
        def read(self, size: int | None = -1, /) -> bytes:
            raise OSError(5, "Input/output error")

    def failing_open(source: InputFile) -> tuple[io.FileIO, None]:
        assert source.path is not None
        return Failing(source.path, "rb"), None

    monkeypatch.setattr(inputs, "_open", failing_open)
    [failure] = read_path(InputFile("x.mat", tree / "x.mat"))
    assert failure.games == ()
    assert [(d.code, d.message) for d in failure.diagnostics] == [
        ("P004", "x.mat: read error: Input/output error")
    ]


def test_read_path_takes_a_path_bytes_or_an_open_file(tree: Path) -> None:
    """The library entry point reads what a library user has, and gets the same matches."""
    from_input = list(read_path(InputFile("in/z.sgf", tree / "z.sgf")))
    from_str = list(read_path("in/z.sgf"))
    from_pathlike = list(read_path(tree / "z.sgf"))
    with open(tree / "z.sgf", "rb") as fh:
        from_file = list(read_path(fh))
    from_bytes = list(read_path(SGF.encode()))
    assert [m.players for m in from_str] == [("a", "b")]
    assert from_str == from_input

    def texts(matches: list[Match]) -> list[list[str]]:
        return [[a.text for a in g.actions] for m in matches for g in m.games]

    assert texts(from_str) == [["31hefe", "W+1"]]
    assert texts(from_pathlike) == texts(from_file) == texts(from_bytes) == texts(from_str)
    assert from_file[0].location.file == "in/z.sgf"
    assert from_bytes[0].location.file == "<bytes>"
    [missing] = read_path("in/nothing.mat")
    assert _only_diag([missing]) == ("P001", "in/nothing.mat: no such file")


def _magic_format(seen: list[int]) -> object:
    """A binary format recognised by its magic bytes, reading the stream it is given."""
    info = by_name("sgf")

    def read_binary(stream: io.BufferedIOBase, filename: str):  # type: ignore[no-untyped-def]
        data = stream.read()
        seen.append(len(data))
        yield Match(players=("m", "n"), length=len(data), games=(), location=Location(filename))

    return type(info)(
        "magic", "a test binary format", ("mgc",), lambda head: False, None, None,
        sniff_bytes=lambda head: head.startswith(b"MAGC"), read_binary=read_binary,
    )  # fmt: skip


def test_binary_formats_are_sniffed_by_magic_and_read_from_bytes(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gamao_cli.formats import registry

    seen: list[int] = []
    fmt = _magic_format(seen)
    monkeypatch.setattr(registry, "FORMATS", (*registry.FORMATS, fmt))
    payload = b"MAGC\x00\x01\x02" + bytes(range(256)) * 4
    (tree / "m.bin").write_bytes(payload)
    [match] = read_path("in/m.bin")
    assert (match.length, match.source_format, match.location.file) == (len(payload), "magic",
                                                                        "in/m.bin")  # fmt: skip
    [again] = read_path(payload)
    assert again.length == len(payload)
    # The same bytes without the magic are binary junk, not a match file.
    [junk] = read_path(b"JUNK" + payload[4:])
    assert [d.code for d in junk.diagnostics] == ["P006"]
    assert seen == [len(payload), len(payload)]
