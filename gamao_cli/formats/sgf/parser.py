"""A generic SGF (FF[4]) tokenizer: game trees, nodes, properties, one game tree at a time.

SGF grammar (https://www.red-bean.com/sgf/sgf4.html)::

    Collection = GameTree { GameTree }
    GameTree   = "(" Sequence { GameTree } ")"
    Sequence   = Node { Node }
    Node       = ";" { Property }
    Property   = PropIdent PropValue { PropValue }
    PropValue  = "[" value "]"          (``\\`` escapes the next character)

Whitespace is allowed between tokens. Values are returned unescaped: ``\\]`` is ``]``,
``\\\\`` is ``\\`` and a backslash before a line break removes both (a soft line break).

Nothing here raises on bad input: problems become :class:`SgfIssue` records with a stable
code from :data:`SYNTAX_CODES` and a line/column, and the tokenizer resynchronises at the
next game tree. Two repairs make damaged gnubg files readable:

* a value still open when a line starts with ``(;`` is taken to be unterminated (its ``]``
  was lost) and ends before that line;
* a ``(`` inside a tree followed by ``;FF[`` or ``;GM[`` starts a new game tree (the ``)``
  of the previous one was lost), rather than a variation.

Game trees are read from the stream one at a time, so a file of many games is never held
in memory as a whole.

Speed: plain nodes (capital-letter properties with closed values, followed by the next node
or a tree bracket within the text read so far) are read by one regular expression each
(``_Scanner.fast_nodes``); everything else goes character by character as above. Lines and
columns are counted only when a node, property or issue needs one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TextIO

from gamao_cli.formats.sgf import SYNTAX_CODES
from gamao_cli.formats.sgf.tree import (
    ParsedTree,
    SgfIssue,
    SgfNode,
    SgfProperty,
    SgfTree,
    escape,
    fold_whitespace,
    new_node,
    new_property,
    unescape,
)
from gamao_cli.i18n import N_
from gamao_cli.model.diagnostics import Severity

__all__ = [
    "SYNTAX_CODES",
    "ParsedTree",
    "SgfIssue",
    "SgfNode",
    "SgfProperty",
    "SgfTree",
    "escape",
    "fold_whitespace",
    "iter_trees",
    "unescape",
]

_CHUNK = 1 << 16
_VALUE_STOP = re.compile(r"[\\\]\n]")
_NEW_TREE = re.compile(r"\(\s*;\s*(?:FF|GM)\s*\[")
_NEW_TREE_LOOKAHEAD = 64
_IDENT = re.compile(r"[A-Za-z]+")
_JUNK_INSIDE = re.compile(r"[^();\[A-Za-z \t\r\n\f\v]+")
_WS = "[ \t\r\n\f\v\ufeff]"
_SPACE = re.compile(f"{_WS}*+")
# The fast path (_Scanner.fast_nodes): nodes of capital-letter properties with closed values,
# then blanks, then the next node or tree bracket. A value's line end is plain unless the
# next line starts with "(" (which may start a new game tree: the general path decides).
_VALUE_TEXT = r"(?:[^\]\\\n]++|\\.|\n(?!\())*+"
_SIMPLE_NODE = re.compile(rf";([A-Z]+)\[([^\]\\\n]*+)\]{_WS}*+(?=[;()])")
_PLAIN_NODE = re.compile(
    rf";(?:{_WS}*+[A-Z]++(?:{_WS}*+\[{_VALUE_TEXT}\])++)*+()"
    rf"{_WS}*+(?=[;()])",
    re.DOTALL,
)
_PLAIN_TOKEN = re.compile(rf"[A-Z]+|\[({_VALUE_TEXT})\]", re.DOTALL)


class _Scanner:
    """Characters of a text stream with a sliding buffer and a 1-based line/column.

    The line and column are worked out only when asked for (:meth:`where`), by counting the
    line ends passed since the last time, so moving through the text costs nothing per
    character.
    """

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._buf = ""
        self._pos = 0
        self._eof = False
        self.read_error: str | None = None
        self._line = 1  # the line at buffer position self._mark
        self._mark = 0
        self._line_start = 0  # buffer position of the start of that line (may be negative)

    def where(self, at: int) -> tuple[int, int]:
        """(line, column) of buffer position ``at``; positions asked for never go back."""
        mark = self._mark
        if at > mark:
            buf = self._buf
            newlines = buf.count("\n", mark, at)
            if newlines:
                self._line += newlines
                self._line_start = buf.rfind("\n", mark, at) + 1
            self._mark = at
        return self._line, at - self._line_start + 1

    @property
    def line(self) -> int:
        return self.where(self._pos)[0]

    @property
    def column(self) -> int:
        return self.where(self._pos)[1]

    def _fill(self, need: int) -> bool:
        """Make ``need`` characters available from the current position, if the input has
        them."""
        while len(self._buf) - self._pos < need and not self._eof:
            try:
                data = self._stream.read(_CHUNK)
            except (OSError, ValueError, UnicodeError) as exc:
                self.read_error = str(exc) or type(exc).__name__
                data = ""
            if not data:
                self._eof = True
                break
            pos = self._pos
            self.where(pos)
            self._buf = self._buf[pos:] + data
            self._pos = 0
            self._mark = 0
            self._line_start -= pos
        return len(self._buf) - self._pos >= need

    def peek(self) -> str:
        pos = self._pos
        if pos < len(self._buf) or self._fill(1):
            return self._buf[self._pos]
        return ""

    def lookahead(self, n: int) -> str:
        self._fill(n)
        return self._buf[self._pos : self._pos + n]

    def take(self, n: int) -> str:
        if len(self._buf) - self._pos < n:
            self._fill(n)
        pos = self._pos
        text = self._buf[pos : pos + n]
        self._pos = pos + len(text)
        return text

    def skip(self, n: int) -> None:
        """Move past ``n`` characters known to be in the buffer."""
        self._pos += n

    def take_match(self, pattern: re.Pattern[str]) -> str:
        """Take the longest run matching ``pattern`` at the current position ("" if none)."""
        out: list[str] = []
        while self._fill(1):
            m = pattern.match(self._buf, self._pos)
            if not m or not m.group():
                break
            whole = m.end() < len(self._buf)
            out.append(self.take(m.end() - self._pos))
            if whole:
                break
        return "".join(out)

    def skip_space(self) -> None:
        while True:
            buf = self._buf
            pos = self._pos
            if pos >= len(buf) and not self._fill(1):
                return
            end = _SPACE.match(self._buf, self._pos).end()  # type: ignore[union-attr]
            self._pos = end
            if end < len(self._buf):
                return

    def read_value(self) -> tuple[str, bool]:
        """Read a value after its ``[``, through its ``]``; returns (raw text, closed).

        ``closed`` is False when the input ends first or a line starting ``(;`` is met."""
        parts: list[str] = []
        while True:
            if not self._fill(1):
                return "".join(parts), False
            m = _VALUE_STOP.search(self._buf, self._pos)
            if m is None:
                parts.append(self.take(len(self._buf) - self._pos))
                continue
            ch = m.group()
            if ch == "]":
                parts.append(self.take(m.start() - self._pos))
                self.take(1)
                return "".join(parts), True
            if ch == "\\":
                parts.append(self.take(m.start() - self._pos))
                parts.append(self.take(2))
                continue
            # A newline: a value does not run on into a line that starts a game tree.
            parts.append(self.take(m.start() - self._pos))
            after = self.lookahead(_NEW_TREE_LOOKAHEAD)
            if _NEW_TREE.match(after, 1):
                return "".join(parts), False
            parts.append(self.take(1))

    def fast_nodes(self, out: list[SgfNode]) -> None:
        """Read the nodes from the current position (a ``;``) on, and the blanks after each,
        while they are plain: properties of capital letters with closed values, each node
        followed by ``;``, ``(`` or ``)`` inside the buffer (so nothing read here could read
        differently with more input). Stops at anything else, for the general path.
        """
        buf = self._buf
        pos = self._pos
        simple = _SIMPLE_NODE.match
        general = _PLAIN_NODE.match
        where = self.where
        new_prop = new_property
        make_node = new_node
        append = out.append
        while True:
            found = simple(buf, pos)
            if found is not None:
                line, column = where(pos)
                name, raw = found.groups()
                append(make_node((new_prop(name, (raw,), line, column + 1),), line, column))
                pos = found.end()
                continue
            found = general(buf, pos)
            if found is None:
                break
            line, column = where(pos)
            props: list[SgfProperty] = []
            name = ""
            values: list[str] = []
            pline = pcol = 0
            for token in _PLAIN_TOKEN.finditer(buf, pos + 1, found.start(1)):
                raw = token[1]
                if raw is None:
                    if values:
                        props.append(new_prop(name, tuple(values), pline, pcol))
                        values = []
                    name = token[0]
                    pline, pcol = where(token.start())
                else:
                    values.append(unescape(raw) if "\\" in raw else raw)
            if values:
                props.append(new_prop(name, tuple(values), pline, pcol))
            append(make_node(tuple(props), line, column))
            pos = found.end()
        self._pos = pos


@dataclass
class _TreeBuilder:
    line: int
    column: int
    nodes: list[SgfNode] = field(default_factory=list)
    children: list[SgfTree] = field(default_factory=list)

    def freeze(self) -> SgfTree:
        return SgfTree(tuple(self.nodes), tuple(self.children), self.line, self.column)


class _Parser:
    def __init__(self, stream: TextIO) -> None:
        self.sc = _Scanner(stream)
        self.issues: list[SgfIssue] = []

    def issue(self, code: str, message: str, line: int, column: int) -> None:
        severity = Severity.WARNING if code in ("P203", "P207", "P208") else Severity.ERROR
        self.issues.append(SgfIssue(code, severity, message, line, column))

    def take_issues(self) -> tuple[SgfIssue, ...]:
        out = tuple(self.issues)
        self.issues.clear()
        return out

    def skip_outside(self) -> None:
        """Skip text outside any game tree, up to the next ``(``."""
        sc = self.sc
        sc.skip_space()
        line, column = sc.line, sc.column
        skipped: list[str] = []
        while True:
            ch = sc.peek()
            if ch in ("", "("):
                break
            skipped.append(sc.take(1))
        text = "".join(skipped).strip()
        if text:
            self.issue(
                "P203",
                N_("skipped text outside a game tree: {text}").format(text=_excerpt(text)),
                line,
                column,
            )

    def parse_property_values(self, name: str, line: int, column: int) -> SgfProperty | None:
        sc = self.sc
        values: list[str] = []
        while True:
            sc.skip_space()
            if sc.peek() != "[":
                break
            vline, vcol = sc.line, sc.column
            sc.take(1)
            raw, closed = sc.read_value()
            values.append(unescape(raw))
            if not closed:
                message = (
                    N_("unterminated {name}[...]: no closing ']'").format(name=name)
                    if name
                    else N_("unterminated value: no closing ']'")
                )
                self.issue("P201", message, vline, vcol)
                break
        if not values:
            self.issue("P206", N_("property {name} has no value").format(name=name), line, column)
            return None
        return SgfProperty(name, tuple(values), line, column)

    def parse_node(self) -> SgfNode:
        sc = self.sc
        line, column = sc.line, sc.column
        sc.take(1)  # ';'
        props: list[SgfProperty] = []
        while True:
            sc.skip_space()
            ch = sc.peek()
            if ch.isascii() and ch.isalpha():
                pline, pcol = sc.line, sc.column
                ident = sc.take_match(_IDENT)
                name = "".join(c for c in ident if c.isupper())
                prop = self.parse_property_values(name or ident, pline, pcol)
                if prop is None:
                    continue
                if not name:
                    self.issue(
                        "P204",
                        N_("property name {name} has no capital letter").format(name=repr(ident)),
                        pline,
                        pcol,
                    )
                    continue
                props.append(prop)
            elif ch == "[":
                pline, pcol = sc.line, sc.column
                self.parse_property_values("", pline, pcol)
                self.issue("P205", "property value without a property name", pline, pcol)
            else:
                return SgfNode(tuple(props), line, column)

    def parse_tree(self) -> SgfTree:
        """Parse from a ``(`` to its matching ``)`` (or the point where the tree must end)."""
        sc = self.sc
        stack = [_TreeBuilder(sc.line, sc.column)]
        sc.take(1)
        while True:
            sc.skip_space()
            ch = sc.peek()
            top = stack[-1]
            if ch == "":
                self.issue(
                    "P202", "the input ends inside a game tree (missing ')')", sc.line, sc.column
                )
                return _close_all(stack)
            if ch == ";":
                if not top.children:
                    count = len(top.nodes)
                    sc.fast_nodes(top.nodes)
                    if len(top.nodes) > count:
                        continue
                node = self.parse_node()
                if top.children:
                    self.issue("P208", "node after a variation skipped", node.line, node.column)
                else:
                    top.nodes.append(node)
            elif ch == "(":
                if _NEW_TREE.match(sc.lookahead(_NEW_TREE_LOOKAHEAD)):
                    self.issue(
                        "P202", "a new game tree starts before this one's ')'", sc.line, sc.column
                    )
                    return _close_all(stack)
                stack.append(_TreeBuilder(sc.line, sc.column))
                sc.take(1)
            elif ch == ")":
                sc.take(1)
                done = stack.pop()
                if not done.nodes:
                    self.issue("P207", "empty game tree", done.line, done.column)
                tree = done.freeze()
                if not stack:
                    return tree
                if tree.nodes or tree.children:
                    stack[-1].children.append(tree)
            elif (ch.isascii() and ch.isalpha()) or ch == "[":
                line, column = sc.line, sc.column
                if ch == "[":
                    sc.take(1)
                    sc.read_value()
                else:
                    ident = sc.take_match(_IDENT)
                    self.parse_property_values(ident, line, column)
                self.issue("P204", "property outside a node skipped", line, column)
            else:
                line, column = sc.line, sc.column
                junk = sc.take_match(_JUNK_INSIDE) or sc.take(1)
                self.issue(
                    "P204",
                    N_("unexpected {text} skipped").format(text=_excerpt(junk)),
                    line,
                    column,
                )

    def trees(self) -> Iterator[ParsedTree]:
        sc = self.sc
        while True:
            self.skip_outside()
            if sc.peek() == "":
                break
            tree = self.parse_tree()
            yield ParsedTree(tree, self.take_issues())
        if sc.read_error is not None:
            self.issue(
                "P209", N_("read error: {error}").format(error=sc.read_error), sc.line, sc.column
            )
        if self.issues:
            yield ParsedTree(None, self.take_issues())


def _close_all(stack: list[_TreeBuilder]) -> SgfTree:
    tree = stack.pop().freeze()
    while stack:
        parent = stack.pop()
        if tree.nodes or tree.children:
            parent.children.append(tree)
        tree = parent.freeze()
    return tree


def _excerpt(text: str, limit: int = 40) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def iter_trees(stream: TextIO) -> Iterator[ParsedTree]:
    """Yield the game trees of an SGF stream one at a time, each with its issues.

    Never raises on content; a stream with no game tree yields nothing (or only a
    ``ParsedTree(None, issues)`` when it held text that was skipped).
    """
    yield from _Parser(stream).trees()
