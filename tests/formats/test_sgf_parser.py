"""The generic SGF tokenizer: structure, values, escapes, positions, errors, streaming."""

from __future__ import annotations

import io

import pytest

from gamao_cli.formats.sgf import parser as sgf_parser
from gamao_cli.formats.sgf.parser import (
    SgfIssue,
    SgfNode,
    SgfProperty,
    SgfTree,
    escape,
    fold_whitespace,
    iter_trees,
    unescape,
)
from gamao_cli.model.diagnostics import Severity
from tests.helpers import CORPUS, require_corpus


def parse(text: str) -> list[sgf_parser.ParsedTree]:
    return list(iter_trees(io.StringIO(text)))


def codes(parsed: list[sgf_parser.ParsedTree]) -> list[tuple[str, int, int]]:
    return [(i.code, i.line, i.column) for p in parsed for i in p.issues]


def test_one_tree_exact() -> None:
    [p] = parse("(;FF[4]GM[6]MI[length:7][game:0]\n;W[31hefe]\n;B[double])")
    assert p.issues == ()
    assert p.tree == SgfTree(
        nodes=(
            SgfNode(
                (
                    SgfProperty("FF", ("4",), 1, 3),
                    SgfProperty("GM", ("6",), 1, 8),
                    SgfProperty("MI", ("length:7", "game:0"), 1, 13),
                ),
                1,
                2,
            ),
            SgfNode((SgfProperty("W", ("31hefe",), 2, 2),), 2, 1),
            SgfNode((SgfProperty("B", ("double",), 3, 2),), 3, 1),
        ),
        children=(),
        line=1,
        column=1,
    )


def test_whitespace_between_tokens_and_positions() -> None:
    [p] = parse("  (\n ; FF [4] \n\t;  W\n[31hefe] )  ")
    assert p.issues == ()
    assert p.tree is not None
    assert (p.tree.line, p.tree.column) == (1, 3)
    node0, node1 = p.tree.nodes
    assert (node0.line, node0.column) == (2, 2)
    assert node0.properties == (SgfProperty("FF", ("4",), 2, 4),)
    assert (node1.line, node1.column) == (3, 2)
    assert node1.properties == (SgfProperty("W", ("31hefe",), 3, 5),)


def test_escapes_and_soft_line_breaks() -> None:
    [p] = parse("(;PW[a\\]b]PB[c\\\\]C[one\\\ntwo\nthree]GC[x\\:y])")
    assert p.tree is not None
    values = [prop.values for prop in p.tree.nodes[0].properties]
    assert values == [("a]b",), ("c\\",), ("onetwo\nthree",), ("x:y",)]


def test_unescape_escape_fold() -> None:
    assert unescape("a\\]b\\\\c\\\r\nd") == "a]b\\cd"
    assert escape("a]b\\c:d") == "a\\]b\\\\c:d"
    assert escape("a:b", colons=True) == "a\\:b"
    assert unescape(escape("x]y\\z")) == "x]y\\z"
    assert fold_whitespace("a\tb\x0bc\nd") == "a b c\nd"


def test_lowercase_letters_in_identifiers_are_dropped() -> None:
    [p] = parse("(;GaMe[6]CoPyright[x])")
    assert p.tree is not None
    assert [prop.name for prop in p.tree.nodes[0].properties] == ["GM", "CP"]


def test_several_trees_streamed_in_order() -> None:
    parsed = parse("(;GM[6];W[31hefe])\n(;GM[6];B[42qusu])\n(;GM[6])")
    assert [len(p.tree.nodes) for p in parsed if p.tree] == [2, 2, 1]
    assert codes(parsed) == []


def test_variations_main_line() -> None:
    [p] = parse("(;GM[6];W[31hefe](;B[42qusu];W[double](;B[take])(;B[drop]))(;B[61yg]))")
    assert p.tree is not None
    assert [n.properties[0].value for n in p.tree.main_line()] == [
        "6",
        "31hefe",
        "42qusu",
        "double",
        "take",
    ]
    assert p.tree.variation_count() == 2


def test_unterminated_value_at_end_of_input() -> None:
    parsed = parse("(;GM[6];W[31he")
    assert codes(parsed) == [("P201", 1, 10), ("P202", 1, 15)]
    tree = parsed[0].tree
    assert tree is not None
    assert tree.nodes[1].properties == (SgfProperty("W", ("31he",), 1, 9),)
    assert [i.severity for i in parsed[0].issues] == [Severity.ERROR, Severity.ERROR]


