"""Answers already in their JSON shape, let through pygls's converter as they are.

pygls turns a handler's answer into JSON in two steps: cattrs converts the
lsprotocol objects into dicts and lists (``unstructure``), then ``json``
writes them. For a 50,000-hand outline the first step alone took 1.5-2.2 s
(and as plain dicts it is slower still: cattrs copies them, and a typed
list of ``FoldingRange`` refuses them). An answer made as a
:class:`PlainAnswer` (a list) or :class:`PlainObject` (a dict) is sent
as it is: its maker keeps each hand's part in its JSON shape and reuses it
(see :mod:`phh_lsp.lsp.features.hand_outline` and
:mod:`phh_lsp.lsp.features.semantic_tokens`). A diagnostic, published again
at each keystroke with the others of the file, is shaped once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import cattrs
from lsprotocol import types
from pygls.protocol import default_converter


class PlainAnswer(list[Any]):
    """A list answer already in its JSON shape (camelCase keys, numbers for enums)."""


class PlainObject(dict[str, Any]):
    """An object answer already in its JSON shape."""


#: The responses whose answer may be plain: the whole-document requests.
RESPONSES = (
    types.DocumentSymbolResponse,
    types.FoldingRangeResponse,
    types.SemanticTokensResponse,
    types.SemanticTokensDeltaResponse,
)


#: Diagnostics whose JSON shape is kept (see :func:`_shaped_once`); cleared when full.
SHAPED_BOUND = 100_000


def converter() -> cattrs.Converter:
    """pygls's converter, with plain answers let through and each diagnostic
    shaped once (the server's ``converter_factory``)."""
    made: cattrs.Converter = default_converter()  # type: ignore[no-untyped-call]
    # before any hook of a message holding diagnostics is made, so that theirs call this one
    made.register_unstructure_hook(types.Diagnostic, _shaped_once(made.get_unstructure_hook(types.Diagnostic)))
    for response in RESPONSES:
        made.register_unstructure_hook(response, _passing(made.get_unstructure_hook(response)))
    return made


def _shaped_once(default: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A diagnostic's JSON shape, made once per diagnostic object: the
    features' diagnostics are the same objects from one publish to the next
    (:func:`phh_lsp.lsp.features.diagnostics.lsp_diagnostics`), and a
    keystroke in a 50,000-hand file sends ~1,000 of them again."""
    shaped: dict[int, tuple[types.Diagnostic, Any]] = {}

    def unstructure(diagnostic: types.Diagnostic) -> Any:
        kept = shaped.get(id(diagnostic))
        if kept is not None and kept[0] is diagnostic:
            return kept[1]
        if len(shaped) >= SHAPED_BOUND:
            shaped.clear()
        value = default(diagnostic)
        shaped[id(diagnostic)] = (diagnostic, value)  # the object kept alive: its id stays its own
        return value

    return unstructure


def _passing(default: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def unstructure(message: Any) -> Any:
        if isinstance(message.result, PlainAnswer | PlainObject):
            return {"id": message.id, "result": message.result, "jsonrpc": message.jsonrpc}
        return default(message)

    return unstructure
