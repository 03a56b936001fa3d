"""The SGF tokenizer's results: properties, nodes, game trees and issues; SGF text values.

:mod:`~gamao_cli.formats.sgf.parser` builds these; the readers read them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gamao_cli.model.diagnostics import Severity

_ESCAPE = re.compile(r"\\(\r\n|\n|\r|.)", re.DOTALL)
_FOLD = re.compile(r"[^\S\n]")


@dataclass(frozen=True, slots=True)
class SgfProperty:
    """A property as written: ``name`` (upper-case letters) and its unescaped values."""

    name: str
    values: tuple[str, ...]
    line: int
    column: int

    @property
    def value(self) -> str:
        """The first value (SGF properties of a single value are the common case)."""
        return self.values[0] if self.values else ""


@dataclass(frozen=True, slots=True)
class SgfNode:
    """A node: its properties in file order; line/column of its ``;``."""

    properties: tuple[SgfProperty, ...]
    line: int
    column: int

    def get(self, name: str) -> SgfProperty | None:
        for prop in self.properties:
            if prop.name == name:
                return prop
        return None


@dataclass(frozen=True, slots=True)
class SgfTree:
    """A game tree: its sequence of nodes and its variations; line/column of its ``(``."""

    nodes: tuple[SgfNode, ...]
    children: tuple[SgfTree, ...]
    line: int
    column: int

    def main_line(self) -> tuple[SgfNode, ...]:
        """The nodes of the main line: this sequence, then each first variation in turn."""
        out: list[SgfNode] = []
        tree: SgfTree | None = self
        while tree is not None:
            out.extend(tree.nodes)
            tree = tree.children[0] if tree.children else None
        return tuple(out)

    def variation_count(self) -> int:
        """How many variations (beyond the main line) the tree holds, at any depth."""
        count = 0
        stack: list[SgfTree] = [self]
        while stack:
            tree = stack.pop()
            count += max(0, len(tree.children) - 1)
            stack.extend(tree.children)
        return count


@dataclass(frozen=True, slots=True)
class SgfIssue:
    code: str
    severity: Severity
    message: str
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class ParsedTree:
    """One game tree and the problems met while reading it (and any junk before it).

    ``tree`` is None for the issues found after the last game tree of the input.
    """

    tree: SgfTree | None
    issues: tuple[SgfIssue, ...]


def fold_whitespace(text: str) -> str:
    """SGF Text semantics as gnubg applies them: whitespace other than a newline is a space."""
    return _FOLD.sub(" ", text)


def unescape(raw: str) -> str:
    """Resolve SGF escapes: ``\\x`` is ``x``; a backslash before a line break removes both."""
    if "\\" not in raw:
        return raw
    return _ESCAPE.sub(lambda m: "" if m.group(1) in ("\n", "\r", "\r\n") else m.group(1), raw)


def escape(text: str, colons: bool = False) -> str:
    """Escape a value for writing: ``\\`` and ``]`` (and ``:`` in composed values)."""
    out = text.replace("\\", "\\\\").replace("]", "\\]")
    return out.replace(":", "\\:") if colons else out


class _PropertyShell:
    """:class:`SgfProperty`'s layout (slots are laid out in name order), filled by plain
    stores and then made an SgfProperty, as :mod:`gamao_cli.formats.shells` does for
    moves: a frozen dataclass's ``__init__`` is several times slower."""

    __slots__ = ("column", "line", "name", "values")
    name: str
    values: tuple[str, ...]
    line: int
    column: int


class _NodeShell:
    __slots__ = ("column", "line", "properties")
    properties: tuple[SgfProperty, ...]
    line: int
    column: int


_new = object.__new__


def _shell_property(name: str, values: tuple[str, ...], line: int, column: int) -> SgfProperty:
    made = _new(_PropertyShell)
    made.name = name
    made.values = values
    made.line = line
    made.column = column
    made.__class__ = SgfProperty  # type: ignore[assignment]
    return made  # type: ignore[return-value]


def _shell_node(properties: tuple[SgfProperty, ...], line: int, column: int) -> SgfNode:
    made = _new(_NodeShell)
    made.properties = properties
    made.line = line
    made.column = column
    made.__class__ = SgfNode  # type: ignore[assignment]
    return made  # type: ignore[return-value]


def _shells_work() -> bool:
    """True when the shells make objects equal to the constructors' (checked at import)."""
    for cls, names in (
        (SgfProperty, ("name", "values", "line", "column")),
        (SgfNode, ("properties", "line", "column")),
    ):
        if getattr(cls, "__slots__", None) != names or hasattr(cls, "__post_init__"):
            return False
    try:
        prop = _shell_property("W", ("31ab",), 2, 3)
        node = _shell_node((prop,), 2, 1)
    except TypeError:  # "__class__ assignment: ... object layout differs"
        return False
    expected = SgfNode((SgfProperty("W", ("31ab",), 2, 3),), 2, 1)
    return type(node) is SgfNode and type(prop) is SgfProperty and node == expected


SHELLS = _shells_work()
"""Whether :func:`new_property` and :func:`new_node` use shells (else the constructors)."""
new_property = _shell_property if SHELLS else SgfProperty
new_node = _shell_node if SHELLS else SgfNode
