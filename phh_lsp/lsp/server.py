"""The language server: its state, its lifecycle, documents and diagnostics.

pygls wiring only. This module owns the session (settings, the analyses
of open documents, shutdown) and the diagnostics, given the way the
client takes them: pulled (``textDocument/diagnostic``) by a client that
says it can (VS Code, Neovim 0.10+), where the client decides when to ask
(the visible documents, after each change) and an unchanged result costs
one result id; pushed (``publishDiagnostics``, which every client takes,
Neovim 0.7 included) a moment after the last change otherwise. Either
way they are computed in a worker thread, so that hover and completion,
which only analyse the hand under the cursor, never wait behind a full
re-check of a large ``.phhs`` file. The request handlers are in
:mod:`phh_lsp.lsp.requests`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
from collections.abc import Awaitable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from phh_lsp import __version__
from phh_lsp.lsp.documents import Documents, Superseded
from phh_lsp.lsp.idle_collection import NEVER, IdleCollector

if TYPE_CHECKING:
    from pygls.workspace import TextDocument

    from phh_lsp.config_files import ConfigFinder
    from phh_lsp.core.analysis import Analysis
    from phh_lsp.core.text import Encoding
    from phh_lsp.lsp.edited_document import EditedDocument
    from phh_lsp.settings import Settings

log = logging.getLogger("phh_lsp")
#: What a document's diagnostics are made from: its version and the settings' generation.
Made = tuple[int | None, int]
DEBOUNCE_SECONDS = 0.005
#: How long a first check waits for the editor's settings to arrive.
CONFIGURATION_WAIT_SECONDS = 2.0
#: A file of more hands shows the diagnostics of this many first, before its first whole check.
FIRST_HANDS = 50


class UnknownDocument(LookupError):
    """A request named a document the client has not opened."""


class PhhLanguageServer(LanguageServer):
    """The server's state: settings, analyses and pending re-checks."""

    def __init__(self) -> None:
        super().__init__("phh-lsp", __version__)
        # The settings (and the code table they rest on) are first needed after
        # `initialize` is answered: built then (see the properties below).
        self._settings: Settings | None = None
        self._scoped: dict[str, ConfigFinder] | None = None
        #: What ``initialize`` carried, applied at ``initialized``.
        self.initialization_options: Any = None
        #: The editor's ``phh`` options as last known: the window's, and per workspace folder.
        self.window_options: Any = None
        self.folder_options: dict[str, Any] = {}
        self._applied_folders: dict[str, Any] = {}
        self._told: set[str] = set()
        self.documents = Documents()
        self.pending: dict[str, asyncio.Task[None]] = {}
        #: The diagnostics being computed per document, and for which version and settings.
        self.diagnosing: dict[str, tuple[Made, asyncio.Future[list[types.Diagnostic]]]] = {}
        #: Documents whose diagnostics were published once (their first check is done).
        self.checked: set[str] = set()
        #: Set once the editor's settings were asked for after ``initialized``.
        self.configured = asyncio.Event()
        #: Counts the changes of settings: part of every diagnostic result id.
        self.settings_generation = 0
        self.shut_down = False
        #: Full garbage collections when nothing is under way (see idle_collection).
        self.collector = IdleCollector(self._quiet)

    def _quiet(self) -> bool:
        """Whether no document is being checked."""
        return not self.diagnosing and all(task.done() for task in self.pending.values())

    @property
    def settings(self) -> Settings:
        """The editor's settings alone (what no file can set: the log level)."""
        if self._settings is None:
            from phh_lsp.settings import Settings

            self._settings = Settings()
        return self._settings

    @property
    def scoped(self) -> dict[str, ConfigFinder]:
        """The editor's ``phh`` options per workspace folder URI ("" for the
        window's), each laid over the configuration files of that folder."""
        if self._scoped is None:
            from phh_lsp.config_files import ConfigFinder

            self._scoped = {"": ConfigFinder()}
        return self._scoped

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
        return self.documents.analysis(uri, document.version, document.source, _edits_of(document))

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

    def apply_options(self, options: Any, folders: Mapping[str, Any] | None = None) -> bool:
        """Take new settings: the window's, and each workspace folder's when
        the client gives them (None: keep the folders' last known); report
        each invalid value once, keep the defaults for them. Whether they
        differ from the settings before.

        Configuration files are read again too (a changed ``pyproject.toml``
        takes effect with the next settings change, or a restart)."""
        if folders is not None:
            self.folder_options = dict(folders)
        changed = (options, self.folder_options) != (self.window_options, self._applied_folders)
        if changed:
            self._told.clear()
        self.settings_generation += 1  # configuration files are read again below
        self.window_options, self._applied_folders = options, dict(self.folder_options)
        from phh_lsp.config_files import ConfigFinder
        from phh_lsp.settings import settings_from_options

        self._settings, problems = settings_from_options(options)
        self._tell(problems)
        self._scoped = {"": ConfigFinder(over=options if isinstance(options, Mapping) else {})}
        for folder, scoped in self.folder_options.items():
            _, problems = settings_from_options(scoped)
            self._tell(problems)
            self._scoped[folder.rstrip("/") + "/"] = ConfigFinder(over=scoped if isinstance(scoped, Mapping) else {})
        logging.getLogger("phh_lsp").setLevel(self.settings.log_level.upper())
        return changed

    def settings_for(self, uri: str) -> Settings:
        """The settings of one document: its workspace folder's editor
        settings (VS Code's multi-root workspaces differ per folder) laid
        over the nearest configuration file above it (``[tool.phh-lsp]``,
        ``phh-lsp.toml``), the same file ``phh-lsp check`` reads."""
        folder = max((scope for scope in self.scoped if uri.startswith(scope)), key=len)
        path = to_fs_path(uri) if uri.startswith("file:") else None
        configs = self.scoped[folder]
        settings = configs.settings(Path(path) if path else None)
        self._tell(configs.problems)
        return settings

    def _tell(self, problems: list[str]) -> None:
        """Show each problem with the settings once, as a warning."""
        for problem in problems:
            if problem not in self._told:
                self._told.add(problem)
                self.window_show_message(types.ShowMessageParams(types.MessageType.Warning, f"phh-lsp: {problem}"))


