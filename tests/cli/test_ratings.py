"""``gamao ratings``: FIBS ratings over an archive, checked against values worked out by hand
and against an independent computation over a generated archive."""

from __future__ import annotations

import csv
import io
import json
import math
import random
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from gamao_cli.cli.app import app
from tests.helpers import FIXTURES, gnubg_match, match_length, winner_side, write_text

runner = CliRunner()
GNUBG = FIXTURES / "gnubg"


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["ratings", "-j", "1", *args])
    return result.exit_code, result.stdout, result.stderr


def _rows(stdout: str) -> dict[str, dict[str, str]]:
    return {row["player"]: row for row in csv.DictReader(io.StringIO(stdout))}


def test_two_newcomers_one_five_pointgnubg_match(tmp_path: Path) -> None:
    # m05_s1: the left player wins a 5-point match. Equal ratings: P = 1/2, K = 5 for both:
    # 4 * 5 * sqrt(5) * 0.5 = 22.3607 each way.
    assert winner_side((GNUBG / "m05_s1.mat").read_text(encoding="utf-8")) == 0
    path = write_text(
        tmp_path, "a.mat", gnubg_match("m05_s1.mat", "Ana", "Bia", {"EventDate": "2024.03.05"})
    )
    code, out, err = _run(path, "--format", "csv")
    assert code == 0, err
    assert out.splitlines()[0] == "player,rating,experience,matches,won,lost,last_played"
    rows = _rows(out)
    assert float(rows["Ana"]["rating"]) == pytest.approx(1522.3607, abs=1e-4)
    assert float(rows["Bia"]["rating"]) == pytest.approx(1477.6393, abs=1e-4)
    assert [rows["Ana"][c] for c in ("experience", "matches", "won", "lost", "last_played")] == [
        "5", "1", "1", "0", "2024-03-05"]  # fmt: skip
    assert [rows["Bia"][c] for c in ("experience", "matches", "won", "lost")] == [
        "5",
        "1",
        "0",
        "1",
    ]
    assert "1 match rated" in err
    code, text, _ = _run(path, "--start", "1000")
    assert code == 0
    lines = text.splitlines()
    assert lines[0].split() == ["#", "player", "rating", "experience", "matches", "won", "lost",
                                "last_played"]  # fmt: skip
    assert lines[1].split() == ["1", "Ana", "1022.36", "5", "1", "1", "0", "2024-03-05"]
    assert lines[2].split() == ["2", "Bia", "977.64", "5", "1", "0", "1", "2024-03-05"]


def _two_matches(tmp_path: Path, dated: bool) -> list[str]:
    # first.mat: Bia beats Ana, 1 point (m01_s2: the right player wins), on 2024-02-01;
    # second.mat: Ana beats Bia, 5 points (m05_s1: the left player wins), on 2024-01-01.
    first = gnubg_match("m01_s2.mat", "Ana", "Bia", {"EventDate": "2024.02.01"} if dated else None)
    second = gnubg_match("m05_s1.mat", "Ana", "Bia", {"EventDate": "2024.01.01"} if dated else None)
    return [write_text(tmp_path, "first.mat", first), write_text(tmp_path, "second.mat", second)]


# Dated, by date: Ana beats Bia (5 points) at 1500-1500: 1522.3607 / 1477.6393, experience 5;
# then Bia, the underdog by D = 44.7214, wins 1 point: P_upset = 1/(10^0.0223607 + 1)
# = 0.487131, P = 0.512869, K = 4.95: 4 * 4.95 * 1 * 0.512869 = 10.1548.
# Undated, in input order: Bia beats Ana (1 point): 1510 / 1490, experience 1 (K 4.99); then
# Ana, the underdog by 20, wins 5 points: P_upset = 1/(10^(20*sqrt(5)/2000) + 1) = 0.487131,
# P = 0.512869: 4 * 4.99 * sqrt(5) * 0.512869 = 22.8903.
@pytest.mark.parametrize(
    ("dated", "ana", "bia", "last"),
    [(True, 1512.2059, 1487.7941, "2024-02-01"), (False, 1512.8903, 1487.1097, "")],
)
def test_matches_are_rated_by_date_else_in_input_order(
    tmp_path: Path, dated: bool, ana: float, bia: float, last: str
) -> None:
    code, out, err = _run(*_two_matches(tmp_path, dated=dated), "-f", "csv")
    assert code == 0, err
    rows = _rows(out)
    assert float(rows["Ana"]["rating"]) == pytest.approx(ana, abs=1e-4)
    assert float(rows["Bia"]["rating"]) == pytest.approx(bia, abs=1e-4)
    assert rows["Ana"]["last_played"] == last


