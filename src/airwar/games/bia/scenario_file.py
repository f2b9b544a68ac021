"""Engagement files: several AD units and aircraft over several turns, in TOML.

A file has ``title``, ``turns``, an optional ``seed``, one ``[[aircraft]]``
table per aircraft and one ``[[ground]]`` table per ground AD unit::

    title = "Gunship over the ford"
    turns = 3

    [[aircraft]]
    name = "Gunship"
    side = "red"
    speed = "slow"
    manoeuvrability = "medium"
    pilot = "veteran"         # a grade or a whole number (BIA-3)
    present = [1, 2, 3]       # turns it is in the AD umbrella (passes if Fast)

    [[ground]]
    name = "Ford SAM"
    side = "blue"
    system = "vehicle-sam"
    targets = ["Gunship"]     # fires at the first one present and flying
    range_km = 6

An aircraft on Air Defence also has ``system``, ``targets`` and ``range_km``.
A slower aircraft that makes passes has ``passes = true`` (BIA-19). A type
capable of several speeds lists them, ``speed = ["fast", "slow"]``, and says
which it flies in each posture, ``[[aircraft.posture]]`` tables with
``from_turn`` and ``speed`` (and ``passes`` or ``dogfighting``) (BIA-18).
Every mistake raises :class:`ScenarioError` naming the file, the table and
the key. Every number is bounded by what the rules make meaningful (BIA-16):
a value beyond its bound is refused with the reason.
"""

from __future__ import annotations

import re
import tomllib
from fractions import Fraction
from typing import Any

from airwar.core.text import escaped, first_unprintable
from airwar.games.bia.airdefence import (
    Firer,
    FirerKind,
    Speed,
    parse_manoeuvrability,
    parse_speed,
    pilot_modifier,
    range_from_km,
    system,
)
from airwar.games.bia.errors import BiaError, ScenarioError
from airwar.games.bia.scenario import (
    MAX_DIGITS,
    MAX_FILE_CHARS,
    MAX_NAME,
    MAX_NESTING,
    MAX_PILOT,
    MAX_SEED_LENGTH,
    MAX_TURNS,
    MAX_UNITS,
    SIDES,
    UNIT_NAME_RULE,
    AircraftSpec,
    Fire,
    GroundSpec,
    Posture,
    Scenario,
)

_UNIT_NAME_RE = re.compile(r"[A-Za-z0-9]+(?:[ _.\-]+[A-Za-z0-9]+)*")

_TOP_KEYS = {"title", "turns", "seed", "aircraft", "ground"}

_AIRCRAFT_KEYS = {
    "name",
    "side",
    "speed",
    "manoeuvrability",
    "pilot",
    "pacifier",
    "dogfighting",
    "passes",
    "present",
    "posture",
    "system",
    "targets",
    "range_km",
}

_POSTURE_KEYS = {"from_turn", "speed", "dogfighting", "passes"}

_GROUND_KEYS = {"name", "side", "system", "firer", "targets", "range_km"}


class _Place:
    """Where in the file a value is, for error messages."""

    def __init__(self, where: str, table: str, saved: bool = False) -> None:
        self.where = where
        self.table = table
        self.saved = saved
        """Names are checked by the rules of before BIA-17 (a saved game's file)."""

    def error(self, key: str | None, what: str) -> ScenarioError:
        at = f", key '{key}'" if key else ""
        return ScenarioError(f"{self.where}: {self.table}{at}: {what}")

    def within(self, table: str) -> _Place:
        """A table inside this one (``[[aircraft]] #1 ('Jet'), [[aircraft.posture]] #2``)."""
        return _Place(self.where, f"{self.table}, {table}", self.saved)


def _table_name(kind: str, index: int, row: Any) -> str:
    name = row.get("name") if isinstance(row, dict) else None
    if isinstance(name, str) and len(name) > 40:
        name = name[:37] + "..."
    label = f" ({name!r})" if isinstance(name, str) else ""
    return f"[[{kind}]] #{index}{label}"


