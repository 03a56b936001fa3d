"""Fingerprints and ``dedupe``: the same match however written, never two different ones."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamao_cli.analysis.dedupe import dedupe
from gamao_cli.analysis.fingerprint import _MARKS, GamePrint, _hash_game, fingerprint_match
from gamao_cli.engine.notation import to_model_steps
from gamao_cli.engine.plays import legal_plays
from gamao_cli.engine.position import Position
from gamao_cli.engine.ruleset import STANDARD
from gamao_cli.formats.inputs import InputFile, iter_input_files
from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.model.actions import Move
from gamao_cli.model.match import Game, Match
from tests.helpers import CORPUS, REPO, require_corpus, self_play


def mat(text: str, name: str = "t.mat") -> Match:
    [match] = list(read_mat(io.StringIO(text), name))
    return match


GAME = (
    " 3 point match\n\n Game 1\n alice : 0                      bob : 0\n"
    "  1) 31: 8/5 6/5                   64: 24/18 13/9\n"
    "  2) 62: 24/18 13/11               Doubles => 2\n"
    "  3)  Drops                        Wins 1 point\n"
)


def test_notation_layout_and_sides_do_not_change_the_fingerprint() -> None:
    base = fingerprint_match(mat(GAME))
    # Another notation of the same plays (hops in another order, a combined hop, a roll's
    # dice reversed), other names, another column layout.
    other = mat(
        " 3 point match\n\n Game 1\n x : 0   y : 0\n"
        "  1) 13: 6/5 8/5     46: 13/9 24/18\n"
        "  2) 26: 13/11 24/18     Doubles => 2\n"
        "  3)  Drops     Wins 1 point\n"
    )
    assert fingerprint_match(other).fingerprint == base.fingerprint
    # The same game with the sides swapped: bob in the left column, rolling second.
    swapped = mat(
        " 3 point match\n\n Game 1\n bob : 0                        alice : 0\n"
        "  1)                               31: 8/5 6/5\n"
        "  2) 64: 24/18 13/9                62: 24/18 13/11\n"
        "  3) Doubles => 2                   Drops\n"
        "  4) Wins 1 point\n"
    )
    assert fingerprint_match(swapped).fingerprint == base.fingerprint
    assert base.fingerprint.startswith("gm1a-") and len(base.fingerprint) == 5 + 32
    assert [len(g.tokens) for g in base.games] == [5]


def test_a_different_play_cube_action_or_length_changes_the_fingerprint() -> None:
    base = fingerprint_match(mat(GAME)).fingerprint
    assert fingerprint_match(mat(GAME.replace("8/5 6/5", "24/21 6/5"))).fingerprint != base
    assert fingerprint_match(mat(GAME.replace("Drops ", "Takes "))).fingerprint != base
    assert fingerprint_match(mat(GAME.replace(" 3 point", " 5 point"))).fingerprint != base
    # ... but by positions only, a cube action does not count.
    take = mat(GAME.replace("Drops ", "Takes "))
    assert (
        fingerprint_match(take, "positions").fingerprint
        == fingerprint_match(mat(GAME), "positions").fingerprint
    )
    # Results are left out: writers disagree on them (a capped Wins line).
    assert fingerprint_match(mat(GAME.replace("Wins 1 point", "Wins 2 points"))).fingerprint == (
        base
    )


def _truth(match: Match) -> list[list[tuple[tuple[int, int], tuple[int, ...]]]]:
    """What the fingerprint must capture: each roll's dice and the position after it."""
    out = []
    for game in match.games:
        pos = Position.start(turn=next(a for a in game.actions if isinstance(a, Move)).player)
        seen = []
        for a in game.actions:
            if not isinstance(a, Move):
                continue  # the Wins line of a game played out
            plays = legal_plays(STANDARD, pos.mover, pos.opponent, a.dice)
            key = to_model_steps
            chosen = next((p for p in plays if key(p.steps) == a.steps), None)
            if chosen is not None:
                pos = Position.from_view(chosen.mover, chosen.opponent, pos.turn).switched()
            else:
                pos = pos.switched()
            seen.append((tuple(sorted(a.dice)), pos.absolute()))
        out.append(seen)
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10_000))
def test_two_matches_share_a_fingerprint_only_when_they_are_the_same(a: int, b: int) -> None:
    one, two = self_play(a, 2, plays=40), self_play(b, 2, plays=40)
    same = _truth(one) == _truth(two)
    assert (fingerprint_match(one).fingerprint == fingerprint_match(two).fingerprint) is same
    assert (
        fingerprint_match(one).fingerprint
        == fingerprint_match(self_play(a, 2, plays=40)).fingerprint
    )


