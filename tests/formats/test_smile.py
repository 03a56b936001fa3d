"""The Smile decoder against hand-encoded bytes, the test encoder, hostile input and fuzzing.

The byte strings written out below were worked out by hand from the specification (the
comment beside each says how), not produced by the test encoder.
"""

from __future__ import annotations

import math
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from smile_encoder import Encoder, encode, vint

from gamao_cli.formats.bgf.smile import MAX_DEPTH, SmileError, decode, decode_document

H0 = b":)\n\x00"  # no shared names, no shared values
H1 = b":)\n\x01"  # shared names
H3 = b":)\n\x03"  # shared names and values
H4 = b":)\n\x04"  # raw binary allowed


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (H0 + b"\x21", None),
        (H0 + b"\x22", False),
        (H0 + b"\x23", True),
        (H0 + b"\x20", ""),
        # small ints: ZigZag of the low 5 bits
        (H0 + b"\xc0", 0),
        (H0 + b"\xc2", 1),
        (H0 + b"\xc3", -2),
        (H0 + b"\xde", 15),
        (H0 + b"\xdf", -16),
        # int32 100: zigzag 200 = 3 << 6 | 8 -> 0x03, 0x80 | 8
        (H0 + b"\x24\x03\x88", 100),
        # int32 -1000: zigzag 1999 = 31 << 6 | 15 -> 0x1F, 0x8F
        (H0 + b"\x24\x1f\x8f", -1000),
        # int64 2**40: zigzag 2**41 = 2**35 << 6; 2**35 = 128**5 -> 01 00 00 00 00 00, 0x80
        (H0 + b"\x25\x01\x00\x00\x00\x00\x00\x80", 2**40),
        # BigInteger 256: bytes 01 00 -> length 0x82; 16 bits left-aligned in 3 groups
        (H0 + b"\x26\x82\x00\x40\x00", 256),
        # BigInteger -1: byte FF -> 0x81; 8 bits in 2 groups: 0x7F, 0x40
        (H0 + b"\x26\x81\x7f\x40", -1),
        # BigDecimal 1.25: scale 2 (zigzag 4 -> 0x84), unscaled 125 = 0x7D -> 0x81, 0x3E 0x40
        (H0 + b"\x2a\x84\x81\x3e\x40", Decimal("1.25")),
        # float32 1.5 = 0x3FC00000, right-aligned in 5 groups: top 4 bits 0011, then 1111110
        (H0 + b"\x28\x03\x7e\x00\x00\x00", 1.5),
        # float64 1.0 = 0x3FF0000000000000, right-aligned: 1 bit 0, then 0111111, 1111000
        (H0 + b"\x29\x00\x3f\x78\x00\x00\x00\x00\x00\x00\x00", 1.0),
        # float64 1.0 left-aligned (BGBlitz): 0011111, 1111100, then zeros
        (H0 + b"\x29\x1f\x7c\x00\x00\x00\x00\x00\x00\x00\x00", 1.0),
        # tiny ASCII "abc": 0x40 + 3 - 1
        (H0 + b"\x42abc", "abc"),
        # short ASCII of 33 bytes: 0x60
        (H0 + b"\x60" + b"a" * 33, "a" * 33),
        # tiny Unicode "é" (C3 A9): 0x80 + 2 - 2
        (H0 + b"\x80\xc3\xa9", "é"),
        # short Unicode of 34 bytes: 0xA0
        (H0 + b"\xa0" + "é".encode() * 17, "é" * 17),
        # long ASCII and long Unicode, up to the end marker 0xFC
        (H0 + b"\xe0hi\xfc", "hi"),
        (H0 + b"\xe4\xc3\xa9\xfc", "é"),
        # 7-bit binary FF: length 0x81, 8 bits left-aligned in 2 groups: 0x7F, 0x40
        (H0 + b"\xe8\x81\x7f\x40", b"\xff"),
        # raw binary (allowed by header bit 2): length 0x82, two bytes as they are
        (H4 + b"\xfd\x82\x00\xff", b"\x00\xff"),
        (H0 + b"\xf8\xc2\xc4\xf9", [1, 2]),
        (H0 + b"\xf8\xf9", []),
        (H0 + b"\xfa\xfb", {}),
        # empty name key 0x20
        (H0 + b"\xfa\x20\x21\xfb", {"": None}),
        # short ASCII name "a" (0x80), short Unicode name "é" (0xC0: 2 bytes)
        (H0 + b"\xfa\x80a\xc2\xc0\xc3\xa9\xc4\xfb", {"a": 1, "é": 2}),
        # shared name: the second object names "a" by reference 0x40 (index 0)
        (H1 + b"\xf8\xfa\x80a\xc2\xfb\xfa\x40\xc4\xfb\xf9", [{"a": 1}, {"a": 2}]),
        # shared value: "xy" (0x41) then reference 0x01 (index 0)
        (H3 + b"\xf8\x41xy\x01\xf9", ["xy", "xy"]),
        # optional end marker
        (H0 + b"\x23\xff", True),
    ],
)
def test_hand_encoded_tokens(data: bytes, expected: object) -> None:
    value = decode(data)
    assert value == expected
    assert type(value) is type(expected)


