"""Finding and reading the configuration file that applies to a hand file.

The only files the language server opens on its own: regular files named
as :data:`phh_lsp.config.CONFIG_NAMES` says, in the folder of a document
the editor opened and in the folders above it, up to 1 MB each (see
docs/security.md). Answers are remembered per folder, so a dataset of
100,000 hands reads each configuration once. The file that applies to a
hand is the nearest one found from the hand's folder upward, as ruff finds
its own (a ``pyproject.toml`` without a ``[tool.phh-lsp]`` table is passed
over); what its table means is :mod:`phh_lsp.config.file_table`'s.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from phh_lsp.config.file_table import Config, config_from_table
from phh_lsp.config.settings import Layers, Options, Settings, resolve

#: The names a configuration file may have, in the order they are preferred in one folder.
CONFIG_NAMES = (".phh-lsp.toml", "phh-lsp.toml", "pyproject.toml")
#: A configuration file larger than this is not read (it is not one).
MAX_CONFIG_BYTES = 1_000_000


def table_of(name: str, text: str) -> Mapping[str, Any] | None:
    """The phh-lsp table of a configuration file's text (None: it has none).

    Raises ``tomllib.TOMLDecodeError`` for a file that is not TOML.
    """
    data = tomllib.loads(text)
    if name == "pyproject.toml":
        tool = data.get("tool")
        table = tool.get("phh-lsp") if isinstance(tool, Mapping) else None
        return table if isinstance(table, Mapping) else None
    return data


class ConfigFinder:
    """The nearest configuration above each file, remembered per folder.

    ``explicit`` (``check --config PATH``) applies to every file instead.
    Problems in a file (not TOML, unknown keys, bad values) are collected
    once each in :attr:`problems` for the caller to show.
    """

    def __init__(
        self,
        explicit: Path | None = None,
        *,
        editor: Options | None = None,
        flags: Options | None = None,
    ) -> None:
        self._folders: dict[Path, Config] = {}
        self._explicit = explicit
        self._explicit_config: Config | None = None
        #: Laid over every file's options: the editor's settings (server) or
        #: the command line's flags (see phh_lsp.config.settings.resolve).
        self._editor, self._flags = editor or Options(), flags or Options()
        self._settings: dict[str | None, Settings] = {}
        self.problems: list[str] = []

    def settings(self, path: Path | None) -> Settings:
        """The settings for the hand file at ``path`` (None: a document with
        no file, such as an editor's unsaved buffer: no configuration)."""
        config = self.for_file(path) if path is not None else Config()
        found = self._settings.get(config.path)
        if found is None:
            found = resolve(Layers(file=config.options, editor=self._editor, flags=self._flags))
            self._settings[config.path] = found
        return found

    def for_file(self, path: Path) -> Config:
        """The configuration that applies to the hand file at ``path``."""
        if self._explicit is not None:
            if self._explicit_config is None:
                self._explicit_config = self._read(self._explicit, required=True) or Config()
            return self._explicit_config
        return self._for_folder(path.absolute().parent)

    def _for_folder(self, folder: Path) -> Config:
        found = self._folders.get(folder)
        if found is not None:
            return found
        config: Config | None = None
        for name in CONFIG_NAMES:
            config = self._read(folder / name, required=False)
            if config is not None:
                break
        if config is None:
            config = self._for_folder(folder.parent) if folder.parent != folder else Config()
        self._folders[folder] = config
        return config

    def _read(self, path: Path, required: bool) -> Config | None:
        """The configuration in ``path``; None when it holds none (or is no file)."""
        try:
            if not path.is_file():
                if required:
                    self.problems.append(f"{path}: no such configuration file")
                return None
            if path.stat().st_size > MAX_CONFIG_BYTES:
                self.problems.append(f"{path}: larger than 1 MB, not read as a configuration")
                return None
            table = table_of(path.name, path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as error:
            self.problems.append(f"{path}: cannot read ({getattr(error, 'strerror', None) or error})")
            return None
        except tomllib.TOMLDecodeError as error:
            self.problems.append(f"{path}: not valid TOML ({error})")
            return None
        if table is None:
            if required:
                self.problems.append(f"{path}: no [tool.phh-lsp] table")
            return None
        config, problems = config_from_table(str(path), table)
        self.problems.extend(problems)
        return config
