"""The layers of airwar: no module imports a layer above its own.

    0  core                          the rules kernel
    1  games, store                  the rule sets; the database
    2  session                       the one way to create, play and show a game
    3  bots, analysis, adapters      players, statistics, AI adapters
    4  cli, web                      the interfaces

``airwar/__init__.py`` holds only the version: it is put in layer 0, so that
every module may read ``airwar.__version__`` and it may import nothing.

Every import counts, also one inside a function; only imports under
``if TYPE_CHECKING:`` (never run) are exempt. A new top-level package must be
given its layer here before it can be imported.

The play session and the browser app's generic modules know no game by name:
they go through the registry and each game's declared type, so no string
literal in them may be a registered game's name.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import airwar
import airwar.games
from airwar.core import game_names
from airwar.core.registry import game_class

SRC = Path(airwar.__file__).parent

LAYERS = {
    "core": 0,
    "games": 1,
    "store": 1,
    "session": 2,
    "bots": 3,
    "analysis": 3,
    "adapters": 3,
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


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _layer(module: str) -> int | None:
    """The layer of an ``airwar`` module (None: a package no layer is given to)."""
    parts = module.split(".")
    if len(parts) == 1:
        return ROOT_LAYER
    return LAYERS.get(parts[1])


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, module: str, package: bool) -> Iterator[tuple[int, str]]:
    """(line, imported module) of every import that runs, relative ones resolved."""
    here = module.split(".") if package else module.split(".")[:-1]
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)  # the body never runs
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - (node.level - 1)]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            yield node.lineno, target
            # ``from airwar import web`` imports the package airwar.web
            for alias in node.names:
                yield node.lineno, f"{target}.{alias.name}"
        stack.extend(ast.iter_child_nodes(node))


def _sources() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


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
    found: list[str] = []
    for path in _sources():
        module = _module_name(path)
        mine = _layer(module)
        if mine is None:
            continue  # reported by test_every_module_has_a_layer
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for line, target in _imports(tree, module, path.name == "__init__.py"):
            if target != "airwar" and not target.startswith("airwar."):
                continue
            theirs = _layer(target)
            if theirs is not None and theirs > mine:
                found.append(
                    f"{module} (layer {mine}) imports {target} (layer {theirs}) "
                    f"at {path.relative_to(SRC.parent)}:{line}"
                )
    assert not found, "imports of a higher layer:\n" + "\n".join(sorted(set(found)))


KEPT_APART = {
    "bots": ("analysis",),
}
"""Packages of one layer that must not import another of the same layer.

The analysis lab runs bots (Monte Carlo); the bots may not import the lab, so no
import cycle runs through them. (The exact MiGs solver is part of its game,
``games.migs_sabres.solver``, in the games' layer: it can import no bot or lab.)"""


def test_the_bots_do_not_import_the_lab() -> None:
    found: list[str] = []
    for path in _sources():
        module = _module_name(path)
        parts = module.split(".")
        if len(parts) < 2 or parts[1] not in KEPT_APART:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for line, target in _imports(tree, module, path.name == "__init__.py"):
            tparts = target.split(".")
            if len(tparts) >= 2 and tparts[0] == "airwar" and tparts[1] in KEPT_APART[parts[1]]:
                found.append(f"{module} imports {target} at {path.relative_to(SRC.parent)}:{line}")
    assert not found, "imports that would close a cycle:\n" + "\n".join(sorted(set(found)))


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


def _web_imports(path: Path) -> set[str]:
    module = _module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return {t for _, t in _imports(tree, module, path.name == "__init__.py")}


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
    web = {_module_name(p): _web_imports(p) for p in sorted((SRC / "web").glob("*.py"))}
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


GAME_FINDING = {
    f"airwar.games.{name}"
    for name in ("load_all", "packages", "ENTRY_POINT_GROUP", "GamePackageError")
}
"""What a generic module may import of ``airwar.games``: how the games are found."""


def test_the_generic_web_modules_import_no_game() -> None:
    """The generic browser app finds the games through the registry
    (``airwar.games.load_all``) and each game's declared parts: it imports no game package
    and no per-game web module."""
    found: list[str] = []
    for path in GENERIC_WEB:
        module = _module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for line, target in _imports(tree, module, path.name == "__init__.py"):
            game_package = target.startswith("airwar.games.") and target not in GAME_FINDING
            per_game = any(target == m or target.startswith(m + ".") for m in PER_GAME_WEB)
            if game_package or per_game:
                found.append(f"{path.relative_to(SRC.parent)}:{line} imports {target}")
    assert not found, (
        "the generic web modules must reach games through the registry and their "
        "WebParts:\n" + "\n".join(found)
    )


def test_the_layer_check_sees_every_kind_of_import() -> None:
    """The check itself: relative, in-function and TYPE_CHECKING imports."""
    code = """
from __future__ import annotations
from typing import TYPE_CHECKING
import airwar.web.api
from ..session import play
from . import sibling
if TYPE_CHECKING:
    from airwar.cli import main
def f():
    from airwar.bots.registry import make_bot
"""
    got = {t for _, t in _imports(ast.parse(code), "airwar.games.x.mod", package=False)}
    assert "airwar.web.api" in got
    assert "airwar.games.session" in got  # two dots from airwar.games.x: airwar.games
    assert "airwar.games.x.sibling" in got
    assert "airwar.bots.registry" in got
    assert "airwar.cli" not in got
    assert _layer("airwar") == 0 and _layer("airwar.web.api") == 4
