"""Replaying variant games: self-played games come out clean, each broken variant rule gives
its own code with its rule id, tags are read and the user's --variant wins (reported)."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest

from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.replay import replay_match
from gamao_cli.engine.plays import generate
from gamao_cli.engine.ruleset import POOL, rule_set
from gamao_cli.formats.mat.reader import read_mat
from gamao_cli.model.actions import Action, Double, Move, SetPosition, Step, Take, Win
from gamao_cli.model.match import Game, Match, Rules, Variant
from tests.variant_games import play_match

PLAYED = list(Variant)


def mat(text: str) -> Match:
    [match] = list(read_mat(io.StringIO(text), "t.mat"))
    return match


def one_game(variant: Variant, actions: list[Action], length: int = 0) -> Match:
    game = Game(1, (0, 0) if length else None, tuple(actions))
    return Match(("alice", "bob"), length, (game,), rules=Rules(variant=variant, jacoby=False))


def findings(match: Match, options: CheckOptions | None = None) -> list[tuple[str, str | None]]:
    return [(f.code, f.rule) for f in replay_match(match, options).findings]


def mv(player: int, dice: tuple[int, int], *hops: tuple[int, int]) -> Move:
    return Move(player, dice, tuple(Step(f, t) for f, t in hops), text=f"{dice[0]}{dice[1]}")


@pytest.mark.parametrize("variant", PLAYED, ids=lambda v: v.value)
def test_self_played_games_replay_clean(variant: Variant) -> None:
    rs = rule_set(variant)
    replay = replay_match(play_match(rs, [1, 2, 3]))
    assert replay.findings == ()
    assert all(g.verified and g.ending == "bear-off" for g in replay.games)
    # Each game scores what the rule set says for the final board (X401/X430 otherwise).
    assert [g.points for g in replay.games] == [
        next(a for a in g.actions if isinstance(a, Win)).points for g in replay.match.games
    ]


def test_acey_deucey_entries_written_from_off_replay_clean() -> None:
    rs = rule_set(Variant.ACEY_DEUCEY)
    match = play_match(rs, [4, 5], entries_from_off=True)
    assert any(
        s.from_point == 0 and s.to_point >= 19
        for g in match.games
        for a in g.actions
        if isinstance(a, Move)
        for s in a.steps
    )
    assert replay_match(match).findings == ()


def test_hypergammon_mat_tag_is_read_and_replayed() -> None:
    m = mat(
        '; [Variation "HyperGammon (3)"]\n\n 0 point match\n\n Game 1\n'
        " alice : 0                      bob : 0\n"
        "  1) 31: 24/21 22/21               64: 24/18 23/19\n"
        "  2) 55: 23/13 21/11              Wins 1 point\n"
    )
    assert m.rules.variant is Variant.HYPERGAMMON
    replay = replay_match(m)
    assert [f.code for f in replay.findings] == ["X402"]  # a resignation, nothing illegal
    assert replay.games[0].verified


def test_tavla_home_board_hit_stops_the_checker_t4() -> None:
    # Alice: 8/5*/3 moves on after hitting on her 5-point.
    rs = rule_set(Variant.TAVLA)
    me = rs.board_from_points({8: 1, 6: 14})
    opp = rs.board_from_points({20: 1, 6: 14})
    start = SetPosition(boards=(me, opp), turn=0)
    game = Game(1, None, (mv(0, (3, 2), (8, 5), (5, 3)),), start=start)
    match = Match(("alice", "bob"), 0, (game,), rules=Rules(variant=Variant.TAVLA))
    got = replay_match(match).findings
    assert [(f.code, f.rule) for f in got][:1] == [("R233", "T4")]
    assert got[0].message == (
        "a checker that hit in the home board moves on (it must stop for the turn)"
    )


def _nardy(actions: list[Action]) -> list[tuple[str, str | None]]:
    return [c for c in findings(one_game(Variant.LONG_NARDY, actions)) if c[0] != "X414"]


def test_long_nardy_rules_n3_n4_n5_as_findings() -> None:
    # N4: two checkers from the head on a non-exception roll.
    assert _nardy([mv(0, (6, 1), (24, 18), (24, 23))]) == [("R231", "N4")]
    # N3: Black's 6-5 from his head lands on White's checker (White on W13 = Black's 1...)
    # here: White 24/13 (a 6 and a 5), Black 24/13 is Black's 13 = White's 1: free; but Black
    # 24/12 would land on White's head (W24 = Black's 12).
    assert _nardy([mv(0, (6, 5), (24, 13)), mv(1, (6, 6), (24, 18), (18, 12))]) == [
        ("R230", "N3"),
        ("R222", None),
    ]


def test_acey_deucey_one_two_named_double_and_reroll_a4() -> None:
    pool_12 = [mv(0, (1, 2), (POOL, 24), (POOL, 23))]
    # The named double (3-3) then the reroll by the same player: clean.
    clean = [
        *pool_12,
        mv(0, (3, 3), (POOL, 22), (POOL, 22), (POOL, 22), (POOL, 22)),
        mv(0, (6, 5), (POOL, 19), (POOL, 20)),
        mv(1, (6, 5), (POOL, 19), (POOL, 20)),
    ]
    assert [c for c in findings(one_game(Variant.ACEY_DEUCEY, clean)) if c[0] != "X414"] == []
    # The other player rolls right after the 1-2: R236.
    skipped = [*pool_12, mv(1, (6, 5), (POOL, 19), (POOL, 20))]
    got = [c for c in findings(one_game(Variant.ACEY_DEUCEY, skipped)) if c[0] != "X414"]
    assert got == [("R236", "A4")]
    # The same player's next roll is not a double: R237.
    wrong = [*pool_12, mv(0, (6, 5), (POOL, 19), (POOL, 20))]
    got = [c for c in findings(one_game(Variant.ACEY_DEUCEY, wrong)) if c[0] != "X414"]
    assert got == [("R237", "A4")]


def test_roll_again_after_double_house_rule() -> None:
    opts = CheckOptions(house_rules=("roll-again-after-double",))
    moves: list[Action] = [
        mv(0, (3, 1), (8, 5), (6, 5)),
        mv(1, (4, 4), (13, 9), (13, 9), (6, 2), (6, 2)),
        mv(1, (6, 5), (13, 7), (13, 8)),
    ]
    m = one_game(Variant.STANDARD, moves)
    assert ("R215", None) in findings(m)
    assert [c for c in findings(m, opts) if c[0] != "X414"] == []
    # Without the extra roll the other player's roll breaks the house rule.
    m2 = one_game(Variant.STANDARD, [*moves[:2], mv(0, (6, 5), (24, 18), (18, 13))])
    assert [c for c in findings(m2, opts) if c[0] != "X414"] == [("R236", "A4")]


def test_five_checker_limit_house_rule() -> None:
    opts = CheckOptions(house_rules=("five-checker-limit",))
    m = one_game(Variant.STANDARD, [mv(0, (2, 1), (8, 6), (24, 23))])
    assert [c for c in findings(m, opts) if c[0] != "X414"] == [
        ("R234", "house:five-checker-limit")
    ]
    assert [c for c in findings(m) if c[0] != "X414"] == []


def test_opening_double_allowed_where_the_opening_is_rerolled() -> None:
    m = one_game(Variant.TAVLA, [mv(0, (3, 3), (8, 5), (8, 5), (6, 3), (6, 3))])
    assert [c for c in findings(m) if c[0] != "X414"] == []
    std = one_game(Variant.STANDARD, [mv(0, (3, 3), (8, 5), (8, 5), (6, 3), (6, 3))])
    assert ("R213", "S3") in findings(std)
    opts = CheckOptions(house_rules=("reroll-opening",))
    assert ("R213", "S3") not in findings(std, opts)
    use_dice = CheckOptions(rule_options=(("opening", "use-dice"),))
    assert ("R213", "S3") in findings(m, use_dice)


def test_no_cube_in_tavla_c320_and_the_option_that_turns_it_on() -> None:
    actions: list[Action] = [mv(0, (3, 1), (8, 5), (6, 5)), Double(1, 2), Take(0)]
    m = one_game(Variant.TAVLA, actions)
    assert [c for c in findings(m) if c[0] != "X414"] == [("C320", "T7")]
    on = CheckOptions(rule_options=(("cube", "on"),))
    assert [c for c in findings(m, on) if c[0] != "X414"] == []


def test_tavla_scoring_x430_and_resignations_x431() -> None:
    rs = rule_set(Variant.TAVLA)
    match = play_match(rs, [1])
    game = match.games[0]
    win = game.actions[-1]
    assert isinstance(win, Win)
    wrong = Win(win.player, 3)
    bad = Match(match.players, 0, (Game(1, None, (*game.actions[:-1], wrong)),), rules=match.rules)
    got = replay_match(bad).findings
    assert [(f.code, f.rule) for f in got] == [("X430", "T6")]
    resign = one_game(Variant.TAVLA, [mv(0, (3, 1), (8, 5), (6, 5)), Win(0, 3)])
    assert findings(resign) == [("X431", "T6")]
    nardy = one_game(Variant.LONG_NARDY, [mv(0, (3, 1), (24, 20)), Win(0, 2)])
    assert findings(nardy) == [("X402", "E5")]


def test_variant_override_is_reported_x432() -> None:
    m = one_game(Variant.HYPERGAMMON, [mv(0, (3, 1), (8, 5), (6, 5))])
    got = replay_match(m, CheckOptions(variant=Variant.STANDARD)).findings
    assert (got[0].code, got[0].message) == (
        "X432",
        "the record says hypergammon; replayed as standard as asked",
    )


def test_automatic_doubles_are_for_money_play_c321() -> None:
    opts = CheckOptions(house_rules=("automatic-doubles",))
    game = Game(1, (0, 0), (mv(0, (3, 1), (8, 5), (6, 5)),), cube_value=2)
    match = Match(("alice", "bob"), 5, (game,))
    got = [(f.code, f.message) for f in replay_match(match, opts).findings]
    assert got[0] == (
        "C321",
        "the game starts with the cube at 2 (automatic doubles), but this is match play",
    )
    assert "C321" not in [f.code for f in replay_match(match).findings]
    money = Match(("alice", "bob"), 0, (replace(game, score=None),))
    assert "C321" not in [f.code for f in replay_match(money, opts).findings]


def _bgammon(match: Match, variant_number: int) -> str:
    """A bgammon.org replay of ``match``'s first game, written as its server writes one
    (research/variants.md section 6): both players in player 1's numbering, entries from
    ``off``, the named double and the reroll as further lines of the same player."""
    game = match.games[0]
    win = next(a for a in game.actions if isinstance(a, Win))
    assert win.player is not None
    lines = [f"i 1700000000 ann bob 0 0 0 {win.player + 1} 1 {variant_number}"]

    tabula = variant_number == 2

    def name(player: int, p: int) -> str:
        if p in (0, POOL):
            return "off"
        if p == 25:
            return "bar"
        # Tabula: both players run 1 to 24 as written (own point p is written 25 - p).
        return str(p if player == 0 and not tabula else 25 - p)

    for a in game.actions:
        if isinstance(a, Move):
            dice = "-".join(map(str, sorted(a.all_dice, reverse=True)))
            steps = " ".join(
                f"{name(a.player, s.from_point)}/{name(a.player, s.to_point)}" for s in a.steps
            )
            lines.append(f"{a.player + 1} r {dice} {steps}".rstrip())
    return "\n".join(lines) + "\n"


def test_bgammon_acey_deucey_replays_replay_clean() -> None:
    from gamao_cli.formats.inputs import read_path

    # Self-played under bgammon.org's own options, which its reader gives the record.
    rs = rule_set(Variant.ACEY_DEUCEY, options=(("bearoff", "exact"), ("reroll", "always")))
    one_twos = 0
    for seed in (11, 12, 13, 14):
        made = play_match(rs, [seed], entries_from_off=True)
        [match] = list(read_path(_bgammon(made, 1).encode("utf-8")))
        assert match.rules.variant is Variant.ACEY_DEUCEY
        moves = [a for a in match.games[0].actions if isinstance(a, Move)]
        one_twos += sum(1 for m in moves if sorted(m.dice) == [1, 2])
        replay = replay_match(match)
        assert [(f.code, f.message) for f in replay.findings] == []
        assert replay.games[0].verified and replay.games[0].ending == "bear-off"
        assert replay.games[0].points == next(
            a.points for a in made.games[0].actions if isinstance(a, Win)
        )
    assert one_twos > 0  # the 1-2 with its named double and reroll is exercised


def test_bgammon_tabula_replays_replay_clean() -> None:
    from gamao_cli.formats.inputs import read_path

    rs = rule_set(Variant.TABULA)
    for seed in (21, 22, 23, 24):
        made = play_match(rs, [seed], entries_from_off=True)
        [match] = list(read_path(_bgammon(made, 2).encode("utf-8")))
        assert match.rules.variant is Variant.TABULA
        moves = [a for a in match.games[0].actions if isinstance(a, Move)]
        assert all(len(m.roll) == 3 for m in moves)
        replay = replay_match(match)
        assert [(f.code, f.message) for f in replay.findings] == []
        assert replay.games[0].verified and replay.games[0].ending == "bear-off"
        assert replay.games[0].points == next(
            a.points for a in made.games[0].actions if isinstance(a, Win)
        )


def test_bgammon_tabula_broken_rules_are_found() -> None:
    from gamao_cli.formats.inputs import read_path

    text = (
        "i 1700000000 ann bob 0 0 0 1 1 2\n"
        "1 r 6-5-4 off/4 4/10 10/15\n"  # past the 12th point with 14 still to enter: R239
        "2 r 6-5-4 off/6 off/5 off/4\n"
        "1 r 3-2-1 off/3 off/2 15/16\n"
    )
    [match] = list(read_path(text.encode("utf-8")))
    got = [(f.code, f.rule, f.message) for f in replay_match(match).findings]
    assert got[0] == (
        "R239",
        "tabula:enter-first",
        "a checker passes the 12th point while checkers remain to enter (tabula: every checker "
        "enters first)",
    )


def test_bgammon_acey_deucey_broken_rules_are_found() -> None:
    from gamao_cli.formats.inputs import read_path

    text = (
        "i 1700000000 ann bob 0 0 0 1 1 1\n"
        "1 r 2-1 off/23 off/24\n"
        "1 r 6-4 off/19 off/21\n"  # not a double after the 1-2: R237
    )
    [match] = list(read_path(text.encode("utf-8")))
    got = [f.code for f in replay_match(match).findings]
    assert got[:1] == ["R237"]


def test_a_named_double_that_cannot_be_played_ends_the_turn() -> None:
    # Alice's 1-2 enters on her 24 and 23; she names 6-6, but Bob holds her 19, 18 and 17
    # (his 6, 7, 8): nothing can enter or move, the turn ends without its reroll (A4), and
    # Bob's roll is in turn.
    rs = rule_set(Variant.ACEY_DEUCEY)
    bob = rs.board_from_points({6: 2, 7: 2, 8: 2, POOL: 9})
    alice = rs.board_from_points({POOL: 15})
    start = SetPosition(boards=(alice, bob), turn=0)
    actions: list[Action] = [
        mv(0, (1, 2), (POOL, 24), (POOL, 23)),
        Move(0, (6, 6), (), text="66"),
        mv(1, (6, 5), (POOL, 19), (POOL, 20)),
    ]
    game = Game(1, None, tuple(actions), start=start)
    match = Match(("alice", "bob"), 0, (game,), rules=Rules(variant=Variant.ACEY_DEUCEY))
    after_12 = rs.board_from_points({24: 1, 23: 1, POOL: 13})
    assert generate(rs, after_12, bob, (6, 6)) == (0, [])
    assert [f.code for f in replay_match(match).findings if f.code != "X414"] == []


def test_acey_deucey_reroll_always_option() -> None:
    # As above, but under bgammon.org's rule (reroll=always) Alice rolls again even though
    # her named double could not be played; Bob rolling instead is R236.
    rs = rule_set(Variant.ACEY_DEUCEY, options=(("reroll", "always"),))
    bob = rs.board_from_points({6: 2, 7: 2, 8: 2, POOL: 9})
    alice = rs.board_from_points({POOL: 15})
    after_12 = rs.board_from_points({24: 1, 23: 1, POOL: 13})
    play = generate(rs, after_12, bob, (6, 5))[1][0]
    again = Move(0, (6, 5), tuple(Step(f, t) for f, t, _ in play.steps), text="65")
    head: list[Action] = [mv(0, (1, 2), (POOL, 24), (POOL, 23)), Move(0, (6, 6), (), text="66")]
    opts = CheckOptions(rule_options=(("reroll", "always"),))

    def codes(actions: list[Action], options: CheckOptions | None) -> list[str]:
        start = SetPosition(boards=(alice, bob), turn=0)
        game = Game(1, None, tuple(actions), start=start)
        match = Match(("alice", "bob"), 0, (game,), rules=Rules(variant=Variant.ACEY_DEUCEY))
        return [f.code for f in replay_match(match, options).findings if f.code != "X414"]

    assert codes([*head, again], opts) == []
    assert codes([*head, mv(1, (6, 5), (POOL, 19), (POOL, 20))], opts) == ["R236"]
    assert codes([*head, again], None) == ["R215"]  # by default the turn had ended


_OPENING_GMD = (
    "GMD-2\nlength: 3\nPlayer:W: Ana\nPlayer:B: Bia\nGame:\n"
    "Roll:-: 4 2\nMove:W: 8/4 6/4\n"  # the colourless opening roll, played by White
)
_OPENING_JAVAFIBS = (
    "JavaFIBS internal match representation v1.1\r\n8:Ann:3\r\n13:Ann:\r\n6:You:Ann\r\n"
    "11:You:3 1\r\n1:You:17-20 19-20\r\n"  # opcode 11: the opening roll, then its play
)


@pytest.mark.parametrize("text", [_OPENING_GMD, _OPENING_JAVAFIBS], ids=["gmd", "javafibs"])
def test_an_opening_roll_played_under_reroll_the_opening(text: str) -> None:
    from gamao_cli.formats.inputs import read_path

    [match] = [m for m in read_path(text.encode()) if m.games]
    assert ("opening-roll", "played") in match.games[0].properties
    house = CheckOptions(house_rules=("reroll-opening",))
    found = [f for f in replay_match(match, house).findings if f.code == "R238"]
    assert [(f.rule, f.line, f.game, f.message) for f in found] == [
        (
            "house:reroll-opening",
            7 if text is _OPENING_GMD else 6,  # the line of the play
            1,
            "the opening roll is played, but under house:reroll-opening its winner rolls "
            "both dice again",
        )
    ]
    assert [f for f in replay_match(match, CheckOptions()).findings if f.code == "R238"] == []
    tavla = replay_match(match, CheckOptions(variant=Variant.TAVLA)).findings
    assert [f.rule for f in tavla if f.code == "R238"] == ["T2"]  # tavla's opening rerolls
    use_dice = CheckOptions(variant=Variant.TAVLA, rule_options=(("opening", "use-dice"),))
    assert [f for f in replay_match(match, use_dice).findings if f.code == "R238"] == []


def test_a_coloured_first_roll_is_not_an_opening_roll_played() -> None:
    from gamao_cli.formats.inputs import read_path

    text = _OPENING_GMD.replace("Roll:-: 4 2", "Roll:W: 4 2")
    [match] = [m for m in read_path(text.encode()) if m.games]
    assert match.games[0].properties == ()
    house = CheckOptions(house_rules=("reroll-opening",))
    assert [f for f in replay_match(match, house).findings if f.code == "R238"] == []


def test_tabula_rolls_are_named_in_full_and_left_out_of_the_dice_counts() -> None:
    from gamao_cli.analysis.tables import build_tables, dice_counts

    rs = rule_set(Variant.TABULA)
    replay = replay_match(play_match(rs, [21]))
    tables = build_tables([replay])
    rolls = tables.plays["roll"].to_list()
    assert all(len(r) == 3 and list(r) == sorted(r, reverse=True) for r in rolls)
    counts = dice_counts(tables.plays)
    assert sum(counts.row(0)) == 0


def test_forced_plays_of_variants_are_counted_not_guessed() -> None:
    """Long Nardy's first 1-1 is forced (one checker leaves the head, N4): one legal play,
    counted from the rule set's own plays (the other head checkers are no rivals)."""
    match = one_game(Variant.LONG_NARDY, [mv(0, (1, 1), (24, 23), (23, 22), (22, 21), (21, 20))])
    replay = replay_match(match, CheckOptions(analyse_plays=True))
    assert [p.legal_count for p in replay.plays] == [1]
