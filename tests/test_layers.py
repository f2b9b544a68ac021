"""The layers of airwar: no module imports a layer above its own, and no import circle.

    0  core                          the rules kernel
    1  games, store                  the rule sets; the database
    2  session                       the one way to create, play and show a game
    3  bots, analysis, adapters      players, statistics, AI adapters
       testing                       the contract checks a game's author runs
    4  cli, web                      the interfaces

``airwar/__init__.py`` holds only the version: it is put in layer 0, so that
every module may read ``airwar.__version__`` and it may import nothing.

Every import counts, one inside a function and one under ``if TYPE_CHECKING:``
too: the one rule of ``tests/layering.py``, which every layering test uses (the
layers inside the Gunslingers package too). A new top-level package must be
given its layer here before it can be imported. No module of any package is in
an import circle with others.

The play session and the browser app's generic modules know no game by name:
they go through the registry and each game's declared type, so no string
literal in them may be a registered game's name.
"""

from __future__ import annotations

import ast
from pathlib import Path

import airwar
import airwar.games
from airwar.core import game_names
from airwar.core.registry import game_class
from tests.layering import cycles, import_graph, imports, module_name, sources

SRC = Path(airwar.__file__).parent

LAYERS = {
    "core": 0,
    "games": 1,
    "store": 1,
    "session": 2,
    "bots": 3,
    "analysis": 3,
    "adapters": 3,
    "testing": 3,
    "cli": 4,
    "web": 4,
}
ROOT_LAYER = 0
"""The layer of the package ``airwar`` itself (its ``__init__`` holds only the version)."""

PER_GAME_WEB = {
    "airwar.web.bia",
    "airwar.web.gunslingers",
    "airwar.web.gunslingers_editor",
    "airwar.web.gunslingers_scenarios",
    "airwar.web.migs",
    "airwar.web.migs_analysis",
    "airwar.web.migs_solver_jobs",
}
"""The browser app's per-game modules: those a game's ``GameType.web`` names, and the
modules of ``airwar.web`` only they import (checked below). Every other module of
``airwar.web`` is generic."""

GENERIC_WEB = sorted(
    p for p in (SRC / "web").glob("*.py") if f"airwar.web.{p.stem}" not in PER_GAME_WEB
)
"""The generic modules of the browser app: they know no game."""

NAME_FREE = [*sorted((SRC / "session").glob("*.py")), *GENERIC_WEB]
"""Modules that must not name any game."""

GRAPH = import_graph(SRC, "airwar")
"""Every module of airwar, with the airwar modules it imports (and the line)."""


def _module_name(path: Path) -> str:
    return module_name(path, SRC, "airwar")


def _layer(module: str) -> int | None:
    """The layer of an ``airwar`` module (None: a package no layer is given to)."""
    parts = module.split(".")
    if len(parts) == 1:
        return ROOT_LAYER
    return LAYERS.get(parts[1])


def _where(module: str, line: int) -> str:
    parts = module.split(".")
    path = SRC.joinpath(*parts[1:])
    file = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    return f"{file.relative_to(SRC.parent)}:{line}"


def _sources() -> list[Path]:
    return sources(SRC)


def test_every_module_has_a_layer() -> None:
    unplaced = [
        f"{_module_name(p)} ({p.relative_to(SRC.parent)})"
        for p in _sources()
        if _layer(_module_name(p)) is None
    ]
    assert not unplaced, "modules in no layer (give their package one in LAYERS):\n" + "\n".join(
        unplaced
    )


def test_no_module_imports_a_higher_layer() -> None:
    found = [
        f"{module} (layer {_layer(module)}) imports {target} (layer {_layer(target)}) "
        f"at {_where(module, line)}"
        for module, targets in GRAPH.items()
        for target, line in targets.items()
        if _layer(module) is not None and (_layer(target) or 0) > (_layer(module) or 0)
    ]
    assert not found, "imports of a higher layer:\n" + "\n".join(sorted(found))


EXPECTED_CYCLES: list[list[str]] = []
"""Import circles known and paid for by work under way (none now). A circle not here
fails, and so does one here that is gone (take it out then)."""


def test_no_package_has_an_import_circle() -> None:
    """The strongly connected parts of the import graph of every package (and across
    packages): each must be one module."""
    found = cycles(GRAPH)
    new = [c for c in found if c not in EXPECTED_CYCLES]
    assert not new, "import circles (break them):\n" + "\n".join(" <-> ".join(c) for c in new)
    gone = [c for c in EXPECTED_CYCLES if c not in found]
    assert not gone, "circles broken: take them out of EXPECTED_CYCLES: " + repr(gone)


KEPT_APART = {
    "bots": ("analysis",),
}
"""Packages of one layer that must not import another of the same layer.

The analysis lab runs bots (Monte Carlo); the bots may not import the lab, so no
import cycle runs through them. (The exact MiGs solver is part of its game,
``games.migs_sabres.solver``, in the games' layer: it can import no bot or lab.)"""


