"""phh-lsp: editor tooling for Poker Hand History (PHH) files.

The package is split in two: :mod:`phh_lsp.core` holds everything that
understands PHH text (parsing, replay, analysis, formatting) as plain
functions, and the front ends (:mod:`phh_lsp.cli`, :mod:`phh_lsp.lsp.server`)
only translate between that core and the outside world.
"""

__version__ = "0.1.0"

# PokerKit's hand tables are built on first use, not on import (0.2 s of
# every start-up): see phh_lsp/core/engine/pokerkit_tables.py.
from phh_lsp.core.engine.pokerkit_tables import build_tables_when_used

build_tables_when_used()
