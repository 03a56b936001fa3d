"""A decoder for Smile, the binary JSON of the Jackson project (BGBlitz ``.bgf`` bodies).

Written from the format specification (FasterXML ``smile-format-specification`` 1.0.6;
research/formats-wave2.md section 10.2). :func:`decode` turns one Smile document into the
same Python values :func:`json.loads` gives (dict, list, str, int, float, bool, None), plus
``bytes`` for binary values and :class:`decimal.Decimal` for BigDecimal.

What a document holds:

* a 4-byte header ``:)\\n`` and a flags byte (version in the high nibble, which must be 0;
  bit 0 shared property names, bit 1 shared string values, bit 2 raw binary allowed);
* one value: literals, ZigZag VInt integers (int32, int64), BigInteger, float32, float64,
  BigDecimal, strings (tiny/short ASCII and Unicode with the length in the token, long ones
  ended by ``0xFC``), back references to strings and names seen before, 7-bit and raw
  binary, arrays and objects; optionally followed by the end marker ``0xFF``.

Back references index two tables of at most 1024 entries, one for names and one for short
string values (<= 64 UTF-8 bytes); a table that is full is cleared before the next entry is
added, as the encoder does, so indexes are offsets from the last reset.

**Float alignment.** The specification packs a float's bits into 7-bit groups
*right-aligned* (the padding is in the first byte). BGBlitz's decoders in the wild (research
10.2, disputed) read its doubles *left-aligned* (the padding is in the low bits of the last
byte). With ``floats="auto"`` (the default) the choice is made once per document, after
reading it: the alignment whose padding bits are zero in every float wins; when both fit,
the one that gives more plausible numbers (finite, zero or of magnitude 1e-12..1e9) wins,
the specification's on a tie. :attr:`Document.float_alignment` says which was used.

Every problem is a :class:`SmileError` with the byte offset where it was found: a bad header,
truncated input, a reserved token, a back reference out of range, a length that claims more
bytes than the input holds, nesting deeper than :data:`MAX_DEPTH`, more than
:data:`MAX_CONTAINERS` arrays and objects, bad UTF-8. What the decoder holds is bounded by a
small multiple of the input.
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from gamao_cli.i18n import N_

__all__ = ["MAX_DEPTH", "Document", "SmileError", "decode", "decode_document"]

HEADER = b":)\n"
MAX_DEPTH = 200
"""Arrays and objects nested deeper than this are refused (a hostile input's stack)."""
MAX_CONTAINERS = 500_000
"""A document with more arrays and objects than this is refused: two bytes of input make an
empty object of some 64 bytes, so this bounds what a hostile input can make the decoder hold
(a real BGBlitz match has a few thousand)."""
TABLE_SIZE = 1024
SHARED_VALUE_MAX_BYTES = 64
_MAX_VINT_BYTES = 10
_BIG_MAX_BYTES = 4096  # BigInteger / BigDecimal magnitude: far beyond any real number

Alignment = Literal["right", "left"]
FloatMode = Literal["auto", "right", "left"]

Value = object  # what a decoded value may be: see the module docstring


class SmileError(ValueError):
    """A Smile document that cannot be decoded; ``offset`` is the byte offset in the input."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(f"{message} (at byte {offset})")
        self.message = message
        self.offset = offset


@dataclass(frozen=True, slots=True)
class Document:
    """A decoded document: its value, its header flags and how its floats were read."""

    value: Value
    shared_names: bool
    shared_values: bool
    raw_binary: bool
    float_alignment: Alignment | None  # None: the document holds no float
    floats_consistent: bool  # False: no alignment leaves every float's padding bits zero
    end: int  # the offset just after the document (and its end marker, if any)


def _float_value(raw: int, bits: int, alignment: Alignment) -> float:
    pad = 3 if bits == 32 else 6
    pattern = raw >> pad if alignment == "left" else raw & ((1 << bits) - 1)
    if bits == 32:
        return float(struct.unpack(">f", pattern.to_bytes(4, "big"))[0])
    return float(struct.unpack(">d", pattern.to_bytes(8, "big"))[0])


def _fits(raw: int, bits: int, alignment: Alignment) -> bool:
    pad = 3 if bits == 32 else 6
    if alignment == "left":
        return raw & ((1 << pad) - 1) == 0
    return raw >> bits == 0


def _plausible(value: float) -> bool:
    if not math.isfinite(value):
        return False
    size = abs(value)
    return size == 0.0 or 1e-12 <= size <= 1e9


class _Decoder:
    def __init__(self, data: bytes, floats: FloatMode) -> None:
        self.data = data
        self.pos = 0
        self.names: list[str] = []
        self.values: list[str] = []
        self.share_names = True
        self.share_values = False
        self.raw_binary = False
        self.floats = floats
        # floats read before the alignment is known: (container, slot, 7-bit groups, bits)
        self.pending: list[tuple[list[Value] | dict[str, Value] | None, int | str, int, int]] = []
        self.root: Value = None
        self.containers = 0

    # -- bytes -------------------------------------------------------------------------

    def fail(self, message: str, offset: int | None = None) -> SmileError:
        return SmileError(message, self.pos if offset is None else offset)

    def byte(self) -> int:
        pos = self.pos
        if pos >= len(self.data):
            raise self.fail(N_("truncated input: a token was expected"))
        self.pos = pos + 1
        return self.data[pos]

    def take(self, count: int, what: str) -> bytes:
        pos = self.pos
        if count > len(self.data) - pos:
            raise self.fail(
                N_("{what} claims {count} bytes but {left} remain").format(
                    what=what, count=count, left=len(self.data) - pos
                )
            )
        self.pos = pos + count
        return self.data[pos : pos + count]

    def vint(self, what: str) -> int:
        """An unsigned VInt: 7-bit groups, the last (top bit set) carrying 6 bits."""
        start = self.pos
        value = 0
        for _ in range(_MAX_VINT_BYTES):
            b = self.byte()
            if b & 0x80:
                if b & 0x40:
                    raise self.fail(
                        N_("{what}: a VInt's last byte has bit 6 set").format(what=what),
                        self.pos - 1,
                    )
                return (value << 6) | (b & 0x3F)
            value = (value << 7) | b
        raise self.fail(
            N_("{what}: a VInt longer than {limit} bytes").format(what=what, limit=_MAX_VINT_BYTES),
            start,
        )

    def zigzag(self, what: str, bits: int) -> int:
        start = self.pos
        raw = self.vint(what)
        value = (raw >> 1) ^ -(raw & 1)
        limit = 1 << (bits - 1)
        if not -limit <= value < limit:
            raise self.fail(
                N_("{what} does not fit in {bits} bits").format(what=what, bits=bits), start
            )
        return value

    def text(self, raw: bytes, offset: int) -> str:
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise self.fail(
                N_("a string is not valid UTF-8 ({why})").format(why=exc.reason), offset + exc.start
            ) from None

    def until_end_marker(self, what: str) -> tuple[bytes, int]:
        start = self.pos
        end = self.data.find(b"\xfc", start)
        if end < 0:
            raise self.fail(
                N_("truncated input: {what} has no end marker (0xFC)").format(what=what), start
            )
        self.pos = end + 1
        return self.data[start:end], start

    def seven_bit(self, length: int, what: str) -> bytes:
        """``length`` bytes packed left-aligned in 7-bit groups (safe binary, big numbers)."""
        groups = (length * 8 + 6) // 7
        if groups > len(self.data) - self.pos:
            raise self.fail(
                N_("{what} claims {length} bytes ({groups} encoded) but {left} remain").format(
                    what=what, length=length, groups=groups, left=len(self.data) - self.pos
                )
            )
        start = self.pos
        chunk = self.data[start : start + groups]
        self.pos = start + groups
        for i, b in enumerate(chunk):
            if b & 0x80:
                raise self.fail(
                    N_("{what}: a 7-bit group has its top bit set").format(what=what), start + i
                )
        acc = 0
        for b in chunk:
            acc = (acc << 7) | b
        spare = groups * 7 - length * 8
        return (acc >> spare).to_bytes(length, "big") if length else b""

    # -- shared tables -----------------------------------------------------------------

    def remember(self, table: list[str], text: str) -> None:
        if len(table) >= TABLE_SIZE:
            table.clear()
        table.append(text)

    def shared(self, table: list[str], index: int, kind: str, offset: int) -> str:
        if index >= len(table):
            raise self.fail(
                N_("a back reference to {kind} #{index}, but only {known} are known").format(
                    kind=kind, index=index, known=len(table)
                ),
                offset,
            )
        return table[index]

    # -- values ------------------------------------------------------------------------

    def header(self) -> None:
        if self.data[:3] != HEADER:
            raise self.fail(N_("not a Smile document: it does not start with ':)\\n'"), 0)
        if len(self.data) < 4:
            raise self.fail(N_("truncated input: the header has no flags byte"), 3)
        flags = self.data[3]
        if flags >> 4:
            raise self.fail(
                N_("Smile version {version} is not supported (only 0)").format(version=flags >> 4),
                3,
            )
        self.share_names = bool(flags & 0x01)
        self.share_values = bool(flags & 0x02)
        self.raw_binary = bool(flags & 0x04)
        self.pos = 4

    def string_value(self, token: int) -> str:
        """Tiny/short ASCII and Unicode values (0x40-0xBF)."""
        if token < 0x60:
            length = (token & 0x1F) + 1
        elif token < 0x80:
            length = (token & 0x1F) + 33
        elif token < 0xA0:
            length = (token & 0x1F) + 2
        else:
            length = (token & 0x1F) + 34
        offset = self.pos
        raw = self.take(length, N_("a string"))
        if token < 0x80 and max(raw) >= 0x80:
            raise self.fail(N_("an ASCII string holds a non-ASCII byte"), offset)
        text = self.text(raw, offset)
        if self.share_values and length <= SHARED_VALUE_MAX_BYTES:
            self.remember(self.values, text)
        return text

    def value(
        self, depth: int, where: list[Value] | dict[str, Value] | None, slot: int | str
    ) -> Value:
        data = self.data
        offset = self.pos
        if offset >= len(data):
            raise self.fail(N_("truncated input: a value was expected"))
        token = data[offset]
        self.pos = offset + 1
        if token == 0x29:
            return self.float_token(64, where, slot)
        if token >= 0xC0 and token < 0xE0:
            small = token & 0x1F
            return (small >> 1) ^ -(small & 1)
        if token >= 0x40 and token < 0xC0:
            return self.string_value(token)
        if token >= 0x01 and token < 0x20:
            return self.shared(self.values, token - 1, N_("string value"), offset)
        if token == 0xFA:
            return self.object(depth + 1, offset)
        if token == 0xF8:
            return self.array(depth + 1, offset)
        if token == 0x20:
            return ""
        if token == 0x21:
            return None
        if token == 0x22:
            return False
        if token == 0x23:
            return True
        if token == 0x24:
            return self.zigzag(N_("an int32"), 32)
        if token == 0x25:
            return self.zigzag(N_("an int64"), 64)
        if token == 0x26:
            return self.big_integer()
        if token == 0x28:
            return self.float_token(32, where, slot)
        if token == 0x2A:
            return self.big_decimal()
        if token == 0xE0 or token == 0xE4:
            raw, start = self.until_end_marker(N_("a long string"))
            if token == 0xE0 and raw and max(raw) >= 0x80:
                raise self.fail(N_("an ASCII string holds a non-ASCII byte"), start)
            return self.text(raw, start)
        if token == 0xE8:
            length = self.vint(N_("a binary length"))
            return self.seven_bit(length, N_("a 7-bit binary value"))
        if token >= 0xEC and token <= 0xEF:
            index = ((token & 0x03) << 8) | self.byte()
            return self.shared(self.values, index, N_("string value"), offset)
        if token == 0xFD:
            if not self.raw_binary:
                raise self.fail(N_("raw binary, but the header does not allow it"), offset)
            length = self.vint(N_("a binary length"))
            return self.take(length, N_("a raw binary value"))
        if token == 0xF9:
            raise self.fail(N_("an array end (0xF9) outside an array"), offset)
        if token == 0xFF:
            raise self.fail(N_("the end marker (0xFF) where a value was expected"), offset)
        raise self.fail(N_("reserved value token {token}").format(token=f"0x{token:02X}"), offset)

    def big_integer(self) -> int:
        length = self.vint(N_("a BigInteger length"))
        if length > _BIG_MAX_BYTES:
            raise self.fail(
                N_("a BigInteger of {length} bytes (at most {limit})").format(
                    length=length, limit=_BIG_MAX_BYTES
                )
            )
        raw = self.seven_bit(length, N_("a BigInteger"))
        return int.from_bytes(raw, "big", signed=True) if raw else 0

    def big_decimal(self) -> Decimal:
        scale = self.zigzag(N_("a BigDecimal scale"), 32)
        unscaled = self.big_integer()
        return Decimal(unscaled).scaleb(-scale)

    def float_token(
        self, bits: int, where: list[Value] | dict[str, Value] | None, slot: int | str
    ) -> Value:
        offset = self.pos
        count = 5 if bits == 32 else 10
        groups = self.data[offset : offset + count]
        if len(groups) < count:
            raise self.fail(
                N_("{what} claims {count} bytes but {left} remain").format(
                    what=N_("a float"), count=count, left=len(groups)
                )
            )
        self.pos = offset + count
        if max(groups) & 0x80:
            first = next(i for i, b in enumerate(groups) if b & 0x80)
            raise self.fail(N_("a float's 7-bit group has its top bit set"), offset + first)
        raw = 0
        for b in groups:
            raw = (raw << 7) | b
        if self.floats != "auto":
            return _float_value(raw, bits, self.floats)
        self.pending.append((where, slot, raw, bits))
        return None  # replaced once the document's alignment is known

    def key(self) -> str | None:
        """A property name, or None at the end of the object."""
        data = self.data
        offset = self.pos
        if offset >= len(data):
            raise self.fail(N_("truncated input: a name or the end of an object was expected"))
        token = data[offset]
        self.pos = offset + 1
        if token >= 0x40 and token < 0x80:
            names = self.names
            if token - 0x40 < len(names):
                return names[token - 0x40]
            return self.shared(names, token - 0x40, N_("name"), offset)
        if token == 0xFB:
            return None
        if token >= 0x80 and token < 0xC0:
            length = (token & 0x3F) + 1
            raw = self.take(length, N_("a name"))
            if max(raw) >= 0x80:
                raise self.fail(N_("an ASCII name holds a non-ASCII byte"), offset + 1)
            name = self.text(raw, offset + 1)
        elif token >= 0xC0 and token < 0xF8:
            length = (token - 0xC0) + 2
            name = self.text(self.take(length, N_("a name")), offset + 1)
        elif token == 0x20:
            return ""
        elif token >= 0x30 and token <= 0x33:
            index = ((token & 0x03) << 8) | self.byte()
            return self.shared(self.names, index, N_("name"), offset)
        elif token == 0x34:
            raw, start = self.until_end_marker(N_("a long name"))
            name = self.text(raw, start)
        else:
            raise self.fail(
                N_("reserved name token {token}").format(token=f"0x{token:02X}"), offset
            )
        if self.share_names:
            self.remember(self.names, name)
        return name

    def object(self, depth: int, offset: int) -> dict[str, Value]:
        if depth > MAX_DEPTH:
            raise self.fail(N_("nesting deeper than {limit}").format(limit=MAX_DEPTH), offset)
        self.containers += 1
        if self.containers > MAX_CONTAINERS:
            raise self.fail(
                N_("more than {limit} arrays and objects").format(limit=MAX_CONTAINERS), offset
            )
        out: dict[str, Value] = {}
        while True:
            name = self.key()
            if name is None:
                return out
            out[name] = self.value(depth, out, name)

    def array(self, depth: int, offset: int) -> list[Value]:
        if depth > MAX_DEPTH:
            raise self.fail(N_("nesting deeper than {limit}").format(limit=MAX_DEPTH), offset)
        self.containers += 1
        if self.containers > MAX_CONTAINERS:
            raise self.fail(
                N_("more than {limit} arrays and objects").format(limit=MAX_CONTAINERS), offset
            )
        out: list[Value] = []
        data = self.data
        while True:
            if self.pos < len(data) and data[self.pos] == 0xF9:
                self.pos += 1
                return out
            out.append(self.value(depth, out, len(out)))

    # -- floats, once the document is read ----------------------------------------------

    def resolve_floats(self) -> tuple[Alignment | None, bool]:
        pending = self.pending
        if self.floats != "auto":
            return (self.floats if pending else None), True
        if not pending:
            return None, True
        right = sum(1 for _, _, raw, bits in pending if _fits(raw, bits, "right"))
        left = sum(1 for _, _, raw, bits in pending if _fits(raw, bits, "left"))
        total = len(pending)
        if right == total and left == total:
            score_r = sum(_plausible(_float_value(r, b, "right")) for _, _, r, b in pending)
            score_l = sum(_plausible(_float_value(r, b, "left")) for _, _, r, b in pending)
            chosen: Alignment = "left" if score_l > score_r else "right"
        else:
            chosen = "left" if left > right else "right"
        consistent = (left if chosen == "left" else right) == total
        for where, slot, raw, bits in pending:
            number = _float_value(raw, bits, chosen)
            if where is None:
                self.root = number
            elif isinstance(where, list):
                assert isinstance(slot, int)
                where[slot] = number
            else:
                assert isinstance(slot, str)
                if where.get(slot) is None:  # not replaced by a later duplicate name
                    where[slot] = number
        return chosen, consistent


def decode_document(data: bytes, floats: FloatMode = "auto") -> Document:
    """Decode one Smile document (header, one value, an optional end marker ``0xFF``).

    Bytes after the end marker are ignored; other bytes after the value are an error.
    Raises :class:`SmileError` (a ``ValueError``) with the byte offset of the problem.
    """
    decoder = _Decoder(bytes(data), floats)
    decoder.header()
    decoder.root = decoder.value(0, None, 0)
    if decoder.pos < len(decoder.data):
        if decoder.data[decoder.pos] != 0xFF:
            raise decoder.fail(N_("data after the document's value"))
        decoder.pos += 1
    alignment, consistent = decoder.resolve_floats()
    return Document(
        value=decoder.root,
        shared_names=decoder.share_names,
        shared_values=decoder.share_values,
        raw_binary=decoder.raw_binary,
        float_alignment=alignment,
        floats_consistent=consistent,
        end=decoder.pos,
    )


def decode(data: bytes, floats: FloatMode = "auto") -> Value:
    """The value of one Smile document (see :func:`decode_document`)."""
    return decode_document(data, floats).value