def test_the_bots_do_not_import_the_lab() -> None:
    found = [
        f"{module} imports {target} at {_where(module, line)}"
        for module, targets in GRAPH.items()
        for target, line in targets.items()
        if len(module.split(".")) > 1
        and len(target.split(".")) > 1
        and target.split(".")[1] in KEPT_APART.get(module.split(".")[1], ())
    ]
    assert not found, "imports that would close a cycle:\n" + "\n".join(sorted(found))


TEST_AIDS = ("testing",)
"""Packages for tests and game authors only: nothing else in airwar imports them."""


def test_nothing_imports_the_test_aids() -> None:
    found = [
        f"{module} imports {target} at {_where(module, line)}"
        for module, targets in GRAPH.items()
        for target, line in targets.items()
        if len(target.split(".")) > 1
        and target.split(".")[1] in TEST_AIDS
        and module.split(".")[1:2] != target.split(".")[1:2]
    ]
    assert not found, "only tests and game authors import airwar.testing:\n" + "\n".join(found)


def test_the_session_and_the_generic_web_modules_name_no_game() -> None:
    airwar.games.load_all()
    names = set(game_names())
    assert names
    found: list[str] = []
    for path in NAME_FREE:
        if not path.exists():
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in names:
                where = f"{path.relative_to(SRC.parent)}:{node.lineno}"
                found.append(f"{where} names the game {node.value!r}")
    assert not found, (
        "the play session and the generic web modules must reach games through the "
        "registry and their GameType, not by name:\n" + "\n".join(found)
    )


def test_the_per_game_web_modules_are_those_the_games_declare() -> None:
    """Each module a game's type names as its browser parts is listed per-game, and so is
    each module of ``airwar.web`` that only per-game modules import; nothing else is."""
    airwar.games.load_all()
    declared = {
        spec.partition(":")[0]
        for name in game_names()
        if (spec := game_class(name).game_type.web) and spec.startswith("airwar.web.")
    }
    assert declared and declared <= PER_GAME_WEB, declared - PER_GAME_WEB
    web = {m: set(targets) for m, targets in GRAPH.items() if m.startswith("airwar.web.")}
    reached = set(declared)
    growing = True
    while growing:  # a web module imported by per-game modules alone is one of them
        importers = {m: {u for u, found in web.items() if m in found} for m in web}
        more = {m for m, users in importers.items() if users and users <= reached} - reached
        reached |= more
        growing = bool(more)
    assert reached == PER_GAME_WEB, (
        f"per-game web modules: declared or reached {sorted(reached)}, "
        f"listed {sorted(PER_GAME_WEB)}"
    )


GAME_FINDING = {"airwar.games"}
"""What a generic module may import of ``airwar.games``: the package itself, which only
finds the games (``load_all`` and its kin), never a game."""


def test_the_generic_web_modules_import_no_game() -> None:
    """The generic browser app finds the games through the registry
    (``airwar.games.load_all``) and each game's declared parts: it imports no game package
    and no per-game web module."""
    generic = {_module_name(p) for p in GENERIC_WEB}
    found = [
        f"{_where(module, line)} imports {target}"
        for module, targets in GRAPH.items()
        if module in generic
        for target, line in targets.items()
        if (target.startswith("airwar.games") and target not in GAME_FINDING)
        or any(target == m or target.startswith(m + ".") for m in PER_GAME_WEB)
    ]
    assert not found, (
        "the generic web modules must reach games through the registry and their "
        "WebParts:\n" + "\n".join(sorted(found))
    )


CHECKER_CASES = [
    ("import a.b\n", "a.b"),
    ("from a import b\n", "a.b"),
    ("from . import b\n", "p.q.b"),
    ("from .. import c\n", "p.c"),
    ("from .r import s\n", "p.q.r.s"),
    ("def f():\n    from a import b\n", "a.b"),
    ("if TYPE_CHECKING:\n    from a import b\n", "a.b"),
]


def test_the_checker_sees_every_kind_of_import() -> None:
    """The check itself: absolute, relative, in-function and TYPE_CHECKING imports."""
    for source, expected in CHECKER_CASES:
        assert next(imports(source, "p.q.m", is_package=False))[1][0] == expected, source
    assert _layer("airwar") == 0 and _layer("airwar.web.api") == 4


def test_the_checker_finds_a_cycle_and_an_upward_import(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "model").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "model" / "__init__.py").write_text("")
    (pkg / "model" / "a.py").write_text("if TYPE_CHECKING:\n    from pkg import referee\n")
    (pkg / "referee.py").write_text("def f():\n    from pkg.model import a\n")
    graph = import_graph(pkg, "pkg")
    assert cycles(graph) == [["pkg.model.a", "pkg.referee"]]
    assert graph["pkg.model.a"] == {"pkg.referee": 2}
