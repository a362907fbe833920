"""The language server: the only package that speaks LSP.

Everything that imports pygls or lsprotocol is here, and nothing outside
imports it but the command line, which starts :func:`phh_lsp.lsp.server.serve`
when run without arguments. :mod:`~phh_lsp.lsp.server` builds the server:
its state (:mod:`~phh_lsp.lsp.session`) and the message handlers, one
module per concern (:mod:`~phh_lsp.lsp.lifecycle`, :mod:`~phh_lsp.lsp.sync`,
:mod:`~phh_lsp.lsp.checking`, :mod:`~phh_lsp.lsp.configuration`,
:mod:`~phh_lsp.lsp.requests`, :mod:`~phh_lsp.lsp.extension_requests`).
:mod:`phh_lsp.lsp.features` turns the core's analysis into LSP values, one
module per feature, with positions converted by :mod:`~phh_lsp.lsp.positions`.
"""
