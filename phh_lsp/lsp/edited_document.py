"""The server's copy of an open document, changed keystroke by keystroke.

Why not pygls's ``TextDocument`` as it is: it applies an incremental change
by splitting the whole text into lines and writing it back line by line,
about 5 ms per keystroke in a 20,000-line ``.phhs``, more than the analysis
of the edited hand. Here the change's position is found with a line index
kept across changes (:meth:`LineIndex.after_edit`), the text is held in
blocks (:class:`BlockText`: a keystroke in a 42 MB, 50,000-hand file copies
one block, where splicing one string cost 250-300 ms), and each change is
remembered as an :class:`Edit`, so that the analysis of the new version can
keep everything the edit did not touch (:meth:`Analysis.after_edit`). The
whole text is joined into one string only when something asks for
``source`` (pygls's own helpers, a whole-document request); the checks ask
for :func:`text_of` instead.
"""

from __future__ import annotations

import itertools
from collections import deque
from typing import Any, Final

from lsprotocol import types
from pygls.workspace import TextDocument, Workspace

from phh_lsp.core.text import BlockText, Edit, LineIndex, Text
from phh_lsp.lsp.positions import encoding_of

#: How many changes are remembered (a re-check is never further behind).
REMEMBERED_CHANGES: Final = 256


class EditedDocument(TextDocument):
    """A text document that applies a change in the time of the change and
    says what changed since a version."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._text: BlockText | None = None
        self._index: LineIndex | None = None
        #: The changes applied, oldest first (the last REMEMBERED_CHANGES of them).
        self._changes: deque[Edit] = deque(maxlen=REMEMBERED_CHANGES)
        #: How many changes were applied in all, and after how many each version's text was made.
        self._applied = 0
        self._reached: dict[int | None, int] = {}
        super().__init__(*args, **kwargs)

    @property
    def version(self) -> int | None:
        """The version of the current text, as the client numbered it."""
        return self._version

    @version.setter
    def version(self, value: int | None) -> None:
        # pygls sets the version after each change of a didChange, not once
        # after all of them: a version's text is the one after its last change
        self._version = value
        self._reached[value] = self._applied
        if len(self._reached) > 2 * REMEMBERED_CHANGES:
            oldest = self._applied - len(self._changes)
            self._reached = {version: count for version, count in self._reached.items() if count >= oldest}

    # pygls reads and writes ``_source`` (its constructor, a whole new text):
    # here it is the blocks, joined only when read
    @property
    def _source(self) -> str | None:
        return None if self._text is None else str(self._text)

    @_source.setter
    def _source(self, value: str | None) -> None:
        self._text = None if value is None else BlockText.of(value)

    @property
    def source(self) -> str:
        """The whole text as one string (joined once per version when asked)."""
        return super().source if self._text is None else str(self._text)

    @property
    def text(self) -> BlockText:
        """The current text, in blocks (no join)."""
        if self._text is None:
            self._text = BlockText.of(super().source)
        return self._text

    def _apply_incremental_change(self, change: types.TextDocumentContentChangePartial) -> None:
        source = self.text
        index = self._index if self._index is not None and self._index.source is source else LineIndex(source)
        encoding = encoding_of(self._position_codec.encoding)
        start = index.offset(change.range.start.line, change.range.start.character, encoding)
        end = max(start, index.offset(change.range.end.line, change.range.end.character, encoding))
        edit = Edit(start, end, len(change.text))
        self._text = source.replaced(start, end, change.text)
        self._index = LineIndex.after_edit(index, self._text, edit)
        self._changes.append(edit)
        self._applied += 1

    def _apply_full_change(self, change: types.TextDocumentContentChangeEvent) -> None:
        super()._apply_full_change(change)
        self._index = None
        self._changes.clear()  # nothing is kept across a whole new text
        self._reached.clear()

    @property
    def line_index(self) -> LineIndex | None:
        """The current text's line index, when one was kept."""
        index = self._index
        return index if index is not None and index.source is self._text else None

    def keep_line_index(self, index: LineIndex) -> None:
        """Keep ``index`` (the first check's, made off the message loop) if
        it is the current text's and none is kept: the first keystroke then
        does not index the whole file's lines again on the loop."""
        if self._index is None and index.source is self._text:
            self._index = index

    def edit_since(self, version: int | None) -> Edit | None:
        """One edit that turns the text of ``version`` into the current one;
        None when that is not known (a change older than remembered, or a
        whole new text since)."""
        reached = self._reached.get(version)
        oldest = self._applied - len(self._changes)
        if reached is None or reached < oldest:
            return None
        found: Edit | None = None
        for edit in itertools.islice(self._changes, reached - oldest, None):
            found = edit if found is None else found.then(edit)
        return found


def use_edited_documents(workspace: Workspace) -> None:
    """Make ``workspace`` open its documents as :class:`EditedDocument`.

    pygls builds the workspace while it answers ``initialize`` and offers
    no hook for the document class; its factory method is replaced on the
    instance (``tests/e2e`` edit documents through the real server)."""

    def create(
        doc_uri: str, source: str | None = None, version: int | None = None, language_id: str | None = None
    ) -> TextDocument:
        return EditedDocument(
            doc_uri,
            source=source,
            version=version,
            language_id=language_id,
            sync_kind=workspace._sync_kind,
            position_codec=workspace.position_codec,
        )

    workspace._create_text_document = create  # type: ignore[method-assign]


def edits_of(document: TextDocument | None) -> EditedDocument | None:
    """The document, when it remembers what changed since a version."""
    return document if isinstance(document, EditedDocument) else None


def text_of(document: TextDocument) -> Text:
    """The document's text for the checks: its blocks when it keeps them
    (a keystroke in a 50,000-hand file joins no 42 MB string), else its source."""
    return document.text if isinstance(document, EditedDocument) else document.source
