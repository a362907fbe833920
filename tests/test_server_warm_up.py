"""What the server does before a large file's first diagnostics (issue #30).

In real Neovim the first diagnostics of the 991-hand ``.phhs`` waited for
work that is no part of a check: the hover's, code actions' and
formatter's imports running beside it (the warm-up), collections of the
middle generation walking the analyses being built (~0.2 s each), and the
first keystroke rebuilt the whole file's line index the check had made.
Each test runs the server's own code in a fresh interpreter, as the
server starts.
"""

from __future__ import annotations

import json
import subprocess
import sys

import cattrs.gen
import pytest
from lsprotocol import types
from pygls.workspace import PositionCodec

from phh_lsp.core.analysis import analyze
from phh_lsp.core.text import LineIndex
from phh_lsp.lsp.edited_document import EditedDocument
from tests.conftest import BIG_PHHS

FEATURES = ("code_actions", "code_lens", "completion", "formatting", "hover", "inlay_hints", "symbols")


def _run(code: str) -> dict[str, object]:
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    result: dict[str, object] = json.loads(found.stdout.strip().splitlines()[-1])
    return result


def test_the_warm_up_loads_what_a_check_needs_and_leaves_the_rest_for_later() -> None:
    """The first diagnostics do not wait behind the imports of hover, code
    actions, formatting...: those are loaded once the first check is done."""
    found = _run(
        "import json, sys\n"
        "from phh_lsp.lsp import lifecycle, warm_up\n"
        "from phh_lsp.lsp.session import PhhLanguageServer\n"
        "server = PhhLanguageServer()\n"
        "lifecycle._warm_up(server)\n"
        "checking = {name: name in sys.modules for name in ('pokerkit', 'phh_lsp.core.analysis',"
        " 'phh_lsp.lsp.features.diagnostics')}\n"
        f"features = {FEATURES!r}\n"
        "before = [f for f in features if 'phh_lsp.lsp.features.' + f in sys.modules]\n"
        "warm_up.warm_up_features(server.converter)\n"
        "after = [f for f in features if 'phh_lsp.lsp.features.' + f in sys.modules]\n"
        "print(json.dumps({'checking': checking, 'before': before, 'after': after}))\n"
    )
    needed = ("pokerkit", "phh_lsp.core.analysis", "phh_lsp.lsp.features.diagnostics")
    assert found["checking"] == dict.fromkeys(needed, True)
    assert found["before"] == []
    assert found["after"] == list(FEATURES)


def test_a_first_check_of_a_thousand_hands_runs_no_collection_of_the_middle_generation() -> None:
    """Each such collection walked every hand analysed since the last one
    (all alive: an analysis makes no cycles), ~0.2 s at a time on that
    file; full collections are the idle collector's, once the user pauses."""
    found = _run(
        "import gc, json\n"
        "from phh_lsp.lsp import lifecycle\n"
        "from phh_lsp.lsp.session import PhhLanguageServer\n"
        "lifecycle._warm_up(PhhLanguageServer())\n"
        "from phh_lsp.core.analysis import analyze\n"
        "before = [generation['collections'] for generation in gc.get_stats()]\n"
        f"analysis = analyze(open({str(BIG_PHHS)!r}, encoding='utf-8').read(), 'file:///big.phhs')\n"
        "codes = sorted(d.code for d in analysis.diagnostics)\n"
        "after = [generation['collections'] for generation in gc.get_stats()]\n"
        "print(json.dumps({'young': after[0] - before[0], 'middle': after[1] - before[1],"
        " 'full': after[2] - before[2], 'codes': codes}))\n"
    )
    assert found["codes"] == ["PHH504"] * 3  # the same diagnostics
    assert found["young"] > 0
    assert (found["middle"], found["full"]) == (0, 0)


def test_the_first_showdown_after_the_warm_up_builds_no_table() -> None:
    """PokerKit's hold'em table (55-100 ms, built at the first showdown
    of a session) is built by the warm-up, in the time an editor takes to
    open the file, not in the first hands' check; the showdown is judged
    the same."""
    found = _run(
        "import json\n"
        "from phh_lsp.lsp import lifecycle\n"
        "from phh_lsp.lsp.session import PhhLanguageServer\n"
        "lifecycle._warm_up(PhhLanguageServer())\n"
        "import pokerkit\n"
        "from phh_lsp.core.engine import pokerkit_tables\n"
        "built = []\n"
        "for lookup in {type(c.lookup): c.lookup for c in (pokerkit.StandardHighHand,"
        " pokerkit.ShortDeckHoldemHand, pokerkit.BadugiHand)}.values():\n"
        "    if not lookup.__dict__.get(pokerkit_tables.BUILT): continue\n"
        "    built.append(type(lookup).__name__)\n"
        "from phh_lsp.core.analysis import analyze\n"
        "from phh_lsp.core.rules.examples import SHOWDOWN_NT\n"
        "hand = analyze(SHOWDOWN_NT, 'x.phh', detail=False).hands[0].hand\n"
        "print(json.dumps({'built': built, 'stacks': [str(s) for s in hand.replay.final_stacks],"
        " 'codes': [d.code for d in hand.diagnostics]}))\n"
    )
    assert found["built"] == ["StandardLookup"]  # hold'em's and Omaha's; the others when first used
    assert found["stacks"] == ["200", "0"]  # aces hold against kings
    assert found["codes"] == []


