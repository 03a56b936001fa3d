"""Parquet datasets: the same tables as a local run, nothing lost and nothing twice."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from gamao_cli.analysis.check import collect_inputs
from gamao_cli.analysis.corpus import read_corpus
from gamao_cli.analysis.dataset import (
    DatasetError,
    plan_units,
    scan_dataset,
    write_dataset,
    write_unit,
)
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.tables import TABLE_NAMES, Tables, by_player, normalise_names
from tests.helpers import REPO, project_archive

OPTIONS = CheckOptions(analyse_plays=True)
SMALL = 64 << 10  # units of about 64 KB: several units over the archive below


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """60 matches made from the project's gnubg fixtures (tools/make_archive.py), 6 a file:
    430 KB in 10 files, which 64 KB units cut into 5 units."""
    return project_archive(tmp_path_factory.mktemp("archive"), matches=60, per_file=6)


def _items(root: Path) -> list[Any]:
    return collect_inputs([str(root)])


def _sorted(df: pl.DataFrame) -> pl.DataFrame:
    return df.sort(df.columns, nulls_last=True)


def _same_rows(dataset: Tables, local: Tables) -> None:
    for name in TABLE_NAMES:
        a, b = getattr(dataset, name), getattr(local, name)
        assert _sorted(a).equals(_sorted(b)), name


def _collect(root: str) -> Tables:
    lazy = scan_dataset(root)
    return Tables(*(frame.collect() for _, frame in lazy.items()))


def test_a_dataset_holds_the_tables_of_a_local_run(tmp_path: Path, archive: Path) -> None:
    items = _items(archive)
    root = str(tmp_path / "ds")
    run = write_dataset(items, OPTIONS, root, unit_bytes=SMALL)
    assert run.units == len(plan_units(items, OPTIONS, SMALL)) > 1
    assert (run.skipped, run.files) == (0, len(items))
    local = read_corpus(items, OPTIONS)
    _same_rows(normalise_names(_collect(root)), local.tables)
    assert (run.matches, run.plays) == (local.tables.matches.height, local.tables.plays.height)
    lazy = normalise_names(scan_dataset(root))
    assert by_player(lazy).equals(by_player(local.tables))
    shards = sorted(p.name for p in (tmp_path / "ds" / "plays").iterdir())
    assert shards == sorted(f"{u.id}.parquet" for u in plan_units(items, OPTIONS, SMALL))


class _Dies:
    """An executor whose run stops (as if killed) after ``after`` units."""

    name = "dies"
    jobs = 1

    def __init__(self, after: int) -> None:
        self.after = after

    def map(self, fn: Callable[[Any], Any], work: Sequence[Any], *, serial: bool = False,
            progress: Callable[[int], None] | None = None,
            size: Callable[[Any], int] | None = None,
            chunk: int | None = None) -> Iterator[Any]:  # fmt: skip
        for i, item in enumerate(work):
            if i == self.after:
                unit, options, root = item
                # Half a unit: one shard written, no marker.
                from gamao_cli.analysis.corpus import read_batch

                part = read_batch((unit.files, options))
                folder = Path(root) / "plays"
                folder.mkdir(parents=True, exist_ok=True)
                part.tables.plays.head(3).write_parquet(folder / f"{unit.id}.parquet")
                raise KeyboardInterrupt
            yield fn(item)

    def __enter__(self) -> _Dies:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def test_an_interrupted_run_is_completed_by_resume_with_no_row_twice(
    tmp_path: Path, archive: Path
) -> None:
    items = _items(archive)
    root = str(tmp_path / "ds")
    with pytest.raises(KeyboardInterrupt):
        write_dataset(items, OPTIONS, root, executor=_Dies(2), unit_bytes=SMALL)
    assert len(list((tmp_path / "ds" / "_done").iterdir())) == 2
    with pytest.raises(DatasetError, match="holds a dataset already"):
        write_dataset(items, OPTIONS, root, unit_bytes=SMALL)
    run = write_dataset(items, OPTIONS, root, resume=True, unit_bytes=SMALL)
    assert run.skipped == 2 and run.units > 2
    local = read_corpus(items, OPTIONS)
    _same_rows(normalise_names(_collect(root)), local.tables)
    with pytest.raises(DatasetError, match="written with other options"):
        write_dataset(items, CheckOptions(), root, resume=True, unit_bytes=SMALL)


def test_an_fsspec_url_and_a_missing_dataset() -> None:
    items = collect_inputs([str(REPO / "examples")])
    run = write_dataset(items, OPTIONS, "memory://gamao-test/ds", unit_bytes=1)
    assert run.units == len(items)
    local = read_corpus(items, OPTIONS)
    _same_rows(normalise_names(_collect("memory://gamao-test/ds")), local.tables)
    with pytest.raises(DatasetError, match="no gamao dataset here"):
        scan_dataset("memory://gamao-test/nothing")


def test_a_unit_rewritten_gives_the_same_shards(tmp_path: Path) -> None:
    items = collect_inputs([str(REPO / "examples")])
    [unit] = plan_units(items, OPTIONS)
    first = write_unit((unit, OPTIONS, str(tmp_path)))
    again = write_unit((unit, OPTIONS, str(tmp_path)))
    assert first == again
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == [f"{unit.id}.parquet"]
    assert [i["name"] for i in first.inputs] == [i.name for i in items]
    assert all(len(i["sha256"]) == 64 for i in first.inputs)


def _one_big_file(tmp_path: Path) -> list[Any]:
    """One multi-match .mat made of every example and gnubg-made .mat, three times."""
    sources = sorted((REPO / "examples").glob("*.mat"))
    sources += sorted((REPO / "tests" / "fixtures" / "gnubg").glob("*.mat"))
    path = tmp_path / "archive.mat"
    path.write_bytes(b"\n".join(p.read_bytes() for p in sources * 3))
    return collect_inputs([str(path)])


def test_one_big_file_in_byte_ranges_gives_the_tables_of_reading_it_whole(
    tmp_path: Path,
) -> None:
    from gamao_cli.analysis.executors.local import ProcessExecutor

    items = _one_big_file(tmp_path)
    whole = read_corpus(items, OPTIONS)
    units = plan_units(items, OPTIONS, 20_000)
    assert len(units) > 3 and all(f.span is not None for u in units for f in u.files)
    with ProcessExecutor(2) as executor:
        cut = read_corpus(items, OPTIONS, executor=executor, unit_bytes=20_000)
    for name in TABLE_NAMES:
        assert getattr(cut.tables, name).equals(getattr(whole.tables, name)), name
    assert (cut.files, cut.unreadable) == (1, ())
    root = str(tmp_path / "ds")
    run = write_dataset(items, OPTIONS, root, unit_bytes=20_000)
    assert (run.units, run.files, run.matches) == (len(units), 1, whole.tables.matches.height)
    _same_rows(normalise_names(_collect(root)), whole.tables)
    import json

    manifest = json.loads((tmp_path / "ds" / "manifest.json").read_text())
    second = units[1].files[0].span
    assert second is not None
    named = f"{items[0].name}@{second.start}-{second.end}"
    assert manifest["units"][1]["files"] == [named]


def test_progress_is_told_units_done_of_all_and_plays(tmp_path: Path, archive: Path) -> None:
    from gamao_cli.analysis.executors.local import SerialExecutor

    items = _items(archive)
    calls: list[tuple[int, int, tuple[int, int] | None]] = []

    def progress(files: int, plays: int = 0, units: tuple[int, int] | None = None) -> None:
        calls.append((files, plays, units))

    with SerialExecutor() as executor:
        read = read_corpus(items, OPTIONS, executor=executor, progress=progress, unit_bytes=SMALL)
    total = len(calls)
    assert total > 1 and [c[2] for c in calls] == [(k, total) for k in range(1, total + 1)]
    assert sum(c[0] for c in calls) == len(items)
    assert sum(c[1] for c in calls) == read.tables.plays.height
    calls.clear()
    run = write_dataset(items, OPTIONS, str(tmp_path / "ds"), progress=progress, unit_bytes=SMALL)
    assert [c[2] for c in calls] == [(k, run.units) for k in range(1, run.units + 1)]
    assert sum(c[1] for c in calls) == run.plays


def test_units_of_the_same_files_get_unique_ids_stable_from_run_to_run(tmp_path: Path) -> None:
    items = collect_inputs([str(REPO / "examples")])
    once = [u.id for u in plan_units(items, OPTIONS, 1)]
    twice = [u.id for u in plan_units(items + items, OPTIONS, 1)]
    assert len(once) == len(items) and len(set(once)) == len(once)
    assert twice == once + [f"{i}-2" for i in once]
    assert [u.id for u in plan_units(items + items, OPTIONS, 1)] == twice
    root = str(tmp_path / "ds")
    run = write_dataset(items + items, OPTIONS, root, unit_bytes=1)
    local = read_corpus(items, OPTIONS)
    games = local.tables.games.height
    assert (run.units, run.games) == (2 * len(items), 2 * games)
    shards = sorted(p.name for p in (tmp_path / "ds" / "games").iterdir())
    assert shards == sorted(f"{i}.parquet" for i in twice)
    lazy = normalise_names(scan_dataset(root))
    assert lazy.games.collect().height == run.games
    doubled = read_corpus(items + items, OPTIONS)
    assert by_player(lazy).equals(by_player(doubled.tables))


def _written(tmp_path: Path) -> tuple[str, list[str], Path]:
    items = collect_inputs([str(REPO / "examples")])
    root = tmp_path / "ds"
    write_dataset(items, OPTIONS, str(root), unit_bytes=1)
    return str(root), [u.id for u in plan_units(items, OPTIONS, 1)], root


def test_a_shard_removed_by_hand_is_an_error_naming_it(tmp_path: Path) -> None:
    items = collect_inputs([str(REPO / "examples")])
    root, ids, folder = _written(tmp_path)
    (folder / "games" / f"{ids[1]}.parquet").unlink()
    message = f"shards of complete units are missing: games/{ids[1]}.parquet"
    with pytest.raises(DatasetError, match=message):
        scan_dataset(root)
    with pytest.raises(DatasetError, match=message):
        write_dataset(items, OPTIONS, root, resume=True, unit_bytes=1)


def test_a_shard_or_marker_of_no_listed_unit_is_an_error_naming_it(tmp_path: Path) -> None:
    root, ids, folder = _written(tmp_path)
    stray = folder / "plays" / "u0000000000000000.parquet"
    stray.write_bytes((folder / "plays" / f"{ids[0]}.parquet").read_bytes())
    with pytest.raises(DatasetError, match=r"plays/u0000000000000000\.parquet belong to no unit"):
        scan_dataset(root)
    stray.unlink()
    (folder / "_done" / "u1111111111111111.json").write_text("{}")
    with pytest.raises(DatasetError, match=r"_done/u1111111111111111\.json belong to no unit"):
        scan_dataset(root)


def test_a_unit_without_its_marker_is_incomplete_until_resumed(tmp_path: Path) -> None:
    items = collect_inputs([str(REPO / "examples")])
    root, ids, folder = _written(tmp_path)
    (folder / "_done" / f"{ids[2]}.json").unlink()
    with pytest.raises(DatasetError, match=f"units {ids[2]} of the manifest are not complete"):
        scan_dataset(root)
    run = write_dataset(items, OPTIONS, root, resume=True, unit_bytes=1)
    assert (run.units, run.skipped) == (len(ids), len(ids) - 1)
    _same_rows(normalise_names(_collect(root)), read_corpus(items, OPTIONS).tables)


def test_resume_with_other_inputs_is_an_error(tmp_path: Path) -> None:
    items = collect_inputs([str(REPO / "examples")])
    root, ids, _ = _written(tmp_path)
    with pytest.raises(DatasetError, match=f"other inputs \\(units {ids[0]} differ\\)"):
        write_dataset(items[1:], OPTIONS, root, resume=True, unit_bytes=1)


def test_a_manifest_listing_a_unit_twice_is_an_error(tmp_path: Path) -> None:
    import json

    root, ids, folder = _written(tmp_path)
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["units"].append(manifest["units"][0])
    (folder / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(DatasetError, match=f"lists units {ids[0]} more than once"):
        scan_dataset(root)
