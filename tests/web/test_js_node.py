"""The browser's JavaScript under Node's own test runner: every ``*.test.mjs`` under
``tests/`` (today ``tests/web/js``: the shared helpers, the play page, each game's renderer,
the scenario editor's form, the analysis and the start page), each loading the page's own
files (``tests/web/js/page.mjs``). Skipped where Node is not installed, and a failure under
``CI=true`` (tests/needs.py)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.needs import missing

TESTS = Path(__file__).parents[1]
JS_TESTS = sorted(TESTS.rglob("*.test.mjs"))
HELPERS = {TESTS / "web" / "js" / "page.mjs"}


def test_every_javascript_test_is_named_for_the_runner() -> None:
    """A JavaScript test under tests/ is a ``*.test.mjs``: one named otherwise would never
    run (a vendored library, such as axe's, is no test)."""
    scripts = {p for ext in ("js", "mjs", "cjs") for p in (TESTS / "web" / "js").rglob(f"*.{ext}")}
    named = {p for ext in ("js", "cjs") for p in TESTS.rglob(f"*test*.{ext}")}
    assert scripts - set(JS_TESTS) - HELPERS == set()
    assert named == set()
    assert len(JS_TESTS) >= 11


def test_the_javascript_logic_passes_its_node_tests() -> None:
    node = shutil.which("node")
    if node is None:
        missing("Node", "Node is not installed (its test runner runs the *.test.mjs files)")
    done = subprocess.run(
        [node, "--test", *map(str, JS_TESTS)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout
