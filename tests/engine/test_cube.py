"""The cube state machine (RULES.md C1-C7) and match score (C4, X1-X3)."""

from __future__ import annotations

from gamao_cli.engine.cube import CubeState
from gamao_cli.engine.match_score import MatchScore


def test_c1_c3_centred_cube_either_may_double_then_taker_owns() -> None:
    cube = CubeState()
    assert cube.may_double(0) is None and cube.may_double(1) is None
    cube, why = cube.double(0, 2)
    assert why is None and cube.offered_by == 0
    cube, why = cube.take(1)
    assert why is None
    assert (cube.value, cube.owner, cube.offered_by, cube.turned) == (2, 1, None, True)


def test_c3_only_the_owner_redoubles() -> None:
    cube = CubeState(value=2, owner=1)
    _, why = cube.double(0, 4)
    assert why is not None and (why.kind, why.rule) == ("double-not-owner", "C3")
    assert why.message == "only the cube's owner may redouble, and the 2-cube is the opponent's"
    _, why = cube.double(1, 4)
    assert why is None


def test_c3_wrong_value_and_pending_double() -> None:
    _, why = CubeState(value=2, owner=0).double(0, 8)
    assert why is not None and why.kind == "double-value"
    pending = CubeState(offered_by=0)
    _, why = pending.double(0)
    assert why is not None and why.kind == "double-pending"


def test_take_or_drop_without_a_double() -> None:
    _, why = CubeState().take(1)
    assert why is not None and (why.kind, why.rule) == ("response-no-double", "C3")
    _, why = CubeState().drop(0)
    assert why is not None and why.kind == "response-no-double"
    _, why = CubeState(offered_by=1).take(1)
    assert why is not None and why.kind == "response-own-double"


def test_e6_drop_keeps_the_value_before_the_double() -> None:
    cube, why = CubeState(value=2, owner=0).double(0, 4)
    cube, why = cube.drop(1)
    assert why is None and cube.drop_value == 2 and cube.offered_by is None


def test_c4_no_double_in_the_crawford_game() -> None:
    _, why = CubeState(crawford=True).double(0, 2)
    assert why is not None and (why.kind, why.rule) == ("double-crawford", "C4")


def test_c6_beaver_money_only_and_rule() -> None:
    cube, _ = CubeState(money=True).double(0, 2)
    after, why = cube.beaver(1)
    assert why is None
    # The beaver waits for the doubler: taking gives a 4-cube owned by the beaverer...
    assert (after.offered_by, after.pending_value, after.pending_owner) == (1, 4, 1)
    taken = after.accepted()
    assert (taken.value, taken.owner, taken.offered_by, taken.beavered) == (4, 1, None, True)
    # ...dropping loses the doubled cube (2), and beavering back (a raccoon) makes it 8.
    dropped, why = after.drop(0)
    assert why is None and dropped.drop_value == 2
    raccoon, why = after.beaver(0)
    assert why is None
    assert (raccoon.drop_value, raccoon.pending_value, raccoon.pending_owner) == (4, 8, 1)
    match_cube, _ = CubeState(money=False).double(0, 2)
    _, why = match_cube.beaver(1)
    assert why is not None and (why.kind, why.rule) == ("beaver-match", "C6")
    off, _ = CubeState(money=True, beavers=False).double(0, 2)
    _, why = off.beaver(1)
    assert why is not None and why.kind == "beaver-off"


def test_c7_no_cube() -> None:
    _, why = CubeState(enabled=False).double(1, 2)
    assert why is not None and (why.kind, why.rule) == ("double-no-cube", "C7")


def test_cube_limit() -> None:
    _, why = CubeState(value=64, owner=0, limit=64).double(0, 128)
    assert why is not None and why.kind == "double-limit"


def test_x1_x3_match_score_progression() -> None:
    ms = MatchScore(5)
    ms = ms.after(0, 2).after(1, 2)
    assert ms.score == (2, 2) and not ms.is_over
    ms = ms.after(0, 2)
    assert ms.is_crawford_game
    ms = ms.after(1, 1)
    assert (ms.score, ms.is_crawford_game, ms.is_post_crawford) == ((4, 3), False, True)
    ms = ms.after(1, 2)
    assert ms.is_over and ms.winner == 1 and not ms.is_post_crawford


def test_money_is_never_over_and_has_no_crawford() -> None:
    ms = MatchScore(0, (30, 2))
    assert not ms.is_over and not ms.is_crawford_game and ms.winner is None


def test_crawford_rule_off() -> None:
    assert not MatchScore(7, (6, 0), crawford_rule=False).is_crawford_game


def test_resumed_match_at_match_point_is_the_crawford_game() -> None:
    ms = MatchScore(7).restated((6, 3))
    assert ms.is_crawford_game


def test_a_state_after_an_action_keeps_the_games_rules_field_by_field() -> None:
    """CubeState._after builds the state positionally: pinned against replace(), with every
    field set to a value no other field has."""
    from dataclasses import fields, replace

    state = CubeState(2, 1, 0, 8, 0, 3, True, True, False, True, True, False, 64, True)
    assert [f.name for f in fields(CubeState)] == [
        "value", "owner", "offered_by", "pending_value", "pending_owner", "drop_value",
        "beaver_pending", "turned", "enabled", "crawford", "money", "beavers", "limit",
        "beavered",
    ]  # fmt: skip
    after = state._after(4, 0, 1, 16, 1, 5, False, False, False)
    assert after == replace(
        state, value=4, owner=0, offered_by=1, pending_value=16, pending_owner=1,
        drop_value=5, beaver_pending=False, turned=False, beavered=False,
    )  # fmt: skip


def test_the_crawford_game_is_exactly_one_player_at_match_point_before_it_is_played() -> None:
    import itertools

    for length, a, b, rule, played in itertools.product(
        range(8), range(9), range(9), (True, False), (True, False)
    ):
        ms = MatchScore(length, (a, b), rule, played)
        at_point = [s == length - 1 for s in (a, b)].count(True) == 1
        expected = rule and length > 1 and not played and not ms.is_over and at_point
        assert ms.is_crawford_game == expected, ms
