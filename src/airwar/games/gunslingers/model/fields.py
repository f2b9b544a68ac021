"""The value types, bounds and data-card tables shared by scenarios and the library of types.

Every number a scenario or a library entry may hold is one of these types,
bounded by what the rules and the map make meaningful (GS-42), each with a
message a player can read. :mod:`.scenario` builds the scenario file from
them and :mod:`.library` the library of aircraft, weapons, SAM systems and
radars, so both refuse the same numbers for the same reasons.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationInfo,
)

from airwar.core.text import escaped, first_unprintable
from airwar.games.gunslingers.tables import PACKAGE_FILES

ARC_NAMES = (
    "0", "30L", "30R", "60L", "60R", "90L", "90R", "120L", "120R", "150L", "150R", "180",
)  # fmt: skip
"""The twelve angle-off arcs of GS-4."""

MAX_ID = 40
"""The longest id (a label on the map and in the log)."""
MAX_TEXT = 200
"""The longest name or type text."""
_ID_RE = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_.\-]{{0,{MAX_ID - 1}}}")
"""An id, matched whole (``re.fullmatch``: ``$`` would let a trailing newline through)."""
_SAVED_ID_RE = re.compile(rf"^[A-Za-z0-9][A-Za-z0-9_.\-]{{0,{MAX_ID - 1}}}$")
"""The id of a game saved before GS-75: ``$`` let one trailing newline through."""
RESERVED_WORDS = frozenset(
    {
        # the words of the decisions (none: no choice; done: no more; arcs: all, any)
        "none", "done", "off", "yes", "no", "all", "any", "referee",
        # the kinds of attack, ``attack Viper-1 gun:Fulcrum-1``
        "gun", "strafe", "bomb",
        # the words of the terminal's prompt
        "auto", "quit", "exit", "map", "undo",
        # the arcs of GS-4, ``jam Prowler-1 150L,180,150R``
        *(arc.lower() for arc in ARC_NAMES),
    }
)  # fmt: skip
"""Words the decisions, the seats and the terminal's prompt already give a meaning
(any case): a unit, side, weapon, program or mode of one of these names would read as
that word (GS-75)."""
_WEAPON_ID_RE = re.compile(r"[Ww][0-9]+")
"""The ids the referee gives weapons in flight (W1, W2, ...): a unit of one of these
names would be taken for a missile in the decisions that name one (GS-75)."""
_NUMBER_ID_RE = re.compile(r"[0-9]+|[HhAa]-?[0-9]+")
"""The words of a move that are numbers (a hex's coordinates, h4 for a heading, a12 for
an altitude): a unit of one of these names would be read as that number (GS-75)."""
_ALIAS_ID_RE = re.compile(r"[Cc][Oo][Nn][Tt][Aa][Cc][Tt]-[0-9]+")
"""The labels a side gives enemy units (Contact-1, ...): a unit of one of these names
could not be told from an enemy under its label (GS-71, GS-75)."""

# -- bounds (GS-42): every number, with the reason it cannot usefully be larger ----

MAX_FILE_BYTES = 1_000_000
"""A scenario file is at most 1 MB (the 60-aircraft large example is 33 kB)."""
TOO_BIG = "is larger than 1 MB; a scenario is far smaller (the 60-aircraft example is 33 kB)"
MAX_DIGITS = sys.get_int_max_str_digits() or 4300
"""The longest whole number Python reads from text; TOML has no use for longer ones."""
MAX_NESTING = 8
"""Tables and lists nest at most six deep in the format (aircraft, missiles, arcs)."""
MAX_TURNS = 100
TURNS_WHY = "the longest game airwar referees (GS-42)"
MAX_RADIUS = 60
RADIUS_WHY = "the largest map, 121 hexes across (GS-42)"
MAX_SIDES = 8
SIDES_WHY = "one seat per side at the table (GS-42)"
MAX_UNITS = 200
MAX_POINTS = 1000
POINTS_WHY = "victory points are counted per unit and per objective; 1000 is far above any (GS-85)"
UNITS_WHY = "the most units of one kind a scenario holds (GS-42)"
MAX_CREW = 20
CREW_WHY = "the largest jet-age crews; the rules only tell pilot-only from multi-crew (GS-42)"
MAX_ENTRIES = 20
ENTRIES_WHY = "more than any aircraft's data card lists (GS-42)"
MAX_ECM = 20
ECM_WHY = "a countermeasure or ECCM number above 20 changes no d10 roll, even halved (GS-2, GS-42)"
MAX_STOCK = MAX_ECM * MAX_TURNS
STOCK_WHY = f"{MAX_ECM} a turn for {MAX_TURNS} turns: more is never used up (GS-42)"
MAX_STORES = 3 * MAX_TURNS
STORES_WHY = f"three launches a turn for {MAX_TURNS} turns: more are never used (GS-42)"
KILLS_WHY = "only which side has more kills counts (GS-36, GS-42)"
CAPACITY_WHY = "no scenario has more aircraft to track (GS-42)"
FLIGHT_WHY = "no game is longer (GS-42)"
CEILING_WHY = "the ceiling, the highest altitude level (house value, GS-23)"


def unit_defaults() -> dict[str, dict[str, int]]:
    """The house values of GS-6 (``unit_defaults.toml``) as parsed, shared: read-only."""
    return PACKAGE_FILES.load("unit_defaults")


def house(section: str, key: str) -> int:
    """The unit-card default ``section.key`` (GS-6), for a number a scenario leaves out."""
    return int(unit_defaults()[section][key])


def ceiling() -> int:
    """The highest altitude level (house value, GS-23)."""
    return house("aircraft", "max_altitude")


# -- value types with player-readable messages ------------------------------


def shown(value: object) -> str:
    """A value for a message: a huge number is described, not printed in full."""
    text = str(value)
    if isinstance(value, int) and len(text) > 24:
        return f"a number of {len(text.lstrip('-'))} digits"
    return text


@dataclass(frozen=True)
class IntRange:
    """An integer from ``lo`` to ``hi``; ``why`` (if given) says why not more than ``hi``.

    A validator that tells its bounds (``top``), so an editor can ask what a field allows
    (:mod:`.field_schema`) instead of restating it."""

    lo: int | None
    hi: int | Callable[[], int] | None
    why: str | None = None

    @property
    def top(self) -> int | None:
        return self.hi() if callable(self.hi) else self.hi

    def __call__(self, v: Any) -> int:
        lo, hi, why = self.lo, self.hi, self.why
        if lo is not None and hi is not None and why is None:
            msg = f"must be an integer from {lo} to {hi}"
        elif lo is not None:
            msg = f"must be an integer >= {lo}"
        else:
            msg = "must be an integer"
        if isinstance(v, bool) or not isinstance(v, int):
            raise ValueError(msg)
        top = self.top
        if lo is not None and v < lo:
            raise ValueError(msg)
        if top is not None and v > top:
            raise ValueError(f"{shown(v)} is more than {top}: {why}" if why else msg)
        return v


def _at_most(n: int, what: str, why: str) -> Callable[[Any], Any]:
    """A list of at most ``n`` entries (checked before its entries are)."""

    def check(v: Any) -> Any:
        if isinstance(v, list) and len(v) > n:
            raise ValueError(f"has {len(v)} {what}, at most {n}: {why}")
        return v

    return check


def _once_each(v: list[Any]) -> list[Any]:
    """A list that names each value once."""
    seen: set[Any] = set()
    for item in v:
        if item in seen:
            raise ValueError(f"lists {item!r} twice")
        seen.add(item)
    return v


def _hex(v: Any) -> tuple[int, int]:
    if (
        isinstance(v, list | tuple)
        and len(v) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
    ):
        q, r = int(v[0]), int(v[1])
        if max(abs(q), abs(r), abs(q + r)) > MAX_RADIUS:
            raise ValueError(
                f"[{shown(q)}, {shown(r)}] is off every map: the largest has radius {MAX_RADIUS}"
            )
        return (q, r)
    raise ValueError("must be a hex [q, r] of two integers")


ID_RULE = (
    f"must be a short id (at most {MAX_ID} characters) of letters, digits, '-', '_' or '.' "
    "without spaces (e.g. Viper-2)"
)


def id_problem(v: Any) -> str | None:
    """Why ``v`` is not an id (letters, digits, ``-_.``, matched whole, not a reserved
    word, at most :data:`MAX_ID` characters; GS-75), in words; None when it is one."""
    if not isinstance(v, str):
        return ID_RULE
    if not v:
        return f"{ID_RULE}: it is empty"
    if len(v) > MAX_ID:
        return f"{ID_RULE}: it has {len(v)} characters"
    if not _ID_RE.fullmatch(v):
        bad = first_unprintable(v)
        if bad is not None:
            return f"{ID_RULE}: it holds {escaped(bad)}, a control or format character (GS-75)"
        odd = next((c for c in v if not (c.isascii() and (c.isalnum() or c in "-_."))), None)
        if odd is None:
            return f"{ID_RULE}: it must begin with a letter or a digit"
        if odd == " ":
            return f"{ID_RULE}: it holds a space; a display name may (name = ...)"
        if odd.isalnum():
            return f"{ID_RULE}: {odd!r} is not an ASCII letter or digit (GS-75)"
        return f"{ID_RULE}: it holds {odd!r}"
    if v.lower() in RESERVED_WORDS:
        return (
            f"{v!r} is a word the decisions already use (none, done, yes, no, gun, an arc, "
            "...): an id must be another word (GS-75)"
        )
    if _WEAPON_ID_RE.fullmatch(v):
        return (
            f"{v!r} is how the referee names a weapon in flight (W1, W2, ...): an id must "
            "be another word (GS-75)"
        )
    if _NUMBER_ID_RE.fullmatch(v):
        return (
            f"{v!r} reads as a number of a move (a coordinate, h4 for a heading, a12 for an "
            "altitude): an id must be another word (GS-75)"
        )
    if _ALIAS_ID_RE.fullmatch(v):
        return (
            f"{v!r} is how a side labels an enemy unit (Contact-1, ...): an id must be another "
            "word (GS-75)"
        )
    return None


def _saved(info: ValidationInfo | None, what: str) -> bool:
    """Whether ``what`` ("ids" or "names") is checked by the rules of before GS-75: a
    scenario saved with a game then is read back, never a new one (GS-75)."""
    context = info.context if info is not None else None
    return isinstance(context, dict) and bool(context.get(f"saved_{what}"))


def _ident(v: Any, info: ValidationInfo) -> str:
    if _saved(info, "ids"):
        if not isinstance(v, str) or not _SAVED_ID_RE.match(v):
            raise ValueError(ID_RULE)
        return v
    problem = id_problem(v)
    if problem is not None:
        raise ValueError(problem)
    assert isinstance(v, str)
    return v


def _arc(v: Any) -> str:
    if not isinstance(v, str) or v.upper() not in ARC_NAMES:
        raise ValueError(f"must be an arc name: {', '.join(ARC_NAMES)} (GS-4)")
    return v.upper()


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise ValueError("must be true or false")
    return v


def text_problem(v: Any, most: int = MAX_TEXT) -> str | None:
    """Why ``v`` is not a name (non-empty text of at most ``most`` characters without
    control characters, GS-75), in words; None when it is one."""
    if not isinstance(v, str) or not v.strip():
        return "must be non-empty text"
    if len(v) > most:
        return f"is {len(v)} characters long, at most {most}: a name, not a text"
    bad = first_unprintable(v)
    if bad is not None:
        return (
            f"holds {escaped(bad)}, a control or format character: a name is one line of "
            "text without them (GS-75)"
        )
    return None


def _text(v: Any, info: ValidationInfo) -> str:
    if _saved(info, "names"):
        if not isinstance(v, str) or not v.strip():
            raise ValueError("must be non-empty text")
        if len(v) > MAX_TEXT:
            raise ValueError(text_problem(v))
        return v
    problem = text_problem(v)
    if problem is not None:
        raise ValueError(problem)
    assert isinstance(v, str)
    return v


HeadingField = Annotated[int, BeforeValidator(IntRange(0, 11))]
Points = Annotated[int, BeforeValidator(IntRange(0, MAX_POINTS, POINTS_WHY))]
"""Victory points of a type or a unit (GS-85, GS-86)."""
DieNumber = Annotated[int, BeforeValidator(IntRange(0, 10))]
Turns = Annotated[int, BeforeValidator(IntRange(1, MAX_TURNS, TURNS_WHY))]
Radius = Annotated[int, BeforeValidator(IntRange(1, MAX_RADIUS, RADIUS_WHY))]
Kills = Annotated[int, BeforeValidator(IntRange(0, MAX_UNITS, KILLS_WHY))]
Ecm = Annotated[int, BeforeValidator(IntRange(0, MAX_ECM, ECM_WHY))]
Stock = Annotated[int, BeforeValidator(IntRange(0, MAX_STOCK, STOCK_WHY))]
Stores = Annotated[int, BeforeValidator(IntRange(0, MAX_STORES, STORES_WHY))]
Capacity = Annotated[int, BeforeValidator(IntRange(1, MAX_UNITS, CAPACITY_WHY))]
FlightTurns = Annotated[int, BeforeValidator(IntRange(1, MAX_TURNS, FLIGHT_WHY))]
Level = Annotated[int, BeforeValidator(IntRange(0, ceiling, CEILING_WHY))]
Hexes = Annotated[int, BeforeValidator(IntRange(0, None))]
"""A distance or a range in hexes, 0 or more; the scenario's map bounds it (GS-42)."""
PositiveHexes = Annotated[int, BeforeValidator(IntRange(1, None))]
HexField = Annotated[tuple[int, int], BeforeValidator(_hex)]
Ident = Annotated[str, BeforeValidator(_ident)]
ArcName = Annotated[str, BeforeValidator(_arc)]
Flag = Annotated[bool, BeforeValidator(_bool)]
Text = Annotated[str, BeforeValidator(_text)]
Arcs = Annotated[list[ArcName], AfterValidator(_once_each)]
UnitIds = Annotated[
    list[Ident],
    BeforeValidator(_at_most(MAX_UNITS, "units", "no scenario has more units of one kind (GS-42)")),
    AfterValidator(_once_each),
]
"""Ids of units, each named once (units sighted or held on radar as a game starts)."""

