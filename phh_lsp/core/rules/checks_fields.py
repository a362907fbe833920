"""Field checks (codes 2xx): variant, required and forbidden fields, types,
per-player lengths, values, unknown and duplicate fields.

The rules come from spec §V (required fields and the variant table), §VI
(optional fields and their TOML types), §VII (user-defined fields start
with ``_``) and the additions of spec 0.0.1. The result also says whether
the required fields are sound enough to hand to PokerKit (``setup``):
replaying a hand whose antes are a string would only produce noise.
"""

from __future__ import annotations

import datetime
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from phh_lsp.core.engine.hand_setup import Setup
from phh_lsp.core.engine.state_view import fmt_amount
from phh_lsp.core.rules.codes import Diagnostic, diagnostic
from phh_lsp.core.rules.field_slips import (
    blinds_big_first,
    currency_not_a_code,
    misspelt_field,
    quoted_amount,
    suggest_field,
)
from phh_lsp.core.rules.fix_data import (
    FixData,
    ForbiddenField,
    MissingField,
    MisspeltField,
    UnknownField,
    UnknownVariant,
    WrongLength,
)
from phh_lsp.core.rules.schema import (
    ALWAYS_REQUIRED,
    FIELD_SPECS,
    REQUIRED_BY_VARIANT,
    STUD_VARIANTS,
    VARIANT_NAMES,
    ValueKind,
    betting_structure,
    forbidden_fields,
)
from phh_lsp.core.rules.variant_aliases import GAME_NAMES, VariantMatch, match_variant
from phh_lsp.core.syntax.entries import Entry, Value
from phh_lsp.core.text import Span

_NUMERIC = ("integer", "float")


@dataclass(slots=True)
class FieldReport:
    """The fields of one hand and what is wrong with them."""

    fields: dict[str, Entry] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    variant: str | None = None
    player_count: int | None = None
    setup: Setup | None = None
    #: Per known field: whether its value has the spec's type.
    typed_ok: dict[str, bool] = field(default_factory=dict)

    def add(self, code: str, message: str, span: Span, data: FixData | None = None) -> None:
        """Record a diagnostic with the code's default severity (and a fix's data)."""
        self.diagnostics.append(diagnostic(code, message, span, data))


def _describe(node: Value) -> str:
    if node.kind == "array":
        return "an array"
    if node.kind == "datetime":
        return "a date or time"
    if node.kind == "invalid":
        return f"`{node.value}`"
    return {
        "string": "a string",
        "integer": "an integer",
        "float": "a float",
        "boolean": "a boolean",
        "table": "a table",
    }.get(node.kind, node.kind)


#: The value kinds each array field's elements may have, looked up once per
#: field rather than decided per element (every action is one).
_ELEMENT_KINDS: dict[ValueKind, tuple[str, ...]] = {
    ValueKind.NUMBER_ARRAY: _NUMERIC,
    ValueKind.STACK_ARRAY: _NUMERIC,
    ValueKind.INTEGER_ARRAY: ("integer",),
    ValueKind.STRING_ARRAY: ("string",),
}


def _scalar_ok(kind: ValueKind, node: Value) -> bool:
    if kind is ValueKind.STRING:
        return node.kind == "string"
    if kind is ValueKind.INTEGER:
        return node.kind == "integer"
    if kind is ValueKind.NUMBER:
        return node.kind in _NUMERIC
    if kind is ValueKind.BOOLEAN:
        return node.kind == "boolean"
    if kind is ValueKind.LOCAL_TIME:
        return node.kind == "datetime" and isinstance(node.value, datetime.time)
    return node.kind in ("string", "integer")


def _is_nan(node: Value) -> bool:
    return node.kind == "float" and isinstance(node.value, Decimal) and node.value.is_nan()


#: What each element of an array field must be, in words.
_ELEMENT = {
    ValueKind.NUMBER_ARRAY: "an integer or a float",
    ValueKind.STACK_ARRAY: "an integer, a float or inf",
    ValueKind.INTEGER_ARRAY: "an integer",
    ValueKind.STRING_ARRAY: "a string",
}


