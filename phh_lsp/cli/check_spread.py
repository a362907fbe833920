"""``check --jobs N``: the files handed to the workers, their findings taken back in order.

Small files go several to a task (about :data:`BATCH_CHARS` of text), so a
folder of 10,000 one-hand files is a few hundred tasks, not 10,000; a
large ``.phhs`` goes in chunks of whole hands (:mod:`phh_lsp.cli.check_stream`).
Files the results cache answers, and unreadable ones, keep their place.
The parent reads the files ahead of the workers by at most a few tasks,
so it holds those texts and the findings, never the dataset.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future
from typing import IO, Any

from phh_lsp.cli.check_findings import Cached, Document, Read, Streamed
from phh_lsp.cli.check_processes import Workers, check_files
from phh_lsp.cli.check_stream import streamed

#: A task's text: enough hands that handing it out costs little beside
#: checking it (about 60 hands), few enough that the workers end together.
BATCH_CHARS = 64_000


def spread(
    documents: Iterable[Read | Cached | Streamed | None], workers: Workers, with_fixes: bool, stderr: IO[str]
) -> Iterator[Cached | Document | None]:
    """Each document's findings (or None: unreadable) in the documents' order,
    the files read checked by ``workers``."""
    slots: deque[tuple[Future[Any], int, Read] | Cached | None] = deque()
    out: deque[Future[Any]] = deque()
    batch: list[Read] = []
    size = 0

    def flush() -> None:
        nonlocal batch, size
        if batch:
            future = workers.submit(check_files, [(r.path, r.decoded, r.settings) for r in batch], with_fixes)
            out.append(future)
            slots.extend((future, index, read) for index, read in enumerate(batch))
        batch, size = [], 0

    def ready(until: int) -> Iterator[Cached | None]:
        """The slots in order, until at most ``until`` tasks are out."""
        while slots and len(out) > until:
            slot = slots.popleft()
            if isinstance(slot, tuple):
                future, index, read = slot
                findings, hands = future.result()[index]
                if out and out[0] is future and index == len(future.result()) - 1:
                    out.popleft()
                yield Cached(read.path, findings, hands, key=read.key)
            else:
                yield slot
        while slots and not isinstance(slots[0], tuple):
            yield slots.popleft()  # type: ignore[misc]

    for document in documents:
        if isinstance(document, Read):
            batch.append(document)
            size += len(document.decoded.text)
            if size >= BATCH_CHARS:
                flush()
        elif isinstance(document, Streamed):
            flush()  # its chunks take every worker: what came before goes out first
            yield from ready(0)
            yield streamed(document, stderr, workers)
        else:
            slots.append(document)
        yield from ready(workers.window - 1)
    flush()
    yield from ready(0)