def _check_keys(place: _Place, row: dict[str, Any], allowed: set[str], required: tuple) -> None:
    for key in row:
        if key not in allowed:
            raise place.error(key, f"unknown key (allowed: {', '.join(sorted(allowed))})")
    for key in required:
        if key not in row:
            raise place.error(key, "missing")


def _get(place: _Place, row: dict[str, Any], key: str, kind: type | tuple, what: str) -> Any:
    value = row[key]
    if isinstance(value, bool) and kind is not bool:
        raise place.error(key, f"{value!r} is not {what}")
    if not isinstance(value, kind):
        raise place.error(key, f"{value!r} is not {what}")
    return value


def _name(place: _Place, row: dict[str, Any], key: str = "name", what: str = "a name") -> str:
    """A title: one line of text without control characters, at most MAX_NAME (BIA-17)."""
    name = _get(place, row, key, str, what)
    if not name.strip():
        raise place.error(key, "must not be empty")
    if len(name) > MAX_NAME:
        raise place.error(key, f"is {len(name)} characters long, at most {MAX_NAME}")
    bad = first_unprintable(name)
    if bad is not None and not place.saved:
        raise place.error(
            key,
            f"holds {escaped(bad)}, a control or format character: {what} is one line of "
            "text without them (BIA-17)",
        )
    return name


def _unit_name(place: _Place, row: dict[str, Any]) -> str:
    """A unit's name, which targets name it by: the rule of :data:`UNIT_NAME_RULE`."""
    name = _name(place, row)
    if not _UNIT_NAME_RE.fullmatch(name) and not place.saved:
        odd = next((c for c in name if not (c.isascii() and (c.isalnum() or c in " _.-"))), None)
        why = f"it holds {odd!r}" if odd is not None else "it begins or ends with a separator"
        raise place.error("name", f"{name!r}: {UNIT_NAME_RULE}; {why}")
    return name


def _side(place: _Place, row: dict[str, Any]) -> str:
    side = _get(place, row, "side", str, "a side name")
    if side.lower() not in SIDES:
        raise place.error("side", f"{side!r} is not a side (allowed: {', '.join(SIDES)})")
    return side.lower()


def _fire(place: _Place, row: dict[str, Any]) -> Fire:
    name = _get(place, row, "system", str, "an AD system name")
    try:
        sys = system(name)
    except BiaError as exc:
        raise place.error("system", str(exc)) from None
    targets = _get(place, row, "targets", list, "a list of aircraft names")
    if not targets or not all(isinstance(t, str) for t in targets):
        raise place.error("targets", "must be a non-empty list of aircraft names")
    if len(set(targets)) != len(targets):
        twice = next(t for t in targets if targets.count(t) > 1)
        raise place.error("targets", f"{twice!r} is listed twice")
    range_m: Fraction | None = None
    if "range_km" in row:
        km = _get(place, row, "range_km", (int, float), "a number of kilometres")
        try:
            range_m = range_from_km(km)
        except BiaError as exc:
            raise place.error("range_km", str(exc)) from None
        if range_m < 0:
            raise place.error("range_km", f"{km} is negative")
        if range_m > sys.range_m:
            raise place.error(
                "range_km", f"{km} km is out of range of {sys.name} (range {sys.range_text}, BIA-4)"
            )
    return Fire(sys, tuple(targets), range_m)


