"""The BGBlitz ``.bgf`` reader on files built from the format's object model (bgf_builder)."""

from __future__ import annotations

import gzip
import io
import json
import re
import zlib
from pathlib import Path

import pytest
from bgf_builder import GREEN, RED, bgf_bytes, cube_decision, game_object, play, short_match
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from smile_encoder import encode
from typer.testing import CliRunner

from gamao_cli.analysis.replay import replay_match
from gamao_cli.cli.app import app
from gamao_cli.formats.bgf import reader as bgf_reader
from gamao_cli.formats.bgf.analysis import checker_analysis, cube_analysis, luck
from gamao_cli.formats.inputs import read_path
from gamao_cli.formats.registry import by_extension, detect_binary
from gamao_cli.model.actions import Double, Drop, Move, Resign, Step, Take, Win
from gamao_cli.model.match import Match

runner = CliRunner()


def read(data: bytes) -> Match:
    [match] = list(read_path(data))
    return match


def codes(match: Match) -> list[str]:
    return [d.code for d in match.diagnostics]


@pytest.fixture(scope="module")
def short() -> tuple[object, Match]:
    built = short_match()
    return built, read(bgf_bytes(built.data))


def test_header_line_is_sniffed() -> None:
    assert detect_binary(b'{"format":"BGF","version":"1.0","compress":true,"useSmile":true}\n')
    assert detect_binary(b'{"version": "0.1", "useSmile": true}\n\x1f\x8b')
    assert detect_binary(b'{"format":"BGF","ver') is not None  # truncated: still ours (P450)
    assert detect_binary(b'{"gamao-match": 1, "players": ["a", "b"]}\n') is None
    assert detect_binary(b'; [Site "x"]\n') is None
    info = by_extension("m.bgf")
    assert info is not None and info.name == "bgf" and info.read_binary is not None


def test_short_match_header_players_rules(short: tuple[object, Match]) -> None:
    _, match = short
    assert match.source_format == "bgf"
    assert match.players == ("Grün Spieler", "Red Player")
    assert match.length == 3
    assert (match.rules.cube, match.rules.crawford, match.rules.jacoby, match.rules.beavers) == (
        True,
        True,
        False,
        False,
    )
    assert match.rules.cube_limit is None  # its meaning is unverified: kept as a tag only
    assert match.ratings == ("1612.5", "1500")
    assert match.tags == (
        ("Format", "BGBlitz .bgf (gzip)"),
        ("BGF version", "0.00011825"),
        ("Event", "Test Cup"),
        ("Site", "Lyon"),
        ("Date", "Nov 2, 2025"),
        ("cubeLimit", "64"),
    )
    assert match.diagnostics == ()


def test_short_match_games_and_results(short: tuple[object, Match]) -> None:
    built, match = short
    assert [g.score for g in match.games] == [(0, 0), (1, 0), (1, 1)]
    g1, g2, g3 = match.games
    # game 1: six plays, red resigns a single game
    assert [type(a) for a in g1.actions] == [Move] * 6 + [Resign, Win]
    assert g1.actions[-2] == Resign(1, 1, text="Resigns", location=g1.actions[-2].location)
    win = g1.actions[-1]
    assert isinstance(win, Win) and (win.player, win.points, win.resigned) == (0, 1, True)
    # game 2: red doubles before its second play, green drops
    assert [type(a) for a in g2.actions] == [Move] * 3 + [Double, Drop, Win]
    double = g2.actions[3]
    assert isinstance(double, Double) and (double.player, double.value) == (1, 2)
    assert g2.actions[4].player == 0
    win = g2.actions[-1]
    assert isinstance(win, Win) and (win.player, win.points, win.and_the_match) == (1, 1, False)
    # game 3: green doubles, red takes; a dance; the last play wins the match
    kinds = [type(a) for a in g3.actions]
    assert kinds[4:6] == [Double, Take] and kinds.count(Double) == 1
    dances = [a for a in g3.actions if isinstance(a, Move) and not a.steps]
    assert len(dances) == built.games[2].dances >= 1
    win = g3.actions[-1]
    assert isinstance(win, Win)
    assert (win.player, win.points, win.and_the_match) == (
        built.winners[2],
        built.points[2],
        True,
    )


