"""The hand played by PokerKit, the rules engine.

:mod:`replay` applies the parsed actions to a PokerKit state and turns
what PokerKit refuses, warns about or repairs silently into diagnostics
(:mod:`replay_rules`); :mod:`checks_result` holds the recorded results
(``finishing_stacks``, ``winnings``) to the replay; :mod:`state_view`
gives the states to hover and hints. No betting or showdown logic of
our own lives here, only what the specification adds to PokerKit's.
"""
