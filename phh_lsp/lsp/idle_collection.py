"""The server's full garbage collections, moved to when the user pauses.

A 1,000-hand ``.phhs`` leaves some 600,000 objects alive in the server.
Python's own full collection walks them all, about 200 ms, at whatever
moment enough allocations have piled up: in the middle of a keystroke's
re-check or a hover, which is where a user feels it (the p95 of every
request was that pause). Here the middle and oldest generations are never
collected on their own (only young objects are, see lsp/warm_up.py); a
full collection runs instead once the server has been idle for a moment,
and at the latest after a while of steady work.

What survives a collection is then frozen (``gc.freeze``): the next one
walks only what was made since, a few milliseconds. Frozen objects are
still freed when nothing refers to them; only cyclic garbage among them
would stay, and an analysis makes none (a dropped 1,000-hand analysis
leaves 0 unreachable objects to collect), so every few minutes of idle
time the whole heap is looked at again, to give back what a rare cycle
(an exception's traceback) held.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable
from typing import Final

#: Collect once nothing has happened for this long.
IDLE_SECONDS: Final = 1.5
#: Collect at the latest this long after the previous collection.
AT_LEAST_EVERY_SECONDS: Final = 60.0
#: The middle and oldest generations' threshold, set by the server's warm-up: a
#: number of younger collections never reached, so Python only collects young objects.
NEVER: Final = 1 << 30
#: How often an idle collection looks at the frozen objects too.
WHOLE_HEAP_EVERY_SECONDS: Final = 600.0


class IdleCollector:
    """Runs ``gc.collect()`` when the server goes quiet: ``quiet()`` says
    whether no check is under way (a first check of a large file sends no
    message for seconds, and is no pause)."""

    def __init__(self, quiet: Callable[[], bool]) -> None:
        self._quiet = quiet
        self._timer: asyncio.TimerHandle | None = None
        self._last = time.monotonic()
        self._whole = time.monotonic()
        self.collections = 0

    def busy(self, loop: asyncio.AbstractEventLoop) -> None:
        """Something happened: collect when it has been quiet for a moment."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if time.monotonic() - self._last > AT_LEAST_EVERY_SECONDS:
            self.collect()
            return
        self._timer = loop.call_later(IDLE_SECONDS, self._when_quiet, loop)

    def _when_quiet(self, loop: asyncio.AbstractEventLoop) -> None:
        self._timer = None
        if self._quiet():
            self.collect()
        else:
            self.busy(loop)

    def collect(self) -> None:
        """A full collection now."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        self._last = time.monotonic()
        if self._last - self._whole > WHOLE_HEAP_EVERY_SECONDS:
            self._whole = self._last
            gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.collections += 1
