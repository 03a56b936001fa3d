"""Defaults from gamao.toml / [tool.gamao], and --files-from, applied by ``main``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamao_cli.cli.app import main
from gamao_cli.cli.config import ConfigError, expand_files_from, find_config
from tests.helpers import REPO

EXAMPLE = str(REPO / "examples" / "illegal_plays.mat")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        main(argv)
    out, err = capsys.readouterr()
    return int(done.value.code or 0), out, err


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GAMAO_CONFIG", raising=False)
    return tmp_path


def test_defaults_from_gamao_toml_and_the_command_line_wins(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (here / "gamao.toml").write_text('jobs = 1\n\n[check]\nformat = "jsonl"\nseverity = "error"\n')
    code, out, _ = run(["check", EXAMPLE], capsys)
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert {r["severity"] for r in rows} == {"error"}
    code, out, _ = run(["check", EXAMPLE, "--format", "csv"], capsys)
    assert out.splitlines()[0].startswith("file,line,column,game,move,player,code")


def test_tool_gamao_in_pyproject_from_a_parent_folder(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (here / "pyproject.toml").write_text('[tool.gamao.check]\nformat = "json"\n')
    sub = here / "a" / "b"
    sub.mkdir(parents=True)
    assert find_config(sub) == (here / "pyproject.toml", {"check": {"format": "json"}})
    (here / "pyproject.toml").write_text('[project]\nname = "x"\n')
    assert find_config(sub) is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bogus = 1\n", "gamao.toml: no command has an option 'bogus'"),
        ("[chek]\nx = 1\n", "gamao.toml: [chek] is not a gamao command (known: "),
        ("[check]\nloud = true\n", "gamao.toml: [check] 'loud': gamao check has no such option"),
        ('[check]\nseverity = "loud"\n',
         "gamao.toml: [check] severity: 'loud' is not one of 'error', 'warning', 'info'."),
        ("jobs = [1, 2]\n", "gamao.toml: jobs: expected one value, not a list"),
        ("jobs = \n", "gamao.toml: not valid TOML: "),
    ],
)  # fmt: skip
def test_bad_configuration_stops_with_the_file_and_the_key(
    here: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    (here / "gamao.toml").write_text(text)
    code, out, err = run(["check", EXAMPLE], capsys)
    assert (code, out) == (2, "")
    assert message in " ".join(err.split())


def test_files_from(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (here / "list.txt").write_text(f"# inputs\n{EXAMPLE}\n\n")
    assert expand_files_from(["check", "--files-from", "list.txt", "-f", "csv"]) == [
        "check", "-f", "csv", EXAMPLE,
    ]  # fmt: skip
    assert expand_files_from(["merge", "--files-from=list.txt", "--", "-x"]) == [
        "merge", EXAMPLE, "--", "-x",
    ]  # fmt: skip
    code, out, _ = run(["check", "--files-from", "list.txt", "--format", "jsonl"], capsys)
    assert code == 1 and out.count('"code"') == 7  # the default --severity warning
    (here / "empty.txt").write_text("# nothing\n")
    with pytest.raises(ConfigError, match=r"--files-from empty\.txt: lists no paths"):
        expand_files_from(["check", "--files-from", "empty.txt"])
    code, _, err = run(["check", "--files-from", "missing.txt"], capsys)
    assert code == 2 and "--files-from missing.txt: cannot read" in err


def test_another_projects_pyproject_is_not_parsed(tmp_path: Path) -> None:
    """A pyproject.toml that never names gamao holds no [tool.gamao]: it is skipped unread
    (even when it is not valid TOML), and TOML is not imported for it."""
    (tmp_path / "pyproject.toml").write_text("[project\nname = 'x'\n", encoding="utf-8")
    assert find_config(tmp_path) is None
    (tmp_path / "pyproject.toml").write_text("[tool.gamao]\njobs = 2\n[project\n", "utf-8")
    with pytest.raises(ConfigError, match="not valid TOML"):
        find_config(tmp_path)
