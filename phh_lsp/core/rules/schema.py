"""The PHH field table: names, TOML types, per-variant requirements, docs.

One table feeds the checker (types, required/forbidden fields), the
formatter (field order), hover (descriptions), completion (field names)
and the JSON schema, so they can never disagree. Everything here is taken
from the specification: section V (required fields) and VI (optional
fields) of the PHH paper, the spec site's variant table, and the additions
of spec version 0.0.1 (``venue``, ``time_zone_abbreviation``, ``winnings``,
``currency_symbol``; ``hand``/``table`` as string or integer).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class ValueKind(Enum):
    """The TOML shapes the spec allows for a field's value."""

    STRING = "string"
    INTEGER = "integer"
    NUMBER = "integer or float"
    BOOLEAN = "boolean"
    LOCAL_TIME = "local time"
    STRING_OR_INTEGER = "string or integer"
    NUMBER_ARRAY = "array of integers or floats"
    STACK_ARRAY = "array of integers, floats or inf"
    INTEGER_ARRAY = "array of integers"
    STRING_ARRAY = "array of strings"


@dataclass(frozen=True)
class FieldSpec:
    """One field of the PHH specification."""

    name: str
    title: str
    kind: ValueKind
    description: str
    section: str
    per_player: bool = False


VARIANT_NAMES: dict[str, str] = {
    "FT": "Fixed-limit Texas hold 'em",
    "NT": "No-limit Texas hold 'em",
    "NS": "No-limit short-deck hold 'em",
    "PO": "Pot-limit Omaha hold 'em",
    "FO/8": "Fixed-limit Omaha hold 'em high/low-split eight or better",
    "F7S": "Fixed-limit seven card stud",
    "F7S/8": "Fixed-limit seven card stud high/low-split eight or better",
    "FR": "Fixed-limit razz",
    "N2L1D": "No-limit deuce-to-seven lowball single draw",
    "F2L3D": "Fixed-limit deuce-to-seven lowball triple draw",
    "FB": "Fixed-limit badugi",
}

STUD_VARIANTS = frozenset({"F7S", "F7S/8", "FR"})
DRAW_VARIANTS = frozenset({"N2L1D", "F2L3D", "FB"})
FIXED_LIMIT_VARIANTS = frozenset({"FT", "FO/8", "F7S", "F7S/8", "FR", "F2L3D", "FB"})
NO_LIMIT_VARIANTS = frozenset({"NT", "NS", "N2L1D"})
POT_LIMIT_VARIANTS = frozenset({"PO"})

_REQ = "Spec §V (required fields)"
_OPT = "Spec §VI (optional fields)"
_NEW = "Spec 0.0.1 additions"

REQUIRED_FIELD_SPECS: tuple[FieldSpec, ...] = (
    FieldSpec(
        "variant",
        "Variant code",
        ValueKind.STRING,
        "The variant code (FT, NT, NS, PO, FO/8, F7S, F7S/8, FR, "
        "N2L1D, F2L3D, FB); it decides which other fields are required.",
        "Spec §V.A.1",
    ),
    FieldSpec(
        "antes",
        "Antes",
        ValueKind.NUMBER_ARRAY,
        "The ante of each player, one non-negative number per player (reversed in heads-up play by rule).",
        "Spec §V.A.2",
        per_player=True,
    ),
    FieldSpec(
        "blinds_or_straddles",
        "Blinds/Straddles",
        ValueKind.NUMBER_ARRAY,
        "Every forced bet but the bring-in, one number per player; only "
        "in button games. A negative entry is a dead post by a newly "
        "seated player (PokerKit's convention, seen in real data).",
        "Spec §V.A.3",
        per_player=True,
    ),
    FieldSpec(
        "bring_in",
        "Bring-in",
        ValueKind.NUMBER,
        "The bring-in forced bet of stud games; never together with blinds or straddles.",
        "Spec §V.A.4",
    ),
    FieldSpec(
        "small_bet",
        "Small bet",
        ValueKind.NUMBER,
        "The bet size of the early betting rounds of fixed-limit games.",
        "Spec §V.A.5",
    ),
    FieldSpec(
        "big_bet",
        "Big bet",
        ValueKind.NUMBER,
        "The bet size of the late betting rounds of fixed-limit games.",
        "Spec §V.A.6",
    ),
    FieldSpec(
        "min_bet",
        "Min bet",
        ValueKind.NUMBER,
        "The minimum bet of no-limit and pot-limit games; never in fixed-limit games.",
        "Spec §V.A.7",
    ),
    FieldSpec(
        "starting_stacks",
        "Starting stacks",
        ValueKind.STACK_ARRAY,
        "The stack of each player before the hand, strictly positive; "
        "`inf` for an unknown stack. Its length is the player count.",
        "Spec §V.A.8",
        per_player=True,
    ),
    FieldSpec(
        "actions",
        "Actions",
        ValueKind.STRING_ARRAY,
        "The actions of the dealer and the players, in order, in the "
        "PHH action notation (`d dh p1 AcAd`, `p3 cbr 7000`, `p2 f`).",
        "Spec §V.B",
    ),
)

