"""A type's data card as a pilot reads it (GS-60, GS-62): its values in plain words with
their units, in sections in a pilot's order, each house value with its reason, rather
than the card's raw places (``dds_programs[0].name``, ``loads.CAP.missiles[0].type``).

Built once here and served in the type's JSON (``card_data``'s ``sections``): the
browser's data card and ``airwar gunslingers types show`` both draw these rows."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any


def _yes(v: Any) -> str:
    return "yes" if v is True else "no" if v is False else str(v)


def _d10(v: Any) -> str:
    return f"{v} or less on a d10"


def _plural(n: Any, one: str, many: str) -> str:
    return f"{n} {one if str(n) == '1' else many}"


WORDS: dict[str, dict[Any, str]] = {
    "kind": {"sam": "SAM site", "aaa": "anti-aircraft guns", "infantry": "infantry SAM team",
             "aam": "air-to-air missile", "a2g": "air-to-ground weapon",
             "arm": "anti-radiation missile", "regular": "regular (one target)",
             "tws": "track while scan", "limited_tws": "limited track while scan",
             "mtt": "multi-target track"},
    "guidance": {"CG": "command guidance (CG)", "CW": "continuous-wave radar (CW)",
                 "IR": "infrared (IR)", "OG": "optical (OG)", "LG": "laser (LG)",
                 "AH": "active radar (AH)", "RH": "semi-active radar (RH)"},
    "role": {"ewr": "early warning", "gci": "ground-controlled interception",
             "fire_control": "fire control", "air": "airborne"},
    "fire": {"plotted": "plotted fire", "barrage": "barrage fire"},
    "visibility": {2: "small", 3: "medium", 4: "large or smoky"},
}  # fmt: skip


def _word(table: str) -> Callable[[Any], str]:
    return lambda v: WORDS[table].get(v, str(v))


def _hexes(v: Any) -> str:
    return _plural(v, "hex", "hexes")


FIELDS: dict[str, tuple[str, str, Callable[[Any], str]]] = {
    "crew": ("Airframe", "Crew", str),
    "speed": ("Airframe", "Top speed", lambda v: _hexes(v) + " a move"),
    "climb": ("Airframe", "Climb or dive",
              lambda v: _plural(v, "altitude level", "altitude levels") + " a move"),
    "visibility": ("Airframe", "Size to the eye", lambda v: f"{v} ({_word('visibility')(v)})"),
    "fly_by_wire": ("Airframe", "Fly-by-wire", _yes),
    "blind_arcs": ("Airframe", "Blind arcs", lambda v: ", ".join(map(str, v)) or "none"),
    "radar": ("Sensors", "Radar", str),
    "iff": ("Sensors", "IFF", _yes),
    "vas": ("Sensors", "Visual acquisition system", _yes),
    "laser_designator": ("Sensors", "Laser designator", _yes),
    "fac": ("Sensors", "Forward air controller", _yes),
    "special_modes": ("Sensors", "Special modes", lambda v: ", ".join(map(str, v))),
    "guns": ("Weapons", "Guns", _yes),
    "rockets": ("Weapons", "Rockets", _yes),
    "load": ("Weapons", "Load carried", str),
    "chaff": ("Self-protection", "Chaff", str),
    "flares": ("Self-protection", "Flares", str),
    "djm": ("Self-protection", "Deception jammer (DJM)", str),
    "ajm": ("Self-protection", "Angle jammer (AJM)", str),
    "mini_jammers": ("Self-protection", "Mini-jammers", str),
    "kind": ("System", "Kind", _word("kind")),
    "role": ("System", "Role", _word("role")),
    "guidance": ("System", "Guidance", _word("guidance")),
    "guided": ("System", "Guided", _yes),
    "fire": ("System", "Fire", _word("fire")),
    "quick_reaction": ("System", "Quick reaction", _yes),
    "auto_reload": ("System", "Reloads itself", _yes),
    "eccm": ("System", "ECCM", lambda v: f"{v} (0 to 3)"),
    "capacity": ("System", "Targets held", str),
    "detection": ("Engagement", "Detection", _d10),
    "lock_on": ("Engagement", "Lock-on", _d10),
    "launch": ("Engagement", "Launch", _d10),
    "range": ("Engagement", "Range", _hexes),
    "min_range": ("Engagement", "Minimum range", _hexes),
    "max_range": ("Engagement", "Maximum range", _hexes),
    "max_altitude": ("Engagement", "Reaches up to", lambda v: f"altitude {v}"),
    "time_of_flight": ("Engagement", "Time of flight", lambda v: _plural(v, "turn", "turns")),
    "rails": ("Missiles", "On the rails", str),
    "reloads": ("Missiles", "Reloads", str),
    "expended": ("Missiles", "Fired", str),
    "points": ("Victory", "Victory points", str),
}  # fmt: skip
"""A card's own field -> its section, its label in plain words, how its value reads."""

