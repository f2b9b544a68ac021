"""What the tactical AI's seat knows (GS-90): the data cards of its own units, the
public library's cards of an enemy it has identified, the scenario's victory table, and
which enemy aircraft it saw move this Flight Phase; and the levels it plays at (GS-92)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from airwar.games.gunslingers.autoplayer import Seen
from airwar.games.gunslingers.model.fields import house
from airwar.games.gunslingers.model.hexgrid import Arc, Hex, arcs_at_least
from airwar.games.gunslingers.model.typelib import library
from airwar.games.gunslingers.rules.air import missile_launch_check
from airwar.games.gunslingers.scoring import Scoring

if TYPE_CHECKING:
    from airwar.games.gunslingers.referee import GsState


GUN_THREAT = 0.4
"""Two gun passes of an enemy that reaches us: half a chance of damage, and damage
destroys by degrees (progressive damage) or sends the aircraft home."""

ADVANTAGE = 0.2
"""Being advantaged over an enemy that has moved (it moves first next turn, GS-11)."""

FRONT = arcs_at_least(150)
"""The 150+ arcs: guns, advantage and an unknown missile's launch arcs."""


@dataclass(frozen=True)
class Level:
    name: str
    hold_below: float
    """Shot odds below which a missile is held (unless it could not be used later)."""
    altitudes: int
    """How many altitude choices a move weighs (1: the preferred one only)."""
    avoid: bool
    """Whether known SAM, AAA and missile envelopes count against a move."""
    reaim: float
    """How much an enemy that may still turn threatens a hex outside its arcs."""


LEVELS = {
    "easy": Level("easy", 0.15, 1, False, 0.0),
    "normal": Level("normal", 0.25, 2, True, 0.35),
    "hard": Level("hard", 0.25, 3, True, 0.5),
}


@dataclass(frozen=True)
class MissileCard:
    type: str
    guidance: str
    launch: int
    min_range: int
    max_range: int
    arcs: frozenset[Arc]
    kill: float
    """The chance its result table gives of destroying the target (0.5 without one)."""

    @property
    def launch_p(self) -> float:
        return float(missile_launch_check(self.launch).probability())

    @property
    def odds(self) -> float:
        """The chance a launch attempt destroys the target: launch roll times the table."""
        return self.launch_p * self.kill


def table_p(result: dict[str, Any] | None) -> float:
    if not result:
        return 0.5
    p = Fraction(max(0, min(10, int(result.get("target", 5)))), 10)
    return float(p) if str(result.get("success")) == "destroyed" else 0.0


GENERIC = MissileCard("IR", "IR", 7, 1, 5, FRONT, 0.4)
"""The missile an unidentified enemy is assumed to carry."""


@cache
def _library_missile(name: str) -> MissileCard | None:
    card = library().find("weapons", name)
    if card is None:
        return None
    v = card.values
    arcs = frozenset(Arc(a) for a in v.get("arcs", ())) or FRONT
    return MissileCard(
        name,
        str(v.get("guidance", "IR")),
        int(v.get("launch", 7)),
        int(v.get("min_range", 1)),
        int(v.get("max_range", 5)),
        arcs,
        table_p(v.get("result")),
    )


@cache
def enemy_missiles(type_name: str | None) -> tuple[MissileCard, ...]:
    """The missiles an identified enemy type carries by its data card (the library's)."""
    if not type_name:
        return (GENERIC,)
    card = library().find("aircraft", type_name)
    if card is None:
        return (GENERIC,)
    loads = card.values.get("loads", {})
    load = loads.get(card.values.get("load", ""), {}) if isinstance(loads, dict) else {}
    out = [m for s in load.get("missiles", []) if (m := _library_missile(s["type"]))]
    return tuple(out) or (GENERIC,)


@cache
def arm_carrier(type_name: str | None) -> bool:
    """Whether an identified enemy type carries ARMs by its card's load (a Wild Weasel)."""
    card = library().find("aircraft", type_name) if type_name else None
    if card is None:
        return False
    loads = card.values.get("loads", {})
    load = loads.get(card.values.get("load", ""), {}) if isinstance(loads, dict) else {}
    return bool(load.get("arms"))


