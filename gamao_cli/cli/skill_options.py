"""What ``stats --skill`` and ``report --skill`` share: the options and the skill run."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Annotated

import typer

from gamao_cli.analysis.options import CheckOptions
from gamao_cli.cli.common import fail
from gamao_cli.cli.progress import progress_bar
from gamao_cli.i18n import _

if TYPE_CHECKING:
    import polars as pl

    from gamao_cli.analysis.skill_run import FileSkill

SkillOpt = Annotated[
    bool,
    typer.Option(
        "--skill",
        help="Add skill columns (PR, errors, blunders, luck): the files' recorded analysis, "
        "else the bgsage engine (see gamao analyse).",
    ),
]
LevelOpt = Annotated[
    str, typer.Option("--level", help="The engine's depth for --skill: 1ply, 2ply or 3ply.")
]


def skill_inputs(
    paths: list[str],
    extensions: str | None,
    options: CheckOptions,
    level: str,
    jobs: int | None,
) -> list[FileSkill]:
    """Skill records of every input (recorded analysis first, else bgsage); exit 2 with the
    install hint when the engine is needed and missing."""

    from gamao_cli.analysis.check import collect_inputs
    from gamao_cli.analysis.skill_run import (
        SkillOptions,
        analyse_inputs,
        close_evaluators,
        count_games,
        evaluator_for,
    )
    from gamao_cli.engine.bgsage_eval import EngineUnavailable
    from gamao_cli.engine.evaluator import LEVELS

    if level not in LEVELS:
        fail(
            _("--level is one of {levels}, not {level}").format(
                levels=", ".join(LEVELS), level=repr(level)
            )
        )
    exts = {e.strip().lstrip(".").lower() for e in extensions.split(",")} if extensions else None
    items = collect_inputs(paths, exts)
    try:
        evaluator_for(level, None)
    except EngineUnavailable as exc:
        fail(str(exc))
    opts = SkillOptions(level=level, check=options)
    workers = min(jobs or os.cpu_count() or 1, max(1, len(items)))
    try:
        with progress_bar(count_games(items) or 0, "skill") as advance:
            return analyse_inputs(items, opts, workers, advance)
    finally:
        close_evaluators()


def join_skill(df: pl.DataFrame, view: str, files: list[FileSkill]) -> pl.DataFrame:
    """``df`` (a statistics view) with the skill columns of ``files`` joined on its keys."""
    from gamao_cli.analysis import skill_tables

    if view == "player":
        skill = skill_tables.by_player(files, df.get_column("player").to_list())
        return df.join(skill, on="player", how="left", maintain_order="left")
    if view == "match":
        return df.join(
            skill_tables.by_match(files), on=["file", "match"], how="left", maintain_order="left"
        )
    return df.join(
        skill_tables.by_game(files),
        on=["file", "match", "game"],
        how="left",
        maintain_order="left",
    )