OPTIONAL_FIELD_SPECS: tuple[FieldSpec, ...] = (
    FieldSpec("author", "Author", ValueKind.STRING, "The annotator's full name or mononym.", "Spec §VI.A"),
    FieldSpec("event", "Event", ValueKind.STRING, "The full name of the event, in English.", "Spec §VI.B.1"),
    FieldSpec(
        "url", "URL", ValueKind.STRING, "A URL relevant to the event, with its `https://` prefix.", "Spec §VI.B.2"
    ),
    FieldSpec("venue", "Venue", ValueKind.STRING, "Where the hand was played (a casino, a poker site).", _NEW),
    FieldSpec("address", "Address", ValueKind.STRING, "The street address of the venue.", "Spec §VI.B.3"),
    FieldSpec("city", "City", ValueKind.STRING, "The city, full English name.", "Spec §VI.B.4"),
    FieldSpec("region", "Region", ValueKind.STRING, "The region, full English name.", "Spec §VI.B.5"),
    FieldSpec("postal_code", "Postal code", ValueKind.STRING, "The postal code of the venue.", "Spec §VI.B.6"),
    FieldSpec("country", "Country", ValueKind.STRING, "The country, full English name.", "Spec §VI.B.7"),
    FieldSpec(
        "time",
        "Time",
        ValueKind.LOCAL_TIME,
        "The approximate start time as a TOML local time (`time = 20:15:00`, not a string).",
        "Spec §VI.B.8",
    ),
    FieldSpec(
        "time_zone", "Time zone", ValueKind.STRING, "An IANA time zone such as `America/Toronto`.", "Spec §VI.B.9"
    ),
    FieldSpec(
        "time_zone_abbreviation",
        "Time zone abbreviation",
        ValueKind.STRING,
        "A time zone abbreviation such as `ET`.",
        _NEW,
    ),
    FieldSpec("day", "Day", ValueKind.INTEGER, "The day of the month the hand took place.", "Spec §VI.B.10"),
    FieldSpec("month", "Month", ValueKind.INTEGER, "The month, 1 for January.", "Spec §VI.B.11"),
    FieldSpec("year", "Year", ValueKind.INTEGER, "The year the hand took place.", "Spec §VI.B.12"),
    FieldSpec("hand", "Hand", ValueKind.STRING_OR_INTEGER, "The hand number or name.", "Spec §VI.C.1"),
    FieldSpec("level", "Level", ValueKind.INTEGER, "The blind or ante level of a tournament.", "Spec §VI.C.2"),
    FieldSpec(
        "seats", "Seats", ValueKind.INTEGER_ARRAY, "The seat number of each player.", "Spec §VI.D.1", per_player=True
    ),
    FieldSpec(
        "seat_count",
        "Number of seats",
        ValueKind.INTEGER,
        "The number of seats at the table (may exceed the players).",
        "Spec §VI.D.2",
    ),
    FieldSpec("table", "Table", ValueKind.STRING_OR_INTEGER, "The table number or name.", "Spec §VI.D.3"),
    FieldSpec(
        "players",
        "Players",
        ValueKind.STRING_ARRAY,
        'The player names, in player order (`""` when unknown).',
        "Spec §VI.E.1",
        per_player=True,
    ),
    FieldSpec(
        "finishing_stacks",
        "Finishing stacks",
        ValueKind.NUMBER_ARRAY,
        "Each player's stack after the last action.",
        "Spec §VI.E.2",
        per_player=True,
    ),
    FieldSpec(
        "winnings",
        "Winnings",
        ValueKind.NUMBER_ARRAY,
        "What each player collected from the pots, after rake.",
        _NEW,
        per_player=True,
    ),
    FieldSpec("currency", "Currency", ValueKind.STRING, "An ISO 4217 three-letter currency code.", "Spec §VI.E.3"),
    FieldSpec(
        "currency_symbol", "Currency symbol", ValueKind.STRING, "A single-character currency symbol such as `$`.", _NEW
    ),
    FieldSpec(
        "ante_trimming_status",
        "Ante trimming status",
        ValueKind.BOOLEAN,
        "Whether a player who cannot pay the full ante only wins in proportion to what they put in (default false).",
        "Spec §VI.E.4",
    ),
    FieldSpec(
        "time_limit",
        "Time limit",
        ValueKind.NUMBER,
        "The shot clock per decision, in seconds (`inf` for none).",
        "Spec §VI.F.1",
    ),
    FieldSpec(
        "time_banks",
        "Time banks",
        ValueKind.NUMBER_ARRAY,
        "Each player's time bank at the start of the hand.",
        "Spec §VI.F.2",
        per_player=True,
    ),
)

