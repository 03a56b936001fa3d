"""Snowie text positions, checked against the three illegal-play cells of the real corpus.

``bgnori-bglib/Nori-Kenji081229.txt`` (left column nori = player 0, right Kenji = player 1)
holds three ``Illegal play (...)`` cells. Each gives the position after the illegal play
with the next player on roll. The replay below plays the rest of the game from the decoded
position with a minimal checker mover and checks every recorded play fits it.
"""

from __future__ import annotations

import re

import pytest

from gamao_cli.engine.ids import IdError
from gamao_cli.engine.position import Position, board_from_points
from gamao_cli.engine.snowie import SnowiePosition, decode_snowie
from tests.helpers import CORPUS, require_corpus

NORI_KENJI = CORPUS / "bgnori-bglib" / "Nori-Kenji081229.txt"

# The three cells as written (file lines 315, 486 and 517).
CELL_GAME_11 = (
    "25;0;1;0;0;Kenji;nori;0;10;8;2;1;0;3;4;2;2;2;0;0;0;0;0;0;0;0;0;0;0;0;0;-3;-3;-3;-2;-2;-2;"
    "2;1;1;"
)
CELL_GAME_17 = (
    "25;0;1;0;1;nori;Kenji;0;15;18;2;-1;0;3;-2;8;0;-1;3;0;0;-1;0;-1;0;0;-1;0;0;0;0;-2;-2;-3;"
    "-2;0;1;0;4;3;"
)
CELL_GAME_18 = (
    "25;0;1;0;0;Kenji;nori;0;20;15;1;0;0;-1;0;-1;-2;2;6;2;2;0;2;0;0;0;0;0;0;0;0;0;-2;-3;-3;"
    "-3;0;1;0;0;"
)


def test_decode_game_11_cell() -> None:
    # nori (left) rolled 11 and played illegally; Kenji (right) is on roll with 11, 2 on the bar.
    assert decode_snowie(CELL_GAME_11) == SnowiePosition(
        match_length=25,
        jacoby=False,
        unknown=(1, 0),
        on_roll_field=0,
        names=("Kenji", "nori"),
        crawford=False,
        scores=(10, 8),
        cube_value=2,
        cube_owner=1,
        on_roll=board_from_points({1: 3, 2: 4, 3: 2, 4: 2, 5: 2, 25: 2}),
        other=board_from_points({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}),
        dice=(1, 1),
    )


def test_decode_game_17_cell() -> None:
    # Kenji (right) rolled 21 and played illegally; nori (left) is on roll with 43.
    snowie = decode_snowie(CELL_GAME_17)
    assert (snowie.on_roll_field, snowie.names, snowie.scores) == (1, ("nori", "Kenji"), (15, 18))
    assert (snowie.cube_value, snowie.cube_owner, snowie.dice) == (2, -1, (4, 3))
    assert snowie.on_roll == board_from_points({1: 3, 3: 8, 6: 3, 24: 1})
    assert snowie.other == board_from_points(
        {23: 2, 20: 1, 16: 1, 14: 1, 11: 1, 6: 2, 5: 2, 4: 3, 3: 2}
    )
    pos = snowie.position(0)
    assert pos.turn == 0
    assert pos.boards == (snowie.on_roll, snowie.other)
    assert snowie.owner_player(0) == 1  # Kenji took nori's double


