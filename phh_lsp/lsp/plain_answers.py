"""Answers already in their JSON shape, let through pygls's converter as they are.

pygls turns a handler's answer into JSON in two steps: cattrs converts the
lsprotocol objects into dicts and lists (``unstructure``), then ``json``
writes them. For a 50,000-hand outline the first step alone took 1.5-2.2 s
(and as plain dicts it is slower still: cattrs copies them, and a typed
list of ``FoldingRange`` refuses them). An answer made as a
:class:`PlainAnswer` (a list) or :class:`PlainObject` (a dict) is sent
as it is: its maker keeps each hand's part in its JSON shape and reuses it
(see :mod:`phh_lsp.lsp.features.semantic_tokens`); one made as
:class:`PlainJson` is already written, each hand's part kept as JSON text
(a large outline, :mod:`phh_lsp.lsp.features.hand_outline`: making and
writing 50,000 dicts took 1-2 s), and :class:`PlainProtocol` puts it into
the response as it is. A diagnostic, published again
at each keystroke with the others of the file, is shaped once; and a publish of
:class:`PublishedDiagnostics` (the server's, hand by hand) is written by
:class:`PlainProtocol` from the JSON its maker kept of each hand's
diagnostics, byte for byte what pygls would write, without converting or
writing again those of the hands a keystroke did not touch.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
from collections.abc import Callable
from typing import Any

import attrs
import cattrs
from lsprotocol import types
from pygls.exceptions import JsonRpcInternalError
from pygls.protocol import LanguageServerProtocol, default_converter

log = logging.getLogger("phh_lsp")


class PlainAnswer(list[Any]):
    """A list answer already in its JSON shape (camelCase keys, numbers for enums)."""


class PlainObject(dict[str, Any]):
    """An object answer already in its JSON shape."""


class PlainJson(str):
    """An answer already written as JSON (a large outline: its hands' JSON
    joined), put into the response as it is by :class:`PlainProtocol`."""


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
        if isinstance(message.result, PlainJson):  # written by PlainProtocol as it is; read back for any other writer
            return {"id": message.id, "result": json.loads(message.result), "jsonrpc": message.jsonrpc}
        return default(message)

    return unstructure


class PublishedDiagnostics(list[types.Diagnostic]):
    """A document's diagnostics with the JSON of the array's items already
    written (``json``: what pygls's converter and ``json.dumps`` make of
    them, without the brackets), kept hand by hand by their maker
    (:func:`phh_lsp.lsp.features.diagnostics.lsp_diagnostics`)."""

    def __init__(self, items: list[types.Diagnostic], json_items: str) -> None:
        super().__init__(items)
        self.json = json_items


_WRITER = default_converter()  # type: ignore[no-untyped-call]
_WRITER.register_unstructure_hook(types.Diagnostic, _shaped_once(_WRITER.get_unstructure_hook(types.Diagnostic)))


#: Each diagnostic's JSON, by the object (kept alive with it, so that its id stays its own).
_WRITTEN: dict[int, tuple[types.Diagnostic, str]] = {}


def diagnostics_json(items: list[types.Diagnostic]) -> str:
    """The JSON of ``items`` as the items of an array, written as pygls writes a
    publish (its converter, then ``json.dumps`` with its separators); each
    diagnostic written once (the features' are the same objects from one
    version to the next: a document's diagnostics made afresh after lines were
    added are mostly written already)."""
    written = []
    for item in items:
        kept = _WRITTEN.get(id(item))
        if kept is None or kept[0] is not item:
            if len(_WRITTEN) >= SHAPED_BOUND:
                _WRITTEN.clear()
            kept = _WRITTEN[id(item)] = (item, json.dumps(_WRITER.unstructure(item, types.Diagnostic)))
        written.append(kept[1])
    return ", ".join(written)


#: The writes under way (an asynchronous writer's), held until done.
_WRITING: set[asyncio.Future[Any]] = set()


class PlainProtocol(LanguageServerProtocol):
    """pygls's protocol, writing a publish of :class:`PublishedDiagnostics`
    and a :class:`PlainJson` answer from the JSON already written (the
    server's ``protocol_cls``); every other message as pygls writes it."""

    def _send_data(self, data: Any) -> None:
        if isinstance(data, types.PublishDiagnosticsNotification) and isinstance(
            data.params.diagnostics, PublishedDiagnostics
        ):
            writes: Callable[[cattrs.Converter, Any], str] | None = published_body
        elif isinstance(getattr(data, "result", None), PlainJson):
            writes = answer_body
        else:
            writes = None
        if writes is None or self.writer is None:
            super()._send_data(data)
            return
        try:
            body = writes(self._converter, data).encode(self.CHARSET)
            if self._include_headers:
                header = (
                    f"Content-Length: {len(body)}\r\nContent-Type: {self.CONTENT_TYPE}; charset={self.CHARSET}\r\n\r\n"
                )
                body = header.encode(self.CHARSET) + body
            written = self.writer.write(body)
            if inspect.isawaitable(written):
                task = asyncio.ensure_future(written)
                _WRITING.add(task)
                task.add_done_callback(_WRITING.discard)
        except BrokenPipeError:
            log.exception("Error sending data. BrokenPipeError")
            raise
        except Exception as error:  # as pygls's own _send_data
            log.exception("Error sending data")
            self._server._report_server_error(error, JsonRpcInternalError)


def published_body(converter: cattrs.Converter, notification: types.PublishDiagnosticsNotification) -> str:
    """The JSON of a publish of :class:`PublishedDiagnostics`: the message
    written by pygls's converter around an empty array, then the items'
    JSON put in it (the array is the only ``"diagnostics": []`` outside a
    string, where its quotes would be escaped)."""
    items = notification.params.diagnostics
    assert isinstance(items, PublishedDiagnostics)
    empty = attrs.evolve(notification, params=attrs.evolve(notification.params, diagnostics=[]))
    shell = json.dumps(converter.unstructure(empty))
    return shell.replace('"diagnostics": []', f'"diagnostics": [{items.json}]', 1)


def answer_body(converter: cattrs.Converter, response: Any) -> str:
    """The JSON of a response whose answer is :class:`PlainJson`, keyed as
    the converter writes a plain answer's (see ``_passing``)."""
    return (
        f'{{"id": {json.dumps(response.id)}, "result": {response.result}, "jsonrpc": {json.dumps(response.jsonrpc)}}}'
    )