def test_duplicate_names_keep_the_last_value() -> None:
    one_and_a_half = b"\x29\x00\x3f\x7c\x00\x00\x00\x00\x00\x00\x00"  # 1.5, right-aligned
    assert decode(H1 + b"\xfa\x80a" + one_and_a_half + b"\x40\xc4\xfb") == {"a": 2}
    assert decode(H1 + b"\xfa\x80a\xc4\x40" + one_and_a_half + b"\xfb") == {"a": 1.5}


def test_long_name_key_0x34() -> None:
    name = "n" * 70
    assert decode(H1 + b"\xfa\x34" + name.encode() + b"\xfc\xc2\x40\xc4\xfb") == {name: 2}


def test_long_shared_name_and_value_references() -> None:
    # 70 names n0..n69: n65 is referenced with the 2-byte token 0x30 0x41 (index 65)
    names = [f"n{i}" for i in range(70)]
    body = b"".join(bytes([0x80 + len(n) - 1]) + n.encode() + b"\x21" for n in names)
    data = H1 + b"\xf8\xfa" + body + b"\xfb\xfa\x30\x41\xc2\xfb\xf9"
    assert decode(data)[1] == {"n65": 1}
    # 40 values v0..v39: v35 is referenced with 0xEC 0x23 (index 35)
    values = [f"v{i}" for i in range(40)]
    body = b"".join(bytes([0x40 + len(v) - 1]) + v.encode() for v in values)
    assert decode(H3 + b"\xf8" + body + b"\xec\x23\xf9")[-1] == "v35"


def test_shared_tables_are_cleared_after_1024_entries() -> None:
    values = [f"s{i}" for i in range(1030)]
    doc = Encoder(shared_values=True).encode([*values, "s1027", "s3"])
    # s1027 is entry 3 of the new table; s3 was lost with the reset and is written again
    assert doc.endswith(b"\x04As3\xf9")  # reference 0x04 = index 3; "s3" again as 0x41
    assert decode(doc) == [*values, "s1027", "s3"]
    names = {f"k{i}": i for i in range(1030)}
    doc = Encoder(shared_names=True).encode([names, {"k1027": 0, "k3": 1}])
    assert decode(doc) == [names, {"k1027": 0, "k3": 1}]


def test_values_of_65_bytes_are_not_shared() -> None:
    long_value = "é" * 32 + "a"  # 65 UTF-8 bytes: short Unicode, not shareable
    data = H3 + b"\xf8\xbf" + long_value.encode() + b"\x41xy\x01\xf9"
    assert decode(data) == [long_value, "xy", "xy"]


def test_float_alignment_is_decided_per_document() -> None:
    left = [1.0, -999.0, 0.5]
    doc = decode_document(encode(left, left_floats=True))
    assert doc.value == left and doc.float_alignment == "left" and doc.floats_consistent
    doc = decode_document(encode(left))
    assert doc.value == left and doc.float_alignment == "right" and doc.floats_consistent
    assert decode_document(encode([1, 2])).float_alignment is None
    # forced alignments read the same bytes differently
    assert decode(encode(0.25, left_floats=True), floats="left") == 0.25
    assert decode(encode(0.25), floats="right") == 0.25
    assert decode(encode(2.0**-1030), floats="right") == 2.0**-1030