def test_history_has_one_row_per_player_pergnubg_match(tmp_path: Path) -> None:
    inputs = _two_matches(tmp_path, dated=True)
    history = tmp_path / "history.csv"
    code, _, err = _run(*inputs, "--history", str(history), "-f", "json")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(history.read_text(encoding="utf-8"))))
    second, first = inputs[1] + "#1", inputs[0] + "#1"
    assert [(r["order"], r["match"], r["date"], r["player"], r["opponent"], r["length"], r["won"])
            for r in rows] == [
        ("1", second, "2024-01-01", "Ana", "Bia", "5", "true"),
        ("1", second, "2024-01-01", "Bia", "Ana", "5", "false"),
        ("2", first, "2024-02-01", "Bia", "Ana", "1", "true"),
        ("2", first, "2024-02-01", "Ana", "Bia", "1", "false"),
    ]  # fmt: skip
    before = [float(r["rating_before"]) for r in rows]
    after = [float(r["rating_after"]) for r in rows]
    assert before == pytest.approx([1500, 1500, 1477.6393, 1522.3607], abs=1e-4)
    assert after == pytest.approx([1522.3607, 1477.6393, 1487.7941, 1512.2059], abs=1e-4)
    parquet = tmp_path / "history.parquet"
    assert _run(*inputs, "--history", str(parquet))[0] == 0
    assert pl.read_parquet(parquet).height == 4


def test_a_match_read_twice_counts_once_unless_no_dedupe(tmp_path: Path) -> None:
    text = gnubg_match("m05_s1.mat", "Ana", "Bia")
    copies = [write_text(tmp_path, "a.mat", text), write_text(tmp_path, "b.mat", text)]
    code, out, err = _run(*copies, "-f", "csv")
    assert code == 0, err
    assert float(_rows(out)["Ana"]["rating"]) == pytest.approx(1522.3607, abs=1e-4)
    assert "1 match rated" in err and "counted once" in err
    code, out, err = _run(*copies, "-f", "csv", "--no-dedupe")
    assert code == 0, err
    # twice: 1522.3607, then the favourite by 44.7214 wins 5 points again (K 4.95):
    # P = 1/(10^(44.7214*sqrt(5)/2000) + 1) = 1/(10^0.05 + 1) = 0.471239;
    # 4 * 4.95 * sqrt(5) * 0.471239 = 20.8641.
    assert float(_rows(out)["Ana"]["rating"]) == pytest.approx(1543.2248, abs=1e-4)
    assert "2 matches rated" in err and "--no-dedupe" in err


def test_names_merged_by_case_spacing_rating_and_alias(tmp_path: Path) -> None:
    inputs = [
        write_text(tmp_path, "1.mat", gnubg_match("m01_s1.mat", "Ana Paula", "bia,1650")),
        write_text(tmp_path, "2.mat", gnubg_match("m01_s3.mat", "ana  paula", "Bia")),
        write_text(tmp_path, "3.mat", gnubg_match("m01_s4.mat", "AP", "Bia")),
    ]
    code, out, err = _run(*inputs, "-f", "csv", "--alias", "ap=Ana Paula")
    assert code == 0, err
    rows = _rows(out)
    assert sorted(rows) == ["Ana Paula", "Bia"]  # Bia spelt so twice, bia,1650 once
    assert (rows["Ana Paula"]["matches"], rows["Ana Paula"]["won"]) == ("3", "3")


def test_unfinished_matches_and_money_sessions_change_nothing(tmp_path: Path) -> None:
    whole = gnubg_match("m05_s1.mat", "Ana", "Bia")
    cut = whole.split(" Game 3")[0]  # two games of a 5-point match: nobody reached 5
    inputs = [
        write_text(tmp_path, "cut.mat", gnubg_match("m01_s1.mat", "Cid", "Dora") + "\n"),
        write_text(tmp_path, "unfinished.mat", cut),
        str(Path("examples/money_session_beavers.mat").resolve()),
    ]
    code, out, err = _run(*inputs, "-f", "csv")
    assert code == 0, err
    rows = _rows(out)
    assert sorted(rows) == ["Cid", "Dora"]  # 1 point, newcomers: 1500 + 4*5*1*0.5 = 1510
    assert float(rows["Cid"]["rating"]) == pytest.approx(1510.0, abs=1e-9)
    assert "1 match rated (1 unfinished, 1 money session not rated)" in err


