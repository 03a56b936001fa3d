"""``gamao stats`` without holding the tables: each slice of them folded into totals.

The inputs are read a slice at a time (:mod:`table_parts`: a long match in parts) and each
slice is folded as it comes: the players' and the matches' running totals
(:mod:`view_parts`), each match's row, the names used, and (``--by game``) the game rows,
kept on disk (:class:`GameSpool`). Nothing grows with the games of a file but the game
rows on disk. Once every input is in, names are chosen corpus-wide (as
:func:`tables.normalise_names` chooses them) and the views are the rows
:func:`tables.by_player`, :func:`tables.by_match` and :func:`tables.by_game` give.

Work units are folded on the run's executor as the tables are read
(:func:`corpus.read_corpus`), in input order; a batch's fold travels back, small but for
its game rows and the slices it did not fold. Slices are folded :data:`FOLD_GAMES` games
at a time (:class:`Folding`), across units: a unit's last few slices are folded with the
next units' (many small files cost one fold, as they cost one query when read whole).
Memory stays bounded by a fold's games, whether the games come from one huge file or from
many small ones.
"""

from __future__ import annotations

import shutil
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from gamao_cli.analysis.corpus import UnitProgress, whole_files, work_units
from gamao_cli.analysis.executors import Executor
from gamao_cli.analysis.executors.local import SERIAL
from gamao_cli.analysis.gc_pause import gc_paused
from gamao_cli.analysis.names import resolve_names
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.summary import FileTally, RunSummary, summary_of
from gamao_cli.analysis.table_parts import SLICE_GAMES, SliceRun, empty_tables, table_slices
from gamao_cli.analysis.tables import Tables, concat_tables, game_rows
from gamao_cli.analysis.view_parts import (
    FrameT,
    PlayerParts,
    match_parts,
    match_view,
    merge_matches,
    merge_players,
    player_parts,
    player_view,
    renamed,
)
from gamao_cli.formats.inputs import InputFile

FOLD_GAMES = 4 * SLICE_GAMES
"""Slices are folded together once they hold this many games: a fold's queries cost about
the same for a few games as for a slice's, so folding fewer, larger pieces is cheaper."""

MERGE_EVERY = 64
"""Slices' totals are added up every this many slices (a few rows a player, a match)."""

SPOOL_ROWS = 50_000
"""Game rows are written to disk in files of about this many rows."""


class GameSpool:
    """The game rows (``tables.game_rows``, names as recorded), in order, kept in memory up
    to :data:`SPOOL_ROWS` rows, in files of a temporary folder past that. A worker's spool
    travels back as its folder's name and its rows held (:meth:`adopt`): a unit's game rows
    are never all in memory, whatever its size. ``root``: where its folder is made (the run's
    spool's folder, which a worker's is made in when the worker can see it: removing the
    run's folder removes every worker's, adopted or not)."""

    def __init__(self, root: str | None = None) -> None:
        self.root = root if root is not None and Path(root).is_dir() else None
        self.held: list[pl.DataFrame] = []
        self.rows = 0
        self.files: list[Path] = []
        self.folder: str | None = None  # made at the first file; removed by close()
        self.adopted: list[str] = []  # the folders of the spools adopted, removed by close()
        self.fingerprints = False

    def add(self, frame: pl.DataFrame) -> None:
        if not frame.height:
            return
        self.fingerprints = self.fingerprints or frame.get_column("fingerprint").null_count() < (
            frame.height
        )
        self.held.append(frame)
        self.rows += frame.height
        if self.rows >= SPOOL_ROWS:
            self._flush()

    def _flush(self) -> None:
        if not self.held:
            return
        if self.folder is None:
            self.folder = tempfile.mkdtemp(prefix="gamao-games-", dir=self.root)
        path = Path(self.folder) / f"{len(self.files):06d}.arrow"
        pl.concat(self.held, how="vertical").write_ipc(path)
        self.files.append(path)
        self.held, self.rows = [], 0

    def adopt(self, other: GameSpool) -> None:
        """``other``'s rows (a worker's) after these: its files become this spool's."""
        if other.files:
            self._flush()  # the rows held come first
            self.files.extend(other.files)
        if other.folder is not None:
            self.adopted.append(other.folder)
        self.fingerprints = self.fingerprints or other.fingerprints
        for frame in other.held:
            self.add(frame)

    def chunks(self) -> Iterator[pl.DataFrame]:
        """The rows, a file's (or the frames held) at a time."""
        for path in self.files:
            yield pl.read_ipc(path)
        yield from self.held

    def lazy(self) -> pl.LazyFrame:
        """The rows as one LazyFrame (the files scanned, not read)."""
        frames = [pl.scan_ipc(path) for path in self.files]
        frames += [frame.lazy() for frame in self.held]
        if not frames:
            return game_rows_empty().lazy()
        return pl.concat(frames, how="vertical")

    def close(self) -> None:
        for folder in (self.folder, *self.adopted):
            if folder is not None:
                shutil.rmtree(folder, ignore_errors=True)
        self.folder, self.adopted = None, []
        self.held, self.files = [], []


