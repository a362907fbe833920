"""The language server: pygls wiring only.

Each handler gets the document's analysis from :class:`Documents` and
calls one plain function of :mod:`phh_lsp.features`. Diagnostics are
pushed (every client supports that, Neovim 0.7 included) a moment after
the last change, computed in a worker thread so that hover and
completion, which only analyse the hand under the cursor, never wait
behind a full re-check of a large ``.phhs`` file. No handler may take the
server down: failures are logged and answered with an empty result.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from phh_lsp import __version__
from phh_lsp.documents import Documents, Superseded
from phh_lsp.features.semantic_legend import LEGEND
from phh_lsp.settings import Settings, settings_from_options

if TYPE_CHECKING:
    from phh_lsp.core.analysis import Analysis
    from phh_lsp.core.text import Encoding

log = logging.getLogger("phh_lsp")
DEBOUNCE_SECONDS = 0.005
F = TypeVar("F", bound=Callable[..., Any])
R = TypeVar("R")


class UnknownDocument(LookupError):
    """A request named a document the client has not opened."""


class PhhLanguageServer(LanguageServer):
    """The server's state: settings, analyses and pending re-checks."""

    def __init__(self) -> None:
        super().__init__("phh-lsp", __version__)
        self.settings = Settings()
        self.documents = Documents()
        self.pending: dict[str, asyncio.Task[None]] = {}
        self.shut_down = False

    @property
    def encoding(self) -> Encoding:
        """The position encoding negotiated with the client."""
        from phh_lsp.features.convert import encoding_of

        return encoding_of(self.workspace.position_encoding)

    def analysis(self, uri: str) -> Analysis:
        """The analysis of the document as the client last sent it.

        Only documents the client opened: pygls would read any other URI
        from disk, and the server reads no file the client did not send.
        """
        if uri not in self.workspace.text_documents:
            raise UnknownDocument(uri)
        document = self.workspace.get_text_document(uri)
        return self.documents.analysis(uri, document.version, document.source)

    def offset(self, uri: str, position: types.Position) -> tuple[Analysis, int]:
        """The analysis and the offset of ``position`` in it."""
        from phh_lsp.features.convert import to_offset

        analysis = self.analysis(uri)
        return analysis, to_offset(analysis.lines, position, self.encoding)

    def apply_options(self, options: Any) -> None:
        """Take new settings; report invalid values once, keep defaults for them."""
        self.settings, problems = settings_from_options(options)
        logging.getLogger("phh_lsp").setLevel(self.settings.log_level.upper())
        for problem in problems:
            self.window_show_message(types.ShowMessageParams(types.MessageType.Warning, f"phh-lsp: {problem}"))


server = PhhLanguageServer()


def guarded(default: Any) -> Callable[[F], F]:
    """Answer ``default`` instead of failing when a handler raises."""

    def decorate(handler: F) -> F:
        if asyncio.iscoroutinefunction(handler):

            @functools.wraps(handler)
            async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
                try:
                    return await handler(*args, **kwargs)
                except UnknownDocument as error:
                    log.info("%s: %s is not open", handler.__name__, error)
                    return default
                except Exception:
                    log.exception("%s failed", handler.__name__)
                    return default

            return cast(F, async_wrapper)

        @functools.wraps(handler)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return handler(*args, **kwargs)
            except UnknownDocument as error:
                log.info("%s: %s is not open", handler.__name__, error)
                return default
            except Exception:
                log.exception("%s failed", handler.__name__)
                return default

        return cast(F, wrapper)

    return decorate


async def off_loop(function: Callable[..., R], *args: Any) -> R:
    """Run work that may analyse every hand of a document in a thread, so
    that hover and completion are answered meanwhile."""
    return await asyncio.get_running_loop().run_in_executor(None, functools.partial(function, *args))


async def _publish(ls: PhhLanguageServer, uri: str, delay: float) -> None:
    await asyncio.sleep(delay)
    if uri not in ls.workspace.text_documents:
        return
    document = ls.workspace.get_text_document(uri)
    version = document.version
    analysis = ls.documents.analysis(uri, version, document.source)
    from phh_lsp.features import diagnostics

    work = functools.partial(diagnostics.lsp_diagnostics, analysis, ls.settings, ls.encoding)
    try:
        items = await asyncio.get_running_loop().run_in_executor(None, work)
    except Superseded:
        return
    if ls.documents.is_current(uri, version):
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, items, version))


def schedule(ls: PhhLanguageServer, uri: str, delay: float = DEBOUNCE_SECONDS) -> None:
    """(Re)start the diagnostics of ``uri``; a newer change cancels the older."""
    previous = ls.pending.pop(uri, None)
    if previous is not None:
        previous.cancel()
    task = asyncio.ensure_future(_guarded_task(_publish(ls, uri, delay)))
    ls.pending[uri] = task


