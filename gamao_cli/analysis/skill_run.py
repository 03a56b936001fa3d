"""Running skill analysis over inputs: recorded analysis first, an engine beside or instead.

Engine modes (``SkillOptions.engine``):

* ``None`` (the default): a game's recorded analysis where it has one, else the engine;
* ``"recorded"``: recorded analysis only (games without any are listed as not analysed);
* ``"bgsage"``: the engine on every game, beside the recorded analysis where there is one;
  decisions where the two disagree by more than ``disagreement`` (normalised) are listed.

Files are analysed one unit a file on an executor (``analysis.executors``); each worker
keeps one evaluator (and its cache) for the whole run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from gamao_cli.analysis.executors import Executor, tick
from gamao_cli.analysis.executors.local import SERIAL
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.replay import replay_match
from gamao_cli.analysis.skill import THRESHOLDS, Decision, EngineAnalyser
from gamao_cli.analysis.skill_recorded import MwcToEquity, RecordedAnalyser, mwc_to_equity
from gamao_cli.analysis.skill_walk import walk_match
from gamao_cli.analysis.summary import FileCount, FileTally, not_match_file
from gamao_cli.engine.eval_cache import CachedEvaluator
from gamao_cli.engine.evaluator import EvalContext
from gamao_cli.engine.variants import DEFINITIONS
from gamao_cli.formats.inputs import InputFile, read_path

ENGINES = ("bgsage", "recorded")
ANALYSABLE = tuple(d.variant for d in DEFINITIONS if d.analysable)
"""The variants the evaluator plays (engine.variants)."""


@dataclass(frozen=True, slots=True)
class SkillOptions:
    engine: str | None = None
    level: str = "1ply"
    cache: str | None = None
    thresholds: str = "xg"
    disagreement: float = 0.04
    check: CheckOptions = field(default_factory=CheckOptions)


@dataclass(frozen=True, slots=True)
class GameStatus:
    """How far each game was analysed, and by what."""

    file: str
    match: int
    game: int
    sources: tuple[str, ...]  # "recorded" and/or the engine's name; empty: not analysed
    complete: bool  # the whole game was followed
    stopped_at: int | None  # the action it could not be followed past
    note: str = ""


@dataclass(slots=True)
class FileSkill:
    name: str
    records: list[Decision] = field(default_factory=list)
    games: list[GameStatus] = field(default_factory=list)
    readable: bool = False
    hits: int = 0
    misses: int = 0
    matches: dict[tuple[str, int], tuple[tuple[str, str], int]] = field(default_factory=dict)
    tally: FileTally = field(default_factory=FileTally)  # what the run summary counts of it


_EVALUATORS: dict[tuple[str, str | None], CachedEvaluator] = {}


def evaluator_for(level: str, cache: str | None) -> CachedEvaluator:
    """This process's bgsage evaluator at ``level`` behind its cache (made once).
    Raises ``EngineUnavailable`` when bgsage is not installed."""
    key = (level, cache)
    ev = _EVALUATORS.get(key)
    if ev is None:
        from gamao_cli.engine.bgsage_eval import BgsageEvaluator

        ev = CachedEvaluator(BgsageEvaluator(level), cache)
        _EVALUATORS[key] = ev
    return ev


def close_evaluators() -> None:
    """Commit and close every cache (at the end of a run, or on Ctrl-C)."""
    for ev in _EVALUATORS.values():
        ev.close()
    _EVALUATORS.clear()


def analyse_file(
    item: InputFile | str, opts: SkillOptions, on_game: Callable[[], None] | None = None
) -> FileSkill:
    """The records of every match of one input; ``on_game()`` after each game."""
    name_item = item if isinstance(item, InputFile) else InputFile(str(item), Path(str(item)))
    name = name_item.name
    out = FileSkill(name)
    thresholds = THRESHOLDS[opts.thresholds]
    engine = None
    if opts.engine != "recorded":
        engine = evaluator_for(opts.level, opts.cache)
        hits, misses = engine.hits, engine.misses
    converter = mwc_to_equity(engine) if engine is not None else _lazy_converter(opts)
    count = FileCount()
    for mi, match in enumerate(read_path(item)):
        skip = not_match_file(name_item, match) if mi == 0 else None
        if skip is not None:
            count.skip(skip)
            break
        if not match.games:
            count.add(match, match.diagnostics)
            continue
        replay = replay_match(match, opts.check)
        count.add(match, replay.findings)
        out.readable = True
        out.matches[(name, mi)] = (match.players, match.length)
        recorded = RecordedAnalyser(name, mi, match, thresholds, converter)
        own = EngineAnalyser(name, mi, match, engine, thresholds) if engine else None
        variant = (opts.check.variant or match.rules.variant) in ANALYSABLE
        for game, walked in zip(match.games, walk_match(match, opts.check, replay), strict=True):
            sources: list[str] = []
            note = ""
            if walked.stopped_at is not None:
                action = game.actions[walked.stopped_at]
                number = getattr(action, "number", None)
                where = f"move {number}" if number is not None else f"action {walked.stopped_at}"
                if action.location.line:
                    where += f" (line {action.location.line})"
                note = f"analysed up to {where}, which could not be replayed (see gamao check)"
            if game.annotations:
                out.records.extend(recorded.decisions(game, walked))
                sources.append("recorded")
            if own is not None and (opts.engine == "bgsage" or not game.annotations):
                if variant:
                    try:
                        out.records.extend(list(own.decisions(game, walked)))
                        sources.append(own.evaluator.name)
                    except (RuntimeError, ValueError, IndexError) as exc:
                        note = f"the engine could not analyse this game: {exc}"
                else:
                    note = f"the engine does not play {match.rules.variant.value}"
            if on_game is not None:
                on_game()
            out.games.append(
                GameStatus(
                    name,
                    mi,
                    game.number,
                    tuple(sources),
                    walked.complete,
                    walked.stopped_at,
                    note,
                )
            )
    if engine is not None:
        engine.commit()
        out.hits, out.misses = engine.hits - hits, engine.misses - misses
    out.tally = count.tally()
    return out


def _lazy_converter(opts: SkillOptions) -> MwcToEquity:
    """:func:`mwc_to_equity` with bgsage's table, made when first needed (recorded analysis
    only: most files never need it); None where bgsage is not installed."""
    made: list[MwcToEquity | None] = []

    def convert(mwc: float, ctx: EvalContext) -> float | None:
        if not made:
            from gamao_cli.engine.bgsage_eval import EngineUnavailable

            try:
                made.append(mwc_to_equity(evaluator_for(opts.level, opts.cache)))
            except EngineUnavailable:
                made.append(None)
        f = made[0]
        return f(mwc, ctx) if f is not None else None

    return convert


def _analyse_one(args: tuple[InputFile, SkillOptions]) -> FileSkill:
    item, opts = args
    return analyse_file(item, opts, tick)  # each game told at once when in this process


def analyse_inputs(
    items: Sequence[InputFile],
    opts: SkillOptions,
    progress: Callable[[int], None] | None = None,
    executor: Executor = SERIAL,
) -> list[FileSkill]:
    """Every input's records, in input order, one unit a file on ``executor`` (entered by
    the caller: :mod:`gamao_cli.analysis.executors`); ``progress(n)`` as games are done
    (after each game in this process, after each file's games elsewhere). The records are
    the same wherever they were made."""
    work = [(item, opts) for item in items]
    stdin = any(item.is_stdin for item in items)
    return list(
        executor.map(_analyse_one, work, serial=stdin, progress=progress, size=_games, chunk=1)
    )


def _games(part: FileSkill) -> int:
    return len(part.games)


def count_games(items: Sequence[InputFile]) -> int | None:
    """How many games the inputs hold (for a progress bar); None when one is standard input,
    which cannot be read twice."""
    if any(item.is_stdin for item in items):
        return None
    return sum(len(match.games) for item in items for match in read_path(item))


@dataclass(frozen=True, slots=True)
class Disagreement:
    recorded: Decision
    engine: Decision

    @property
    def difference(self) -> float:
        return abs((self.recorded.equity_lost or 0.0) - (self.engine.equity_lost or 0.0))


def disagreements(records: Iterable[Decision], threshold: float) -> list[Disagreement]:
    """Decisions where the recorded loss and the engine's differ by more than ``threshold``,
    largest first."""
    recorded: dict[tuple[object, ...], Decision] = {}
    engine: list[Decision] = []
    for d in records:
        if d.equity_lost is None:
            continue
        if d.source == "recorded":
            recorded[(d.file, d.match, d.game, d.action, d.kind)] = d
        else:
            engine.append(d)
    out = []
    for d in engine:
        r = recorded.get((d.file, d.match, d.game, d.action, d.kind))
        if r is not None and abs((r.equity_lost or 0.0) - (d.equity_lost or 0.0)) > threshold:
            out.append(Disagreement(r, d))
    return sorted(out, key=lambda x: -x.difference)
