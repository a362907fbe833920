"""The house rules of docs/architecture.md, checked on the package's source.

A newcomer reads the layout to find their way: these tests keep it true.
They read the source with ``ast`` (nothing is imported), so a rule broken
by a lazy import inside a function, or one under ``TYPE_CHECKING``, is
found as well.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import phh_lsp

PACKAGE = Path(phh_lsp.__file__).resolve().parent
#: The largest a module may grow before it is split by concept.
MAX_MODULE_LINES = 500
#: What the top of the package may hold besides ``__init__.py`` and ``py.typed``.
TOP_LEVEL = {"__main__.py", "cli", "config", "core", "convert", "lsp", "paths.py", "replayer"}


def _modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _imported(name: str, path: Path) -> Iterator[str]:
    """Every module name ``path`` imports, wherever the import statement is."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            yield module
            yield from (f"{module}.{alias.name}" for alias in node.names)


@cache
def _imports() -> dict[str, tuple[str, ...]]:
    """Every module's imports (:func:`_imported`), read once for all the tests here:
    parsing the whole package with ``ast`` is the cost of each of them."""
    return {name: tuple(_imported(name, path)) for name, path in _modules().items()}


def _graph() -> dict[str, set[str]]:
    """Which of the package's modules each module imports."""
    modules = _modules()
    return {
        name: {target for target in imports if target in modules and target != name}
        for name, imports in _imports().items()
    }


def test_only_the_lsp_package_speaks_the_protocol() -> None:
    speaking = sorted(
        name
        for name, imports in _imports().items()
        if not name.startswith("phh_lsp.lsp")
        and any(module.split(".")[0] in ("pygls", "lsprotocol") for module in imports)
    )
    assert speaking == [], f"only phh_lsp/lsp/ may import pygls or lsprotocol: {speaking}"


def test_no_module_imports_itself_through_others() -> None:
    graph = _graph()
    cycles = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for target in sorted(graph[name]):
            if state.get(target) == 1:
                cycles.append(" -> ".join([*path[path.index(target) :], target]))
            elif target not in state:
                visit(target, [*path, target])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert cycles == [], "import cycles:\n" + "\n".join(cycles)


def test_no_module_is_too_long_to_read() -> None:
    long = {
        str(path.relative_to(PACKAGE)): lines
        for path in PACKAGE.rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert long == {}, f"split these by concept (at most {MAX_MODULE_LINES} lines): {long}"


def test_the_top_of_the_package_shows_the_pipeline() -> None:
    entries = {
        path.name
        for path in PACKAGE.iterdir()
        if path.name not in ("__init__.py", "py.typed", "__pycache__") and not path.name.endswith(".egg-info")
    }
    assert entries == TOP_LEVEL
