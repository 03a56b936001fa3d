"""Pausing Python's cyclic garbage collector around batch work.

Reading and replaying a batch of files allocates millions of small objects (moves,
locations, records) that live until the batch's tables are built, then are freed together by
reference counting; they hold no reference cycles. The cyclic collector, left on, scans them
again and again as they pile up: about a fifth of a batch's time. Pausing it for the batch
and resuming it afterwards (still collecting whatever cycles the batch left) costs nothing in
memory that the batch does not already hold.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


class Pause:
    """A pause of the collector (:func:`gc_paused`)."""

    def __init__(self, resume: bool) -> None:
        self.resume = resume  # whether the collector was on when paused

    @contextmanager
    def lifted(self) -> Iterator[None]:
        """Run the body with the collector on again, collecting the cycles the paused work
        left (if it was on when paused), then off again: for a moment between pieces of a
        long paused work, so that its garbage stays bounded by a piece."""
        if not self.resume:
            yield
            return
        gc.enable()
        try:
            yield
        finally:
            gc.disable()


@contextmanager
def gc_paused() -> Iterator[Pause]:
    """Run the body with the cyclic collector off; it is turned back on afterwards if it was
    on before (nested uses leave it to the outermost)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield Pause(was_enabled)
    finally:
        if was_enabled:
            gc.enable()
