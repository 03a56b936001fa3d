"""Skill columns for the statistics tables (``stats --skill``, ``report --skill``).

The skill summaries of ``skill_stats`` as polars frames keyed like the views of
``analysis.tables``: per player (by the name shown, merged by ``names.name_key``), per match
(``file``, ``match``: 1-based, ``_1``/``_2`` per side) and per game (``file``, ``match``,
``game``). Where a game has both recorded and engine analysis, the table uses the recorded
(the engine's is in ``gamao analyse``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

import polars as pl

from gamao_cli.analysis.names import name_key
from gamao_cli.analysis.skill import Decision
from gamao_cli.analysis.skill_run import FileSkill
from gamao_cli.analysis.skill_stats import SkillSummary, summarise

PLAYER_COLUMNS = (
    "skill_source",
    "decisions",
    "equity_lost",
    "pr",
    "checker_pr",
    "cube_pr",
    "error_rate",
    "skill_errors",
    "skill_blunders",
    "luck",
    "luck_rate",
)
SIDE_COLUMNS = ("pr", "errors", "blunders", "luck")


def chosen_records(files: Sequence[FileSkill]) -> list[Decision]:
    """One source per game: the recorded analysis where there is one, else the engine's."""
    out: list[Decision] = []
    for f in files:
        recorded_games = {(g.file, g.match, g.game) for g in f.games if "recorded" in g.sources}
        for d in f.records:
            recorded = (d.file, d.match, d.game) in recorded_games
            if recorded == (d.source == "recorded"):
                out.append(d)
    return out


def _merged(records: Iterable[Decision]) -> tuple[list[Decision], dict[tuple[object, ...], str]]:
    """The records with one source label, and the sources behind each player/match/game."""
    sources: dict[tuple[object, ...], set[str]] = {}
    out = []
    for d in records:
        for key in (
            ("p", name_key(d.name)),
            ("m", d.file, d.match),
            ("g", d.file, d.match, d.game),
        ):
            sources.setdefault(key, set()).add(d.source)
        out.append(replace(d, source=""))
    return out, {k: ",".join(sorted(v)) for k, v in sources.items()}


def _player_row(s: SkillSummary, source: str) -> dict[str, object]:
    row = s.row()
    return {
        "skill_source": source,
        "decisions": s.decisions,
        "equity_lost": row["equity_lost"],
        "pr": row["pr"],
        "checker_pr": row["checker_pr"],
        "cube_pr": row["cube_pr"],
        "error_rate": row["error_rate"],
        "skill_errors": s.errors,
        "skill_blunders": s.blunders,
        "luck": row["luck"],
        "luck_rate": row["luck_rate"],
    }


_PLAYER_SCHEMA = {
    "player": pl.String,
    "skill_source": pl.String,
    "decisions": pl.Int64,
    "equity_lost": pl.Float64,
    "pr": pl.Float64,
    "checker_pr": pl.Float64,
    "cube_pr": pl.Float64,
    "error_rate": pl.Float64,
    "skill_errors": pl.Int64,
    "skill_blunders": pl.Int64,
    "luck": pl.Float64,
    "luck_rate": pl.Float64,
}


def by_player(files: Sequence[FileSkill], shown: Iterable[str]) -> pl.DataFrame:
    """Skill per player, under the names ``shown`` in the statistics (matched by key)."""
    records, sources = _merged(chosen_records(files))
    spelling = {name_key(n): n for n in shown}
    renamed = [replace(d, name=spelling.get(name_key(d.name), d.name)) for d in records]
    rows = [
        {"player": s.name, **_player_row(s, sources[("p", name_key(s.name))])}
        for s in summarise(renamed, "player", corpus=True)
    ]
    return pl.DataFrame(rows, schema=_PLAYER_SCHEMA)


def _sides_rows(
    summaries: list[SkillSummary], keys: tuple[str, ...], sources: dict[tuple[object, ...], str]
) -> pl.DataFrame:
    rows: dict[tuple[object, ...], dict[str, object]] = {}
    for s in summaries:
        game: tuple[object, ...] = (s.game,) if "game" in keys else ()
        key = (s.file, (s.match or 0) + 1, *game)
        row = rows.get(key)
        if row is None:
            row = dict(zip(keys, key, strict=True))
            row["skill_source"] = sources[("g" if game else "m", s.file, s.match, *game)]
            rows[key] = row
        assert s.player is not None
        side = s.player + 1
        r = s.row()
        row[f"pr_{side}"] = r["pr"]
        row[f"errors_{side}"] = s.errors
        row[f"blunders_{side}"] = s.blunders
        row[f"luck_{side}"] = r["luck"]
    schema: dict[str, pl.DataType | type[pl.DataType]] = {
        "file": pl.String,
        "match": pl.Int64,
        "game": pl.Int64,
        "skill_source": pl.String,
    }
    for side in (1, 2):
        schema |= {
            f"pr_{side}": pl.Float64,
            f"errors_{side}": pl.Int64,
            f"blunders_{side}": pl.Int64,
            f"luck_{side}": pl.Float64,
        }
    schema = {k: v for k, v in schema.items() if k != "game" or "game" in keys}
    return pl.DataFrame(list(rows.values()), schema=schema)


def by_match(files: Sequence[FileSkill]) -> pl.DataFrame:
    records, sources = _merged(chosen_records(files))
    return _sides_rows(summarise(records, "player"), ("file", "match"), sources)


def by_game(files: Sequence[FileSkill]) -> pl.DataFrame:
    records, sources = _merged(chosen_records(files))
    return _sides_rows(summarise(records, "game"), ("file", "match", "game"), sources)


def side_columns() -> tuple[str, ...]:
    return ("skill_source", *(f"{c}_{s}" for s in (1, 2) for c in SIDE_COLUMNS))


def by_pair(
    files: Sequence[FileSkill], pairs: Mapping[tuple[str, int], tuple[str, str, bool]]
) -> pl.DataFrame:
    """Skill per pair of players, each side's decisions in the matches of the two against
    each other: ``pairs`` maps (file, 1-based match) to (player_a, player_b, whether side 0
    is A), as ``club_views.by_pair`` pairs them; other matches are left out."""
    records, _sources = _merged(chosen_records(files))
    groups: dict[tuple[str, str], list[Decision]] = {}
    for d in records:
        pair = pairs.get((d.file, d.match + 1))
        if pair is not None:
            a, b, zero_is_a = pair
            name = a if (d.player == 0) == zero_is_a else b
            groups.setdefault((a, b), []).append(replace(d, name=name))
    rows: list[dict[str, object]] = []
    for (a, b), decisions in groups.items():
        row: dict[str, object] = {"player_a": a, "player_b": b}
        for s in summarise(decisions, "player", corpus=True):
            side = "a" if s.name == a else "b"
            r = s.row()
            row |= {f"pr_{side}": r["pr"], f"errors_{side}": s.errors,
                    f"blunders_{side}": s.blunders, f"luck_{side}": r["luck"]}  # fmt: skip
        rows.append(row)
    schema: dict[str, pl.DataType | type[pl.DataType]] = {
        "player_a": pl.String,
        "player_b": pl.String,
    }
    for side in ("a", "b"):
        schema |= {f"pr_{side}": pl.Float64, f"errors_{side}": pl.Int64,
                   f"blunders_{side}": pl.Int64, f"luck_{side}": pl.Float64}  # fmt: skip
    return pl.DataFrame(rows, schema=schema)
