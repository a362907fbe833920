"""Formatting to the PHH style guide, over the syntax tree.

:mod:`formatter` lays out a document in the style of the specification's
examples, :mod:`statements` reads the statements, comments and blank
lines it lays out off the tree, and :mod:`render` writes values back as
TOML text. A document that is not valid TOML is never touched, and the
output must read to the same values as the input, or nothing is changed.
"""
