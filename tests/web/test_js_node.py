"""The browser's JavaScript logic under Node's own test runner (``node --test tests/web/js``):
skipped where Node is not installed, and a failure under ``CI=true`` (tests/needs.py)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.needs import missing

JS_TESTS = Path(__file__).with_name("js")


def test_the_javascript_logic_passes_its_node_tests() -> None:
    node = shutil.which("node")
    if node is None:
        missing("Node", "Node is not installed (its test runner runs tests/web/js)")
    done = subprocess.run(
        [node, "--test", str(JS_TESTS)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
