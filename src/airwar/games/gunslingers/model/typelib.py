"""The library of types: aircraft, weapons, SAM and AAA systems, radars (GS-60 to GS-66).

Four TOML files in ``library/`` hold the numbers the text keeps on data cards
(GS-6). Each file has a ``[house]`` table (why each number is what it is: every
number of the library is a house value, since the Expanded Sequence of Play
gives none) and a ``[types.NAME]`` table per type. A type may be a variant of
another (``variant_of``): it takes every value of its base that it does not
give. A type may have other names (``aliases``).

Every entry is checked with the same bounds as a scenario (GS-42), and every
problem is one line naming the file, the entry and the field::

    aircraft.toml: F-16C.speed: must be an integer >= 1

A scenario uses the library when it says ``library = true`` in
``[scenario]`` (GS-60): then a unit's ``type`` fills every field the unit
leaves out, and what the unit gives overrides it (:func:`resolve_scenario`).
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pydantic import ValidationError

from airwar.games.gunslingers.model.fields import (
    OUTCOME_RESULTS,
    RADAR_GUIDANCE,
    _type_name,
    shown,
)
from airwar.games.gunslingers.model.typeschema import (
    ALLOWS,
    DESCRIPTIVE,
    KIND_FIELD,
    KIND_TEXT,
    KINDS,
    MAX_TYPES,
    NEEDS,
    RESULT_KIND,
    SCHEMAS,
    AircraftType,
    LibraryEntry,
    LibraryError,
    RadarType,
    SamType,
    article,
)
from airwar.games.gunslingers.tables import LIBRARY


@dataclass(frozen=True)
class TypeCard:
    """One type of the library, its variant resolved: values and the reason of each number."""

    kind: str  # aircraft, weapons, sams, radars
    name: str
    entry: LibraryEntry
    values: dict[str, Any]
    """The type's values as the file gives them, its base's filled in (no descriptive fields)."""
    house: dict[str, str] = field(default_factory=dict)
    """The reason of each number, by field path."""

    @property
    def role(self) -> str:
        """The kind of an entry within its file: aam, sam, ewr, ... or aircraft."""
        key = KIND_FIELD.get(self.kind)
        return str(self.values.get(key, self.kind)) if key else self.kind


@dataclass(frozen=True)
class Library:
    """Every type of the four files, by name; aliases lead to their type."""

    types: dict[str, dict[str, TypeCard]]
    aliases: dict[str, dict[str, str]]

    def find(self, kind: str, name: str) -> TypeCard | None:
        """The type of ``kind`` named ``name`` (or one of its aliases), if any."""
        named = self.aliases[kind].get(name, name)
        return self.types[kind].get(named)

    def names(self, kind: str) -> list[str]:
        return list(self.types[kind])

    def closest(self, name: str, kinds: tuple[str, ...] = KINDS, n: int = 3) -> list[str]:
        """The names (and aliases) nearest ``name``, for a message."""
        pool: list[str] = []
        for kind in kinds:
            pool += list(self.types[kind]) + list(self.aliases[kind])
        folded = {p.casefold(): p for p in pool}
        near = difflib.get_close_matches(name.casefold(), list(folded), n=n, cutoff=0.5)
        return [folded[x] for x in near]

    def lookup(self, name: str) -> TypeCard | None:
        """A type of any kind, by name or alias (aircraft first), case-insensitively if need be."""
        for kind in KINDS:
            card = self.find(kind, name)
            if card is not None:
                return card
        for kind in KINDS:
            for other in (*self.types[kind], *self.aliases[kind]):
                if other.casefold() == name.casefold():
                    return self.find(kind, other)
        return None

    def cards(self) -> Iterator[TypeCard]:
        for kind in KINDS:
            yield from self.types[kind].values()


def merge_values(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``over`` on top of ``base``: tables merge key by key, anything else is replaced."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merge_values(out[key], value)
        else:
            out[key] = value
    return out


def _numbers(
    value: Any, generic: str = "", place: str = "", named: bool = False
) -> Iterator[tuple[str, str, Any]]:
    """Every number of a value: (generic path for its reason, place, value).

    The generic path drops list indices and load names (``loads.missiles.count``).
    """
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield generic, place, value
    elif isinstance(value, Mapping):
        for key, sub in value.items():
            sub_place = f"{place}.{key}" if place else str(key)
            if named:  # a table of named entries (loads): the name is not in the path
                yield from _numbers(sub, generic, sub_place)
            else:
                sub_generic = f"{generic}.{key}" if generic else str(key)
                yield from _numbers(sub, sub_generic, sub_place, sub_generic == "loads")
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            yield from _numbers(sub, generic, f"{place}[{i}]")


def _place(loc: tuple[Any, ...]) -> str:
    out = ""
    for key in loc:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out


def _message(err: Mapping[str, Any]) -> str:
    kind = err["type"]
    if kind == "value_error":
        return str(err["msg"]).removeprefix("Value error, ")
    if kind == "missing":
        return "is required"
    if kind == "extra_forbidden":
        return "is not a known field"
    if kind == "literal_error":
        return f"must be one of {(err.get('ctx') or {}).get('expected', '')}".replace("'", "")
    return str(err["msg"])


def _read(kind: str) -> dict[str, Any]:
    try:
        data = LIBRARY.find(kind)
    except tomllib.TOMLDecodeError as exc:
        raise LibraryError([f"{kind}.toml: not valid TOML ({exc})"]) from None
    if data is None:
        raise LibraryError([f"{kind}.toml: missing from the library folder"])
    return data


def build_library(files: Mapping[str, Mapping[str, Any]]) -> Library:
    """The library from the parsed content of its four files (``LibraryError`` listing
    every problem). ``files`` maps each kind (``aircraft``, ...) to its TOML content."""
    problems: list[str] = []
    types: dict[str, dict[str, TypeCard]] = {k: {} for k in KINDS}
    aliases: dict[str, dict[str, str]] = {k: {} for k in KINDS}
    failed: set[tuple[str, str]] = set()  # entries already reported: no second problem
    for kind in KINDS:
        fname = f"{kind}.toml"
        data = files.get(kind)
        if not isinstance(data, Mapping):
            problems.append(f"{fname}: missing")
            continue
        extra = sorted(set(data) - {"house", "types"})
        if extra:
            problems.append(f"{fname}: {', '.join(extra)}: not a known table (house, types)")
        house = data.get("house", {})
        raw = data.get("types", {})
        if not isinstance(house, Mapping) or not all(isinstance(v, str) for v in house.values()):
            problems.append(f"{fname}: house: must be a table of reasons (text) by field")
            house = {}
        if not isinstance(raw, Mapping) or not all(isinstance(v, Mapping) for v in raw.values()):
            problems.append(f"{fname}: types: must hold one table per type")
            continue
        if len(raw) > MAX_TYPES:
            problems.append(f"{fname}: types: {len(raw)} entries, at most {MAX_TYPES}")
            continue
        for name in raw:
            try:
                _type_name(name)
            except ValueError as exc:
                problems.append(f"{fname}: types.{shown(name)[:60]}: the name {exc}")
        resolved = _variants(fname, raw, problems)
        failed |= {(kind, str(name)) for name in raw}
        used: set[str] = set()
        for name, values in resolved.items():
            card = _card(kind, fname, name, values, dict(house), problems, used)
            if card is not None:
                types[kind][name] = card
                failed.discard((kind, name))
        if len(resolved) == len(raw):  # every entry read: a reason no number uses is a slip
            for key in sorted(set(house) - used):
                problems.append(f"{fname}: house.{key}: no type has a number there")
        for name, card in types[kind].items():
            for alias in card.entry.aliases:
                where = f"{fname}: {name}.aliases"
                if alias in types[kind]:
                    problems.append(f"{where}: {alias!r} is the name of another type")
                elif alias in aliases[kind]:
                    other = aliases[kind][alias]
                    problems.append(f"{where}: {alias!r} is already an alias of {other}")
                else:
                    aliases[kind][alias] = name
    lib = Library(types, aliases)
    problems += _references(lib, failed)
    if problems:
        raise LibraryError(problems)
    return lib


def _variants(
    fname: str, raw: Mapping[str, Mapping[str, Any]], problems: list[str]
) -> dict[str, dict[str, Any]]:
    """Each entry with its base's values filled in (a variant of a variant too)."""
    done: dict[str, dict[str, Any]] = {}

    def resolve(name: str, chain: tuple[str, ...]) -> dict[str, Any] | None:
        if name in done:
            return done[name]
        values = dict(raw[name])
        base = values.get("variant_of")
        if base is None:
            done[name] = values
            return values
        if not isinstance(base, str) or base not in raw:
            near = difflib.get_close_matches(str(base), list(raw), n=3)
            hint = f" (closest: {', '.join(near)})" if near else ""
            problems.append(f"{fname}: {name}.variant_of: no type {shown(base)!r}{hint}")
            return None
        if base in chain:
            problems.append(f"{fname}: {name}.variant_of: {' -> '.join((*chain, base))} is a loop")
            return None
        under = resolve(base, (*chain, base))
        if under is None:
            return None
        inherited = {k: v for k, v in under.items() if k not in ("aliases", "note")}
        merged = merge_values(inherited, values)
        merged["house"] = merge_values(under.get("house", {}), values.get("house", {}))
        done[name] = merged
        return merged

    for name in raw:
        resolve(name, (name,))
    return done


