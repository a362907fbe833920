"""The protocol-free core: PHH text in, plain Python values out.

Nothing in this package imports pygls or lsprotocol, so the checker, the
formatter and the language server all share one understanding of a hand.
The folders are the pipeline, in order:

- :mod:`syntax`: the one TOML reader, a lossless, error-tolerant tree
  (and the cut of a ``.phhs`` into hands);
- :mod:`rules`: the specification's rules on fields and action notation;
- :mod:`engine`: the hand replayed by PokerKit, results held to the replay;
- :mod:`analysis`: all of the above for one document, hand by hand, cached;
- :mod:`formatting`, :mod:`fixes`, :mod:`strength`, :mod:`telling`: what
  is built on an analysis (the style guide's layout, fixes proposed and
  written with tomlkit, equities, the hand told in words and step by step).

:mod:`text` (spans and line positions) and :mod:`hand_info` (a hand's
facts by name) serve them all.
"""
