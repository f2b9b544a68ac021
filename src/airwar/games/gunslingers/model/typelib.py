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
import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, ValidationError

from airwar.core.errors import AirwarError
from airwar.games.gunslingers.model.fields import (
    CREW_WHY,
    ENTRIES_WHY,
    MAX_CREW,
    MAX_ENTRIES,
    MAX_POINTS,
    OUTCOME_RESULTS,
    POINTS_WHY,
    RADAR_GUIDANCE,
    Arcs,
    Bjm,
    Capacity,
    DdsProgram,
    DieNumber,
    Ecm,
    Flag,
    FlightTurns,
    Ident,
    Level,
    MissileGuidance,
    Model,
    OutcomeTable,
    PositiveHexes,
    RadarKind,
    SamGuidance,
    Stock,
    Stores,
    Text,
    TypeName,
    _at_most,
    _int_range,
    _once_each,
    _type_name,
    shown,
)
from airwar.games.gunslingers.tables import LIBRARY

KINDS = ("aircraft", "weapons", "sams", "radars")
"""The four files of the library, each ``library/<kind>.toml``."""

DESCRIPTIVE = frozenset({"name", "note", "director", "aliases", "variant_of", "house"})
"""Fields shown on the data card that no rule reads (names, notes, provenance)."""

SCORED = frozenset({"points"})
"""Fields no unit takes: the scoring reads them from the type (victory points, GS-85)."""

MAX_TYPES = 500
"""The most entries a library file holds (a guard on the data; the library has ~30 each)."""


class LibraryError(AirwarError):
    """A library file with problems; ``problems`` holds one line per problem."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__((problems[0] if problems else "invalid library") + more)


# -- the schema ----------------------------------------------------------------

Seats = Annotated[int, BeforeValidator(_int_range(1, MAX_CREW, CREW_WHY))]
Points = Annotated[int, BeforeValidator(_int_range(0, MAX_POINTS, POINTS_WHY))]
Aliases = Annotated[list[TypeName], AfterValidator(_once_each)]
HouseNotes = dict[Text, Text]


def _short_list(what: str) -> Any:
    return BeforeValidator(_at_most(MAX_ENTRIES, what, ENTRIES_WHY))


class LibraryEntry(Model):
    """What every entry has: a full name, other names, a base, house-value reasons."""

    name: Text
    """Descriptive: the type's full name, shown on the card."""
    note: Text | None = None
    """Descriptive: a remark shown on the card."""
    variant_of: TypeName | None = None
    aliases: Aliases = Field(default_factory=list)
    house: HouseNotes = Field(default_factory=dict)
    """The reason of one of the entry's numbers, by field path (overrides ``[house]``)."""


class StoreLoad(Model):
    type: TypeName
    count: Stores


class Loadout(Model):
    """A named load of an aircraft type: missiles, air-to-ground weapons and ARMs."""

    missiles: Annotated[list[StoreLoad], _short_list("missile loads")] = Field(default_factory=list)
    ground_weapons: Annotated[list[StoreLoad], _short_list("weapon loads")] = Field(
        default_factory=list
    )
    arms: Stores = 0
    arm_type: TypeName | None = None


class AircraftType(LibraryEntry):
    crew: Seats = 1
    points: Points | None = None
    """Victory points for its loss (GS-85)."""
    speed: PositiveHexes
    climb: Level
    visibility: PositiveHexes
    fly_by_wire: Flag = False
    vas: Flag = False
    target_id: Flag = False
    iff: Flag = False
    radar: TypeName | None = None
    djm: Ecm = 0
    ajm: Ecm = 0
    bjm: Bjm | None = None
    chaff: Stock = 0
    flares: Stock = 0
    mini_jammers: Stock = 0
    dds_programs: Annotated[list[DdsProgram], _short_list("programs")] = Field(default_factory=list)
    dds: Ident | None = None
    blind_arcs: Arcs = Field(default_factory=list)
    guns: Flag = True
    rockets: Flag = False
    laser_designator: Flag = False
    fac: Flag = False
    special_modes: Annotated[
        list[Ident], _short_list("special modes"), AfterValidator(_once_each)
    ] = Field(default_factory=list)
    load: Ident | None = None
    loads: dict[Ident, Loadout] = Field(default_factory=dict)


class WeaponType(LibraryEntry):
    kind: Literal["aam", "arm", "a2g"]
    guidance: MissileGuidance | None = None
    launch: DieNumber | None = None
    min_range: Annotated[int, BeforeValidator(_int_range(0, None))] | None = None
    max_range: PositiveHexes | None = None
    time_of_flight: FlightTurns | None = None
    arcs: Arcs | None = None
    range: PositiveHexes | None = None
    guided: Flag | None = None
    result: OutcomeTable | None = None


