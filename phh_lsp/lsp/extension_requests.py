"""phh-lsp's own commands and requests, beyond the LSP's: what the editors' plugins call.

``phh.noop`` (the summary code lenses' command), ``phh.convert`` (a site's
hand history as PHH: the editors' "convert" command) and ``phh/handStates``
(the state feed of the replayer, hand by hand). They take the server's
documents and the core's functions as :mod:`phh_lsp.lsp.requests` does.
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types

from phh_lsp.lsp.handlers import Handlers
from phh_lsp.lsp.requests import guarded, off_loop
from phh_lsp.lsp.session import PhhLanguageServer

handlers = Handlers()


@handlers.command("phh.noop")
def on_noop(ls: PhhLanguageServer, *args: Any) -> None:
    """The command of the summary lenses: clicking one does nothing."""


@handlers.command("phh.convert")
async def on_convert(ls: PhhLanguageServer, *args: Any) -> dict[str, Any]:
    """``phh.convert [text, site?, name?]``: a site's hand history text as PHH
    (``site`` as ``phh-lsp convert --from`` takes it, detected when null;
    ``name``, the source's file name, goes in each hand's comment).

    Answers ``{"text": the .phhs text, "site": its name or null,
    "converted": n, "summary": "Site: converted n of m hands (...)",
    "problems": [...], "failed": [...]}``, each problem and
    failure a ``{"line", "message"}`` (1-based line of the input) that the
    client can show; the editors open the text beside the source.
    """
    from phh_lsp.convert.conversion import as_phhs, convert_text
    from phh_lsp.convert.summary import conversion_summary

    text = args[0] if args and isinstance(args[0], str) else ""
    site = args[1] if len(args) > 1 and isinstance(args[1], str) else None
    name = args[2] if len(args) > 2 and isinstance(args[2], str) else "the source"
    conversion = await off_loop(convert_text, text, site)
    converted = conversion.converted
    summary = conversion_summary(len(converted), sum(bool(hand.problems) for hand in converted), len(conversion.failed))
    return {
        "text": await off_loop(as_phhs, [(hand, name) for hand in converted]) if converted else "",
        "site": conversion.site.name if conversion.site is not None else None,
        "converted": len(converted),
        "summary": f"{conversion.site.name}: {summary}" if conversion.site is not None else summary,
        "problems": [
            {"line": hand.hand.first_line, "message": f"hand #{hand.hand.hand_id}: {problem}"}
            for hand in converted
            for problem in hand.problems
        ],
        "failed": [
            {"line": hand.line, "message": f"hand #{hand.hand_id or '?'} (from line {hand.first_line}): {hand.reason}"}
            for hand in conversion.failed
        ],
    }


@handlers.feature("phh/handStates")
@guarded(None)
async def on_hand_states(ls: PhhLanguageServer, params: Any) -> dict[str, Any] | None:
    """``phh/handStates {textDocument: {uri}, position}``: the state feed of
    the hand at the position (see :mod:`phh_lsp.lsp.features.replayer`), or
    null outside any hand. Only that hand is analysed and sent."""
    from phh_lsp.lsp.features import replayer

    uri, position = _document_position(params)
    analysis, offset = ls.offset(uri, position)
    return await off_loop(replayer.hand_states_at, analysis, offset, ls.encoding)


def _document_position(params: Any) -> tuple[str, types.Position]:
    """The ``textDocument.uri`` and ``position`` of a custom request's params,
    which pygls passes as they came (a dict, or an object for each level)."""

    def get(value: Any, name: str) -> Any:
        return value.get(name) if isinstance(value, dict) else getattr(value, name, None)

    uri = get(get(params, "textDocument"), "uri")
    position = get(params, "position")
    line, character = get(position, "line"), get(position, "character")
    if not isinstance(uri, str) or not isinstance(line, int) or not isinstance(character, int):
        raise ValueError("phh/handStates takes {textDocument: {uri}, position: {line, character}}")
    return uri, types.Position(line=line, character=character)