server = PhhLanguageServer()


async def _diagnose(
    ls: PhhLanguageServer, uri: str, publish_first_hands: bool = False
) -> tuple[Made, list[types.Diagnostic]] | None:
    """The diagnostics of the document as the client last sent it, and
    what they were made from; None when it is closed, or changed before
    they were done (a newer check is then under way). ``publish_first_hands``:
    a client diagnostics are pushed to is sent those of a large file's first
    hands before the whole file's (see _compute)."""
    await _settings_settled(ls)
    document = ls.open_document(uri)
    if document is None:
        return None
    version = document.version
    key = (version, ls.settings_generation)
    running = ls.diagnosing.get(uri)
    if running is None or running[0] != key:
        # one computation per version and settings: a client that asks twice
        # while a 1,000-hand file is first checked waits for the one under way
        running = key, asyncio.ensure_future(_compute(ls, uri, version, document.source, publish_first_hands))
        running[1].add_done_callback(_retrieved)  # an outcome nobody waits for any more is no error
        ls.diagnosing[uri] = running
    try:
        # shielded: a request cancelled by the client leaves the work to the next one
        items = await asyncio.shield(running[1])
    except Superseded:
        return None
    finally:
        if ls.diagnosing.get(uri) is running and running[1].done():
            del ls.diagnosing[uri]
    if not ls.documents.is_current(uri, version):
        return None
    ls.checked.add(uri)
    return key, items


async def _settings_settled(ls: PhhLanguageServer) -> None:
    """Wait (a little) for the editor's settings, asked for after ``initialized``:
    a document opened as the session starts waits for its folder's settings
    (a VS Code multi-root workspace), so that no diagnostic flashes at the
    default severity."""
    if not ls.configured.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ls.configured.wait(), CONFIGURATION_WAIT_SECONDS)


