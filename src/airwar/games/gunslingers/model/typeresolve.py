"""A scenario's units filled from their types (GS-60, GS-63), and warnings about their names.

A scenario that says ``library = true`` gives each unit a ``type``: the type's
values fill every field the unit leaves out, and what the unit gives overrides
them (:func:`resolve_scenario`). Types the library does not know are listed
(:func:`unknown_types`), and a unit named like a type it is not is warned of
(:func:`naming_warnings`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from airwar.games.gunslingers.model.fields import shown
from airwar.games.gunslingers.model.typelib import Library, TypeCard, library, merge_values
from airwar.games.gunslingers.model.typeschema import KIND_TEXT, AircraftType, SamType, article

REMOVABLE = frozenset({"radar", "bjm"})
"""Tables of a type a scenario's unit may take away with ``false`` (``radar = false``)."""

_AIRCRAFT_COPY = (
    "speed", "climb", "visibility", "fly_by_wire", "vas", "target_id", "iff", "djm", "ajm",
    "bjm", "chaff", "flares", "mini_jammers", "dds_programs", "dds", "blind_arcs", "guns",
    "rockets", "laser_designator", "fac", "special_modes",
)  # fmt: skip

_RADAR_COPY = ("kind", "eccm", "detection", "lock_on", "range", "capacity", "arcs")

_AAM_COPY = ("guidance", "launch", "min_range", "max_range", "time_of_flight", "arcs", "result")

_SAM_COPY = {
    "sam": ("guidance", "quick_reaction", "rails", "auto_reload", "lock_on", "launch", "range",
            "max_altitude", "result"),
    "infantry": ("guidance", "rails", "reloads", "lock_on", "launch", "range", "max_altitude",
                 "result"),
    "aaa": ("fire", "range", "max_altitude", "result"),
}  # fmt: skip

UNIT_KINDS = {"sams": "sam", "infantry_sams": "infantry", "aaa": "aaa"}
"""The scenario's lists of ground units with a type of ``sams.toml``, and the kind each needs."""

RADAR_UNITS = {"ewrs": ("ewr", "gci"), "ccus": ("gci", "ewr")}


def uses_library(data: Mapping[str, Any]) -> bool:
    """Whether a scenario's content asks for the library (``[scenario] library = true``)."""
    info = data.get("scenario")
    return isinstance(info, Mapping) and info.get("library") is True


def _label(unit: Mapping[str, Any], kind: str, i: int) -> str:
    named = unit.get("name") or unit.get("id")
    text = str(named)[:40] if isinstance(named, str) else ""
    return f"{kind}[{i}] ({text})" if text else f"{kind}[{i}]"


def _hint(lib: Library, name: str, kinds: tuple[str, ...]) -> str:
    near = lib.closest(name, kinds)
    return f" (closest: {', '.join(near)})" if near else ""


def _overlay(base: Mapping[str, Any], unit: Mapping[str, Any]) -> dict[str, Any]:
    """A unit's values on top of its type's: tables merge key by key (``radar.eccm = 1``
    changes only the ECCM), lists and numbers are replaced, ``false`` takes a table away."""
    out = dict(base)
    for key, value in unit.items():
        if value is False and key in REMOVABLE:
            out.pop(key, None)
        elif isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merge_values(out[key], value)
        else:
            out[key] = value
    return out


def aircraft_defaults(lib: Library, card: TypeCard, load: str | None) -> dict[str, Any]:
    """The scenario fields an aircraft of this type has, with the named (or default) load."""
    v = card.values
    a = card.entry
    assert isinstance(a, AircraftType)
    out: dict[str, Any] = {k: v[k] for k in _AIRCRAFT_COPY if k in v}
    out["crew"] = [{"quality": "regular"} for _ in range(a.crew)]
    if a.radar is not None:
        rcard = lib.find("radars", a.radar)
        if rcard is not None:
            out["radar"] = {k: rcard.values[k] for k in _RADAR_COPY if k in rcard.values}
    chosen = load if load is not None else a.load
    if chosen is not None and chosen in a.loads:
        stores = a.loads[chosen]
        out["missiles"] = [{"type": m.type, "count": m.count} for m in stores.missiles]
        out["ground_weapons"] = [{"type": w.type, "count": w.count} for w in stores.ground_weapons]
        out["arms"] = stores.arms
        if stores.arm_type is not None:
            out["arm_type"] = stores.arm_type
    return out