def _document(text: str) -> EditedDocument:
    return EditedDocument(
        "file:///big.phhs",
        source=text,
        version=1,
        sync_kind=types.TextDocumentSyncKind.Incremental,
        position_codec=PositionCodec(),
    )


def _insert(document: EditedDocument, line: int, character: int, text: str) -> None:
    position = types.Position(line, character)
    document.apply_change(types.TextDocumentContentChangePartial(range=types.Range(position, position), text=text))


def test_the_first_keystroke_starts_from_the_line_index_of_the_first_check() -> None:
    """The document keeps the line index its first check made (the whole
    file's lines, ~9 ms to make again on the loop at the first keystroke);
    the edit is applied as on a fresh index."""
    text = BIG_PHHS.read_text(encoding="utf-8")
    document = _document(text)
    analysis = analyze(document.text, "file:///big.phhs")
    assert document.line_index is None
    document.keep_line_index(analysis.lines)
    assert document.line_index is analysis.lines
    _insert(document, 6493, 238, ", 'p1 f'")
    assert document.line_index is not None
    assert document.line_index.line_starts == LineIndex(document.source).line_starts
    assert document.source.splitlines()[6493].endswith("'p3 f', 'p1 f']")


def test_a_line_index_of_another_text_is_not_kept() -> None:
    """A keystroke came between the check and the hand-over: the index of
    the older text is ignored."""
    text = BIG_PHHS.read_text(encoding="utf-8")
    document = _document(text)
    analysis = analyze(document.text, "file:///big.phhs")
    _insert(document, 0, 0, "# a comment\n")
    kept = document.line_index
    document.keep_line_index(analysis.lines)
    assert document.line_index is kept
    assert document.line_index is not None
    assert document.line_index.line_starts == LineIndex(document.source).line_starts


#: A keystroke as Neovim 0.7.2 sends it, and its first completion and hover requests.
NEOVIM_MESSAGES = (
    (
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didChange",
            "params": {
                "textDocument": {"uri": "file:///big.phhs", "version": 12},
                "contentChanges": [
                    {
                        "range": {"start": {"line": 6493, "character": 238}, "end": {"line": 6493, "character": 238}},
                        "rangeLength": 0,
                        "text": ", 'p1 f'",
                    }
                ],
            },
        },
        types.DidChangeTextDocumentNotification,
    ),
    (
        {
            "jsonrpc": "2.0",
            "id": 7,
            "method": "textDocument/completion",
            "params": {
                "textDocument": {"uri": "file:///big.phhs"},
                "position": {"line": 6493, "character": 246},
                "context": {"triggerKind": 1},
            },
        },
        types.CompletionRequest,
    ),
    (
        {
            "jsonrpc": "2.0",
            "id": 8,
            "method": "textDocument/hover",
            "params": {"textDocument": {"uri": "file:///big.phhs"}, "position": {"line": 3, "character": 4}},
        },
        types.HoverRequest,
    ),
)


def test_the_first_keystroke_diagnostics_completion_and_hover_find_their_messages_ready(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pygls's converter reads and writes the first keystroke, its
    diagnostics, completion and hover with code built off the message loop
    (cattrs builds it the first time it meets a type: 20-40 ms each, on the
    loop, in the first keystroke's and the first completion's way)."""
    from phh_lsp.config.settings import Settings
    from phh_lsp.lsp import warm_up
    from phh_lsp.lsp.features.diagnostics import lsp_diagnostics
    from phh_lsp.lsp.session import PhhLanguageServer

    server = PhhLanguageServer()
    warm_up.warm_up_messages(server.converter, features=False)
    warm_up._features_loaded.clear()
    warm_up.warm_up_features(server.converter)
    built: list[object] = []  # the message types whose code cattrs builds from now on
    for name in ("make_dict_structure_fn", "make_dict_unstructure_fn"):
        build = getattr(cattrs.gen, name)
        monkeypatch.setattr(cattrs.gen, name, lambda cl, *a, _build=build, **k: built.append(cl) or _build(cl, *a, **k))
    for message, kind in NEOVIM_MESSAGES:
        server.converter.structure(message, kind)
    hinted = BIG_PHHS.read_text(encoding="utf-8")[: BIG_PHHS.read_text(encoding="utf-8").index("\n[70]")]
    diagnostics = lsp_diagnostics(analyze(hinted, "file:///big.phhs"), Settings(), "utf-16")
    assert [d.code for d in diagnostics] == ["PHH504"]
    published = types.PublishDiagnosticsParams(uri="file:///big.phhs", diagnostics=diagnostics, version=12)
    json.dumps(server.converter.unstructure(types.PublishDiagnosticsNotification(params=published)))
    where = diagnostics[0].range
    item = types.CompletionItem(
        label="p1 f",
        kind=types.CompletionItemKind.Value,
        detail="fold",
        sort_text="0001",
        filter_text="f",
        text_edit=types.TextEdit(range=where, new_text="f"),
    )
    completion = types.CompletionList(is_incomplete=False, items=[item])
    json.dumps(server.converter.unstructure(types.CompletionResponse(id=7, result=completion)))
    hover = types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="**p1** folds"), range=where)
    json.dumps(server.converter.unstructure(types.HoverResponse(id=8, result=hover)))
    # cattrs builds the outer types of what the server writes once more at their first real
    # use (~1 ms measured in all, against 13-43 ms each cold); what they hold is ready
    envelope = (
        types.PublishDiagnosticsNotification,
        types.PublishDiagnosticsParams,
        types.CompletionResponse,
        types.HoverResponse,
    )
    assert [kind for kind in built if kind not in envelope] == []