@dataclass
class Fold:
    """What the slices of some inputs add up to (names as recorded)."""

    by_player: bool = True  # whether the players' totals are wanted (``--by player``)
    players: list[PlayerParts] = field(default_factory=list)
    matches: list[pl.DataFrame] = field(default_factory=list)
    totals: list[pl.DataFrame] = field(default_factory=list)
    uses: Counter[str] = field(default_factory=Counter)  # recorded names, once a match side
    named: set[str] = field(default_factory=set)  # players the findings name
    findings: list[pl.DataFrame] = field(default_factory=list)  # kept while nothing is read
    spool: GameSpool | None = None  # a worker's game rows
    files: int = 0
    unreadable: list[str] = field(default_factory=list)
    tallies: list[FileTally] = field(default_factory=list)
    plays: int = 0
    pending: list[Tables] = field(default_factory=list)  # slices not folded yet (fold_batch)

    def add(self, tables: Tables, games: Callable[[pl.DataFrame], None] | None) -> None:
        """Fold one slice in; ``games`` is given its game rows (None: not wanted)."""
        if self.by_player:
            self.players.append(
                player_parts(tables.matches, tables.games, tables.cube_actions, tables.plays)
            )
        self.totals.append(match_parts(tables.games, tables.cube_actions, tables.findings))
        if tables.matches.height:
            self.matches.append(tables.matches)
            for column in ("recorded_1", "recorded_2"):
                self.uses.update(tables.matches.get_column(column).to_list())
        players = tables.findings.get_column("player").drop_nulls().unique().to_list()
        self.named.update(players)
        if not self.matches and tables.findings.height:
            self.findings.append(tables.findings)
        elif self.matches:
            self.findings = []
        if games is not None:
            games(game_rows(tables))
        if len(self.totals) >= MERGE_EVERY:
            self.compact()

    def compact(self) -> None:
        if len(self.players) > 1:
            self.players = [merge_players(self.players)]
        if len(self.totals) > 1:
            self.totals = [merge_matches(self.totals)]
        if len(self.matches) > 1:
            self.matches = [pl.concat(self.matches, how="vertical")]

    def join(self, other: Fold) -> None:
        """Fold ``other`` (the next batch's) in after this one (its game rows apart)."""
        self.players.extend(other.players)
        self.totals.extend(other.totals)
        if other.matches:
            self.findings = []
        elif not self.matches:
            self.findings.extend(other.findings)
        self.matches.extend(other.matches)
        self.uses.update(other.uses)
        self.named.update(other.named)
        self.files += other.files
        self.unreadable.extend(other.unreadable)
        self.tallies.extend(other.tallies)
        self.plays += other.plays
        if len(self.totals) >= MERGE_EVERY:
            self.compact()


