"""Results as a Parquet dataset: one shard per work unit for every table, a manifest, resume.

``write_dataset`` cuts the inputs into work units (runs of files of about
:data:`gamao_cli.analysis.corpus.UNIT_BYTES`), reads, replays and tabulates each unit
(locally or on Dask, through an executor) and writes each of its tables as
``ROOT/TABLE/UNIT.parquet``, then a marker ``ROOT/_done/UNIT.json`` with the unit's counts and
its inputs (name, size, mtime, SHA-256). ``ROOT`` is a folder or an fsspec URL
(``s3://bucket/run``, ``memory://run`` in tests). Layout::

    ROOT/manifest.json          gamao version, options, units (id, files), complete or not
    ROOT/matches/UNIT.parquet   ... and games/, plays/, cube_actions/, findings/
    ROOT/_done/UNIT.json        the unit's counts and inputs, written last

Nothing lost, nothing twice: a unit's id is derived from its files (names, sizes, mtimes)
and the options, so the same unit always has the same shard names; two units of one run that
would hash alike (the same files twice, standard input twice) are told apart by their place
(``ID``, ``ID-2``, ...), so no unit's shards overwrite another's. Every file is written
under a temporary name and renamed when complete, and the marker comes after the shards, so
a unit is complete exactly when its marker exists. A run stopped half way (killed, a machine
lost) is completed with ``resume=True``: units with a marker are skipped, the others are
written again (over any partial shard). A worker that dies mid-unit has the unit retried
(Dask's retries).

A dataset is checked against its manifest whenever it is read (:func:`scan_dataset`, and
``resume``): a unit listed without its marker or one of its shards, a shard or marker of no
listed unit, or (on resume) other inputs than the manifest's are a :class:`DatasetError`
naming them, never a silently smaller table.

:func:`scan_dataset` scans the shards as polars LazyFrames; the summaries of
:mod:`gamao_cli.analysis.tables` accept them and use the streaming engine, so an aggregate
never holds a whole table in memory.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import polars as pl

from gamao_cli import __version__
from gamao_cli.analysis.corpus import UNIT_BYTES, UnitProgress, byte_batches, whole_files
from gamao_cli.analysis.executors import Executor
from gamao_cli.analysis.executors.local import SERIAL
from gamao_cli.analysis.gc_pause import gc_paused
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.summary import RunSummary, summary_of
from gamao_cli.analysis.table_parts import SliceRun, table_slices
from gamao_cli.analysis.tables import (
    CUBE_SCHEMA,
    FINDING_SCHEMA,
    GAME_SCHEMA,
    MATCH_SCHEMA,
    PLAY_SCHEMA,
    TABLE_NAMES,
    LazyTables,
    Tables,
)
from gamao_cli.formats.inputs import InputFile, split_inputs
from gamao_cli.i18n import N_

SCHEMAS = {
    "matches": MATCH_SCHEMA,
    "games": GAME_SCHEMA,
    "plays": PLAY_SCHEMA,
    "cube_actions": CUBE_SCHEMA,
    "findings": FINDING_SCHEMA,
}
MANIFEST = "manifest.json"
DONE = "_done"


class DatasetError(RuntimeError):
    """A dataset that cannot be written or read (exists already, different options, ...)."""


@dataclass(frozen=True, slots=True)
class Unit:
    id: str
    files: tuple[InputFile, ...]


@dataclass(frozen=True, slots=True)
class UnitResult:
    id: str
    files: int
    matches: int
    games: int
    plays: int
    unreadable: tuple[str, ...]
    inputs: tuple[dict[str, Any], ...]  # name, size, mtime_ns, sha256
    counts: dict[str, int] | None = None  # the unit's run summary (RunSummary.as_dict)


@dataclass(frozen=True, slots=True)
class DatasetRun:
    root: str
    units: int
    skipped: int  # units already complete (resume)
    results: tuple[UnitResult, ...]  # every unit's, in unit order (skipped ones read back)
    repeated: int = 0  # input names left out, the same file named again (the caller's count)

    @property
    def files(self) -> int:
        return sum(r.files for r in self.results)

    @property
    def matches(self) -> int:
        return sum(r.matches for r in self.results)

    @property
    def games(self) -> int:
        return sum(r.games for r in self.results)

    @property
    def plays(self) -> int:
        return sum(r.plays for r in self.results)

    @property
    def summary(self) -> RunSummary:
        """The run summary every command prints, summed over the units. A unit written by
        an older gamao (its marker without counts) adds what its marker says: its files,
        the unreadable ones, its matches and games."""
        total = RunSummary(repeated=self.repeated)
        for r in self.results:
            c = r.counts or {
                "files": r.files, "unreadable_files": len(r.unreadable),
                "matches": r.matches, "games": r.games,
            }  # fmt: skip
            total.files += c.get("files", 0)
            total.unreadable += c.get("unreadable_files", 0)
            total.skipped += c.get("skipped_files", 0)
            total.matches += c.get("matches", 0)
            total.games += c.get("games", 0)
            total.errors += c.get("errors", 0)
            total.warnings += c.get("warnings", 0)
        return total


def _fs(root: str) -> tuple[Any, str]:
    import fsspec

    fs, path = fsspec.core.url_to_fs(root)
    return fs, path.rstrip("/")


def _options_key(options: CheckOptions) -> str:
    return json.dumps(asdict(options), sort_keys=True, default=str)


def plan_units(
    items: Sequence[InputFile], options: CheckOptions, size: int = UNIT_BYTES
) -> list[Unit]:
    """``items`` cut into units; each id hashes its files' names, sizes and mtimes and the
    options, so a unit keeps its id (and its shards' names) from one run to the next. Ids are
    unique: a unit hashing like an earlier one gets ``-2``, ``-3``, ... after the hash."""
    units = []
    seen: dict[str, int] = {}
    stdin = any(item.is_stdin for item in items)
    for batch in byte_batches(items if stdin else split_inputs(items, size), size):
        h = hashlib.blake2b(digest_size=8)
        h.update(_options_key(options).encode())
        for item in batch:
            try:
                info = os.stat(item.path) if item.path is not None else None
            except OSError:
                info = None
            stamp = (info.st_size, info.st_mtime_ns) if info is not None else (-1, -1)
            h.update(f"\x1f{_unit_name(item)}\x1e{stamp[0]}\x1e{stamp[1]}".encode())
        unit_id = "u" + h.hexdigest()
        seen[unit_id] = seen.get(unit_id, 0) + 1
        if seen[unit_id] > 1:  # the same files again: its place tells it apart, run after run
            unit_id = f"{unit_id}-{seen[unit_id]}"
        units.append(Unit(unit_id, tuple(batch)))
    return units


def _unit_name(item: InputFile) -> str:
    """A unit's input as named in the manifest: the file, or ``FILE@START-END`` for a byte
    range of one."""
    span = item.span
    return item.name if span is None else f"{item.name}@{span.start}-{span.end}"


def _file_info(item: InputFile) -> dict[str, Any]:
    """Name, size, mtime and SHA-256 of a unit's input (of its bytes only, for a range)."""
    info: dict[str, Any] = {"name": item.name}
    if item.path is None:
        return info
    try:
        st = os.stat(item.path)
        if not stat.S_ISREG(st.st_mode):
            return info  # a named pipe or device is never opened (its unit reports P011)
        start, end = (0, st.st_size) if item.span is None else (item.span.start, item.span.end)
        digest = hashlib.sha256()
        with open(item.path, "rb") as fh:
            fh.seek(start)
            left = end - start
            while left > 0 and (block := fh.read(min(left, 1 << 20))):
                digest.update(block)
                left -= len(block)
    except OSError:
        return info
    info.update(size=st.st_size, mtime_ns=st.st_mtime_ns, sha256=digest.hexdigest())
    if item.span is not None:
        info.update(start=start, end=end)
    return info


def _put(fs: Any, path: str, write: Callable[[Any], None]) -> None:
    """Write ``path`` under a temporary name, then rename it into place; a write that fails
    leaves neither (the store may be remote: fsspec, not :mod:`gamao_cli.formats.atomic`)."""
    folder, name = path.rsplit("/", 1)
    temporary = f"{folder}/.{name}.tmp"
    fs.makedirs(folder, exist_ok=True)
    try:
        with fs.open(temporary, "wb") as fh:
            write(fh)
        fs.mv(temporary, path)
    except BaseException:
        if fs.exists(temporary):
            fs.rm(temporary)
        raise


def write_unit(args: tuple[Unit, CheckOptions, str]) -> UnitResult:
    """Read, replay and tabulate one unit; write its shards, then its marker. The unit's
    tables are made a slice at a time (:func:`table_slices`: a long match in parts); a unit
    of one slice is written as it is, a larger one slice by slice to local temporary files
    first, then each shard streamed from them: memory bounded by a slice."""
    unit, options, root = args
    fs, base = _fs(root)
    run = SliceRun()
    counts = dict.fromkeys(TABLE_NAMES, 0)
    with tempfile.TemporaryDirectory(prefix="gamao-unit-") as spill, gc_paused() as pause:
        first: Tables | None = None  # the first slice, held until a second comes
        slices = 0
        for tables in table_slices(unit.files, options, run):
            for name, frame in tables.items():
                counts[name] += frame.height
            slices += 1
            if slices == 1:
                first = tables
                continue
            with pause.lifted():
                if first is not None:
                    _spill(first, spill, 1)
                    first = None
                _spill(tables, spill, slices)
        for name in TABLE_NAMES:
            target = f"{base}/{name}/{unit.id}.parquet"
            if first is not None:
                _put(fs, target, getattr(first, name).write_parquet)
            else:
                parts = [f"{spill}/{name}-{n:06d}.arrow" for n in range(1, slices + 1)]
                whole = pl.concat([pl.scan_ipc(p) for p in parts], how="vertical")
                _put(fs, target, whole.sink_parquet)
    result = UnitResult(
        id=unit.id,
        files=whole_files(unit.files),
        matches=counts["matches"],
        games=counts["games"],
        plays=counts["plays"],
        unreadable=tuple(run.unreadable),
        inputs=tuple(_file_info(item) for item in unit.files),
        counts=summary_of(run.tallies).as_dict(),
    )
    marker = json.dumps(asdict(result), sort_keys=True).encode()
    _put(fs, f"{base}/{DONE}/{unit.id}.json", lambda fh: fh.write(marker))
    return result


def _spill(tables: Tables, folder: str, number: int) -> None:
    """Keep slice ``number`` of a unit's tables in ``folder`` until its shards are written."""
    for name, frame in tables.items():
        frame.write_ipc(f"{folder}/{name}-{number:06d}.arrow")


def _read_marker(fs: Any, path: str) -> UnitResult:
    with fs.open(path, "rb") as fh:
        data = json.loads(fh.read())
    return UnitResult(
        id=data["id"], files=data["files"], matches=data["matches"], games=data["games"],
        plays=data["plays"], unreadable=tuple(data["unreadable"]),
        inputs=tuple(data["inputs"]), counts=data.get("counts"),
    )  # fmt: skip


def _manifest(units: Sequence[Unit], options: CheckOptions, complete: bool) -> bytes:
    document = {
        "format": "gamao-dataset",
        "version": 1,
        "gamao": __version__,
        "options": json.loads(_options_key(options)),
        "tables": list(TABLE_NAMES),
        "units": [{"id": u.id, "files": [_unit_name(f) for f in u.files]} for u in units],
        "complete": complete,
    }
    return json.dumps(document, indent=2, sort_keys=True).encode()


def write_dataset(
    items: Sequence[InputFile],
    options: CheckOptions,
    root: str,
    *,
    executor: Executor = SERIAL,
    resume: bool = False,
    progress: UnitProgress | None = None,
    unit_bytes: int = UNIT_BYTES,
) -> DatasetRun:
    """Write the tables of ``items`` as a dataset at ``root`` (see the module's docstring).
    ``progress(files, plays, (units done, total))`` is called as units complete."""
    fs, base = _fs(root)
    manifest = f"{base}/{MANIFEST}"
    units = plan_units(items, options, unit_bytes)
    done: dict[str, UnitResult] = {}
    if fs.exists(manifest):
        if not resume:
            raise DatasetError(
                N_(
                    "{root} holds a dataset already: --resume completes it, or give another place"
                ).format(root=root)
            )
        with fs.open(manifest, "rb") as fh:
            previous = json.loads(fh.read())
        if previous.get("options") != json.loads(_options_key(options)):
            raise DatasetError(
                N_("{root} was written with other options: it cannot be resumed").format(root=root)
            )
        listed = _listed(previous, root)
        other = sorted(set(listed) ^ {u.id for u in units})
        if other:
            raise DatasetError(
                N_(
                    "{root} was written from other inputs (units {units} differ): it cannot be "
                    "resumed; give another place"
                ).format(root=root, units=_names(other))
            )
        for unit_id in check_layout(fs, base, root, listed, whole=False):
            result = _read_marker(fs, f"{base}/{DONE}/{unit_id}.json")
            done[result.id] = result
    _put(fs, manifest, lambda fh: fh.write(_manifest(units, options, complete=False)))
    todo = [u for u in units if u.id not in done]
    work = [(u, options, root) for u in todo]
    if progress is not None:
        skipped_files = sum(whole_files(u.files) for u in units if u.id in done)
        if skipped_files:
            progress(skipped_files, 0, (len(done), len(units)))
    stdin = any(item.is_stdin for item in items)
    results = dict(done)

    def advance(unit: Unit, plays: int) -> None:
        if progress is not None:
            progress(whole_files(unit.files), plays, (len(results), len(units)))

    for unit, result in zip(todo, executor.map(write_unit, work, serial=stdin), strict=True):
        results[result.id] = result
        advance(unit, result.plays)
    _put(fs, manifest, lambda fh: fh.write(_manifest(units, options, complete=True)))
    ordered = tuple(results[u.id] for u in units)
    return DatasetRun(root, len(units), len(units) - len(todo), ordered)


def scan_dataset(root: str) -> LazyTables:
    """The dataset's tables as LazyFrames over their shards, checked against its manifest
    (:func:`check_layout`): every unit it lists, complete, and nothing else."""
    fs, base = _fs(root)
    if not fs.exists(f"{base}/{MANIFEST}"):
        raise DatasetError(
            N_("{root}: no gamao dataset here (no {manifest})").format(root=root, manifest=MANIFEST)
        )
    with fs.open(f"{base}/{MANIFEST}", "rb") as fh:
        manifest = json.loads(fh.read())
    ids = check_layout(fs, base, root, _listed(manifest, root), whole=True)
    from fsspec.implementations.local import LocalFileSystem

    local = isinstance(fs, LocalFileSystem)
    frames: dict[str, pl.LazyFrame] = {}
    for name in TABLE_NAMES:
        paths = [f"{base}/{name}/{i}.parquet" for i in ids]
        if not paths:
            frames[name] = pl.LazyFrame(schema=dict(SCHEMAS[name]))
        elif local:
            frames[name] = pl.scan_parquet(paths)
        else:  # an fsspec store polars cannot scan itself: read shard by shard
            parts = []
            for path in paths:
                with fs.open(path, "rb") as fh:
                    parts.append(pl.read_parquet(fh))
            frames[name] = pl.concat(parts, how="vertical").lazy()
    return LazyTables(**frames)


def _names(items: Sequence[str], most: int = 10) -> str:
    """``items`` joined for a message, the first ``most`` of them and how many more."""
    shown = ", ".join(items[:most])
    more = len(items) - most
    return shown if more <= 0 else N_("{names} and {count} more").format(names=shown, count=more)


def _listed(manifest: dict[str, Any], root: str) -> list[str]:
    """The unit ids a manifest lists, in order; a unit listed twice (a dataset written before
    ids were unique: its shards overwrote each other) is an error."""
    ids = [str(u["id"]) for u in manifest.get("units", [])]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise DatasetError(
            N_(
                "{root}: the manifest lists units {units} more than once (their shards "
                "overwrote each other): write the dataset again"
            ).format(root=root, units=_names(twice))
        )
    return ids


def _stored(fs: Any, folder: str, suffix: str) -> set[str]:
    """The unit ids of the files ``*SUFFIX`` in ``folder`` (temporaries are hidden)."""
    return {p.rsplit("/", 1)[-1][: -len(suffix)] for p in fs.glob(f"{folder}/*{suffix}")}


def check_layout(fs: Any, base: str, root: str, listed: Sequence[str], *, whole: bool) -> list[str]:
    """The listed units that are complete (a marker and every table's shard), in order, after
    checking the store against the manifest's ``listed`` units: a shard or marker of no
    listed unit, or a marker without its shards, is a :class:`DatasetError` naming them; so
    is, with ``whole`` (reading the dataset, not resuming it), a listed unit not complete."""
    known = set(listed)
    markers = _stored(fs, f"{base}/{DONE}", ".json")
    shards = {name: _stored(fs, f"{base}/{name}", ".parquet") for name in TABLE_NAMES}
    strays = sorted(f"{DONE}/{i}.json" for i in markers - known)
    strays += sorted(f"{name}/{i}.parquet" for name in TABLE_NAMES for i in shards[name] - known)
    if strays:
        raise DatasetError(
            N_("{root}: {files} belong to no unit of the manifest").format(
                root=root, files=_names(strays)
            )
        )
    missing = [
        f"{name}/{i}.parquet"
        for i in listed
        if i in markers
        for name in TABLE_NAMES
        if i not in shards[name]
    ]
    if missing:
        raise DatasetError(
            N_("{root}: shards of complete units are missing: {files}").format(
                root=root, files=_names(missing)
            )
        )
    if whole:
        unfinished = [i for i in listed if i not in markers]
        if unfinished:
            raise DatasetError(
                N_(
                    "{root}: units {units} of the manifest are not complete: --resume "
                    "completes the dataset"
                ).format(root=root, units=_names(unfinished))
            )
    return [i for i in listed if i in markers]
