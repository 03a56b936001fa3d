"""``gamao fix``: repairs listed, written to OUT or in place, never silently."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from gamao_cli.cli.app import app
from gamao_cli.formats.inputs import read_path
from gamao_cli.i18n import set_language

runner = CliRunner()


def test_list_only_then_out_then_in_place(tmp_path: Path) -> None:
    listed = runner.invoke(app, ["fix", "examples/illegal_plays.mat"])
    assert listed.exit_code == 1  # illegal plays remain: they cannot be repaired
    assert listed.stdout == (
        "examples/illegal_plays.mat:33: game 1: X404 repaired: Wins 2 -> Wins 1\n"
    )
    assert listed.stderr.strip() == (
        "1 file, 1 match, 1 repair, 4 errors left\n"
        "nothing written: the repairs are only listed (-o DIR writes the repaired files into "
        "DIR, --in-place rewrites them)"
    )
    out = tmp_path / "out"
    written = runner.invoke(app, ["fix", "examples", "-o", str(out), "--format", "json"])
    assert json.loads(written.stdout) == [
        {"file": "examples/illegal_plays.mat", "line": 33, "game": 1, "code": "X404",
         "fix": "Wins 2 -> Wins 1"},
    ]  # fmt: skip
    assert sorted(p.name for p in out.iterdir()) == [
        "gnubg_7pt.mat", "gnubg_7pt.sgf", "illegal_plays.mat", "money_session_beavers.mat",
    ]  # fmt: skip
    assert (out / "gnubg_7pt.mat").read_bytes() == Path("examples/gnubg_7pt.mat").read_bytes()
    [fixed] = list(read_path(out / "illegal_plays.mat"))
    assert len(fixed.games) == 8
    copy = tmp_path / "copy.mat"
    shutil.copyfile("examples/illegal_plays.mat", copy)
    before = copy.read_bytes()
    assert runner.invoke(app, ["fix", str(copy)]).exit_code == 1
    assert copy.read_bytes() == before  # never in place without --in-place
    assert runner.invoke(app, ["fix", str(copy), "--in-place"]).exit_code == 1
    assert copy.read_bytes() != before
    again = runner.invoke(app, ["fix", str(copy)])
    assert again.stdout == ""  # nothing left to repair
    both = runner.invoke(app, ["fix", str(copy), "--in-place", "-o", str(out)])
    assert both.exit_code == 2


def test_listing_only_says_nothing_was_written_in_portuguese_too() -> None:
    try:
        listed = runner.invoke(app, ["--lang", "pt", "fix", "examples/illegal_plays.mat"])
    finally:
        set_language("en")
    assert listed.exit_code == 1
    assert listed.stderr.strip().splitlines()[-1] == (
        "nada foi escrito: os reparos só são listados (-o DIR escreve os arquivos reparados em "
        "DIR, --in-place os reescreve)"
    )
    clean = runner.invoke(app, ["fix", "examples/gnubg_7pt.mat"])
    assert clean.exit_code == 0 and "nothing written" not in clean.stderr  # nothing to repair