def _edits_of(document: TextDocument | None) -> EditedDocument | None:
    """The document, when it remembers what changed since a version."""
    from phh_lsp.lsp.edited_document import EditedDocument

    return document if isinstance(document, EditedDocument) else None


def _retrieved(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


async def _compute(
    ls: PhhLanguageServer, uri: str, version: int | None, text: str, publish_first_hands: bool = False
) -> list[types.Diagnostic]:
    """Check the document in a worker thread (with progress shown the first
    time, when it has many hands); Superseded if it changes meanwhile.

    Before the first check of a large file, ``publish_first_hands`` sends
    the diagnostics of its first hands, where the editor opens it: what is
    wrong at the top shows in a fraction of the time the whole check takes
    (within its progress, so a client can tell they are not all); the whole
    file's diagnostics follow and replace them."""
    analysis = ls.documents.analysis(uri, version, text, _edits_of(ls.open_document(uri)))
    from phh_lsp.lsp.features import diagnostics

    work = functools.partial(diagnostics.lsp_diagnostics, analysis, ls.settings_for(uri), ls.encoding)
    # only the first check of a document can take long: later ones re-analyse the edited hand
    first = uri not in ls.checked
    token = await _progress_for(ls, uri, len(analysis.pieces) - analysis.analysed_count) if first else None
    loop = asyncio.get_running_loop()
    try:
        if first and publish_first_hands and len(analysis.pieces) > FIRST_HANDS and analysis.independent:
            early = functools.partial(work, FIRST_HANDS)
            items = await loop.run_in_executor(None, early)
            if ls.documents.is_current(uri, version):
                ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, items, version))
        items = await loop.run_in_executor(None, work)
    finally:
        # once the client has said shutdown or exit nothing more is sent: on
        # exit this runs as the task is cancelled, with the output closed
        if token is not None and not ls.documents.closing:
            ls.work_done_progress.end(token, types.WorkDoneProgressEnd())
    if first:
        # who is ahead at each action of a small document, computed before the first hover
        # asks (once: after an edit, the hover of the hand starts what it needs)
        from phh_lsp.features.strength import prefetch_document

        loop.run_in_executor(None, prefetch_document, analysis)
    return items


async def _publish(ls: PhhLanguageServer, uri: str, delay: float) -> None:
    await asyncio.sleep(delay)
    found = await _diagnose(ls, uri, publish_first_hands=True)
    if found is not None:
        (version, _), items = found
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, items, version))
    ls.collector.busy(asyncio.get_running_loop())


@server.feature(
    types.TEXT_DOCUMENT_DIAGNOSTIC,
    types.DiagnosticOptions(identifier="phh", inter_file_dependencies=False, workspace_diagnostics=False),
)
async def on_pull(ls: PhhLanguageServer, params: types.DocumentDiagnosticParams) -> types.DocumentDiagnosticReport:
    """Diagnostics for a client that asks for them. The result id names
    the version and the settings they were made with: asked again with
    nothing changed, the answer is "unchanged" and the client keeps what
    it shows (VS Code asks again when a tab comes back into view). A
    document that changes while it is checked is checked again, so the
    answer is always of the latest text."""
    uri = params.text_document.uri
    while (document := ls.open_document(uri)) is not None and not ls.documents.closing:
        if params.previous_result_id == _result_id((document.version, ls.settings_generation)) and uri in ls.checked:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=params.previous_result_id)
        found = await _diagnose(ls, uri)
        if found is not None:
            made, items = found
            return types.RelatedFullDocumentDiagnosticReport(items=items, result_id=_result_id(made))
    # not opened, closed meanwhile, or the server is stopping: nothing to show
    # (pygls would read an unknown file from disk)
    return types.RelatedFullDocumentDiagnosticReport(items=[])


def _result_id(made: Made) -> str:
    """A pulled result's id: what it was made from."""
    version, generation = made
    return f"{version}.{generation}"


