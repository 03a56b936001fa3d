"""Converting keeps what the record holds and the target format can hold (issue 27)."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest

from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.formats.mat.writer import write_mat
from gamao_cli.formats.registry import by_name
from gamao_cli.formats.sgf.reader import read_sgf
from gamao_cli.formats.sgf.writer import write_sgf
from gamao_cli.model.match import Match, Rules

GRIDGAMMON = (
    " 3 point match\n\n Game 1\n"
    " nicksbar,1706 : 0                nori,1767 : 0\n"
    "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
    "  2)  Doubles => 2                Drops\n"
    "                                  Wins 1 point\n"
)


def _gridgammon() -> Match:
    [match] = list(read_mat(io.StringIO(GRIDGAMMON), "g.mat"))
    return match


def test_the_mat_writer_writes_gridgammons_ratings_on_the_score_line() -> None:
    out = io.StringIO()
    write_mat(_gridgammon(), out)
    assert " nicksbar,1706 : 0              nori,1767 : 0\n" in out.getvalue()


@pytest.mark.parametrize("target", ["mat", "sgf", "json"])
def test_ratings_survive_every_writer(target: str) -> None:
    fmt = by_name(target)
    assert fmt.write is not None and fmt.read is not None
    out = io.StringIO()
    fmt.write(_gridgammon(), out)
    [back] = list(fmt.read(io.StringIO(out.getvalue()), "back"))
    assert (back.players, back.ratings) == (("nicksbar", "nori"), ("1706", "1767"))


def test_the_mat_writer_states_the_rules_no_tag_states_and_keeps_game_comments() -> None:
    match = replace(
        _gridgammon(),
        rules=Rules(cube=False, crawford=False, jacoby=True, beavers=True),
        tags=(("Site", "Live"), ("Jacoby", "On")),
    )
    game = match.games[0]
    match = replace(match, games=(replace(game, properties=(("comment", "dice set"),)),))
    out = io.StringIO()
    write_mat(match, out)
    assert out.getvalue().startswith(
        '; [Site "Live"]\n; [Jacoby "On"]\n; [Crawford "Off"]\n; [Beaver "On"]\n'
        '; [CubeLimit "1"]\n\n 3 point match\n\n Game 1\n'
        " nicksbar,1706 : 0              nori,1767 : 0\n; dice set\n  1) 31: 8/5 6/5 "
    )
    [back] = list(read_mat(io.StringIO(out.getvalue()), "back.mat"))
    assert back.rules == Rules(cube=False, crawford=False, jacoby=True, beavers=True,
                               cube_limit=1)  # fmt: skip
    assert back.games[0].properties == (("comment", "dice set"),)


def test_mat_tags_no_sgf_property_holds_survive_sgf() -> None:
    header = (
        '; [Site "Backgammon Studio"]\n; [Match ID "6812419"]\n; [EventTime "11.26"]\n'
        '; [Unrated "Off"]\n\n'
    )
    [match] = list(read_mat(io.StringIO(header + GRIDGAMMON), "x.mat"))
    out = io.StringIO()
    write_sgf(match, out)
    assert 'PC[Backgammon Studio]TG[Match ID "6812419"][EventTime "11.26"][Unrated "Off"]' in (
        out.getvalue()
    )
    [back] = list(read_sgf(io.StringIO(out.getvalue()), "x.sgf"))
    assert back.tags[1:] == (
        ("PC", "Backgammon Studio"), ("Match ID", "6812419"), ("EventTime", "11.26"),
        ("Unrated", "Off"),
    )  # fmt: skip
    again = io.StringIO()
    write_mat(back, again)
    assert again.getvalue().startswith(
        '; [AP "gamao:0.1.0"]\n; [Site "Backgammon Studio"]\n; [Match ID "6812419"]\n'
        '; [EventTime "11.26"]\n; [Unrated "Off"]\n'
    )
