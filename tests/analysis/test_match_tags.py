"""When and where a match was played, from its header tags, and the matches table's columns."""

from __future__ import annotations

from gamao_cli.analysis.check import collect_inputs
from gamao_cli.analysis.match_tags import event_round, parse_date, parse_time, played_when
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.replay import replay_match
from gamao_cli.analysis.tables import build_tables
from gamao_cli.formats.inputs import Repeats, read_path
from tests.helpers import CORPUS, FIXTURES, needs_corpus


def test_dates_are_read_year_first_in_any_separator() -> None:
    assert parse_date("2024.08.10") == "2024-08-10"
    assert parse_date("2023-11-26") == "2023-11-26"
    assert parse_date(" 2023/1/5 ") == "2023-01-05"
    assert parse_date("2023-11-26,27") == "2023-11-26"  # SGF: several days, the first
    assert parse_date("2023-11-26 13:05") == "2023-11-26"
    for bad in ("26.11.2023", "2023-13-01", "2023-02-32", "0000-01-01", "yesterday", "20231126"):
        assert parse_date(bad) is None, bad


def test_times_are_hours_and_minutes() -> None:
    assert parse_time("13.54") == "13:54"
    assert parse_time("9:05") == "09:05"
    assert parse_time("13:00:07") == "13:00:07"
    for bad in ("24:00", "12:60", "noon", "*0"):
        assert parse_time(bad) is None, bad


def test_played_when_prefers_event_date_and_needs_a_date_for_a_time() -> None:
    tags = [("Time", "08:00"), ("DT", "2020-01-02"), ("EventDate", "2021.03.04"),
            ("EventTime", "13.54")]  # fmt: skip
    assert played_when(tags) == ("2021-03-04", "13:54")
    assert played_when([("DT", "2020-01-02")]) == ("2020-01-02", None)
    assert played_when([("Date", "2020-01-02T07:30")]) == ("2020-01-02", "07:30")
    assert played_when([("EventTime", "13.54")]) == (None, None)
    assert played_when([("EventDate", "")]) == (None, None)


def test_event_and_round_from_mat_or_sgf_keys() -> None:
    assert event_round([("Event", " Club night "), ("Round", "Final")]) == ("Club night", "Final")
    assert event_round([("EV", "HSBT Paris 2023"), ("RO", "Tableau Or 2")]) == (
        "HSBT Paris 2023", "Tableau Or 2")  # fmt: skip
    assert event_round([("Site", "Aachen")]) == (None, None)


def _matches_row(path: str) -> dict[str, object]:
    item = collect_inputs([path], None, Repeats())[0]
    replays = [replay_match(m, CheckOptions(), i, path) for i, m in enumerate(read_path(item))]
    return build_tables(replays).matches.row(0, named=True)


def test_the_matches_table_has_the_date_from_mat_and_sgf() -> None:
    mat = _matches_row(str(FIXTURES / "gnubg" / "m01_s1.mat"))  # ; [EventDate "2024.01.01"]
    sgf = _matches_row(str(FIXTURES / "gnubg" / "m01_s1.sgf"))  # DT[2024-01-01]
    for row in (mat, sgf):
        assert (row["date"], row["time"], row["event"], row["round"]) == (
            "2024-01-01", None, None, None)  # fmt: skip


@needs_corpus
def test_the_matches_table_has_xg_and_sgf_events() -> None:
    xg = _matches_row(str(CORPUS / "kevung-gbf" / "1-Intermediate-Round1-Unger-Kozoman-11pt.xg"))
    assert (xg["date"], xg["time"], xg["event"], xg["round"]) == (
        "2024-08-10",
        "13:00",
        "Aachen Backgammon Festival",
        "Intermediate Undefeated Round 1",
    )
    sgf = _matches_row(str(CORPUS / "kevung-gbf" / "test.sgf"))
    assert (sgf["date"], sgf["event"], sgf["round"]) == (
        "2023-11-26", "HSBT Paris 2023", "Tableau Or 2")  # fmt: skip