def test_moves_are_in_the_movers_numbering(short: tuple[object, Match]) -> None:
    built, match = short
    entries = [e for e in built.games[0].entries]
    for entry, action in zip(entries, match.games[0].actions, strict=False):
        assert isinstance(action, Move)
        assert action.player == (0 if entry["player"] == GREEN else 1)
        assert action.dice == (entry["red"], entry["green"])
        expected = [
            Step(f, 0 if t <= 0 else t)
            for f, t in zip(entry["from"], entry["to"], strict=True)
            if f != -1
        ]
        assert list(action.steps) == expected


def test_short_match_replays_clean(short: tuple[object, Match]) -> None:
    built, match = short
    replay = replay_match(match)
    assert [f.code for f in replay.findings] == ["X402"]
    assert [g.winner for g in replay.games] == built.winners
    assert [g.points for g in replay.games] == built.points


def test_analysis_becomes_annotations(short: tuple[object, Match]) -> None:
    _, match = short
    g2, g3 = match.games[1], match.games[2]
    # game 2's entries carry only the double's evaluation: the Double and the Drop
    assert [(n.action, n.checker) for n in g2.annotations] == [(3, None), (4, None)]
    notes = {n.action: n for n in g3.annotations}
    first = notes[0]
    assert first.source == "bgblitz"
    assert first.luck == 0.04  # luckWeighted in match mode
    assert first.checker is not None
    assert first.checker.played == len(first.checker.candidates) - 1
    assert [c.equity for c in first.checker.candidates][-1] == 0.2
    assert first.checker.error == 0.05 and first.checker.counts is True
    assert first.checker.level == "2-ply"
    cube = first.cube
    assert cube is not None and cube.counts is False
    # MWC 0.6 / 0.65 / 0.75 with the position at EMG 0.2 = MWC 0.55: EMG 0.4 / 0.6 / 1.0
    assert (cube.no_double, cube.double_take, cube.double_pass) == pytest.approx((0.4, 0.6, 1.0))
    assert cube.doubler_error == 0.0
    assert cube.probabilities is not None and cube.probabilities.win == 0.6
    double_note, take_note = notes[4], notes[5]
    assert double_note.cube is not None and take_note.cube is not None
    assert double_note.cube.counts is True and double_note.cube.doubler_error == 0.0
    assert take_note.cube.taker_error == 0.02 and take_note.cube.counts is True
    assert all(n.action < len(g3.actions) for n in g3.annotations)
    dance = next(i for i, a in enumerate(g3.actions) if isinstance(a, Move) and not a.steps)
    assert notes[dance].checker is None and notes[dance].luck == 0.04


def test_every_storage_gives_the_same_match(short: tuple[object, Match]) -> None:
    built, match = short
    for options in (
        {"compress": "zlib"},
        {"compress": "raw"},
        {"compress": "gzip", "smile": False},
        {"compress": "raw", "smile": False},
        {"compress": "gzip", "shared_values": True, "left_floats": True},
        {"compress": "gzip", "shared_names": False, "long_strings": True},
    ):
        other = read(bgf_bytes(built.data, **options))  # type: ignore[arg-type]
        assert other.games == match.games, options
        assert other.players == match.players


def test_plus_one_as_green_is_detected() -> None:
    swapped = short_match(sign=(RED, GREEN))  # green is +1 in this file
    normal = short_match()
    a, b = read(bgf_bytes(swapped.data)), read(bgf_bytes(normal.data))
    assert codes(a) == ["P465"]
    assert "in 2 of 2 games" in a.diagnostics[0].message
    assert a.games == b.games


