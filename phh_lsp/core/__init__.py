"""The protocol-free core: PHH text in, plain Python values out.

Nothing in this package imports pygls or lsprotocol, so the checker, the
formatter and the language server all share one understanding of a hand.
"""
