"""The one import checker of the layering tests: which modules of a package import
which, and the circles among them.

One rule for every package: every import counts, one inside a function and one
under ``if TYPE_CHECKING:`` too (a type that only an upper layer defines is an
upward dependency all the same, and a circle of type imports is a circle).
``tests/test_layers.py`` holds airwar's layers and every package to it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path


def module_name(path: Path, root: Path, pkg: str) -> str:
    """The dotted name of the module at ``path`` in the package ``pkg`` at ``root``."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([pkg, *parts])


def imports(source: str, module: str, is_package: bool) -> Iterator[tuple[int, list[str]]]:
    """What ``source`` imports: (line, candidate module names) per name imported.
    ``import x`` gives ``[x]``, ``from x import y`` gives ``[x.y, x]`` (the module ``y``
    of ``x`` if there is one, else the name ``y`` defined in ``x``); relative imports
    are resolved. Every import counts, under ``TYPE_CHECKING`` and in functions too."""
    base = module.split(".") if is_package else module.split(".")[:-1]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, [a.name]) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                stem = base[: len(base) - (node.level - 1)]
                name = ".".join([*stem, node.module] if node.module else stem)
            else:
                name = node.module or ""
            yield from ((node.lineno, [f"{name}.{a.name}", name]) for a in node.names)


def sources(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


def import_graph(root: Path, pkg: str) -> dict[str, dict[str, int]]:
    """Every module of the package at ``root``, each with the package's modules it
    imports and the line of the first such import."""
    paths = {module_name(p, root, pkg): p for p in sources(root)}
    graph: dict[str, dict[str, int]] = {}
    for name, path in paths.items():
        found: dict[str, int] = {}
        for line, candidates in imports(path.read_text("utf-8"), name, path.name == "__init__.py"):
            for m in candidates:
                if m in paths:
                    found.setdefault(m, line)
                    break
        found.pop(name, None)
        graph[name] = found
    return graph


def cycles(graph: dict[str, dict[str, int]] | dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)