def test_mixed_alignment_is_reported() -> None:
    # 0.1 right-aligned leaves low bits in the last group; -999 left-aligned fills the first
    right, left = encode(0.1)[4:], encode(-999.0, left_floats=True)[4:]
    doc = decode_document(H0 + b"\xf8" + right + right + left + b"\xf9")
    assert doc.float_alignment == "right" and not doc.floats_consistent
    assert doc.value[:2] == [0.1, 0.1]


def test_header_flags_are_reported() -> None:
    doc = decode_document(b":)\n\x07\x21")
    assert (doc.shared_names, doc.shared_values, doc.raw_binary) == (True, True, True)
    assert doc.end == 5


# -- hostile and broken input ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "offset", "words"),
    [
        (b"", 0, "not a Smile document"),
        (b"{}", 0, "not a Smile document"),
        (b":)\n", 3, "no flags byte"),
        (b":)\n\x10\x21", 3, "version 1"),
        (H0, 4, "truncated"),
        (H0 + b"\xf8\xc2", 6, "truncated"),
        (H0 + b"\xfa\x80", 6, "claims 1 bytes but 0 remain"),
        (H0 + b"\x44ab", 5, "claims 5 bytes but 2 remain"),
        (H0 + b"\xe0abc", 5, "no end marker"),
        (H0 + b"\x29\x00\x3f", 5, "claims 10 bytes"),
        (H0 + b"\xe8\x7f\x7f\x7f\x7f\xbf\x00", 10, "remain"),  # a lying binary length
        (H4 + b"\xfd\xbf\x00\x00", 6, "claims 63 bytes but 2 remain"),
        (H0 + b"\xfd\x81\x00", 4, "does not allow"),
        (H0 + b"\x05", 4, "back reference to string value #4, but only 0"),
        (H3 + b"\xec\x10", 4, "string value #16"),
        (H1 + b"\xfa\x45\x21\xfb", 5, "name #5, but only 0"),
        (H1 + b"\xfa\x31\x00\x21\xfb", 5, "name #256"),
        (H0 + b"\xfa\x40\x21\xfb", 5, "name #0"),  # no shared names: the table stays empty
        (H0 + b"\x27", 4, "reserved value token 0x27"),
        (H0 + b"\xf0", 4, "reserved value token 0xF0"),
        (H0 + b"\xfa\x35\xfb", 5, "reserved name token 0x35"),
        (H0 + b"\xfb", 4, "reserved value token 0xFB"),
        (H0 + b"\xf9", 4, "outside an array"),
        (H0 + b"\xff", 4, "end marker"),
        (H0 + b"\x80\xc3\x28", 5, "not valid UTF-8"),
        (H0 + b"\x41\xc3\xa9", 5, "non-ASCII"),
        (H0 + b"\x24" + b"\x00" * 11 + b"\x80", 5, "longer than 10 bytes"),
        (H0 + b"\x24\x7f\x7f\x7f\x7f\xbf", 5, "does not fit in 32 bits"),
        (H0 + b"\x24\xc0", 5, "bit 6 set"),
        (H0 + b"\x29\x80" + b"\x00" * 9, 5, "top bit set"),
        (H0 + b"\x21\x21", 5, "data after the document"),
    ],
)
def test_bad_input_is_a_smile_error_with_its_offset(data: bytes, offset: int, words: str) -> None:
    with pytest.raises(SmileError) as info:
        decode(data)
    assert words in str(info.value)
    assert info.value.offset == offset


def test_deep_nesting_is_refused() -> None:
    ok = H0 + b"\xf8" * MAX_DEPTH + b"\xf9" * MAX_DEPTH
    assert decode(ok) is not None
    with pytest.raises(SmileError, match=f"nesting deeper than {MAX_DEPTH}") as info:
        decode(H0 + b"\xf8" * 100_000)
    assert info.value.offset == 4 + MAX_DEPTH
    with pytest.raises(SmileError, match="nesting"):
        decode(H1 + b"\xfa\x80a" * 5000)


