"""Every change the product writes into a file: the fixes and how they are written.

A fix reads the facts a check attached to its diagnostic
(:mod:`phh_lsp.core.rules.fix_data`), is proposed for it (:mod:`proposers`;
the fixers grouped by what they change: :mod:`field_fixes`,
:mod:`action_fixes`, :mod:`syntax_fixes`; the model in :mod:`proposal`),
applied to a tomlkit document of the hand (:mod:`toml_write`), and turned
into minimal text edits (:mod:`text_edits`), so that comments and layout
around the change survive byte for byte. "Fix all" and ``check --fix``
fix without asking (:mod:`fix_all`), round by round over a file's text
(:mod:`rounds`). The editor and the command line both call these; none of
it speaks the protocol.
"""
