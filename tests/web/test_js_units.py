"""The browser code's pure functions, tested in Node (``tests/js/*.test.js``, ``node --test``):
the Gunslingers map's stacks, label placement, altitude, heading and speed in words, hex
coordinates and data-card sections (``static/js/gunslingers_map.js``)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.needs import missing

JS_TESTS = Path(__file__).resolve().parents[1] / "js"


def test_the_node_tests_of_the_map_code_pass() -> None:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        missing("Node.js", "no node command on the PATH")
    files = sorted(str(p) for p in JS_TESTS.glob("*.test.js"))
    assert files, f"no Node tests in {JS_TESTS}"
    done = subprocess.run(
        [node, "--test", *files], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout
