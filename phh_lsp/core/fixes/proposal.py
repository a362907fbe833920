"""A fix as the product states it: a proposal, and the proposal written out.

A fixer (:mod:`field_fixes`, :mod:`action_fixes`, :mod:`syntax_fixes`)
states its fix as changes to the hand's fields (a :class:`Proposal`),
cheap to make; tomlkit writes it (:mod:`toml_write`) into edits of the
hand's text (a :class:`Fix`) only when it is offered or applied. Each is
*safe* or *unsafe*, decided where it is made (see :mod:`proposers`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

from phh_lsp.core.fixes.toml_write import Change, field_edits
from phh_lsp.core.hand_analysis import HandAnalysis
from phh_lsp.core.text import Span

Applicability = Literal["safe", "unsafe"]
"""Safe: certain, applied by "Fix all" and ``check --fix``; unsafe: a guess, applied only on request."""
SAFE: Applicability = "safe"
UNSAFE: Applicability = "unsafe"


@dataclass(frozen=True)
class Proposal:
    """One way to fix a diagnostic, as changes to the hand's fields: cheap to
    make, written (by tomlkit) only when it is offered or applied."""

    title: str
    changes: tuple[Change, ...]
    applicability: Applicability
    #: Whether the editor's "auto fix" may pick it (default: a lone fix or a safe one).
    preferred: bool | None = None

    @property
    def safe(self) -> bool:
        """Whether "Fix all" and ``check --fix`` apply it."""
        return self.applicability == SAFE


@dataclass(frozen=True)
class Fix:
    """A proposal written out: its title and edits in hand coordinates."""

    title: str
    edits: list[tuple[Span, str]]
    applicability: Applicability
    preferred: bool | None = None

    @property
    def safe(self) -> bool:
        """Whether "Fix all" and ``check --fix`` apply it."""
        return self.applicability == SAFE


Offered = TypeVar("Offered", Proposal, Fix)


def propose(
    title: str, changes: Sequence[Change], applicability: Applicability, preferred: bool | None = None
) -> list[Proposal]:
    """A fixer's answer: the one proposal, in a list (a fixer may offer several)."""
    return [Proposal(title, tuple(changes), applicability, preferred)]


def hand_edits(hand: HandAnalysis, changes: Sequence[Change]) -> list[tuple[Span, str]]:
    """The edits making ``changes`` on the hand, none when tomlkit cannot make them."""
    edits = field_edits(hand.text, changes, in_table=hand.header is not None) or []
    return [(Span(edit.start, edit.end), edit.new_text) for edit in edits]
