"""One form for a beaver, whatever the record says it in.

A beaver is a :class:`Beaver` action by the doubled player, followed by the original
doubler's answer: a :class:`Take` (or a :class:`Drop`, or a raccoon: another
:class:`Beaver`). The records say it differently: gnubg's SGF writes the beaver as a second
``double`` and the take after it (the reader makes the ``double`` a :class:`Beaver`);
Jellyfish ``.mat`` (``Beavers => 4``) and XG's cube records say the beaver but not the take
that closes the exchange (gnubg's ``.mat`` never writes it: the game simply goes on).
:func:`close_beavers` writes that take in, so the same match has the same actions (and one
fingerprint, ``gamao dedupe``) from every source, and check, stats and convert see the same
thing. The take is added only where the record shows the beaver was taken: the game goes on
with a roll, a double or a set position; a game that ends right after a beaver is left as
it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from gamao_cli.model.actions import Action, Beaver, Double, Move, SetPosition, Take

if TYPE_CHECKING:  # only the readers that have analysis import it (model/match.py)
    from gamao_cli.model.analysis import Annotation


def close_beavers(actions: Sequence[Action]) -> list[Action]:
    """``actions`` with the take that closes each beaver exchange where it is implicit."""
    return close_beavers_annotated(actions, ())[0]


def close_beavers_annotated(
    actions: Sequence[Action], annotations: Sequence[Annotation]
) -> tuple[list[Action], tuple[Annotation, ...]]:
    """:func:`close_beavers`, and ``annotations`` renumbered to the actions they annotate."""
    out: list[Action] = []
    moved: dict[int, int] = {}  # old index -> new index, where they differ
    pending: Beaver | None = None  # the last beaver of an exchange not yet answered
    for index, action in enumerate(actions):
        if pending is not None and isinstance(action, (Move, Double, SetPosition)):
            out.append(Take(1 - pending.player, location=pending.location))
        pending = action if isinstance(action, Beaver) else None
        if len(out) != index:
            moved[index] = len(out)
        out.append(action)
    if not moved:
        return out, tuple(annotations)
    shift = len(out) - len(actions)  # an annotation past the last action (a position's)
    notes = tuple(
        replace(n, action=moved.get(n.action, n.action + shift if n.action >= len(actions)
                                    else n.action))
        for n in annotations
    )  # fmt: skip
    return out, notes