def _aircraft(place: _Place, row: dict[str, Any], turns: int) -> AircraftSpec:
    _check_keys(place, row, _AIRCRAFT_KEYS, ("name", "side", "speed", "manoeuvrability", "present"))
    name = _unit_name(place, row)
    side = _side(place, row)
    speeds = _speeds(place, row)
    man_text = _get(place, row, "manoeuvrability", str, "a manoeuvrability")
    try:
        man = parse_manoeuvrability(man_text)
    except BiaError as exc:
        raise place.error("manoeuvrability", str(exc)) from None
    pilot = 0
    if "pilot" in row:
        pilot_value = _get(place, row, "pilot", (int, str), "a pilot grade")
        try:
            pilot = pilot_modifier(pilot_value)
        except BiaError as exc:
            raise place.error("pilot", str(exc)) from None
        if abs(pilot) > MAX_PILOT:
            raise place.error(
                "pilot",
                f"{_shown(pilot)} is not from -{MAX_PILOT} to {MAX_PILOT}: the largest die is "
                "1d100, so a larger modifier decides every roll by itself (BIA-16)",
            )
    pacifier = _get(place, row, "pacifier", bool, "true or false") if "pacifier" in row else False
    present = _get(place, row, "present", list, "a list of turn numbers")
    if not all(isinstance(t, int) and not isinstance(t, bool) for t in present):
        raise place.error("present", "must be a list of whole turn numbers")
    if sorted(set(present)) != present:
        raise place.error("present", "turn numbers must be increasing, each once")
    if present and (present[0] < 1 or present[-1] > turns):
        raise place.error("present", f"turn numbers must lie between 1 and {turns}")
    if "posture" in row:
        for key in ("dogfighting", "passes"):
            if key in row:
                raise place.error(
                    key,
                    "with [[aircraft.posture]] tables it belongs to each posture: the "
                    "posture is how the aircraft flies (BIA-18)",
                )
        postures = _postures(place, row, speeds, turns, tuple(present))
    else:
        if len(speeds) > 1:
            raise place.error(
                "speed",
                f"capable of {len(speeds)} speeds ({', '.join(s.value for s in speeds)}): "
                '"this should be specified when their posture is chosen", so give '
                "[[aircraft.posture]] tables with from_turn and speed (BIA-18)",
            )
        postures = (_posture_values(place, row, speeds[0], 1),)
    fire: Fire | None = None
    if "system" in row or "targets" in row or "range_km" in row:
        for key in ("system", "targets"):
            if key not in row:
                raise place.error(key, "missing (an aircraft on Air Defence needs both)")
        fire = _fire(place, row)
    return AircraftSpec(name, side, speeds, man, pilot, pacifier, tuple(present), fire, postures)


def _speeds(place: _Place, row: dict[str, Any]) -> tuple[Speed, ...]:
    """``speed``: one speed, or the list of the speeds the type can fly (BIA-18)."""
    value = row["speed"]
    texts = value if isinstance(value, list) else [value]
    if not texts:
        raise place.error("speed", "an empty list: give the speed, or the speeds it can fly")
    speeds: list[Speed] = []
    for text in texts:
        if not isinstance(text, str):
            raise place.error("speed", f"{text!r} is not a speed")
        try:
            speed = parse_speed(text)
        except BiaError as exc:
            raise place.error("speed", str(exc)) from None
        if speed in speeds:
            raise place.error("speed", f"{speed.value} is listed twice")
        speeds.append(speed)
    return tuple(speeds)


def _posture_values(place: _Place, row: dict[str, Any], speed: Speed, turn: int) -> Posture:
    """A posture's speed, dogfighting and passes, checked against each other (BIA-2, BIA-19)."""
    dogfighting = (
        _get(place, row, "dogfighting", bool, "true or false") if "dogfighting" in row else False
    )
    passes = _get(place, row, "passes", bool, "true or false") if "passes" in row else False
    if dogfighting and speed is not Speed.FAST:
        raise place.error(
            "dogfighting",
            f"only Fast aircraft dogfight outside the area, not a {speed.label} one (BIA-2)",
        )
    if dogfighting and passes:
        raise place.error(
            "passes", "a Fast aircraft dogfighting outside the area loiters: no passes (BIA-2)"
        )
    return Posture(turn, speed, dogfighting, passes)


