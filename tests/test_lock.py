"""The locked test environment (docs/development.md): ``requirements/test.txt``.

The lock pins every package of the development and CI environment with its
hashes; ``pyproject.toml`` keeps ranges for the people who install airwar
beside their own packages. These tests hold the two together, and hold the
README's test command and ``.ci/run`` to the same words.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements" / "test.txt"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())

PIN = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>[^\s;\\]+)")
HASH = re.compile(r"--hash=sha256:[0-9a-f]{64}\b")

# The environment the lock is made for: Python 3.11 on Linux (.ci/lock).
LOCKED_FOR = {
    **default_environment(),
    "python_version": "3.11",
    "python_full_version": "3.11.0",
    "sys_platform": "linux",
    "platform_system": "Linux",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
}


def lock_entries() -> dict[str, tuple[Version, list[str]]]:
    """Each locked package: its version and the hashes of its files."""
    entries: dict[str, tuple[Version, list[str]]] = {}
    name = ""
    for line in LOCK.read_text().splitlines():
        pin = PIN.match(line)
        if pin:
            name = canonicalize_name(pin["name"])
            assert name not in entries, f"{name} is pinned twice in the lock"
            entries[name] = (Version(pin["version"]), [])
        if name and line.startswith(" "):
            entries[name][1].extend(HASH.findall(line))
    return entries


def declared() -> list[tuple[str, Requirement]]:
    """Every requirement pyproject.toml declares: where, and what."""
    out = [("dependencies", Requirement(r)) for r in PYPROJECT["project"]["dependencies"]]
    for extra, reqs in PYPROJECT["project"]["optional-dependencies"].items():
        out += [(f"[{extra}]", Requirement(r)) for r in reqs]
    out += [("build-system", Requirement(r)) for r in PYPROJECT["build-system"]["requires"]]
    return out


def readme_test_command() -> str:
    """The README's second set-up command: the one that runs the tests."""
    blocks = re.findall(r"```sh\n(.*?)\n```", (ROOT / "README.md").read_text(), re.S)
    return blocks[1].strip()


def test_every_line_of_the_lock_is_a_pin_with_hashes_or_a_comment() -> None:
    entries = lock_entries()
    assert len(entries) > 50
    for line in LOCK.read_text().splitlines():
        assert (
            not line.strip()
            or line.startswith("#")
            or line.lstrip().startswith("#")
            or PIN.match(line)
            or HASH.search(line)
        ), f"a line of the lock that is neither a pin, a hash nor a comment: {line!r}"
    unhashed = [name for name, (_, hashes) in entries.items() if not hashes]
    assert unhashed == [], "pip installs a locked file only if its hash is listed"


def test_the_lock_names_no_machine_of_its_own() -> None:
    """No index, no find-links, no local path: the lock installs wherever pip reaches PyPI."""
    text = LOCK.read_text()
    for word in ("--index-url", "--extra-index-url", "--find-links", "file:", " @ "):
        assert word not in text


@pytest.mark.parametrize(
    ("where", "requirement"),
    [pytest.param(w, r, id=f"{w} {r}") for w, r in declared()],
)
def test_every_declared_requirement_is_locked_inside_its_range(
    where: str, requirement: Requirement
) -> None:
    if requirement.marker is not None and not requirement.marker.evaluate(LOCKED_FOR):
        pytest.skip(f"{requirement} does not apply to Python 3.11 on Linux")
    name = canonicalize_name(requirement.name)
    if name == "airwar":  # the test extra takes the lab and research extras by name
        assert requirement.extras <= set(PYPROJECT["project"]["optional-dependencies"])
        return
    entries = lock_entries()
    assert name in entries, f"{requirement} ({where}) is not in the lock: run .ci/lock"
    version = entries[name][0]
    assert requirement.specifier.contains(version, prereleases=True), (
        f"the lock has {name} {version}, outside {requirement} ({where}): run .ci/lock"
    )


@pytest.mark.parametrize(
    ("where", "requirement"),
    [pytest.param(w, r, id=f"{w} {r}") for w, r in declared() if w == "dependencies"],
)
def test_every_dependency_of_the_app_has_a_lower_bound(
    where: str, requirement: Requirement
) -> None:
    """A range with no floor lets a resolver pick a release nobody tested (docs/development.md)."""
    assert any(s.operator in (">=", "~=", "==") for s in requirement.specifier), requirement


def test_the_readme_test_command_installs_the_lock_then_airwar_alone() -> None:
    command = readme_test_command()
    assert command == (
        "pip install -r requirements/test.txt"
        " && pip install --no-deps --no-build-isolation -e ."
        " && python -m pytest"
    )


def test_ci_runs_the_readme_test_command_in_a_fresh_environment() -> None:
    """.ci/run makes a new virtual environment, names it and the lock first, and runs the
    README's command, word for word, as its last line, inside that environment."""
    run = (ROOT / ".ci" / "run").read_text()
    lines = [line for line in run.splitlines() if line.strip() and not line.startswith("#")]
    assert lines[-1] == readme_test_command()
    assert re.search(r'^\. "\$ci_env/venv/bin/activate"$', run, re.M)
    make = run.index('-m venv "$ci_env/venv"')
    assert make < run.index("apt-get"), "the fresh environment is made and named first"
    assert run.index("CI: a brand-new virtual environment") < run.index("apt-get")
    assert run.index("installs from the lock") < run.index("apt-get")


def test_the_lock_is_made_by_its_script_for_python_3_11_on_linux() -> None:
    script = (ROOT / ".ci" / "lock").read_text()
    for option in (
        "--extra test",
        "--generate-hashes",
        "--python-version 3.11",
        "--python-platform linux",
        "--output-file requirements/test.txt",
        "requirements/build.in",
    ):
        assert option in script
    assert LOCK.read_text().startswith(
        "# This file was autogenerated by uv via the following command:\n#    .ci/lock\n"
    )
