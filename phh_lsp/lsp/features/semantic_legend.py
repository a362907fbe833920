"""The semantic token legend, apart from the code that computes tokens.

The server advertises the legend in its ``initialize`` answer; keeping it
in this small module lets it do so without importing the analysis core,
which it loads only after answering (see :mod:`phh_lsp.lsp.server`).
"""

from __future__ import annotations

from lsprotocol import types

TOKEN_TYPES = ("namespace", "variable", "keyword", "number", "enumMember", "comment")
TOKEN_MODIFIERS = ("dealer", "unknown")
LEGEND = types.SemanticTokensLegend(token_types=list(TOKEN_TYPES), token_modifiers=list(TOKEN_MODIFIERS))