async def _guarded_task(work: Awaitable[None]) -> None:
    try:
        await work
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("diagnostics failed")


@server.feature(types.INITIALIZE)
def on_initialize(ls: PhhLanguageServer, params: types.InitializeParams) -> None:
    ls.apply_options(params.initialization_options)


@server.feature(types.INITIALIZED)
async def on_initialized(ls: PhhLanguageServer, params: types.InitializedParams) -> None:
    asyncio.get_running_loop().run_in_executor(None, _warm_up)
    await _pull_configuration(ls)


def _warm_up() -> None:
    """Import the core and PokerKit (half a second of table building) once
    ``initialize`` is answered, off the message loop: the server answers
    the client first and loads the rules engine while the editor opens
    the file."""
    import pokerkit  # noqa: F401

    from phh_lsp.features import (  # noqa: F401
        code_actions,
        code_lens,
        completion,
        diagnostics,
        formatting,
        hover,
        inlay_hints,
        navigation,
        semantic_tokens,
        symbols,
    )


async def _pull_configuration(ls: PhhLanguageServer) -> None:
    workspace = ls.client_capabilities.workspace
    if workspace is None or not workspace.configuration:
        return
    try:
        items = await ls.workspace_configuration_async(
            types.ConfigurationParams([types.ConfigurationItem(section="phh")])
        )
    except Exception:
        log.exception("workspace/configuration failed")
        return
    if items and items[0] is not None:
        ls.apply_options(items[0])
        for uri in list(ls.workspace.text_documents):
            schedule(ls, uri, 0)


@server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
async def on_configuration(ls: PhhLanguageServer, params: types.DidChangeConfigurationParams) -> None:
    settings = params.settings
    if isinstance(settings, dict) and isinstance(settings.get("phh"), dict):
        ls.apply_options(settings["phh"])
        for uri in list(ls.workspace.text_documents):
            schedule(ls, uri, 0)
    else:
        await _pull_configuration(ls)


@server.feature(types.SHUTDOWN)
def on_shutdown(ls: PhhLanguageServer, params: None) -> None:
    _stop_work(ls)
    ls.shut_down = True


@server.feature(types.EXIT)
def on_exit(ls: PhhLanguageServer, params: None) -> None:
    _stop_work(ls)


