"""No interface reaches past the play session: no module of the terminal commands or the
browser app reads the driver of a game in play or the store under the sessions. What they
need (stopping at rolls, a roll, a seat handed over, a summary saved) the session does."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "airwar"
INTERFACES = ("cli", "web")


def _receiver(node: ast.expr) -> str | None:
    """The last name of the expression an attribute is read from (``x.sessions`` ->
    ``sessions``)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Call):  # open_sessions(...).store
        return _receiver(node.func)
    return None


def reaches(code: str) -> list[tuple[int, str]]:
    """Each line that reads ``.driver`` of anything, or ``.store`` of the sessions."""
    found = []
    for node in ast.walk(ast.parse(code)):
        if not isinstance(node, ast.Attribute):
            continue
        if node.attr == "driver":
            found.append((node.lineno, "reads .driver"))
        elif node.attr == "store" and "sessions" in (_receiver(node.value) or ""):
            found.append((node.lineno, "reads the sessions' .store"))
    return sorted(found)


def test_no_interface_reads_a_driver_or_the_sessions_store() -> None:
    found = []
    for part in INTERFACES:
        for path in sorted((SRC / part).rglob("*.py")):
            for line, what in reaches(path.read_text(encoding="utf-8")):
                found.append(f"{path.relative_to(SRC.parent)}:{line} {what}")
    assert not found, "an interface plays through the session only:\n" + "\n".join(found)


def test_the_check_sees_each_way_of_reaching_in() -> None:
    code = """
live.driver.auto_chance = False
self.live.driver.roll()
sessions.store.update(live.id, seats=seats)
self.sessions.store.claim_lease("x")
open_sessions(url, create=False).store.load(game_id)
store.update(live.id)
live.state.view(None)
url.get_driver_name()
"""
    assert reaches(code) == [
        (2, "reads .driver"),
        (3, "reads .driver"),
        (4, "reads the sessions' .store"),
        (5, "reads the sessions' .store"),
        (6, "reads the sessions' .store"),
    ]
