"""PokerKit's hand-lookup tables, built when a hand is first evaluated.

Why: importing PokerKit builds the lookup table of every hand type it
knows (standard, low, short-deck, Badugi, Kuhn, ...: fourteen tables) in
the class bodies of ``pokerkit.hands``. That is 0.2 s of a 0.25 s import,
paid by every ``phh-lsp check`` and by the server before its first
check, although a dataset of hold'em hands only ever looks in one table,
and most hands (won when everybody else folds) in none.

:func:`build_tables_when_used` makes each table build itself the first
time it is looked in, with PokerKit's own code: ``Lookup.__post_init__``
is deferred to the first call of the three methods that read a table
(``has_entry``, ``get_entry``, ``get_entry_or_none``). What a table holds
and what a lookup answers are unchanged (held to eagerly built tables by
``tests/core/test_pokerkit_tables.py``); only the moment of building moves.
Hold'em's table is then read from a stored copy of PokerKit's build, when
it is one of this PokerKit's (see stored_tables.py).

It works by an import hook for ``pokerkit.lookups`` alone, installed when
:mod:`phh_lsp` is imported: the module is found and run by the finders
that would have found it anyway, then its ``Lookup`` class is changed,
before ``pokerkit.hands`` builds its tables; the hook then leaves the
interpreter's list of finders. Nothing is read or run that
PokerKit's own import would not read and run. When PokerKit was imported
first (a program that imports it before phh_lsp), or its ``Lookup`` is
not the one this was written for, the tables stay as PokerKit builds them.
"""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

MODULE = "pokerkit.lookups"
#: The methods of ``Lookup`` that read its table.
READERS = ("has_entry", "get_entry", "get_entry_or_none")
#: Marks a table built (an attribute of the lookup, not one of its fields).
BUILT = "_phh_lsp_table_built"

_building = threading.Lock()


def build_tables_when_used() -> None:
    """Defer the building of PokerKit's tables to their first use (see above).

    Installs the import hook, once; does nothing when PokerKit's lookups
    module is already loaded (its tables are then built)."""
    if MODULE in sys.modules or any(isinstance(finder, _LookupsFinder) for finder in sys.meta_path):
        return
    sys.meta_path.insert(0, _LookupsFinder())


def defer_building(lookup_class: type) -> bool:
    """Make ``lookup_class`` (PokerKit's ``Lookup``) build a table on first
    use; False, and nothing changed, if it is not the class expected."""
    build = lookup_class.__dict__.get("__post_init__")
    if build is None or hasattr(build, "deferred") or any(name not in lookup_class.__dict__ for name in READERS):
        return False

    def deferred(self: Any) -> None:
        """PokerKit's table building, left to the first lookup."""

    deferred.deferred = build  # type: ignore[attr-defined]
    lookup_class.__post_init__ = deferred  # type: ignore[attr-defined]
    for name in READERS:
        setattr(lookup_class, name, _after_building(lookup_class.__dict__[name], build))
    return True


def eager_build(lookup_class: type) -> Callable[[Any], None]:
    """PokerKit's own table building of ``lookup_class`` (for the tests that
    hold the deferred tables to it)."""
    build = lookup_class.__dict__["__post_init__"]
    return getattr(build, "deferred", build)  # type: ignore[no-any-return]


def built_by_pokerkit(lookup_class: type) -> Any:
    """A fresh lookup of ``lookup_class`` whose table PokerKit's own code
    built (what the tests hold the stored table to, and store)."""
    from pokerkit.lookups import Lookup

    lookup = lookup_class()
    if not vars(lookup).get("_Lookup__entries"):  # deferred: built as PokerKit would have
        eager_build(Lookup)(lookup)
    return lookup


def _after_building(reader: Callable[..., Any], build: Callable[[Any], None]) -> Callable[..., Any]:
    @functools.wraps(reader)
    def read(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not self.__dict__.get(BUILT):
            with _building:  # the server looks up hands on more than one thread
                if not self.__dict__.get(BUILT):
                    _fill(self, build)
                    self.__dict__[BUILT] = True
        return reader(self, *args, **kwargs)

    return read


def _fill(lookup: Any, build: Callable[[Any], None]) -> None:
    """The table of ``lookup``: the stored copy of PokerKit's build where
    there is one for this PokerKit (hold'em's, see stored_tables.py),
    PokerKit's building otherwise."""
    from phh_lsp.core.engine import stored_tables

    if not stored_tables.load(lookup):
        build(lookup)


class _LookupsFinder:
    """Finds ``pokerkit.lookups`` through the other finders, and loads it
    with :class:`_ThenDefer`."""

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None) -> Any:
        if name != MODULE:
            return None
        # its one module is found: out of every later import's way
        sys.meta_path[:] = [finder for finder in sys.meta_path if finder is not self]
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            if find is None:
                continue
            spec = find(name, path, target)
            if spec is not None:
                if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    spec.loader = _ThenDefer(spec.loader)
                return spec
        return None


class _ThenDefer:
    """Runs the module with its own loader, then defers its tables' building."""

    def __init__(self, loader: Any) -> None:
        self.loader = loader

    def create_module(self, spec: Any) -> ModuleType | None:
        return self.loader.create_module(spec)  # type: ignore[no-any-return]

    def exec_module(self, module: ModuleType) -> None:
        # the module's own loader again, for what asks it later (tracebacks' source lines)
        module.__loader__ = self.loader
        if module.__spec__ is not None:
            module.__spec__.loader = self.loader
        self.loader.exec_module(module)
        lookup = getattr(module, "Lookup", None)
        if isinstance(lookup, type):
            defer_building(lookup)
