"""The TOML writer of scenarios: what it writes reads back as the same data, for the three
examples and for any table of TOML values; what TOML cannot hold is named with its place."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from airwar.games.gunslingers import parse_scenario
from airwar.games.gunslingers.model.scenario import read_scenario_data
from airwar.games.gunslingers.model.scenario_write import (
    scenario_toml,
    string_text,
    toml_problems,
)
from tests.examples import GUNSLINGERS_EXAMPLES

EXAMPLES = sorted(p.name for p in GUNSLINGERS_EXAMPLES.glob("*.toml"))


@pytest.mark.parametrize("name", EXAMPLES)
def test_an_example_written_back_reads_the_same(name: str) -> None:
    data = read_scenario_data(GUNSLINGERS_EXAMPLES / name)
    text = scenario_toml(data, comment="written again")
    assert text.startswith("# written again\n")
    assert tomllib.loads(text) == data
    assert parse_scenario(tomllib.loads(text), name) == parse_scenario(data, name)


def test_the_layout_is_the_examples_one() -> None:
    data = {
        "outcomes": {"missile": {"target": 3, "success": "destroyed", "failure": "miss"}},
        "aircraft": [{"id": "A-1", "radar": {"kind": "regular"}, "hex": [0, 1]}],
        "sides": [{"name": "Blue"}, {"name": "Red"}],
        "scenario": {"name": "x"},
    }
    assert scenario_toml(data) == (
        '[scenario]\nname = "x"\n\n'
        '[[sides]]\nname = "Blue"\n\n[[sides]]\nname = "Red"\n\n'
        '[[aircraft]]\nid = "A-1"\nradar = { kind = "regular" }\nhex = [0, 1]\n\n'
        '[outcomes]\n\n[outcomes.missile]\ntarget = 3\nsuccess = "destroyed"\nfailure = "miss"\n'
    )


@pytest.mark.parametrize(
    ("text", "toml"),
    [
        ('say "hi"', '"say \\"hi\\""'),
        ("a\\b", '"a\\\\b"'),
        ("two\nlines\ttab", '"two\\nlines\\ttab"'),
        ("bell\x07del\x7f", '"bell\\u0007del\\u007F"'),
        ("Ünïcode ✈", '"Ünïcode ✈"'),
    ],
)
def test_text_is_escaped_as_toml_wants(text: str, toml: str) -> None:
    assert string_text(text) == toml
    assert tomllib.loads(f"k = {toml}")["k"] == text


def test_what_toml_cannot_hold_is_named_with_its_place() -> None:
    data: dict[str, Any] = {
        "scenario": {"name": None},
        "aircraft": [{"id": "A", "hex": [0, None]}, {"id": "B", "x": float("nan")}],
        "sides": [{"name": "\ud800"}],
        "map": {"thing": object()},
    }
    assert toml_problems(data) == [
        "aircraft[0].hex[1]: empty (null) has no TOML form; leave the field out",
        "aircraft[1].x: nan is not a finite number",
        "map.thing: a object has no TOML form",
        "scenario.name: empty (null) has no TOML form; leave the field out",
        "sides[0].name: the text holds half of a UTF-16 pair",
    ]
    assert toml_problems({"scenario": {"name": "ok", "turns": 3, "library": True}}) == []
    with pytest.raises(TypeError):
        scenario_toml({"scenario": {"name": None}})


KEYS = st.text(min_size=0, max_size=12)
SCALARS = (
    st.text(max_size=30)
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.booleans()
    | st.floats(allow_nan=False, allow_infinity=False)
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=20,
)
TABLES = st.dictionaries(
    KEYS,
    VALUES | st.lists(st.dictionaries(KEYS, VALUES, max_size=4), min_size=1, max_size=3),
    max_size=6,
)


@settings(max_examples=100, deadline=None)  # the suite's default; 300 took 15 s
@given(TABLES)
@example({"0\n": []})  # a key with a newline at its end is quoted, not written bare
def test_any_table_of_toml_values_reads_back_the_same(data: dict[str, Any]) -> None:
    assert toml_problems(data) == []
    assert tomllib.loads(scenario_toml(data)) == data
