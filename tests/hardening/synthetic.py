"""Random legal hands from the shared generator, in-process.

``../shared/tools/corpus/gen_synthetic.py`` imports a ``phhfmt``
module (``VARIANTS`` and ``format_spec``) that is not shipped beside it.
When the real one cannot be imported, a small stand-in is registered
under that name: it writes the generator's field dictionary as TOML in
the spec's style (``actions`` one per line). The generator replays every
hand through PokerKit with that very text, so a hand it returns is legal
whatever the stand-in's layout.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
import types
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

GENERATOR = Path(__file__).resolve().parents[2].parent / "shared" / "tools" / "corpus" / "gen_synthetic.py"
VARIANTS = ("FT", "NT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB")


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal):
        text = format(value, "f")
        return text if "." in text else text + ".0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def format_spec(fields: dict[str, Any]) -> str:
    """The hand as TOML, keys in the dictionary's order."""
    lines = []
    for key, value in fields.items():
        if key == "actions":
            lines.append("actions = [")
            lines.extend(f"  {_toml(action)}," for action in value)
            lines.append("]")
        else:
            lines.append(f"{key} = {_toml(value)}")
    return "\n".join(lines) + "\n"


def _install_phhfmt() -> None:
    try:
        import phhfmt  # noqa: F401
    except ImportError:
        module = types.ModuleType("phhfmt")
        module.VARIANTS = list(VARIANTS)  # type: ignore[attr-defined]
        module.format_spec = format_spec  # type: ignore[attr-defined]
        sys.modules["phhfmt"] = module


@cache
def generator() -> types.ModuleType | None:
    """The generator module, or None when the shared tool is missing."""
    if not GENERATOR.is_file():
        return None
    _install_phhfmt()
    spec = importlib.util.spec_from_file_location("phh_gen_synthetic", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@cache
def hand(variant: str, seed: str, index: int) -> str:
    """One legal hand of ``variant`` (deterministic in seed and index)."""
    module = generator()
    if module is None:
        raise RuntimeError(f"the hand generator is missing at {GENERATOR}")
    text, _ = module.build_hand(variant, seed, index, 25)
    return text


_SHOW = re.compile(r'"p(\d+) sm ((?:[2-9TJQKA?][cdhs?])+)')


def shows_contradict(text: str) -> bool:
    """Whether a player shows twice with different known cards.

    The generator draws a player's unknown hole cards anew at each show
    (an all-in stud player shows before each card still to come), so about
    one hand in 300 reveals ``6d6s`` and later ``6hKc`` for the same two
    cards: PHH407, an error by the spec. Such hands are not legal; the
    tests that need legal hands set them aside (the corpus's three hands
    of this kind were corrected by hand).
    """
    known: dict[tuple[str, int], str] = {}  # (player, position) -> the card shown there
    for player, cards in _SHOW.findall(text):
        for position in range(0, len(cards), 2):
            card = cards[position : position + 2]
            if "?" not in card and known.setdefault((player, position), card) != card:
                return True
    return False


def legal_hand(variant: str, seed: str, index: int) -> str | None:
    """:func:`hand`, or None when it is one the generator got wrong (see :func:`shows_contradict`)."""
    text = hand(variant, seed, index)
    return None if shows_contradict(text) else text
