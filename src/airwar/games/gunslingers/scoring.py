"""What scores in a Gunslingers game, and the shots behind the points (GS-85 to GS-87).

:class:`Scoring` gives each unit its points by the scenario's ``[victory]``
table, or by the default scheme of GS-86 (the library's ``points`` of its
type); :class:`Score` and :class:`Shot` are one point scored and the shot that
did it, as the result (:mod:`.victory`) lists them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from airwar.core.errors import InvalidNotation
from airwar.games.gunslingers.model.fields import house
from airwar.games.gunslingers.model.hexgrid import Hex
from airwar.games.gunslingers.model.scenario_schema import UNIT_LISTS, Scenario
from airwar.games.gunslingers.model.typelib import Library, library
from airwar.games.gunslingers.model.typeschema import LibraryError
from airwar.games.gunslingers.model.victory import ROLE_OF_LIST, Exit, VictorySpec, on_edge

LIBRARY_KIND = {
    "aircraft": "aircraft",
    "sams": "sams",
    "infantry_sams": "sams",
    "aaa": "sams",
    "ewrs": "radars",
    "ccus": "radars",
}
"""The library file whose types each list of units names."""

GROUND_ATTACKS = frozenset({"bomb", "strafe"})
"""The attacks that count as bombs on target for ``after_attack`` (GS-86)."""

LEVELS = ("decisive", "marginal", "draw")


@dataclass
class Score:
    """One item of points: who scored, how many, in which turn, and why."""

    turn: int
    side: str
    points: int
    kind: str  # kill, destroyed, suppressed, exit, reach
    unit: str
    unit_side: str
    text: str
    seq: int


@dataclass
class Shot:
    """A shot that ended in an outcome: the weapon, its firer, range, aspect, odds, roll."""

    weapon: str
    by: str
    target: str
    turn: int
    kind: str
    range: int | None = None
    aspect: str | None = None
    launch: dict[str, Any] | None = None
    """The launch roll (missiles): ``{p, target, roll}``."""
    outcome: dict[str, Any] | None = None
    """The outcome roll: ``{p, target, roll}``; None if the referee gave the result."""
    result: str | None = None


@dataclass
class Launch:
    shot: Shot
    wid: str | None
    open: bool = True


@dataclass
class Walk:
    """What the walk over the log keeps: where each unit is, what is in flight."""

    pos: dict[str, tuple[Hex, int]] = field(default_factory=dict)
    launches: list[Launch] = field(default_factory=list)
    pending: dict[str, dict[str, Any]] = field(default_factory=dict)
    last_roll: dict[str, Any] | None = None
    attacked: set[str] = field(default_factory=set)
    scored_moves: set[tuple[int, str]] = field(default_factory=set)
    suppressed: set[str] = field(default_factory=set)


def roll_odds(roll: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if roll is None:
        return None
    return {
        "p": roll.get("p_success"),
        "target": roll.get("effective_target", roll.get("target")),
        "roll": roll.get("roll"),
        "success": roll.get("success"),
        "name": roll.get("name"),
    }


class Scoring:
    """The scenario's scoring: each unit's points and the places that score."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.spec: VictorySpec | None = scenario.victory
        self.sides = scenario.side_names()
        self.units: dict[str, tuple[str, str, str, str]] = {}
        """id -> (list, side, type, label)"""
        for kind in UNIT_LISTS:
            for u in getattr(scenario, kind):
                label = getattr(u, "name", None) or u.id
                self.units[u.id] = (kind, u.side, str(getattr(u, "type", "") or ""), label)
        self.lib: Library | None
        try:
            self.lib = library()
        except LibraryError:  # a broken library scores by the house values alone
            self.lib = None
        spec = self.spec
        self.targets = {t.unit: t for t in spec.targets} if spec is not None else {}
        self.ground_all = spec is None or spec.ground

    @property
    def scheme(self) -> str:
        return "scenario" if self.spec is not None else "default"

    def points(self, uid: str) -> int:
        """The points of a unit destroyed (GS-86): the scenario's by id, type or role, its
        default, the type's library points, else the house value."""
        kind, _, type_, _ = self.units[uid]
        if self.spec is not None:
            for key in (uid, type_, ROLE_OF_LIST[kind], "default"):
                if key and key in self.spec.kills:
                    return self.spec.kills[key]
        if self.lib is not None and type_:
            card = (
                self.lib.find(LIBRARY_KIND.get(kind, ""), type_) if kind in LIBRARY_KIND else None
            )
            if card is not None and card.values.get("points") is not None:  # SCORED
                return int(card.values["points"])
        return house("victory", "aircraft" if kind == "aircraft" else "ground")

    def target_points(self, uid: str, result: str) -> int | None:
        """Points for a ground unit destroyed or suppressed; None: it is no target."""
        t = self.targets.get(uid)
        if t is None and not self.ground_all:
            return None
        if uid not in self.units or self.units[uid][0] == "aircraft":
            return None
        full = t.destroyed if t is not None and t.destroyed is not None else self.points(uid)
        if result == "destroyed":
            return full
        if t is not None and t.suppressed is not None:
            return t.suppressed
        return math.ceil(full / 2)

    def scorers(self, victim: str, credited: str | None) -> list[str]:
        """The sides that score for ``victim``: the target's side, the side credited with it,
        else every side but its own (GS-86)."""
        t = self.targets.get(victim)
        if t is not None and t.side is not None:
            return [t.side]
        own = self.units[victim][1] if victim in self.units else None
        if credited is not None and credited != own and credited in self.sides:
            return [credited]
        return [s for s in self.sides if s != own]

    def stake(self) -> int:
        """Every point a game could give: each aircraft and each ground target (GS-87)."""
        total = 0
        for uid, (kind, *_rest) in self.units.items():
            if kind == "aircraft":
                total += self.points(uid)
            else:
                total += self.target_points(uid, "destroyed") or 0
        if self.spec is not None:
            for e in self.spec.exits:
                n = len(e.aircraft) or sum(
                    1 for k, s, *_ in self.units.values() if k == "aircraft" and s == e.side
                )
                total += e.points * n
        return total

    def thresholds(self) -> dict[str, int]:
        marginal = self.spec.marginal if self.spec is not None else 1
        decisive = self.spec.decisive if self.spec is not None else None
        if decisive is None:
            decisive = max(2, marginal, math.ceil(self.stake() / 3))
        return {"decisive": decisive, "marginal": marginal}


def in_place(e: Exit, h: Hex, radius: int) -> bool:
    if e.hex is not None:
        return (h.q, h.r) == tuple(e.hex)
    if e.zone is not None:
        return h.distance(Hex(*e.zone.hex)) <= e.zone.radius
    if e.edge is not None:
        return on_edge(h.q, h.r, e.edge, radius)
    return False


def hex_of(text: object) -> Hex | None:
    try:
        return Hex.parse(str(text))
    except InvalidNotation:  # a position the log does not give: left unknown
        return None
