"""Real-world ``.mat`` writers' conventions (issue 10), each told apart from a genuine error.

The fixtures in tests/fixtures/mat/ are hand-made in the shape of the real files of the
shared corpus's second batch (Hardy's archive, Backgammon Galaxy and Studio, GridGammon,
HedgeHog); each test beside a convention changes the fixture into the genuine error.
"""

from __future__ import annotations

import io

from gamao_cli.analysis.replay import replay_match
from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.model import Match, Resign, Severity, Win
from tests.helpers import FIXTURES


def fixture(name: str) -> str:
    return (FIXTURES / "mat" / name).read_text(encoding="utf-8")


def read(text: str, name: str = "t.mat") -> Match:
    (match,) = read_mat(io.StringIO(text), name)
    return match


def findings(text: str) -> list[tuple[str, str, int | None]]:
    """(code, severity, game) of every finding but the resignation levels (X402)."""
    replay = replay_match(read(text))
    return [(f.code, f.severity.value, f.game) for f in replay.findings if f.code != "X402"]


# -- boxed banners


def test_boxed_banner_is_header_comments_with_event_round_players() -> None:
    match = read(fixture("hardy_banner.mat"))
    assert match.comments == (
        "Monte Carlo World Championships 2010, 11 - 18 July 2010",
        "Final",
        "Ricardo Malas (ESP) vs. Lars Bentzon (DEN)",
        "",
        "Remarks: transcribed from the live coverage",
    )
    assert match.tags == (
        ("Event", "Monte Carlo World Championships 2010, 11 - 18 July 2010"),
        ("Round", "Final"),
        ("Player 1", "Ricardo Malas (ESP)"),
        ("Player 2", "Lars Bentzon (DEN)"),
    )
    assert match.players == ("Malas", "Bentzon")
    assert [(d.code, d.severity, d.location.line) for d in match.diagnostics] == [
        ("P124", Severity.INFO, 1)
    ]
    assert findings(fixture("hardy_banner.mat")) == [("P124", "info", None)]


def test_banner_players_in_the_other_order_are_put_in_column_order() -> None:
    text = fixture("hardy_banner.mat").replace(
        "Ricardo Malas (ESP) vs. Lars Bentzon (DEN)", "Lars Bentzon (DEN) vs. Ricardo Malas (ESP)"
    )
    tags = dict(read(text).tags)
    assert (tags["Player 1"], tags["Player 2"]) == ("Ricardo Malas (ESP)", "Lars Bentzon (DEN)")


def test_banner_text_lines_without_a_box_are_unreadable() -> None:
    lines = fixture("hardy_banner.mat").splitlines(keepends=True)
    text = "".join(line for line in lines if not line.startswith("+"))
    match = read(text)
    assert [d.code for d in match.diagnostics] == ["P101"] * 5
    assert match.comments == ()


def test_and_wins_the_match_is_and_the_match() -> None:
    (win,) = [a for a in read(fixture("hardy_banner.mat")).games[0].actions if isinstance(a, Win)]
    assert (win.player, win.points, win.and_the_match) == (0, 1, True)


# -- points capped at what the winner needed


def test_points_capped_at_what_the_winner_needed() -> None:
    replay = replay_match(read(fixture("galaxy_capped.mat")))
    assert [(f.code, f.severity.value, f.game) for f in replay.findings if f.code != "X402"] == [
        ("X416", "info", 2)
    ]
    assert (replay.final_score, replay.winner) == ((3, 0), 0)
    assert replay.games[1].points == 2


def test_a_resigned_gammon_capped_at_what_the_winner_needed() -> None:
    # nori needs 3 on a 2-cube: a gammon or backgammon resigned, written as the 3 needed
    text = fixture("gridgammon_conceded.mat").replace("nori,1760 : 0", "nori,1760 : 2")
    assert findings(text.replace("Wins 100", "Wins 3")) == [("X416", "info", 1)]
    # needing 4, Wins 3 is neither a resignation on a 2-cube nor what was needed
    genuine = text.replace("nori,1760 : 2", "nori,1760 : 1").replace("Wins 100", "Wins 3")
    assert findings(genuine) == [("X401", "error", 1), ("X413", "warning", 1)]