def test_money_session_and_analysis_in_money() -> None:
    game = play(5, stop_after=4)
    data = {
        "matchlen": 0,
        "nameGreen": "A",
        "nameRed": "B",
        "games": [game_object(game, (0, 0), 1, resigned=True)],
    }
    match = read(bgf_bytes(data))
    assert match.length == 0 and match.is_money
    entry = {
        "equity": {
            "emg": -999.0,
            "matchEquity": -999.0,
            "hasEMG": False,
            "cubeDecision": cube_decision(
                "DOUBLE", eqNoDouble=0.3, eqDoubleTake=0.5, eqDoublePass=1.0
            ),
        },
        "moveAnalysis": [
            {
                "move": {"from": [8, 6, -1, -1], "to": [5, 5, -1, -1]},
                "eq": {"emg": -999.0, "hasEMG": False, "cubeDecision": {"eqCubeFul": 0.31}},
                "played": False,
            },
            {
                "move": {"from": [13, -1, -1, -1], "to": [9, -1, -1, -1]},
                "eq": {"emg": -999.0, "hasEMG": False, "cubeDecision": {"eqCubeFul": 0.11}},
                "played": True,
            },
        ],
        "luck": {"luckPlain": -0.1, "luckWeighted": -0.2, "mode": "Money"},
    }
    checker = checker_analysis(entry)
    assert checker is not None and checker.played == 1
    assert checker.error == pytest.approx(0.2) and checker.counts is None
    cube = cube_analysis(entry, money=True, doubled=False)
    assert cube is not None
    assert (cube.no_double, cube.double_take, cube.double_pass) == (0.3, 0.5, 1.0)
    assert cube.doubler_error == pytest.approx(0.2)  # a missed double: min(DT, DP) - ND
    assert luck(entry) == -0.1  # luckPlain in money mode


def test_non_standard_start_and_cube() -> None:
    game = play(3, stop_after=2)
    obj = game_object(game, (0, 0), 2, resigned=True)
    obj["initial"]["cube"] = 2
    obj["initial"]["cubeOwner"] = RED
    match = read(bgf_bytes({"matchlen": 5, "games": [obj]}))
    start = match.games[0].start
    assert start is not None and start.cube_value == 2 and start.cube_owner == 1
    assert start.boards[0][6] == 5 and start.boards[1][24] == 2
    obj["initial"]["points"] = [15] * 24 + [0, 0]
    match = read(bgf_bytes({"matchlen": 5, "games": [obj]}))
    assert "P467" in codes(match)


def test_cli_check_and_convert_to_mat(tmp_path: Path, short: tuple[object, Match]) -> None:
    built, match = short
    path = tmp_path / "short.bgf"
    path.write_bytes(bgf_bytes(built.data))
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["check", str(tmp_path)])  # found by walking the directory
    assert result.exit_code == 0, result.output
    assert re.search(r"games\s+3\b", result.output) and re.search(r"verified\s+3\b", result.output)
    out = tmp_path / "out"
    result = runner.invoke(app, ["convert", str(path), "--to", "mat", "-o", str(out)])
    assert result.exit_code == 0, result.output
    [converted] = [m for m in read_path(out / "short.mat") if m.games]
    assert converted.players == match.players and converted.length == 3
    replay = replay_match(converted)
    assert [g.winner for g in replay.games] == built.winners
    assert [g.points for g in replay.games] == built.points
    assert [f.code for f in replay.findings if f.severity.value != "info"] == []
    for a, b in zip(match.games, converted.games, strict=True):
        plays_a = [(m.player, tuple(sorted(m.dice))) for m in a.actions if isinstance(m, Move)]
        plays_b = [(m.player, tuple(sorted(m.dice))) for m in b.actions if isinstance(m, Move)]
        assert plays_a == plays_b


# -- broken and hostile files ----------------------------------------------------------------


def test_no_header_line() -> None:
    match = read(b'{"format":"BGF","compress":true' + b"\x1f\x8b" * 10)
    assert codes(match) == ["P450"] and match.games == ()


def test_corrupt_and_truncated_gzip(short: tuple[object, Match]) -> None:
    built, _ = short
    data = bgf_bytes(built.data)
    newline = data.index(b"\n") + 1
    truncated = read(data[: newline + 40])
    assert codes(truncated) == ["P451"] and "truncated" in truncated.diagnostics[0].message
    corrupt = bytearray(data)
    corrupt[newline + 20 : newline + 30] = b"\xff" * 10
    assert codes(read(bytes(corrupt)))[0] in ("P451", "P453")


def test_zip_bombs_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    header = b'{"format":"BGF","compress":true,"useSmile":true}\n'
    zeros = 3 << 20  # 3 MB of zeros: about 3 KB compressed, far over 100 x + 1 MB
    bomb = read(header + gzip.compress(b"\0" * zeros, mtime=0))
    assert codes(bomb) == ["P452"]
    assert "inflates to more than" in bomb.diagnostics[0].message
    assert bgf_reader.inflate_limit(3000) == 3000 * 100 + (1 << 20)
    monkeypatch.setattr(bgf_reader, "MAX_INFLATED", 1000)
    small = zlib.compress(b":)\n\x01" + b"\xf8" + b"\xc2" * 5000 + b"\xf9")
    assert codes(read(header + small)) == ["P452"]


