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
same), the one rule of ``tests/layering.py``. A module imports its own layer or
lower ones; that no modules import one another in a circle is checked for every
package by ``tests/test_layers.py``. A new module must be given its layer here.
"""

from __future__ import annotations

from pathlib import Path

import airwar.games.gunslingers as package
from tests.layering import import_graph

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


def layer(module: str, pkg: str = PKG) -> int | None:
    rest = module.removeprefix(pkg).lstrip(".")
    return LAYERS.get(rest.split(".")[0])


GRAPH = import_graph(ROOT, PKG)


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