# The words a scenario may write; the rules read them as the enums of model.words
# (Training, Quality, Attribute) and rules.base (SamGuidance).
TrainingWord = Literal["excellent", "good", "average", "limited", "poor"]
QualityWord = Literal["veteran", "regular", "novice", "green"]
AttributeWord = Literal[
    "sierra_hotel", "tactics_master", "combat_hero", "excellent_confidence", "poor_confidence"
]
RadarKind = Literal["regular", "mtt", "tws", "limited_tws"]
Status = Literal[
    "stalled", "stalled_vertical", "departed", "gloc", "disoriented", "engaged", "fac", "damaged"
]
SamGuidanceWord = Literal["BR", "CG", "CW", "TVM", "OG", "LG", "IR"]
RadarState = Literal["active", "alerted", "shutdown"]
MissileGuidance = Literal["IR", "RH", "AH"]
MarkerKind = Literal[
    "laser_spot",
    "smoke_1",
    "smoke_2",
    "blast_zone",
    "suppression",
    "suppression_removal",
    "barrage",
    "out_of_ammo",
    "plotted_fire",
]
OutcomeKind = Literal[
    "missile", "gun", "strafe", "ground_attack", "plotted_fire", "barrage", "shootout", "arm",
    "progressive_damage", "gloc_recovery", "ground_combat", "damage_control",
]  # fmt: skip