FIELD_SPECS: dict[str, FieldSpec] = {spec.name: spec for spec in REQUIRED_FIELD_SPECS + OPTIONAL_FIELD_SPECS}

#: The style guide's order: required fields first in the spec's order, then
#: the optional fields in the spec's table order.
FIELD_ORDER: tuple[str, ...] = tuple(FIELD_SPECS)

REQUIRED_FIELD_NAMES: frozenset[str] = frozenset(spec.name for spec in REQUIRED_FIELD_SPECS)

_BUTTON = ("variant", "antes", "blinds_or_straddles")
_FIXED = ("small_bet", "big_bet")
_UNFIXED = ("min_bet",)
_STUD = ("variant", "antes", "bring_in")
_TAIL = ("starting_stacks", "actions")

#: For each variant, the required fields in the spec's order.
REQUIRED_BY_VARIANT: dict[str, tuple[str, ...]] = {
    "FT": _BUTTON + _FIXED + _TAIL,
    "NT": _BUTTON + _UNFIXED + _TAIL,
    "NS": _BUTTON + _UNFIXED + _TAIL,
    "PO": _BUTTON + _UNFIXED + _TAIL,
    "FO/8": _BUTTON + _FIXED + _TAIL,
    "F7S": _STUD + _FIXED + _TAIL,
    "F7S/8": _STUD + _FIXED + _TAIL,
    "FR": _STUD + _FIXED + _TAIL,
    "N2L1D": _BUTTON + _UNFIXED + _TAIL,
    "F2L3D": _BUTTON + _FIXED + _TAIL,
    "FB": _BUTTON + _FIXED + _TAIL,
}


#: The fields every variant requires, in the spec's order.
ALWAYS_REQUIRED: tuple[str, ...] = tuple(
    name for name in FIELD_ORDER if all(name in required for required in REQUIRED_BY_VARIANT.values())
)


def forbidden_fields(variant: str) -> tuple[str, ...]:
    """The required-field names that the variant must not define.

    The spec's variant table marks each of them "no": ``min_bet`` in
    fixed-limit games, ``small_bet``/``big_bet`` in no- and pot-limit
    games, ``bring_in`` in button games, ``blinds_or_straddles`` in stud.
    """
    required = REQUIRED_BY_VARIANT[variant]
    return tuple(spec.name for spec in REQUIRED_FIELD_SPECS if spec.name not in required)


def betting_structure(variant: str) -> str:
    """ "fixed-limit", "pot-limit" or "no-limit", from the variant code."""
    if variant in FIXED_LIMIT_VARIANTS:
        return "fixed-limit"
    if variant in POT_LIMIT_VARIANTS:
        return "pot-limit"
    return "no-limit"