def test_unterminated_value_resynchronises_at_next_game_tree() -> None:
    text = "(;GM[6]\n;W[31hefe\n;B[42qusu\n(;FF[4]GM[6]\n;W[52ywwr])\n"
    parsed = parse(text)
    assert codes(parsed) == [("P201", 2, 3), ("P202", 4, 1)]
    first, second = (p.tree for p in parsed)
    assert first is not None and second is not None
    assert first.nodes[1].properties[0].values == ("31hefe\n;B[42qusu",)
    assert [n.properties[-1].value for n in second.nodes] == ["6", "52ywwr"]
    assert (second.line, second.column) == (4, 1)


def test_lost_bracket_inside_a_tree_swallows_the_next_node() -> None:
    # Valid SGF: the value runs on to the next ']' (the reader then rejects the move text).
    [p] = parse("(;GM[6]\n;W[31hefe\n;B[42qusu])")
    assert p.issues == ()
    assert p.tree is not None
    assert p.tree.nodes[1].properties[0].values == ("31hefe\n;B[42qusu",)


def test_missing_close_paren_before_new_tree() -> None:
    parsed = parse("(;FF[4]GM[6];W[31hefe]\n(;FF[4]GM[6];B[42qusu])")
    assert codes(parsed) == [("P202", 2, 1)]
    assert [len(p.tree.nodes) for p in parsed if p.tree] == [2, 2]


def test_stray_text_and_brackets() -> None:
    parsed = parse("junk (;GM[6]]] 12 ;W[31hefe]) trailing")
    assert codes(parsed) == [("P203", 1, 1), ("P204", 1, 13), ("P204", 1, 16), ("P203", 1, 31)]
    assert "junk (;GM[6]]] 12 ;W[31hefe]) trailing".index("trailing") == 30
    messages = [i.message for p in parsed for i in p.issues]
    assert messages == [
        "skipped text outside a game tree: 'junk'",
        "unexpected ']]' skipped",
        "unexpected '12' skipped",
        "skipped text outside a game tree: 'trailing'",
    ]
    assert parsed[-1].tree is None
    assert [i.severity for i in parsed[-1].issues] == [Severity.WARNING]


def test_value_without_name_and_name_without_value() -> None:
    parsed = parse("(;GM[6][x];[y]PW;W[31hefe])")
    assert codes(parsed) == [("P205", 1, 12), ("P206", 1, 15)]
    tree = parsed[0].tree
    assert tree is not None
    assert [n.properties for n in tree.nodes] == [
        (SgfProperty("GM", ("6", "x"), 1, 3),),
        (),
        (SgfProperty("W", ("31hefe",), 1, 18),),
    ]


def test_empty_tree_node_after_variation_and_property_outside_node() -> None:
    assert codes(parse("()")) == [("P207", 1, 1)]
    assert codes(parse("(;GM[6](;W[31hefe]);B[42qusu])")) == [("P208", 1, 20)]
    assert codes(parse("(GM[6];W[31hefe])")) == [("P204", 1, 2)]


def test_deep_nesting_does_not_recurse() -> None:
    parsed = parse("(" * 20000 + ";W[31hefe]")
    assert codes(parsed)[0] == ("P202", 1, 20011)
    tree = parsed[0].tree
    assert tree is not None
    assert [n.properties[0].value for n in tree.main_line()] == ["31hefe"]


class _FailingStream(io.StringIO):
    def read(self, size: int | None = -1) -> str:
        if self.tell() > 0:
            raise OSError("disk gone")
        return super().read(8)


def test_read_error_is_an_issue() -> None:
    parsed = list(iter_trees(_FailingStream("(;GM[6];W[31hefe])")))
    assert [(i.code, i.message) for p in parsed for i in p.issues] == [
        ("P202", "the input ends inside a game tree (missing ')')"),
        ("P209", "read error: disk gone"),
    ]


class _CountingStream(io.StringIO):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.consumed = 0

    def read(self, size: int | None = -1) -> str:
        data = super().read(size)
        self.consumed += len(data)
        return data


