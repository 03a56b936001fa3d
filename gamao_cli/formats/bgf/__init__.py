"""BGBlitz ``.bgf`` match files: a JSON header line, then a gzip'd Smile-encoded body.

:mod:`.reader` (the container), :mod:`.smile` (the Smile decoder), :mod:`.match` (the
document to a match; :mod:`.analysis` and :mod:`.results` for its parts).
"""

from __future__ import annotations

from gamao_cli.formats.base import FormatInfo
from gamao_cli.formats.family import Family, lazy, never
from gamao_cli.model.diagnostics import Severity

__all__ = ["BGF_CODES", "FAMILY"]

BGF_CODES: dict[str, str] = {
    "P450": "the .bgf header line is missing or is not a one-line JSON object",
    "P451": "the .bgf payload could not be decompressed (corrupt or truncated gzip/zlib)",
    "P452": "the .bgf payload inflates beyond the size limit (a zip bomb?): refused",
    "P453": "the .bgf body is not a valid Smile document (the byte offset is given)",
    "P454": "the .bgf body is not valid JSON",
    "P455": "the .bgf file is larger than the reader accepts",
    "P460": "the .bgf body is not a BGBlitz match object (no list of games)",
    "P461": "a .bgf match or game field has the wrong type: it is ignored",
    "P462": "a .bgf move entry cannot be read (its player or dice): the game stops there",
    "P463": "a .bgf double has no responder's entry after it",
    "P464": "the winner of a .bgf game cannot be derived from the scores",
    "P465": "the .bgf record's games show red as player -1 (not green): players taken so",
    "P466": "the .bgf body's floats fit neither alignment throughout: values may be wrong",
    "P467": "a .bgf game's initial position is not a position: the standard start is used",
    "P468": "a .bgf play has an impossible hop (from/to): kept as a play that cannot be read",
}


def _sniff(head: bytes) -> bool:
    # BGBlitz's header line is JSON: only an input that starts with "{" can be one, and only
    # then is the reader (its Smile decoder) imported.
    if head.lstrip(b"\xef\xbb\xbf \t\r")[:1] != b"{":
        return False
    from gamao_cli.formats.bgf.reader import sniff_bgf

    return sniff_bgf(head)


FAMILY = Family(
    name="bgf",
    formats=(
        FormatInfo(
            name="bgf",
            description="BGBlitz .bgf match (JSON header line, gzip, Smile-encoded body); "
            "read only",
            extensions=("bgf",),
            sniff=never,
            read=None,
            write=None,
            sniff_bytes=_sniff,
            read_binary=lazy("gamao_cli.formats.bgf.reader", "read_bgf"),
        ),
    ),
    codes=BGF_CODES,
    severities={
        "P461": Severity.WARNING,
        "P464": Severity.WARNING,
        "P465": Severity.INFO,
        "P466": Severity.WARNING,
    },
)
