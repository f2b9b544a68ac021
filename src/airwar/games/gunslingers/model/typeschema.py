"""The schema of the library of types (GS-60 to GS-66): what an entry of each file may hold.

One Pydantic model per kind of entry (:data:`SCHEMAS`), the fields each kind
needs and allows (an aircraft's radar, a SAM unit's guidance...), and the
outcome kind whose results an entry's own ``result`` table may give. The
library itself is built from the files by :mod:`.typelib`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field

from airwar.core.errors import AirwarError
from airwar.games.gunslingers.model.fields import (
    CREW_WHY,
    ENTRIES_WHY,
    MAX_CREW,
    MAX_ENTRIES,
    Arcs,
    Bjm,
    Capacity,
    DdsProgram,
    DieNumber,
    Ecm,
    Flag,
    FlightTurns,
    Ident,
    IntRange,
    Level,
    MissileGuidance,
    Model,
    OutcomeTable,
    Points,
    PositiveHexes,
    RadarKind,
    SamGuidanceWord,
    Stock,
    Stores,
    Text,
    TypeName,
    _at_most,
    _once_each,
)

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


Seats = Annotated[int, BeforeValidator(IntRange(1, MAX_CREW, CREW_WHY))]


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
    min_range: Annotated[int, BeforeValidator(IntRange(0, None))] | None = None
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
    guidance: SamGuidanceWord | None = None
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
NEEDS: dict[tuple[str, str], tuple[str, ...]] = {
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

ALLOWS: dict[tuple[str, str], frozenset[str]] = {
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

KIND_FIELD = {"weapons": "kind", "sams": "kind", "radars": "role"}

KIND_TEXT = {
    "aam": "air-to-air missile", "arm": "anti-radiation missile", "a2g": "air-to-ground weapon",
    "sam": "SAM unit", "infantry": "infantry SAM", "aaa": "AAA unit",
    "air": "air radar", "fire_control": "fire-control radar", "ewr": "early-warning radar",
    "gci": "GCI radar",
}  # fmt: skip


def article(text: str) -> str:
    """``text`` with its article: an air radar, a SAM unit, an AAA unit, a GCI radar."""
    first = text.split()[0]
    spoken_vowel = first in ("AAA", "EWR", "ARM", "IR", "OG", "LG") or text[0] in "aeiou"
    return f"{'an' if spoken_vowel else 'a'} {text}"
