"""The documentation stays in step with the code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from typer.main import get_command

from gamao_cli.analysis.codes import all_codes
from gamao_cli.cli.app import app
from gamao_cli.cli.codes import codes_markdown
from tests.helpers import REPO


def test_codes_md_lists_every_code_as_generated() -> None:
    text = (REPO / "docs" / "codes.md").read_text(encoding="utf-8")
    assert codes_markdown() in text, "regenerate: gamao codes --format markdown"
    for code in all_codes():
        assert f"| {code} |" in text


def test_every_command_is_in_the_readme_and_has_help() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    group = get_command(app)
    names = group.list_commands(None)
    assert len(names) == 13
    for name in names:
        assert f"gamao {name}" in readme, name
        command = group.get_command(None, name)
        assert command.callback is not None and command.callback.__doc__, name


def test_readme_starts_with_the_two_commands() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = readme.split("```sh", 1)[1].split("```", 1)[0].strip().splitlines()
    assert [line.split("#")[0].strip() for line in block] == ["make check", "make test"]


def test_the_readme_library_example_runs(tmp_path: Path) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    code = readme.split("## Using the library", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    script = tmp_path / "example.py"
    script.write_text(code, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)], cwd=REPO, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "('Kasper', 'Lena Ruiz') 11 (7, 4) 4"
    assert "examples/illegal_plays.mat 12 R209 3 of the dice played, but 4 could be" in done.stdout
    assert ["│", "Kasper", "┆", "2", "┆", "14", "┆", "14", "│"] in [x.split() for x in lines]