class SamType(LibraryEntry):
    kind: Literal["sam", "infantry", "aaa"]
    points: Points | None = None
    """Victory points for destroying a unit of the system (GS-85)."""
    guidance: SamGuidance | None = None
    radar: TypeName | None = None
    director: Text | None = None
    """Descriptive: an AAA unit's fire-control radar or sight (the text gives AAA no radar)."""
    quick_reaction: Flag = False
    rails: Stores | None = None
    reloads: Stores | None = None
    auto_reload: Flag = False
    lock_on: DieNumber | None = None
    launch: DieNumber | None = None
    range: PositiveHexes | None = None
    max_altitude: Level | None = None
    fire: Literal["plotted", "barrage"] | None = None
    result: OutcomeTable | None = None


class RadarType(LibraryEntry):
    role: Literal["air", "fire_control", "ewr", "gci"]
    points: Points | None = None
    """Victory points for destroying an EWR or CCU with this radar (GS-85)."""
    kind: RadarKind | None = None
    eccm: Ecm = 0
    detection: DieNumber | None = None
    lock_on: DieNumber | None = None
    range: PositiveHexes | None = None
    capacity: Capacity | None = None
    arcs: Arcs | None = None


SCHEMAS: dict[str, type[LibraryEntry]] = {
    "aircraft": AircraftType,
    "weapons": WeaponType,
    "sams": SamType,
    "radars": RadarType,
}

# which fields each kind of entry needs, and which it may not give
_NEEDS: dict[tuple[str, str], tuple[str, ...]] = {
    ("weapons", "aam"): ("guidance", "launch", "min_range", "max_range", "time_of_flight"),
    ("weapons", "arm"): ("launch", "range"),
    ("weapons", "a2g"): ("guided",),
    ("sams", "sam"): ("guidance", "rails", "lock_on", "launch", "range", "max_altitude"),
    ("sams", "infantry"): ("guidance", "rails", "reloads", "lock_on", "launch", "range"),
    ("sams", "aaa"): ("fire", "range", "max_altitude"),
    ("radars", "air"): ("kind", "detection", "lock_on", "range"),
    ("radars", "fire_control"): (),
    ("radars", "ewr"): ("range",),
    ("radars", "gci"): ("range",),
}
_ALLOWS: dict[tuple[str, str], frozenset[str]] = {
    ("weapons", "aam"): frozenset(
        {"guidance", "launch", "min_range", "max_range", "time_of_flight", "arcs", "result"}
    ),
    ("weapons", "arm"): frozenset({"launch", "range", "result"}),
    ("weapons", "a2g"): frozenset({"guided", "result"}),
    ("sams", "sam"): frozenset(
        {
            "guidance",
            "radar",
            "quick_reaction",
            "rails",
            "auto_reload",
            "lock_on",
            "launch",
            "range",
            "max_altitude",
            "result",
            "points",
        }
    ),
    ("sams", "infantry"): frozenset(
        {
            "guidance",
            "rails",
            "reloads",
            "lock_on",
            "launch",
            "range",
            "max_altitude",
            "result",
            "points",
        }
    ),
    ("sams", "aaa"): frozenset({"fire", "director", "range", "max_altitude", "result", "points"}),
    ("radars", "air"): frozenset(
        {"kind", "eccm", "detection", "lock_on", "range", "capacity", "arcs"}
    ),
    ("radars", "fire_control"): frozenset({"eccm"}),
    ("radars", "ewr"): frozenset({"eccm", "range", "points"}),
    ("radars", "gci"): frozenset({"eccm", "range", "points"}),
}
RESULT_KIND = {("weapons", "aam"): "missile", ("weapons", "arm"): "arm",
               ("weapons", "a2g"): "ground_attack", ("sams", "sam"): "missile",
               ("sams", "infantry"): "missile", ("sams", "aaa"): "plotted_fire"}  # fmt: skip
"""The outcome kind (GS-14) whose results an entry's own ``result`` table may give."""

_KIND_FIELD = {"weapons": "kind", "sams": "kind", "radars": "role"}
_KIND_TEXT = {
    "aam": "air-to-air missile", "arm": "anti-radiation missile", "a2g": "air-to-ground weapon",
    "sam": "SAM unit", "infantry": "infantry SAM", "aaa": "AAA unit",
    "air": "air radar", "fire_control": "fire-control radar", "ewr": "early-warning radar",
    "gci": "GCI radar",
}  # fmt: skip


def _a(text: str) -> str:
    """``text`` with its article: an air radar, a SAM unit, an AAA unit, a GCI radar."""
    first = text.split()[0]
    spoken_vowel = first in ("AAA", "EWR", "ARM", "IR", "OG", "LG") or text[0] in "aeiou"
    return f"{'an' if spoken_vowel else 'a'} {text}"


# -- the library -----------------------------------------------------------------


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
        key = _KIND_FIELD.get(self.kind)
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


