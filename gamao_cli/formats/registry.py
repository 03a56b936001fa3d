"""The formats gamao reads and writes, and how an input's format is recognised.

:func:`detect` looks at the content first (as GNU Backgammon does, research/formats.md
section 1.9) and falls back to the file extension only when the content says nothing.
``.txt`` files are usually ``.mat`` exports (DailyGammon, GridGammon, Backgammon Galaxy).

The registry is the list of format families (:data:`FAMILIES`), one subpackage each
declaring its formats, marks and codes (:class:`~gamao_cli.formats.family.Family`):
:data:`FORMATS`, the sniffing order and the marks detection looks for are built from them.
"""

from __future__ import annotations

import os
from pathlib import PurePath

from gamao_cli.formats import (
    bgammon,
    bgf,
    fibs,
    gmd,
    gnubgtext,
    javafibs,
    mat,
    position,
    sgf,
    xg,
)
from gamao_cli.formats import json as json_family
from gamao_cli.formats.base import FormatInfo
from gamao_cli.formats.family import MARKS_WINDOW, SNIFF_CHARS, Family

__all__ = [
    "FAMILIES",
    "FORMATS",
    "SNIFF_CHARS",
    "UnknownFormatError",
    "by_extension",
    "by_name",
    "detect",
    "detect_binary",
    "extensions",
    "has_match_extension",
    "is_position_format",
    "names",
    "readable_names",
]

FAMILIES: tuple[Family, ...] = (
    mat.FAMILY,
    sgf.FAMILY,
    json_family.FAMILY,
    gmd.FAMILY,
    javafibs.FAMILY,
    fibs.FAMILY,
    bgammon.FAMILY,
    gnubgtext.FAMILY,
    position.FAMILY,
    bgf.FAMILY,
    xg.FAMILY,
)
"""Every family of formats (one subpackage each), in the order their formats are listed and
an extension two of them share is given to (``.txt``: ``.mat`` before position files)."""

FORMATS: tuple[FormatInfo, ...] = tuple(f for family in FAMILIES for f in family.formats)

_BY_NAME = {f.name: f for f in FORMATS}


class UnknownFormatError(ValueError):
    """A format name that is not in :data:`FORMATS`."""


def names() -> tuple[str, ...]:
    return tuple(f.name for f in FORMATS)


def readable_names() -> tuple[str, ...]:
    """The formats gamao reads (not those it only recognises, such as gnubg's text export)."""
    return tuple(f.name for f in FORMATS if f.read is not None or f.read_binary is not None)


def by_name(name: str) -> FormatInfo:
    """The format called ``name`` (case-insensitive; a leading dot is allowed)."""
    key = name.strip().lower().lstrip(".")
    info = _BY_NAME.get(key)
    if info is None:
        known = ", ".join(names())
        raise UnknownFormatError(f"unknown format {name!r} (known: {known})")
    return info


def by_extension(filename: str) -> FormatInfo | None:
    """The format that owns ``filename``'s extension, or None."""
    suffix = PurePath(filename).suffix.lower().lstrip(".")
    if not suffix:
        return None
    for info in FORMATS:
        if suffix in info.extensions:
            return info
    return None


def is_position_format(name: str) -> bool:
    """Whether ``name`` is a registered format of position files (``matches`` is False)."""
    info = _BY_NAME.get(name)
    return info is not None and not info.matches


def extensions() -> frozenset[str]:
    """Every extension of every format (lower case, without dots)."""
    return frozenset(ext for info in FORMATS for ext in info.extensions)


_MATCH_ONLY: frozenset[str] | None = None


def has_match_extension(filename: str) -> bool:
    """Whether ``filename`` ends in an extension that only match formats use (``.mat``,
    ``.sgf``, ``.xg``, ``.bgf``, ``.json``, ...; not ``.txt``, which position files and any
    other text share): such a file is read as a match file wherever it is found."""
    global _MATCH_ONLY
    if _MATCH_ONLY is None:
        others = {ext for info in FORMATS if not info.matches for ext in info.extensions}
        _MATCH_ONLY = (
            frozenset(ext for info in FORMATS if info.matches for ext in info.extensions) - others
        )
    suffix = os.path.splitext(filename)[1]
    return suffix[1:].lower() in _MATCH_ONLY if suffix else False


def detect_binary(head: bytes, filename: str = "") -> FormatInfo | None:
    """The binary format whose magic ``head`` (the raw first bytes of an input) starts with.

    Where several share a magic (XG's ``.xg`` and ``.xgp``), the one owning ``filename``'s
    extension wins; else the first."""
    found = [f for f in FORMATS if f.sniff_bytes is not None and f.sniff_bytes(head)]
    if len(found) > 1 and filename:
        owner = by_extension(filename)
        if owner is not None and owner in found:
            return owner
    return found[0] if found else None


_MARKS = tuple(mark for family in FAMILIES for mark in family.marks)
"""What the text formats other than ``.mat`` hold in their first lines (position files,
FIBS oldmoves, Gibbon GMD, JavaFIBS, bgammon.org, gnubg's text export): a head with none of
them that a family claims (an ``N point match`` line) is that family's without trying every
sniffer (a head with any of them, or in doubt, goes through every sniffer in order)."""

_CLAIMS = tuple((family.claims, family.formats[0]) for family in FAMILIES if family.claims)

_KIN = {
    f.name: frozenset(kin.name for kin in family.formats)
    for family in FAMILIES
    if len(family.formats) > 1
    for f in family.formats
}
"""The formats of a family of several (``json`` and ``jsonl``): when the content says one
of them, the file's extension may say the other, and decides (the reader is the same)."""

_ORDER_CACHE: dict[int, tuple[tuple[FormatInfo, ...], list[FormatInfo]]] = {}


def _sniff_order(formats: tuple[FormatInfo, ...]) -> list[FormatInfo]:
    """The text formats in the order they are sniffed, by their ``sniff_rank`` (SGF and JSON
    first, the liberal .mat sniffer last), else in the registry's order (worked out once per
    registry)."""
    cached = _ORDER_CACHE.get(id(formats))
    if cached is not None and cached[0] is formats:
        return cached[1]
    ordered = sorted((f for f in formats if f.read_binary is None), key=lambda f: f.sniff_rank)
    _ORDER_CACHE[id(formats)] = (formats, ordered)
    return ordered


def detect(head_text: str, filename: str) -> FormatInfo | None:
    """The format of an input: by content first, then by ``filename``'s extension.

    For a JSON input named ``*.json`` whose first line is a whole document, the ``json``
    format is returned (the reader is the same): the extension decides between the two.
    """
    early = head_text[:SNIFF_CHARS]
    first_lines = early[:MARKS_WINDOW]
    for claims, claimed in _CLAIMS:
        if claims(early) and not any(mark in first_lines for mark in _MARKS):
            # The commonest input, told apart cheaply: an "N point match" line, and nothing
            # that another text format starts with (every sniffer runs on every input
            # otherwise).
            return claimed
    for info in _sniff_order(FORMATS):
        if info.sniff(head_text):
            kin = _KIN.get(info.name)
            if kin is not None:
                by_ext = by_extension(filename)
                if by_ext is not None and by_ext.name in kin:
                    return by_ext
            return info
    return by_extension(filename)
