"""``stats`` folds the tables a slice at a time (a long match read in parts): the views are
those of the whole tables, and no slice holds more than a part's games."""

from __future__ import annotations

import io
import tempfile
from collections.abc import Iterator
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from gamao_cli.analysis import stats_fold, table_parts, view_parts
from gamao_cli.analysis.check import collect_inputs
from gamao_cli.analysis.corpus import read_batch, read_corpus
from gamao_cli.analysis.executors.local import ProcessExecutor, SerialExecutor
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.stats_fold import (
    fold_corpus,
    game_chunks,
    game_frame,
    match_rows,
    player_rows,
)
from gamao_cli.analysis.table_parts import SliceRun, table_slices
from gamao_cli.analysis.tables import (
    TABLE_NAMES,
    Tables,
    by_game,
    by_match,
    by_player,
    concat_tables,
)
from gamao_cli.formats import base, inputs
from gamao_cli.formats.inputs import InputFile
from gamao_cli.report.stats_out import StatsFormat, write_chunks, write_text
from tests.helpers import REPO, long_session

OPTIONS = CheckOptions(analyse_plays=True)


@pytest.fixture
def small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parts of 7 games, slices of about 7 games folded two at a time, game rows on disk from
    10 rows; files read as streams (a small file is read whole, and then in parts too)."""
    monkeypatch.setattr(base, "PART_GAMES", 7)
    monkeypatch.setattr(table_parts, "SLICE_GAMES", 7)
    monkeypatch.setattr(stats_fold, "FOLD_GAMES", 14)
    monkeypatch.setattr(stats_fold, "SPOOL_ROWS", 10)
    monkeypatch.setattr(inputs, "WHOLE_BYTES", -1)


def _session(tmp_path: Path, games: int = 40, **kwargs: int) -> Path:
    path = tmp_path / "session.mat"
    path.write_text(long_session(games, **kwargs))
    return path


def test_slices_come_a_part_at_a_time_and_add_up_to_the_tables(
    tmp_path: Path, small_parts: None
) -> None:
    """40 games in parts of 7: the first part replays 6 (its last game waits for the next
    part's first score), the next four 7 each, the last 6; a slice is handed on once it
    holds 7 games (6 + 7 first). The match's row, counting its 40 games, comes in the last.
    Put together, the slices are the tables read_batch makes of the match read whole."""
    path = _session(tmp_path, unfinished=14, misscored=15)
    item = InputFile("session.mat", path)
    run = SliceRun()
    slices = list(table_slices([item], OPTIONS, run))
    assert [s.games.height for s in slices] == [13, 7, 7, 7, 6]
    assert [s.matches.height for s in slices] == [0, 0, 0, 0, 1]
    assert slices[-1].matches.row(0, named=True)["games"] == 40
    assert run.plays == 40  # one play a game (SHORT_GAME), the unfinished one too
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(base, "PART_GAMES", 0)
        whole = read_batch(([item], OPTIONS)).tables
    together = concat_tables(slices)
    for name in TABLE_NAMES:
        if name == "findings":  # a part's reader diagnostics come with the part
            key = ["game", "code"]
            assert_frame_equal(getattr(together, name).sort(key), getattr(whole, name).sort(key))
        else:
            assert_frame_equal(getattr(together, name), getattr(whole, name))


def test_the_game_rows_reach_the_spool_as_the_slices_are_read(
    tmp_path: Path, small_parts: None
) -> None:
    """The game rows are handed on a fold at a time, while the file is still being read,
    never the match's 40 at once: slices of 13, 7, 7, 7 and 6 games, folded once they hold
    14 games: 13 + 7, 7 + 7; the last 6 are left unfolded, for the next unit's slices."""
    path = _session(tmp_path)
    seen: list[int] = []
    fold = stats_fold.fold_batch([InputFile("session.mat", path)], OPTIONS, lambda f: seen.append(
        f.height
    ))  # fmt: skip
    assert seen == [20, 14]
    assert [t.games.height for t in fold.pending] == [6]


def _sessions(tmp_path: Path, count: int, games: int) -> list[InputFile]:
    for n in range(count):
        (tmp_path / f"s{n:02d}.mat").write_text(long_session(games))
    return collect_inputs([str(tmp_path)])


def _one_file_a_unit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats_fold, "work_units", lambda items, jobs: [[i] for i in items])


