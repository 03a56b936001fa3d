"""What ``stats --skill`` and ``report --skill`` share: the options and the skill run."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from gamao_cli.analysis.options import CheckOptions
from gamao_cli.cli.common import fail, stderr_console
from gamao_cli.cli.executor_options import Parallel, executor_for
from gamao_cli.cli.inputs_arg import gather_inputs
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


CacheOpt = Annotated[
    Path | None,
    typer.Option(
        "--cache",
        help="Keep the engine's answers in this directory between runs (default: the user's "
        "cache folder, e.g. ~/.cache/gamao).",
    ),
]
NoCacheOpt = Annotated[
    bool,
    typer.Option("--no-cache", help="Keep the engine's answers for this run only, in memory."),
]


def cache_folder(cache: Path | None, no_cache: bool) -> str | None:
    """Where the engine's answers are kept between runs: ``--cache DIR``; by default the
    user's cache folder (platformdirs: ``$XDG_CACHE_HOME/gamao``, ``~/.cache/gamao``,
    ``~/Library/Caches/gamao``, ``%LOCALAPPDATA%\\gamao\\Cache``); None (in memory, this run
    only) with ``--no-cache`` or when the default folder cannot be made."""
    if no_cache and cache is not None:
        fail(_("give --cache DIR or --no-cache, not both"))
    if no_cache:
        return None
    if cache is not None:
        return str(cache)
    from platformdirs import user_cache_dir

    folder = Path(user_cache_dir("gamao", appauthor=False))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        stderr_console().print(
            _("cannot make the cache folder {folder} ({error}): answers kept for this run only")
            .format(folder=folder, error=exc.strerror or exc),
            markup=False,
            highlight=False,
        )  # fmt: skip
        return None
    return str(folder)


def skill_inputs(
    paths: list[str],
    extensions: str | None,
    options: CheckOptions,
    level: str,
    parallel: Parallel,
) -> list[FileSkill]:
    """Skill records of every input (recorded analysis first, else bgsage); exit 2 with the
    install hint when the engine is needed and missing."""

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
    items = gather_inputs(paths, extensions).items
    try:
        evaluator_for(level, None)
    except EngineUnavailable as exc:
        fail(str(exc))
    opts = SkillOptions(level=level, check=options)
    from gamao_cli.analysis.workers import per_file_jobs

    try:
        with (
            executor_for(parallel, items, per_file_jobs) as runner,
            progress_bar(count_games(items) or 0, "skill") as advance,
        ):
            return analyse_inputs(items, opts, advance, executor=runner)
    finally:
        close_evaluators()


def join_skill(
    df: pl.DataFrame,
    view: str,
    files: list[FileSkill],
    matches: pl.DataFrame | pl.LazyFrame | None = None,
) -> pl.DataFrame:
    """``df`` (a statistics view) with the skill columns of ``files`` joined on its keys
    (``matches``: the matches table, for the pair view)."""
    from gamao_cli.analysis import skill_tables

    if view == "pair" and matches is not None:
        from gamao_cli.analysis.club_views import pair_sides

        skill = skill_tables.by_pair(files, pair_sides(matches))
        return df.join(skill, on=["player_a", "player_b"], how="left", maintain_order="left")
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
