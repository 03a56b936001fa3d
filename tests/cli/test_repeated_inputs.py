"""A file named more than once in one run is read once, and every command says how many
names it dropped (issue 31): the same folder twice, a file inside a named folder, a symlink
to a named file; ``-`` is never one of them. A ``--tables`` dataset then holds what the run
printed, locally and on Dask."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamao_cli.analysis.check import collect_inputs
from gamao_cli.analysis.corpus import read_corpus
from gamao_cli.analysis.dataset import scan_dataset
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.tables import by_player, normalise_names
from gamao_cli.cli.app import app, main
from gamao_cli.formats.inputs import Repeats, iter_input_files
from tests.helpers import REPO

runner = CliRunner()

# By hand: examples/ holds 4 match files: gnubg_7pt.mat and .sgf (the same 11-game match),
# illegal_plays.mat (8 games, 5 errors, 2 warnings), money_session_beavers.mat (6 games):
# 4 matches, 36 games. Named as [folder, folder/gnubg_7pt.mat, link -> illegal_plays.mat,
# folder]: the file, the link and the folder's 4 files again are 6 repeated names.
ONCE = "4 files, 4 matches, 36 games"
REPEATED = "4 files (6 repeated names dropped), 4 matches, 36 games"
FINDINGS = "; 5 errors, 2 warnings"


def _inputs(tmp_path: Path) -> tuple[list[str], list[str]]:
    """The inputs named once, and named with 6 repeats."""
    folder = tmp_path / "ex"
    shutil.copytree(REPO / "examples", folder)
    link = tmp_path / "link.mat"
    link.symlink_to(folder / "illegal_plays.mat")
    return [str(folder)], [str(folder), str(folder / "gnubg_7pt.mat"), str(link), str(folder)]


def test_a_file_named_again_is_left_out_and_counted(tmp_path: Path) -> None:
    once, repeated = _inputs(tmp_path)
    repeats = Repeats()
    items = collect_inputs(repeated, None, repeats)
    assert [i.name for i in items] == [i.name for i in collect_inputs(once)]
    assert repeats.dropped == 6
    missing = str(tmp_path / "missing.mat")
    repeats = Repeats()
    assert len(list(iter_input_files([missing, missing], None, repeats))) == 1
    assert repeats.dropped == 1


def test_standard_input_is_never_a_repeat(tmp_path: Path) -> None:
    repeats = Repeats()
    path = str(REPO / "examples" / "gnubg_7pt.mat")
    items = list(iter_input_files(["-", path, "-", path], None, repeats))
    assert [i.is_stdin for i in items] == [True, False, True]
    assert repeats.dropped == 1


COMMANDS = {
    "check": ["check", "-f", "jsonl"],
    "stats": ["stats", "-f", "csv"],
    "report": ["report", "-o", "{tmp}/r.html"],
    "analyse": ["analyse", "--engine", "recorded", "-f", "csv"],
    "convert": ["convert", "--to", "json", "-o", "{tmp}/conv"],
    "filter": ["filter", "--where", "length >= 0"],
    "dedupe": ["dedupe", "-f", "csv"],
}


def _line(stderr: str) -> str:
    """The summary line, without analyse's time taken."""
    [line] = [x for x in stderr.splitlines() if x.startswith("4 files")]
    return re.sub(r" in [0-9.]+ s;", ";", line)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_reads_repeated_inputs_once_and_says_so(tmp_path: Path, command: str) -> None:
    once, repeated = _inputs(tmp_path)
    args = [a.replace("{tmp}", str(tmp_path / "1")) for a in COMMANDS[command]]
    first = runner.invoke(app, [*args, *once, "-j", "1"])
    args = [a.replace("{tmp}", str(tmp_path / "2")) for a in COMMANDS[command]]
    again = runner.invoke(app, [*args, *repeated, "-j", "1"])
    assert first.exit_code == again.exit_code, again.stderr
    line = _line(again.stderr)
    assert line.startswith(REPEATED) and FINDINGS in line
    assert line.replace(" (6 repeated names dropped)", "") == _line(first.stderr)
    assert _line(first.stderr).startswith(ONCE)
    assert again.stdout == first.stdout
    if command == "report":
        html = (tmp_path / "2" / "r.html").read_text(encoding="utf-8")
        assert REPEATED in html


def test_check_json_counts_the_repeated_names(tmp_path: Path) -> None:
    import json

    _, repeated = _inputs(tmp_path)
    result = runner.invoke(app, ["check", "-f", "json", *repeated])
    summary = json.loads(result.stdout)["summary"]
    assert (summary["files"], summary["repeated_names_dropped"], summary["games"]) == (4, 6, 36)


def test_files_from_repeats_are_dropped_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, repeated = _inputs(tmp_path)
    listed = tmp_path / "list.txt"
    listed.write_text("\n".join(repeated) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        main(["stats", "-f", "csv", "--files-from", str(listed), "-j", "1"])
    assert _line(capsys.readouterr().err).startswith(REPEATED)


def _tables_run(tmp_path: Path, extra: list[str]) -> None:
    """``stats --tables`` over repeated inputs: the printed table is the table of the inputs
    named once, and so is the table computed from the dataset alone."""
    once, repeated = _inputs(tmp_path)
    out, ds = tmp_path / "printed.csv", tmp_path / "ds"
    result = runner.invoke(app, ["stats", *repeated, "--by", "player", "-f", "csv", "-o",
                                 str(out), "--tables", str(ds), *extra])  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert "4 files (6 repeated names dropped), 4 matches, 36 games" in result.stderr
    plain = runner.invoke(app, ["stats", *once, "--by", "player", "-f", "csv"])
    assert out.read_text(encoding="utf-8") == plain.stdout
    lazy = normalise_names(scan_dataset(str(ds)))
    assert lazy.games.collect().height == 36
    local = read_corpus(collect_inputs(once), CheckOptions(analyse_plays=True))
    assert by_player(lazy).equals(by_player(normalise_names(local.tables)))


def test_a_tables_dataset_of_repeated_inputs_holds_what_was_printed(tmp_path: Path) -> None:
    _tables_run(tmp_path, ["--jobs", "2"])


def test_a_tables_dataset_of_repeated_inputs_on_dask(tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="Dask is not installed (the 'distributed' extra)")
    _tables_run(tmp_path, ["--jobs", "2", "--executor", "dask"])
