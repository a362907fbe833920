"""One module per poker site whose hand histories can be read.

Each site's module holds only what is the site's own: the patterns of its
lines and its quirks. The skeleton they share (cutting a file into hands,
the numbered lines of a hand, the per-hand guard, amounts and dates) is
:mod:`phh_lsp.convert.reader`; which site wrote a file is
:mod:`phh_lsp.convert.registry`.
"""
