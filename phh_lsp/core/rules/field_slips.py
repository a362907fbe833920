"""The slips people make in a hand's fields, told as what they are.

A field checker that only knew the spec would say of ``blinds = [1, 2]``
"unknown field `blinds`" and, elsewhere, "missing required field
`blinds_or_straddles`": two diagnostics, neither naming the slip. These
checks name it, once, on the token to change, with the data of its fix:

* a field the hand needs, written under a misspelt or shorthand name
  (PHH213), the rename certain when the name is the field in another
  case, without underscores, singular or a usual shorthand
  (:func:`~phh_lsp.core.rules.respell.respell_field`), a guess when only
  the spelling is close;
* the blinds given big-first (PHH214), heads-up included: the array lists
  the small blind first whatever the table size (spec §V.A.3);
* a currency symbol where ``currency`` wants its ISO 4217 code (PHH215);
* an amount written as text, ``"$200"`` (PHH204's message and fix).
"""

from __future__ import annotations

import difflib
import re
from decimal import Decimal

from phh_lsp.core.engine.state_view import fmt_amount
from phh_lsp.core.rules.actions import parse_amount
from phh_lsp.core.rules.codes import Diagnostic, diagnostic
from phh_lsp.core.rules.currency import SYMBOL_CODES, strip_symbol
from phh_lsp.core.rules.fix_data import CurrencyCode, MisspeltField, QuotedAmount, SwappedBlinds
from phh_lsp.core.rules.respell import respell_amount, respell_field
from phh_lsp.core.rules.schema import FIELD_SPECS
from phh_lsp.core.syntax.entries import Entry, Value
from phh_lsp.core.text import Span


def suggest_field(name: str) -> str | None:
    """The spec field an unknown name stands for: its one right spelling
    (``startingstacks``, ``ante``, ``blinds``), else the closest by
    spelling (``min_bets``, a guess)."""
    return respell_field(name) or _closest_field(name)


def _closest_field(name: str) -> str | None:
    close = difflib.get_close_matches(name.lower(), list(FIELD_SPECS), n=1, cutoff=0.75)
    return close[0] if close else None


def misspelt_field(missing: str, unknown: list[Entry], needed_by: str) -> Diagnostic | None:
    """PHH213 on the unknown key that stands for the ``missing`` field, if one does.

    ``needed_by`` says who needs the field ("NT", "every hand"). A key that
    is the field's one right respelling wins over a key close by spelling.
    """
    certain = next((entry for entry in unknown if respell_field(entry.key) == missing), None)
    guessed = next((entry for entry in unknown if _closest_field(entry.key) == missing), None)
    entry = certain or guessed
    if entry is None:
        return None
    name = entry.key
    said = f"the field is `{missing}`" if certain else f"did you mean `{missing}`?"
    return diagnostic(
        "PHH213",
        f"`{name}` is not a PHH field: {said} (the hand has none, and {needed_by} needs it)",
        entry.key_span,
        MisspeltField(name, missing, certain is not None),
    )


def blinds_text(values: list[int | Decimal] | tuple[int | Decimal, ...]) -> str:
    """The blinds as TOML writes them: ``[1, 2, 0]``."""
    return f"[{', '.join(str(value) for value in values)}]"


def blinds_big_first(node: Value) -> Diagnostic | None:
    """PHH214 on the first two blinds when the big one comes first (``[2, 1, 0]``)."""
    if len(node.items) < 2:
        return None
    first, second = node.items[0], node.items[1]
    if not first.value > second.value > 0:
        return None
    values = [second.value, first.value, *(item.value for item in node.items[2:])]
    written = blinds_text(values)
    heads_up = (
        " (heads-up too: PokerKit gives the small blind to the button, p2, and the big blind to p1)"
        if len(node.items) == 2
        else ""
    )
    return diagnostic(
        "PHH214",
        f"the big blind ({fmt_amount(first.value)}) comes before the small blind ({fmt_amount(second.value)}): "
        f"`blinds_or_straddles` lists the small blind first, write {written}{heads_up}",
        Span(first.span.start, second.span.end),
        SwappedBlinds(tuple(values)),
    )


_CODE = re.compile(r"[A-Z]{3}")


def currency_not_a_code(node: Value) -> Diagnostic | None:
    """PHH215 when ``currency`` is not a three-letter ISO 4217 code (``"$"``, ``"usd"``)."""
    written: str = node.value
    if _CODE.fullmatch(written):
        return None
    data: CurrencyCode | None = None
    if written.strip() in SYMBOL_CODES:
        code, certain = SYMBOL_CODES[written.strip()]
        data = CurrencyCode(code, certain)
        shared = "" if certain else f" (or another code: `{written}` stands for more than one currency)"
        message = (
            f"`{written}` is a currency symbol, not a code: write its ISO 4217 code, `{code}`{shared}; "
            "the symbol belongs in `currency_symbol`"
        )
    elif re.fullmatch(r"[A-Za-z]{3}", written):
        data = CurrencyCode(written.upper(), True)
        message = f"`{written}` is written in capitals: write its ISO 4217 code, `{written.upper()}`"
    else:
        message = f"`currency` is a three-letter ISO 4217 code such as `USD`, `EUR` or `GBP`, not `{written}`"
    return diagnostic("PHH215", message, node.span, data)


def quoted_amount(name: str, item: Value, index: int | None) -> Diagnostic | None:
    """PHH204 for an amount written as text (``"$200"``, ``"200"``): what to write, and its fix."""
    if item.kind != "string":
        return None
    written: str = item.value
    plain = written.strip() if parse_amount(written.strip()) is not None else respell_amount(written.strip())
    value = parse_amount(plain) if plain is not None else None
    if plain is None or value is None:
        return None
    holds = "holds plain numbers" if index is not None else "is a plain number"
    if strip_symbol(written.strip()) is not None:
        message = f'`"{written}"` is an amount with a currency symbol: `{name}` {holds}, write `{plain}`'
    else:
        message = f'`"{written}"` is text: `{name}` {holds}, write `{plain}` without quotes'
    return diagnostic("PHH204", message, item.span, QuotedAmount(name, index, value))
