"""Configuration: where each setting of a hand file comes from, in one package as ruff has one.

* :mod:`~phh_lsp.config.files`: the nearest ``.phh-lsp.toml`` /
  ``phh-lsp.toml`` / ``[tool.phh-lsp]`` above a hand, read once per folder;
* one module per source, each reading it into one typed
  :class:`~phh_lsp.config.settings.Options` and naming its mistakes in its
  own keys: :mod:`~phh_lsp.config.file_table` (the file's table),
  :mod:`~phh_lsp.config.editor_options` (the editor's ``phh`` JSON),
  :mod:`~phh_lsp.config.cli_flags` (``check`` / ``format`` flags), over the
  value checks they share (:mod:`~phh_lsp.config.values`);
* :mod:`~phh_lsp.config.settings`: the frozen, fully defaulted settings and
  :func:`~phh_lsp.config.settings.resolve`, which lays the sources in one
  named order (defaults < file < editor < flags).
"""
