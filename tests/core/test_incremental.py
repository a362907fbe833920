"""An edit re-analyses one hand: held to analysing the new text afresh.

``Analysis.after_edit`` keeps the other hands' cut, analyses, diagnostics
and line index from the previous version. Whatever the edit (inside a
hand, across hands, on a header, brackets, quotes, line breaks typed or
deleted), a user must see exactly what a fresh analysis of the new text
shows; so must ``EditedDocument``'s text and line index match pygls's
own way of applying a change.
"""

from __future__ import annotations

from pathlib import Path
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st
from lsprotocol import types
from pygls.workspace import TextDocument, Workspace

from phh_lsp.core import analysis as analysis_module
from phh_lsp.core.analysis import Analysis, analyze
from phh_lsp.core.text import BlockText, Edit, LineIndex
from phh_lsp.lsp.edited_document import EditedDocument, text_of

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
PHHS = SHARED / "corpus" / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs"


def _sample() -> str:
    """The first hands of a real .phhs, one of them broken, after a comment."""
    text = PHHS.read_text(encoding="utf-8")
    hands = text[: text.index("\n[9]\n") + 1]
    return "# a dataset\n" + hands.replace("'p2 cc'", "'p9 cc'", 1)


SAMPLE = _sample()
TYPED = st.text(alphabet="pcbrf 0123456789.'\"[]\n#=,", max_size=6)


def _seen(analysis: Analysis) -> list[tuple[str, int, int, str]]:
    return [(d.code, d.span.start, d.span.end, d.message) for d in analysis.diagnostics]


@st.composite
def _edits(draw: st.DrawFn, text: str) -> tuple[Edit, str]:
    start = draw(st.integers(0, len(text)))
    end = draw(st.integers(start, min(len(text), start + 8)))
    typed = draw(TYPED)
    return Edit(start, end, len(typed)), typed


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_chain_of_edits_shows_what_a_fresh_analysis_shows(data: st.DataObject) -> None:
    previous = analyze(SAMPLE, "x.phhs")
    assert _seen(previous) and previous.lines.line_count > 1  # built, as the server has them
    text = SAMPLE
    made: list[tuple[Analysis, Analysis]] = []
    for _ in range(data.draw(st.integers(1, 4))):
        # most keystrokes land inside an action, where the shortcut applies
        if data.draw(st.booleans()):
            at = data.draw(st.sampled_from([i for i in range(len(text)) if text.startswith("'p", i)])) + 2
            typed = data.draw(TYPED)
            edit = Edit(at, at, len(typed))
        else:
            edit, typed = data.draw(_edits(text))
        text = text[: edit.start] + typed + text[edit.old_end :]
        edited = Analysis.after_edit(previous, text, edit)
        fresh = analyze(text, "x.phhs")
        assert [(p.start, p.end, p.text) for p in edited.pieces] == [(p.start, p.end, p.text) for p in fresh.pieces]
        assert edited.independent == fresh.independent
        if data.draw(st.booleans()):
            # what a keystroke's publish reads, each hand's, before the document's list is made
            # (the next edit makes it then, from the previous version's)
            assert edited.kept_by_piece() == fresh.kept_by_piece()
            count = len(fresh.pieces) if fresh.kept_by_piece() else 0
            assert [edited.hand_diagnostics(i) for i in range(count)] == [
                fresh.hand_diagnostics(i) for i in range(count)
            ]
        made.append((edited, fresh))
        previous = edited
    for edited, fresh in made:
        assert _seen(edited) == _seen(fresh)
        assert edited.lines.line_starts == fresh.lines.line_starts


def test_typing_in_an_action_keeps_the_other_hands() -> None:
    """The shortcut is taken for the common keystroke (not only correct when skipped)."""
    previous = analyze(SAMPLE, "x.phhs")
    _seen(previous)
    at = SAMPLE.index("'p9 cc'") + 2
    text = SAMPLE[:at] + "2" + SAMPLE[at + 1 :]  # p9 -> p2: the broken hand is mended
    edited = Analysis.after_edit(previous, text, Edit(at, at + 1, 1))
    assert edited.analysed_count == len(edited.pieces) - 1  # only the edited hand is left to analyse
    assert _seen(edited) == _seen(analyze(text, "x.phhs"))
    assert _seen(edited) == [] and len(_seen(previous)) == 1