@cache
def enemy_speed(type_name: str | None) -> int:
    """An enemy's speed by its type's data card, else the house value."""
    card = library().find("aircraft", type_name) if type_name else None
    speed = card.values.get("speed") if card is not None else None
    return int(speed or house("aircraft", "speed"))


@cache
def sam_card(type_name: str | None, kind: str) -> tuple[int, int, float]:
    """Range, ceiling and danger of an enemy SAM or AAA unit (its card once identified)."""
    if type_name:
        card = library().find("sams", type_name)
        if card is not None:
            v = card.values
            return int(v.get("range", 3)), int(v.get("max_altitude", 8)), 0.3
    if kind == "aaa":
        return int(house("aaa", "range")), int(house("aaa", "max_altitude")), 0.15
    return int(house("sam", "range")), int(house("sam", "max_altitude")), 0.3


# -- what the seat knows --------------------------------------------------------------

AIRCRAFT_POINTS = 4.0
"""The points of a fighter of the library (F-16C, MiG-29): values are in fighters."""


@dataclass
class Worth:
    """The victory points of the enemy's units, as the scenario's victory table gives
    them to both sides before play (GS-86): a ground unit by the name it shows once
    identified, an aircraft by its identified type; in fighters."""

    ground: dict[str, float]
    unknown: float
    """An unidentified ground unit: the mean of the enemy's ground targets."""
    air: dict[str, float]
    ground_all: bool
    mine: dict[str, float] = field(default_factory=dict)
    """What the enemy scores for destroying each of the side's own ground units."""

    @classmethod
    def of(cls, scenario: Any, side: str) -> Worth:
        scoring = Scoring(scenario)
        ground: dict[str, float] = {}
        air: dict[str, float] = {}
        mine: dict[str, float] = {}
        for uid, (kind, owner, type_, label) in scoring.units.items():
            if owner == side:
                if kind != "aircraft":
                    mine[uid] = (scoring.target_points(uid, "destroyed") or 0) / AIRCRAFT_POINTS
                continue
            if kind == "aircraft":
                if type_:
                    air[type_] = scoring.points(uid) / AIRCRAFT_POINTS
                continue
            got = scoring.target_points(uid, "destroyed")
            ground[label] = (got or 0) / AIRCRAFT_POINTS
        valued = [v for v in ground.values() if v > 0]
        unknown = sum(valued) / len(valued) if valued else 0.0
        return cls(ground, unknown, air, scoring.ground_all, mine)

    def of_ground(self, u: dict[str, Any]) -> float:
        if u.get("identified") and str(u.get("label")) in self.ground:
            return self.ground[str(u["label"])]
        return self.unknown

    def of_plane(self, e: dict[str, Any]) -> float:
        return self.air.get(str(e.get("type")), 1.0)


@dataclass
class Own:
    """The data cards of the seat's own units (never an enemy's)."""

    missiles: dict[str, list[MissileCard]]
    counts: dict[str, dict[str, int]]
    arm_range: dict[str, int]
    strikers: set[str]
    start: dict[str, Hex]
    last_turn: int
    sams: dict[str, dict[str, int]]
    worth: Worth = field(default_factory=lambda: Worth({}, 1.0, {}, True))
    """What the scenario's victory table (read by both sides) gives for each enemy unit."""

    @classmethod
    def of(cls, state: GsState, seat: int) -> Own:
        side = state.game.seat_name(seat)
        missiles: dict[str, list[MissileCard]] = {}
        counts: dict[str, dict[str, int]] = {}
        arm: dict[str, int] = {}
        strikers: set[str] = set()
        start: dict[str, Hex] = {}
        for a in state.scenario.aircraft:
            if a.side == side:
                start[a.id] = Hex(*a.hex) if isinstance(a.hex, list | tuple) else a.hex
        for p in state.forces.planes.values():
            if p.side != side:
                continue
            missiles[p.id] = [
                MissileCard(
                    m.type,
                    m.guidance,
                    m.launch,
                    m.min_range,
                    m.max_range,
                    m.arcs or FRONT,
                    table_p(m.result),
                )
                for m in p.missiles.values()
            ]
            counts[p.id] = {m.type: m.count for m in p.missiles.values()}
            arm[p.id] = p.arm_range if p.arms else 0
            if any(p.ground_weapons.values()):
                strikers.add(p.id)
        sams = {
            s.id: {
                "lock_on": s.lock_on,
                "launch": s.launch,
                "eccm": s.eccm,
                "quick": int(s.quick_reaction),
                "rails": s.rails,
                "kill": int(100 * table_p(s.result)),
            }
            for s in state.forces.sams.values()
            if s.side == side
        }
        worth = Worth.of(state.scenario, side)
        return cls(missiles, counts, arm, strikers, start, state.last_turn, sams, worth)


