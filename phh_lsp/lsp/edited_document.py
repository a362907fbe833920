"""The server's copy of an open document, changed keystroke by keystroke.

Why not pygls's ``TextDocument`` as it is: it applies an incremental change
by splitting the whole text into lines and writing it back line by line,
about 5 ms per keystroke in a 20,000-line ``.phhs``, more than the analysis
of the edited hand. Here the change's position is found with a line index
kept across changes (:meth:`LineIndex.after_edit`), the text is spliced
once, and each change is remembered as an :class:`Edit`, so that the
analysis of the new version can keep everything the edit did not touch
(:meth:`Analysis.after_edit`).
"""

from __future__ import annotations

from collections import deque
from typing import Any, Final

from lsprotocol import types
from pygls.workspace import TextDocument, Workspace

from phh_lsp.core.text import Edit, LineIndex
from phh_lsp.lsp.positions import encoding_of

#: How many changes are remembered (a re-check is never further behind).
REMEMBERED_CHANGES: Final = 256


class EditedDocument(TextDocument):
    """A text document that applies a change in the time of the change and
    says what changed since a version."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._index: LineIndex | None = None
        #: (the version a change was made to, the change), oldest first.
        self._changes: deque[tuple[int | None, Edit]] = deque(maxlen=REMEMBERED_CHANGES)

    def _apply_incremental_change(self, change: types.TextDocumentContentChangePartial) -> None:
        source = self.source
        index = self._index if self._index is not None and self._index.text is source else LineIndex(source)
        encoding = encoding_of(self._position_codec.encoding)
        start = index.offset(change.range.start.line, change.range.start.character, encoding)
        end = max(start, index.offset(change.range.end.line, change.range.end.character, encoding))
        edit = Edit(start, end, len(change.text))
        self._source = source[:start] + change.text + source[end:]
        self._index = LineIndex.after_edit(index, self._source, edit)
        self._changes.append((self.version, edit))

    def _apply_full_change(self, change: types.TextDocumentContentChangeEvent) -> None:
        super()._apply_full_change(change)
        self._index = None
        self._changes.clear()  # nothing is kept across a whole new text

    @property
    def line_index(self) -> LineIndex | None:
        """The current text's line index, when one was kept."""
        index = self._index
        return index if index is not None and index.text is self._source else None

    def edit_since(self, version: int | None) -> Edit | None:
        """One edit that turns the text of ``version`` into the current one;
        None when that is not known (a change older than remembered, or a
        whole new text since)."""
        found: Edit | None = None
        started = False
        for made_to, edit in self._changes:
            started = started or made_to == version
            if started:
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
