"""The session's start and end: ``initialize`` to ``exit``.

At ``initialize`` the server only sets up its documents and answers: the
editor waits for that answer. Everything else comes after: the core and
PokerKit (and the garbage collector's tuning for a long-lived process)
load in a worker thread from the moment the answer is written, the
settings at ``initialized``. At ``shutdown`` and
``exit`` the checks under way stop, so that none keeps the process alive.
"""

from __future__ import annotations

import asyncio

from lsprotocol import types

from phh_lsp.lsp.configuration import pull_configuration
from phh_lsp.lsp.handlers import Handlers
from phh_lsp.lsp.session import PhhLanguageServer
from phh_lsp.lsp.warm_up import warm_up_checking, warm_up_messages

handlers = Handlers()
#: Equities computed in the background reach the inlay hints at most this often.
HINT_REFRESH_SECONDS = 0.3


@handlers.feature(types.INITIALIZE)
def on_initialize(ls: PhhLanguageServer, params: types.InitializeParams) -> None:
    from phh_lsp.lsp.edited_document import use_edited_documents

    use_edited_documents(ls.workspace)
    ls.initialization_options = params.initialization_options
    # once this answer is written (the loop's next turn), not at `initialized`: the client's
    # round trip and the settings read there no longer come before the first check's imports
    loop = asyncio.get_running_loop()
    loop.call_soon(loop.run_in_executor, None, _warm_up, ls)


@handlers.feature(types.INITIALIZED)
async def on_initialized(ls: PhhLanguageServer, params: types.InitializedParams) -> None:
    # the options are read once `initialize` is answered: the settings' code
    # table is no part of the start-up an editor waits for
    ls.editor_settings.apply(ls.initialization_options)
    loop = asyncio.get_running_loop()
    _refresh_hints_when_strength_is_ready(ls, loop)
    try:
        await pull_configuration(ls)
    finally:
        ls.configured.set()


def _refresh_hints_when_strength_is_ready(ls: PhhLanguageServer, loop: asyncio.AbstractEventLoop) -> None:
    """An all-in's equity is computed in the background (see
    core/strength/spot_cache.py): once ready, the editor is asked to fetch its
    inlay hints again, if it can be asked."""
    workspace = ls.client_capabilities.workspace
    if workspace is None or workspace.inlay_hint is None or not workspace.inlay_hint.refresh_support:
        return
    from phh_lsp.core.strength.spot_cache import when_computed

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


def _warm_up(ls: PhhLanguageServer) -> None:
    """Load the core and PokerKit once ``initialize`` is answered, off the
    message loop: the server answers the client first and loads the rules
    engine while the editor sends ``initialized`` and opens the file (of PokerKit's hand tables
    only hold'em's, the others when a showdown first needs one: see
    core/engine/pokerkit_tables.py). Only what a check needs, and the
    messages of a keystroke and its diagnostics: the other features are
    loaded once the first check is done (see lsp/warm_up.py)."""
    warm_up_checking()
    warm_up_messages(ls.converter, features=False)


@handlers.feature(types.SHUTDOWN)
def on_shutdown(ls: PhhLanguageServer, params: None) -> None:
    _stop_work(ls)
    ls.shut_down = True


@handlers.feature(types.EXIT)
def on_exit(ls: PhhLanguageServer, params: None) -> None:
    _stop_work(ls)


def _stop_work(ls: PhhLanguageServer) -> None:
    """No re-check may keep the process alive once the client says stop."""
    ls.documents.close_all()
    from phh_lsp.core.strength.spot_cache import drop_pending

    drop_pending()
    for task in ls.pending.values():
        task.cancel()
    ls.pending.clear()
