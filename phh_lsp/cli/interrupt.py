"""Ctrl-C ends ``phh-lsp`` at once, quietly, with exit 130, whatever it is doing.

Python's own Ctrl-C raises ``KeyboardInterrupt`` wherever the main thread
is: a check printed a traceback (one more from each ``--jobs`` worker), and
the language server, whose library catches the exception and then waits
for its thread blocked reading stdin, did nothing the first time and
aborted with "Fatal Python error" (exit 134) the second. Nothing a command
holds needs undoing on the way out (a file being rewritten is cut here as it
was by ``KeyboardInterrupt``), so the handler leaves straight away, without
unwinding or flushing (a flush could block on a full pipe), with the
shell's code for a Ctrl-C: 128 + 2.

A terminal sends Ctrl-C to ``--jobs``' workers too. They leave it to the
command, which ends them: a worker that ended first would close its pipe
under the command, whose next write to it would end it by SIGPIPE (exit 141),
not 130.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from types import FrameType

#: The exit code of a process ended by Ctrl-C, as shells report it.
INTERRUPTED = 128 + signal.SIGINT


def _end(signum: int, frame: FrameType | None) -> None:
    del signum, frame
    processes = sys.modules.get("multiprocessing")  # never imported: no workers, and not one
    if processes is not None:
        if processes.parent_process() is not None:
            return  # a worker: the command ends it
        if hasattr(signal, "SIGPIPE"):
            signal.signal(signal.SIGPIPE, signal.SIG_IGN)  # a worker's pipe closing under us
        for worker in processes.active_children():
            worker.kill()
    os._exit(INTERRUPTED)


def end_on_interrupt() -> None:
    """From now on, Ctrl-C (SIGINT) ends this process at once with exit 130."""
    signal.signal(signal.SIGINT, _end)


def end_on_interrupt_in_any_thread() -> None:
    """Ctrl-C ends the process even while its main thread sleeps in a system call.

    Python runs a signal's handler in the main thread, at its next
    bytecode. The language server's main thread sleeps in the event loop's
    ``epoll_wait`` while a helper thread reads stdin; when the kernel hands
    the signal to that thread, the main thread is not woken, and the
    handler waits for the next message, which may never come (CI saw the
    server ignore Ctrl-C for 30 s). Python writes every signal's number to
    the wakeup descriptor from whichever thread took it: a thread of ours
    waits on it and ends the process as the handler would. Call it from the
    main thread, after :func:`end_on_interrupt`.
    """
    readable, writable = os.pipe()
    os.set_blocking(writable, False)
    try:
        signal.set_wakeup_fd(writable, warn_on_full_buffer=False)
    except ValueError:  # Windows takes only a socket here: there Ctrl-C keeps the handler alone
        os.close(readable)
        os.close(writable)
        return

    def wait_for_interrupt() -> None:
        while True:
            numbers = os.read(readable, 64)
            if not numbers or signal.SIGINT in numbers:
                break
        if numbers:
            _end(signal.SIGINT, None)

    threading.Thread(target=wait_for_interrupt, name="phh-interrupt", daemon=True).start()
