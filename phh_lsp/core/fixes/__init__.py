"""Every change the product writes into a file: the fix model and the fixes.

A fix is data (:mod:`fix_data`: what to change in which field), proposed
for a diagnostic (:mod:`proposers`, the fixers grouped by what they change:
:mod:`field_fixes`, :mod:`action_fixes`, :mod:`syntax_fixes`; the model in
:mod:`proposal`), applied to a tomlkit document of the hand
(:mod:`toml_write`), and turned into minimal text edits (:mod:`text_edits`),
so that comments and layout around the change survive byte for byte.
"Fix all" and ``check --fix`` fix without asking (:mod:`fix_all`), round by
round over a file's text (:mod:`rounds`). The editor and the command line
both call these; none of it speaks the protocol.
"""
