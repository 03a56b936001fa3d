"""A POSITION argument read by the library (analysis.position_file.position_argument,
engine.position_arg.read_position), as gamao moves reads it, without the command line."""

from __future__ import annotations

import pytest

from gamao_cli.analysis.position_file import PositionFileError, position_argument
from gamao_cli.engine.position_arg import read_position
from gamao_cli.model.match import Variant
from tests.helpers import REPO

IDS = str(REPO / "tests" / "fixtures" / "positions" / "ids.txt")


def test_a_position_file_gives_its_nth_position_with_its_dice() -> None:
    arg, rs, source = position_argument(IDS, 2)  # gnubg's manual: player 1 rolled 52
    assert source is not None and source.number == 2
    assert (arg.dice, arg.score, arg.match_length, arg.cube_value) == ((5, 2), (2, 4), 9, 2)
    assert rs.variant is Variant.STANDARD


def test_a_position_file_holds_backgammon_positions_only() -> None:
    with pytest.raises(
        ValueError, match="a position file holds backgammon positions, not longnardy"
    ):
        position_argument(IDS, 1, Variant.LONG_NARDY)
    with pytest.raises(PositionFileError, match="--position 5, but the file holds 4 positions"):
        position_argument(IDS, 5)


def test_an_identifier_is_one_position() -> None:
    with pytest.raises(ValueError, match="--position is for position files"):
        position_argument("4HPwATDgc/ABMA", 2)
    arg, rs, source = position_argument("start", 1, Variant.HYPERGAMMON)
    assert rs.variant is Variant.HYPERGAMMON
    assert source is None and arg.dice is None
    assert arg.position.boards[0][22:25] == (1, 1, 1)  # three checkers on 22, 23 and 24


def test_a_position_string_of_another_variant_is_played_as_asked_and_said() -> None:
    told: list[str] = []
    _arg, rs = read_position(
        "GAMAO=hypergammon/0/24,23,22/24,23,22", Variant.TAVLA, notice=told.append
    )
    assert rs.variant is Variant.TAVLA
    assert told == ["the position string says hypergammon; played as tavla as asked"]
    told.clear()
    _arg, rs = read_position("GAMAO=hypergammon/0/24,23,22/24,23,22", notice=told.append)
    assert (rs.variant, told) == (Variant.HYPERGAMMON, [])
