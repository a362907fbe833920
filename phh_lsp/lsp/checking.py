"""When open documents are checked, and how their diagnostics reach the client.

The diagnostics go the way the client takes them: pulled
(``textDocument/diagnostic``) by a client that says it can (VS Code,
Neovim 0.10+), where the client decides when to ask (the visible
documents, after each change) and an unchanged result costs one result
id; pushed (``publishDiagnostics``, which every client takes, Neovim 0.7
included) a moment after the last change otherwise. Either way they are
computed in a worker thread, so that hover and completion, which only
analyse the hand under the cursor, never wait behind a full re-check of a
large ``.phhs`` file. The first check of a large file shows its progress,
and a pushed one sends the diagnostics of its first hands before the rest.
What the diagnostics are is :mod:`phh_lsp.lsp.features.diagnostics`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from phh_lsp.core.text import Encoding, Text
from phh_lsp.lsp.documents import Superseded
from phh_lsp.lsp.edited_document import edits_of, text_of
from phh_lsp.lsp.handlers import Handlers
from phh_lsp.lsp.session import Made, PhhLanguageServer

if TYPE_CHECKING:
    from phh_lsp.core.analysis import Analysis

log = logging.getLogger("phh_lsp")
handlers = Handlers()
#: How long a pushed check waits after a change: none beyond one turn of the event loop
#: (changes already read then supersede it). The clients that push debounce their own
#: changes (Neovim 150 ms), a keystroke re-analyses one hand (about 1 ms), and a check
#: superseded by a newer change stops at its next hand; the 5 ms this was cost every
#: keystroke in Neovim 5-7 ms (bench_editor.py: 11.5 -> 6.0 ms median on the 991-hand file).
DEBOUNCE_SECONDS = 0.0
#: How long a first check waits for the editor's settings to arrive.
CONFIGURATION_WAIT_SECONDS = 2.0
#: A file of more hands shows the diagnostics of this many first, before its first whole check:
#: more than an editor shows at once (a hand is about 20 lines). In-process, the first 50 hands
#: of the 991-hand file took 140 ms (about 1.7 ms a hand once PokerKit's first use is paid),
#: the first 10 69 ms: the first diagnostics come that much sooner.
FIRST_HANDS = 10


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
    key = (version, ls.editor_settings.generation)
    running = ls.diagnosing.get(uri)
    if running is None or running[0] != key:
        # one computation per version and settings: a client that asks twice
        # while a 1,000-hand file is first checked waits for the one under way
        text = text_of(document)  # the server's blocks: a keystroke joins no whole text
        before = running[1] if running is not None else None
        running = key, asyncio.ensure_future(_compute(ls, uri, version, text, publish_first_hands, before))
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


def _retrieved(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


async def _compute(
    ls: PhhLanguageServer,
    uri: str,
    version: int | None,
    text: Text,
    publish_first_hands: bool = False,
    before: asyncio.Future[list[types.Diagnostic]] | None = None,
) -> list[types.Diagnostic]:
    """Check the document in a worker thread (with progress shown the first
    time, when it has many hands); Superseded if it changes meanwhile.

    Before the first check of a large file, ``publish_first_hands`` sends
    the diagnostics of its first hands, where the editor opens it: what is
    wrong at the top shows in a fraction of the time the whole check takes
    (within its progress, so a client can tell they are not all); the whole
    file's diagnostics follow and replace them.

    ``before``: the check of an older version still under way. Until a
    first check is done, a newer one waits for it (it stops at its next
    hand, or it has analysed them all): a first check that had analysed the
    whole file when a keystroke came leaves the keystroke's check one hand
    to re-analyse, not a first check of its own."""
    from phh_lsp.core.syntax.hands import is_multi_hand
    from phh_lsp.lsp.features import diagnostics
    from phh_lsp.lsp.warm_up import warm_up_features

    if before is not None and uri not in ls.checked:
        await asyncio.wait([before])
    multi = is_multi_hand(uri, text)
    settings = ls.editor_settings.settings_for(uri)
    loop = asyncio.get_running_loop()
    # only the first check of a document can take long: later ones re-analyse the edited hand
    first = uri not in ls.checked
    opened = ls.open_document(uri)
    # the progress's count before the cut (seconds for 50,000 hands, made in the worker);
    # not counted again at each keystroke
    whole = str(text) if first else ""  # only a first check reads the whole text here
    hands = whole.count("\n[") + whole.startswith("[") if multi else 1
    early = None
    if first and publish_first_hands and multi:
        # the first hands are checked while the client answers the progress's creation
        first_hands = functools.partial(diagnostics.first_hands_diagnostics, whole, settings, ls.encoding, FIRST_HANDS)
        early = loop.run_in_executor(None, first_hands)
        early.add_done_callback(_retrieved)  # not awaited if this check is cancelled as the server exits
    token = await _progress_for(ls, uri, hands) if first else None
    try:
        if early is not None:
            items = await early
            if items is not None and ls.documents.is_current(uri, version):
                ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, items, version))
            # the other features load beside the rest of the check, not beside its first hands
            # (nor as the user starts typing once it is done)
            loop.run_in_executor(None, warm_up_features, ls.converter)
        made = functools.partial(ls.documents.analysis, uri, version, text, edits_of(ls.open_document(uri)))
        if first:
            analysis = await loop.run_in_executor(None, _first_analysis, made, ls.encoding)
        else:
            analysis = made()
        work = functools.partial(diagnostics.lsp_diagnostics, analysis, settings, ls.encoding)
        items = await loop.run_in_executor(None, work)
        if ls.open_document(uri) is opened:
            # the whole file is analysed: a keystroke that came meanwhile is re-checked from
            # this analysis, one hand, as are the next ones, though this check is not sent
            ls.checked.add(uri)
    finally:
        # once the client has said shutdown or exit nothing more is sent: on
        # exit this runs as the task is cancelled, with the output closed
        if token is not None and not ls.documents.closing:
            ls.work_done_progress.end(token, types.WorkDoneProgressEnd())
    if first:
        from phh_lsp.core.strength.spot_cache import prefetch_document

        # the first keystroke starts from the whole file's line index made in the worker
        edited = edits_of(ls.open_document(uri))
        if edited is not None:
            edited.keep_line_index(analysis.lines)
        # hover, code actions, formatting... (and completion's and hover's messages) loaded
        # now, not beside the first check (a large file's: once its first hands are out)
        loop.run_in_executor(None, warm_up_features, ls.converter)
        # who is ahead at each action of a small document, computed before the first hover
        # asks (once: after an edit, the hover of the hand starts what it needs)
        loop.run_in_executor(None, prefetch_document, analysis)
    return items


def _first_analysis(made: Callable[[], Analysis], encoding: Encoding) -> Analysis:
    """A document's first analysis, in a worker thread, with its line index
    (the whole file's lines: ~9 ms on the 991-hand file), which the
    document keeps for its first keystroke, and a large file's outline
    (see :func:`~phh_lsp.lsp.features.hand_outline.prepare`; imported for a
    large file only: a small file's first diagnostics wait for no import
    they do not use)."""
    analysis = made()
    _ = analysis.lines
    if analysis.is_large:
        from phh_lsp.lsp.features import hand_outline

        hand_outline.prepare(analysis, encoding)
    return analysis


async def _publish(ls: PhhLanguageServer, uri: str, delay: float) -> None:
    await asyncio.sleep(delay)
    found = await _diagnose(ls, uri, publish_first_hands=True)
    loop = asyncio.get_running_loop()
    if found is not None:
        (version, _), items = found
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, items, version))
        # once the publish is written: not beside it, on the way to the editor
        loop.run_in_executor(None, ls.documents.make_whole_diagnostics, uri, version)
    ls.collector.busy(loop)


@handlers.feature(
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
        if (
            params.previous_result_id == _result_id((document.version, ls.editor_settings.generation))
            and uri in ls.checked
        ):
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


def diagnostics_changed(ls: PhhLanguageServer) -> None:
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
    task = asyncio.ensure_future(_guarded_task(functools.partial(_publish, ls, uri, delay)))
    ls.pending[uri] = task


async def _guarded_task(work: Callable[[], Awaitable[None]]) -> None:
    """``work()``, its failure logged; the work is made only once the task
    runs (a task cancelled before it ran, as the server exits, leaves no
    coroutine that was never awaited, which Python warns of on stderr)."""
    try:
        await work()
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("diagnostics failed")
