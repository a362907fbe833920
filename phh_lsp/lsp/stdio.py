"""How the server reads the editor's messages from stdin: on its event loop.

pygls reads stdin in a worker thread: one blocking read for each header
line and one for the body, each handed back to the event loop, three
hand-offs between threads a message. In real Neovim 0.7.2 that was 0.9 to
1.5 ms from a keystroke's header read to its handling, a sixth of the
keystroke's way to its diagnostics; the same for every completion and
hover. Where stdin is a pipe or socket of the server's own (how an editor
starts it, on POSIX), it is read on the loop itself, with asyncio's pipe
transport (as pygls reads a TCP client): a message whose bytes have come
is handled at once, with no thread in between. Anywhere else (a terminal,
whose stdin and stdout are one file, a file, Windows) pygls reads it, as
before. What is read and how it is handled are pygls's either way
(:func:`pygls.io_.run_async`).
"""

from __future__ import annotations

import asyncio
import logging
import os
import stat
import sys
import threading
from typing import BinaryIO

from pygls.io_ import StdoutWriter, run_async
from pygls.lsp.server import LanguageServer

log = logging.getLogger("phh_lsp")
#: The longest header line read as one (a client sends lines of some 30 bytes).
LONGEST_LINE = 1 << 20


def start_io(server: LanguageServer, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
    """Serve the client on stdin and stdout until it says exit (or closes stdin)."""
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout.buffer
    if not readable_on_the_loop(stdin, stdout):
        server.start_io(stdin, stdout)
        return
    # as pygls's own start_io: its shutdown() sets this event, its exit raises SystemExit
    server._stop_event = stop = threading.Event()
    server.protocol.set_writer(_Output(stdout))
    try:
        asyncio.run(_serve(server, stdin, stop))
    except BrokenPipeError:
        log.error("the connection to the client is lost: shutting down")
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()  # type: ignore[no-untyped-call]


def readable_on_the_loop(stdin: BinaryIO, stdout: BinaryIO) -> bool:
    """Whether ``stdin`` can be read by the event loop without touching
    ``stdout``: a pipe or socket (a terminal or a file cannot be watched
    so, or shares its file with stdout, which the loop's non-blocking mode
    would then make fail on a full write), on POSIX."""
    if os.name != "posix":
        return False
    try:
        given, written = os.fstat(stdin.fileno()), os.fstat(stdout.fileno())
    except (OSError, ValueError):  # no file behind it (a test's stream, a closed one)
        return False
    if not (stat.S_ISFIFO(given.st_mode) or stat.S_ISSOCK(given.st_mode)):
        return False
    return (given.st_dev, given.st_ino) != (written.st_dev, written.st_ino)


async def _serve(server: LanguageServer, stdin: BinaryIO, stop: threading.Event) -> None:
    loop = asyncio.get_running_loop()
    stream = asyncio.StreamReader(limit=LONGEST_LINE)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stream), stdin)
    await run_async(
        stop_event=stop,
        reader=_Messages(stream),
        protocol=server.protocol,
        logger=log,
        error_handler=server.report_server_error,
    )


class _Messages:
    """An asyncio stream as the reader pygls's loop asks for: a line, then
    a body of so many bytes. At the end of the input, nothing (pygls's loop
    then ends): a body cut off there is no message to handle (pygls's own
    reader passed it on, to fail as JSON with a traceback on stderr)."""

    def __init__(self, stream: asyncio.StreamReader) -> None:
        self._stream = stream

    async def readline(self) -> bytes:
        try:
            return await self._stream.readline()
        except ValueError:  # no line break within LONGEST_LINE bytes: no header, skipped as pygls skips one
            return b"?"

    async def readexactly(self, n: int) -> bytes:
        try:
            return await self._stream.readexactly(n)
        except asyncio.IncompleteReadError:
            return b""


class _Output(StdoutWriter):
    """stdout as pygls writes it, written to no more once closed: at
    ``exit`` pygls closes it, then the answers of the requests still under
    way (cancelled as the loop ends) would each fail and log a traceback."""

    def __init__(self, stdout: BinaryIO) -> None:
        super().__init__(stdout)
        self._closed = False

    def close(self) -> None:
        self._closed = True
        super().close()  # type: ignore[no-untyped-call]

    def write(self, data: bytes) -> None:
        if not self._closed:
            super().write(data)