def test_decode_game_18_cell_before_a_cube_action() -> None:
    # nori (left) played 21 illegally; Kenji's next action is a double, so no dice.
    snowie = decode_snowie(" " + CELL_GAME_18[:-1] + " ")
    assert snowie.dice is None
    assert (snowie.cube_value, snowie.cube_owner, snowie.owner_player(1)) == (1, 0, -1)
    assert snowie.on_roll == board_from_points({5: 2, 6: 6, 7: 2, 8: 2, 10: 2, 25: 1})
    assert snowie.other == board_from_points({24: 1, 22: 1, 21: 2, 5: 2, 4: 3, 3: 3, 2: 3})
    assert (snowie.on_roll[0], snowie.other[0]) == (0, 0)
    assert snowie.position(1).pips(1) == 5 * 2 + 6 * 6 + 7 * 2 + 8 * 2 + 10 * 2 + 25


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("25;0;1", "has 3 ';'-separated fields, not 40"),
        (CELL_GAME_11 + "0;", "has 41 ';'-separated fields, not 40"),
        (
            CELL_GAME_11.replace(";Kenji;nori;0;10;", ";Kenji;nori;0;x;"),
            "field 8 'x' is not a whole number",
        ),
        (CELL_GAME_11.replace(";-2;-2;-2;2;1;1;", ";-2;-2;-2;2;1;7;"), "field 39 is 7, not 0..6"),
        (
            CELL_GAME_11.replace(";-2;-2;-2;2;1;1;", ";-2;-2;-2;2;0;1;"),
            "dice 0 and 1 (both 1..6, or both 0)",
        ),
        (CELL_GAME_11.replace(";10;8;2;1;", ";10;8;3;1;"), "cube value 3 is not a power of 2"),
        (CELL_GAME_11.replace(";10;8;2;1;", ";10;8;2;2;"), "field 11 is 2, not -1..1"),
        (
            CELL_GAME_11.replace(";-2;-2;-2;2;1;1;", ";-2;-2;-2;3;1;1;"),
            "the player on roll has 16 checkers, more than 15",
        ),
        (
            CELL_GAME_11.replace(";10;8;2;1;0;", ";10;8;2;1;1;"),
            "the other player has 16 checkers, more than 15",
        ),
    ],
)
def test_snowie_errors(text: str, why: str) -> None:
    with pytest.raises(IdError) as info:
        decode_snowie(text)
    assert str(info.value) == f"Snowie position {text.strip()!r}: {why}"


# --- the corpus: replay the rest of each game from the decoded position ----------------


def _need_file() -> list[str]:
    require_corpus(NORI_KENJI)
    return NORI_KENJI.read_text(encoding="ascii").splitlines()


_CELL = re.compile(r"^\s*(\d)(\d):(.*)$")
_STEP = re.compile(r"^(\d+)/(\d+)\*?$")


def _cell(text: str) -> tuple[tuple[int, int], list[tuple[int, int]]] | None:
    """A roll cell: dice and (from, to) steps; None for cube actions and empty cells."""
    found = _CELL.match(text)
    if not found:
        return None
    steps = []
    for token in found[3].split():
        step = _STEP.match(token)
        assert step is not None, token
        steps.append((int(step[1]), int(step[2])))
    return (int(found[1]), int(found[2])), steps


def _rest_of_game(
    lines: list[str], index: int
) -> list[tuple[int, tuple[int, int], list[tuple[int, int]]]]:
    """(player, dice, steps) for every roll after the illegal cell on line ``index``."""
    line = lines[index]
    open_at = line.index("Illegal play (")
    after = line[line.index(")", open_at) + 1 :]
    out = []
    if open_at < 33:  # the illegal play was the left player's: the rest is the right cell
        cell = _cell(after)
        if cell:
            out.append((1, *cell))
    for line in lines[index + 1 :]:
        if "Wins" in line:
            break
        for player, text in ((0, line[5:33]), (1, line[33:])):
            cell = _cell(text)
            if cell:
                out.append((player, *cell))
    return out


def _replay(
    pos: Position, rolls: list[tuple[int, tuple[int, int], list[tuple[int, int]]]]
) -> tuple[Position, str | None]:
    """Play the recorded steps; return the final position or the first misfit."""
    boards = [list(pos.boards[0]), list(pos.boards[1])]
    for player, dice, steps in rolls:
        me, opp = boards[player], boards[1 - player]
        if not steps and me[25]:
            for die in dice:
                if opp[die] < 2:
                    return pos, f"player {player} could enter with {die} but danced"
        for frm, to in steps:
            if me[frm] == 0:
                return pos, f"player {player} has no checker on {frm} for {frm}/{to}"
            if frm != 25 and me[25]:
                return pos, f"player {player} moves {frm}/{to} with checkers on the bar"
            if to == 0:
                if sum(me[7:26]):
                    return pos, f"player {player} bears off with checkers outside"
            elif opp[25 - to] >= 2:
                return pos, f"player {player} lands on a blocked point with {frm}/{to}"
            elif opp[25 - to] == 1:
                opp[25 - to], opp[25] = 0, opp[25] + 1
            me[frm] -= 1
            me[to] += 1
    return Position((tuple(boards[0]), tuple(boards[1])), pos.turn), None


