"""Poker-site hand histories turned into PHH, hand by hand.

The pipeline: a site's reader (:mod:`phh_lsp.convert.sites.pokerstars`, on
the skeleton of :mod:`phh_lsp.convert.reader`) cuts the text into hands
and reads each into a :class:`~phh_lsp.convert.history.SiteHand`: the
site's facts (seats, stacks, posts, every action line, what was collected,
the rake) in the site's own words, with line numbers. :mod:`to_phh` turns
it into PHH fields and actions, writes them with the product's one value
writer and formatter, and holds the result to the history: the hand is
replayed by PokerKit through the product's own analysis, and the stacks
and collected amounts must be the ones the history implies.

A hand that cannot be read or converted raises
:class:`~phh_lsp.convert.history.ConversionError` with its line and the
reason in a user's words; the caller reports it and goes on with the next
hand, so one typo never loses the rest of a file. Protocol-free, like the
core: the CLI's ``phh-lsp convert`` and the server's ``phh.convert`` share it.
"""
