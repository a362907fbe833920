"""One self-contained HTML page that replays hands: ``phh-lsp replay``'s file.

The page holds the renderer (the table's drawing and the controls), its style and the hands' state feeds inline,
and nothing else: no external resource, and a content security policy
that allows only these inline blocks (by their hashes), so opening a
shared hand makes no network request. The feed is JSON in a
``<script type="application/json">`` block with ``<`` escaped, so a name
or comment in the hand cannot close the block.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
from importlib import resources
from typing import Any


def _asset(name: str) -> str:
    return resources.files("phh_lsp.replayer").joinpath(name).read_text(encoding="utf-8")


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def replay_page(feeds: list[dict[str, Any]], title: str) -> str:
    """The HTML page replaying ``feeds`` (one per hand; a picker when many)."""
    drawing = _asset("table.js")  # the SVG table, used by replayer.js
    script = _asset("replayer.js")
    style = _asset("replayer.css")
    data = json.dumps(feeds, ensure_ascii=False, separators=(",", ":"))
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    policy = f"default-src 'none'; style-src {_hash(style)}; script-src {_hash(drawing)} {_hash(script)}; img-src data:"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        f"<title>{html.escape(title)}</title>\n"
        f"<style>{style}</style>\n</head>\n<body>\n"
        '<main id="phh-replayer" aria-label="hand replayer"></main>\n'
        f'<script type="application/json" id="phh-feeds">{data}</script>\n'
        f"<script>{drawing}</script>\n"
        f"<script>{script}</script>\n"
        "</body>\n</html>\n"
    )
