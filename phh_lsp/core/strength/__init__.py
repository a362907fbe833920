"""Who is ahead: equities and effective hand strength.

:mod:`equity` computes equities of known hands and EHS (HS, PPOT, NPOT)
exactly or by seeded sampling; :mod:`fast_ranks` ranks hands with
integer keys, held to PokerKit's evaluation by a differential test.
:mod:`spot_strength` computes what is known at one spot of a hand,
:mod:`spot_cache` keeps those answers and computes new ones on a
background thread (the process's one :class:`~spot_cache.SpotCache`),
and :mod:`strength_text` prints them for the hover, the inlay hints and
``phh-lsp equity``.
"""
