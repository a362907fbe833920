"""Answers already in their JSON shape, let through pygls's converter as they are.

pygls turns a handler's answer into JSON in two steps: cattrs converts the
lsprotocol objects into dicts and lists (``unstructure``), then ``json``
writes them. For a 50,000-hand outline the first step alone took 1.5-2.2 s
(and as plain dicts it is slower still: cattrs copies them, and a typed
list of ``FoldingRange`` refuses them). An answer made as a
:class:`PlainAnswer` (a list) or :class:`PlainObject` (a dict) is sent
as it is: its maker keeps each hand's part in its JSON shape and reuses it
(see :mod:`phh_lsp.lsp.features.hand_outline` and
:mod:`phh_lsp.lsp.features.semantic_tokens`).
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


def converter() -> cattrs.Converter:
    """pygls's converter, with plain answers let through (the server's ``converter_factory``)."""
    made: cattrs.Converter = default_converter()  # type: ignore[no-untyped-call]
    for response in RESPONSES:
        made.register_unstructure_hook(response, _passing(made.get_unstructure_hook(response)))
    return made


def _passing(default: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def unstructure(message: Any) -> Any:
        if isinstance(message.result, PlainAnswer | PlainObject):
            return {"id": message.id, "result": message.result, "jsonrpc": message.jsonrpc}
        return default(message)

    return unstructure
