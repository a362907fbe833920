"""The editor's settings as the server knows them, and each document's.

The client sends its ``phh`` settings (``initializationOptions``,
``workspace/didChangeConfiguration``, answers to ``workspace/configuration``:
see :mod:`phh_lsp.lsp.configuration`), the window's and each workspace
folder's (VS Code's multi-root workspaces differ per folder). Each
document's settings are its folder's laid over the nearest configuration
file above it, the same file ``phh-lsp check`` reads. Invalid values are
shown once, as warnings, and their defaults kept.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.uris import to_fs_path

if TYPE_CHECKING:
    from phh_lsp.config.files import ConfigFinder
    from phh_lsp.config.settings import Settings


class EditorSettings:
    """The editor's ``phh`` options as last known, and the settings they make."""

    def __init__(self, show: Callable[[types.ShowMessageParams], None]) -> None:
        # The settings (and the code table they rest on) are first needed after
        # `initialize` is answered: built then (see the properties below).
        self._settings: Settings | None = None
        self._scoped: dict[str, ConfigFinder] | None = None
        #: The editor's ``phh`` options as last known: the window's, and per workspace folder.
        self.window_options: Any = None
        self.folder_options: dict[str, Any] = {}
        self._applied_folders: dict[str, Any] = {}
        self._told: set[str] = set()
        self._show = show
        #: Counts the changes of settings: part of every diagnostic result id.
        self.generation = 0

    @property
    def settings(self) -> Settings:
        """The editor's settings alone (what no file can set: the log level)."""
        if self._settings is None:
            from phh_lsp.config.settings import Settings

            self._settings = Settings()
        return self._settings

    @property
    def scoped(self) -> dict[str, ConfigFinder]:
        """The editor's ``phh`` options per workspace folder URI ("" for the
        window's), each laid over the configuration files of that folder."""
        if self._scoped is None:
            from phh_lsp.config.files import ConfigFinder

            self._scoped = {"": ConfigFinder()}
        return self._scoped

    def apply(self, options: Any, folders: Mapping[str, Any] | None = None) -> bool:
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
        self.generation += 1  # configuration files are read again below
        self.window_options, self._applied_folders = options, dict(self.folder_options)
        from phh_lsp.config.editor_options import options_from_editor
        from phh_lsp.config.files import ConfigFinder
        from phh_lsp.config.settings import Layers, resolve

        editor, problems = options_from_editor(options)
        self._settings = resolve(Layers(editor=editor))
        self._tell(problems)
        self._scoped = {"": ConfigFinder(editor=editor)}
        for folder, scoped in self.folder_options.items():
            editor, problems = options_from_editor(scoped)
            self._tell(problems)
            self._scoped[folder.rstrip("/") + "/"] = ConfigFinder(editor=editor)
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
                self._show(types.ShowMessageParams(types.MessageType.Warning, f"phh-lsp: {problem}"))
