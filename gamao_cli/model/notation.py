"""Reading the play part of a recorded move (``8/5 6/5``, ``bar/22*``, ``13/7*(2)``) into Steps.

Standard library only. The parser keeps a play exactly as written: one :class:`Step` per
written hop, ``(n)`` repeats expanded into ``n`` copies. It does not split a hop spanning
several dice (``24/13``) against the dice, nor sort or check anything: that is the engine's
job, which knows the dice and the position.

Accepted forms:

* points ``1``..``24``; the bar as ``bar``, ``b`` or ``25``; off as ``off``, ``o`` or ``0``
  (words in any case);
* hops ``from/to``, or FIBS style ``from-to``;
* a hit mark ``*`` after any landing point, optional and kept as written;
* chains ``24/18/13`` and ``8/4*/3``: **a chain is split into its hops** (``24/18 18/13``,
  ``8/4* 4/3``), so the written intermediate points and their hit marks are kept as the
  ``hit`` of the hop landing there and ``Step.via_hits`` stays empty;
* a repeat count ``(1)``..``(4)`` after a hop or chain, before or after its hit mark
  (``13/7*(2)``, ``13/7(2)*``): the whole hop or chain is repeated;
* hops separated by blanks and/or commas.

A hop from off, to the bar, or to the point it starts from is rejected: it has no meaning
in any numbering. The one exception is asked for with ``entering=True``: in the variants whose
checkers start off the board (acey-deucey, tabula) an entry is a hop from off, ``off/19`` as
bgammon.org writes it (``0/19`` too); such steps start from ``OFF``.
"""

from __future__ import annotations

import re

from gamao_cli.model.actions import BAR, OFF, Step

__all__ = ["NotationError", "parse_steps"]


def N_(message: str) -> str:
    """Marks a message for translation (gamao_cli.i18n translates it where it is shown;
    the model imports nothing of gamao's)."""
    return message


class NotationError(ValueError):
    """A play text that is not a play. ``offset`` is the 0-based position of the bad token."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(f"{message} (at offset {offset})")
        self.message = message
        self.offset = offset


_POINT = r"(?:bar|off|b|o|\d{1,2})"
_TOKEN = re.compile(r"[^\s,]+")
# A whole hop or chain with an optional repeat and hit mark, checked in one match.
_MOVE = re.compile(
    rf"({_POINT}\*?(?:[/-]{_POINT}\*?)+)(?:\(([0-9])\))?(\*)?",
    re.IGNORECASE,
)
_PART = re.compile(rf"({_POINT})(\*?)", re.IGNORECASE)
_WORDS = {"bar": BAR, "b": BAR, "off": OFF, "o": OFF}
# Fast path: the common plain hop "13/8", "8/4*", "25/22", "6/0".
_SIMPLE = re.compile(r"(\d{1,2})/(\d{1,2})(\*?)")
_SIMPLE_CACHE: dict[str, Step] = {}
# A whole play of such hops, single blanks between them, every point 0..25.
_HOP_POINT = r"(?:[01]?[0-9]|2[0-5])"
_PLAIN = re.compile(rf"{_HOP_POINT}/{_HOP_POINT}\*?(?: {_HOP_POINT}/{_HOP_POINT}\*?)*")


def _point(word: str) -> int | None:
    value = _WORDS.get(word.lower())
    if value is not None:
        return value
    number = int(word)
    return number if 0 <= number <= BAR else None


def _hop(origin: int, target: int, hit: bool, offset: int, entering: bool = False) -> Step:
    if origin == OFF and not entering:
        raise NotationError(N_("a hop cannot start from off"), offset)
    if target == BAR:
        raise NotationError(N_("a hop cannot land on the bar"), offset)
    if origin == target:
        raise NotationError(N_("a hop from {origin} to itself").format(origin=origin), offset)
    return Step(origin, target, hit)


def _simple(token: str, offset: int) -> Step | None:
    step = _SIMPLE_CACHE.get(token)
    if step is not None:
        return step
    match = _SIMPLE.fullmatch(token)
    if match is None:
        return None
    origin, target = int(match[1]), int(match[2])
    if origin > BAR or target > BAR:
        return None  # let the full parser report the bad point
    step = _hop(origin, target, bool(match[3]), offset)
    if len(_SIMPLE_CACHE) < 4096:
        _SIMPLE_CACHE[token] = step
    return step


def _hop_step(hop: str) -> Step:
    """A hop of :data:`_PLAIN` text, not yet in :data:`_SIMPLE_CACHE`."""
    step = _simple(hop, 0)
    assert step is not None  # _PLAIN's hops are _SIMPLE hops of points 0..25
    return step


def _parse_token(token: str, offset: int, out: list[Step], entering: bool = False) -> None:
    match = _MOVE.fullmatch(token)
    if match is None:
        raise NotationError(
            N_("{token} is not a move such as 8/5, bar/22* or 6/off(2)").format(token=repr(token)),
            offset,
        )
    chain, repeat, late_hit = match[1], match[2], match[3]
    points: list[tuple[int, bool]] = []
    for part in _PART.finditer(chain):
        value = _point(part[1])
        if value is None:
            raise NotationError(
                N_("point {point} is not 0..25, bar or off").format(point=repr(part[1])), offset
            )
        points.append((value, bool(part[2])))
    if points[0][1]:
        raise NotationError(
            N_("{token} has a hit mark on its starting point").format(token=repr(token)), offset
        )
    if late_hit:
        if points[-1][1]:
            raise NotationError(N_("{token} has two hit marks").format(token=repr(token)), offset)
        points[-1] = (points[-1][0], True)
    hops = [
        _hop(points[i][0], points[i + 1][0], points[i + 1][1], offset, entering)
        for i in range(len(points) - 1)
    ]
    count = 1 if repeat is None else int(repeat)
    if not 1 <= count <= 4:
        raise NotationError(N_("repeat count ({count}) is not 1..4").format(count=count), offset)
    for _ in range(count):
        out.extend(hops)


def parse_steps(text: str, entering: bool = False) -> list[Step]:
    """The steps of a play text, as written (see the module docstring for the forms);
    ``entering`` reads hops from off as entries (acey-deucey, tabula).

    An empty or blank text gives an empty list. Raises :class:`NotationError` (a
    ``ValueError``) naming the first bad token and its 0-based offset in ``text``.
    """
    if _PLAIN.fullmatch(text) is not None:  # the common "13/8 6/5*": one cached Step a hop
        try:
            return [_SIMPLE_CACHE.get(hop) or _hop_step(hop) for hop in text.split(" ")]
        except NotationError:
            pass  # e.g. "8/8": reported by the general loop below, with its offset
    steps: list[Step] = []
    for match in _TOKEN.finditer(text):
        token = match.group()
        if entering:
            _parse_token(token, match.start(), steps, True)
            continue
        step = _simple(token, match.start())
        if step is not None:
            steps.append(step)
        else:
            _parse_token(token, match.start(), steps)
    return steps
