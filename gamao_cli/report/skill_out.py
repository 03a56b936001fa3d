"""Skill analysis output: text (PR per player, the worst decisions drawn), JSON, JSON lines,
CSV and Parquet rows (one per decision, player, game or match)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from enum import Enum
from typing import IO, TYPE_CHECKING, BinaryIO, TextIO

from rich.table import Table

from gamao_cli.analysis.skill import ROW_FIELDS, Decision
from gamao_cli.analysis.skill_stats import SkillSummary, summarise
from gamao_cli.i18n import N_, _, counted, format_number, translate_message
from gamao_cli.report.csv_safe import SafeDictWriter
from gamao_cli.report.safe_console import SafeConsole as Console

if TYPE_CHECKING:
    from gamao_cli.analysis.duplicates import DuplicateGroup
    from gamao_cli.analysis.skill_run import Disagreement, FileSkill


class SkillFormat(str, Enum):
    text = "text"
    json = "json"
    jsonl = "jsonl"
    csv = "csv"
    parquet = "parquet"


class SkillView(str, Enum):
    decision = "decision"
    player = "player"
    game = "game"
    match = "match"


def records_of(files: Sequence[FileSkill]) -> list[Decision]:
    return [d for f in files for d in f.records]


def rows(
    files: Sequence[FileSkill], view: SkillView, corpus: bool = False
) -> list[dict[str, object]]:
    records = records_of(files)
    if view is SkillView.decision:
        return [d.row() for d in records]
    return [s.row() for s in summarise(records, view.value, corpus)]


def row_fields(view: SkillView) -> tuple[str, ...]:
    if view is SkillView.decision:
        return ROW_FIELDS
    return tuple(SkillSummary("", None, None, None, "", "").row())


def write_rows(
    data: list[dict[str, object]], fields: Sequence[str], fmt: SkillFormat, out: TextIO
) -> None:
    if fmt is SkillFormat.json:
        json.dump(data, out, indent=1, ensure_ascii=False)
        out.write("\n")
    elif fmt is SkillFormat.jsonl:
        for row in data:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    elif fmt is SkillFormat.csv:
        writer = SafeDictWriter(out, fields)  # names: no formula (report.csv_safe)
        writer.writeheader()
        for row in data:
            writer.writerow({k: "" if v is None else v for k, v in row.items()})
    else:
        raise ValueError(fmt)


def write_parquet(data: list[dict[str, object]], fields: Sequence[str], out: BinaryIO) -> None:
    import polars as pl

    frame = (
        pl.DataFrame(data, infer_schema_length=None)
        if data
        else pl.DataFrame({name: [] for name in fields})
    )
    frame.write_parquet(out)


def _num(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else format_number(value, digits)


# The words of a decision's line shown in the active language: its kind and classification.
_WORDS = (N_("checker"), N_("cube"), N_("doubtful"), N_("error"), N_("blunder"))


PLAYER_HEADERS = (
    N_("player"),
    N_("source"),
    N_("decisions"),
    N_("doubtful"),
    N_("errors"),
    N_("blunders"),
    N_("equity lost"),
    N_("PR"),
    N_("checker PR"),
    N_("cube PR"),
    N_("error rate"),
    N_("luck"),
    N_("luck rate"),
)
"""The columns of a per-player skill table (text output and the report)."""


def summary_table(summaries: Sequence[SkillSummary], title: str) -> Table:
    table = Table(title=title, title_justify="left")
    for name in PLAYER_HEADERS:
        table.add_column(_(name), justify="left" if name in ("player", "source") else "right")
    for s in summaries:
        table.add_row(
            s.name,
            s.source,
            str(s.decisions),
            str(s.doubtful),
            str(s.errors),
            str(s.blunders),
            _num(s.equity_lost, 3),
            _num(s.pr),
            _num(s.checker_pr),
            _num(s.cube_pr),
            _num(s.error_rate),
            _num(s.luck, 3),
            _num(s.luck_rate),
        )
    return table


def drawn(d: Decision, players: tuple[str, str] | None, length: int | None) -> str | None:
    """The board of a decision, drawn (None when it cannot be)."""
    from gamao_cli.engine.board_text import draw_board
    from gamao_cli.engine.evaluator import CENTRED, ROLLER
    from gamao_cli.engine.position import Position

    if not d.mover or d.ctx is None:
        return None
    ctx = d.ctx
    roller = d.on_roll
    owner = -1 if ctx.cube_owner == CENTRED else roller if ctx.cube_owner == ROLLER else 1 - roller
    score: tuple[int, int] | None = None
    if length:
        mine, theirs = length - ctx.away, length - ctx.opp_away
        score = (mine, theirs) if roller == 0 else (theirs, mine)
    dice = (int(d.dice[0]), int(d.dice[1])) if d.dice else None
    try:
        return draw_board(
            Position.from_view(d.mover, d.opponent, roller),
            players,
            cube_value=ctx.cube_value,
            cube_owner=owner,
            score=score,
            match_length=length,
            dice=dice,
            crawford=ctx.crawford,
        )
    except ValueError:
        return None


def _describe(d: Decision) -> str:
    if d.move is None:
        where = _("{file} match {match} game {game}").format(
            file=d.file, match=d.match + 1, game=d.game
        )
    else:
        where = _("{file} match {match} game {game} move {move}").format(
            file=d.file, match=d.match + 1, game=d.game, move=d.move
        )
    played = d.played or _("(no play)")
    what = f"{d.dice}: {played}" if d.kind == "checker" else d.played
    mwc = f", {format_number(100 * d.mwc_lost, 2)}% MWC" if d.mwc_lost is not None else ""
    tag = f" [{_(d.classification)}]" if d.classification else ""
    return _("{where}: {name} {kind} {what}; best {best}; lost {lost}{mwc}{tag} ({source})").format(
        where=where,
        name=d.name,
        kind=_(d.kind),
        what=what,
        best=d.best or "?",
        lost=_num(d.equity_lost, 3),
        mwc=mwc,
        tag=tag,
        source=d.source,
    )


def write_text(
    files: Sequence[FileSkill],
    out: TextIO | IO[str],
    *,
    corpus: bool = False,
    worst: int = 5,
    boards: bool = True,
    disagreements: Sequence[Disagreement] = (),
    terminal: bool = False,
) -> None:
    console = Console(
        file=out,
        force_terminal=terminal,
        no_color=not terminal,
        width=160,
        highlight=False,
        soft_wrap=True,
    )
    records = records_of(files)
    if corpus:
        console.print(summary_table(summarise(records, "player", True), _("corpus")))
    else:
        by_match: dict[tuple[str, int], list[SkillSummary]] = {}
        for s in summarise(records, "player"):
            by_match.setdefault((s.file, s.match or 0), []).append(s)
        for (file, match), summaries in by_match.items():
            title = _("{file} match {match}").format(file=file, match=match + 1)
            console.print(summary_table(summaries, title))
    worst_ones = sorted(
        (d for d in records if d.equity_lost and d.counts),
        key=lambda d: (-(d.equity_lost or 0.0), d.file, d.match, d.game, d.action, d.source),
    )[:worst]
    if worst_ones:
        console.print("\n" + _("the {count} worst decisions:").format(count=len(worst_ones)))
    infos = _match_info(files)
    for d in worst_ones:
        console.print("\n" + _describe(d), markup=False)
        if boards:
            players, length = infos.get((d.file, d.match), (None, None))
            board = drawn(d, players, length)
            if board:
                console.print(board, markup=False)
    if disagreements:
        head = _("{count} decisions where the engine and the record disagree:")
        console.print("\n" + head.format(count=len(disagreements)))
        for x in disagreements:
            engine = _("engine: lost {lost}, best {best}").format(
                lost=_num(x.engine.equity_lost, 3), best=x.engine.best
            )
            console.print(f"{_describe(x.recorded)}\n  {engine}", markup=False)
    missing = [g for f in files for g in f.games if not g.sources or not g.complete]
    if missing:
        console.print("\n" + _("{count} games not analysed in full:").format(count=len(missing)))
        for g in missing:
            why = translate_message(g.note) if g.note else _("no analysis")
            where = _("{file} match {match} game {game}").format(
                file=g.file, match=g.match + 1, game=g.game
            )
            console.print(f"{where}: {why}", markup=False)


def _match_info(files: Sequence[FileSkill]) -> dict[tuple[str, int], tuple[tuple[str, str], int]]:
    out: dict[tuple[str, int], tuple[tuple[str, str], int]] = {}
    for f in files:
        out.update(f.matches)
    return out


def skill_summary_line(
    files: list[FileSkill],
    seconds: float,
    dropped: Sequence[DuplicateGroup] = (),
    repeated: int = 0,
) -> str:
    """The run summary (as every command prints it) with the games analysed, the decisions,
    the time taken and the engine cache's hits."""
    from gamao_cli.analysis.duplicates import drop_from_summary
    from gamao_cli.analysis.summary import summary_of
    from gamao_cli.report.summary_out import run_line

    records = [d for f in files for d in f.records]
    analysed = sum(1 for f in files for g in f.games if g.sources)
    decisions = sum(1 for d in records if d.counts)
    hits = sum(f.hits for f in files)
    misses = sum(f.misses for f in files)
    cache = (
        _("; cache {hits} hits, {misses} misses").format(hits=hits, misses=misses)
        if hits + misses
        else ""
    )
    games = sum(len(f.games) for f in files)
    done = _("{analysed} of {games} analysed, {decisions} in {seconds} s").format(
        analysed=analysed,
        games=counted("game", games),
        decisions=counted("decision", decisions),
        seconds=f"{seconds:.1f}",
    )
    summary = summary_of(f.tally for f in files)
    drop_from_summary(summary, dropped)
    summary.repeated = repeated
    return run_line(summary, (done,), cache)
