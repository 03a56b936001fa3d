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


@contextmanager
def gc_paused() -> Iterator[None]:
    """Run the body with the cyclic collector off; it is turned back on afterwards if it was
    on before (nested uses leave it to the outermost)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
