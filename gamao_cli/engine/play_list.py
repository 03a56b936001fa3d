"""Legal plays as a reader sees them: one order everywhere, the first few, and how many more.

``gamao moves`` lists every play in :func:`ordered_plays`' order; ``gamao check`` (a finding's
legal plays) and ``gamao show`` list the first :data:`MAX_LISTED_PLAYS` of that same order and
say how many more there are, in the same words (:func:`plays_text`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gamao_cli.engine.movegen import Play
from gamao_cli.engine.notation import format_play
from gamao_cli.i18n import _, ngettext

MAX_LISTED_PLAYS = 8
"""How many legal plays a finding or ``gamao show`` lists before ``(+N more)``."""


def play_order(play: Play) -> list[tuple[int, int]]:
    """The sort key of a play: its steps, highest starting point first."""
    return sorted((-start, -end) for start, end, _hit in play.steps)


def ordered_plays(plays: Iterable[Play]) -> list[Play]:
    """``plays`` in the order they are listed (the plays moving the back checkers first)."""
    return sorted(plays, key=play_order)


def listed_plays(plays: Sequence[Play]) -> tuple[str, ...]:
    """The text of the first :data:`MAX_LISTED_PLAYS` of ``plays``, in the listed order."""
    return tuple(format_play(p.steps) for p in ordered_plays(plays)[:MAX_LISTED_PLAYS])


def plays_text(shown: Sequence[str], count: int) -> str:
    """``count`` legal plays of which ``shown`` are listed, in the active language:
    ``45 legal plays: 13/9(4), ... (+37 more)``; ``legal play: 8/5 6/5`` for one;
    ``0 legal plays (the roll cannot be played)`` for none."""
    if count == 0:
        none = ngettext("{count} legal play", "{count} legal plays", 0).format(count=0)
        return none + " " + _("(the roll cannot be played)")
    label = (
        _("legal play")
        if count == 1
        else ngettext("{count} legal play", "{count} legal plays", count).format(count=count)
    )
    more = count - len(shown)
    tail = " " + _("(+{count} more)").format(count=more) if more > 0 else ""
    return f"{label}: {', '.join(shown)}{tail}"


def plays_line(plays: Sequence[Play]) -> str:
    """:func:`plays_text` of every legal play of a roll."""
    return plays_text(listed_plays(plays), len(plays))
