"""LSP features: each module turns the core's analysis into lsprotocol values.

One module per LSP method family; none of them talks to the client, so
each is a plain function that tests can call with an analysis and a
position. :mod:`phh_lsp.lsp.requests` wires them to messages.
"""
