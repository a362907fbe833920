"""What the server loads before its first check, and what it loads after.

The first diagnostics of a large file are what a user waits for when the
editor opens it. Before them the server loads only what a check needs
(PokerKit, the core, the diagnostics, and PokerKit's hold'em table, which
a first showdown would otherwise build): in real Neovim 0.7.2 the imports
of hover, code actions, the formatter and the rest (~0.15 s of CPU, more
under load) ran beside the first check and delayed its first publish.
They are loaded once a first check is done, so that the first hover does
not pay them either. The same goes for pygls's readers and writers of the
messages the first keystroke, diagnostics, completion and hover exchange
(:func:`warm_up_messages`).
"""

from __future__ import annotations

import gc
import json
import threading
from typing import TYPE_CHECKING

from lsprotocol import types

from phh_lsp.lsp.idle_collection import NEVER

if TYPE_CHECKING:
    from cattrs import Converter

#: Young objects collected once this many more were made than freed.
YOUNG_THRESHOLD = 10_000

_features_loaded = threading.Event()


def warm_up_checking() -> None:
    """Import what a check needs, then freeze what was built (modules,
    compiled patterns: objects that live as long as the server) out of the
    garbage collector's sight, as ``phh-lsp check`` does.

    The collector's thresholds are set first, so that the imports run under
    them too: young objects are collected every 10,000, and neither the
    middle nor the oldest generation is ever collected on its own. A check
    makes no cyclic garbage (a dropped 1,000-hand analysis leaves 0
    unreachable objects), and each collection of the middle generation
    walked every hand analysed since the last one, ~0.2 s at a time during
    a 1,000-hand file's first check. Full collections are the idle
    collector's (``ls.collector``), when the user pauses.
    """
    gc.set_threshold(YOUNG_THRESHOLD, NEVER, NEVER)
    import pokerkit  # noqa: F401

    from phh_lsp.core import analysis  # noqa: F401
    from phh_lsp.core.syntax import hands  # noqa: F401
    from phh_lsp.lsp.features import diagnostics  # noqa: F401

    build_holdem_table()
    gc.freeze()


def build_holdem_table() -> None:
    """Have PokerKit build its hold'em hand table now, with its own code.

    PokerKit builds the table a showdown of hold'em or Omaha looks in at
    the first such showdown of a session (see
    core/engine/pokerkit_tables.py): 55-100 ms of the first hands' check
    of a hold'em file in real Neovim, the largest single part of it, until
    it was read from a stored copy of PokerKit's build (6-20 ms, see
    core/engine/stored_tables.py). Built here, it is built while the
    editor sends ``initialized`` and opens its file: when the file comes
    later than the imports (an editor under load, a file opened after the
    session began) its first diagnostics no longer wait for it; otherwise
    the check waits for it. Only this table: the others (short-deck,
    lowball, Badugi...) serve rarer games."""
    import pokerkit

    pokerkit.StandardHighHand.lookup.has_entry("AsKsQsJsTs")


def warm_up_features(converter: Converter) -> None:
    """Import every other feature and prepare the messages of completion
    and hover (once): called when a first check is done."""
    if _features_loaded.is_set():
        return
    _features_loaded.set()
    warm_up_messages(converter, features=True)
    from phh_lsp.lsp.features import (  # noqa: F401
        code_actions,
        code_lens,
        completion,
        formatting,
        hover,
        inlay_hints,
        navigation,
        semantic_tokens,
        symbols,
    )


def warm_up_messages(converter: Converter, features: bool) -> None:
    """Make pygls's converter build its readers and writers of the messages
    a user's first actions exchange, off the message loop.

    cattrs builds the code that reads or writes a message type the first
    time it meets one, on the loop, in the way of that message: measured
    in-process under load, 27 ms for the first ``didChange`` (the first
    keystroke), 23 ms for the first ``publishDiagnostics`` (the first
    diagnostics), 15 + 40 ms for the first completion request and list
    (the slowest completion of a session), 12 + 7 ms for the first hover.
    ``features``: the first diagnostics' messages only (False), or those of
    completion and hover too (True, once the first check is done).
    """
    position = {"line": 0, "character": 1}
    document = {"uri": "file:///warm-up.phhs"}
    converter.structure(
        {
            "jsonrpc": "2.0",
            "method": types.TEXT_DOCUMENT_DID_CHANGE,
            "params": {
                "textDocument": {**document, "version": 2},
                "contentChanges": [
                    {"range": {"start": position, "end": position}, "rangeLength": 0, "text": "p"},
                    {"text": "whole"},
                ],
            },
        },
        types.DidChangeTextDocumentNotification,
    )
    where = types.Range(types.Position(0, 1), types.Position(0, 2))
    diagnostic = types.Diagnostic(
        range=where,
        message="warm-up",
        severity=types.DiagnosticSeverity.Hint,
        code="PHH504",
        code_description=types.CodeDescription(href="https://example.invalid/"),
        source="phh",
        tags=[types.DiagnosticTag.Unnecessary],
        data={"name": "warm-up"},
    )
    params = types.PublishDiagnosticsParams(uri=document["uri"], diagnostics=[diagnostic], version=2)
    json.dumps(converter.unstructure(types.PublishDiagnosticsNotification(params=params)))
    if not features:
        return
    at = {"textDocument": document, "position": position}
    request = {"jsonrpc": "2.0", "id": 1}
    context = {"triggerKind": 2, "triggerCharacter": " "}
    converter.structure(
        {**request, "method": types.TEXT_DOCUMENT_COMPLETION, "params": {**at, "context": context}},
        types.CompletionRequest,
    )
    converter.structure({**request, "method": types.TEXT_DOCUMENT_HOVER, "params": at}, types.HoverRequest)
    item = types.CompletionItem(
        label="p1 f",
        kind=types.CompletionItemKind.Value,
        detail="fold",
        sort_text="0000",
        filter_text="f",
        text_edit=types.TextEdit(range=where, new_text="f"),
        insert_text_format=types.InsertTextFormat.Snippet,
    )
    completion = types.CompletionList(is_incomplete=False, items=[item])
    json.dumps(converter.unstructure(types.CompletionResponse(id=1, result=completion)))
    hover = types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="warm-up"), range=where)
    json.dumps(converter.unstructure(types.HoverResponse(id=1, result=hover)))
