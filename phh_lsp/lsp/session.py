"""The language server's state: one editor session.

:class:`PhhLanguageServer` is what every handler is given as ``ls``: the
editor's settings, the open documents and their analyses, the checks
under way, and what the client can do (pull diagnostics, its position
encoding). The handlers are registered by :mod:`phh_lsp.lsp.server`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from phh_lsp import __version__
from phh_lsp.lsp import plain_answers
from phh_lsp.lsp.documents import Documents, UnknownDocument
from phh_lsp.lsp.editor_settings import EditorSettings
from phh_lsp.lsp.idle_collection import IdleCollector

if TYPE_CHECKING:
    from cattrs import Converter
    from pygls.workspace import TextDocument

    from phh_lsp.core.analysis import Analysis
    from phh_lsp.core.text import Encoding

log = logging.getLogger("phh_lsp")
#: What a document's diagnostics are made from: its version and the settings' generation.
Made = tuple[int | None, int]


class PhhLanguageServer(LanguageServer):
    """The server's state: settings, analyses and pending re-checks."""

    def __init__(self) -> None:
        # outline, folding and semantic tokens answer plain data (see plain_answers)
        converter: Converter = plain_answers.converter()
        super().__init__(
            "phh-lsp", __version__, converter_factory=lambda: converter, protocol_cls=plain_answers.PlainProtocol
        )
        #: What pygls reads and writes messages with (prepared off the loop: lsp/warm_up.py).
        self.converter = converter
        #: What ``initialize`` carried, applied at ``initialized``.
        self.initialization_options: Any = None
        #: The editor's settings, and each document's.
        self.editor_settings = EditorSettings(self.window_show_message)
        self.documents = Documents()
        self.pending: dict[str, asyncio.Task[None]] = {}
        #: The diagnostics being computed per document, and for which version and settings.
        self.diagnosing: dict[str, tuple[Made, asyncio.Future[list[types.Diagnostic]]]] = {}
        #: Documents whose first check is done: the whole file analysed once (see checking.py).
        self.checked: set[str] = set()
        #: Set once the editor's settings were asked for after ``initialized``.
        self.configured = asyncio.Event()
        self.shut_down = False
        #: Full garbage collections when nothing is under way (see idle_collection).
        self.collector = IdleCollector(self._quiet)

    def _quiet(self) -> bool:
        """Whether no document is being checked."""
        return not self.diagnosing and all(task.done() for task in self.pending.values())

    @property
    def pulls_diagnostics(self) -> bool:
        """Whether the client asks for diagnostics (``textDocument/diagnostic``)
        instead of waiting for them to be pushed. Only one of the two: a
        client given both would show every diagnostic twice."""
        text_document = self.client_capabilities.text_document
        return text_document is not None and text_document.diagnostic is not None

    def report_server_error(self, error: Exception, source: Any) -> None:
        """Log what goes wrong outside a request (a change to a document that
        was never opened, a malformed message) instead of pygls's pop-up: the
        user can do nothing about a client's mistake."""
        log.error("%s: %s: %s", getattr(source, "__name__", source), type(error).__name__, error)

    @property
    def encoding(self) -> Encoding:
        """The position encoding negotiated with the client."""
        from phh_lsp.lsp.positions import encoding_of

        return encoding_of(self.workspace.position_encoding)

    def analysis(self, uri: str) -> Analysis:
        """The analysis of the document as the client last sent it.

        Only documents the client opened: pygls would read any other URI
        from disk, and the server reads no file the client did not send.
        """
        document = self.open_document(uri)
        if document is None:
            raise UnknownDocument(uri)
        self.collector.busy(asyncio.get_running_loop())
        from phh_lsp.lsp.edited_document import edits_of, text_of

        return self.documents.analysis(uri, document.version, text_of(document), edits_of(document))

    def open_document(self, uri: str) -> TextDocument | None:
        """The document the client opened as ``uri``, if it did.

        pygls keys its documents by the *decoded* URI (a file named
        ``ps NLH.phhs`` arrives as ``ps%20NLH.phhs``), so the URI as sent is
        not always a key; each document keeps the URI it was opened with.
        (``get_text_document`` would find it, but reads unknown URIs from
        disk.)
        """
        documents = self.workspace.text_documents
        found: TextDocument | None = documents.get(uri)
        if found is None:
            found = next((document for document in documents.values() if document.uri == uri), None)
        return found

    def offset(self, uri: str, position: types.Position) -> tuple[Analysis, int]:
        """The analysis and the offset of ``position`` in it."""
        from phh_lsp.lsp.positions import to_offset

        analysis = self.analysis(uri)
        return analysis, to_offset(analysis.lines, position, self.encoding)