ORDER = ("Airframe", "Sensors", "System", "Engagement", "Weapons", "Missiles",
         "Self-protection", "Result", "Victory", "Other")  # fmt: skip

DDS_WORDS = (
    ("chaff", "chaff", "chaff"),
    ("flares", "flare", "flares"),
    ("mini_jammers", "mini-jammer", "mini-jammers"),
)

_LOAD = re.compile(r"^loads\.([^.]+)\.(missiles|ground_weapons)\[(\d+)\]\.(type|count)$")
_ARMS = re.compile(r"^loads\.([^.]+)\.(arms|arm_type)$")
_PROGRAM = re.compile(r"^dds_programs\[(\d+)\]\.(\w+)$")


def _value_text(v: Any) -> str:
    if isinstance(v, list):
        return ", ".join(map(str, v)) if v else "none"
    if isinstance(v, bool):
        return _yes(v)
    if isinstance(v, dict):
        return json.dumps(v)
    return str(v)


def _humanise(place: str) -> str:
    text = re.sub(r"\[(\d+)\]", lambda m: f" {int(m.group(1)) + 1}", place)
    text = re.sub(r"[._]", " ", text)
    return text[:1].upper() + text[1:]


def card_sections(fields: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A card's fields (``card_data``'s raw places) as sections of rows in plain words,
    ``[{"title", "rows": [{"label", "value", "house"}]}]`` in a pilot's order: a load
    reads as one row ("CAP load": "2 × AIM-9M, 2 × AIM-120"), a DDS program as one, the
    barrage jammer and the result table as one each; a house value keeps its reason."""
    sections: dict[str, list[dict[str, Any]]] = {}
    loads: dict[str, dict[str, Any]] = {}
    programs: dict[int, dict[str, Any]] = {}
    bjm: dict[str, Any] = {}
    result: dict[str, Any] = {}

    def add(section: str, label: str, value: str, house: str | None = None) -> None:
        sections.setdefault(section, []).append({"label": label, "value": value, "house": house})

    reasons: dict[str, list[str]] = {}
    """The house reasons of a row made of several places, each once (GS-62)."""

    def keep(row: str, house: str | None) -> None:
        if house and house not in reasons.setdefault(row, []):
            reasons[row].append(house)

    def why(row: str) -> str | None:
        return "; ".join(reasons.get(row, [])) or None

    for f in fields:
        place, v, house = str(f["field"]), f["value"], f.get("house")
        if m := _LOAD.match(place):
            load = loads.setdefault(m[1], {"items": {}, "arms": None, "arm_type": None})
            load["items"].setdefault((m[2], int(m[3])), {})[m[4]] = v
            keep(f"load {m[1]}", house)
        elif m := _ARMS.match(place):
            load = loads.setdefault(m[1], {"items": {}, "arms": None, "arm_type": None})
            load[m[2]] = v
            keep(f"load {m[1]}", house)
        elif m := _PROGRAM.match(place):
            programs.setdefault(int(m[1]), {})[m[2]] = v
            keep(f"dds {m[1]}", house)
        elif place.startswith("bjm."):
            bjm[place[4:]] = v
            keep("bjm", house)
        elif place.startswith("result."):
            result[place[7:]] = v
            keep("result", house)
        elif place in FIELDS:
            section, label, text = FIELDS[place]
            add(section, label, text(v), house)
        else:
            add("Other", _humanise(place), _value_text(v), house)
    for name, load in loads.items():
        parts = [
            (f"{it['count']} × " if it.get("count") is not None else "") + str(it.get("type"))
            for it in load["items"].values()
        ]
        if load.get("arms") is not None:
            parts.append(f"{load['arms']} × {load.get('arm_type') or 'ARM'} (anti-radiation)")
        add("Weapons", f"{name} load", ", ".join(parts) or "nothing", why(f"load {name}"))
    for i, pr in sorted(programs.items()):
        bits = [_plural(pr[k], one, many) for k, one, many in DDS_WORDS if pr.get(k) is not None]
        label = f"DDS program {pr.get('name') or i + 1}"
        add("Self-protection", label, ", ".join(bits) or "empty", why(f"dds {i}"))
    if bjm:
        words = [f"type {bjm['type']}"] if bjm.get("type") is not None else []
        words += [f"number {bjm['number']}"] if bjm.get("number") is not None else []
        add("Self-protection", "Barrage jammer (BJM)", ", ".join(words), why("bjm"))
    if result.get("target") is not None:
        ok = str(result.get("success", "")).replace("_", " ")
        no = str(result.get("failure", "")).replace("_", " ")
        roll = f"{result['target']} or less: {ok}; otherwise {no}"
        add("Result", "Result roll (d10)", roll, why("result"))
    return [{"title": s, "rows": sections[s]} for s in ORDER if s in sections]
