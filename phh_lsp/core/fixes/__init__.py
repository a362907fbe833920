"""Every change the product writes into a file: the fix model.

A fix is data (:mod:`fix_data`: what to change in which field), applied
to a tomlkit document of the hand (:mod:`toml_write`), and turned into
minimal text edits (:mod:`text_edits`), so that comments and layout
around the change survive byte for byte.
"""
