"""A table of message handlers, filled where they are written, registered later.

Each module of handlers (lifecycle, sync, checking, configuration,
requests) makes one :class:`Handlers` and decorates its functions with
it as it would with a pygls server's ``feature`` and ``command``. No
handler module needs a server object to exist, so none imports
:mod:`phh_lsp.lsp.server`; it is the other way round:
:func:`phh_lsp.lsp.server.build_server` makes the server and registers
every table on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pygls.lsp.server import LanguageServer

F = TypeVar("F", bound=Callable[..., Any])


class Handlers:
    """The handlers of one module: (method, options, handler) and (command, handler)."""

    def __init__(self) -> None:
        self.features: list[tuple[str, Any, Callable[..., Any]]] = []
        self.commands: list[tuple[str, Callable[..., Any]]] = []

    def feature(self, method: str, options: Any = None) -> Callable[[F], F]:
        """Handle the LSP method ``method`` (pygls's ``feature``)."""

        def add(handler: F) -> F:
            self.features.append((method, options, handler))
            return handler

        return add

    def command(self, name: str) -> Callable[[F], F]:
        """Handle ``workspace/executeCommand`` of ``name`` (pygls's ``command``)."""

        def add(handler: F) -> F:
            self.commands.append((name, handler))
            return handler

        return add

    def register(self, server: LanguageServer) -> None:
        """Register every handler of the table on ``server``."""
        for method, options, handler in self.features:
            server.feature(method, options)(handler)
        for name, handler in self.commands:
            server.command(name)(handler)
