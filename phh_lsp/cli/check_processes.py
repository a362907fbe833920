"""The processes ``phh-lsp check`` runs in: its own, and ``--jobs``' workers.

Both are prepared one way (:func:`_prepare_process`): PokerKit imported
and the garbage collector tuned for a check, whose objects are either
short-lived or live as long as the process.

``--jobs`` hands the workers whole files, several small ones per task
(:func:`check_files`), and a large ``.phhs`` in chunks of whole hands;
each task sends back its findings, a few small records, so the parent
does little more than read the files and print. It used to send each
hand's text and take back each hand's analysis: on a folder of 10,000
one-hand files the parent's pickling and bookkeeping made two processes
slower than one. Tasks are taken back in the order they were given, and
only a few more than there are workers are out at a time, so the parent
holds those, never the whole dataset.
"""

from __future__ import annotations

import gc
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from phh_lsp.cli.check_findings import analysed, findings_of
from phh_lsp.cli.report import Finding
from phh_lsp.config.settings import Settings
from phh_lsp.core.hand_analysis import analyze_hand
from phh_lsp.core.syntax.encoding import Decoded

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

#: Tasks out per worker: one running, one or two waiting, so no worker idles.
_AHEAD = 3


def check_files(files: list[tuple[str, Decoded, Settings]], with_fixes: bool) -> list[tuple[list[Finding], int]]:
    """A worker's task: some files' findings and hand counts, in order."""
    found = [findings_of(analysed(path, decoded, settings), with_fixes) for path, decoded, settings in files]
    analyze_hand.cache_clear()  # a dataset has no repeated hands: keep memory flat
    return found


def _prepare_process() -> None:
    """Import PokerKit and keep the garbage collector off what lives as long as the process.

    Modules, their tables and compiled patterns live as long as the
    process; every full collection used to walk them all again (0.6 s of
    a corpus run, when PokerKit still built all its hand tables on
    import). Frozen, they are left out. And the young generation is
    collected only once 100,000 more objects live than died (Python's
    default is 700): a hand's objects are gone before any collection
    sees them, and replays leave next to no reference cycles (268
    objects over the whole shared corpus), so collecting more often only
    walks live objects again: every 10,000 cost 4 % of a corpus run. Each
    ``--jobs`` worker starts with this.
    """
    import pokerkit  # noqa: F401

    gc.freeze()
    gc.set_threshold(100_000, 50, 100)


@contextmanager
def collector_tuned() -> Iterator[None]:
    """:func:`_prepare_process` for the length of a check, then as before
    (``run_check`` also runs inside other programs, such as the tests)."""
    threshold = gc.get_threshold()
    _prepare_process()
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


class Workers:
    """``jobs`` worker processes (0: one per core), started at the first task."""

    def __init__(self, jobs: int) -> None:
        self.count = jobs or os.cpu_count() or 1
        self._pool: ProcessPoolExecutor | None = None

    def submit(self, function: Callable[..., Any], *args: Any) -> Future[Any]:
        """Give a worker a task."""
        if self._pool is None:
            from concurrent.futures import ProcessPoolExecutor

            self._pool = ProcessPoolExecutor(max_workers=self.count, initializer=_prepare_process)
        return self._pool.submit(function, *args)

    @property
    def window(self) -> int:
        """How many tasks may be out at once."""
        return self.count * _AHEAD

    def in_order(self, calls: Iterable[tuple[Callable[..., Any], tuple[Any, ...]]]) -> Iterator[Any]:
        """Each call's result, in the calls' order, at most :attr:`window` out at a time."""
        pending: deque[Future[Any]] = deque()
        try:
            for function, args in calls:
                pending.append(self.submit(function, *args))
                if len(pending) >= self.window:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            for future in pending:
                future.cancel()

    def close(self) -> None:
        """End the workers."""
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None