def _weapon(
    lib: Library, load: object, want: str, copy: tuple[str, ...], place: str, out: list[str]
) -> object:
    """A missile or weapon load with its type's values filled in."""
    if not isinstance(load, Mapping) or not isinstance(load.get("type"), str):
        return load
    card = lib.find("weapons", load["type"])
    if card is None:
        return load  # a type the library does not know: house defaults, as before (GS-60)
    if card.role != want:
        out.append(
            f"{place}.type: {load['type']!r} is {article(KIND_TEXT[card.role])}, "
            f"not {article(KIND_TEXT[want])}"
        )
        return load
    return merge_values({k: card.values[k] for k in copy if k in card.values}, load)


def resolve_aircraft(
    lib: Library, unit: Mapping[str, Any], place: str, out: list[str]
) -> dict[str, Any]:
    """An aircraft of a scenario with its type's values under its own (GS-60, GS-63)."""
    unit = dict(unit)
    load = unit.pop("load", None)
    name = unit.get("type")
    card = lib.find("aircraft", name) if isinstance(name, str) else None
    if card is None:
        if load is not None:
            hint = _hint(lib, name, ("aircraft",)) if isinstance(name, str) else ""
            out.append(f"{place}.load: only a type of the library has loads; "
                       f"no aircraft type {shown(name)!r} in the library{hint}")  # fmt: skip
        return unit
    a = card.entry
    assert isinstance(a, AircraftType)
    if load is not None and (not isinstance(load, str) or load not in a.loads):
        known = ", ".join(a.loads) or "none"
        out.append(f"{place}.load: {card.name} has no load {shown(load)!r} (loads: {known})")
        load = None
    resolved = _overlay(aircraft_defaults(lib, card, load), unit)
    missiles = resolved.get("missiles")
    if isinstance(missiles, list):
        resolved["missiles"] = [
            _weapon(lib, m, "aam", _AAM_COPY, f"{place}.missiles[{i}]", out)
            for i, m in enumerate(missiles)
        ]
    weapons = resolved.get("ground_weapons")
    if isinstance(weapons, list):
        resolved["ground_weapons"] = [
            _weapon(lib, w, "a2g", ("guided", "result"), f"{place}.ground_weapons[{i}]", out)
            for i, w in enumerate(weapons)
        ]
    arm = resolved.get("arm_type")
    if isinstance(arm, str):
        acard = lib.find("weapons", arm)
        if acard is None or acard.role != "arm":
            what = "no such weapon" if acard is None else article(KIND_TEXT[acard.role])
            out.append(f"{place}.arm_type: {arm!r}: {what}, not an anti-radiation missile"
                       f"{_hint(lib, arm, ('weapons',)) if acard is None else ''}")  # fmt: skip
        else:
            for src, dst in (("launch", "arm_launch"), ("range", "arm_range"),
                             ("result", "arm_result")):  # fmt: skip
                if src in acard.values and dst not in unit:
                    resolved[dst] = acard.values[src]
    return resolved


def resolve_ground(
    lib: Library, unit: Mapping[str, Any], kind: str, place: str, out: list[str]
) -> dict[str, Any]:
    """A SAM unit, infantry SAM or AAA unit with its system's values under its own."""
    unit = dict(unit)
    name = unit.get("type")
    if name is None:
        return unit
    card = lib.find("sams", name) if isinstance(name, str) else None
    want = UNIT_KINDS[kind]
    if card is None:
        hint = _hint(lib, name, ("sams",)) if isinstance(name, str) else ""
        out.append(f"{place}.type: no {KIND_TEXT[want]} {shown(name)!r} in the library{hint}")
        return unit
    if card.role != want:
        out.append(f"{place}.type: {card.name} is {article(KIND_TEXT[card.role])}, not "
                   f"{article(KIND_TEXT[want])} (list it in {_LIST_OF[card.role]})")  # fmt: skip
        return unit
    base = {k: card.values[k] for k in _SAM_COPY[want] if k in card.values}
    s = card.entry
    assert isinstance(s, SamType)
    if want == "sam" and s.radar is not None:
        rcard = lib.find("radars", s.radar)
        base["eccm"] = rcard.values.get("eccm", 0) if rcard is not None else 0
        base["radar"] = "active"
    return _overlay(base, unit)