def test_points_below_what_the_winner_needed_are_an_error() -> None:
    text = fixture("galaxy_capped.mat").replace(
        "Wins 2 point and the match", "Wins 1 point and the match"
    )
    assert findings(text) == [("X401", "error", 2), ("X407", "error", 2), ("X413", "warning", 2)]


def test_a_capped_drop() -> None:
    text = fixture("galaxy_capped.mat").replace(
        "  4)  Takes                      53: 8/3 6/3\n",
        "  4)  Takes                      53: 8/3 6/3\n  5)  Doubles => 8               Drops\n",
    )
    assert findings(text) == [("X416", "info", 2)]
    genuine = text.replace("Wins 2 point and the match", "Wins 1 point and the match")
    assert findings(genuine) == [("X404", "error", 2)]


# -- a match conceded


def test_gridgammon_wins_100_points_is_the_match_conceded() -> None:
    replay = replay_match(read(fixture("gridgammon_conceded.mat")))
    assert [(f.code, f.severity.value, f.game) for f in replay.findings] == [("X417", "info", 1)]
    assert (replay.final_score, replay.winner) == ((0, 5), 1)


def test_studio_wins_4016_after_unknown_roll_is_the_match_conceded() -> None:
    text = fixture("gridgammon_conceded.mat").replace(
        "  3) 63: 24/18 13/10                       Wins 100 points",
        "  3) 63: ????                              Wins 4016 point",
    )
    assert findings(text) == [("X417", "info", 1)]


def test_a_resignation_worth_more_than_the_cube_allows_is_an_error() -> None:
    text = fixture("gridgammon_conceded.mat").replace(" 5 point", " 11 point")
    assert findings(text.replace("Wins 100", "Wins 7")) == [
        ("X401", "error", 1),
        ("X413", "warning", 1),
    ]
    # a game the winner conceded after the match ends is still a game after the match
    more = text.replace(" 11 point", " 5 point") + (
        "\n Game 2\n Amirrr,1770 : 0                  nori,1760 : 5\n"
        "  1) 31: 8/5 6/5                 42: 8/4 6/4\n      Wins 1 point\n"
    )
    assert findings(more) == [("X417", "info", 1), ("X406", "error", 2)]


# -- single games exported as a match


def test_galaxy_single_game_export_is_one_info() -> None:
    assert findings(fixture("galaxy_single_game.mat")) == [("X418", "info", 1)]


def test_one_game_of_a_match_from_another_writer_is_a_short_match() -> None:
    text = fixture("galaxy_single_game.mat").replace("BackgammonGalaxy", "Elsewhere")
    assert findings(text) == [("X418", "info", 1)]  # 16 points: Galaxy's single game
    assert findings(text.replace("16 point", "7 point")) == [("X413", "warning", 1)]


def test_two_games_of_a_galaxy_match_ending_early_is_a_short_match() -> None:
    text = fixture("galaxy_single_game.mat") + (
        "\n Game 2\n easy : 1                        lasse : 0\n"
        "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
        "                                 Wins 1 point\n"
    )
    assert findings(text) == [("X413", "warning", 2)]


def test_and_the_match_in_a_money_session_is_one_info() -> None:
    assert findings(fixture("hardy_money_and_the_match.mat")) == [("X419", "info", 1)]


def test_and_the_match_on_a_game_that_does_not_decide_a_match_is_an_error() -> None:
    text = fixture("hardy_money_and_the_match.mat").replace(" 0 point", " 5 point")
    assert findings(text) == [("X407", "error", 1), ("X407", "error", 2), ("X413", "warning", 2)]


# -- Resigns cells, HedgeHog / OpenGammon layout


def test_hedgehog_resigns_cells() -> None:
    match = read(fixture("hedgehog_resigns.mat"))
    assert match.diagnostics == ()
    assert match.players == ("Owen Talbot", "Dana Ellery")
    assert match.rules.cube_limit == 64
    resigns = [a for g in match.games for a in g.actions if isinstance(a, Resign)]
    assert [(r.player, r.level, r.text, r.location.line) for r in resigns] == [
        (1, 1, "Resigns", 12),
        (1, 2, "Resigned Match", 18),
    ]
    # the Wins lines at column 3 name no side: they are the resigner's opponent's
    wins = [a for g in match.games for a in g.actions if isinstance(a, Win)]
    assert [(w.player, w.points, w.and_the_match) for w in wins] == [(0, 1, False), (0, 2, True)]
    replay = replay_match(match)
    assert [(f.code, f.game) for f in replay.findings] == [("X402", 1), ("X402", 2)]
    assert (replay.final_score, replay.winner) == ((3, 0), 0)


