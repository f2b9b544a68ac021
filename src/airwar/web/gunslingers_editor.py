"""The Gunslingers scenario editor: a page that builds a scenario on the hex map, and the
routes that check it as it is edited, turn it into TOML and load a file or an example.

The page works on the scenario's content as data, exactly what ``tomllib`` reads
from a file (tables, lists, text, whole numbers, true/false), sent as JSON:

* ``GET /api/gunslingers/scenario/fields`` says what each field of a unit allows;
* ``POST /api/gunslingers/scenario/check`` answers every problem with its place
  (the lines of :class:`ScenarioError`, each split into the place and the path of
  keys and indexes it names), so the page shows them next to the units and fields;
* ``POST /api/gunslingers/scenario/toml`` turns content without a problem into the
  text of a ``.toml`` file (422 listing the problems otherwise);
* ``POST /api/gunslingers/scenario/load`` reads an example by name or the text of a
  file into content (its problems too: a file with problems is loaded to be fixed).

A game starts from the saved text through ``POST /api/gunslingers/games``.

The page and the three routes are on this module's :data:`router`; its POST routes,
like those of a new game, may carry a whole scenario (1 MB,
the Gunslingers parts' ``uploads``, :data:`airwar.web.gunslingers.PARTS`).
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from airwar.core.text import printable
from airwar.games.gunslingers import ScenarioError, parse_scenario
from airwar.games.gunslingers.model.field_schema import unit_fields
from airwar.games.gunslingers.model.fields import (
    MAX_ID,
    MAX_RADIUS,
    MAX_SIDES,
    MAX_TURNS,
    MAX_UNITS,
    SIDES_WHY,
    UNITS_WHY,
    ceiling,
)
from airwar.games.gunslingers.model.scenario import parse_scenario_text
from airwar.games.gunslingers.model.scenario_write import scenario_toml, toml_problems
from airwar.web.errors import field_error
from airwar.web.gunslingers_scenarios import ScenarioIn, example_data
from airwar.web.templating import templates

router = APIRouter(tags=["gunslingers"])
"""The editor's page and routes: a scenario's content is a scenario upload (1 MB, as
the file's)."""

FILE = "scenario"
"""The file name the problems of content sent by the page are given under."""
MAX_PROBLEMS = 200
"""The most problems one answer lists (then how many more there were)."""

_LABEL = re.compile(r" \([^()]*\)")
_STEP = r"[A-Za-z_][A-Za-z0-9_]*(?:\[\d+\](?: \([^()]*\))?)*"
_PLACED = re.compile(rf"^(?P<place>{_STEP}(?:\.{_STEP})*): (?P<message>.+)$", re.DOTALL)
_PATH_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")
_UNIT_HEAD = re.compile(r"^([a-z_]+)\[(\d+)\] \(")
_AFTER_LABEL = re.compile(rf"^(?P<rest>(?:\.{_STEP})*): (?P<message>.+)$", re.DOTALL)


class ScenarioData(BaseModel):
    """A scenario's content as data: the tables and values of its TOML file."""

    model_config = ConfigDict(extra="forbid")

    scenario: dict[str, Any]


class Problem(BaseModel):
    """One problem of a scenario: the whole line, and the place it names split out."""

    text: str
    place: str | None
    """e.g. ``aircraft[0] (Viper 1).altitude``; none for a problem of the whole file."""
    path: list[str | int]
    """The keys and indexes of the place: ``["aircraft", 0, "altitude"]``."""
    message: str
    words: str = ""
    """The problem in words, its place said once: ``Viper 1, altitude: 99 is more
    than 30 ...`` (``text`` is the line as the terminal prints it)."""


class CheckOut(BaseModel):
    ok: bool
    problems: list[Problem]
    more: int = 0
    """Problems left out of the list (it holds at most 200)."""


class TomlOut(BaseModel):
    filename: str
    toml: str


class LoadOut(BaseModel):
    filename: str
    scenario: dict[str, Any]
    problems: list[Problem]


def _labels(unit: Any) -> list[str]:
    """The labels a unit's problems may name it by: its name or id, whole or cut short
    (a name is any text, brackets and colons too, so it is matched, not parsed)."""
    if not isinstance(unit, dict):
        return []
    named = unit.get("name") or unit.get("id")
    if not isinstance(named, str) or not named:
        return []
    named = printable(named)  # as the problem line shows it (GS-75)
    clipped = named if len(named) <= MAX_ID else named[: MAX_ID - 3] + "..."
    return sorted({named, clipped, named[:MAX_ID]}, key=len, reverse=True)


def _path(place: str) -> list[str | int]:
    return [
        int(index) if index else name for name, index in _PATH_PART.findall(_LABEL.sub("", place))
    ]


def place_words(place: str) -> str:
    """A place of a scenario in words: ``victory.points[0].unit`` -> ``victory points 1
    unit`` (keys with spaces for underscores, each index counted from 1)."""
    parts = []
    for name, index in _PATH_PART.findall(_LABEL.sub("", place)):
        parts.append(str(int(index) + 1) if index else name.replace("_", " "))
    return " ".join(parts)


def in_words(who: str, place: str, message: str) -> str:
    """``who, place: message``, the place left out where there is none."""
    where = ", ".join(x for x in (who, place) if x)
    text = f"{where}: {message}" if where else message
    return text[:1].upper() + text[1:]


def problem(line: str, data: dict[str, Any] | None = None) -> Problem:
    """A problem line (without its file name) with its place and path split out.

    ``data``, the content the line is about, lets a unit's label be any text."""
    head = _UNIT_HEAD.match(line)
    units = data.get(head[1]) if head and data else None
    if head and isinstance(units, list) and int(head[2]) < len(units):
        kind, index = head[1], int(head[2])
        for label in _labels(units[index]):
            prefix = f"{kind}[{index}] ({label})"
            rest = _AFTER_LABEL.match(line[len(prefix) :]) if line.startswith(prefix) else None
            if rest is not None:
                return Problem(
                    text=line,
                    place=prefix + rest["rest"],
                    path=[kind, index, *_path(rest["rest"])],
                    message=rest["message"],
                    words=in_words(label, place_words(rest["rest"]), rest["message"]),
                )
    m = _PLACED.match(line)
    if m is None:
        return Problem(text=line, place=None, path=[], message=line, words=in_words("", "", line))
    place = m["place"]
    return Problem(
        text=line,
        place=place,
        path=_path(place),
        message=m["message"],
        words=in_words("", place_words(place), m["message"]),
    )


LISTS = {
    "sides": (MAX_SIDES, "sides", SIDES_WHY),
    "aircraft": (MAX_UNITS, "aircraft", UNITS_WHY),
    "sams": (MAX_UNITS, "SAM units", UNITS_WHY),
    "infantry_sams": (MAX_UNITS, "infantry SAMs", UNITS_WHY),
    "ewrs": (MAX_UNITS, "EWRs", UNITS_WHY),
    "ccus": (MAX_UNITS, "CCUs", UNITS_WHY),
    "aaa": (MAX_UNITS, "AAA units", UNITS_WHY),
    "ground_units": (MAX_UNITS, "ground units", UNITS_WHY),
    "markers": (MAX_UNITS, "markers", UNITS_WHY),
}
"""The scenario's lists and their bounds (GS-42), in the words of its own check."""
MAX_TERRAIN = 3 * MAX_RADIUS * (MAX_RADIUS + 1) + 1
"""The hexes of the largest map: a longer terrain list names some hex twice."""


def oversized(data: dict[str, Any]) -> list[str]:
    """The lists longer than any scenario holds, found before the scenario is checked:
    a body of 1 MB may hold 250,000 units, and checking each would take many seconds."""
    out = []
    for key, (most, what, why) in LISTS.items():
        items = data.get(key)
        if isinstance(items, list) and len(items) > most:
            out.append(f"{key}: has {len(items)} {what}, at most {most}: {why}")
    spec = data.get("map")
    terrain = spec.get("terrain") if isinstance(spec, dict) else None
    if isinstance(terrain, list) and len(terrain) > MAX_TERRAIN:
        out.append(
            f"map.terrain: has {len(terrain)} hexes, at most {MAX_TERRAIN}: the hexes of "
            f"the largest map (radius {MAX_RADIUS}, GS-42)"
        )
    return out


def problem_lines(data: dict[str, Any]) -> list[str]:
    """Every problem of a scenario's content, one line each, without a file name."""
    unwritable = toml_problems(data) or oversized(data)
    if unwritable:
        return unwritable
    try:
        parse_scenario(data, FILE)
    except ScenarioError as exc:
        prefix = FILE + ": "
        return [p.removeprefix(prefix) for p in exc.problems]
    return []


def listed(lines: list[str], data: dict[str, Any]) -> tuple[list[Problem], int]:
    return [problem(p, data) for p in lines[:MAX_PROBLEMS]], max(0, len(lines) - MAX_PROBLEMS)


def file_name(data: dict[str, Any]) -> str:
    """``name.toml`` from the scenario's name: letters, digits and dashes."""
    info = data.get("scenario")
    name = info.get("name") if isinstance(info, dict) else None
    slug = re.sub(r"[^A-Za-z0-9]+", "-", name if isinstance(name, str) else "").strip("-").lower()
    return (slug[:60].rstrip("-") or "scenario") + ".toml"


@router.get("/api/gunslingers/scenario/fields")
def fields() -> dict[str, Any]:
    """What each field of a scenario's units allows (bounds, choices), read from the
    scenario's models: the editor asks rather than restates them."""
    return unit_fields()


@router.post("/api/gunslingers/scenario/check", response_model=CheckOut)
def check(body: ScenarioData) -> CheckOut:
    """Check a scenario's content: every problem with its place (nothing is saved)."""
    problems, more = listed(problem_lines(body.scenario), body.scenario)
    return CheckOut(ok=not problems, problems=problems, more=more)


@router.post("/api/gunslingers/scenario/toml", response_model=TomlOut)
def to_toml(body: ScenarioData) -> TomlOut:
    """The TOML file of a scenario's content without a problem (422 naming each place)."""
    lines = problem_lines(body.scenario)
    if lines:
        # one error a problem, at its place in the body (the answer lists the first ten)
        raise RequestValidationError(
            [
                {
                    "loc": ("body", "scenario", *p.path),
                    "msg": p.text,
                    "type": "value_error",
                    "text": p.words,
                }
                for p in (problem(line, body.scenario) for line in lines[:MAX_PROBLEMS])
            ]
        )
    name = file_name(body.scenario)
    head = f"Gunslingers scenario, written by the airwar scenario editor ({name})."
    return TomlOut(filename=name, toml=scenario_toml(body.scenario, comment=head))


@router.post("/api/gunslingers/scenario/load", response_model=LoadOut)
def load(body: ScenarioIn) -> LoadOut:
    """A file's text or an example, read into content for the editor, with its problems."""
    if body.example is not None:
        data, name = example_data(body.example)
    else:
        try:
            data = parse_scenario_text(body.scenario_toml or "", "uploaded scenario")
        except ScenarioError as exc:
            raise field_error(("body", "scenario_toml"), "; ".join(exc.problems)) from None
        name = file_name(data)
    problems, _ = listed(problem_lines(data), data)
    return LoadOut(filename=name, scenario=data, problems=problems)


class EditorLimits(BaseModel):
    """The bounds the page's number fields carry (the check applies them all, GS-42)."""

    radius: Annotated[int, Field(ge=1)] = MAX_RADIUS
    turns: Annotated[int, Field(ge=1)] = MAX_TURNS
    ceiling: Annotated[int, Field(ge=0)] = 0


@router.get("/gunslingers/editor", response_class=HTMLResponse, include_in_schema=False)
def editor_page(request: Request) -> HTMLResponse:
    """The scenario editor: the hex map, the tools, the selected unit's fields."""
    limits = EditorLimits(ceiling=ceiling())
    return templates.TemplateResponse(
        request, "gunslingers_editor.html", {"page": "gunslingers-editor", "limits": limits}
    )
