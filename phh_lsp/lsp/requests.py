"""The request handlers: one LSP method each, a few lines each.

Each handler takes the document's analysis from the server, calls one
plain function of :mod:`phh_lsp.lsp.features` and returns its answer. Feature
modules are imported inside the handlers: the server answers
``initialize`` before loading them (see ``lifecycle._warm_up``). Work that
may analyse every hand of a large ``.phhs`` file runs in a thread
(:func:`off_loop`), so hover and completion are answered meanwhile. A
handler that fails answers its empty result and logs: the server lives on.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from typing import Any, TypeVar, cast

from lsprotocol import types

from phh_lsp.lsp.documents import UnknownDocument
from phh_lsp.lsp.features.semantic_legend import LEGEND
from phh_lsp.lsp.handlers import Handlers
from phh_lsp.lsp.plain_answers import PlainAnswer, PlainJson, PlainObject
from phh_lsp.lsp.session import PhhLanguageServer

log = logging.getLogger("phh_lsp")
handlers = Handlers()

F = TypeVar("F", bound=Callable[..., Any])
R = TypeVar("R")


def guarded(default: Any) -> Callable[[F], F]:
    """Answer ``default`` instead of failing when a handler raises."""

    def decorate(handler: F) -> F:
        if asyncio.iscoroutinefunction(handler):

            @functools.wraps(handler)
            async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
                try:
                    return await handler(*args, **kwargs)
                except Exception as error:
                    return _fallback(handler.__name__, error, default)

            return cast(F, async_wrapper)

        @functools.wraps(handler)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return handler(*args, **kwargs)
            except Exception as error:
                return _fallback(handler.__name__, error, default)

        return cast(F, wrapper)

    return decorate


def _fallback(name: str, error: Exception, default: Any) -> Any:
    """Log a failed request (with its traceback, unless it only named an
    unopened document) and give the empty answer."""
    if isinstance(error, UnknownDocument):
        log.info("%s: %s is not open", name, error)
    else:
        log.exception("%s failed", name)
    return default


async def off_loop(function: Callable[..., R], *args: Any) -> R:
    """Run work that may analyse every hand of a document in a thread, so
    that hover and completion are answered meanwhile."""
    return await asyncio.get_running_loop().run_in_executor(None, functools.partial(function, *args))


@handlers.feature(types.TEXT_DOCUMENT_HOVER)
@guarded(None)
async def on_hover(ls: PhhLanguageServer, params: types.HoverParams) -> types.Hover | None:
    from phh_lsp.lsp.features import hover

    analysis, offset = ls.offset(params.text_document.uri, params.position)
    # off the loop: the hover may wait for its spot's equity (hover.STRENGTH_WAIT)
    return await off_loop(hover.hover, analysis, offset, ls.encoding)


@handlers.feature(
    types.TEXT_DOCUMENT_COMPLETION,
    types.CompletionOptions(trigger_characters=[" ", '"'], resolve_provider=False),
)
@guarded(None)
def on_completion(ls: PhhLanguageServer, params: types.CompletionParams) -> types.CompletionList | None:
    from phh_lsp.lsp.features import completion

    analysis, offset = ls.offset(params.text_document.uri, params.position)
    return completion.complete(analysis, offset, ls.encoding, completion.takes_snippets(ls.client_capabilities))


@handlers.feature(types.TEXT_DOCUMENT_FORMATTING)
@guarded(None)
async def on_formatting(ls: PhhLanguageServer, params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
    from phh_lsp.lsp.features import formatting

    uri = params.text_document.uri
    analysis, settings = ls.analysis(uri), ls.editor_settings.settings_for(uri)
    return await off_loop(formatting.format_document, analysis, settings, ls.encoding)


@handlers.feature(types.TEXT_DOCUMENT_RANGE_FORMATTING)
@guarded(None)
async def on_range_formatting(
    ls: PhhLanguageServer, params: types.DocumentRangeFormattingParams
) -> list[types.TextEdit] | None:
    from phh_lsp.lsp.features import formatting

    uri = params.text_document.uri
    analysis, settings = ls.analysis(uri), ls.editor_settings.settings_for(uri)
    return await off_loop(formatting.format_range, analysis, params.range, settings, ls.encoding)


@handlers.feature(types.TEXT_DOCUMENT_INLAY_HINT, types.InlayHintOptions(resolve_provider=False))
@guarded([])
async def on_inlay_hints(ls: PhhLanguageServer, params: types.InlayHintParams) -> list[types.InlayHint]:
    from phh_lsp.lsp.features import inlay_hints

    uri = params.text_document.uri
    analysis, settings = ls.analysis(uri), ls.editor_settings.settings_for(uri)
    return await off_loop(inlay_hints.inlay_hints, analysis, params.range, settings, ls.encoding)


@handlers.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)
@guarded(types.SemanticTokens(data=[]))
async def on_semantic_tokens(
    ls: PhhLanguageServer, params: types.SemanticTokensParams
) -> types.SemanticTokens | PlainObject:
    from phh_lsp.lsp.features import semantic_delta

    uri = params.text_document.uri
    return await off_loop(semantic_delta.full, uri, ls.analysis(uri), ls.encoding)


@handlers.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL_DELTA, LEGEND)
@guarded(types.SemanticTokensDelta(edits=[]))
async def on_semantic_tokens_delta(
    ls: PhhLanguageServer, params: types.SemanticTokensDeltaParams
) -> types.SemanticTokensDelta | PlainObject:
    from phh_lsp.lsp.features import semantic_delta

    uri = params.text_document.uri
    previous = params.previous_result_id
    return await off_loop(semantic_delta.delta, uri, ls.analysis(uri), previous, ls.encoding)


@handlers.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE, LEGEND)
@guarded(types.SemanticTokens(data=[]))
def on_semantic_tokens_range(ls: PhhLanguageServer, params: types.SemanticTokensRangeParams) -> types.SemanticTokens:
    from phh_lsp.lsp.features import semantic_tokens

    analysis = ls.analysis(params.text_document.uri)
    return semantic_tokens.semantic_tokens_range(analysis, params.range, ls.encoding)


@handlers.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
@guarded([])
async def on_symbols(
    ls: PhhLanguageServer, params: types.DocumentSymbolParams
) -> list[types.DocumentSymbol] | PlainJson:
    from phh_lsp.lsp.features import symbols

    return await off_loop(symbols.outline, ls.analysis(params.text_document.uri), ls.encoding)


@handlers.feature(types.TEXT_DOCUMENT_FOLDING_RANGE)
@guarded([])
async def on_folding(ls: PhhLanguageServer, params: types.FoldingRangeParams) -> list[types.FoldingRange] | PlainAnswer:
    from phh_lsp.lsp.features import symbols

    return await off_loop(symbols.folds, ls.analysis(params.text_document.uri))


@handlers.feature(types.TEXT_DOCUMENT_DEFINITION)
@guarded(None)
def on_definition(ls: PhhLanguageServer, params: types.DefinitionParams) -> types.Location | None:
    from phh_lsp.lsp.features import navigation

    analysis, offset = ls.offset(params.text_document.uri, params.position)
    return navigation.definition(analysis, offset, params.text_document.uri, ls.encoding)


@handlers.feature(types.TEXT_DOCUMENT_REFERENCES)
@guarded([])
def on_references(ls: PhhLanguageServer, params: types.ReferenceParams) -> list[types.Location]:
    from phh_lsp.lsp.features import navigation

    analysis, offset = ls.offset(params.text_document.uri, params.position)
    uri, declaration = params.text_document.uri, params.context.include_declaration
    return navigation.references(analysis, offset, uri, ls.encoding, declaration)


@handlers.feature(types.TEXT_DOCUMENT_DOCUMENT_HIGHLIGHT)
@guarded([])
def on_highlight(ls: PhhLanguageServer, params: types.DocumentHighlightParams) -> list[types.DocumentHighlight]:
    from phh_lsp.lsp.features import navigation

    analysis, offset = ls.offset(params.text_document.uri, params.position)
    return navigation.highlights(analysis, offset, ls.encoding)


@handlers.feature(
    types.TEXT_DOCUMENT_CODE_ACTION,
    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix, "source.fixAll.phh"]),
)
@guarded([])
async def on_code_action(ls: PhhLanguageServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    from phh_lsp.lsp.features import code_actions

    uri, context = params.text_document.uri, params.context
    analysis = ls.analysis(uri)
    return await off_loop(
        code_actions.code_actions, analysis, params.range, list(context.diagnostics), uri, ls.encoding, context.only
    )


@handlers.feature(types.TEXT_DOCUMENT_CODE_LENS, types.CodeLensOptions(resolve_provider=True))
@guarded([])
async def on_code_lens(ls: PhhLanguageServer, params: types.CodeLensParams) -> list[types.CodeLens]:
    from phh_lsp.lsp.features import code_lens

    uri = params.text_document.uri
    lenses = await off_loop(code_lens.code_lenses, ls.analysis(uri), ls.encoding)
    for lens in lenses:
        if isinstance(lens.data, dict):
            lens.data = {**lens.data, "uri": uri}  # codeLens/resolve carries no document
    return lenses


@handlers.feature(types.CODE_LENS_RESOLVE)
def on_code_lens_resolve(ls: PhhLanguageServer, lens: types.CodeLens) -> types.CodeLens:
    from phh_lsp.lsp.features import code_lens

    uri = (lens.data or {}).get("uri") if isinstance(lens.data, dict) else None
    if not isinstance(uri, str):
        return lens
    try:
        return code_lens.resolve_code_lens(ls.analysis(uri), lens)
    except Exception:
        log.exception("codeLens/resolve failed")
        return lens