class Folding:
    """Slices held as they come, in order, and folded into ``fold`` together once they hold
    :data:`FOLD_GAMES` games (or when :meth:`flush` is called): the slices of many small
    inputs cost one fold, as the tables of a whole small corpus cost one query.
    ``lifted`` gives the moment a fold runs in (:meth:`gc_pause.Pause.lifted`: the
    collector on once a fold, not once a slice)."""

    def __init__(
        self,
        fold: Fold,
        games: Callable[[pl.DataFrame], None] | None,
        lifted: Callable[[], AbstractContextManager[None]] = nullcontext,
    ) -> None:
        self.fold = fold
        self.games = games
        self.lifted = lifted
        self.held: list[Tables] = []
        self.held_games = 0

    def add(self, tables: Tables) -> None:
        self.held.append(tables)
        self.held_games += tables.games.height
        if self.held_games >= FOLD_GAMES:
            self.flush()

    def flush(self) -> None:
        if not self.held:
            return
        with self.lifted():
            tables = self.held[0] if len(self.held) == 1 else concat_tables(self.held)
            self.held, self.held_games = [], 0
            self.fold.add(tables, self.games)


def fold_batch(
    items: Sequence[InputFile],
    options: CheckOptions,
    games: Callable[[pl.DataFrame], None] | None,
    skip: frozenset[tuple[str, int]] = frozenset(),
    by_player: bool = True,
) -> Fold:
    """Read, replay and fold ``items`` a slice at a time; the slices after the last whole
    fold are left unfolded in :attr:`Fold.pending` (fewer than :data:`FOLD_GAMES` games),
    for :func:`fold_corpus` to fold with the next inputs'. The collector is paused while
    slices are made, on while a fold runs. ``by_player``: add up the players' totals."""
    fold = Fold(by_player=by_player)
    run = SliceRun()
    with gc_paused() as pause:
        folding = Folding(fold, games, pause.lifted)
        for tables in table_slices(items, options, run, skip):
            folding.add(tables)
    fold.compact()
    fold.pending = folding.held
    fold.files = whole_files(items)
    fold.unreadable, fold.tallies, fold.plays = run.unreadable, run.tallies, run.plays
    return fold


FoldArgs = tuple[
    Sequence[InputFile], CheckOptions, bool, frozenset[tuple[str, int]], bool, str | None
]
"""A batch's inputs, the options, whether to keep the game rows, the copies to leave out,
whether to add up the players' totals, and the run's spool folder (see :class:`GameSpool`)."""


def _fold_remote(args: FoldArgs) -> Fold:
    """A batch folded in a worker: its game rows travel back with the totals as a spool
    (files past :data:`SPOOL_ROWS` rows), and its unfolded slices (fewer than a fold's
    games). A batch that fails removes the rows it put on disk."""
    items, options, keep_games, skip, by_player, root = args
    spool = GameSpool(root) if keep_games else None
    try:
        fold = fold_batch(items, options, spool.add if spool else None, skip, by_player)
    except BaseException:
        if spool is not None:
            spool.close()
        raise
    fold.spool = spool
    return fold


@dataclass
class StatsRead:
    """Every input folded: the totals, the rows, the counts; names not yet chosen."""

    fold: Fold
    spool: GameSpool | None
    summary: RunSummary

    @property
    def readable(self) -> bool:
        return bool(self.fold.matches)

    def mapping(self, aliases: Mapping[str, str] | None) -> dict[str, str]:
        """Recorded name -> shown name, as :func:`tables.normalise_names` chooses."""
        uses = Counter(self.fold.uses)
        for name in self.fold.named:
            uses[name] += 0
        return resolve_names(uses, aliases)

    def match_rows(self) -> pl.DataFrame:
        if not self.fold.matches:
            return empty_tables().matches
        return pl.concat(self.fold.matches, how="vertical")

    def close(self) -> None:
        """Remove the game rows kept on disk."""
        if self.spool is not None:
            self.spool.close()

    def findings(self) -> pl.DataFrame:
        """The findings of a run that read no match (the files' problems), else none."""
        if not self.fold.findings or self.readable:
            return empty_tables().findings
        return pl.concat(self.fold.findings, how="vertical")


