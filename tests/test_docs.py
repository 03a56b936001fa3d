"""The documentation stays in step with the code."""

from __future__ import annotations

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
    for command in app.registered_commands:
        name = command.name
        assert name and f"gamao {name}" in readme, name
        assert command.callback is not None and command.callback.__doc__, name


def test_readme_starts_with_the_two_commands() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = readme.split("```sh", 1)[1].split("```", 1)[0].strip().splitlines()
    assert [line.split("#")[0].strip() for line in block] == ["make check", "make test"]
