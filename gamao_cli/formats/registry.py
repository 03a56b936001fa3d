"""The formats gamao reads and writes, and how an input's format is recognised.

:func:`detect` looks at the content first (as GNU Backgammon does, research/formats.md
section 1.9) and falls back to the file extension only when the content says nothing.
``.txt`` files are usually ``.mat`` exports (DailyGammon, GridGammon, Backgammon Galaxy).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import PurePath
from typing import BinaryIO, TextIO

from gamao_cli.formats.base import FormatInfo
from gamao_cli.formats.json.values import FORMAT as JSON_FORMAT_NAME
from gamao_cli.i18n import N_
from gamao_cli.model.match import Match

SNIFF_CHARS = 8192
"""How much of the head of an input the sniffers look at (gnubg reads about 5 KB)."""

_SGF_START = re.compile(r"\s*\(\s*;")
_SGF_MARK = re.compile(r"GM\s*\[\s*6\s*\]|FF\s*\[")
_MAT_TAG = re.compile(r"^\s*;\s*\[", re.MULTILINE)
_MAT_LENGTH = re.compile(r"^\s*\d+\s+point\s+match\b", re.MULTILINE | re.IGNORECASE)
_MAT_GAME = re.compile(r"^\s*Game\s+1\s*$", re.MULTILINE | re.IGNORECASE)
_MAT_SCORE = re.compile(r"^\s*\S.*?\s:\s*-?\d+\s+\S.*?\s:\s*-?\d+\s*$", re.MULTILINE)
_GNUBG_TEXT_BOARD = re.compile(
    r"^ GNU Backgammon  [^:\n]+: [A-Za-z0-9+/]{14}[ \t\r]*$", re.MULTILINE
)


def _read_mat(stream: TextIO, filename: str) -> Iterator[Match]:
    from gamao_cli.formats.mat.reader import read_mat

    return read_mat(stream, filename)


def _read_mat_from(stream: TextIO, filename: str, first_line: int) -> Iterator[Match]:
    from gamao_cli.formats.mat.reader import read_mat

    return read_mat(stream, filename, first_line)


def _read_json_lines_from(stream: TextIO, filename: str, first_line: int) -> Iterator[Match]:
    from gamao_cli.formats.json.reader import read_json_lines

    return read_json_lines(stream, filename, first_line)


# The readers and writers are imported when first used, so that a command that reads one
# format does not pay for importing every other.


def read_sgf(stream: TextIO, filename: str) -> Iterator[Match]:
    from gamao_cli.formats.sgf.reader import read_sgf as read

    return read(stream, filename)


def write_sgf(match: Match, stream: TextIO) -> None:
    from gamao_cli.formats.sgf.writer import write_sgf as write

    write(match, stream)


def read_json(stream: TextIO, filename: str) -> Iterator[Match]:
    from gamao_cli.formats.json.writer import read_json as read

    return read(stream, filename)


def write_json(match: Match, stream: TextIO) -> None:
    from gamao_cli.formats.json.writer import write_json as write

    write(match, stream)


def write_jsonl(match: Match, stream: TextIO) -> None:
    from gamao_cli.formats.json.writer import write_jsonl as write

    write(match, stream)


def _read_positions(stream: TextIO, filename: str) -> Iterator[Match]:
    from gamao_cli.formats.position.text import read_positions

    return read_positions(stream, filename)


def _sniff_position(head: str) -> bool:
    # Imported on first use: the position reader pulls in the engine's judge.
    from gamao_cli.formats.position.text import sniff_position

    return sniff_position(head)


def _read_gmd(stream: TextIO, filename: str) -> Iterator[Match]:
    from gamao_cli.formats.gmd.reader import read_gmd

    return read_gmd(stream, filename)


def _read_javafibs(stream: TextIO, filename: str) -> Iterator[Match]:
    from gamao_cli.formats.javafibs.reader import read_javafibs

    return read_javafibs(stream, filename)


def _read_fibs(stream: TextIO, filename: str) -> Iterator[Match]:
    from gamao_cli.formats.fibs.oldmoves import read_fibs

    return read_fibs(stream, filename)


def _read_bgammon(stream: TextIO, filename: str) -> Iterator[Match]:
    from gamao_cli.formats.bgammon.reader import read_bgammon

    return read_bgammon(stream, filename)


def _write_mat(match: Match, stream: TextIO) -> None:
    from gamao_cli.formats.mat.writer import write_mat

    write_mat(match, stream)


def _read_bgf(stream: BinaryIO, filename: str) -> Iterator[Match]:
    from gamao_cli.formats.bgf.reader import read_bgf

    return read_bgf(stream, filename)


def _sniff_bgf(head: bytes) -> bool:
    # BGBlitz's header line is JSON: only an input that starts with "{" can be one, and only
    # then is the reader (its Smile decoder) imported.
    if head.lstrip(b"\xef\xbb\xbf \t\r")[:1] != b"{":
        return False
    from gamao_cli.formats.bgf.reader import sniff_bgf

    return sniff_bgf(head)


def _never(head: str) -> bool:
    """Binary formats are recognised by :attr:`FormatInfo.sniff_bytes`, never as text."""
    return False


def _read_xg(stream: BinaryIO, filename: str) -> Iterator[Match]:
    from gamao_cli.formats.xg import read_xg

    return read_xg(stream, filename)


def _read_xgp(stream: BinaryIO, filename: str) -> Iterator[Match]:
    from gamao_cli.formats.xg import read_xgp

    return read_xgp(stream, filename)


def sniff_xg(head: bytes) -> bool:
    """XG's RGMH rich game header, version 1 (``.xg`` and ``.xgp`` alike)."""
    return head[:8] == b"RGMH\x01\x00\x00\x00"


