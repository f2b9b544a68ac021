"""The layers inside the Gunslingers package: no import goes up, and no import cycle.

    0  tables                      the data files and their one loader
    1  model/                      the scenario, units, types, hex grid, tasks, the state
    2  rules/                      the checks: pure functions, one module per phase
    3  phases/                     the steps of each phase, the sequence, the registries
    4  referee, aliases, views,    the loop that walks the sequence; what each side knows
       knowledge, visibility,      and sees; who won and why; every kind of event, its
       lost_contacts, victory,     audience and its line
       event_table, sentences,
       wording, scoring,
       after_action
    5  game, autoplayer, narrate,  the game on the kernel, its automatic player, its log
       the package itself

Every import counts: one inside a function and one under ``if TYPE_CHECKING:``
too (a type that only an upper layer defines is an upward dependency all the
same). A module imports its own layer or lower ones, and the modules never
import one another in a circle. A new module must be given its layer here.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import airwar.games.gunslingers as package

PKG = package.__name__
ROOT = Path(package.__file__).parent

LAYERS = {
    "tables": 0,
    "model": 1,
    "rules": 2,
    "phases": 3,
    "referee": 4,
    "aliases": 4,
    "views": 4,
    "visibility": 4,
    "knowledge": 4,
    "lost_contacts": 4,
    "scoring": 4,
    "after_action": 4,
    "event_table": 4,
    "sentences": 4,
    "wording": 4,
    "victory": 4,
    "game": 5,
    "autoplayer": 5,
    "narrate": 5,
    "": 5,
}
"""The layer of each top-level module or sub-package (``""``: the package's ``__init__``)."""


def module_name(path: Path, root: Path = ROOT, pkg: str = PKG) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([pkg, *parts])


def imports(source: str, module: str, is_package: bool) -> Iterator[list[str]]:
    """What ``source`` imports, one list of candidate module names per name imported:
    ``import x`` gives ``[x]``, ``from x import y`` gives ``[x.y, x]`` (the module ``y``
    of ``x`` if there is one, else the name ``y`` defined in ``x``)."""
    base = module.split(".") if is_package else module.split(".")[:-1]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from ([a.name] for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                stem = base[: len(base) - (node.level - 1)]
                name = ".".join([*stem, node.module] if node.module else stem)
            else:
                name = node.module or ""
            yield from ([f"{name}.{a.name}", name] for a in node.names)


def import_graph(root: Path = ROOT, pkg: str = PKG) -> dict[str, set[str]]:
    """The package's modules, each with the package modules it imports."""
    paths = {module_name(p, root, pkg): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        is_package = path.name == "__init__.py"
        found = set()
        for candidates in imports(path.read_text("utf-8"), name, is_package):
            found.update([m for m in candidates if m in paths][:1])
        graph[name] = found - {name}
    return graph


def layer(module: str, pkg: str = PKG) -> int | None:
    rest = module.removeprefix(pkg).lstrip(".")
    return LAYERS.get(rest.split(".")[0])


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
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
    return found


GRAPH = import_graph()


def test_every_module_of_the_package_has_a_layer() -> None:
    assert [m for m in GRAPH if layer(m) is None] == []


def test_the_layers_are_the_promised_sub_packages() -> None:
    for sub in ("model", "rules", "phases"):
        assert f"{PKG}.{sub}" in GRAPH, sub
    assert f"{PKG}.referee" in GRAPH
    assert not [m for m in GRAPH if m.rsplit(".", 1)[-1].startswith(("checks", "steps_"))]


def test_no_module_imports_a_higher_layer() -> None:
    upward = [
        f"{m} (layer {layer(m)}) imports {t} (layer {layer(t)})"
        for m, targets in sorted(GRAPH.items())
        for t in sorted(targets)
        if (layer(t) or 0) > (layer(m) or 0)
    ]
    assert upward == []


def test_the_rules_import_neither_phases_nor_the_referee_and_the_model_nothing_above() -> None:
    above = {
        "rules": ("phases", "referee", "views", "visibility", "game", "autoplayer"),
        "model": ("rules", "phases", "referee", "views", "visibility", "game", "autoplayer"),
    }
    for m, targets in GRAPH.items():
        top = m.removeprefix(PKG).lstrip(".").split(".")[0]
        for t in targets:
            t_top = t.removeprefix(PKG).lstrip(".").split(".")[0]
            assert t_top not in above.get(top, ()), f"{m} imports {t}"


def test_no_import_cycle_among_the_modules() -> None:
    assert cycles(GRAPH) == []


CHECKER_CASES = [
    ("import a.b\n", "a.b"),
    ("from a import b\n", "a.b"),
    ("from . import b\n", "p.q.b"),
    ("from .. import c\n", "p.c"),
    ("from .r import s\n", "p.q.r.s"),
    ("def f():\n    from a import b\n", "a.b"),
    ("if TYPE_CHECKING:\n    from a import b\n", "a.b"),
]


@pytest.mark.parametrize(("source", "expected"), CHECKER_CASES)
def test_the_checker_sees_every_kind_of_import(source: str, expected: str) -> None:
    assert expected == next(imports(source, "p.q.m", is_package=False))[0]


def test_the_checker_finds_a_cycle_and_an_upward_import(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "model").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "model" / "__init__.py").write_text("")
    (pkg / "model" / "a.py").write_text("from pkg import referee\n")
    (pkg / "referee.py").write_text("def f():\n    from pkg.model import a\n")
    graph = import_graph(pkg, "pkg")
    assert cycles(graph) == [["pkg.model.a", "pkg.referee"]]
    assert layer("pkg.model.a", "pkg") == 1 and layer("pkg.referee", "pkg") == 4
    assert "pkg.referee" in graph["pkg.model.a"]