def _illegal_lines(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if "Illegal play (" in line]


def _cell_text(line: str) -> str:
    start = line.index("Illegal play (") + len("Illegal play (")
    return line[start : line.index(")", start)]


def test_corpus_cells_are_the_ones_above() -> None:
    lines = _need_file()
    found = _illegal_lines(lines)
    assert [i + 1 for i in found] == [315, 486, 517]
    assert [_cell_text(lines[i]) for i in found] == [CELL_GAME_11, CELL_GAME_17, CELL_GAME_18]


def test_game_11_replays_to_the_recorded_gammon() -> None:
    lines = _need_file()
    rolls = _rest_of_game(lines, 314)
    assert rolls[0] == (1, (1, 1), [])  # Kenji dances with 11: both on the bar
    assert rolls[-1] == (0, (5, 4), [(2, 0), (2, 0)])
    final, problem = _replay(decode_snowie(CELL_GAME_11).position(1), rolls)
    assert problem is None
    nori, kenji = final.boards
    assert nori[0] == 15 and kenji[0] == 0  # "Wins 4 points": a gammon on a 2-cube
    assert sum(kenji[19:26]) == 0  # not a backgammon
    assert lines[326].strip() == "Wins 4 points"


@pytest.mark.parametrize("cell", [CELL_GAME_11, CELL_GAME_18])
def test_bar_fields_the_other_way_round_do_not_fit(cell: str) -> None:
    # Field 12 is the other player's bar and 37 the on-roll player's; read the other way
    # round, the player not on roll would have 16 or 17 checkers.
    fields = cell.split(";")
    fields[12], fields[37] = fields[37], fields[12]
    swapped = ";".join(fields)
    with pytest.raises(IdError) as info:
        decode_snowie(swapped)
    total = 15 + int(fields[12])
    assert str(info.value) == (
        f"Snowie position {swapped!r}: the other player has {total} checkers, more than 15"
    )


def test_game_17_replays_to_the_end() -> None:
    lines = _need_file()
    rolls = _rest_of_game(lines, 485)
    assert rolls[0] == (0, (4, 3), [(6, 3)])  # nori: 24 is blocked, only one die plays
    final, problem = _replay(decode_snowie(CELL_GAME_17).position(0), rolls)
    assert problem is None
    assert (final.off(0), final.off(1)) == (0, 0)
    # nori was shut out on the bar behind Kenji's closed board; Kenji then doubled, nori drops.
    assert final.boards[0] == board_from_points({1: 6, 2: 1, 3: 7, 25: 1})
    assert final.boards[1] == board_from_points({1: 2, 2: 2, 3: 5, 4: 2, 5: 2, 6: 2})
    assert lines[500].split()[-4:] == ["Drops", "Wins", "2", "points"]


def test_game_18_position_before_the_double() -> None:
    lines = _need_file()
    assert lines[516].rstrip().endswith("Doubles => 2")
    assert lines[517].split() == ["14)", "Drops", "Wins", "1", "point"]
    snowie = decode_snowie(_cell_text(lines[516]))
    assert snowie.dice is None and snowie.names == ("Kenji", "nori")


def test_every_corpus_cell_has_fifteen_checkers_a_side() -> None:
    lines = _need_file()
    for i in _illegal_lines(lines):
        snowie = decode_snowie(_cell_text(lines[i]))
        assert sum(snowie.on_roll) == sum(snowie.other) == 15
        assert snowie.on_roll[0] == snowie.other[0] == 0  # nobody had borne off yet
