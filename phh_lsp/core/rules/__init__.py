"""What the PHH specification says of a hand, read from its fields.

The fields' names, kinds and per-variant requirements (:mod:`schema`),
the action notation (:mod:`actions`), cards and decks (:mod:`cards`), the
checks of fields and of actions in their context, and every diagnostic
code with its documentation (:mod:`codes`), with the facts a quick fix
needs attached to it (:mod:`fix_data`). Nothing here plays the hand:
that is :mod:`phh_lsp.core.engine`.
"""
