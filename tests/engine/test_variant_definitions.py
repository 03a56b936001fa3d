"""The variants' definitions (engine.variants): each variant's rule set is its definition's,
options are validated against it, and what the rest of gamao says of a variant comes from it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamao_cli.analysis.conversion import no_notation
from gamao_cli.engine.rule_options import ALL_OPTIONS
from gamao_cli.engine.ruleset import OPTIONS, POOL, Block, Head, Scoring, rule_set
from gamao_cli.engine.variants import (
    DEFINITIONS,
    VARIANT_CHOICES,
    definition,
    option_problem,
    variant_named,
)
from gamao_cli.model.match import Variant


def test_every_variant_has_one_definition() -> None:
    assert sorted(d.variant.value for d in DEFINITIONS) == sorted(v.value for v in Variant)
    assert VARIANT_CHOICES == (
        "standard",
        "nackgammon",
        "hypergammon",
        "hypergammon3",
        "hypergammon2",
        "hypergammon1",
        "tavla",
        "longnardy",
        "aceydeucey",
        "tabula",
    )


def test_the_rules_of_each_variant_with_its_options_defaults() -> None:
    tavla = rule_set(Variant.TAVLA)  # T2, T4, T6, T7
    assert (tavla.home_hit_freeze, tavla.opening_reroll, tavla.cube, tavla.scoring) == (
        True,
        True,
        False,
        Scoring.MARS,
    )
    nardy = rule_set(Variant.LONG_NARDY)  # N1-N9
    assert (nardy.start_points, nardy.same_direction, nardy.single_blocks, nardy.hitting) == (
        ((24, 15),),
        True,
        True,
        False,
    )
    assert (nardy.head, nardy.block, nardy.koks, nardy.cube, nardy.scoring) == (
        Head.FIXED,
        Block.STEP,
        False,
        False,
        Scoring.MARS,
    )
    acey = rule_set(Variant.ACEY_DEUCEY)  # A1-A8
    assert (acey.start_points, acey.pool, acey.acey_deucey, acey.bearoff_exact) == (
        ((POOL, 15),),
        True,
        True,
        False,
    )
    assert (acey.acey_reroll_always, acey.doubles_extra_roll, acey.scoring) == (
        False,
        False,
        Scoring.PER_CHECKER,
    )
    tabula = rule_set(Variant.TABULA)
    assert (tabula.dice, tabula.home_points, tabula.shared_track, tabula.enter_first) == (
        3,
        12,
        True,
        True,
    )
    assert (tabula.tabula_moves, tabula.scoring, tabula.cube) == (True, Scoring.TABULA, False)
    nack = rule_set(Variant.NACKGAMMON)
    assert nack.start_board()[:25] == (0, 0, 0, 0, 0, 0, 4, 0, 3, 0, 0, 0, 0, 4) + (0,) * 9 + (
        2,
        2,
    )
    assert [rule_set(v).checkers for v in Variant] == [15, 15, 3, 1, 2, 15, 15, 15, 15]


def test_an_option_value_changes_only_what_it_sets() -> None:
    nardy = rule_set(Variant.LONG_NARDY)
    loose = rule_set(Variant.LONG_NARDY, options=(("block", "off"), ("head", "needed")))
    assert (loose.block, loose.head, loose.head_needed, loose.step_block) == (
        Block.OFF,
        Head.NEEDED,
        True,
        False,
    )
    assert replace(loose, block=Block.STEP, head=Head.FIXED, options=()) == nardy
    assert rule_set(Variant.ACEY_DEUCEY, options=(("scoring", "standard"),)).max_level() == 3


def test_no_option_sets_what_its_variant_fixes() -> None:
    for d in DEFINITIONS:
        for option in d.options:
            for value in option.values:
                assert not set(option.fields(value)) & set(d.rules), (d.variant, option.key)
                rs = rule_set(d.variant, options=((option.key, value),))
                assert rs.option(option.key) == value


def test_derived_booleans_follow_the_fields() -> None:
    nardy = rule_set(Variant.LONG_NARDY)
    assert (nardy.head_fixed, nardy.step_block, nardy.standard_moves) == (True, True, False)
    bare = replace(nardy, head=Head.NONE, block=Block.OFF)
    assert (bare.head_fixed, bare.head_needed, bare.step_block, bare.final_block) == (
        False,
        False,
        False,
        False,
    )
    tavla = rule_set(Variant.TAVLA)
    assert (tavla.standard_apart_from_entry_and_freeze, tavla.standard_moves) == (True, False)


def test_the_options_table_says_which_variants_take_which_values() -> None:
    assert OPTIONS == {
        "opening": (
            (Variant.TAVLA, Variant.LONG_NARDY, Variant.ACEY_DEUCEY),
            ("reroll", "use-dice"),
        ),
        "home-hit": ((Variant.TAVLA,), ("freeze", "free")),
        "head": ((Variant.LONG_NARDY,), ("fixed", "needed")),
        "block": ((Variant.LONG_NARDY,), ("step", "final", "off")),
        "koks": ((Variant.LONG_NARDY,), ("off", "3")),
        "cube": ((Variant.TAVLA, Variant.LONG_NARDY, Variant.ACEY_DEUCEY), ("off", "on")),
        "reroll": ((Variant.ACEY_DEUCEY,), ("complete", "always")),
        "doubles": ((Variant.ACEY_DEUCEY,), ("normal", "extra-roll")),
        "bearoff": ((Variant.ACEY_DEUCEY,), ("normal", "exact")),
        "scoring": ((Variant.ACEY_DEUCEY,), ("per-checker", "standard")),
    }
    assert [o.key for o in ALL_OPTIONS] == list(OPTIONS)


@pytest.mark.parametrize(
    ("variant", "key", "value", "problem"),
    [
        (Variant.TAVLA, "home-hit", "free", None),
        (None, "head", "needed", None),
        (
            None,
            "heads",
            "fixed",
            "unknown option 'heads' (known: bearoff, block, cube, doubles, head, home-hit, "
            "koks, opening, reroll, scoring)",
        ),
        (
            Variant.TABULA,
            "cube",
            "on",
            "option 'cube' applies to tavla, longnardy, aceydeucey, not tabula (valid for "
            "tabula: none)",
        ),
        (Variant.LONG_NARDY, "koks", "2", "option koks: '2' is not one of off, 3"),
        (None, "block", "", "option block: '' is not one of step, final, off"),
    ],
)
def test_option_problems_name_the_valid_keys_or_values(
    variant: Variant | None, key: str, value: str, problem: str | None
) -> None:
    assert option_problem(variant, key, value) == problem


@pytest.mark.parametrize(
    ("name", "variant"),
    [
        ("HyperGammon (3)", Variant.HYPERGAMMON),
        ("HyperGammon", Variant.HYPERGAMMON),
        ("2-checker hypergammon", Variant.HYPERGAMMON2),
        ("1 Chequer Hypergammon", Variant.HYPERGAMMON1),
        ("Backgammon", Variant.STANDARD),
        ("Nack", Variant.NACKGAMMON),
        ("Long Nardy", Variant.LONG_NARDY),
        ("nardy", Variant.LONG_NARDY),
        ("Acey-Deucey", Variant.ACEY_DEUCEY),
        ("Tabula", Variant.TABULA),
        ("chess", None),
    ],
)
def test_variants_are_named_as_records_spell_them(name: str, variant: Variant | None) -> None:
    assert variant_named(name) is variant


def test_what_each_format_writes_of_a_variant() -> None:
    assert [(d.mat_name, d.sgf_name) for d in DEFINITIONS] == [
        ("Backgammon", None),
        ("NackGammon", "Nackgammon"),
        ("HyperGammon (3)", "Hypergammon3"),
        ("HyperGammon (2)", "Hypergammon2"),
        ("HyperGammon (1)", "Hypergammon1"),
        ("Tavla", "Tavla"),
        ("LongNardy", "LongNardy"),
        ("AceyDeucey", "AceyDeucey"),
        ("Tabula", None),
    ]
    skipped = {(t, v) for v in Variant for t in ("mat", "sgf", "json") if no_notation(t, v)}
    assert skipped == {
        ("sgf", Variant.ACEY_DEUCEY),  # entries from off the board
        ("sgf", Variant.TABULA),
        ("mat", Variant.TABULA),  # three dice
    }
    assert [d.variant for d in DEFINITIONS if d.enters_in_mat] == [Variant.ACEY_DEUCEY]
    assert definition(Variant.LONG_NARDY).result_names == ("oin", "mars", "koks")