def _merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``over`` on top of ``base``: tables merge key by key, anything else is replaced."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = _merge(out[key], value)
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
        merged = _merge(inherited, values)
        merged["house"] = _merge(under.get("house", {}), values.get("house", {}))
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
    sub = _KIND_FIELD.get(kind)
    if sub is not None:
        role = str(values[sub])
        for need in _NEEDS[(kind, role)]:
            if values.get(need) is None:
                problems.append(f"{fname}: {name}.{need}: is required for {_a(_KIND_TEXT[role])}")
        allowed = _ALLOWS[(kind, role)] | {sub}
        for extra in sorted(given - allowed):
            problems.append(f"{fname}: {name}.{extra}: {_a(_KIND_TEXT[role])} has no {extra}")
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
        wanted = " or ".join(_KIND_TEXT[r] for r in roles)
        if card is None:
            near = lib.closest(name, (kind,))
            hint = f" (closest: {', '.join(near)})" if near else ""
            out.append(f"{where}: no {wanted} {name!r} in {kind}.toml{hint}")
        elif card.role not in roles:
            out.append(f"{where}: {name!r} is {_a(_KIND_TEXT[card.role])}, not {_a(wanted)}")

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
            out.append(f"{here}.radar: {_a(str(s.guidance))} SAM has no radar")
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


# -- data cards ------------------------------------------------------------------

KIND_TITLES = {"aircraft": "aircraft", "weapons": "weapon", "sams": "SAM/AAA system",
               "radars": "radar"}  # fmt: skip


def _flat(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Leaf values of a card by place (lists of tables entry by entry)."""
    if isinstance(value, Mapping):
        for key, sub in value.items():
            yield from _flat(sub, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
        for i, sub in enumerate(value):
            yield from _flat(sub, f"{path}[{i}]")
    else:
        yield path, value


def card_data(card: TypeCard) -> dict[str, Any]:
    """A data card as JSON: the type, its names and each value with its house reason."""
    e = card.entry
    return {
        "name": card.name,
        "kind": card.kind,
        "role": card.role,
        "title": e.name,
        "note": e.note,
        "variant_of": e.variant_of,
        "aliases": list(e.aliases),
        "fields": [
            {"field": place, "value": value, "house": card.house.get(place)}
            for place, value in _flat(card.values)
        ],
    }


def card_text(card: TypeCard) -> str:
    """A data card for the terminal: one line a value, each number marked as a house value."""
    e = card.entry
    what = KIND_TITLES[card.kind]
    if card.role != card.kind:
        what += f", {_KIND_TEXT[card.role]}"
    lines = [f"{card.name}: {e.name} ({what})"]
    if e.variant_of:
        lines.append(f"  variant of {e.variant_of}")
    if e.aliases:
        lines.append(f"  also called {', '.join(e.aliases)}")
    if e.note:
        lines.append(f"  {e.note}")
    rows = list(_flat(card.values))
    width = max((len(p) for p, _ in rows), default=0)
    for place, value in rows:
        shown_value = _value_text(value)
        reason = card.house.get(place)
        mark = f"  [{reason}]" if reason else ""
        lines.append(f"  {place:<{width}}  {shown_value}{mark}")
    lines.append("  Every number is a house value: the text gives none (GS-6, GS-62).")
    return "\n".join(lines)


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) if value else "(none)"
    return str(value)


def listing() -> list[dict[str, Any]]:
    """One row a type: name, kind, role, full name, variant of, aliases."""
    return [
        {
            "name": c.name,
            "kind": c.kind,
            "role": c.role,
            "title": c.entry.name,
            "variant_of": c.entry.variant_of,
            "aliases": list(c.entry.aliases),
        }
        for c in library().cards()
    ]


# -- scenarios: a unit's type fills what the unit leaves out (GS-60, GS-63) -----------

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
            out[key] = _merge(out[key], value)
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
    lib: Library, load: Any, want: str, copy: tuple[str, ...], place: str, out: list[str]
) -> Any:
    """A missile or weapon load with its type's values filled in."""
    if not isinstance(load, Mapping) or not isinstance(load.get("type"), str):
        return load
    card = lib.find("weapons", load["type"])
    if card is None:
        return load  # a type the library does not know: house defaults, as before (GS-60)
    if card.role != want:
        out.append(
            f"{place}.type: {load['type']!r} is {_a(_KIND_TEXT[card.role])}, "
            f"not {_a(_KIND_TEXT[want])}"
        )
        return load
    return _merge({k: card.values[k] for k in copy if k in card.values}, load)


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
            what = "no such weapon" if acard is None else _a(_KIND_TEXT[acard.role])
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
        out.append(f"{place}.type: no {_KIND_TEXT[want]} {shown(name)!r} in the library{hint}")
        return unit
    if card.role != want:
        out.append(f"{place}.type: {card.name} is {_a(_KIND_TEXT[card.role])}, not "
                   f"{_a(_KIND_TEXT[want])} (list it in {_LIST_OF[card.role]})")  # fmt: skip
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
        wanted = " or ".join(_KIND_TEXT[r] for r in roles)
        if card is None:
            hint = _hint(lib, name, ("radars",)) if isinstance(name, str) else ""
            out.append(f"{place}.type: no {wanted} {shown(name)!r} in the library{hint}")
        else:
            out.append(
                f"{place}.type: {card.name} is {_a(_KIND_TEXT[card.role])}, not {_a(wanted)}"
            )
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