def _card(
    kind: str,
    fname: str,
    name: str,
    values: dict[str, Any],
    house: dict[str, str],
    problems: list[str],
    used: set[str],
) -> TypeCard | None:
    model = SCHEMAS[kind]
    try:
        entry = model.model_validate(values)
    except ValidationError as exc:
        problems += [f"{fname}: {name}.{_place(e['loc'])}: {_message(e)}" for e in exc.errors()]
        return None
    before = len(problems)
    given = {k for k in values if k not in DESCRIPTIVE}
    sub = KIND_FIELD.get(kind)
    if sub is not None:
        role = str(values[sub])
        for need in NEEDS[(kind, role)]:
            if values.get(need) is None:
                what = article(KIND_TEXT[role])
                problems.append(f"{fname}: {name}.{need}: is required for {what}")
        allowed = ALLOWS[(kind, role)] | {sub}
        for extra in sorted(given - allowed):
            problems.append(f"{fname}: {name}.{extra}: {article(KIND_TEXT[role])} has no {extra}")
        table = values.get("result")
        rkind = RESULT_KIND.get((kind, role))
        if isinstance(table, Mapping) and rkind is not None:
            for side in ("success", "failure"):
                if table.get(side) not in OUTCOME_RESULTS[rkind]:
                    allowed_results = ", ".join(OUTCOME_RESULTS[rkind])
                    problems.append(
                        f"{fname}: {name}.result.{side}: {table.get(side)!r} is not a result "
                        f"of a {rkind} outcome ({allowed_results}) (GS-14)"
                    )
    if kind == "aircraft":
        a = entry
        assert isinstance(a, AircraftType)
        if a.load is not None and a.load not in a.loads:
            problems.append(f"{fname}: {name}.load: no load {a.load!r} in loads")
        programs = [p.name for p in a.dds_programs]
        if a.dds is not None and a.dds not in programs:
            problems.append(f"{fname}: {name}.dds: no DDS program named {a.dds!r}")
        for lname, load in a.loads.items():
            if load.arms and load.arm_type is None:
                problems.append(f"{fname}: {name}.loads.{lname}.arm_type: is required with arms")
    notes = {**house, **entry.house}
    reasons: dict[str, str] = {}
    numbers = list(_numbers({k: v for k, v in values.items() if k not in DESCRIPTIVE}))
    here = {g for g, _, _ in numbers} | {p for _, p, _ in numbers}
    for key in sorted(set(entry.house) - here):
        problems.append(f"{fname}: {name}.house.{key}: {name} has no number there")
    for generic, place, _ in numbers:
        used.add(generic)
        reason = notes.get(place) or notes.get(generic)
        if reason is None:
            problems.append(
                f"{fname}: {name}.{place}: a house value needs its reason, in [house] "
                f'({generic} = "...") or in the entry\'s house table'
            )
        else:
            reasons[place] = reason
    if len(problems) > before:
        return None
    kept = {k: v for k, v in values.items() if k not in DESCRIPTIVE}
    return TypeCard(kind, name, entry, kept, reasons)


