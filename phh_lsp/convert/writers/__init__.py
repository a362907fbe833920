"""PHH hands written back as a poker site's hand history (``phh-lsp export``).

The other direction of :mod:`phh_lsp.convert.sites`: a site's reader turns
its text into PHH, a writer here turns PHH into that site's text, so that
trackers and replayers that read the site open PHH datasets. A writer
never plays the hand itself: PokerKit replays it (the product's one
replay) and the writer puts PokerKit's record of what happened (posts,
bets, uncalled bets, shows, what each pot paid) into the site's words.
"""
