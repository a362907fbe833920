"""The open documents kept in step with the editor: didOpen, didChange, didClose.

pygls keeps each document's text (as an
:class:`~phh_lsp.lsp.edited_document.EditedDocument`); here an opened or
changed document is (re)scheduled for checking, and a closed one is
forgotten with its analysis, its diagnostics and its last semantic tokens.
"""

from __future__ import annotations

from lsprotocol import types

from phh_lsp.lsp.checking import schedule
from phh_lsp.lsp.handlers import Handlers
from phh_lsp.lsp.session import PhhLanguageServer

handlers = Handlers()


@handlers.feature(types.TEXT_DOCUMENT_DID_OPEN)
def on_open(ls: PhhLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.documents.changed(params.text_document.uri, params.text_document.version)
    schedule(ls, params.text_document.uri, 0)


@handlers.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def on_change(ls: PhhLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.documents.changed(params.text_document.uri, params.text_document.version)
    schedule(ls, params.text_document.uri)


@handlers.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def on_close(ls: PhhLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
    from phh_lsp.lsp.features import semantic_delta  # loaded with the first semantic tokens, not at start-up

    uri = params.text_document.uri
    task = ls.pending.pop(uri, None)
    if task is not None:
        task.cancel()
    ls.documents.forget(uri)
    semantic_delta.forget(uri)
    ls.diagnosing.pop(uri, None)
    ls.checked.discard(uri)
    if not ls.pulls_diagnostics:  # a pulling client forgets a closed document's by itself
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, []))