def _postures(
    place: _Place,
    row: dict[str, Any],
    speeds: tuple[Speed, ...],
    turns: int,
    present: tuple[int, ...],
) -> tuple[Posture, ...]:
    """``[[aircraft.posture]]``: from which turn it flies at which speed (BIA-18)."""
    rows = _get(place, row, "posture", list, "a list of [[aircraft.posture]] tables")
    if not rows:
        raise place.error("posture", "an empty list: give at least one [[aircraft.posture]]")
    out: list[Posture] = []
    for i, prow in enumerate(rows, start=1):
        at = place.within(f"[[aircraft.posture]] #{i}")
        if not isinstance(prow, dict):
            raise at.error(None, "is not a table")
        required = ("from_turn",) if len(speeds) == 1 else ("from_turn", "speed")
        _check_keys(at, prow, _POSTURE_KEYS, required)
        turn = _get(at, prow, "from_turn", int, "a whole turn number")
        if not 1 <= turn <= turns:
            raise at.error("from_turn", f"{_shown(turn)} is not a turn from 1 to {turns}")
        if out and turn <= out[-1].from_turn:
            raise at.error(
                "from_turn",
                f"turn {turn} does not come after turn {out[-1].from_turn}, where the "
                "posture before begins: postures follow each other turn by turn (BIA-18)",
            )
        speed = speeds[0]
        if "speed" in prow:
            text = _get(at, prow, "speed", str, "a speed")
            try:
                speed = parse_speed(text)
            except BiaError as exc:
                raise at.error("speed", str(exc)) from None
            if speed not in speeds:
                raise at.error(
                    "speed",
                    f"{speed.value} is not a speed this aircraft can fly (its key 'speed': "
                    f"{', '.join(s.value for s in speeds)}, BIA-18)",
                )
        out.append(_posture_values(at, prow, speed, turn))
    if present and present[0] < out[0].from_turn:
        raise place.within("[[aircraft.posture]] #1").error(
            "from_turn",
            f"the aircraft is in the umbrella on turn {present[0]}, before its first posture "
            f"(from turn {out[0].from_turn}): every turn it is present needs a posture (BIA-18)",
        )
    return tuple(out)


def _ground(place: _Place, row: dict[str, Any]) -> GroundSpec:
    _check_keys(place, row, _GROUND_KEYS, ("name", "side", "system", "targets"))
    name = _unit_name(place, row)
    side = _side(place, row)
    firer_text = _get(place, row, "firer", str, "surface or orbital") if "firer" in row else ""
    if firer_text and firer_text not in ("surface", "orbital"):
        raise place.error("firer", f"{firer_text!r} is not surface or orbital")
    firer = Firer.orbital() if firer_text == "orbital" else Firer.surface()
    return GroundSpec(name, side, firer, _fire(place, row))


def _shown(value: int) -> str:
    text = str(value)
    return f"a number of {len(text.lstrip('-'))} digits" if len(text) > 24 else text


