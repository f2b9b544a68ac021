"""The event table: every kind of event Gunslingers logs declares its audience and its line.

A kind the code logs that the table lacks would be read by the referee alone and
narrated field by field; these tests fail on it instead, whether or not a played
game reaches it (the code is read for every kind it logs).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import airwar.games.gunslingers as package
from airwar.core.checks import Check, Comparison
from airwar.core.dice import D10
from airwar.games.gunslingers import visibility
from airwar.games.gunslingers.event_table import EVENTS, Audience
from airwar.games.gunslingers.narrate import describe
from airwar.games.gunslingers.referee import GsState
from tests.games.gunslingers.scenario_builder import driver

ROOT = Path(package.__file__).parent


def logged_kinds(source: str) -> set[str]:
    """The kinds a module logs: the first argument of every ``emit("kind", ...)`` call
    and the ``"type"`` of every event written as a dict."""
    kinds: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "emit"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            kinds.add(node.args[0].value)
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if (
                    isinstance(key, ast.Constant)
                    and key.value == "type"
                    and isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                ):
                    kinds.add(value.value)
    return kinds


def all_logged_kinds() -> set[str]:
    kinds = {str(Check("x", "GS-1", D10, 5, Comparison.AT_MOST).resolve(3)["type"])}
    for path in ROOT.rglob("*.py"):
        kinds |= logged_kinds(path.read_text("utf-8"))
    return kinds


def test_the_reading_of_the_code_finds_kinds_on_one_line_or_several() -> None:
    source = (
        'state.emit("contact", a=1)\nstate.emit(\n    "initiative",\n    b=2)\nx = {"type": "t"}'
    )
    assert logged_kinds(source) == {"contact", "initiative", "t"}


def test_every_kind_the_code_logs_is_in_the_table() -> None:
    kinds = all_logged_kinds()
    assert len(kinds) >= 50  # the reading found the kinds, not a few
    missing = kinds - set(EVENTS)
    assert not missing, f"kinds logged with no audience and line in event_table.EVENTS: {missing}"


def test_every_kind_of_the_table_is_made_by_the_code() -> None:
    """No dead row: each kind is logged somewhere (or, a turn summary, made per reader)."""
    assert set(EVENTS) <= all_logged_kinds(), set(EVENTS) - all_logged_kinds()


def test_every_audience_has_its_sides_in_visibility() -> None:
    assert set(visibility._SIDES) == set(Audience) - {Audience.ROLL}


def test_a_kind_missing_from_the_table_is_the_referees_alone() -> None:
    state = driver().state
    assert isinstance(state, GsState)
    plane = next(iter(state.forces.planes.values()))
    event = {"type": "no_such_kind", "aircraft": plane.id}
    assert visibility.audience(state, event, None) == (set(), [])
    known = {"type": "declare", "aircraft": plane.id}
    assert visibility.audience(state, known, None) == ({plane.side}, [])


@pytest.mark.parametrize("kind", sorted(EVENTS))
def test_the_narration_writes_the_tables_line(kind: str) -> None:
    line = EVENTS[kind].line
    event = {"type": kind, "turn": 1, "rule": "GS-1"}
    try:
        expected = line(event)
    except (KeyError, TypeError, ValueError, AttributeError):
        return  # this bare event lacks a field the sentence needs: covered in test_narrate
    if re.search(r"\bNone\b|[{}\[\]]", expected):
        return  # a field missing from the bare event reads as its generic line instead
    assert describe(event) == expected
