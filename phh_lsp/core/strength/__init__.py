"""Who is ahead: equities and effective hand strength.

:mod:`equity` computes equities of known hands and EHS (HS, PPOT, NPOT)
exactly or by seeded sampling; :mod:`fast_ranks` ranks hands with
integer keys, held to PokerKit's evaluation by a differential test.
"""
