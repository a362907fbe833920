"""A hand told to a person: in a poker player's words, and step by step.

:mod:`narration` says each action, the state and the result the way a
player would ("p1 (Phil Ivey) raises to 23,000"), for the hover, the code
lens and ``phh-lsp show``; :mod:`hand_states` lays the hand out as the
sequence of states every replayer draws; :mod:`next_actions` names what
may legally come next, as completion offers it. Protocol-free, like all of
:mod:`phh_lsp.core`: the editor and the command line tell a hand one way.
"""