def _drawn_change(data: st.DataObject, text: str) -> types.TextDocumentContentChangePartial:
    """A change of ``text`` as a client sends it: a UTF-16 range replaced by a few characters."""
    lines = LineIndex(text)
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    first, last = lines.position(start, "utf-16"), lines.position(end, "utf-16")
    return types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(*first), types.Position(*last)),
        text=data.draw(st.text(alphabet="xy\n😀", max_size=4)),
    )


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_the_servers_document_applies_changes_as_pygls_does(data: st.DataObject) -> None:
    source = data.draw(st.text(alphabet="ab\n€😀[", max_size=30))
    ours = EditedDocument("file:///x.phhs", source, version=1)
    theirs = TextDocument("file:///x.phhs", source, version=1)
    for version in range(2, 2 + data.draw(st.integers(1, 4))):
        change = _drawn_change(data, ours.source)
        ours.apply_change(change)
        theirs.apply_change(change)
        ours.version = theirs.version = version
        assert ours.source == theirs.source
    combined = ours.edit_since(1)
    assert combined is not None
    assert (
        ours.source
        == source[: combined.start] + ours.source[combined.start : combined.new_end] + source[combined.old_end :]
    )


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_a_chain_of_edits_of_a_text_in_blocks_shows_what_a_fresh_analysis_shows(data: st.DataObject) -> None:
    """The same with the text held as the server holds it (in blocks, here of
    64 characters) and the window of text cut again one hand past the edit,
    grown as the cut asks: the pieces, the diagnostics, the lines and the
    text never disagree with a fresh analysis of the string, and the
    keystroke never joins the whole text."""

    class Small(BlockText):
        BLOCK = 64

    previous = analyze(SAMPLE, "x.phhs")
    assert _seen(previous) and previous.lines.line_count > 1
    text, blocks = SAMPLE, Small.of(SAMPLE)
    with mock.patch.object(analysis_module, "WINDOW_HANDS", 1):
        for _ in range(data.draw(st.integers(1, 4))):
            edit, typed = data.draw(_edits(text))
            text = text[: edit.start] + typed + text[edit.old_end :]
            blocks = blocks.replaced(edit.start, edit.old_end, typed)
            edited = Analysis.after_edit(previous, blocks, edit)
            fresh = analyze(text, "x.phhs")
            pieces = [(p.start, p.end, p.text) for p in edited.pieces]
            assert pieces == [(p.start, p.end, p.text) for p in fresh.pieces]
            assert edited.independent == fresh.independent
            assert _seen(edited) == _seen(fresh)
            assert edited.lines.line_starts == fresh.lines.line_starts
            assert [edited.lines.line_text(n) for n in range(fresh.lines.line_count)] == text.split("\n")
            if fresh.independent and previous.independent and edited.source is blocks:
                assert not blocks.is_joined  # only a document judged as one (before or after) is joined
            assert edited.text == text
            previous = edited


def test_a_heading_comment_deleted_to_nothing_leaves_no_empty_piece() -> None:
    """Deleting the comment above the first hand, a few characters at a
    time, ends with the hands alone, as a fresh reading cuts them (it left
    an empty piece before ``[1]``, one hand too many in the outline's count)."""
    text, previous = SAMPLE, analyze(SAMPLE, "x.phhs")
    for cut in (4, 8):  # "# a " then "dataset\n"
        text = text[cut:]
        previous = Analysis.after_edit(previous, text, Edit(0, cut, 0))
        fresh = analyze(text, "x.phhs")
        assert [(p.start, p.text) for p in previous.pieces] == [(p.start, p.text) for p in fresh.pieces]
        assert _seen(previous) == _seen(fresh)
    assert previous.pieces.texts[0].startswith("[1]\n")


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_the_servers_blocks_hold_the_text_pygls_makes(data: st.DataObject) -> None:
    """The server's document keeps its text in blocks (here of 4 characters,
    so that every change crosses them): after each change its blocks, read
    by slices and lines, are pygls's text, and its source is too."""
    with mock.patch.object(BlockText, "BLOCK", 4):
        source = data.draw(st.text(alphabet="ab\n€😀[", max_size=30))
        ours = EditedDocument("file:///x.phhs", source, version=1)
        theirs = TextDocument("file:///x.phhs", source, version=1)
        for version in range(2, 2 + data.draw(st.integers(1, 4))):
            change = _drawn_change(data, theirs.source)
            ours.apply_change(change)
            theirs.apply_change(change)
            ours.version = theirs.version = version
            blocks, wanted = text_of(ours), theirs.source
            assert len(blocks) == len(wanted)
            assert [blocks[i : i + 3] for i in range(len(wanted))] == [wanted[i : i + 3] for i in range(len(wanted))]
            index = ours.line_index
            assert index is not None and index.source is blocks
            assert [index.line_text(n) for n in range(index.line_count)] == wanted.split("\n")
        assert ours.source == theirs.source