def _references(lib: Library, failed: set[tuple[str, str]]) -> list[str]:
    """Names one entry gives of another: radars, weapons of the right kind."""
    out: list[str] = []

    def need(where: str, kind: str, name: str, roles: tuple[str, ...]) -> None:
        if (kind, name) in failed:
            return  # that entry's own problem is reported
        card = lib.find(kind, name)
        wanted = " or ".join(KIND_TEXT[r] for r in roles)
        if card is None:
            near = lib.closest(name, (kind,))
            hint = f" (closest: {', '.join(near)})" if near else ""
            out.append(f"{where}: no {wanted} {name!r} in {kind}.toml{hint}")
        elif card.role not in roles:
            is_a = article(KIND_TEXT[card.role])
            out.append(f"{where}: {name!r} is {is_a}, not {article(wanted)}")

    for card in lib.types["aircraft"].values():
        a = card.entry
        assert isinstance(a, AircraftType)
        here = f"aircraft.toml: {card.name}"
        if a.radar is not None:
            need(f"{here}.radar", "radars", a.radar, ("air",))
        for lname, load in a.loads.items():
            for i, m in enumerate(load.missiles):
                need(f"{here}.loads.{lname}.missiles[{i}].type", "weapons", m.type, ("aam",))
            for i, w in enumerate(load.ground_weapons):
                need(f"{here}.loads.{lname}.ground_weapons[{i}].type", "weapons", w.type, ("a2g",))
            if load.arm_type is not None:
                need(f"{here}.loads.{lname}.arm_type", "weapons", load.arm_type, ("arm",))
    for card in lib.types["sams"].values():
        s = card.entry
        assert isinstance(s, SamType)
        here = f"sams.toml: {card.name}"
        if s.radar is not None:
            need(f"{here}.radar", "radars", s.radar, ("fire_control",))
        if s.kind == "sam" and s.guidance in RADAR_GUIDANCE and s.radar is None:
            out.append(f"{here}.radar: a {s.guidance} SAM needs its fire-control radar")
        if s.kind == "sam" and s.guidance not in RADAR_GUIDANCE and s.radar is not None:
            out.append(f"{here}.radar: {article(str(s.guidance))} SAM has no radar")
        if s.kind == "infantry" and s.guidance not in ("OG", "LG", "IR"):
            out.append(f"{here}.guidance: an infantry SAM is OG, LG or IR")
    for card in lib.types["radars"].values():
        r = card.entry
        assert isinstance(r, RadarType)
        if r.kind == "mtt" and r.capacity is None:
            out.append(f"radars.toml: {card.name}.capacity: a multi-target track radar needs one")
        if r.kind == "regular" and r.capacity is not None:
            out.append(f"radars.toml: {card.name}.capacity: a regular radar tracks one target")
    return out


@cache
def library() -> Library:
    """The library that ships with the game (read and checked once)."""
    return build_library({kind: _read(kind) for kind in KINDS})
