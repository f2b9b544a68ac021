"""Gunslingers scenarios: reading the TOML file and validating it.

The models of its tables are :mod:`.scenario_schema`'s, the checks across
fields and units :mod:`.scenario_checks`'s; this module reads a file or a
text, runs both and reports.

A scenario holds the sides, every aircraft, SAM unit, EWR, CCU, AAA unit,
infantry SAM, ground unit and marker, the map (blocking terrain) and the sun.
Numbers that the text keeps on data cards (GS-6) are unit data; where a
scenario leaves one out, ``unit_defaults.toml`` supplies a house value.

Validation reports *every* problem, one line each, naming the file, the place
in it and what is wrong::

    strike.toml: aircraft[3] (Viper 2).radar.eccm: must be an integer >= 0

Every number is bounded by what the rules and the map make meaningful (GS-42):
a value beyond its bound is refused with the reason, e.g.
``aircraft[0] (Eagle).speed: 1000000 is more than 40, the map's width ...``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from airwar.core.files import read_capped
from airwar.games.gunslingers.model.fields import (
    MAX_DIGITS,
    MAX_FILE_BYTES,
    MAX_NESTING,
    TOO_BIG,
)
from airwar.games.gunslingers.model.scenario_checks import (
    ScenarioParts,
    outcome_problems,
    place_of,
    problem_text,
    unit_problems,
)
from airwar.games.gunslingers.model.scenario_schema import UNIT_LISTS, Scenario, ScenarioError
from airwar.games.gunslingers.model.typeresolve import resolve_scenario
from airwar.games.gunslingers.model.victory import cross_check as victory_problems


def _nesting(data: Any) -> int:
    """How deeply tables and lists nest in ``data`` (counted without recursion)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list | tuple):
            children = node
        else:
            continue
        deepest = max(deepest, depth + 1)
        if deepest > MAX_NESTING:
            break
        stack.extend((child, depth + 1) for child in children)
    return deepest


def parse_scenario(
    data: Mapping[str, Any],
    filename: str = "scenario",
    *,
    saved_ids: bool = False,
    saved_names: bool = False,
) -> Scenario:
    """Validate parsed TOML content; raise :class:`ScenarioError` listing every problem.

    With ``library = true`` each unit's type fills what the unit leaves out first
    (GS-60); the bounds (GS-42) then apply to the values as resolved, overrides and all.
    ``saved_ids`` and ``saved_names`` check the ids and the names by the rules of before
    GS-75, for the scenario of a game saved then: it is read back to be shown, never to
    start a game (:class:`~airwar.games.gunslingers.game.GunslingersGame`).
    """
    context = {"saved_ids": saved_ids, "saved_names": saved_names}
    if not isinstance(data, Mapping):
        raise ScenarioError([f"{filename}: must be a table of scenario content"])
    if _nesting(data) > MAX_NESTING:
        raise ScenarioError(
            [
                f"{filename}: tables and lists nest more than {MAX_NESTING} deep; "
                "a scenario never nests so deep (aircraft, missiles, arcs)"
            ]
        )
    data, typed = resolve_scenario(data)
    lines: list[str] = [f"{filename}: {p}" for p in typed]
    sc: Scenario | None = None
    try:
        sc = Scenario.model_validate(dict(data), context=context)
    except ValidationError as exc:
        lines += [
            f"{filename}: {place_of(e['loc'], data)}: {problem_text(e)}" for e in exc.errors()
        ]
    lines += [f"{filename}: {p}" for p in unit_problems(ScenarioParts(data, sc, context))]
    lines += [f"{filename}: {p}" for p in outcome_problems(data)]
    if sc is not None and sc.victory is not None and not lines:
        lines += [f"{filename}: {p}" for p in _victory_problems(sc)]
    if lines or sc is None:
        raise ScenarioError(lines)
    return sc


def _victory_problems(sc: Scenario) -> list[str]:
    """The ``[victory]`` table against the units, sides and map (GS-85)."""
    assert sc.victory is not None
    units: dict[str, tuple[str, str, str]] = {}
    for kind in UNIT_LISTS:
        for u in getattr(sc, kind):
            units[u.id] = (kind, u.side, str(getattr(u, "type", "") or ""))
    sides = set(sc.side_names())
    return victory_problems(sc.victory, sides, units, sc.map.radius)


def parse_scenario_text(text: str, filename: str = "scenario") -> dict[str, Any]:
    """The TOML content of a scenario's text (ScenarioError naming the problem).

    Only the data is read here, not checked: :func:`parse_scenario` checks it.
    """
    if len(text) > MAX_FILE_BYTES:
        raise ScenarioError([f"{filename}: {TOO_BIG}"])
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError([f"{filename}: not valid TOML ({exc})"]) from None
    except RecursionError:
        raise ScenarioError(
            [f"{filename}: not valid TOML (brackets nest too deeply to be read)"]
        ) from None
    except ValueError:  # an integer longer than Python converts from text
        raise ScenarioError(
            [f"{filename}: not valid TOML (a whole number of more than {MAX_DIGITS} digits)"]
        ) from None


def read_scenario_data(path: str | Path) -> dict[str, Any]:
    """The TOML content of a scenario file (ScenarioError if unreadable)."""
    p = Path(path)
    try:
        raw = read_capped(p, MAX_FILE_BYTES)
    except OSError as exc:
        raise ScenarioError([f"{p.name}: cannot be read ({exc.strerror or exc})"]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise ScenarioError([f"{p.name}: {TOO_BIG}"])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        bad = f"byte {exc.start + 1} is {raw[exc.start]:#04x}"
        raise ScenarioError([f"{p.name}: line {line}: not UTF-8 text ({bad})"]) from None
    return parse_scenario_text(text, p.name)


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file."""
    return parse_scenario(read_scenario_data(path), Path(path).name)