def test_a_keystroke_joins_no_whole_text() -> None:
    """A keystroke in a large file costs what the edited hand costs: the
    document's text stays in blocks through the change, the analysis after
    the edit and the diagnostics the editor is sent (a 42 MB file's text
    joined into one string took 250-300 ms a keystroke); what is sent is
    what a fresh analysis of the whole text shows."""
    from phh_lsp.config.settings import Settings
    from phh_lsp.lsp.documents import Documents
    from phh_lsp.lsp.edited_document import use_edited_documents
    from phh_lsp.lsp.features.diagnostics import lsp_diagnostics

    uri = "file:///x.phhs"
    # a multi-line string in a hand below the edits
    source = SAMPLE.replace("\n[5]\n", "\n[5]\nnote = '''a\nb'''\n", 1)
    workspace = Workspace(None)
    use_edited_documents(workspace)
    with mock.patch.object(BlockText, "BLOCK", 256):  # the sample is 8 KB: many blocks
        workspace.put_text_document(types.TextDocumentItem(uri=uri, language_id="phh", version=1, text=source))
        document = workspace.get_text_document(uri)
        documents = Documents()
        lsp_diagnostics(documents.analysis(uri, 1, text_of(document), document), Settings(), "utf-16")
        line, column = next(
            (number, text.index("]")) for number, text in enumerate(source.split("\n")) if text.startswith("actions")
        )
        for version, typed in enumerate((", 'p1 f'", "[", "5"), 2):  # an action, an array left open, a digit
            position = types.Position(line, column)
            change = types.TextDocumentContentChangePartial(range=types.Range(position, position), text=typed)
            workspace.update_text_document(types.VersionedTextDocumentIdentifier(version=version, uri=uri), change)
            text = text_of(document)
            assert isinstance(text, BlockText)
            sent = lsp_diagnostics(documents.analysis(uri, version, text, document), Settings(), "utf-16")
            assert not text.is_joined
            assert sent == lsp_diagnostics(analyze(document.source, uri), Settings(), "utf-16")


def test_a_burst_of_keystrokes_in_one_change_keeps_the_other_hands() -> None:
    """Neovim sends the keystrokes of its debounce window (150 ms) as one
    didChange of several changes, and pygls gives the document the new
    version after the first of them. The edit since the previous version is
    still that didChange's changes only: the next burst re-analyses the
    edited hand, not the whole file (which every such burst did, 30 ms
    a keystroke in the 991-hand file), and shows what a fresh analysis shows."""
    from phh_lsp.lsp.documents import Documents
    from phh_lsp.lsp.edited_document import use_edited_documents

    uri = "file:///x.phhs"
    workspace = Workspace(None)
    use_edited_documents(workspace)
    workspace.put_text_document(types.TextDocumentItem(uri=uri, language_id="phh", version=1, text=SAMPLE))
    document = workspace.get_text_document(uri)
    documents = Documents()
    _seen(documents.analysis(uri, 1, document.source, document))
    line, column = next(
        (number, text.index("]")) for number, text in enumerate(SAMPLE.split("\n")) if text.startswith("actions")
    )
    typed = ", 'p1 f'"
    for version, burst in ((2, typed[:3]), (3, typed[3:])):  # two didChanges of several keystrokes each
        for character in burst:
            position = types.Position(line, column)
            change = types.TextDocumentContentChangePartial(range=types.Range(position, position), text=character)
            workspace.update_text_document(types.VersionedTextDocumentIdentifier(version=version, uri=uri), change)
            column += 1
        analysis = documents.analysis(uri, version, document.source, document)
        assert analysis.analysed_count == len(analysis.pieces) - 1  # only the edited hand is left to analyse
        assert _seen(analysis) == _seen(analyze(document.source, uri))
    assert typed in document.source


def test_an_array_left_open_that_the_next_hand_closes_is_cut_afresh() -> None:
    """Deleting a ``]`` can make the next header part of the array above it
    (when the text after that header closes more than it opens): the cut
    changes, so the shortcut must not be taken."""
    text = "[1]\nactions = ['p1 f']\n[2]\nx = 1]\n"
    previous = analyze(text, "x.phhs")
    _seen(previous)
    at = text.index("']") + 1
    edited_text = text[:at] + text[at + 1 :]
    edited = Analysis.after_edit(previous, edited_text, Edit(at, at + 1, 0))
    fresh = analyze(edited_text, "x.phhs")
    assert len(fresh.pieces) == 1  # [2] is inside the array now
    assert [p.text for p in edited.pieces] == [p.text for p in fresh.pieces]
    assert _seen(edited) == _seen(fresh)


def test_a_bracket_typed_below_an_array_left_open_is_cut_afresh() -> None:
    """With an array left open in the hand above, typing a ``]`` into a
    hand's body makes its own header part of that array: the cut changes
    there too (found by the chain of edits above)."""
    text = "[1]\nactions = ['p1 f'\n[2]\nx = 1\n"
    previous = analyze(text, "x.phhs")
    assert len(previous.pieces) == 2 and _seen(previous)
    at = text.index("x = 1") + len("x = 1")
    edited_text = text[:at] + "]" + text[at:]
    edited = Analysis.after_edit(previous, edited_text, Edit(at, at, 1))
    fresh = analyze(edited_text, "x.phhs")
    assert len(fresh.pieces) == 1  # [2] is inside the array now
    assert [p.text for p in edited.pieces] == [p.text for p in fresh.pieces]
    assert _seen(edited) == _seen(fresh)