def sniff_sgf(head: str) -> bool:
    """``(;`` (whitespace allowed) and ``GM[6]`` or ``FF[`` in the head."""
    text = head.lstrip("\ufeff")[:SNIFF_CHARS]
    return bool(_SGF_START.match(text)) and bool(_SGF_MARK.search(text))


def sniff_json(head: str) -> bool:
    """Starts with ``{`` or ``[`` and names the gamao match format."""
    text = head.lstrip("\ufeff \t\r\n")[:SNIFF_CHARS]
    return text[:1] in ("{", "[") and f'"{JSON_FORMAT_NAME}"' in text


def sniff_jsonl(head: str) -> bool:
    """A gamao JSON document whose first line is a complete JSON object (JSON Lines)."""
    if not sniff_json(head):
        return False
    first = head.lstrip("\ufeff \t\r\n").split("\n", 1)[0]
    try:
        return isinstance(json.loads(first), dict)
    except ValueError:
        return False


def sniff_mat(head: str) -> bool:
    """A ``; [`` tag line, an ``N point match`` line, or ``Game 1`` with a score line."""
    text = head.lstrip("\ufeff")[:SNIFF_CHARS]
    if _MAT_LENGTH.search(text) or _MAT_TAG.search(text):
        return True
    game = _MAT_GAME.search(text)
    return game is not None and _MAT_SCORE.search(text, game.end()) is not None


def sniff_gnubg_text(head: str) -> bool:
    """gnubg's ``export match text`` listing: its boards' heading line, `` GNU Backgammon
    Position ID: 4HPwATDgc/ABMA`` (the label in gnubg's language, the ID 14 characters)."""
    text = head[:SNIFF_CHARS]
    # The plain search first: the pattern's own search of a head without it costs 25 times as
    # much (a .mat's 8 KB: 5 against 130 microseconds).
    return " GNU Backgammon  " in text and _GNUBG_TEXT_BOARD.search(text) is not None


def sniff_gmd(head: str) -> bool:
    from gamao_cli.formats.gmd.items import sniff_gmd as sniff

    return sniff(head)


def sniff_javafibs(head: str) -> bool:
    from gamao_cli.formats.javafibs.reader import sniff_javafibs as sniff

    return sniff(head)


def sniff_fibs(head: str) -> bool:
    from gamao_cli.formats.fibs.oldmoves import sniff_fibs as sniff

    return sniff(head)


def sniff_bgammon(head: str) -> bool:
    from gamao_cli.formats.bgammon.reader import sniff_bgammon as sniff

    return sniff(head)