def _inputs(tmp_path: object, files: dict[str, str]) -> list[InputFile]:
    from pathlib import Path

    root = Path(str(tmp_path))
    for name, text in files.items():
        (root / name).write_text(text)
    return [InputFile(name, root / name) for name in files]


def test_groups_near_duplicates_and_the_copy_kept(tmp_path: object) -> None:
    two_games = GAME + (
        "\n Game 2\n alice : 0                      bob : 1\n"
        "  1) 52: 13/8 13/11                41: 24/23 13/9\n"
        "  2) 33: 8/5(2) 6/3(2)             Doubles => 2\n"
        "  3)  Drops                        Wins 1 point\n"
    )
    items = _inputs(
        tmp_path,
        {
            "a.mat": GAME,
            "b.mat": GAME.replace("8/5 6/5", "6/5 8/5"),
            "long.mat": two_games,
            "cut.mat": two_games.split("  2) 33:")[0] + "\n",
            "other.mat": GAME.replace("8/5 6/5", "24/21 6/5"),
        },
    )
    result = dedupe(items, keep="longest")
    groups = [(g.fingerprint[:5], [o.file for o in g.occurrences]) for g in result.groups]
    assert [files for _, files in groups] == [["a.mat", "b.mat"], ["long.mat"], ["cut.mat"],
                                              ["other.mat"]]  # fmt: skip
    assert result.groups[0].kept is not None and result.groups[0].kept.file == "a.mat"
    assert [o.file for o in result.groups[0].duplicates] == ["b.mat"]
    near = [(n.first.file, n.second.file, n.relation, n.shared_games) for n in result.near]
    assert near == [
        ("a.mat", "long.mat", "truncated", 1),
        ("a.mat", "cut.mat", "truncated", 1),
        ("cut.mat", "long.mat", "truncated", 1),
    ]
    assert (result.files, result.matches, result.duplicates) == (5, 5, 1)
    # A reference corpus: a match in it is seen, never kept.
    ref = dedupe(items[1:2], against=items[:1])
    assert [(g.kept, [o.reference for o in g.occurrences]) for g in ref.groups] == [
        (None, [True, False])
    ]
    assert [o.file for o in ref.groups[0].duplicates] == ["b.mat"]


def test_a_resumed_match_saved_again_overlaps(tmp_path: object) -> None:
    game2 = (
        " Game 2\n alice : 0                      bob : 1\n"
        "  1) 52: 13/8 13/11                41: 24/23 13/9\n"
        "  2) 33: 8/5(2) 6/3(2)             Doubles => 2\n"
        "  3)  Drops                        Wins 1 point\n"
    )
    game3 = (
        " Game 3\n alice : 1                      bob : 1\n"
        "  1) 61: 13/7 8/7                  Doubles => 2\n"
        "  2)  Drops                        Wins 1 point\n"
    )
    whole = GAME + "\n" + game2
    resumed = " 3 point match\n\n" + game2.replace("Game 2", "Game 1") + "\n" + game3
    result = dedupe(_inputs(tmp_path, {"first.mat": whole, "resumed.mat": resumed}))
    assert len(result.groups) == 2
    assert [(n.first.file, n.second.file, n.relation, n.shared_games) for n in result.near] == [
        ("first.mat", "resumed.mat", "overlap", 1)
    ]


