"""Every CSV output writes record text that begins like a formula (= + - @ tab, carriage
return) with a single quote before it, and numbers as numbers: a player named
``=HYPERLINK("http://x")`` and another named ``-2+3``."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamao_cli.cli.app import app
from tests.helpers import REPO

runner = CliRunner()
LINK = '=HYPERLINK("http://x")'
SUM = "-2+3"


@pytest.fixture
def injected(tmp_path: Path) -> Path:
    """examples/gnubg_7pt.mat (Kasper beats Lena Ruiz 7-4 in 11 games) with the players
    renamed: Kasper -> LINK, Lena Ruiz -> SUM."""
    text = (REPO / "examples" / "gnubg_7pt.mat").read_text(encoding="utf-8")
    path = tmp_path / "inj.mat"
    path.write_text(text.replace("Kasper", LINK).replace("Lena Ruiz", SUM), encoding="utf-8")
    return path


def _csv(*args: str) -> list[dict[str, str]]:
    result = runner.invoke(app, [*args, "-j", "1"])
    assert result.exit_code in (0, 1), result.stderr
    return list(csv.DictReader(io.StringIO(result.stdout)))


def test_stats_by_player(injected: Path) -> None:
    rows = _csv("stats", str(injected), "-f", "csv")
    assert {r["player"]: r["matches_won"] for r in rows} == {"'" + LINK: "1", "'" + SUM: "0"}


def test_stats_by_match_and_game(injected: Path) -> None:
    (match,) = _csv("stats", str(injected), "-f", "csv", "--by", "match")
    assert (match["player_1"], match["player_2"], match["winner"]) == ("'" + LINK, "'" + SUM,
                                                                       "'" + LINK)  # fmt: skip
    assert (match["score_1"], match["score_2"]) == ("7", "4")
    games = _csv("stats", str(injected), "-f", "csv", "--by", "game")
    assert len(games) == 11
    assert {(g["player_1"], g["player_2"]) for g in games} == {("'" + LINK, "'" + SUM)}


def test_dedupe_and_filter(injected: Path) -> None:
    (row,) = _csv("dedupe", str(injected), "-f", "csv")
    assert (row["player_1"], row["player_2"], row["games"]) == ("'" + LINK, "'" + SUM, "11")
    (row,) = _csv("filter", str(injected), "--where", "length >= 5", "-f", "csv")
    assert (row["player_1"], row["player_2"]) == ("'" + LINK, "'" + SUM)


def test_ratings(injected: Path) -> None:
    rows = _csv("ratings", str(injected), "-f", "csv")
    assert {r["player"] for r in rows} == {"'" + LINK, "'" + SUM}


def test_check_findings(tmp_path: Path) -> None:
    """examples/illegal_plays.mat's findings name its players: X_player renamed @x."""
    text = (REPO / "examples" / "illegal_plays.mat").read_text(encoding="utf-8")
    path = tmp_path / "bad.mat"
    path.write_text(text.replace("X_player", "@x"), encoding="utf-8")
    rows = _csv("check", str(path), "-f", "csv")
    players = {r["player"] for r in rows} - {""}
    assert "'@x" in players and "@x" not in players
