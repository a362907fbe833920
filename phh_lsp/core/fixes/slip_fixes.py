"""The fixes of the slips :mod:`phh_lsp.core.rules.field_slips` names.

A misspelt field renamed (safe when the name is certain, unsafe when it
is a guess by spelling), the first two blinds swapped (unsafe: the other
reading, players listed in the wrong order, would keep the blinds and move
the players, so a person decides), a currency written as its code (safe
for a symbol or a code of one currency only, ``€`` or ``usd``; unsafe for
``$``, ``£``, ``¥``, which several currencies use), an amount written as
text written as the number (safe: the number is what the text says).
"""

from __future__ import annotations

from phh_lsp.core.fixes.proposal import SAFE, UNSAFE, Proposal, propose
from phh_lsp.core.fixes.toml_write import Change, RenameKey, SetElement, SetField
from phh_lsp.core.hand_analysis import HandAnalysis
from phh_lsp.core.rules.codes import Diagnostic
from phh_lsp.core.rules.field_slips import blinds_text
from phh_lsp.core.rules.fix_data import CurrencyCode, MisspeltField, QuotedAmount, SwappedBlinds


def fix_misspelt_field(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    """PHH213: the key renamed to the field it stands for."""
    data = found.data
    if not isinstance(data, MisspeltField) or data.field in hand.report.fields:
        return []
    title = f"Rename `{data.name}` to `{data.field}`"
    return propose(title, [RenameKey(data.name, data.field)], SAFE if data.certain else UNSAFE)


def fix_blinds_order(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    """PHH214: the small blind first."""
    del hand  # the two blinds are all the fix needs
    data = found.data
    if not isinstance(data, SwappedBlinds):
        return []
    changes = [SetElement("blinds_or_straddles", index, data.values[index]) for index in (0, 1)]
    return propose(f"Write {blinds_text(data.values)}", changes, UNSAFE)


def fix_currency(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    """PHH215: the currency's ISO 4217 code."""
    del hand
    data = found.data
    if not isinstance(data, CurrencyCode):
        return []
    return propose(f'Write "{data.code}"', [SetField("currency", data.code)], SAFE if data.certain else UNSAFE)


def fix_quoted_amount(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    """PHH204 for an amount written as text: the number it says."""
    del hand
    data = found.data
    if not isinstance(data, QuotedAmount):
        return []
    change: Change = (
        SetField(data.name, data.value) if data.index is None else SetElement(data.name, data.index, data.value)
    )
    return propose(f"Write `{data.value}`", [change], SAFE)