FORMATS: tuple[FormatInfo, ...] = (
    FormatInfo(
        name="mat",
        description="Jellyfish .mat match text (gnubg, XG, DailyGammon, GridGammon, ...)",
        extensions=("mat", "txt"),
        sniff=sniff_mat,
        read=_read_mat,
        write=_write_mat,
        read_from=_read_mat_from,
    ),
    FormatInfo(
        name="sgf",
        description="GNU Backgammon SGF (GM[6]), one game tree per game",
        extensions=("sgf",),
        sniff=sniff_sgf,
        read=read_sgf,
        write=write_sgf,
    ),
    FormatInfo(
        name="json",
        description="gamao JSON, one pretty-printed match document (docs/json-schema.md)",
        extensions=("json",),
        sniff=sniff_json,
        read=read_json,
        write=write_json,
    ),
    FormatInfo(
        name="jsonl",
        description="gamao JSON Lines, one match document per line",
        extensions=("jsonl",),
        sniff=sniff_jsonl,
        read=read_json,
        write=write_jsonl,
        many_per_file=True,
        read_from=_read_json_lines_from,
    ),
    FormatInfo(
        name="gmd",
        description="Gibbon Match Dump (GMD-1, GMD-2), read only",
        extensions=("gmd",),
        sniff=sniff_gmd,
        read=_read_gmd,
        write=None,
    ),
    FormatInfo(
        name="javafibs",
        description="JavaFIBS internal match representation (.match), read only",
        extensions=("match",),
        sniff=sniff_javafibs,
        read=_read_javafibs,
        write=None,
    ),
    FormatInfo(
        name="fibs",
        description="FIBS oldmoves listing (.fibs), read only",
        extensions=("fibs", "oldmoves"),
        sniff=sniff_fibs,
        read=_read_fibs,
        write=None,
    ),
    FormatInfo(
        name="bgammon",
        description="bgammon.org replay (.match), read only",
        extensions=("match",),
        sniff=sniff_bgammon,
        read=_read_bgammon,
        write=None,
    ),
    FormatInfo(
        name="gnubg-text",
        description="GNU Backgammon's `export match text` listing: recognised, not read "
        "(a listing for reading, not a match record: export .mat or .sgf from gnubg)",
        extensions=(),
        sniff=sniff_gnubg_text,
        read=None,
        write=None,
        not_read=N_(
            "{file}: a gnubg text export (export match text): a listing, not a match record; "
            "export the match from gnubg as .mat or .sgf"
        ),
    ),
    FormatInfo(
        name="position",
        description="position files: XG / BGBlitz position and analysis texts, XGID or gnubg "
        "ID lists (read only; gamao moves/show)",
        extensions=("txt",),
        sniff=_sniff_position,
        read=_read_positions,
        write=None,
        many_per_file=True,
        matches=False,
    ),
    FormatInfo(
        name="bgf",
        description="BGBlitz .bgf match (JSON header line, gzip, Smile-encoded body); read only",
        extensions=("bgf",),
        sniff=_never,
        read=None,
        write=None,
        sniff_bytes=_sniff_bgf,
        read_binary=_read_bgf,
    ),
    FormatInfo(
        name="xg",
        description="eXtreme Gammon binary match (.xg), with XG's analysis",
        extensions=("xg",),
        sniff=_never,
        read=None,
        write=None,
        sniff_bytes=sniff_xg,
        read_binary=_read_xg,
    ),
    FormatInfo(
        name="xgp",
        description="eXtreme Gammon binary position (.xgp), with XG's analysis",
        extensions=("xgp",),
        sniff=_never,
        read=None,
        write=None,
        sniff_bytes=sniff_xg,
        read_binary=_read_xgp,
        matches=False,
    ),
)

_BY_NAME = {f.name: f for f in FORMATS}
_SNIFF_ORDER = ("sgf", "jsonl", "json", "mat")


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


_OTHER_MARKS = (
    "XGID=",
    "Position-ID:",
    "Score is ",
    "GMD-",
    "JavaFIBS",
    "bgammon-replay",
    " GNU Backgammon  ",
)
_MARKS_WINDOW = 2048  # those marks stand in a file's first lines
"""What the other text formats hold in their first lines (position files, FIBS oldmoves,
Gibbon GMD, JavaFIBS, bgammon.org, gnubg's text export): a head with none of them and an
``N point match`` line is a .mat file without trying every sniffer (a head with any of them,
or in doubt, goes through every sniffer in order)."""

_ORDER_CACHE: dict[int, tuple[tuple[FormatInfo, ...], list[FormatInfo]]] = {}


def _sniff_order(formats: tuple[FormatInfo, ...]) -> list[FormatInfo]:
    """The text formats in the order they are sniffed: SGF and JSON first, the liberal .mat
    sniffer last, every other text format between them (worked out once per registry)."""
    cached = _ORDER_CACHE.get(id(formats))
    if cached is not None and cached[0] is formats:
        return cached[1]
    by_name = {f.name: f for f in formats}
    ordered = [by_name[n] for n in _SNIFF_ORDER[:-1]]
    ordered += [f for f in formats if f.name not in _SNIFF_ORDER and f.read_binary is None]
    ordered.append(by_name[_SNIFF_ORDER[-1]])
    _ORDER_CACHE[id(formats)] = (formats, ordered)
    return ordered


def detect(head_text: str, filename: str) -> FormatInfo | None:
    """The format of an input: by content first, then by ``filename``'s extension.

    For a JSON input named ``*.json`` whose first line is a whole document, the ``json``
    format is returned (the reader is the same): the extension decides between the two.
    """
    early = head_text[:SNIFF_CHARS]
    first_lines = early[:_MARKS_WINDOW]
    if (
        _MAT_LENGTH.search(early)
        and early.lstrip("\ufeff \t\r\n")[:1] not in ("(", "{", "[")
        and not any(mark in first_lines for mark in _OTHER_MARKS)
    ):
        # The commonest input, told apart cheaply: an "N point match" line, and nothing that
        # another text format starts with (every sniffer runs on every input otherwise).
        return _BY_NAME["mat"]
    ordered = _sniff_order(FORMATS)
    for info in ordered:
        name = info.name
        if info.sniff(head_text):
            if name in ("json", "jsonl"):
                by_ext = by_extension(filename)
                if by_ext is not None and by_ext.name in ("json", "jsonl"):
                    return by_ext
            return info
    return by_extension(filename)
