"""When and where a match was played, from its header tags: date, time, event and round.

The readers keep every header tag as recorded (``Match.tags``), under each format's own key:

* date: ``EventDate`` (``.mat`` header tags, XG, written by gnubg and XG as ``2024.08.10``),
  ``DT`` (SGF, ``2023-11-26``), ``Date`` (bgammon.org, BGBlitz);
* time: ``EventTime`` (``.mat``, XG: ``13.54``), ``Time`` (``13:00``);
* event: ``Event`` (``.mat``, XG, BGBlitz), ``EV`` (SGF); round: ``Round``, ``RO`` (SGF).

A date is read year first (``yyyy-mm-dd``, ``yyyy.mm.dd`` or ``yyyy/mm/dd``, a time or a
second date after it ignored: SGF's ``DT[2023-11-26,27]`` is the 26th) and shown as
``yyyy-mm-dd``; a time as ``hh:mm`` or ``hh:mm:ss``. A value that is not a valid date or time
is no date (the match is undated). Stdlib only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

DATE_KEYS = ("eventdate", "dt", "date")
TIME_KEYS = ("eventtime", "time")
EVENT_KEYS = ("event", "ev")
ROUND_KEYS = ("round", "ro")

_DATE = re.compile(r"\s*(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?![\d])")
_TIME = re.compile(r"\s*(\d{1,2})[:.h](\d{2})(?:[:.](\d{2}))?(?![\d])")
_DATE_TIME = re.compile(r"[ T](\d{1,2}:\d{2}(?::\d{2})?)")

Tags = Sequence[tuple[str, str]]


def _first(tags: Tags, keys: Sequence[str]) -> str | None:
    """The value of the first of ``keys`` (in their order of preference) that ``tags`` hold
    with some text."""
    found: dict[str, str] = {}
    for key, value in tags:
        low = key.lower()
        if low in keys and low not in found and value.strip():
            found[low] = value.strip()
    for key in keys:
        if key in found:
            return found[key]
    return None


def parse_date(text: str) -> str | None:
    """``text``'s date as ``yyyy-mm-dd``, or None when it does not start with one."""
    m = _DATE.match(text)
    if m is None:
        return None
    year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if not (1 <= month <= 12 and 1 <= day <= 31) or year == 0:
        return None
    return f"{year:04d}-{month:02d}-{day:02d}"


def parse_time(text: str) -> str | None:
    """``text``'s time of day as ``hh:mm`` (``hh:mm:ss`` when it has seconds), or None."""
    m = _TIME.match(text)
    if m is None:
        return None
    hour, minute = int(m.group(1)), int(m.group(2))
    second = None if m.group(3) is None else int(m.group(3))
    if hour > 23 or minute > 59 or (second is not None and second > 59):
        return None
    shown = f"{hour:02d}:{minute:02d}"
    return shown if second is None else f"{shown}:{second:02d}"


def played_when(tags: Tags) -> tuple[str | None, str | None]:
    """(date, time) the tags record; the time only with a date (a time alone orders nothing).
    A date tag holding a time too (``2024-08-10 13:00``) gives both."""
    raw = _first(tags, DATE_KEYS)
    date = None if raw is None else parse_date(raw)
    if date is None:
        return None, None
    time_text = _first(tags, TIME_KEYS)
    time = None if time_text is None else parse_time(time_text)
    if time is None and raw is not None:
        inline = _DATE_TIME.search(raw)
        time = None if inline is None else parse_time(inline.group(1))
    return date, time


def event_round(tags: Tags) -> tuple[str | None, str | None]:
    """(event, round) the tags name, as recorded (whitespace trimmed)."""
    return _first(tags, EVENT_KEYS), _first(tags, ROUND_KEYS)