@pytest.mark.parametrize("jobs", [1, 2])
def test_small_units_are_folded_together(
    tmp_path: Path, small_parts: None, monkeypatch: pytest.MonkeyPatch, jobs: int
) -> None:
    """Ten files of 5 games, each its own unit: no unit holds a fold's 14 games, so their
    slices are folded together, once 14 are held (5 + 5 + 5, three times), then the last 5:
    four folds, not ten, whether the units are read here or by workers."""
    _one_file_a_unit(monkeypatch)
    items = _sessions(tmp_path, 10, 5)
    seen: list[int] = []
    real_add = stats_fold.Fold.add

    def add(self: stats_fold.Fold, tables: Tables, games: object) -> None:
        seen.append(tables.games.height)
        real_add(self, tables, games)  # type: ignore[arg-type]

    monkeypatch.setattr(stats_fold.Fold, "add", add)
    with SerialExecutor() if jobs == 1 else ProcessExecutor(jobs) as executor:
        read = fold_corpus(items, OPTIONS, games=True, executor=executor)
    try:
        assert seen == [15, 15, 15, 5]
        rows = player_rows(read, read.mapping(None))
        assert rows.get_column("games").to_list() == [50, 50]
        assert rows.get_column("games_won").to_list() == [0, 50]  # b wins every SHORT_GAME
        assert match_rows(read, read.mapping(None)).get_column("games").to_list() == [5] * 10
        assert sum(c.height for c in game_chunks(read, read.mapping(None))) == 50
    finally:
        read.close()