def test_an_array_left_open_with_triple_quotes_elsewhere_keeps_the_other_hands() -> None:
    """A ``[`` typed in an action of a file with a multi-line string in
    another hand re-analyses the hands around it, not the file (it used to
    re-analyse every hand: minutes in a 50,000-hand file)."""
    text = SAMPLE.replace("venue = 'PokerStars'", "venue = 'PokerStars'\nnote = '''a\nb'''", 1)
    previous = analyze(text, "x.phhs")
    _seen(previous)
    at = text.index("'p2 cc'", text.index("\n[5]\n")) + 2
    edited_text = text[:at] + "[" + text[at:]
    edited = Analysis.after_edit(previous, edited_text, Edit(at, at, 1))
    assert edited.analysed_count >= len(edited.pieces) - 2  # the hand typed in and the one after at most
    fresh = analyze(edited_text, "x.phhs")
    assert [p.text for p in edited.pieces] == [p.text for p in fresh.pieces]
    assert _seen(edited) == _seen(fresh)


def _big_sample(count: int) -> str:
    """``count`` hands cycling SAMPLE's eight, their names cycling too: the
    hands' texts repeat, so a fresh analysis of the whole file is cheap (the
    hands are cached by text) and compared after every edit."""
    hands = SAMPLE[SAMPLE.index("[1]") :].split("\n[")
    hands = [hands[0], *("[" + hand for hand in hands[1:])]
    return "".join(hands[i % len(hands)].rstrip("\n") + "\n" for i in range(count))


BIG = _big_sample(12_000)


@settings(max_examples=5, deadline=None)  # each a fresh analysis of 12,000 hands or two: 15 s
@given(st.data())
def test_edits_of_a_twelve_thousand_hand_file_show_what_a_fresh_analysis_shows(data: st.DataObject) -> None:
    """The same at scale, where the cut meets the previous one far from both ends."""
    previous = analyze(BIG, "x.phhs")
    _seen(previous)
    text = BIG
    for _ in range(data.draw(st.integers(1, 2))):
        at = data.draw(st.integers(0, len(text)))
        end = data.draw(st.integers(at, min(len(text), at + 8)))
        typed = data.draw(st.sampled_from(["[", "]", "'''", '"""', "\n[3]\n", "\n", "x", ""]))
        edit = Edit(at, end, len(typed))
        text = text[:at] + typed + text[end:]
        edited = Analysis.after_edit(previous, text, edit)
        fresh = analyze(text, "x.phhs")
        assert edited.pieces.starts == fresh.pieces.starts
        assert edited.independent == fresh.independent
        assert _seen(edited) == _seen(fresh)
        previous = edited


class _OneEdit:
    """A document that knows the one edit since the version before."""

    def __init__(self, edit: Edit) -> None:
        self.edit = edit
        self.line_index = None

    def edit_since(self, version: int) -> Edit | None:
        return self.edit


def test_the_list_made_after_a_publish_is_the_published_versions_only() -> None:
    """After a keystroke's publish, which read the edited hand's diagnostics
    only, the server makes the document's list while the user types; a newer
    version, whose own check is under way, is left to that check: asked for
    the published version, not one hand of the newer one is analysed."""
    from phh_lsp.config.settings import Settings
    from phh_lsp.lsp.documents import Documents
    from phh_lsp.lsp.features.diagnostics import lsp_diagnostics

    uri, documents = "file:///x.phhs", Documents()
    lsp_diagnostics(documents.analysis(uri, 1, SAMPLE), Settings(), "utf-16")
    texts = [SAMPLE]
    for typed in ("5", "7"):  # two digits into an amount of hand 5
        at = texts[-1].index("0.", texts[-1].index("\n[5]\n")) + 2
        texts.append(texts[-1][:at] + typed + texts[-1][at:])
    second = documents.analysis(uri, 2, texts[1], _OneEdit(Edit(at, at, 1)))
    lsp_diagnostics(second, Settings(), "utf-16")  # published
    third = documents.analysis(uri, 3, texts[2], _OneEdit(Edit(at, at, 1)))
    documents.make_whole_diagnostics(uri, 2)
    assert third.analysed_count == len(third.pieces) - 1  # the hand typed into: its check's
    documents.make_whole_diagnostics(uri, 3)
    assert third.analysed_count == len(third.pieces)
    assert _seen(third) == _seen(analyze(texts[2], uri))