def test_streams_one_tree_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sgf_parser, "_CHUNK", 64)
    tree = "(;FF[4]GM[6]C[" + "x" * 1000 + "]\n;W[31hefe])\n"
    stream = _CountingStream(tree * 50)
    trees = iter_trees(stream)
    first = next(trees)
    assert first.tree is not None and first.issues == ()
    assert stream.consumed <= 2 * len(tree)
    assert sum(1 for _ in trees) == 49


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64])
def test_small_chunks_give_the_same_trees(monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    text = (
        "(;FF[4]GM[6]PW[a\\]b\\\\]C[one\\\ntwo]\n;W[31hefe](;B[42qusu])(;B[61yg]))\n"
        "junk (;GM[6]]];W[5"
    )
    expected = parse(text)
    monkeypatch.setattr(sgf_parser, "_CHUNK", chunk)
    assert parse(text) == expected


def test_real_files_parse_without_issues(monkeypatch: pytest.MonkeyPatch) -> None:
    files = sorted(CORPUS.glob("**/*.sgf"))
    require_corpus()
    texts = {f.name: f.read_text(encoding="utf-8") for f in files}
    parsed = {name: parse(text) for name, text in texts.items()}
    assert {name: [i for p in ps for i in p.issues] for name, ps in parsed.items()} == {
        name: [] for name in texts
    }
    counts = {
        name: (len(ps), sum(len(p.tree.nodes) for p in ps if p.tree)) for name, ps in parsed.items()
    }
    assert counts == {
        "7point.sgf": (9, 380),
        "complete.sgf": (9, 380),  # the same match as 7point.sgf
        "demo_file.sgf": (2, 3),  # Go: a root alone, then a root and B[pd], before variations
        "edited.sgf": (1, 6),
        "charlot1-charlot2_7p_2025-11-08-2305.sgf": (4, 201),
        "charlot1-charlot2_7p_2025-11-08-2308.sgf": (5, 253),
        "match1484923_analyzed.sgf": (4, 213),
        "match1486073_analyzed.sgf": (2, 113),
        "test-match01_analyzed.sgf": (3, 166),
        "gnubg_file.sgf": (2, 15),
        "test.sgf": (7, 355),  # kevung-gbf: the HSBT Paris 2023 match, analysed
    }
    # The same trees when read in small chunks (values and escapes cut across chunks).
    monkeypatch.setattr(sgf_parser, "_CHUNK", 97)
    assert {name: parse(text) for name, text in texts.items()} == parsed


def test_issue_record_fields() -> None:
    [p] = parse("(;W[")
    assert p.issues[0] == SgfIssue(
        "P201", Severity.ERROR, "unterminated W[...]: no closing ']'", 1, 4
    )


def test_leading_byte_order_mark_is_whitespace() -> None:
    [p] = parse("\ufeff(;GM[6])")
    assert p.issues == ()
    assert p.tree is not None and (p.tree.line, p.tree.column) == (1, 2)


_FAST_PATH_CASES = (
    "(;FF[4]GM[6]MI[length:7][game:0]\n;W[31hefe]\n;B[double]\n;W[take])",
    "(;FF[4]\n ;  W [31hefe]\t; B[42]\n;W[x\\]y][z\\\\]C[a\nb]  \n;B[c\\\nd])",
    "(;GM[6];W[ab]\n(;B[cd];W[ef])(;B[gh]))\n(;GM[6];W[a\n(;FF[4]GM[6];B[12]))",
    "(;GM[6];Wx[ab];B[ab]c;W[];[q];B[ok]])",
    "(;GM[6];W[31ab]\n;B[ok\n",
    "(;GM[6];W[31ab] ;B[42cd] )\n(;GM[6];C[line\n(not a tree)];W[11])",
)


@pytest.mark.parametrize("text", _FAST_PATH_CASES)
@pytest.mark.parametrize("chunk", [1 << 16, 5, 13])
def test_fast_path_reads_as_the_general_path(
    monkeypatch: pytest.MonkeyPatch, text: str, chunk: int
) -> None:
    """Plain nodes are read by one regular expression each (``_Scanner.fast_nodes``); with
    that path switched off, every tree, value, position and issue is the same."""
    monkeypatch.setattr(sgf_parser, "_CHUNK", chunk)
    fast = parse(text)
    never = sgf_parser.re.compile(r"(?!)")
    monkeypatch.setattr(sgf_parser, "_SIMPLE_NODE", never)
    monkeypatch.setattr(sgf_parser, "_PLAIN_NODE", never)
    assert parse(text) == fast


def test_fast_path_positions_exact() -> None:
    [p] = parse("(;FF[4]\n ;  W [31hefe]\t; B[42]\n;W[x\\]y][z]C[a\nb]\n;B[c])")
    assert p.issues == ()
    assert p.tree is not None
    assert [(n.line, n.column) for n in p.tree.nodes] == [(1, 2), (2, 2), (2, 16), (3, 1), (5, 1)]
    assert p.tree.nodes[3].properties == (
        SgfProperty("W", ("x]y", "z"), 3, 2),
        SgfProperty("C", ("a\nb",), 3, 12),
    )
    assert p.tree.nodes[4].properties == (SgfProperty("B", ("c",), 5, 2),)
