"""mkdocs hook: a link from docs/ to a file of the repository outside docs/ goes to GitHub.

Why: the pages are read in two places. On GitHub a link such as
``../editors/neovim`` or ``../tests/benchmarks/bench_replayer.py`` works as
written, so the pages keep them; the site has only docs/, so there the same
link would be dead and ``mkdocs build --strict`` refuses it. This rewrites
such links, when the site is built, to the file (``blob``) or folder
(``tree``) on the repository's main branch (mkdocs.yml's ``repo_url``).
A link to a path that does not exist is left as it is, for the strict build
to report.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

#: ``](../path#anchor)`` in a Markdown link or image, the path relative to the page.
_LINK = re.compile(r"\]\((?P<target>\.\./[^)\s#]*)(?P<anchor>#[^)\s]*)?\)")


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """The page's Markdown with its links out of docs/ made absolute."""
    docs = Path(config["docs_dir"]).resolve()
    root = docs.parent
    page_folder = (docs / page.file.src_path).parent
    base = str(config["repo_url"]).rstrip("/")

    def rewrite(match: re.Match[str]) -> str:
        target = (page_folder / match["target"]).resolve()
        if target.is_relative_to(docs) or not target.is_relative_to(root) or not target.exists():
            return match[0]
        kind = "tree" if target.is_dir() else "blob"
        return f"]({base}/{kind}/main/{target.relative_to(root).as_posix()}{match['anchor'] or ''})"

    return _LINK.sub(rewrite, markdown)