_LIST_OF = {"sam": "sams", "infantry": "infantry_sams", "aaa": "aaa"}


def resolve_radar_unit(
    lib: Library, unit: Mapping[str, Any], kind: str, place: str, out: list[str]
) -> dict[str, Any]:
    """An EWR or CCU with its radar's ECCM and range under its own."""
    unit = dict(unit)
    name = unit.get("type")
    if name is None:
        return unit
    card = lib.find("radars", name) if isinstance(name, str) else None
    roles = RADAR_UNITS[kind]
    if card is None or card.role not in roles:
        wanted = " or ".join(KIND_TEXT[r] for r in roles)
        if card is None:
            hint = _hint(lib, name, ("radars",)) if isinstance(name, str) else ""
            out.append(f"{place}.type: no {wanted} {shown(name)!r} in the library{hint}")
        else:
            is_a = article(KIND_TEXT[card.role])
            out.append(f"{place}.type: {card.name} is {is_a}, not {article(wanted)}")
        return unit
    return _overlay({k: card.values[k] for k in ("eccm", "range") if k in card.values}, unit)


def resolve_scenario(
    data: Mapping[str, Any], lib: Library | None = None
) -> tuple[dict[str, Any], list[str]]:
    """A scenario's content with every unit's type filled in, and the problems found.

    Without ``library = true`` the content is returned as it is (GS-60): a type is
    a label and what a unit leaves out comes from the house defaults, as before.
    """
    out: list[str] = []
    resolved = dict(data)
    if not uses_library(data):
        planes = data.get("aircraft")
        if isinstance(planes, list) and any(isinstance(u, Mapping) and "load" in u for u in planes):
            resolved["aircraft"] = [
                {k: v for k, v in u.items() if k != "load"} if isinstance(u, Mapping) else u
                for u in planes
            ]
            for i, unit in enumerate(_units(data, "aircraft")):
                if "load" in unit:
                    out.append(
                        f"{_label(unit, 'aircraft', i)}.load: loads come from the library; "
                        "say library = true in [scenario] to use it (GS-60)"
                    )
        return resolved, out
    lib = lib or library()
    if isinstance(data.get("aircraft"), list):
        resolved["aircraft"] = [
            resolve_aircraft(lib, u, _label(u, "aircraft", i), out) if isinstance(u, Mapping) else u
            for i, u in enumerate(data["aircraft"])
        ]
    for kind in UNIT_KINDS:
        if isinstance(data.get(kind), list):
            resolved[kind] = [
                resolve_ground(lib, u, kind, _label(u, kind, i), out)
                if isinstance(u, Mapping)
                else u
                for i, u in enumerate(data[kind])
            ]
    for kind in RADAR_UNITS:
        if isinstance(data.get(kind), list):
            resolved[kind] = [
                resolve_radar_unit(lib, u, kind, _label(u, kind, i), out)
                if isinstance(u, Mapping)
                else u
                for i, u in enumerate(data[kind])
            ]
    return resolved, out


def _units(data: Mapping[str, Any], kind: str) -> list[Mapping[str, Any]]:
    items = data.get(kind)
    return [u for u in items if isinstance(u, Mapping)] if isinstance(items, list) else []


