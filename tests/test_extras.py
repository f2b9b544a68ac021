"""The lean install: the base never imports an extra, and a missing extra is one clear line.

``pip install airwar`` has no Dask, matplotlib, OpenSpiel or PettingZoo. A
missing package is simulated by a ``None`` in ``sys.modules`` (an import of it
then fails as it does when it is not installed); the commands of the base run
in a child process where every extra's package is missing that way.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from airwar.analysis import plots
from airwar.analysis.montecarlo import GameTask, run
from airwar.core.errors import AirwarError
from airwar.core.extras import EXTRAS, MissingExtra, missing, require

ROOT = Path(__file__).resolve().parents[1]
EXTRA_PACKAGES = (
    *("dask", "distributed", "matplotlib", "pyspiel", "open_spiel", "pettingzoo"),
    *("psycopg", "psycopg_binary"),
)
"""The top-level packages of the extras (gymnasium comes with pettingzoo)."""


def test_the_extras_are_declared_as_the_code_names_them() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    assert set(EXTRAS) <= set(extras)
    assert any(r.startswith("dask[distributed]") for r in extras["lab"])
    assert any(r.startswith("matplotlib") for r in extras["lab"])
    assert any(r.startswith("open_spiel") for r in extras["research"])
    assert any(r.startswith("pettingzoo") for r in extras["research"])
    assert any(r.startswith("psycopg[binary]") for r in extras["postgres"])
    assert {"airwar[lab,research,postgres]"} <= set(extras["test"])
    base = " ".join(project["dependencies"]).lower()
    for name in ("dask", "matplotlib", "open_spiel", "pettingzoo", "psycopg"):
        assert name not in base


def test_missing_extra_is_an_airwar_error_and_an_import_error() -> None:
    exc = MissingExtra("research", "the adapters")
    assert isinstance(exc, AirwarError)
    assert isinstance(exc, ImportError)
    assert str(exc) == "the adapters needs the research extra: pip install 'airwar[research]'"


def test_require_names_the_missing_module(monkeypatch: pytest.MonkeyPatch) -> None:
    assert missing("lab") is None
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert missing("lab") == "matplotlib"
    assert missing("lab", "dask.distributed") is None
    with pytest.raises(MissingExtra, match=r"^plots needs the lab extra"):
        require("lab", "plots")


def test_plots_without_matplotlib(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    with pytest.raises(MissingExtra, match=r"needs the lab extra: pip install 'airwar\[lab\]'$"):
        plots.histogram(tmp_path / "h.png", [1, 2], title="t", xlabel="x")


def test_a_dask_cluster_without_dask(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    task = GameTask("migs-engagement", (("listed", "F-51"), ("active", "MiG-15")))
    with pytest.raises(MissingExtra, match=r"Dask cluster needs the lab extra"):
        run(task, 2, seed=1, scheduler="tcp://127.0.0.1:1")


@pytest.mark.parametrize(
    ("module", "blocked"),
    [
        ("airwar.adapters.openspiel", "pyspiel"),
        ("airwar.adapters.spiel_match", "pyspiel"),
        ("airwar.adapters.spiel_match", "open_spiel.python.algorithms.mcts"),
        ("airwar.adapters.pettingzoo", "pettingzoo"),
        ("airwar.adapters.pettingzoo", "gymnasium"),
    ],
)
def test_an_adapter_without_its_extra(
    module: str, blocked: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("airwar.adapters.openspiel", "airwar.adapters.spiel_match", module):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setitem(sys.modules, blocked, None)
    with pytest.raises(ImportError, match=r"needs the research extra: .*'airwar\[research\]'$"):
        importlib.import_module(module)


CHILD = """
import sys
for name in {blocked!r}:
    sys.modules[name] = None
import airwar.analysis.lab, airwar.bots.expert, airwar.cli.main
from airwar.web.app import create_app
create_app()
for args in {commands!r}:
    sys.argv = ["airwar", *args]
    try:
        airwar.cli.main.main()
    except SystemExit as exc:
        print("EXIT", exc.code, flush=True)
imported = {{n.split(".")[0] for n, m in sys.modules.items() if m is not None}}
print("EXTRAS-IMPORTED", sorted(imported & set({blocked!r})))
"""

BASE_COMMANDS = [
    ["gunslingers", "examples"],
    [
        *("bia", "air-defence", "--system", "manpad", "--target-speed", "slow"),
        *("--target-manoeuvrability", "poor", "--firer", "surface", "--json"),
    ],
    [
        *("analyze", "matchups", "--games", "1", "--first", "active", "--aces", "no"),
        *("--workers", "1", "--json"),
    ],
]


@pytest.mark.slow
def test_the_base_runs_without_any_extra(tmp_path: Path) -> None:
    """The browser app, the expert AI and these commands, with no extra's package there."""
    code = CHILD.format(blocked=EXTRA_PACKAGES, commands=BASE_COMMANDS)
    r = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert [line for line in lines if line.startswith("EXIT")] == ["EXIT 0"] * 3, r.stderr
    assert lines[-1] == "EXTRAS-IMPORTED []"
