"""A Smile *encoder*, for tests only: it builds the documents the decoder is tested on.

Written independently of ``gamao_cli.formats.bgf.smile`` from the specification, and kept
simple: every choice (shared names and values, float alignment, which string class) is a
parameter, so tests can produce each token class on purpose. The important byte strings are
also written out literally in the tests, so encoder and decoder cannot share a mistake.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from decimal import Decimal


def vint(n: int) -> bytes:
    """Unsigned VInt: 7-bit groups big-endian, the last one 6 bits with 0x80 set."""
    assert n >= 0
    last = 0x80 | (n & 0x3F)
    n >>= 6
    groups: list[int] = []
    while n:
        groups.append(n & 0x7F)
        n >>= 7
    return bytes(reversed(groups)) + bytes([last])


def zigzag(n: int) -> int:
    return n * 2 if n >= 0 else -n * 2 - 1


def seven_bit(data: bytes) -> bytes:
    """Bytes packed left-aligned into 7-bit groups (the spec's "safe" binary)."""
    bits = len(data) * 8
    groups = (bits + 6) // 7
    acc = int.from_bytes(data, "big") << (groups * 7 - bits) if data else 0
    return bytes((acc >> (7 * (groups - 1 - i))) & 0x7F for i in range(groups))


def float_groups(pattern: int, bits: int, left: bool) -> bytes:
    count = 5 if bits == 32 else 10
    total = count * 7
    acc = pattern << (total - bits) if left else pattern
    return bytes((acc >> (7 * (count - 1 - i))) & 0x7F for i in range(count))


@dataclass
class Encoder:
    shared_names: bool = True
    shared_values: bool = False
    raw_binary: bool = False
    left_floats: bool = False  # BGBlitz's alignment instead of the specification's
    float32: bool = False  # floats as 32-bit
    long_strings: bool = False  # every string value as a long (0xE0/0xE4) string
    seven_bit_binary: bool = True
    end_marker: bool = False
    names: dict[str, int] = field(default_factory=dict)
    name_count: int = 0
    values: dict[str, int] = field(default_factory=dict)
    value_count: int = 0

    def header(self) -> bytes:
        flags = (
            (1 if self.shared_names else 0)
            | (2 if self.shared_values else 0)
            | (4 if self.raw_binary else 0)
        )
        return b":)\n" + bytes([flags])

    def encode(self, value: object) -> bytes:
        out = self.header() + self.value(value)
        return out + (b"\xff" if self.end_marker else b"")

    # -- shared tables, with the 1024-entry reset -----------------------------------------

    def _add_name(self, name: str) -> None:
        if self.name_count >= 1024:
            self.names.clear()
            self.name_count = 0
        self.names.setdefault(name, self.name_count)
        self.name_count += 1

    def _add_value(self, text: str) -> None:
        if self.value_count >= 1024:
            self.values.clear()
            self.value_count = 0
        self.values.setdefault(text, self.value_count)
        self.value_count += 1

    # -- values ---------------------------------------------------------------------------

    def value(self, value: object) -> bytes:
        if value is None:
            return b"\x21"
        if value is False:
            return b"\x22"
        if value is True:
            return b"\x23"
        if isinstance(value, int):
            return self.integer(value)
        if isinstance(value, float):
            return self.floating(value)
        if isinstance(value, Decimal):
            sign, digits, exponent = value.as_tuple()
            assert isinstance(exponent, int)
            unscaled = int("".join(map(str, digits)) or "0") * (-1 if sign else 1)
            return b"\x2a" + vint(zigzag(-exponent)) + self.big(unscaled)
        if isinstance(value, str):
            return self.string(value)
        if isinstance(value, (bytes, bytearray)):
            if self.raw_binary and not self.seven_bit_binary:
                return b"\xfd" + vint(len(value)) + bytes(value)
            return b"\xe8" + vint(len(value)) + seven_bit(bytes(value))
        if isinstance(value, list):
            return b"\xf8" + b"".join(self.value(v) for v in value) + b"\xf9"
        if isinstance(value, dict):
            body = b"".join(self.key(k) + self.value(v) for k, v in value.items())
            return b"\xfa" + body + b"\xfb"
        raise TypeError(type(value))

    def big(self, n: int) -> bytes:
        size = max(1, (n.bit_length() + 8) // 8)
        raw = n.to_bytes(size, "big", signed=True)
        return vint(len(raw)) + seven_bit(raw)

    def integer(self, n: int) -> bytes:
        if -16 <= n <= 15:
            return bytes([0xC0 | zigzag(n)])
        if -(1 << 31) <= n < (1 << 31):
            return b"\x24" + vint(zigzag(n))
        if -(1 << 63) <= n < (1 << 63):
            return b"\x25" + vint(zigzag(n))
        return b"\x26" + self.big(n)

    def floating(self, x: float) -> bytes:
        if self.float32:
            pattern = int.from_bytes(struct.pack(">f", x), "big")
            return b"\x28" + float_groups(pattern, 32, self.left_floats)
        pattern = int.from_bytes(struct.pack(">d", x), "big")
        return b"\x29" + float_groups(pattern, 64, self.left_floats)

    def string(self, text: str) -> bytes:
        if text == "":
            return b"\x20"
        raw = text.encode("utf-8")
        if self.shared_values and len(raw) <= 64 and text in self.values:
            index = self.values[text]
            if index < 31:
                return bytes([index + 1])
            return bytes([0xEC | (index >> 8), index & 0xFF])
        ascii_only = len(raw) == len(text)
        if self.long_strings or len(raw) > 65 or (ascii_only and len(raw) > 64):
            return (b"\xe0" if ascii_only else b"\xe4") + raw + b"\xfc"
        if ascii_only:
            token = 0x40 + len(raw) - 1 if len(raw) <= 32 else 0x60 + len(raw) - 33
        else:
            token = 0x80 + len(raw) - 2 if len(raw) <= 33 else 0xA0 + len(raw) - 34
        if self.shared_values and len(raw) <= 64:
            self._add_value(text)
        return bytes([token]) + raw

    def key(self, name: str) -> bytes:
        if name == "":
            return b"\x20"
        if self.shared_names and name in self.names:
            index = self.names[name]
            if index < 64:
                return bytes([0x40 + index])
            return bytes([0x30 | (index >> 8), index & 0xFF])
        raw = name.encode("utf-8")
        if len(raw) == len(name) and len(raw) <= 64:
            out = bytes([0x80 + len(raw) - 1]) + raw
        elif len(raw) <= 57 and len(raw) >= 2:
            out = bytes([0xC0 + len(raw) - 2]) + raw
        else:
            out = b"\x34" + raw + b"\xfc"
        if self.shared_names:
            self._add_name(name)
        return out


def encode(value: object, **options: bool) -> bytes:
    return Encoder(**options).encode(value)