_AIR = ("destroyed", "damaged", "no_effect")
_GROUND = ("destroyed", "suppressed", "no_effect")
OUTCOME_RESULTS: dict[str, tuple[str, ...]] = {
    "missile": ("destroyed", "damaged", "miss", "flies"),
    "gun": _AIR,
    "plotted_fire": _AIR,
    "barrage": _AIR,  # barrage fire on an aircraft in its reach (GS-51)
    "shootout": ("destroyed", "flies"),  # an air-to-ground weapon met by its interceptor (GS-53)
    "strafe": _GROUND,
    "ground_attack": _GROUND,
    "arm": _GROUND,
    "ground_combat": _GROUND,
    "progressive_damage": ("destroyed", "no_effect"),
    "gloc_recovery": ("recovered", "no_effect"),
    "damage_control": ("repaired", "no_effect"),
}
"""The results the referee (or an outcome table) may give for each kind of outcome (GS-14)."""

RADAR_GUIDANCE = frozenset({"BR", "CG", "CW", "TVM"})
OPTICAL_GUIDANCE = frozenset({"OG", "LG", "IR"})


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class OutcomeTable(Model):
    """GS-14: an outcome resolved by a table given as data (one d10, N-)."""

    target: DieNumber
    success: Text
    failure: Text


class CrewMember(Model):
    """A crew member as a file may write it (the schema: words checked, defaults filled);
    the game in play holds each as a :class:`~airwar.games.gunslingers.model.words.Crewman`,
    whose enums the rules read."""

    quality: QualityWord = "regular"
    attributes: Annotated[list[AttributeWord], AfterValidator(_once_each)] = Field(
        default_factory=list
    )