def _nesting(data: Any) -> int:
    """How deeply tables and lists nest in ``data`` (counted without recursion)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack and deepest <= MAX_NESTING:
        node, depth = stack.pop()
        if isinstance(node, dict | list):
            deepest = max(deepest, depth + 1)
            children = node.values() if isinstance(node, dict) else node
            stack.extend((child, depth + 1) for child in children)
    return deepest


def _read_toml(text: str, where: str) -> dict[str, Any]:
    if len(text) > MAX_FILE_CHARS:
        raise ScenarioError(
            f"{where}: is larger than 1 MB; an engagement is far smaller (the example is 2.5 kB)"
        )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{where}: not valid TOML ({exc})") from None
    except RecursionError:
        raise ScenarioError(
            f"{where}: not valid TOML (brackets nest too deeply to be read)"
        ) from None
    except ValueError:  # an integer longer than Python converts from text
        raise ScenarioError(
            f"{where}: not valid TOML (a whole number of more than {MAX_DIGITS} digits)"
        ) from None
    if _nesting(data) > MAX_NESTING:
        raise ScenarioError(
            f"{where}: tables and lists nest more than {MAX_NESTING} deep; an engagement "
            "never nests so deep ([[aircraft]], [[aircraft.posture]], present)"
        )
    return data


def parse_scenario(text: str, where: str = "engagement", *, saved: bool = False) -> Scenario:
    """Read and check an engagement; ``where`` names the file in error messages.

    ``saved``: the names are checked by the rules of before BIA-17, for the file of a
    game saved then (it is read back to be shown, never to start a game)."""
    data = _read_toml(text, where)
    top = _Place(where, "top level", saved)
    _check_keys(top, data, _TOP_KEYS, ("turns", "aircraft"))
    title = _name(top, data, "title", "a title") if "title" in data else "Engagement"
    turns = _get(top, data, "turns", int, "a whole number of turns")
    if not 1 <= turns <= MAX_TURNS:
        raise top.error(
            "turns",
            f"{_shown(turns)} is not between 1 and {MAX_TURNS} (a loitering aircraft gains "
            "+1 a turn: after 100 turns even 1d100 is always beaten, BIA-16)",
        )
    seed = _get(top, data, "seed", (int, str), "a whole number or text") if "seed" in data else None
    if seed is not None and len(str(seed)) > MAX_SEED_LENGTH:
        raise top.error("seed", f"is {len(str(seed))} characters long, at most {MAX_SEED_LENGTH}")
    bad = first_unprintable(seed) if isinstance(seed, str) and not saved else None
    if bad is not None:
        raise top.error("seed", f"holds {escaped(bad)}, a control or format character (BIA-17)")
    rows = _get(top, data, "aircraft", list, "a list of [[aircraft]] tables")
    if not rows:
        raise top.error("aircraft", "at least one [[aircraft]] is needed")
    if len(rows) > MAX_UNITS:
        raise top.error(
            "aircraft", f"{len(rows)} [[aircraft]], at most {MAX_UNITS} in one engagement (BIA-16)"
        )
    names: set[str] = set()
    aircraft: list[AircraftSpec] = []
    for i, row in enumerate(rows, start=1):
        place = _Place(where, _table_name("aircraft", i, row), saved)
        if not isinstance(row, dict):
            raise place.error(None, "is not a table")
        spec = _aircraft(place, row, turns)
        if spec.name in names:
            raise place.error("name", f"{spec.name!r} is used twice")
        names.add(spec.name)
        aircraft.append(spec)
    ground: list[GroundSpec] = []
    ground_rows = (
        _get(top, data, "ground", list, "a list of [[ground]] tables") if "ground" in data else []
    )
    if len(ground_rows) > MAX_UNITS:
        raise top.error(
            "ground",
            f"{len(ground_rows)} [[ground]] units, at most {MAX_UNITS} in one engagement (BIA-16)",
        )
    for i, row in enumerate(ground_rows, start=1):
        place = _Place(where, _table_name("ground", i, row), saved)
        if not isinstance(row, dict):
            raise place.error(None, "is not a table")
        g = _ground(place, row)
        if g.name in names:
            raise place.error("name", f"{g.name!r} is used twice")
        names.add(g.name)
        ground.append(g)
    by_name = {a.name: a for a in aircraft}
    shooters: list[tuple[str, int, str, str, bool, Fire]] = [
        ("aircraft", i, a.name, a.side, False, a.fire)
        for i, a in enumerate(aircraft, start=1)
        if a.fire is not None
    ]
    shooters += [
        ("ground", i, g.name, g.side, g.firer.kind is FirerKind.ORBITAL, g.fire)
        for i, g in enumerate(ground, start=1)
    ]
    for kind, i, name, side, orbital, fire in shooters:
        place = _Place(where, f"[[{kind}]] #{i} ({name!r})")
        for target in fire.targets:
            if target not in by_name:
                raise place.error("targets", f"{target!r} is not an aircraft of this engagement")
            t = by_name[target]
            if t.side == side:
                raise place.error("targets", f"{target!r} is on the same side ({side})")
            # an aircraft of several speeds is fired at only while Very Slow (BIA-18)
            flown = {t.speed_at(turn) for turn in t.present} or {t.speed}
            if orbital and Speed.VERY_SLOW not in flown:
                speeds = "/".join(s.label for s in sorted(flown, key=lambda s: s.rank))
                raise place.error(
                    "targets",
                    f"{target!r} is {speeds}: orbital-to-air fire only at Very Slow "
                    "aircraft (BIA-4)",
                )
    return Scenario(title, turns, seed, tuple(aircraft), tuple(ground))