def this_phase(state: GsState, seat: int) -> list[dict[str, Any]]:
    """The events of the current phase the seat may read, oldest first, under its own
    names for the enemy: read from the log back to the phase's start (a window that
    doubles until it reaches it), nothing more."""
    count = state.log_count([seat])
    window = 128
    while True:
        since = max(0, count - window)
        out: list[dict[str, Any]] = []
        for e in reversed(state.visible_events(seat, since)):
            if e.get("type") in ("phase", "turn"):
                return out[::-1]
            out.append(e)
        if since == 0:
            return out[::-1]
        window *= 2


def moved_this_turn(state: GsState, seat: int) -> set[str]:
    """The enemy aircraft the seat saw move in this Flight Phase."""
    return {
        e["aircraft"]
        for e in this_phase(state, seat)
        if e.get("type") == "move" and isinstance(e.get("aircraft"), str)
    }


def passdowns_this_phase(state: GsState, seat: int) -> tuple[tuple[str, str], ...]:
    """The passdowns its side's EWRs and CCUs made this SAM Interaction Phase (GS-27): SAM
    unit and target, as the side's own log says."""
    return tuple(
        (str(e["sam"]), str(e["target"]))
        for e in this_phase(state, seat)
        if e.get("type") == "passdown" and e.get("sam") and e.get("target")
    )


@dataclass
class Mind:
    """The seat's knowledge for one decision: :class:`Seen` and :class:`Own`, and which
    enemy aircraft it saw move this turn."""

    seen: Seen
    own: Own
    level: Level
    moved: frozenset[str] = frozenset()
    passed: tuple[tuple[str, str], ...] = ()
    """The passdowns its EWRs and CCUs made this phase: (SAM unit, target)."""

    @property
    def turn(self) -> int:
        return int(self.seen.view.get("turn", 1))

    @property
    def turns_left(self) -> int:
        return max(1, self.own.last_turn - self.turn + 1)

    def enemy_planes(self) -> list[dict[str, Any]]:
        return self.seen.enemy_aircraft

    def sites(self) -> list[tuple[str, Hex, int, int, float, str]]:
        """Known enemy SAM and AAA units (and radars of unknown kind) with their envelope."""
        out = []
        for u in self.seen.enemy_ground:
            kind = str(u.get("kind"))
            if kind not in ("sam", "aaa", "radar"):
                continue
            if kind == "radar" and u.get("identified"):
                continue  # an identified EWR or CCU fires nothing
            rng, ceiling, danger = sam_card(u.get("type"), kind)
            name = str(u.get("type") or u["id"])
            out.append((str(u["id"]), Hex.parse(u["hex"]), rng, ceiling, danger, name))
        return out

    def terrain(self) -> dict[Hex, int]:
        return {
            Hex.parse(t["hex"]): int(t["height"]) for t in self.seen.view["map"].get("terrain", [])
        }


def value_of_plane(mind: Mind, e: dict[str, Any]) -> float:
    return mind.own.worth.of_plane(e)


def value_of_ground(mind: Mind, u: dict[str, Any]) -> float:
    return mind.own.worth.of_ground(u)


Chooser = Callable[[Mind], tuple[tuple[str, ...], str]]
"""A declaration's answer: the decision's arguments and its reason."""
