"""The language server: built, and run over stdio.

pygls wiring only. :func:`build_server` makes the server's state
(:class:`~phh_lsp.lsp.session.PhhLanguageServer`) and registers the
message handlers, each module's table: :mod:`~phh_lsp.lsp.lifecycle`
(start and stop), :mod:`~phh_lsp.lsp.sync` (open, change, close),
:mod:`~phh_lsp.lsp.checking` (diagnostics, pushed or pulled),
:mod:`~phh_lsp.lsp.configuration` (the editor's settings),
:mod:`~phh_lsp.lsp.requests` (hover, completion and the rest) and
:mod:`~phh_lsp.lsp.extension_requests` (phh-lsp's own, for the editors' plugins).
:func:`serve` runs it until the client says exit, reading the client's
messages as :mod:`~phh_lsp.lsp.stdio` says.
"""

from __future__ import annotations

import logging

from phh_lsp.lsp import checking, configuration, extension_requests, lifecycle, requests, stdio, sync
from phh_lsp.lsp.session import PhhLanguageServer


def build_server() -> PhhLanguageServer:
    """A server with every handler registered."""
    server = PhhLanguageServer()
    for module in (checking, lifecycle, configuration, sync, requests, extension_requests):
        module.handlers.register(server)
    return server


def serve() -> int:
    """Run the server over stdio until the client says exit.

    The exit code is 0 after a ``shutdown`` request and 1 without one, as
    the LSP asks (pygls tries, but its exit runs where asyncio swallows it).
    """
    logging.basicConfig(level=logging.WARNING, format="phh-lsp %(levelname)s: %(message)s")
    server = build_server()
    stdio.start_io(server)
    return 0 if server.shut_down else 1
