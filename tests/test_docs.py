"""The documentation stays in step with the code."""

from __future__ import annotations

import ast
import re
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
    assert len(names) == 16
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


# --- rule ids: every id a finding can carry is stated in docs/rules.md ----------------------

_RULE_ID = re.compile(r"[SMHBECXVTYNA]\d{1,2}|house:[a-z-]+|tabula:[a-z-]+")


def _documented_rule_ids() -> list[str]:
    """The first cell of every table row of docs/rules.md (one row per id)."""
    text = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| ([^|]+?) \|", text, flags=re.MULTILINE)
    return [r for r in rows if r not in ("id", "---")]


def _rule_ids_in_the_code() -> set[str]:
    """Every string constant of gamao_cli shaped like a rule id (the tables of the engine and
    the replay, and ids written inline), and the rule of every finding code."""
    found: set[str] = set()
    for path in (REPO / "gamao_cli").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            value = node.value if isinstance(node, ast.Constant) else None
            if isinstance(value, str) and _RULE_ID.fullmatch(value):
                found.add(value)
    found |= {c.rule for c in all_codes().values() if c.rule}
    return found


def test_every_rule_id_a_finding_can_cite_is_stated_in_rules_md() -> None:
    from gamao_cli.analysis import variant_turns
    from gamao_cli.engine import cube, plays

    documented = _documented_rule_ids()
    assert len(documented) == len(set(documented)), "one entry per id"
    tables = [
        plays.REASONS,
        plays.VARIANT_REASONS,
        cube.CUBE_KINDS,
        variant_turns.SCORING_RULE,
        variant_turns.NO_CUBE_RULE,
        variant_turns.OPENING_RULE,
    ]
    cited = _rule_ids_in_the_code()
    for table in tables:  # the scan sees the engine's tables of rule ids
        assert set(table.values()) <= cited
    assert sorted(cited - set(documented)) == []
    # RULES.md's groups in full, and the variants' (the code cites 45 ids).
    groups = {"S": 3, "M": 5, "H": 5, "B": 6, "E": 6, "C": 7, "X": 3, "V": 4}
    groups |= {"T": 8, "Y": 3, "N": 10, "A": 8}
    for letter, count in groups.items():
        assert [i for i in documented if re.fullmatch(letter + r"\d+", i)] == [
            f"{letter}{n}" for n in range(1, count + 1)
        ]
    assert len(cited) == 45


def test_the_rule_of_every_code_in_codes_md_is_in_rules_md() -> None:
    documented = set(_documented_rule_ids())
    text = (REPO / "docs" / "codes.md").read_text(encoding="utf-8")
    rules = {m for m in re.findall(r"^\| [A-Z]\d{3} \| \w+ \| ([^|]*?) \|", text, re.M) if m}
    assert rules and rules <= documented


# --- links: README and docs link only to files inside the repository -----------------------

_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def _markdown_files() -> list[Path]:
    return [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


def test_readme_and_docs_link_only_to_files_in_the_repository() -> None:
    outside: list[str] = []
    checked = 0
    for doc in _markdown_files():
        for target in _LINK.findall(doc.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue  # a web address or an anchor of the page itself
            path = (doc.parent / target.split("#", 1)[0]).resolve()
            checked += 1
            if not path.is_relative_to(REPO) or not path.exists():
                outside.append(f"{doc.relative_to(REPO)}: {target}")
    assert outside == []
    assert checked >= 20


def test_readme_and_docs_do_not_send_the_reader_to_the_shared_folder() -> None:
    """The rules, formats and research notes a reader needs are the project's own docs;
    ../shared is named only where the developers' test corpus is described
    (docs/development.md)."""
    for doc in _markdown_files():
        for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            if "../shared" in line or "RULES.md" in line or "research/" in line:
                assert doc.name == "development.md" and "corpus" in line, f"{doc.name}:{number}"
