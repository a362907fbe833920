"""phh-lsp: editor tooling for Poker Hand History (PHH) files.

The package is split in two: :mod:`phh_lsp.core` holds everything that
understands PHH text (parsing, replay, analysis, formatting) as plain
functions, and the front ends (:mod:`phh_lsp.cli`, :mod:`phh_lsp.lsp.server`)
only translate between that core and the outside world.
"""

#: The one version of phh-lsp: pyproject.toml reads it (setuptools' dynamic
#: version), ``phh-lsp --version`` prints it, the VS Code extension's
#: package.json is held to it by tests/test_packaging.py.
__version__ = "0.1.0"

# PokerKit's hand tables are built on first use, not on import (0.2 s of
# every start-up): see phh_lsp/core/engine/pokerkit_tables.py.
from phh_lsp.core.engine.pokerkit_tables import build_tables_when_used

build_tables_when_used()

#: The project's home; the documentation links of diagnostics are below it.
HOME = "https://github.com/phh-lsp/phh-lsp"
