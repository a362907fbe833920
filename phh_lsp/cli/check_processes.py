"""The processes ``phh-lsp check`` runs in: its own, and ``--jobs``' workers.

Both are prepared one way (:func:`_prepare_process`): PokerKit imported
and the garbage collector tuned for a check, whose objects are either
short-lived or live as long as the process. ``--jobs`` spreads the hands,
not the files, over a process pool; each worker sends back a slim
analysis (the diagnostics), and the output is the same either way.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from contextlib import contextmanager

from phh_lsp.core.analysis import Analysis
from phh_lsp.core.hand_analysis import HandAnalysis, analyze_hand


def _check_hand(text: str, multi: bool) -> HandAnalysis:
    """A worker's unit of work: one hand, uncached, reduced to what is sent back."""
    return analyze_hand.__wrapped__(text, multi, False).slim()


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


def analyse_in_parallel(analyses: list[Analysis], jobs: int) -> None:
    """Analyse every hand of every file on ``jobs`` processes (0: all cores).

    Hands, not files, are the unit: a dataset is often one large ``.phhs``
    beside many small files, and both spread evenly this way.
    """
    workers = jobs or os.cpu_count() or 1
    tasks = [(analysis, index) for analysis in analyses for index in range(len(analysis.pieces))]
    texts = [analysis.pieces[index].text for analysis, index in tasks]
    flags = [analysis.multi for analysis, _ in tasks]
    chunk = max(1, len(tasks) // (workers * 64))
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers, initializer=_prepare_process) as pool:
        for (analysis, index), hand in zip(tasks, pool.map(_check_hand, texts, flags, chunksize=chunk), strict=True):
            analysis.provide(index, hand)
