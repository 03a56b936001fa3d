"""Every command's --help names what it takes: --files-from on each command that takes paths,
every --variant value (tabula too) on each command that takes --variant, in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from gamao_cli.cli.app import app
from gamao_cli.cli.rules_options import VARIANT_CHOICES, parse_variant
from gamao_cli.model.match import Variant

runner = CliRunner()

# From the README's command list: the commands taking PATH... (convert: IN...).
TAKE_PATHS = ["analyse", "check", "convert", "dedupe", "filter", "fix", "merge", "ratings",
              "report", "split", "stats"]  # fmt: skip
TAKE_VARIANT = ["check", "convert", "diff", "moves", "ratings", "report", "show", "stats", "view"]


def _help(*args: str) -> str:
    result = runner.invoke(app, [*args, "--help"], terminal_width=100)
    assert result.exit_code == 0, result.output
    return result.stdout


def _options(name: str) -> set[str]:
    command = get_command(app).get_command(None, name)  # type: ignore[attr-defined]
    return {opt for p in command.params for opt in getattr(p, "opts", [])}


def test_the_commands_that_take_paths_and_variants_are_those_listed() -> None:
    names = get_command(app).list_commands(None)  # type: ignore[attr-defined]
    assert sorted(n for n in names if "--files-from" in _options(n)) == TAKE_PATHS
    assert sorted(n for n in names if "--variant" in _options(n)) == TAKE_VARIANT


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("name", TAKE_PATHS)
def test_files_from_is_in_the_help(name: str, lang: str) -> None:
    text = _help("--lang", lang, name)
    words = {"en": "Also read the paths listed in this file", "pt": "Lê também os caminhos"}
    assert re.search(r"--files-from <path>\s+" + words[lang], text), text


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("name", TAKE_VARIANT)
def test_every_variant_is_in_the_help(name: str, lang: str) -> None:
    text = " ".join(_help("--lang", lang, name).split())
    listed = text.split("--variant <variant>", 1)[1].split("--house-rule", 1)[0]
    for value in VARIANT_CHOICES:
        assert re.search(rf"\b{value}\b", listed), value


def test_the_listed_variants_are_every_variant_and_all_are_accepted() -> None:
    assert {parse_variant(v) for v in VARIANT_CHOICES} == set(Variant)
    assert parse_variant("hypergammon3") is parse_variant("hypergammon") is Variant.HYPERGAMMON
    assert [parse_variant(v) for v in ("backgammon", "nack", "nardy")] == [
        Variant.STANDARD,
        Variant.NACKGAMMON,
        Variant.LONG_NARDY,
    ]


def test_files_from_works_without_main(tmp_path: Path) -> None:
    """The command expands --files-from itself when run without ``main``, as here."""
    listing = tmp_path / "list.txt"
    listing.write_text("# the examples\nexamples/illegal_plays.mat\n", encoding="utf-8")
    result = runner.invoke(app, ["check", "--files-from", str(listing), "--format", "csv"])
    assert result.exit_code == 1
    files = {line.split(",")[0] for line in result.stdout.splitlines()[1:]}
    assert files == {"examples/illegal_plays.mat"}
    missing = runner.invoke(app, ["check", "--files-from", str(tmp_path / "none.txt")])
    assert missing.exit_code == 2
    assert f"--files-from {tmp_path / 'none.txt'}: cannot read" in missing.output