def test_too_many_containers_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from gamao_cli.formats.bgf import smile

    assert smile.MAX_CONTAINERS == 500_000
    monkeypatch.setattr(smile, "MAX_CONTAINERS", 5)
    assert decode(H0 + b"\xf8" + b"\xfa\xfb" * 4 + b"\xf9") == [{}] * 4
    with pytest.raises(SmileError, match="more than 5 arrays and objects") as info:
        decode(H0 + b"\xf8" + b"\xfa\xfb" * 10 + b"\xf9")
    assert info.value.offset == 4 + 1 + 2 * 4


def test_every_truncation_of_a_document_is_an_error() -> None:
    value = {"name": "é" * 20, "list": [1, 2.5, None, True, "x" * 40], "big": 2**70}
    data = encode(value, shared_values=True)
    assert decode(data) == value
    for cut in range(len(data)):
        with pytest.raises(SmileError):
            decode(data[:cut])


# -- round trips and fuzzing -----------------------------------------------------------------

_text = st.text(max_size=80)
_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False)
    | _text
    | st.binary(max_size=40)
)
_plausible = st.floats(allow_nan=False, allow_infinity=False).filter(
    lambda x: x == 0 or 1e-6 <= abs(x) <= 1e6
)


def _values(scalars: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=6) | st.dictionaries(_text, inner, max_size=6),
        max_leaves=30,
    )


def _same(a: object, b: object) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return a == b and math.copysign(1, a) == math.copysign(1, b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    value=_values(_scalars),
    names=st.booleans(),
    values=st.booleans(),
    raw=st.booleans(),
    long_strings=st.booleans(),
    left=st.booleans(),
    end=st.booleans(),
)
def test_round_trip_with_a_fixed_alignment(
    value: object,
    names: bool,
    values: bool,
    raw: bool,
    long_strings: bool,
    left: bool,
    end: bool,
) -> None:
    encoder = Encoder(
        shared_names=names,
        shared_values=values,
        raw_binary=raw,
        seven_bit_binary=not raw,
        long_strings=long_strings,
        left_floats=left,
        end_marker=end,
    )
    data = encoder.encode(value)
    assert _same(decode(data, floats="left" if left else "right"), value)


@settings(max_examples=200, deadline=None)
@given(value=_values(st.none() | st.integers() | _plausible | _text), left=st.booleans())
def test_round_trip_with_the_alignment_detected(value: object, left: bool) -> None:
    assert _same(decode(encode(value, left_floats=left, shared_values=True)), value)


@settings(max_examples=100, deadline=None)
@given(value=_values(st.floats(width=32, allow_nan=False)), left=st.booleans())
def test_round_trip_float32(value: object, left: bool) -> None:
    data = encode(value, float32=True, left_floats=left)
    assert _same(decode(data, floats="left" if left else "right"), value)


def test_vint_helper_matches_the_hand_encoding() -> None:
    assert vint(200) == b"\x03\x88" and vint(0) == b"\x80" and vint(63) == b"\xbf"


@settings(max_examples=1000, deadline=None)
@given(st.binary(max_size=200))
def test_fuzz_random_bodies(body: bytes) -> None:
    for header in (H0, H3, b":)\n\x07"):
        try:
            decode(header + body)
        except SmileError as exc:
            assert 0 <= exc.offset <= len(header) + len(body)


_SEED_DOC = encode(
    {
        "games": [{"moves": [{"from": [13, 8, -1, -1], "eq": 0.25, "name": "é"}] * 3}],
        "big": 2**70,
        "bin": b"\x00\x01",
        "dec": Decimal("3.14"),
        "s": "x" * 50,
    },
    shared_values=True,
)


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, len(_SEED_DOC) - 1), st.integers(0, 255)), min_size=1, max_size=6
    ),
    st.integers(0, len(_SEED_DOC)),
)
def test_fuzz_mutated_documents(flips: list[tuple[int, int]], cut: int) -> None:
    data = bytearray(_SEED_DOC)
    for where, byte in flips:
        data[where] = byte
    try:
        decode(bytes(data[: max(cut, 4)]))
    except SmileError as exc:
        assert 0 <= exc.offset <= len(data)