def test_inflate_stops_at_the_limit() -> None:
    out, why = bgf_reader.inflate(zlib.compress(b"x" * 10_000), 15, 500)
    assert out is None and why == "bomb"
    out, why = bgf_reader.inflate(zlib.compress(b"x" * 500), 15, 500)
    assert out == b"x" * 500 and why == ""


def test_file_too_large(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(bgf_reader, "MAX_INPUT", 100)
    [match] = list(bgf_reader.read_bgf(io.BytesIO(b"{}\n" + b"x" * 200), "big.bgf"))
    assert codes(match) == ["P455"]
    assert match.diagnostics[0].message.startswith("203 bytes, more than")

    class Huge(io.BytesIO):
        """A 2 GB file that must not be read: only its size is asked for."""

        def seek(self, offset: int, whence: int = 0) -> int:
            return 2 << 30 if whence == io.SEEK_END else 0

        def read(self, size: int | None = -1) -> bytes:
            raise AssertionError("read")

    monkeypatch.setattr(bgf_reader, "MAX_INPUT", 16 << 20)
    [match] = list(bgf_reader.read_bgf(Huge(), "huge.bgf"))
    assert codes(match) == ["P455"] and "2147483648 bytes" in match.diagnostics[0].message


def test_bad_smile_body_names_the_offset() -> None:
    header = b'{"format":"BGF","compress":false,"useSmile":true}\n'
    match = read(header + b":)\n\x01\xfa\x80a\x05\xfb")
    assert codes(match) == ["P453"]
    assert f"byte {len(header) + 7}" in match.diagnostics[0].message
    deep = read(header + gzip.compress(b":)\n\x01" + b"\xf8" * 50_000))
    assert codes(deep) == ["P453"] and "nesting" in deep.diagnostics[0].message
    assert "of the gzip body" in deep.diagnostics[0].message


def test_bad_json_body_and_no_games() -> None:
    header = b'{"format":"BGF","compress":false,"useSmile":false}\n'
    assert codes(read(header + b"{nope")) == ["P454"]
    assert codes(read(header + b"[" * 100_000)) == ["P454"]
    many = read(header + b"[" + b"{}," * 600_000 + b"{}]")
    assert codes(many) == ["P454"] and "600002 arrays and objects" in many.diagnostics[0].message
    assert codes(read(header + json.dumps({"matchlen": 3}).encode())) == ["P460"]


def test_broken_entries_are_diagnostics() -> None:
    game = play(4, stop_after=6)
    obj = game_object(game, (0, 0), 1, resigned=True)
    obj["moves"][2] = {**obj["moves"][2], "player": 7}
    match = read(bgf_bytes({"matchlen": 3, "games": [obj, "junk"], "useCube": "yes"}))
    assert sorted(set(codes(match))) == ["P461", "P462", "P464"]
    assert len(match.games) == 2 and len(match.games[0].actions) == 2 + 1  # two moves, result
    assert match.games[0].actions[-1] == Win(
        None, 1, resigned=True, text="Wins 1 point", location=match.games[0].actions[-1].location
    )
    bad_hop = game_object(game, (0, 0), 1, resigned=True)
    bad_hop["moves"][0] = {**bad_hop["moves"][0], "from": [3, -1, -1, -1], "to": [9, -1, -1, -1]}
    match = read(bgf_bytes({"matchlen": 3, "finalGreen": 1, "finalRed": 0, "games": [bad_hop]}))
    assert codes(match) == ["P468"]
    assert [f.code for f in replay_match(match).findings] == ["P468", "R217", "R222", "X413"]


def test_double_without_answer() -> None:
    game = play(6, double_at=2)
    obj = game_object(game, (0, 0), 2)
    del obj["moves"][3]  # the responder's entry
    match = read(bgf_bytes({"matchlen": 3, "games": [obj]}))
    assert "P463" in codes(match)


# -- fuzzing the reader ----------------------------------------------------------------------

_FUZZ_MATCH = short_match()
_FUZZ_BODIES = [
    encode(_FUZZ_MATCH.data),
    encode(_FUZZ_MATCH.data, shared_values=True, left_floats=True),
    json.dumps(_FUZZ_MATCH.data).encode(),
]
_HEADER = b'{"format":"BGF","version":"1.0","compress":true,"useSmile":true}\n'


def _never_raises(data: bytes) -> None:
    matches = list(read_path(data))
    assert matches
    for match in matches:
        assert "P009" not in codes(match), match.diagnostics
        for game in match.games:
            assert all(0 <= n.action < len(game.actions) for n in game.annotations)
    replay_match(matches[0])  # whatever was read can be checked


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.integers(0, len(_FUZZ_BODIES) - 1),
    flips=st.lists(
        st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 255)), min_size=1, max_size=4
    ),
    cut=st.floats(0.05, 1.0),
    packed=st.sampled_from(["gzip", "zlib", "raw"]),
)
def test_fuzz_mutated_bodies(
    which: int, flips: list[tuple[float, int]], cut: float, packed: str
) -> None:
    """The body is mutated before it is compressed, so the mutation reaches the decoder."""
    body = bytearray(_FUZZ_BODIES[which])
    for where, byte in flips:
        body[int(where * len(body))] = byte
    data = bytes(body[: max(1, int(len(body) * cut))])
    if packed == "gzip":
        data = gzip.compress(data, mtime=0)
    elif packed == "zlib":
        data = zlib.compress(data)
    _never_raises(_HEADER + data)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    flips=st.lists(
        st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 255)), min_size=1, max_size=8
    ),
    cut=st.floats(0.05, 1.0),
)
def test_fuzz_mutated_files(flips: list[tuple[float, int]], cut: float) -> None:
    """Whole files mutated anywhere, the header and the gzip framing included."""
    data = bytearray(bgf_bytes(_FUZZ_MATCH.data))
    for where, byte in flips:
        data[int(where * len(data))] = byte
    _never_raises(bytes(data[: max(1, int(len(data) * cut))]))


