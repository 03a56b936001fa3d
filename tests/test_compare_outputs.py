"""tools/compare_outputs.py compare: two records of gamao's outputs, file by file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import tool_module

compare_outputs = tool_module("compare_outputs")


def _record(root: Path, files: dict[str, bytes]) -> Path:
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


RECORD = {
    "001-check-examples-text.txt": b"$ gamao check examples\nexit code: 1\n--- stdout\nE101\n",
    "002-convert-examples-json.files/gnubg_7pt.json": b'{"players": ["Kasper", "Lena"]}\n',
}


def test_identical_records_exit_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = _record(tmp_path / "a", RECORD)
    b = _record(tmp_path / "b", RECORD)
    assert compare_outputs.main(["compare", str(a), str(b)]) == 0
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "identical: 2 files\n"


def test_one_differing_byte_exits_1_and_names_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = _record(tmp_path / "a", RECORD)
    changed = dict(RECORD)
    changed["002-convert-examples-json.files/gnubg_7pt.json"] = b'{"players": ["Kasper", "Lenb"]}\n'
    b = _record(tmp_path / "b", changed)
    assert compare_outputs.main(["compare", str(a), str(b)]) == 1
    out, err = capsys.readouterr()
    name = "002-convert-examples-json.files/gnubg_7pt.json"
    assert out.splitlines() == [
        f"differs: {name}",
        f"--- A/{name}",
        f"+++ B/{name}",
        "@@ -1 +1 @@",
        '-{"players": ["Kasper", "Lena"]}',
        '+{"players": ["Kasper", "Lenb"]}',
    ]
    assert err == "1 of 2 files differ\n"


def test_a_missing_file_or_a_line_ending_is_a_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = _record(tmp_path / "a", RECORD)
    changed = {"001-check-examples-text.txt": RECORD["001-check-examples-text.txt"][:-1] + b"\r\n"}
    b = _record(tmp_path / "b", changed)
    assert compare_outputs.main(["compare", str(a), str(b)]) == 1
    out, err = capsys.readouterr()
    # The last line ends in CR LF: the same lines to splitlines, one more byte (52 + 1).
    assert out.splitlines() == [
        "differs: 001-check-examples-text.txt",
        "(same lines; bytes differ: 52 vs 53 bytes)",
        f"only in {a}: 002-convert-examples-json.files/gnubg_7pt.json",
    ]
    assert err == "2 of 2 files differ\n"


def test_partial_leaves_out_the_commands_b_did_not_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = _record(tmp_path / "a", RECORD)
    b = _record(tmp_path / "b", {"002-convert-examples-json.files/gnubg_7pt.json": b"{}\n"})
    assert compare_outputs.main(["compare", str(a), str(b), "--partial"]) == 1
    out, err = capsys.readouterr()
    # 001 is not in B: left out; 002 is, and differs.
    assert out.splitlines()[0] == "differs: 002-convert-examples-json.files/gnubg_7pt.json"
    assert err == "1 of 1 files differ\n"
    c = _record(
        tmp_path / "c", {"001-check-examples-text.txt": RECORD["001-check-examples-text.txt"]}
    )
    assert compare_outputs.main(["compare", str(a), str(c), "--partial"]) == 0
    assert capsys.readouterr().err == "identical: 1 files\n"


def test_only_the_folders_and_analyse_seconds_are_normalised() -> None:
    work, build = Path("/tmp/gamao-compare-x1"), Path("/work/wt-x")
    line = b"/work/wt-x/a.py; /tmp/gamao-compare-x1/out/r.html; 1805 decisions in 15.5 s; 2.5 s\n"
    assert compare_outputs.normalise(line, work, build) == (
        b"<BUILD>/a.py; <WORK>/out/r.html; 1805 decisions in <SECONDS> s; 2.5 s\n"
    )