def test_a_unit_folded_in_part_comes_after_the_slices_held(
    tmp_path: Path, small_parts: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 5-game file, then a 30-game one (folded in its unit, 13 + 7 and the rest held): the
    5 games held are folded before the big unit's folds are joined, so the matches and the
    game rows stay in input order."""
    _one_file_a_unit(monkeypatch)
    (tmp_path / "a.mat").write_text(long_session(5))
    (tmp_path / "b.mat").write_text(long_session(30))
    items = collect_inputs([str(tmp_path)])
    read = fold_corpus(items, OPTIONS, games=True)
    try:
        mapping = read.mapping(None)
        matches = match_rows(read, mapping)
        assert matches.get_column("games").to_list() == [5, 30]
        games = pl.concat(list(game_chunks(read, mapping)))
        files = games.get_column("file").to_list()
        assert [Path(f).name for f in files] == ["a.mat"] * 5 + ["b.mat"] * 30
        assert games.get_column("game").to_list() == [*range(1, 6), *range(1, 31)]
    finally:
        read.close()


def _inputs(tmp_path: Path) -> list[InputFile]:
    _session(tmp_path, unfinished=20)
    return collect_inputs([str(tmp_path), str(REPO / "examples")])


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_views_of_the_fold_are_those_of_the_tables(
    tmp_path: Path, small_parts: None, jobs: int
) -> None:
    items = _inputs(tmp_path)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(base, "PART_GAMES", 0)
        tables = read_corpus(items, OPTIONS).tables
    with SerialExecutor() if jobs == 1 else ProcessExecutor(jobs) as executor:
        read = fold_corpus(items, OPTIONS, games=True, executor=executor)
    try:
        mapping = read.mapping(None)
        assert_frame_equal(player_rows(read, mapping), by_player(tables))
        assert_frame_equal(match_rows(read, mapping), by_match(tables))
        games = by_game(tables)
        chunks = list(game_chunks(read, mapping))
        if jobs == 1:  # workers are spawned with the default part size
            assert len(chunks) > 1 and max(c.height for c in chunks) < games.height
        assert_frame_equal(pl.concat(chunks), games)
        assert_frame_equal(game_frame(read, mapping).collect(), games)
        assert read.fold.plays == tables.plays.height
        assert read.summary.games == tables.games.height
    finally:
        read.close()
    assert read.spool is not None and read.spool.folder is None  # the files are removed


def test_copies_left_out(tmp_path: Path) -> None:
    """The matches ``skip`` names give no row (their findings stay)."""
    items = collect_inputs([str(REPO / "examples" / "gnubg_7pt.mat")])
    full = fold_corpus(items, OPTIONS)
    assert full.match_rows().height == 1
    name = full.match_rows().get_column("file")[0]
    read = fold_corpus(items, OPTIONS, skip=frozenset({(name, 1)}))
    assert read.match_rows().height == 0 and read.fold.plays == 0


@pytest.mark.parametrize("fmt", [StatsFormat.csv, StatsFormat.json])
def test_chunks_are_written_as_the_whole_frame(fmt: StatsFormat) -> None:
    df = pl.DataFrame(
        {"a": [1, 2, 3, None], "b": ["x", "y,z", None, '"q"'], "c": [1.5, 2.0, None, 0.25]}
    )
    whole, parts = io.StringIO(), io.StringIO()
    write_text(df, fmt, whole)
    write_chunks([df.head(0), df.slice(0, 1), df.head(0), df.slice(1, 3)], fmt, parts)
    assert parts.getvalue() == whole.getvalue()
    empty, none = io.StringIO(), io.StringIO()
    write_text(df.head(0), fmt, empty)
    write_chunks([df.head(0)], fmt, none)
    assert none.getvalue() == empty.getvalue() == ("a,b,c\n" if fmt is StatsFormat.csv else "[]\n")


def test_a_units_game_rows_travel_back_on_disk(tmp_path: Path, small_parts: None) -> None:
    """A unit of 40 games keeps at most a spool's 10 rows in memory: folds of 20 and 14 games
    (the last 6 left unfolded) go to files in the worker's folder, which the run's spool
    adopts (and removes when closed)."""
    item = InputFile("session.mat", _session(tmp_path))
    fold = stats_fold._fold_remote(([item], OPTIONS, True, frozenset(), False, None))
    assert fold.spool is not None
    assert (fold.spool.rows, len(fold.spool.files)) == (0, 2)
    assert [pl.read_ipc(p).height for p in fold.spool.files] == [20, 14]
    read = fold_corpus([item], OPTIONS, games=True, by_player=False)
    assert read.spool is not None
    folders = list(read.spool.adopted)
    assert len(folders) == 1 and Path(folders[0]).is_dir()
    rows = pl.concat(list(game_chunks(read, read.mapping(None))))
    assert rows.get_column("game").to_list() == list(range(1, 41))
    read.close()
    assert not Path(folders[0]).exists()


def _left_on_disk(tmp: Path) -> list[str]:
    return sorted(p.name for p in tmp.rglob("*"))


@pytest.fixture
def tmp_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The temporary folder the spools are made in."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp))
    return tmp


class _DiesAfterOne(SerialExecutor):
    """Gives the first unit's fold, then fails as a worker that died would."""

    def map(self, fn, work, **kwargs):  # type: ignore[no-untyped-def]
        yield fn(work[0])
        raise RuntimeError("a worker died")


def test_a_failed_run_leaves_no_game_rows_on_disk(
    tmp_path: Path, tmp_folder: Path, small_parts: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two 40-game files a unit each: the first unit's rows (in files, past the spool's 10
    rows) are adopted by the run, then the next unit fails: the run's rows are removed."""
    _one_file_a_unit(monkeypatch)
    (tmp_path / "in").mkdir()
    items = _sessions(tmp_path / "in", 2, 40)
    with pytest.raises(RuntimeError, match="a worker died"):
        fold_corpus(items, OPTIONS, games=True, executor=_DiesAfterOne())
    assert _left_on_disk(tmp_folder) == []


def test_a_unit_that_fails_removes_its_game_rows(
    tmp_path: Path, tmp_folder: Path, small_parts: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A unit whose reading fails after two folds' rows went to disk (20 and 14 rows, in its
    own folder) removes them before the failure travels back."""
    real = stats_fold.table_slices

    def slices_then_fail(*args: object, **kwargs: object) -> Iterator[Tables]:
        yield from real(*args, **kwargs)  # type: ignore[arg-type]
        raise KeyboardInterrupt

    monkeypatch.setattr(stats_fold, "table_slices", slices_then_fail)
    item = InputFile("session.mat", _session(tmp_path))
    with pytest.raises(KeyboardInterrupt):
        stats_fold._fold_remote(([item], OPTIONS, True, frozenset(), False, None))
    assert _left_on_disk(tmp_folder) == []


def test_a_workers_rows_are_made_in_the_runs_folder(
    tmp_path: Path, tmp_folder: Path, small_parts: None
) -> None:
    """A unit's folder is made inside the run's (removing the run's removes it, adopted or
    not); the run's is removed when the run is closed."""
    item = InputFile("session.mat", _session(tmp_path))
    read = fold_corpus([item], OPTIONS, games=True, by_player=False)
    assert read.spool is not None and read.spool.folder is not None
    run = Path(read.spool.folder)
    assert [Path(f).parent for f in read.spool.adopted] == [run]
    read.close()
    assert _left_on_disk(tmp_folder) == []


def test_the_players_rows_are_made_a_slice_of_players_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With slices of 3 players, the rows of the examples' players and a session's are made
    3 players at a time, in the order shown, and are the rows of the whole tables."""
    items = _inputs(tmp_path)
    want = by_player(read_corpus(items, OPTIONS).tables)
    read = fold_corpus(items, OPTIONS)
    sizes: list[int] = []
    real = view_parts._player_rows

    def rows(parts: view_parts.PlayerParts) -> pl.DataFrame:
        out = real(parts)
        sizes.append(out.height)
        return out

    monkeypatch.setattr(view_parts, "VIEW_PLAYERS", 3)
    monkeypatch.setattr(view_parts, "_player_rows", rows)
    got = player_rows(read, read.mapping(None))
    assert_frame_equal(got, want)
    assert got.height > 6 and max(sizes) == 3 and sum(sizes) == got.height