def _stop_work(ls: PhhLanguageServer) -> None:
    """No re-check may keep the process alive once the client says stop."""
    ls.documents.close_all()
    for task in ls.pending.values():
        task.cancel()
    ls.pending.clear()


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def on_open(ls: PhhLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
    schedule(ls, params.text_document.uri, 0)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def on_change(ls: PhhLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
    schedule(ls, params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def on_close(ls: PhhLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    task = ls.pending.pop(uri, None)
    if task is not None:
        task.cancel()
    ls.documents.forget(uri)
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, []))


@server.feature(types.TEXT_DOCUMENT_HOVER)
@guarded(None)
def on_hover(ls: PhhLanguageServer, params: types.HoverParams) -> types.Hover | None:
    from phh_lsp.features import hover

    analysis, offset = ls.offset(params.text_document.uri, params.position)
    return hover.hover(analysis, offset, ls.encoding)


@server.feature(
    types.TEXT_DOCUMENT_COMPLETION,
    types.CompletionOptions(trigger_characters=[" ", '"'], resolve_provider=False),
)
@guarded(None)
def on_completion(ls: PhhLanguageServer, params: types.CompletionParams) -> types.CompletionList | None:
    from phh_lsp.features import completion

    analysis, offset = ls.offset(params.text_document.uri, params.position)
    return completion.complete(analysis, offset, ls.encoding)


@server.feature(types.TEXT_DOCUMENT_FORMATTING)
@guarded(None)
def on_formatting(ls: PhhLanguageServer, params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
    from phh_lsp.features import formatting

    analysis = ls.analysis(params.text_document.uri)
    return formatting.format_document(analysis, ls.settings, ls.encoding)


@server.feature(types.TEXT_DOCUMENT_RANGE_FORMATTING)
@guarded(None)
def on_range_formatting(
    ls: PhhLanguageServer, params: types.DocumentRangeFormattingParams
) -> list[types.TextEdit] | None:
    from phh_lsp.features import formatting

    analysis = ls.analysis(params.text_document.uri)
    return formatting.format_range(analysis, params.range, ls.settings, ls.encoding)


@server.feature(types.TEXT_DOCUMENT_INLAY_HINT, types.InlayHintOptions(resolve_provider=False))
@guarded([])
def on_inlay_hints(ls: PhhLanguageServer, params: types.InlayHintParams) -> list[types.InlayHint]:
    from phh_lsp.features import inlay_hints

    analysis = ls.analysis(params.text_document.uri)
    return inlay_hints.inlay_hints(analysis, params.range, ls.settings, ls.encoding)


@server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)
@guarded(types.SemanticTokens(data=[]))
async def on_semantic_tokens(ls: PhhLanguageServer, params: types.SemanticTokensParams) -> types.SemanticTokens:
    from phh_lsp.features import semantic_tokens

    return await off_loop(semantic_tokens.semantic_tokens, ls.analysis(params.text_document.uri), ls.encoding)


@server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE, LEGEND)
@guarded(types.SemanticTokens(data=[]))
def on_semantic_tokens_range(ls: PhhLanguageServer, params: types.SemanticTokensRangeParams) -> types.SemanticTokens:
    from phh_lsp.features import semantic_tokens

    analysis = ls.analysis(params.text_document.uri)
    return semantic_tokens.semantic_tokens_range(analysis, params.range, ls.encoding)


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
@guarded([])
async def on_symbols(ls: PhhLanguageServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
    from phh_lsp.features import symbols

    return await off_loop(symbols.document_symbols, ls.analysis(params.text_document.uri), ls.encoding)


@server.feature(types.TEXT_DOCUMENT_FOLDING_RANGE)
@guarded([])
async def on_folding(ls: PhhLanguageServer, params: types.FoldingRangeParams) -> list[types.FoldingRange]:
    from phh_lsp.features import symbols

    return await off_loop(symbols.folding_ranges, ls.analysis(params.text_document.uri))


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
@guarded(None)
def on_definition(ls: PhhLanguageServer, params: types.DefinitionParams) -> types.Location | None:
    from phh_lsp.features import navigation

    analysis, offset = ls.offset(params.text_document.uri, params.position)
    return navigation.definition(analysis, offset, params.text_document.uri, ls.encoding)


@server.feature(types.TEXT_DOCUMENT_REFERENCES)
@guarded([])
def on_references(ls: PhhLanguageServer, params: types.ReferenceParams) -> list[types.Location]:
    from phh_lsp.features import navigation

    analysis, offset = ls.offset(params.text_document.uri, params.position)
    uri, declaration = params.text_document.uri, params.context.include_declaration
    return navigation.references(analysis, offset, uri, ls.encoding, declaration)


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_HIGHLIGHT)
@guarded([])
def on_highlight(ls: PhhLanguageServer, params: types.DocumentHighlightParams) -> list[types.DocumentHighlight]:
    from phh_lsp.features import navigation

    analysis, offset = ls.offset(params.text_document.uri, params.position)
    return navigation.highlights(analysis, offset, ls.encoding)


@server.feature(
    types.TEXT_DOCUMENT_CODE_ACTION,
    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix, "source.fixAll.phh"]),
)
@guarded([])
async def on_code_action(ls: PhhLanguageServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    from phh_lsp.features import code_actions

    uri, context = params.text_document.uri, params.context
    analysis = ls.analysis(uri)
    return await off_loop(
        code_actions.code_actions, analysis, params.range, list(context.diagnostics), uri, ls.encoding, context.only
    )


@server.feature(types.TEXT_DOCUMENT_CODE_LENS, types.CodeLensOptions(resolve_provider=True))
@guarded([])
def on_code_lens(ls: PhhLanguageServer, params: types.CodeLensParams) -> list[types.CodeLens]:
    from phh_lsp.features import code_lens

    uri = params.text_document.uri
    lenses = code_lens.code_lenses(ls.analysis(uri), ls.encoding)
    for lens in lenses:
        if isinstance(lens.data, dict):
            lens.data = {**lens.data, "uri": uri}  # codeLens/resolve carries no document
    return lenses


@server.feature(types.CODE_LENS_RESOLVE)
def on_code_lens_resolve(ls: PhhLanguageServer, lens: types.CodeLens) -> types.CodeLens:
    from phh_lsp.features import code_lens

    uri = (lens.data or {}).get("uri") if isinstance(lens.data, dict) else None
    if not isinstance(uri, str):
        return lens
    try:
        return code_lens.resolve_code_lens(ls.analysis(uri), lens)
    except Exception:
        log.exception("codeLens/resolve failed")
        return lens


@server.command("phh.noop")
def on_noop(ls: PhhLanguageServer, *args: Any) -> None:
    """The command of the summary lenses: clicking one does nothing."""


def serve() -> int:
    """Run the server over stdio until the client says exit.

    The exit code is 0 after a ``shutdown`` request and 1 without one, as
    the LSP asks (pygls tries, but its exit runs where asyncio swallows it).
    """
    logging.basicConfig(level=logging.WARNING, format="phh-lsp %(levelname)s: %(message)s")
    server.start_io()
    return 0 if server.shut_down else 1