def test_opengammon_layout_with_an_empty_row_after_drops() -> None:
    match = read(fixture("opengammon_drop_empty_row.mat"))
    assert match.diagnostics == ()
    assert match.players == ("Jade1", "Kestrelcove1")
    assert [g.score for g in match.games] == [(0, 0), (0, 1)]
    assert [(type(a).__name__, a.player) for a in match.games[0].actions[-3:]] == [
        ("Double", 1),
        ("Drop", 0),
        ("Win", 1),
    ]
    assert findings(fixture("opengammon_drop_empty_row.mat")) == []
    # a Wins in the column of the player who dropped is the wrong winner
    wrong = fixture("opengammon_drop_empty_row.mat").replace(
        " " * 43 + "Wins 1 points", "      Wins 1 points", 1
    )
    assert findings(wrong) == [("X410", "error", 1)]  # the drop decides: no score error


def test_a_result_naming_the_player_who_resigned_is_an_error() -> None:
    text = fixture("hedgehog_resigns.mat").replace(
        "  2) 61: 13/7 8/7                           Resigns\n   Wins 1 points",
        "  2)  Resigns\n      Wins 1 points",
    )
    assert findings(text) == [("X410", "error", 1)]


# -- a resumed match and the Crawford game


def test_double_in_a_resumed_match_at_match_point_is_not_an_error() -> None:
    assert findings(fixture("gridgammon_resumed_crawford.mat")) == [("X420", "info", 1)]


def test_double_in_a_crawford_game_the_record_shows_is_an_error() -> None:
    head = (
        " 7 point match\n\n Game 1\n BlueNote,1780 : 5                nori,1830 : 3\n"
        "  1) 31: 8/5 6/5                 42: 8/4 6/4\n      Wins 1 point\n\n"
    )
    body = fixture("gridgammon_resumed_crawford.mat").split("\n", 2)[2].replace("Game 1", "Game 2")
    assert findings(head + body) == [("C302", "error", 2)]


# -- two match length lines


def test_the_match_length_the_end_confirms_wins() -> None:
    match = read(fixture("two_lengths.mat"))
    assert match.length == 3
    assert [(d.code, d.location.line, d.message) for d in match.diagnostics] == [
        (
            "P120",
            2,
            "match length lines for 5 and 3 points before the first game: 3 is used "
            "(the last game's `and the match` confirms it)",
        )
    ]
    assert findings(fixture("two_lengths.mat")) == [("P120", "warning", None)]


def test_two_match_lengths_the_end_does_not_decide_the_later_is_used() -> None:
    text = fixture("two_lengths.mat").replace(
        " 5 point match\n 3 point match", " 3 point match\n 5 point match"
    )
    text = text.replace("Wins 2 points and the match", "Wins 2 points")
    match = read(text)
    assert match.length == 5
    assert [d.message for d in match.diagnostics] == [
        "match length lines for 3 and 5 points before the first game: 5 is used "
        "(the last one; the record's end confirms none of them)"
    ]


# -- a drop without a Wins line


def test_a_drop_without_a_wins_line_decides_the_game() -> None:
    match = read(fixture("drop_without_wins.mat"))
    assert [(d.code, d.severity, d.game) for d in match.diagnostics] == [("P125", Severity.INFO, 1)]
    replay = replay_match(match)
    assert [(f.code, f.game) for f in replay.findings if f.code != "X402"] == [("P125", 1)]
    assert replay.final_score == (3, 0)


def test_rolls_without_a_wins_line_are_a_game_without_result() -> None:
    text = fixture("drop_without_wins.mat").replace(
        "  2)  Doubles => 2                      Drops\n", "  2) 61: 13/7 8/7\n"
    )
    assert [(d.code, d.severity) for d in read(text).diagnostics] == [("P105", Severity.WARNING)]
