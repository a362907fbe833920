"""The parser: text in, lossless :class:`~phh_lsp.core.syntax.tree.Document` out.

One module per production of TOML's grammar, as tombi lays its parser out:
:mod:`~.document` (statements, headers; :func:`~.document.parse` itself),
:mod:`~.keys`, :mod:`~.values`, :mod:`~.arrays` and :mod:`~.inline_tables`;
:mod:`~.plain` is the shortcut for the plain lines nearly every PHH line is,
and :mod:`~.cursor` the state one parse shares between the productions.
"""