def test_the_corpus_twins_are_found() -> None:
    """The same matches in six formats, three notations and two column orders, as SOURCES.md
    says: one group each, and nothing else grouped."""
    require_corpus()
    result = dedupe(list(iter_input_files([str(CORPUS)])))
    twins = sorted(
        sorted(o.file.split("real/")[-1] for o in g.occurrences)
        for g in result.groups
        if len(g.occurrences) > 1
    )
    gibbon = "gitGNU-gnu_gibbon/"
    assert twins == [
        [f"{gibbon}7point.gmd", f"{gibbon}7point.mat", f"{gibbon}7point.match",
         f"{gibbon}7point.sgf", f"{gibbon}complete.gmd", f"{gibbon}complete.sgf"],
        [f"{gibbon}edited.gmd", f"{gibbon}edited.sgf"],
        ["kevung-gbf/charlot1-charlot2_7p_2025-11-08-2305.xg",
         "kevung-gnubgparser/charlot1-charlot2_7p_2025-11-08-2305.mat",
         "kevung-gnubgparser/charlot1-charlot2_7p_2025-11-08-2305.sgf"],
        ["kevung-gbf/test.mat", "kevung-gbf/test.sgf", "kevung-gbf/test.txt",
         "kevung-gbf/test.xg"],
        ["lassehjorthmadsen-gnubg-scripts/match1484923.txt",
         "lassehjorthmadsen-gnubg-scripts/match1484923_analyzed.sgf"],
        ["lassehjorthmadsen-gnubg-scripts/match1486073.txt",
         "lassehjorthmadsen-gnubg-scripts/match1486073_analyzed.sgf"],
        ["lassehjorthmadsen-gnubg-scripts/test-match01.txt",
         "lassehjorthmadsen-gnubg-scripts/test-match01_analyzed.sgf"],
    ]  # fmt: skip
    assert (len(result.groups), result.duplicates, result.near) == (78, 14, ())
    assert len(result.skipped) == 25 and result.unreadable == ()


def test_a_tabula_rolls_third_die_is_part_of_the_fingerprint() -> None:
    from gamao_cli.engine.ruleset import POOL, rule_set
    from gamao_cli.model.actions import SetPosition
    from gamao_cli.model.match import Rules, Variant

    rs = rule_set(Variant.TABULA)
    closed = rs.board_from_points({p: 2 for p in range(19, 25)} | {POOL: 3})
    start = SetPosition(boards=(rs.board_from_points({POOL: 15}), closed), turn=0)

    def dancing(third: int) -> Match:
        dance = Move(0, (6, 5), (), text="6-5", roll=(6, 5, third))
        game = Game(1, None, (dance,), start=start)
        return Match(("a", "b"), 0, (game,), rules=Rules(variant=Variant.TABULA))

    assert fingerprint_match(dancing(4)).fingerprint != fingerprint_match(dancing(3)).fingerprint
    assert fingerprint_match(dancing(4)).fingerprint == fingerprint_match(dancing(4)).fingerprint


def test_fingerprints_are_stable_values() -> None:
    """The documented scheme (docs/dedupe.md), pinned: a stored fingerprint keeps meaning the
    same match. The first token is the first mover ('a'), a roll ('r'), its dice sorted, then
    the mover's and the opponent's boards after 24/23 13/8 (off, points 1-24, bar)."""
    from tests.helpers import REPO

    match = mat((REPO / "examples" / "gnubg_7pt.mat").read_text(encoding="utf-8"))
    by_actions = fingerprint_match(match)
    by_positions = fingerprint_match(match, "positions")

    assert by_actions.fingerprint == "gm1a-ac0042ce4564e4e1fd68d6ebcd56a703"
    assert by_actions.games[0].fingerprint == "gg1a-0484d3248fe047db7621c164ebc889b5"
    assert by_positions.fingerprint == "gm1p-6eab3e46bf4cc3d06471437a217c0461"
    assert (len(by_actions.games), by_actions.moves, by_positions.moves) == (11, 491, 483)
    mover = [0] * 26
    mover[6], mover[8], mover[13], mover[23], mover[24] = 5, 4, 4, 1, 1
    opponent = [0] * 26
    opponent[6], opponent[8], opponent[13], opponent[24] = 5, 3, 5, 2
    assert by_actions.games[0].tokens[0] == b"ar\x01\x05" + bytes(mover) + bytes(opponent)
    assert by_positions.games[0].tokens[0] == b"ar" + bytes(mover) + bytes(opponent)


