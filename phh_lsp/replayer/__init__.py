"""The replayer's drawing: one renderer (``replayer.js``, ``replayer.css``) for
every place a hand is replayed. The VS Code extension loads these two files
into its webview (they are bundled with the server), and :mod:`.page`
inlines them into the self-contained HTML file of ``phh-lsp replay``. Both
draw the state feed of :mod:`phh_lsp.core.telling.hand_states`.
"""
