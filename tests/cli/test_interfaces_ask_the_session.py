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


PLAYS = {"act", "bot_step", "roll", "undo", "run_bots", "concede"}
"""The session's calls that play a game on."""


def plays(code: str) -> list[int]:
    """The lines that call one of :data:`PLAYS` on the sessions."""
    return sorted(
        node.lineno
        for node in ast.walk(ast.parse(code))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in PLAYS
        and "sessions" in (_receiver(node.func.value) or "")
    )


def test_the_terminal_plays_in_one_loop() -> None:
    """Every game at the terminal runs cli/play_loop.py: no other module of the terminal
    makes a decision, a roll or an undo (a second loop would)."""
    found = {
        str(path.relative_to(SRC.parent)): lines
        for path in sorted((SRC / "cli").rglob("*.py"))
        if (lines := plays(path.read_text(encoding="utf-8")))
    }
    assert list(found) == ["airwar/cli/play_loop.py"], found
    assert plays("self.sessions.act(live, 0, ['x'])\nsessions.roll(live)\nlive.act()") == [1, 2]