def _check_type(report: FieldReport, name: str, node: Value) -> bool:
    """PHH204 on the value or on each bad element; True when the type is right.

    ``nan`` is a TOML float but no amount, stack or time: it is refused
    here, so no later check ever compares a NaN.
    """
    kind = FIELD_SPECS[name].kind
    nans = [item for item in (node.items if node.kind == "array" else [node]) if item.kind == "float" and _is_nan(item)]
    for item in nans:
        report.add("PHH204", f"`nan` is not a number PHH can use in `{name}`", item.span)
    if nans:
        return False
    if kind.name.endswith("ARRAY"):
        if node.kind != "array":
            report.add("PHH204", f"`{name}` must be an {kind.value}, not {_describe(node)}", node.span)
            return False
        good = True
        element = _ELEMENT[kind]
        allowed = _ELEMENT_KINDS[kind]
        for index, item in enumerate(node.items):
            if item.kind not in allowed:
                told = quoted_amount(name, item, index) if kind is not ValueKind.STRING_ARRAY else None
                if told is not None:
                    report.diagnostics.append(told)
                else:
                    report.add(
                        "PHH204", f"every element of `{name}` must be {element}, not {_describe(item)}", item.span
                    )
                good = False
        return good
    if not _scalar_ok(kind, node):
        told = quoted_amount(name, node, None) if kind in (ValueKind.NUMBER, ValueKind.INTEGER) else None
        if told is not None:
            report.diagnostics.append(told)
            return False
        hint = ""
        if kind is ValueKind.LOCAL_TIME and node.kind == "string":
            hint = f" (write it unquoted: `time = {node.value}`)"
        elif kind in (ValueKind.NUMBER, ValueKind.INTEGER) and node.kind == "string":
            hint = " (remove the quotes)"
        report.add("PHH204", f"`{name}` must be {_article(kind.value)}, not {_describe(node)}{hint}", node.span)
        return False
    if name == "currency_symbol" and len(node.value) != 1:
        report.add("PHH204", f'`currency_symbol` must be a single character such as "$", not "{node.value}"', node.span)
        return False
    return True


def _article(text: str) -> str:
    return ("an " if text[0] in "aeiou" else "a ") + text


def suggest_variant(code: str) -> str | None:
    """The valid variant code closest to what was written (names players
    use first: see :mod:`phh_lsp.core.rules.variant_aliases`)."""
    found = match_variant(code)
    return found.code if found else None


def _check_variant(report: FieldReport, entry: Entry) -> None:
    node = entry.value
    assert node is not None
    if node.kind != "string":
        report.add("PHH204", f'`variant` must be a string such as "NT", not {_describe(node)}', node.span)
        return
    code: str = node.value
    if code in VARIANT_NAMES:
        report.variant = code
        return
    found = match_variant(code)
    report.add(
        "PHH201", _variant_message(code, found), node.span, UnknownVariant(found.code, found.certain) if found else None
    )


def _variant_message(code: str, found: VariantMatch | None) -> str:
    """PHH201's message: how the game is written in PHH when the name says
    it for certain, else the nearest code as a question, and the codes."""
    codes = f"Valid codes: {', '.join(VARIANT_NAMES)}"
    if found is None:
        return f'unknown variant "{code}". {codes}'
    game = GAME_NAMES[found.code]
    if found.certain:
        return f"`{code}` is written `{found.code}` ({game})"
    if found.note:
        return f'`{code}` is {found.note}: the nearest code is "{found.code}" ({game}), a different betting limit'
    return f'unknown variant "{code}": did you mean "{found.code}" ({game})? {codes}'


_FORBIDDEN_REASON = {
    "min_bet": "fixed-limit games use `small_bet` and `big_bet`",
    "small_bet": "no-limit and pot-limit games use `min_bet`",
    "big_bet": "no-limit and pot-limit games use `min_bet`",
    "bring_in": "a bring-in belongs to stud games, never with blinds or straddles",
    "blinds_or_straddles": "stud games use a bring-in, not blinds or straddles",
}


