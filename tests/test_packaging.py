"""Every file of the package goes into the wheel: each non-Python file's type is package data.

The wheel itself is built, installed in a fresh virtual environment and
served from another folder by ``.ci/wheel-smoke`` (run by ``.ci/run``); here,
with the ``postgres`` extra, it serves from PostgreSQL.
"""

from __future__ import annotations

import fnmatch
import functools
import os
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import httpx
import pytest
from sqlalchemy.engine import make_url

import airwar
from airwar.store import Store
from tests.web.conftest import free_port, fresh_postgres

ROOT = Path(__file__).resolve().parents[1]
SRC = Path(airwar.__file__).resolve().parent


def test_package_data_covers_every_file_type() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = config["package-data"]["*"]
    left_out = [
        str(p.relative_to(SRC))
        for p in SRC.rglob("*")
        if p.is_file()
        and "__pycache__" not in p.parts
        and p.suffix not in (".py", ".pyc")
        and not any(fnmatch.fnmatch(p.name, pat) for pat in patterns)
    ]
    assert left_out == [], "add their types to [tool.setuptools.package-data] in pyproject.toml"


def test_the_examples_are_in_the_package() -> None:
    for game, names in (
        ("gunslingers", {"dogfight-2v2.toml", "large-battle.toml", "strike-sam-belt.toml"}),
        ("bia", {"ford-crossing.toml"}),
    ):
        folder = SRC / "games" / game / "examples"
        assert {p.name for p in folder.glob("*.toml")} == names


def test_the_gunslingers_library_of_types_is_in_the_package() -> None:
    folder = SRC / "games" / "gunslingers" / "library"
    names = {p.name for p in folder.glob("*.toml")}
    assert names == {"aircraft.toml", "weapons.toml", "sams.toml", "radars.toml"}
    assert not (folder / "__init__.py").exists()  # data only: the loader is typelib.py


@pytest.mark.slow
def test_the_wheel_with_the_postgres_extra_serves_from_postgresql(tmp_path: Path) -> None:
    """``pip install 'airwar[postgres]'`` as users run it, then ``airwar serve --database-url
    postgresql://...`` (the URL as the README writes it): the wheel, built from a copy of
    the source, in a fresh virtual environment outside the checkout; its dependencies come
    from the index pip uses, as in ``.ci/wheel-smoke``. A game made through the API is in
    the PostgreSQL database afterwards."""
    with fresh_postgres("airwar_wheel") as url:  # skips (fails under CI=true) without one
        tree = tmp_path / "tree"
        tree.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy(ROOT / name, tree / name)
        shutil.copytree(
            ROOT / "src", tree / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
        )
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in ("PYTHONPATH", "AIRWAR_DATABASE_URL", "VIRTUAL_ENV")
        }
        run = functools.partial(
            subprocess.run, check=True, capture_output=True, text=True, env=env, timeout=600
        )
        dist = tmp_path / "dist"
        run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(tree), "-w", str(dist)])
        (wheel,) = dist.glob("airwar-*.whl")
        venv = tmp_path / "venv"
        run([sys.executable, "-m", "venv", str(venv)])
        python, airwar = venv / "bin" / "python", venv / "bin" / "airwar"
        run([python, "-m", "pip", "install", "-q", "--no-compile", f"{wheel}[postgres]"])
        elsewhere = tmp_path / "elsewhere"
        elsewhere.mkdir()
        where = run([python, "-c", "import airwar, psycopg; print(airwar.__file__)"], cwd=elsewhere)
        assert where.stdout.startswith(str(venv)), where.stdout

        written = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        port = free_port()
        server = subprocess.Popen(
            [airwar, "serve", "--port", str(port), "--database-url", written],
            cwd=elsewhere,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 90
            while True:
                try:
                    if httpx.get(base + "/api/catalog", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert server.poll() is None, "airwar serve exited"
                assert time.monotonic() < deadline, "airwar serve did not answer in 90 s"
                time.sleep(0.3)
            seats = {"Blue": "human", "Red": "human", "referee": "human"}
            made = httpx.post(
                base + "/api/gunslingers/games",
                json={"example": "dogfight-2v2.toml", "seats": seats},
                timeout=60,
            )
            assert made.status_code == 201, made.text
        finally:
            server.send_signal(signal.SIGINT)
            try:
                said, _ = server.communicate(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                said, _ = server.communicate()
        told = said.decode()
        shown = make_url(written).render_as_string(hide_password=True)  # postgresql://
        assert told.startswith(f"airwar: games kept in {shown}\n"), told
        with Store(url, create=False) as store:
            assert [g.id for g in store.list_games()] == [made.json()["id"]]
