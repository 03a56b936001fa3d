"""The rule options shared by check, stats and report."""

from __future__ import annotations

from enum import Enum
from typing import Annotated

import typer

from gamao_cli.analysis.options import CheckOptions
from gamao_cli.model.match import Variant


class RulesChoice(str, Enum):
    standard = "standard"
    nackgammon = "nackgammon"
    nocube = "nocube"


RulesOpt = Annotated[
    RulesChoice | None,
    typer.Option(
        "--rules",
        help="Rules to check against (default: what the file says, else standard). "
        "nocube: no doubling at all (a .mat cannot say so).",
        case_sensitive=False,
    ),
]
JacobyOpt = Annotated[
    bool | None,
    typer.Option(
        "--jacoby/--no-jacoby",
        help="Jacoby rule in money play (default: what the file says; if it says nothing, "
        "accept either and report which one a result implies).",
        show_default=False,
    ),
]
BeaversOpt = Annotated[
    bool | None,
    typer.Option(
        "--beavers/--no-beavers",
        help="Beavers in money play (default: what the file says; if nothing, accept and report).",
        show_default=False,
    ),
]
CrawfordOpt = Annotated[
    bool | None,
    typer.Option(
        "--crawford/--no-crawford",
        help="Crawford rule in match play (default: on, unless the file says off).",
        show_default=False,
    ),
]


def make_options(
    rules: RulesChoice | None,
    jacoby: bool | None,
    beavers: bool | None,
    crawford: bool | None,
    *,
    show_board: bool = False,
    analyse_plays: bool = False,
) -> CheckOptions:
    variant = (
        Variant.NACKGAMMON
        if rules is RulesChoice.nackgammon
        else (Variant.STANDARD if rules is RulesChoice.standard else None)
    )
    return CheckOptions(
        variant=variant,
        cube=False if rules is RulesChoice.nocube else None,
        jacoby=jacoby,
        beavers=beavers,
        crawford=crawford,
        show_board=show_board,
        analyse_plays=analyse_plays,
    )
