"""analysis.splitting.split_pieces: the files gamao split writes, named and formatted, as a
library user gets them without the command line."""

from __future__ import annotations

from pathlib import PurePath

from gamao_cli.analysis.splitting import split_pieces
from gamao_cli.formats.inputs import read_path
from gamao_cli.model.match import Match
from tests.helpers import REPO

EXAMPLE = REPO / "examples" / "gnubg_7pt.mat"  # one 7-point match, games 1-11


def _inputs() -> list[tuple[PurePath, list[Match]]]:
    return [(PurePath("sub/gnubg_7pt.mat"), list(read_path(EXAMPLE)))]


def test_by_match_one_piece_in_its_own_format() -> None:
    pieces = split_pieces(_inputs(), "match")
    assert [(str(p.name), p.fmt.name, len(p.matches), p.source) for p in pieces] == [
        ("sub/gnubg_7pt.mat", "mat", 1, "sub/gnubg_7pt.mat")
    ]


def test_by_game_names_padded_and_per_file_parts() -> None:
    pieces = split_pieces(_inputs(), "game", to="sgf")
    assert [str(p.name) for p in pieces] == [
        "sub/gnubg_7pt-game01.sgf", "sub/gnubg_7pt-game02.sgf", "sub/gnubg_7pt-game03.sgf",
        "sub/gnubg_7pt-game04.sgf", "sub/gnubg_7pt-game05.sgf", "sub/gnubg_7pt-game06.sgf",
        "sub/gnubg_7pt-game07.sgf", "sub/gnubg_7pt-game08.sgf", "sub/gnubg_7pt-game09.sgf",
        "sub/gnubg_7pt-game10.sgf", "sub/gnubg_7pt-game11.sgf",
    ]  # fmt: skip
    assert {p.fmt.name for p in pieces} == {"sgf"}
    assert [p.matches[0].games[0].number for p in pieces] == list(range(1, 12))
    parts = split_pieces(_inputs(), "game", per_file=4)
    assert [(str(p.name), len(p.matches), p.source) for p in parts] == [
        ("part-0001.jsonl", 4, None),
        ("part-0002.jsonl", 4, None),
        ("part-0003.jsonl", 3, None),
    ]


def test_by_player_a_collection_each() -> None:
    (match,) = _inputs()[0][1]
    pieces = split_pieces(_inputs(), "player", to="mat")
    assert [str(p.name) for p in pieces] == ["Kasper.mat", "Lena_Ruiz.mat"]
    assert all(p.fmt.name == "mat" and p.matches == [match] for p in pieces)