def _independent(played: list[tuple[str, str, int]], start: float) -> dict[str, float]:
    """FIBS's ``help formula`` written out again: (winner, loser, length) in played order."""
    rating: dict[str, float] = {}
    experience: dict[str, int] = {}
    for winner, loser, n in played:
        rw, rl = rating.get(winner, start), rating.get(loser, start)
        upset = 1 / (10 ** (abs(rw - rl) * math.sqrt(n) / 2000) + 1)
        p = upset if rw >= rl else 1 - upset
        kw = max(1.0, 5 - experience.get(winner, 0) / 100)
        kl = max(1.0, 5 - experience.get(loser, 0) / 100)
        rating[winner] = rw + 4 * kw * math.sqrt(n) * p
        rating[loser] = rl - 4 * kl * math.sqrt(n) * p
        for name in (winner, loser):
            experience[name] = experience.get(name, 0) + n
    return rating


def test_a_generated_archive_equals_an_independent_computation(tmp_path: Path) -> None:
    rng = random.Random(30)
    players = ["Ana", "Bia", "Cid", "Dora", "Edu", "Fabi"]
    templates = sorted(p.name for p in GNUBG.glob("m0[135]_s*.mat"))
    played: list[tuple[str, int, str, str, int]] = []  # date, input index, winner, loser, n
    inputs = []
    for i in range(40):
        template = rng.choice(templates)
        text = (GNUBG / template).read_text(encoding="utf-8")
        left, right = rng.sample(players, 2)
        date = f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        inputs.append(write_text(tmp_path, f"m{i:02d}.mat", gnubg_match(template, left, right,
                                                               {"EventDate": date})))  # fmt: skip
        winner, loser = (left, right) if winner_side(text) == 0 else (right, left)
        played.append((date, i, winner, loser, match_length(text)))
    played.sort()
    expected = _independent([(w, lo, n) for _, _, w, lo, n in played], 1600.0)
    code, out, err = _run(str(tmp_path), "-f", "json", "--no-dedupe", "--start", "1600")
    assert code == 0, err
    got = {row["player"]: row["rating"] for row in json.loads(out)}
    assert sorted(got) == sorted(expected)
    for name, rating in expected.items():
        assert got[name] == pytest.approx(rating, abs=0.01), name
    assert "40 matches rated" in err


def test_unreadable_input_exits_2_and_parquet_needs_a_file(tmp_path: Path) -> None:
    good = write_text(tmp_path, "a.mat", gnubg_match("m01_s1.mat", "Ana", "Bia"))
    bad = write_text(tmp_path, "bad.mat", "this is not a match\n")
    code, out, _ = _run(good, bad, "-f", "csv")
    assert code == 2
    assert sorted(_rows(out)) == ["Ana", "Bia"]
    table = tmp_path / "r.parquet"
    assert _run(good, "-f", "parquet", "-o", str(table))[0] == 0
    assert pl.read_parquet(table).get_column("player").to_list() == ["Ana", "Bia"]


def test_the_examples_as_docs_ratings_md_works_them_out() -> None:
    # Newcomers: Kasper beats Lena Ruiz, 7 points: 4 * 5 * sqrt(7) / 2 = 26.4575; O_player
    # beats X_player, 5 points: 22.3607; the SGF copy counts once, the money session not.
    code, out, err = _run("examples", "-f", "csv")
    assert code == 0, err
    got = {name: float(row["rating"]) for name, row in _rows(out).items()}
    expected = {"Kasper": 1526.4575, "Lena Ruiz": 1473.5425, "O_player": 1522.3607,
                "X_player": 1477.6393}  # fmt: skip
    assert got == pytest.approx(expected, abs=1e-4)
    assert "2 matches rated (1 money session not rated), duplicates counted once" in err


def test_ratings_counts_what_stats_counts() -> None:
    # The summary counts what stats --dedupe counts (the same folded reading): examples/
    # without the SGF copy of gnubg_7pt, 3 matches, 25 games, 937 plays.
    stats = runner.invoke(app, ["stats", "-j", "1", "--dedupe", "-f", "csv", "examples"])
    assert "4 files, 3 matches (1 duplicate dropped), 25 games, 937 plays;" in stats.stderr
    assert "4 files, 3 matches (1 duplicate dropped), 25 games, 937 plays, " in _run("examples")[2]