def unknown_types(data: Mapping[str, Any]) -> list[str]:
    """Notes on the aircraft and missile types of a library scenario that the library
    does not know: they play with the house defaults (GS-60)."""
    if not uses_library(data):
        return []
    lib = library()
    notes: list[str] = []
    for i, unit in enumerate(_units(data, "aircraft")):
        name = unit.get("type")
        if isinstance(name, str) and lib.find("aircraft", name) is None:
            hint = _hint(lib, name, ("aircraft",))
            notes.append(
                f"{_label(unit, 'aircraft', i)}.type: {name!r} is not in the library; "
                f"house defaults fill what it leaves out{hint}"
            )
        missiles = unit.get("missiles")
        for j, load in enumerate(missiles if isinstance(missiles, list) else []):
            mtype = load.get("type") if isinstance(load, Mapping) else None
            if isinstance(mtype, str) and lib.find("weapons", mtype) is None:
                hint = _hint(lib, mtype, ("weapons",))
                notes.append(
                    f"{_label(unit, 'aircraft', i)}.missiles[{j}].type: {mtype!r} is not in "
                    f"the library; house defaults fill what it leaves out{hint}"
                )
    return notes


ROLE_WORDS = {
    "aircraft": ("weasel", "jammer", "fac", "tanker", "awacs", "bomber", "striker", "escort"),
    "sams": ("sam", "manpad", "missile"),
    "infantry_sams": ("sam", "manpad", "missile"),
    "ewrs": ("ewr", "radar"),
    "ccus": ("ccu", "radar"),
    "aaa": ("aaa", "flak", "gun", "zsu"),
    "ground_units": ("hq", "tank", "armour", "armor", "infantry", "fac"),
}
"""Words that give away a unit's role, by the scenario list it is in."""

_GENERIC = frozenset({"team", "site", "battery", "type", "with", "radar", "directed"})


def _squash(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum())


def _type_words(lib: Library | None, kind: str, type_name: str) -> set[str]:
    """The words that name a unit's type: the type, its other names, and the words of its
    full name in the library (a nickname such as Fulcrum or Weasel)."""
    words = {_squash(type_name)}
    if lib is None:
        return {w for w in words if len(w) >= 2}
    lib_kind = {"aircraft": "aircraft", "sams": "sams", "infantry_sams": "sams",
                "aaa": "sams", "ewrs": "radars", "ccus": "radars"}.get(kind)  # fmt: skip
    card = lib.find(lib_kind, type_name) if lib_kind else None
    if card is not None:
        words |= {_squash(card.name), *(_squash(a) for a in card.entry.aliases)}
        full = str(card.entry.name or "")
        for part in re.split(r"[\s'()\-/]+", full):
            w = _squash(part)
            if len(w) >= 4 and w.isalpha() and w not in _GENERIC:
                words.add(w)
    return {w for w in words if len(w) >= 2}


def naming_warnings(data: Mapping[str, Any]) -> list[str]:
    """Warnings on units whose id or name gives away their type or role (a SAM site called
    SA-6, an F-16 called Falcon-1, a Wild Weasel called Weasel-1): the enemy never reads
    them in play (GS-71), but once the game is over, and in the referee's log, they tell."""
    try:
        lib: Library | None = library() if uses_library(data) else None
    except Exception:  # a broken library is reported elsewhere
        lib = None
    out: list[str] = []
    for kind in ("aircraft", *ROLE_WORDS.keys() - {"aircraft"}):
        for i, unit in enumerate(_units(data, kind)):
            type_name = unit.get("type")
            words = _type_words(lib, kind, type_name) if isinstance(type_name, str) else set()
            roles = set(ROLE_WORDS.get(kind, ()))
            for field_name in ("id", "name"):
                text = unit.get(field_name)
                if not isinstance(text, str):
                    continue
                flat = _squash(text)
                tokens = {_squash(t) for t in text.replace("_", " ").replace("-", " ").split()}
                hit = sorted({w for w in words if w and w in flat} | (roles & tokens))
                if hit:
                    out.append(
                        f"{_label(unit, kind, i)}.{field_name}: {text!r} names its type or "
                        f"role ({', '.join(hit)}); the enemy could tell what it is from it "
                        "once it reads it: prefer a neutral call sign (GS-71)"
                    )
    return sorted(out)
