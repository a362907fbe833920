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
from phh_lsp.settings import Settings, settings_from_options

if TYPE_CHECKING:
    from phh_lsp.core.analysis import Analysis
    from phh_lsp.core.text import Encoding

log = logging.getLogger("phh_lsp")
DEBOUNCE_SECONDS = 0.015
F = TypeVar("F", bound=Callable[..., Any])


class PhhLanguageServer(LanguageServer):
    """The server's state: settings, analyses and pending re-checks."""

    def __init__(self) -> None:
        super().__init__("phh-lsp", __version__)
        self.settings = Settings()
        self.documents = Documents()
        self.pending: dict[str, asyncio.Task[None]] = {}

    @property
    def encoding(self) -> Encoding:
        """The position encoding negotiated with the client."""
        from phh_lsp.features.convert import encoding_of

        return encoding_of(self.workspace.position_encoding)

    def analysis(self, uri: str) -> Analysis:
        """The analysis of the document as the client last sent it."""
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
        @functools.wraps(handler)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return handler(*args, **kwargs)
            except Exception:
                log.exception("%s failed", handler.__name__)
                return default

        return cast(F, wrapper)

    return decorate


async def _publish(ls: PhhLanguageServer, uri: str, delay: float) -> None:
    await asyncio.sleep(delay)
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

    from phh_lsp.features import completion, diagnostics, formatting, hover  # noqa: F401


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
    types.CompletionOptions(trigger_characters=[" ", '"', "p"], resolve_provider=False),
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


def serve() -> None:
    """Run the server over stdio until the client says exit."""
    logging.basicConfig(level=logging.WARNING, format="phh-lsp %(levelname)s: %(message)s")
    server.start_io()
