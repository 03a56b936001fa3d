"""The Kazaross XG2 match equity table and gnubg's equity <-> MWC maps (engine/met.py)."""

from __future__ import annotations

import pytest

from gamao_cli.engine import met


def test_table_entries_and_the_ends_of_a_cube() -> None:
    # rows and columns as in gnubg's met/Kazaross-XG2.xml: 7-away vs 7-away is row 7 col 6
    # for the side losing a point (0.43739) and row 6 col 7 for the side winning (0.56261)
    assert met.cube_range(7, 7, 1, False) == (0.43739, 0.56261)
    # 2 away in the Crawford game, the leader 1 away: losing ends the match, winning leaves
    # both 1 away after the Crawford game (the post-Crawford table's first entry, 0.5)
    assert met.cube_range(2, 1, 1, True) == (0.0, 0.5)
    # a free drop: 2 away after the Crawford game against 1 away, the post-Crawford 0.48803
    assert met.match_mwc(2, 1, post_crawford=True) == 0.48803
    # the Crawford game's leader at 1 away against 2 away: the pre-Crawford table's 0.67736
    assert met.match_mwc(1, 2, post_crawford=False) == 0.67736
    # a cube of 4 at 3-away 5-away: losing leaves 3 vs 1 (before the Crawford game: 0.24924
    # is row 3 col 1), winning wins the match
    assert met.cube_range(3, 5, 4, False) == (0.24924, 1.0)


def test_equity_and_mwc_are_linear_between_losing_and_winning_the_cube() -> None:
    assert met.equity_to_mwc(-1.0, 7, 7, 1, False) == 0.43739
    assert met.equity_to_mwc(1.0, 7, 7, 1, False) == 0.56261
    assert met.equity_to_mwc(0.5, 7, 7, 1, False) == pytest.approx(0.43739 + 0.12522 * 0.75)
    assert met.mwc_to_equity(met.equity_to_mwc(0.3, 4, 6, 2, False), 4, 6, 2, False) == (
        pytest.approx(0.3)
    )
    with pytest.raises(ValueError, match="25 away"):
        met.match_mwc(26, 3, post_crawford=False)


def test_the_same_numbers_as_bgsages_eq2mwc() -> None:
    """bgsage's engine (its own copy of the table, float) agrees to float precision."""
    cpp = pytest.importorskip("bgbot_cpp")
    for away in range(1, 12):
        for opp in range(1, 12):
            for cube in (1, 2, 4):
                for crawford in (False, True) if 1 in (away, opp) else (False,):
                    for equity in (-1.0, -0.25, 0.6, 1.0):
                        theirs = cpp.eq2mwc(equity, away, opp, cube, crawford)
                        ours = met.equity_to_mwc(equity, away, opp, cube, crawford)
                        assert ours == pytest.approx(theirs, abs=2e-7)
