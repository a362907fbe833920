"""The editor's settings as they change: pushed by the client, or asked for.

A client pushes its ``phh`` settings with ``workspace/didChangeConfiguration``
or is asked for them (``workspace/configuration``): the window's and each
workspace folder's, which a push does not carry. New settings that change
anything check the open documents again. What the server makes of them is
:mod:`phh_lsp.lsp.editor_settings`.
"""

from __future__ import annotations

import logging
from typing import Any

from lsprotocol import types

from phh_lsp.lsp.checking import diagnostics_changed
from phh_lsp.lsp.handlers import Handlers
from phh_lsp.lsp.session import PhhLanguageServer

log = logging.getLogger("phh_lsp")
handlers = Handlers()


async def pull_configuration(ls: PhhLanguageServer, pushed: Any = None) -> bool:
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
        known = ls.editor_settings
        window = answers[0] if answers[0] is not None else pushed if pushed is not None else known.window_options
        if known.apply(window, {folder: value for folder, value in scoped.items() if value is not None}):
            diagnostics_changed(ls)  # checked again only if it matters
    return True


@handlers.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
async def on_configuration(ls: PhhLanguageServer, params: types.DidChangeConfigurationParams) -> None:
    """Settings changed: take what the notification carries at once, then
    ask for each workspace folder's (VS Code's multi-root workspaces); with
    nothing carried, ask for all of them."""
    settings = params.settings
    pushed = settings.get("phh") if isinstance(settings, dict) else None
    if not isinstance(pushed, dict):
        await pull_configuration(ls)
        return
    ls.editor_settings.apply(pushed)
    diagnostics_changed(ls)
    if ls.workspace.folders:  # each folder's own settings, which a push does not carry
        await pull_configuration(ls, pushed)
