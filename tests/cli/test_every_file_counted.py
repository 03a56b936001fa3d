"""Every input file is verified or reported, and every command counts alike.

A named pipe, socket or device is never opened (P011); a file with a match format's extension
that yields no match is unreadable (an error, exit 2) whether named or found in a folder;
only plainly non-match files found in a folder are skipped (P010); and ``check``, ``stats``,
``report``, ``analyse``, ``convert``, ``filter`` and ``dedupe`` print the same counts for
the same input (analysis.summary).
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamao_cli.cli.app import app, main
from gamao_cli.formats.inputs import InputFile, read_path
from tests.formats import xg_builder
from tests.helpers import REPO

runner = CliRunner()
EXAMPLES = Path(REPO) / "examples"

SHORT = (
    " 3 point match\n\n Game 1\n"
    " alice : 0                      bob : 0\n"
    "  1) 31: 8/5 6/5                   64: 24/18 13/9\n"
    "  2) 62: 24/18 13/11               Doubles => 2\n"
    "  3)  Drops                        Wins 1 point\n"
)
"""A clean 3-point match that stops at 1-0: one warning (X413), no error."""


def _nul_mat() -> bytes:
    data = (EXAMPLES / "gnubg_7pt.mat").read_bytes()
    return data[:3000] + b"\0\0\0\0" + data[3000:]


def _cut_bgf() -> bytes:
    header = {"format": "BGF", "version": "0.00011825", "compress": True, "useSmile": True}
    return json.dumps(header).encode() + b"\n" + gzip.compress(b"x" * 5000)[:30]


UNREADABLE = {
    # name: (bytes, the codes check reports, errors among them)
    "empty.mat": (lambda: b"", ["P005"], 1),
    "nul.mat": (_nul_mat, ["P006"], 1),
    "magic.xg": (lambda: xg_builder.bare(xg_builder.drop_game())[:6], ["P401"], 1),
    "cut.xg": (lambda: xg_builder.bare(xg_builder.drop_game())[:8300], ["P403", "P408"], 1),
    "cut.bgf": (_cut_bgf, ["P451"], 1),
    "deep.json": (lambda: b"[" * 200_000 + b"]" * 200_000, ["P302"], 1),
}


@contextmanager
def watched(fifo: Path) -> Iterator[list[bool]]:
    """While inside, a thread keeps trying to open ``fifo``'s writing end without blocking:
    it succeeds only if something opened the reading end (the bug). It then closes it, so a
    reader that would wait forever sees the end of the file instead, and the test fails
    rather than hangs. Yields a list that holds True once that happened."""
    opened: list[bool] = []
    stop = threading.Event()

    def watch() -> None:
        while not stop.wait(0.05):
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                continue  # no reader: as it should be
            opened.append(True)
            os.close(fd)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    try:
        yield opened
    finally:
        stop.set()
        thread.join()


def _codes(result_stdout: str) -> list[tuple[str, str]]:
    return [(d["code"], Path(d["file"]).name) for d in map(json.loads, result_stdout.splitlines())]


def _examples_with_pipe(tmp_path: Path) -> tuple[Path, Path]:
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("gnubg_7pt.mat", "illegal_plays.mat", "money_session_beavers.mat"):
        shutil.copy(EXAMPLES / name, folder / name)
    pipe = folder / "pipe.mat"
    os.mkfifo(pipe)
    return folder, pipe


# The three .mat files of examples/: 11 + 8 + 6 games; illegal_plays.mat holds the 5 errors
# and 2 warnings of examples/ (tests/cli/test_check.py); the pipe adds one error (P011).
PIPE_LINE = "4 files (1 unreadable), 3 matches, 25 games"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_pipe_in_a_folder_is_reported_and_the_rest_is_checked(tmp_path: Path, jobs: str) -> None:
    folder, pipe = _examples_with_pipe(tmp_path)
    with watched(pipe) as opened:
        result = runner.invoke(app, ["check", str(folder), "-f", "jsonl", "-j", jobs])
    assert not opened
    assert result.exit_code == 2
    assert _codes(result.stdout).count(("P011", "pipe.mat")) == 1
    assert result.stderr.startswith(PIPE_LINE)
    assert "; 6 errors, 2 warnings" in result.stderr


def test_a_pipe_on_the_dask_executor(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    folder, pipe = _examples_with_pipe(tmp_path)
    with watched(pipe) as opened:
        result = runner.invoke(
            app, ["stats", str(folder), "-f", "csv", "-j", "2", "--executor", "dask"]
        )
    assert not opened
    assert result.exit_code == 2
    last = result.stderr.splitlines()[-1]
    assert last.startswith(PIPE_LINE) and last.endswith("; 6 errors, 2 warnings")


def test_a_pipe_named_linked_or_listed_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, pipe = _examples_with_pipe(tmp_path)
    link = tmp_path / "link.mat"
    link.symlink_to(pipe)
    (folder / "linked.mat").symlink_to(pipe)
    listed = tmp_path / "list.txt"
    listed.write_text(f"{pipe}\n")
    with watched(pipe) as opened:
        named = runner.invoke(app, ["check", str(pipe), str(link), "-f", "jsonl", "-j", "1"])
        walked = runner.invoke(app, ["check", str(folder), "-f", "jsonl", "-j", "1"])
        with pytest.raises(SystemExit) as exit_info:
            main(["check", "--files-from", str(listed), "-f", "jsonl", "-j", "1"])
    assert not opened
    assert named.exit_code == 2
    # The link names the pipe again: one file, reported once (issue 31).
    assert _codes(named.stdout) == [("P011", "pipe.mat")]
    assert "a named pipe, not a file: not read" in named.stdout
    assert walked.exit_code == 2
    assert [c for c in _codes(walked.stdout) if c[0] == "P011"] == [("P011", "linked.mat")]
    assert exit_info.value.code == 2
    assert _codes(capsys.readouterr().out) == [("P011", "pipe.mat")]


def test_sockets_and_devices_are_not_opened(tmp_path: Path) -> None:
    path = tmp_path / "s.mat"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind(str(path))
        [failed] = list(read_path(InputFile("s.mat", path)))
    finally:
        server.close()
    [diagnostic] = failed.diagnostics
    assert (diagnostic.code, diagnostic.message) == (
        "P011",
        "s.mat: a socket, not a file: not read",
    )
    [device] = list(read_path(InputFile("null", Path(os.devnull))))
    assert [(d.code, d.message) for d in device.diagnostics] == [
        ("P011", "null: a character device, not a file: not read")
    ]


def test_standard_input_is_still_read() -> None:
    text = (EXAMPLES / "gnubg_7pt.mat").read_text(encoding="utf-8")
    result = runner.invoke(app, ["check", "-", "-f", "jsonl"], input=text)
    assert result.exit_code == 0
    assert result.stderr.startswith("1 file, 1 match, 11 games")


@pytest.mark.parametrize("name", sorted(UNREADABLE))
@pytest.mark.parametrize("where", ["named", "folder"])
def test_a_damaged_match_file_is_unreadable_named_or_found(
    tmp_path: Path, name: str, where: str
) -> None:
    make, codes, errors = UNREADABLE[name]
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / name).write_bytes(make())
    target = folder / name if where == "named" else folder
    result = runner.invoke(app, ["check", str(target), "-f", "jsonl", "-j", "1"])
    assert result.exit_code == 2
    assert [c for c, _ in _codes(result.stdout)] == codes
    warnings = len(codes) - errors
    assert result.stderr.startswith("1 file (1 unreadable), 0 matches, 0 games")
    assert f"; {errors} error, {warnings} warning" in result.stderr


def test_a_readme_in_a_folder_is_skipped(tmp_path: Path) -> None:
    (tmp_path / "README.txt").write_text("notes about these matches\n")
    shutil.copy(EXAMPLES / "gnubg_7pt.mat", tmp_path / "m.mat")
    result = runner.invoke(app, ["check", str(tmp_path), "-f", "jsonl", "-j", "1"])
    assert result.exit_code == 0
    assert _codes(result.stdout) == [("P010", "README.txt")]
    assert result.stderr.startswith("2 files (1 skipped), 1 match, 11 games")
    assert "; 0 errors, 1 warning, " in result.stderr


def _mixed(root: Path) -> Path:
    """Clean matches, one with errors, one with a warning, six unreadable files of several
    kinds, a README and a named pipe."""
    folder = root / "mixed"
    folder.mkdir()
    for name in ("gnubg_7pt.mat", "illegal_plays.mat", "money_session_beavers.mat"):
        shutil.copy(EXAMPLES / name, folder / name)
    (folder / "short.mat").write_text(SHORT, encoding="utf-8")
    for name in ("empty.mat", "nul.mat", "magic.xg", "cut.bgf", "deep.json"):
        (folder / name).write_bytes(UNREADABLE[name][0]())
    (folder / "README.txt").write_text("notes about these matches\n", encoding="utf-8")
    os.mkfifo(folder / "pipe.mat")
    return folder


# By hand: 11 files; README.txt skipped; empty, nul, magic.xg, cut.bgf, deep.json and the pipe
# unreadable (6); 4 matches: gnubg_7pt (11 games), illegal_plays (8), money_session_beavers
# (6), short (1) = 26 games; errors: illegal_plays' 5 + one per unreadable file = 11;
# warnings: illegal_plays' 2 + short's X413 + README's P010 = 4.
MIXED = "11 files (1 skipped, 6 unreadable), 4 matches, 26 games"
MIXED_FINDINGS = "; 11 errors, 4 warnings"

COMMANDS = {
    "check": ["check", "-f", "jsonl"],
    "stats": ["stats", "-f", "csv"],
    "stats --tables": ["stats", "-f", "csv", "--tables", "{tmp}/dataset"],
    "report": ["report", "-o", "{tmp}/r.html"],
    "analyse": ["analyse", "--engine", "recorded", "-f", "csv"],
    "convert": ["convert", "--to", "json", "-o", "{tmp}/conv"],
    "filter": ["filter", "--where", "length >= 0"],
    "dedupe": ["dedupe", "-f", "csv"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_counts_the_mixed_folder_alike(tmp_path: Path, command: str) -> None:
    folder = _mixed(tmp_path)
    args = [a.replace("{tmp}", str(tmp_path)) for a in COMMANDS[command]]
    with watched(folder / "pipe.mat") as opened:
        result = runner.invoke(app, [*args, str(folder), "-j", "1"])
    assert not opened
    assert result.exit_code == 2, result.stderr
    [line] = [x for x in result.stderr.splitlines() if x.startswith("11 files")]
    assert line.startswith(MIXED)
    assert MIXED_FINDINGS in line
    if command == "stats --tables":
        assert line.endswith(f"; 1 work unit written to {tmp_path}/dataset")
    if command == "report":
        html = (tmp_path / "r.html").read_text(encoding="utf-8")
        assert MIXED in html and MIXED_FINDINGS in html
