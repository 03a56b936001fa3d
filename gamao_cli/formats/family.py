"""A family of formats: the one value each subpackage of :mod:`gamao_cli.formats` declares.

A family (``formats/mat/``, ``formats/sgf/``, ``formats/xg/``, ...) declares ``FAMILY``, a
:class:`Family`, in its ``__init__``: its formats (name, extensions, sniffer, reader,
writer: :class:`~gamao_cli.formats.base.FormatInfo`), the marks its inputs show in their
first lines, and its diagnostic codes with their severities. The registry
(:mod:`gamao_cli.formats.registry`) is the list of families; detection and the table of
codes (:func:`gamao_cli.analysis.codes.all_codes`) are built from these values.

Readers and writers are named by module and function (:func:`lazy`) and imported when first
called: a command that reads one format does not pay for importing every other.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from types import MappingProxyType
from typing import Any, NamedTuple

from gamao_cli.formats.base import FormatInfo
from gamao_cli.model.diagnostics import Severity

__all__ = ["MARKS_WINDOW", "SNIFF_CHARS", "Family", "lazy", "never"]

SNIFF_CHARS = 8192
"""How much of the head of an input the sniffers look at (gnubg reads about 5 KB)."""


_NONE: Mapping[str, Any] = MappingProxyType({})


class Family(NamedTuple):
    """One family of formats (one subpackage): what the registry and the code table need.

    A named tuple (frozen, and cheap to define: every command that reads imports the
    registry, and with it every family)."""

    name: str
    formats: tuple[FormatInfo, ...]
    """Its formats, in the order ``--to`` and the help list them (``json``, ``jsonl``)."""
    codes: Mapping[str, str] = _NONE
    """Its readers' diagnostic codes and what each means (docs/codes.md)."""
    severities: Mapping[str, Severity] = _NONE
    """The codes the table lists as other than errors: the most severe each ever is."""
    marks: tuple[str, ...] = ()
    """Text its inputs hold in their first lines (:data:`MARKS_WINDOW` characters) and a
    ``.mat`` file does not: a head with none of any family's marks and with ``claims`` of a
    family true is that family's without trying every sniffer."""
    claims: Callable[[str], bool] | None = None
    """A cheap test of the commonest inputs, true only where no other family's ``marks``
    appear (the ``.mat`` family's ``N point match`` line)."""


MARKS_WINDOW = 2048
"""How much of a head :attr:`Family.marks` are looked for in (they stand in the first lines)."""


def lazy(module: str, name: str) -> Callable[..., Any]:
    """The function ``name`` of ``module``, imported when first called. It is looked up at
    every call (a dictionary look-up once imported), so a test that patches it is seen."""
    loaded = sys.modules

    def call(*args: Any) -> Any:
        found = loaded.get(module)
        if found is None:
            found = import_module(module)
        return getattr(found, name)(*args)

    call.__qualname__ = call.__name__ = name
    call.__module__ = module
    return call


def never(head: str) -> bool:
    """The text sniffer of a binary format: those are recognised by
    :attr:`~gamao_cli.formats.base.FormatInfo.sniff_bytes`, never as text."""
    return False