_ENTRY_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-30, 30),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.lists(st.integers(-3, 26), max_size=5),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.integers(0, 2),
    entry=st.integers(0, 10),
    key=st.sampled_from(
        [
            "player",
            "from",
            "to",
            "red",
            "green",
            "equity",
            "moveAnalysis",
            "pr",
            "luck",
            "dancingEquity",
        ]
    ),
    value=_ENTRY_VALUES,
    field=st.sampled_from(
        ["scoreGreen", "scoreRed", "wonPoints", "wasResignation", "initial", "isCrawford", "moves"]
    ),
    field_value=_ENTRY_VALUES,
)
def test_fuzz_wrong_typed_fields(
    game: int, entry: int, key: str, value: object, field: str, field_value: object
) -> None:
    data = json.loads(json.dumps(_FUZZ_MATCH.data))
    moves = data["games"][game]["moves"]
    moves[entry % len(moves)][key] = value
    data["games"][(game + 1) % 3][field] = field_value
    _never_raises(bgf_bytes(data, compress="raw"))


def test_dance_forms() -> None:
    """A dance with its dice in from[0]/to[0] (as BGBlitz writes it), the same without
    ``dancingEquity``, and one with unused slots and its dice in red/green."""
    built = _FUZZ_MATCH
    match = read(bgf_bytes(built.data))
    g3 = built.data["games"][2]
    index = next(i for i, e in enumerate(g3["moves"]) if "dancingEquity" in e)
    original = g3["moves"][index]
    die1, die2 = original["from"][0], original["to"][0]
    variants = [
        {k: v for k, v in original.items() if k != "dancingEquity"},
        {**original, "from": [-1] * 4, "to": [-1] * 4, "red": die1, "green": die2},
    ]
    for variant in variants:
        data = json.loads(json.dumps(built.data))
        data["games"][2]["moves"][index] = variant
        other = read(bgf_bytes(data))
        assert other.games[2].actions == match.games[2].actions


@pytest.mark.parametrize("compress", ["raw", "gzip"])
def test_truncated_files(compress: str) -> None:
    data = bgf_bytes(_FUZZ_MATCH.data, compress=compress)
    start = data.index(b"\n") + 1
    expected = "P453" if compress == "raw" else "P451"
    for cut in range(start + 4, len(data) - 1, max(1, (len(data) - start) // 60)):
        match = read(data[:cut])
        assert codes(match) == [expected], cut
        assert match.games == ()
