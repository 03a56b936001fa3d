"""BGBlitz ``.bgf`` match files: the container (research/formats-wave2.md section 10).

A ``.bgf`` file is two JSON documents: line 1 is a one-line JSON header (``format``,
``version``, ``compress``, ``useSmile``), the rest is the match, usually gzip-compressed and
Smile-encoded (:mod:`gamao_cli.formats.bgf.smile`). The payload is recognised by its bytes, not
by what the header claims: ``1F 8B`` is gzip, ``78 01|5E|9C|DA`` zlib, anything else is read
as it is; after inflating, ``:)\\n`` starts a Smile document, anything else must be JSON.

Memory stays bounded whatever the file claims: at most :data:`MAX_INPUT` bytes are read,
and a payload never inflates beyond :data:`INFLATE_RATIO` times its compressed size (plus
a small allowance) nor beyond :data:`MAX_INFLATED`: a larger one is refused as a zip bomb
(P452). Every problem is a diagnostic naming the file and the byte offset; the match object
itself is turned into games by :mod:`gamao_cli.formats.bgf.match`.
"""

from __future__ import annotations

import io
import json
import re
import zlib
from collections.abc import Iterator
from typing import BinaryIO

from gamao_cli.formats.bgf.match import build_match, failed_match
from gamao_cli.formats.bgf.smile import MAX_CONTAINERS, SmileError, decode_document
from gamao_cli.i18n import N_
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.location import Location
from gamao_cli.model.match import Match

__all__ = ["read_bgf", "sniff_bgf"]


MAX_INPUT = 16 << 20
"""Bytes of a ``.bgf`` file read at most (a real one is a few tens of kilobytes)."""
MAX_HEADER = 4096
"""The header line is at most this long."""
INFLATE_RATIO = 100
"""A payload inflates to at most this multiple of its compressed size ..."""
INFLATE_ALLOWANCE = 1 << 20
"""... plus this much (a tiny compressed payload may legitimately inflate far more) ..."""
MAX_INFLATED = 64 << 20
"""... and never beyond this, whatever its size."""

_ZLIB_SECOND = frozenset({0x01, 0x5E, 0x9C, 0xDA})
_HEADER_MARK = re.compile(rb'"(?:useSmile|compress)"\s*:|"format"\s*:\s*"BGF"', re.IGNORECASE)


def _header_object(line: bytes) -> dict[str, object] | None:
    try:
        value = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return value if isinstance(value, dict) else None