def _diagnostics_changed(ls: PhhLanguageServer) -> None:
    """The settings changed: every open document's diagnostics may differ.
    A pulling client is told to ask again (if it can be told); a pushed
    one is sent them again."""
    if ls.pulls_diagnostics:
        workspace = ls.client_capabilities.workspace
        if workspace is not None and workspace.diagnostics is not None and workspace.diagnostics.refresh_support:
            ls.workspace_diagnostic_refresh(None)
        return
    for document in list(ls.workspace.text_documents.values()):
        schedule(ls, document.uri, 0)


#: A check of more hands than this shows its progress in the editor.
PROGRESS_FROM_HANDS = 200
_PROGRESS_TOKENS = itertools.count(1)


async def _progress_for(ls: PhhLanguageServer, uri: str, hands: int) -> str | None:
    """Start a progress report ("Checking 991 hands") when a check has many
    hands to analyse and the client shows server-initiated progress; the
    token, or None. Reports come from the worker thread as hands are done."""
    window = ls.client_capabilities.window
    if hands < PROGRESS_FROM_HANDS or window is None or not window.work_done_progress:
        return None
    token = f"phh-check-{next(_PROGRESS_TOKENS)}"
    try:
        # shielded: a keystroke cancels this task, and the client's answer to
        # a cancelled request would arrive at a future that is gone
        await asyncio.shield(ls.work_done_progress.create_async(token))
    except Exception:
        log.exception("window/workDoneProgress/create failed")
        return None
    name = uri.rsplit("/", 1)[-1]
    ls.work_done_progress.begin(
        token, types.WorkDoneProgressBegin(title=f"Checking {hands:,} hands", message=name, percentage=0)
    )
    loop = asyncio.get_running_loop()

    def report(done: int, total: int) -> None:
        value = types.WorkDoneProgressReport(message=f"{done:,} of {total:,} hands", percentage=done * 100 // total)
        loop.call_soon_threadsafe(ls.work_done_progress.report, token, value)

    ls.documents.watch(uri, report)
    return token


def schedule(ls: PhhLanguageServer, uri: str, delay: float = DEBOUNCE_SECONDS) -> None:
    """(Re)start the pushed diagnostics of ``uri``; a newer change cancels
    the older. Nothing for a client that pulls them: it asks after a change."""
    if ls.pulls_diagnostics:
        return
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
    from phh_lsp.lsp.edited_document import use_edited_documents

    use_edited_documents(ls.workspace)
    ls.initialization_options = params.initialization_options


@server.feature(types.INITIALIZED)
async def on_initialized(ls: PhhLanguageServer, params: types.InitializedParams) -> None:
    # the options are read once `initialize` is answered: the settings' code
    # table is no part of the start-up an editor waits for
    ls.apply_options(ls.initialization_options)
    loop = asyncio.get_running_loop()
    loop.run_in_executor(None, _warm_up)
    _refresh_hints_when_strength_is_ready(ls, loop)
    try:
        await _pull_configuration(ls)
    finally:
        ls.configured.set()


#: Equities computed in the background reach the inlay hints at most this often.
HINT_REFRESH_SECONDS = 0.3


def _refresh_hints_when_strength_is_ready(ls: PhhLanguageServer, loop: asyncio.AbstractEventLoop) -> None:
    """An all-in's equity is computed in the background (see
    features/strength.py): once ready, the editor is asked to fetch its
    inlay hints again, if it can be asked."""
    workspace = ls.client_capabilities.workspace
    if workspace is None or workspace.inlay_hint is None or not workspace.inlay_hint.refresh_support:
        return
    from phh_lsp.features.strength import when_computed

    pending: list[asyncio.TimerHandle] = []

    def refresh() -> None:
        pending.clear()
        if not ls.shut_down:
            ls.workspace_inlay_hint_refresh(None)

    def ready() -> None:  # on the loop: one refresh for a burst of spots
        if not pending:
            pending.append(loop.call_later(HINT_REFRESH_SECONDS, refresh))

    def computed() -> None:  # in the worker thread
        if not loop.is_closed():
            loop.call_soon_threadsafe(ready)

    when_computed(computed)


def _warm_up() -> None:
    """Import the core and PokerKit once ``initialize`` is answered, off the
    message loop: the server answers the client first and loads the rules
    engine while the editor opens the file. (PokerKit's hand tables are
    built later, when a showdown first needs one: see
    core/engine/pokerkit_tables.py.)

    Then what was built (modules, compiled patterns: objects that live as
    long as the server) is frozen out of the garbage collector's sight, and young objects are collected less often, as
    ``phh-lsp check`` does: the first check of a 1,000-hand file was a
    second slower with every full collection walking those tables. Full
    collections are left to the idle collector (``ls.collector``): none
    lands in the middle of a keystroke's re-check.
    """
    import gc

    import pokerkit  # noqa: F401

    from phh_lsp.lsp.features import (  # noqa: F401
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

    gc.freeze()
    gc.set_threshold(10_000, 20, NEVER)


async def _pull_configuration(ls: PhhLanguageServer, pushed: Any = None) -> bool:
    """Ask the client for the ``phh`` settings, the window's and each
    workspace folder's; False when it cannot be asked. ``pushed``: what a
    ``didChangeConfiguration`` carried, for a client that answers nothing."""
    workspace = ls.client_capabilities.workspace
    if workspace is None or not workspace.configuration:
        return False
    folders = [folder.uri for folder in ls.workspace.folders.values()]
    items = [types.ConfigurationItem(section="phh")]
    items += [types.ConfigurationItem(scope_uri=folder, section="phh") for folder in folders]
    try:
        answers = await ls.workspace_configuration_async(types.ConfigurationParams(items))
    except Exception:
        log.exception("workspace/configuration failed")
        return True
    if answers:
        scoped = dict(zip(folders, answers[1:], strict=False))
        # a client that answers nothing for the window keeps what it pushed, or what was known
        window = answers[0] if answers[0] is not None else pushed if pushed is not None else ls.window_options
        if ls.apply_options(window, {folder: value for folder, value in scoped.items() if value is not None}):
            _diagnostics_changed(ls)  # checked again only if it matters
    return True


@server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
async def on_configuration(ls: PhhLanguageServer, params: types.DidChangeConfigurationParams) -> None:
    """Settings changed: take what the notification carries at once, then
    ask for each workspace folder's (VS Code's multi-root workspaces); with
    nothing carried, ask for all of them."""
    settings = params.settings
    pushed = settings.get("phh") if isinstance(settings, dict) else None
    if not isinstance(pushed, dict):
        await _pull_configuration(ls)
        return
    ls.apply_options(pushed)
    _diagnostics_changed(ls)
    if ls.workspace.folders:  # each folder's own settings, which a push does not carry
        await _pull_configuration(ls, pushed)


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
    from phh_lsp.features.strength import drop_pending

    drop_pending()
    for task in ls.pending.values():
        task.cancel()
    ls.pending.clear()


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def on_open(ls: PhhLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
    schedule(ls, params.text_document.uri, 0)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def on_change(ls: PhhLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.documents.changed(params.text_document.uri, params.text_document.version)
    schedule(ls, params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def on_close(ls: PhhLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    task = ls.pending.pop(uri, None)
    if task is not None:
        task.cancel()
    ls.documents.forget(uri)
    ls.diagnosing.pop(uri, None)
    ls.checked.discard(uri)
    if not ls.pulls_diagnostics:  # a pulling client forgets a closed document's by itself
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, []))


def serve() -> int:
    """Run the server over stdio until the client says exit.

    The exit code is 0 after a ``shutdown`` request and 1 without one, as
    the LSP asks (pygls tries, but its exit runs where asyncio swallows it).
    """
    logging.basicConfig(level=logging.WARNING, format="phh-lsp %(levelname)s: %(message)s")
    import phh_lsp.lsp.requests  # noqa: F401 - registers the request handlers on `server`

    server.start_io()
    return 0 if server.shut_down else 1