class AirRadarSpec(Model):
    kind: RadarKind
    eccm: Ecm = 0
    detection: DieNumber | None = None
    lock_on: DieNumber | None = None
    range: PositiveHexes | None = None
    capacity: Capacity | None = None
    arcs: Arcs = Field(default_factory=lambda: ["150L", "180", "150R"])


class Bjm(Model):
    type: Literal["A", "B", "C", "D"]
    number: Ecm


class DdsProgram(Model):
    name: Ident
    chaff: Ecm = 0
    flares: Ecm = 0
    mini_jammers: Ecm = 0


class MissileLoad(Model):
    type: Ident
    guidance: MissileGuidance
    count: Stores
    launch: DieNumber | None = None
    min_range: Hexes | None = None
    max_range: PositiveHexes | None = None
    time_of_flight: FlightTurns | None = None
    arcs: Arcs = Field(default_factory=lambda: ["150L", "180", "150R"])
    result: OutcomeTable | None = None
    """The missile's own outcome table (GS-61); else the scenario's missile table."""


class GroundWeapon(Model):
    type: Ident
    count: Stores
    guided: Flag = False
    result: OutcomeTable | None = None
    """The weapon's own outcome table (GS-61); else the scenario's ground_attack table."""


_TYPE_NAME_RE = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_.\- ]{{0,{MAX_ID - 1}}}")


def _type_name(v: Any) -> str:
    if not isinstance(v, str) or not _TYPE_NAME_RE.fullmatch(v) or v != v.strip():
        raise ValueError(
            f"must be a type name (at most {MAX_ID} characters) of letters, digits, spaces, "
            "'-', '_' or '.' (e.g. F-16C, Spoon Rest)"
        )
    return v


TypeName = Annotated[str, BeforeValidator(_type_name)]
"""The name of a type of the library (GS-60): like an id, but spaces are allowed."""
