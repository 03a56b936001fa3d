"""Output names: the extension replaced, clashes resolved by one documented rule (the first
input in order keeps the name, the next gets NAME.2.EXT), names from record text sanitised."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from gamao_cli.analysis.tables import build_tables
from gamao_cli.cli.app import app
from gamao_cli.report.content import build_report
from tests.analysis.small_matches import replays

runner = CliRunner()


def _files(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


def test_split_to_one_format_keeps_both_pieces_of_one_stem(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, ["split", "examples", "--to", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    # Before: gnubg_7pt.sgf's piece was refused ("exists"), or overwrote with --force.
    assert _files(out) == [
        "gnubg_7pt.2.json",
        "gnubg_7pt.json",
        "illegal_plays.json",
        "money_session_beavers.json",
    ]
    assert "gnubg_7pt.sgf written as gnubg_7pt.2.json" in result.stderr
    assert "4 matches read, 4 files written" in result.stderr


def test_filter_writes_both_inputs_of_one_stem(tmp_path: Path) -> None:
    out = tmp_path / "out"
    args = ["filter", "examples", "-w", "length = 7", "--to", "mat", "-o", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert _files(out) == ["gnubg_7pt.2.mat", "gnubg_7pt.mat"]  # before: gnubg_7pt.1.mat


def test_player_names_never_leave_the_output_directory(tmp_path: Path) -> None:
    sgf = Path("examples/gnubg_7pt.sgf").read_text(encoding="utf-8")
    hostile = tmp_path / "in" / "m.sgf"
    hostile.parent.mkdir()
    hostile.write_text(
        sgf.replace("PB[Lena Ruiz]", "PB[../../x]").replace("PW[Kasper]", "PW[..]"),
        encoding="utf-8",
    )
    out = tmp_path / "in" / "out"
    result = runner.invoke(app, ["split", str(hostile), "--by", "player", "-o", str(out)])
    assert result.exit_code == 0, result.output
    # '/' becomes '_', leading and trailing '.' and '_' go: "../../x" -> "x", ".." -> "_".
    assert _files(tmp_path) == ["in/m.sgf", "in/out/_.jsonl", "in/out/x.jsonl"]


def test_chart_names_are_unique_when_player_slugs_agree() -> None:
    # "Alice" and "Alice!" both slug to "alice"; a player "All" would be the all-rolls chart.
    for alias, second in (("Alice!", "dice-alice-2"), ("All", "dice-all-2")):
        charts = build_report(build_tables(replays(), {"bob": alias})).all_charts()
        dice = [c.name for c in charts if c.name.startswith("dice-")]
        assert sorted(dice) == sorted(["dice-all", "dice-alice", second])