def _game(*tokens: bytes) -> GamePrint:
    digest, marks = _hash_game(list(tokens), _MARKS)
    return GamePrint("gg1a-" + digest, len(tokens), marks, b"\x1f".join(tokens))


def test_a_game_print_compares_prefixes_at_token_boundaries() -> None:
    whole = _game(b"ar\x03\x01", b"br\x06\x04", b"aD2")
    assert whole.tokens == (b"ar\x03\x01", b"br\x06\x04", b"aD2")
    assert _game().tokens == ()
    assert whole.starts_with(_game())
    assert whole.starts_with(_game(b"ar\x03\x01", b"br\x06\x04"))
    assert whole.starts_with(whole)
    # A prefix of the bytes that ends inside a token is not a prefix of the tokens.
    assert whole.starts_with(_game(b"ar\x03\x01", b"br\x06")) is False
    assert whole.starts_with(_game(b"ar\x03\x01", b"br\x06\x04", b"aD2", b"bT")) is False
    assert _game(b"ar\x03\x01").starts_with(_game(b"ar\x03")) is False


def test_a_compact_game_print_tells_prefixes_by_its_marks_or_says_it_cannot() -> None:
    tokens = [bytes([ord("a") + i % 2, ord("r"), i % 6 + 1, 1]) for i in range(12)]
    whole = _game(*tokens).compact()
    assert (whole.hashed, whole.count, len(whole.marks)) == (None, 12, 2)  # the first 4 and 8
    with pytest.raises(ValueError):
        _ = whole.tokens
    assert whole.starts_with(_game(*tokens[:8]).compact()) is True
    assert whole.starts_with(_game(*tokens[:4])) is True
    assert whole.starts_with(_game(*tokens)) is True
    # 6 tokens: no mark, the first 4 agree: only the tokens can tell.
    assert whole.starts_with(_game(*tokens[:6]).compact()) is None
    assert whole.starts_with(_game(*tokens[:5], b"bD2").compact()) is None
    # ... unless the marked prefix already differs.
    assert whole.starts_with(_game(b"bD2", *tokens[1:6]).compact()) is False
    assert whole.starts_with(_game(*tokens[:7], b"bD2").compact()) is False  # the first 8
    assert whole.starts_with(_game(*tokens, b"bT")) is False  # longer
    # A later game keeps no marks (dedupe's prints): only its whole digest.
    later = GamePrint(whole.fingerprint, whole.count)
    assert later.starts_with(_game(*tokens).compact()) is True
    assert later.starts_with(_game(*tokens[:4]).compact()) is None
    assert later.starts_with(_game(b"bD2", *tokens[1:6]).compact()) is None


def test_a_copy_cut_where_no_prefix_is_marked_is_told_by_reading_its_tokens_again(
    tmp_path: object,
) -> None:
    # Cut after 6 plays of game 1: the compact prints dedupe keeps have no digest of the
    # first 6 tokens, so the two files are fingerprinted again, with their tokens.
    whole = (REPO / "examples" / "gnubg_7pt.mat").read_text()
    head = whole.split("  4) 62: 20/14* 15/13 ")[0]
    cut = head + "  4) 62: 20/14* 15/13\n"
    other = head + "  4) 62: 20/14* 14/12\n"  # the same 5 plays, then another
    result = dedupe(_inputs(tmp_path, {"whole.mat": whole, "cut.mat": cut, "other.mat": other}))
    assert [len(g.occurrences) for g in result.groups] == [1, 1, 1]
    assert all(o.print.games[0].hashed is None for g in result.groups for o in g.occurrences)
    assert [g.occurrences[0].moves for g in result.groups][1:] == [6, 6]
    assert [(n.first.file, n.second.file, n.relation, n.shared_games) for n in result.near] == [
        ("cut.mat", "whole.mat", "truncated", 0)
    ]