def fold_corpus(
    items: Sequence[InputFile],
    options: CheckOptions,
    *,
    games: bool = False,
    progress: UnitProgress | None = None,
    executor: Executor = SERIAL,
    skip: frozenset[tuple[str, int]] = frozenset(),
    by_player: bool = True,
) -> StatsRead:
    """Fold ``items`` (see the module's docstring) on ``executor`` in the work units
    :func:`corpus.read_corpus` reads, in input order; ``games``: keep the game rows
    (``--by game``); ``by_player``: add up the players' totals (``--by player``; the
    matches' are always added up: the copies of a match are told by them). A run that
    fails or is interrupted leaves no game rows on disk."""
    spool = None
    if games:
        spool = GameSpool()
        spool.folder = tempfile.mkdtemp(prefix="gamao-games-")
    try:
        return _fold_all(items, options, games, progress, executor, skip, by_player, spool)
    except BaseException:
        if spool is not None:
            spool.close()
        raise


def _fold_all(
    items: Sequence[InputFile],
    options: CheckOptions,
    games: bool,
    progress: UnitProgress | None,
    executor: Executor,
    skip: frozenset[tuple[str, int]],
    by_player: bool,
    spool: GameSpool | None,
) -> StatsRead:
    sink = spool.add if spool is not None else None
    total = Fold(by_player=by_player)
    folding = Folding(total, sink)  # the units' unfolded slices, folded together
    stdin = any(item.is_stdin for item in items)
    root = spool.folder if spool is not None else None
    work: list[FoldArgs] = [
        (batch, options, games, skip, by_player, root) for batch in work_units(items, executor.jobs)
    ]
    for n, fold in enumerate(executor.map(_fold_remote, work, serial=stdin, chunk=1), 1):
        if fold.totals:  # what the unit folded comes after the slices held: fold them first
            folding.flush()
        total.join(fold)
        if spool is not None and fold.spool is not None:
            spool.adopt(fold.spool)
            fold.spool = None
        for tables in fold.pending:
            folding.add(tables)
        fold.pending = []
        if progress:
            progress(fold.files, fold.plays, (n, len(work)))
    folding.flush()
    return StatsRead(total, spool, summary_of(total.tallies))


def match_totals(read: StatsRead) -> pl.DataFrame:
    """Every match's totals (one row a match), added up once."""
    fold = read.fold
    fold.totals = [merge_matches(fold.totals)]
    return fold.totals[0]


def player_rows(read: StatsRead, mapping: Mapping[str, str]) -> pl.DataFrame:
    """``by_player``'s rows."""
    if read.fold.players:  # added up once (the parts dropped as they are)
        if len(read.fold.players) > 1:
            read.fold.players = [merge_players(read.fold.players)]
        parts = read.fold.players[0]
    else:
        empty = empty_tables()
        parts = player_parts(empty.matches, empty.games, empty.cube_actions, empty.plays)
    return player_view(renamed(parts, mapping))


def match_rows(read: StatsRead, mapping: Mapping[str, str]) -> pl.DataFrame:
    """``by_match``'s rows."""
    return match_view(shown(read.match_rows(), mapping), match_totals(read))


def game_chunks(read: StatsRead, mapping: Mapping[str, str]) -> Iterator[pl.DataFrame]:
    """``by_game``'s rows, a chunk at a time."""
    assert read.spool is not None
    keep = read.spool.fingerprints
    empty = True
    for chunk in read.spool.chunks():
        frame = shown(chunk, mapping)
        empty = False
        yield frame if keep else frame.drop("fingerprint")
    if empty:  # the columns, for the CSV header
        yield game_rows_empty().drop("fingerprint")


def game_frame(read: StatsRead, mapping: Mapping[str, str]) -> pl.LazyFrame:
    """``by_game``'s rows as one LazyFrame (computed as written)."""
    assert read.spool is not None
    frame = shown(read.spool.lazy(), mapping)
    return frame if read.spool.fingerprints else frame.drop("fingerprint")


def game_rows_empty() -> pl.DataFrame:
    """``by_game``'s columns, no row."""
    return game_rows(empty_tables())


def shown(frame: FrameT, mapping: Mapping[str, str]) -> FrameT:
    """``frame`` (match or game rows) with the players' names as shown."""
    if all(k == v for k, v in mapping.items()):
        return frame
    return frame.with_columns(
        pl.col(c).replace_strict(mapping, default=pl.col(c), return_dtype=pl.String)
        for c in ("player_1", "player_2", "winner")
    )