def check_fields(entries: list[Entry], anchor: Span, table: str | None = None) -> FieldReport:
    """Check one hand's key/value entries; ``anchor`` locates a missing field.

    ``table`` is the hand's table in a ``.phhs`` file: its entries are the
    hand's fields, as top-level entries are in a ``.phh`` file.
    """
    report = FieldReport()
    for entry in entries:
        if entry.is_header or entry.table != table:
            if entry.is_header:
                report.add(
                    "PHH208",
                    f"`[{entry.key}]` is not a PHH field: a .phh file holds one hand as top-level fields",
                    entry.key_span,
                )
            continue
        if entry.key in report.fields:
            report.add("PHH209", f"`{entry.key}` is defined twice: keep one definition", entry.key_span)
            continue
        report.fields[entry.key] = entry
    unknown = _check_known_fields(report)
    _check_requirements(report, anchor, unknown)
    _check_unknown(report, unknown)
    _check_players(report)
    _build_setup(report)
    return report


def _check_known_fields(report: FieldReport) -> list[Entry]:
    """Variant and types of the spec's fields; the unknown fields, returned
    (one may be a misspelt required field: see :func:`_check_requirements`)."""
    unknown: list[Entry] = []
    for name, entry in report.fields.items():
        if entry.value is None:
            continue
        if name == "variant":
            _check_variant(report, entry)
        elif name in FIELD_SPECS:
            report.typed_ok[name] = _check_type(report, name, entry.value)
            if name == "currency" and report.typed_ok[name]:
                _add(report, currency_not_a_code(entry.value))
        elif not name.lstrip('"').startswith("_"):  # `"_a.b"`: a quoted user field
            unknown.append(entry)
    return unknown


def _add(report: FieldReport, found: Diagnostic | None) -> None:
    if found is not None:
        report.diagnostics.append(found)


def _check_unknown(report: FieldReport, unknown: list[Entry]) -> None:
    """PHH208 on each unknown field no required field was missing for."""
    for entry in unknown:
        name = entry.key
        suggestion = suggest_field(name)
        hint = f"did you mean `{suggestion}`? Otherwise " if suggestion else ""
        report.add(
            "PHH208",
            f"unknown field `{name}`: {hint}prefix user-defined fields with `_` (`_{name}`)",
            entry.key_span,
            UnknownField(name, suggestion),
        )


def _check_requirements(report: FieldReport, anchor: Span, unknown: list[Entry]) -> None:
    """PHH202 for each required field missing, or PHH213 on the unknown
    key that stands for it (``blinds``): one slip, one diagnostic."""
    variant = report.variant
    required = REQUIRED_BY_VARIANT[variant] if variant else ALWAYS_REQUIRED
    if variant is None and "variant" in report.fields:
        required = ALWAYS_REQUIRED[1:]
    for name in required:
        if name not in report.fields:
            misspelt = misspelt_field(name, unknown, variant or "every hand")
            if misspelt is not None:
                assert isinstance(misspelt.data, MisspeltField)
                del unknown[unknown.index(report.fields[misspelt.data.name])]  # no longer unknown: it is this slip
                report.diagnostics.append(misspelt)
                continue
            where = f" for {variant} ({VARIANT_NAMES[variant]})" if variant else ""
            report.add("PHH202", f"missing required field `{name}`{where}", anchor, MissingField(name))
    if variant is None:
        return
    for name in forbidden_fields(variant):
        if name in report.fields:
            report.add(
                "PHH203",
                f"`{name}` must not be set in {variant} ({betting_structure(variant)}"
                f"{', stud' if variant in STUD_VARIANTS else ''}): {_FORBIDDEN_REASON[name]}",
                report.fields[name].key_span,
                ForbiddenField(name),
            )


def _good(report: FieldReport, name: str) -> Value | None:
    entry = report.fields.get(name)
    if entry is None or entry.value is None or not report.typed_ok.get(name, False):
        return None
    return entry.value


