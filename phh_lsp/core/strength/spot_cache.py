"""Equity and hand strength computed off the hover: the spot cache and its worker.

An exact flop EHS is a million hand evaluations; a hover must answer in a
few tens of milliseconds. So the numbers come from a cache keyed by the
cards (the same spot in any hand, any document, costs once), and a spot
not yet computed is handed to one background thread. A spot someone is
looking at (the hovered one) goes ahead of every spot prefetched, and the
hover waits for it a bounded time (``within``): the first hover of a small
document shows the numbers, and only a spot slower than the bound is
said to be still computing. The command line, which has time, waits
(``wait=True``).

:class:`SpotCache` owns the cache and the thread. The process has one,
:data:`PROCESS_CACHE`, created here: the language server's hovers, inlay
hints and prefetching and ``phh-lsp equity`` all share it, so a spot is
computed once per process whoever asks. The functions below are what the
server and the tests call on it.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable

from phh_lsp.core.analysis import Analysis
from phh_lsp.core.engine.state_view import Snapshot
from phh_lsp.core.strength.equity import Spot
from phh_lsp.core.strength.spot_strength import Strength, compute, spot_of, worth_showing

log = logging.getLogger(__name__)

#: Documents with at most this many hands get their strengths computed as soon as
#: they are checked (a 1,000-hand file only for the hands hovered).
PREFETCH_HANDS = 3


class SpotCache:
    """Computed spots (the last few thousand), and those waiting for the
    background thread in two queues: the spots someone waits for (hovered)
    before the spots prefetched, each newest first, the oldest dropped
    beyond :attr:`PENDING` (what the user looked at last matters; a spot
    dropped is computed again when looked at again)."""

    LIMIT = 4096
    PENDING = 32

    def __init__(self) -> None:
        self._done: OrderedDict[Spot, Strength] = OrderedDict()
        self._pending: OrderedDict[Spot, None] = OrderedDict()
        self._wanted: OrderedDict[Spot, None] = OrderedDict()
        self._running: Spot | None = None
        self._ready = threading.Condition()
        self._worker: threading.Thread | None = None
        #: Called (from the worker thread) each time a spot is computed.
        self.listeners: list[Callable[[], None]] = []

    def strength_of(self, spot: Spot, wait: bool = False, within: float = 0.0) -> Strength | None:
        """The spot's strength if known (or ``wait``-ed for); None while it is computed.

        With ``within`` (seconds) the spot is someone's to look at: it goes to
        the front of the worker's queue, ahead of the prefetched spots, and
        the caller waits up to ``within`` for it (None past that)."""
        with self._ready:
            found = self._done.get(spot)
            if found is not None:
                self._done.move_to_end(spot)
                return found
        if wait:
            found = compute(spot)
            assert found is not None  # nothing asks it to give way
            return self._store(spot, found)
        with self._ready:
            if spot != self._running:
                if within > 0 or spot in self._wanted:
                    self._pending.pop(spot, None)
                    self._queue(self._wanted, spot)
                else:
                    self._queue(self._pending, spot)
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, name="phh-strength", daemon=True)
                self._worker.start()
            self._ready.notify_all()
            if within > 0:
                self._ready.wait_for(lambda: spot in self._done, timeout=within)
                return self._done.get(spot)
        return None

    def _queue(self, queue: OrderedDict[Spot, None], spot: Spot) -> None:
        queue[spot] = None
        queue.move_to_end(spot)
        while len(queue) > self.PENDING:
            queue.popitem(last=False)

    def prefetch(self, variant: str, states: Iterable[Snapshot]) -> None:
        """Start computing these spots (the rest of a hand being hovered), so
        that moving along its actions finds the numbers ready."""
        for state in states:
            if worth_showing(variant, state):
                self.strength_of(spot_of(variant, state))

    def prefetch_document(self, analysis: Analysis) -> None:
        """Start computing every spot of a small document's hands, so that the
        first hover already finds the numbers (called after its first check)."""
        if len(analysis.pieces) > PREFETCH_HANDS:
            return
        try:
            for index in range(len(analysis.pieces)):
                hand = analysis.view(index).hand
                if hand.report.variant is not None and hand.replay is not None:
                    self.prefetch(hand.report.variant, hand.replay.snapshots.values())
        except Exception:  # a hover of the hand would show the same failure, as a diagnostic does
            log.exception("preparing the hand's strengths failed")

    def drop_pending(self) -> None:
        """Forget the spots not yet started (the server is stopping; a test is done)."""
        with self._ready:
            self._pending.clear()
            self._wanted.clear()

    def forget(self) -> None:
        """Forget every spot computed and waiting (a test that needs a cold
        cache, as a server just started has)."""
        with self._ready:
            self._done.clear()
            self._pending.clear()
            self._wanted.clear()

    def when_computed(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` (from the worker thread) whenever a spot's numbers
        are ready: the server asks the editor to fetch its inlay hints again."""
        self.listeners.append(listener)

    def _store(self, spot: Spot, found: Strength) -> Strength:
        with self._ready:
            self._done[spot] = found
            self._pending.pop(spot, None)
            self._wanted.pop(spot, None)
            if self._running == spot:
                self._running = None
            while len(self._done) > self.LIMIT:
                self._done.popitem(last=False)
            self._ready.notify_all()  # wake whoever waits for this spot
        return found

    def _work(self) -> None:
        while True:
            with self._ready:
                while not self._wanted and not self._pending:
                    self._ready.wait()
                # the spots someone waits for first, then the prefetched ones
                wanted = bool(self._wanted)
                spot, _ = (self._wanted or self._pending).popitem(last=True)
                self._running = spot
            try:
                # a prefetched spot gives way to a hovered one between its parts
                found = compute(spot, (lambda: False) if wanted else self._someone_waits)
            except Exception as error:
                log.exception("computing equity failed for %s", spot)
                found = Strength(None, {}, {}, problem=f"{type(error).__name__}: {error}")
            if found is None:
                self._put_back(spot)
                continue
            self._store(spot, found)
            for listener in self.listeners:
                listener()

    def _someone_waits(self) -> bool:
        with self._ready:
            return bool(self._wanted)

    def _put_back(self, spot: Spot) -> None:
        """A prefetched spot left for a hovered one: computed again after it."""
        with self._ready:
            if self._running == spot:
                self._running = None
            if spot not in self._wanted:
                self._pending[spot] = None


PROCESS_CACHE = SpotCache()
"""The process's one spot cache and worker thread, shared by every caller."""


def prefetch(variant: str, states: Iterable[Snapshot]) -> None:
    """Start computing these spots in the process's cache (see :meth:`SpotCache.prefetch`)."""
    PROCESS_CACHE.prefetch(variant, states)


def prefetch_document(analysis: Analysis) -> None:
    """Start computing a small document's spots (see :meth:`SpotCache.prefetch_document`)."""
    PROCESS_CACHE.prefetch_document(analysis)


def drop_pending() -> None:
    """Forget the spots not yet started (the server is stopping; a test is done)."""
    PROCESS_CACHE.drop_pending()


def when_computed(listener: Callable[[], None]) -> None:
    """Call ``listener`` (from the worker thread) whenever a spot's numbers
    are ready: the server asks the editor to fetch its inlay hints again."""
    PROCESS_CACHE.when_computed(listener)
