"""The language server: the only package that speaks LSP.

Everything that imports pygls or lsprotocol is here, and nothing outside
imports it but the command line's ``phh-lsp`` (no arguments), which
starts :func:`phh_lsp.lsp.server.serve`. The server's state and wiring
are in :mod:`~phh_lsp.lsp.server`; one module per concern holds its
message handlers (:mod:`~phh_lsp.lsp.lifecycle`, :mod:`~phh_lsp.lsp.sync`,
:mod:`~phh_lsp.lsp.checking`, :mod:`~phh_lsp.lsp.configuration`,
:mod:`~phh_lsp.lsp.requests`), and :mod:`phh_lsp.lsp.features` turns
the core's analysis into LSP values, one module per feature.
"""