def _check_players(report: FieldReport) -> None:
    stacks = _good(report, "starting_stacks")
    if stacks is not None:
        if len(stacks.items) < 2:
            report.add(
                "PHH210", f"a hand needs at least 2 players; `starting_stacks` has {len(stacks.items)}", stacks.span
            )
        for item in stacks.items:
            value = item.value
            if value <= 0:
                report.add(
                    "PHH206",
                    f"starting stacks must be positive, not {fmt_amount(value)} (use `inf` for an unknown stack)",
                    item.span,
                )
    antes = _good(report, "antes")
    if antes is not None:
        for item in antes.items:
            if item.value < 0:
                report.add("PHH207", f"an ante cannot be negative ({fmt_amount(item.value)})", item.span)
    for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
        node = _good(report, name)
        if node is not None and not node.value > 0:
            report.add("PHH211", f"`{name}` must be positive, not {fmt_amount(node.value)}", node.span)
    _check_bet_order(report)
    blinds = _good(report, "blinds_or_straddles")
    if blinds is not None:
        _add(report, blinds_big_first(blinds))
    _check_lengths(report)


def _check_lengths(report: FieldReport) -> None:
    """PHH205 on each per-player array whose length is not the player count.

    The count is the length most of the arrays agree on (``starting_stacks``
    breaks a tie), so one odd array gets one diagnostic, rather than every
    other array and every action of a player it lacks ("there is no p5").
    """
    lengths = {
        name: len(node.items)
        for name, spec in FIELD_SPECS.items()
        if spec.per_player and (node := _good(report, name)) is not None
    }
    if not lengths:
        return
    votes = Counter(lengths.values())
    first = lengths.get("starting_stacks", next(iter(lengths.values())))
    count = max(votes, key=lambda length: (votes[length], length == first))
    report.player_count = count
    agreeing = [name for name, length in lengths.items() if length == count]
    source = _names(agreeing[:3]) + (" and others" if len(agreeing) > 3 else "")
    for name, length in lengths.items():
        if length != count:
            node = report.fields[name].value
            assert node is not None
            report.add(
                "PHH205",
                f"`{name}` has {length} entr{'y' if length == 1 else 'ies'} "
                f"but the hand has {count} players (from {source})",
                node.span,
                WrongLength(name, count),
            )


def _names(names: list[str]) -> str:
    quoted = [f"`{name}`" for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


def _check_bet_order(report: FieldReport) -> None:
    """PHH212: the fixed-limit sizes in the order the game needs them (the
    big bet of the later streets at least the small bet, a stud bring-in
    below the small bet, which PokerKit also demands). Reported on the
    value that reads wrong; the hand is not replayed on sizes that contradict."""
    small, big, bring_in = (_good(report, name) for name in ("small_bet", "big_bet", "bring_in"))
    if small is None or not small.value > 0:
        return
    if big is not None and big.value > 0 and small.value > big.value:
        report.add(
            "PHH212",
            f"`big_bet` ({fmt_amount(big.value)}) is below `small_bet` ({fmt_amount(small.value)}): "
            "the big bet, used on the later streets, is the larger one (usually twice the small bet)",
            big.span,
        )
    if bring_in is not None and bring_in.value > 0 and bring_in.value >= small.value:
        report.add(
            "PHH212",
            f"the bring-in ({fmt_amount(bring_in.value)}) must be less than the small bet "
            f"({fmt_amount(small.value)}): the first player may bring it in or complete to the small bet",
            bring_in.span,
        )


def _build_setup(report: FieldReport) -> None:
    variant = report.variant
    if variant is None or any(
        d.code in ("PHH206", "PHH207", "PHH210", "PHH211", "PHH212", "PHH214")
        # an array PokerKit does not read (`players`, `seats`, `winnings`) may
        # be the wrong length: the hand is still played, so nothing hides behind it
        or (d.code == "PHH205" and isinstance(d.data, WrongLength) and d.data.name in REQUIRED_BY_VARIANT[variant])
        for d in report.diagnostics
    ):
        return
    values: dict[str, Any] = {}
    for name in REQUIRED_BY_VARIANT[variant]:
        if name in ("variant", "actions"):
            continue
        node = _good(report, name)
        if node is None:
            return
        values[name] = node.plain()
    trimming = _good(report, "ante_trimming_status")
    values["ante_trimming_status"] = bool(trimming.value) if trimming is not None else False
    report.setup = Setup(variant, values)