def sniff_bgf(head: bytes) -> bool:
    """A first line that starts with ``{`` and names the BGF format (``"format": "BGF"``) or
    BGBlitz's ``useSmile`` / ``compress`` flags. Liberal on purpose: a header that then
    does not parse is reported by the reader (P450) rather than as unknown binary data."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r")
    if not text.startswith(b"{"):
        return False
    end = text.find(b"\n", 0, MAX_HEADER + 1)
    line = text[: end if end >= 0 else MAX_HEADER]
    return _HEADER_MARK.search(line) is not None


def _fail(filename: str, code: str, message: str) -> Match:
    return failed_match(filename, Diagnostic(code, Severity.ERROR, message, Location(filename)))


def inflate_limit(compressed: int) -> int:
    """How many bytes a payload of ``compressed`` bytes may inflate to."""
    return min(MAX_INFLATED, compressed * INFLATE_RATIO + INFLATE_ALLOWANCE)


def inflate(payload: bytes, wbits: int, limit: int) -> tuple[bytes | None, str]:
    """``payload`` inflated (at most ``limit`` bytes), or None and the reason."""
    engine = zlib.decompressobj(wbits)
    try:
        out = engine.decompress(payload, limit + 1)
    except zlib.error as exc:
        return None, N_("corrupt data ({error})").format(error=exc)
    if len(out) > limit or engine.unconsumed_tail:
        return None, "bomb"
    if not engine.eof:
        try:
            out += engine.flush()
        except zlib.error as exc:
            return None, N_("truncated data ({error})").format(error=exc)
        if len(out) > limit:
            return None, "bomb"
        return None, N_("truncated data: the compressed stream does not end")
    return out, ""


def _payload(data: bytes, start: int, filename: str) -> tuple[bytes, str] | Match:
    """The inflated body and how it was stored, or a failure match."""
    raw = data[start:]
    kind = "raw"
    wbits = 0
    if raw[:2] == b"\x1f\x8b":
        kind, wbits = "gzip", 31
    elif len(raw) >= 2 and raw[0] == 0x78 and raw[1] in _ZLIB_SECOND:
        kind, wbits = "zlib", 15
    if not wbits:
        return raw, kind
    limit = inflate_limit(len(raw))
    body, why = inflate(raw, wbits, limit)
    if body is None:
        if why == "bomb":
            return _fail(
                filename,
                "P452",
                N_(
                    "the {kind} payload at byte {start} ({size} bytes) inflates "
                    "to more than {limit} bytes: refused"
                ).format(kind=kind, start=start, size=len(raw), limit=limit),
            )
        return _fail(
            filename,
            "P451",
            N_("the {kind} payload at byte {start}: {why}").format(kind=kind, start=start, why=why),
        )
    return body, kind


def read_bgf(stream: BinaryIO, filename: str) -> Iterator[Match]:
    """The match of a BGBlitz ``.bgf`` file (one per file); problems become diagnostics.

    A file larger than :data:`MAX_INPUT` is refused from its size, without being read."""
    try:
        size = stream.seek(0, io.SEEK_END)
        stream.seek(0)
    except (OSError, ValueError):
        size = 0  # not seekable after all: the read below is bounded anyway
    data = b"" if size > MAX_INPUT else stream.read(MAX_INPUT + 1)
    if size > MAX_INPUT or len(data) > MAX_INPUT:
        yield _fail(
            filename,
            "P455",
            N_("{size} bytes, more than the {limit} MB a .bgf may have: not read").format(
                size=max(size, len(data)), limit=MAX_INPUT >> 20
            ),
        )
        return
    yield read_bgf_bytes(bytes(data), filename)


def read_bgf_bytes(data: bytes, filename: str) -> Match:
    """The match of the bytes of a ``.bgf`` file."""
    skip = len(data) - len(data.lstrip(b"\xef\xbb\xbf \t\r"))
    end = data.find(b"\n", skip, skip + MAX_HEADER + 1)
    header = _header_object(data[skip:end]) if end >= 0 else None
    if header is None:
        return _fail(
            filename,
            "P450",
            N_("line 1 should be a one-line JSON header such as {example}").format(
                example='{"format":"BGF","version":"1.0","compress":true,"useSmile":true}'
            ),
        )
    found = _payload(data, end + 1, filename)
    if isinstance(found, Match):
        return found
    body, stored = found
    tags = [("Format", f"BGBlitz .bgf ({stored})")]
    version = header.get("version")
    if isinstance(version, (str, int, float)) and not isinstance(version, bool):
        tags.append(("BGF version", str(version)))
    if body[:3] == b":)\n" or (body and b":)\n".startswith(body)):  # (or a cut-off header)
        try:
            document = decode_document(body)
        except SmileError as exc:
            where = N_("byte {at} of the {stored} body").format(at=exc.offset, stored=stored)
            if stored == "raw":
                where = N_("byte {at}").format(at=end + 1 + exc.offset)
            message = N_("Smile body, {where}: {error}").format(where=where, error=exc.message)
            return _fail(filename, "P453", message)
        value = document.value
        alignment = document.float_alignment
        consistent = document.floats_consistent
    else:
        brackets = body.count(b"{") + body.count(b"[")
        if brackets > MAX_CONTAINERS:  # what the Smile decoder bounds, bounded for JSON too
            return _fail(
                filename,
                "P454",
                N_(
                    "the JSON body opens {count} arrays and objects, more than the {limit} "
                    "a match may have"
                ).format(count=brackets, limit=MAX_CONTAINERS),
            )
        try:
            value = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:
            return _fail(filename, "P454", N_("the body after line 1: {error}").format(error=exc))
        alignment, consistent = None, True
    return build_match(value, filename, tuple(tags), alignment, consistent)
