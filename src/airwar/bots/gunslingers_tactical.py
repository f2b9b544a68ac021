"""The tactical AI for Gunslingers: a side played as a good player of the rules would.

It plays either side of any scenario (the referee seat it leaves to the automatic
player, whose results are the mildest). Like the automatic player it decides from what
its seat is entitled to (GS-43): the seat's view, the pending declaration and its legal
choices (:class:`~airwar.games.gunslingers.autoplayer.Seen`), plus the data cards of its
own side's units (what its own pilots and crews know of their aircraft, missiles and
sites) and the public library of types for an enemy it has identified. It never reads an
enemy unit from the referee's state, so two positions that look the same to the seat get
the same decision (``tests/bots/test_gunslingers_tactical.py``).

What it does, by declaration (GS-90):

- **moves** by scoring every end hex within its speed, with a few headings and
  altitudes each: a firing position on an enemy it knows (its own missile in range and
  in the launch arcs, the exact launch odds times the missile's result table) counts
  for it, being in an enemy's launch envelope, a known SAM or AAA envelope (masked by
  terrain where the line of sight is blocked) counts against it, and altitude is kept
  in the fighter's band (no dive it could avoid). Strikers fly to the target worth most
  and home once their bombs are gone; escorts stay between the strikers and the
  nearest threat; ARM shooters hold at ARM range from the radars;
- **shoots** when the odds (:func:`~airwar.games.gunslingers.rules.air.
  missile_launch_check` times the missile's result table) are good, holds fire when
  they are poor unless it could not fire its missiles in the turns left, and picks the
  target worth most;
- **defends**: the strongest DDS program and every jammer on while a threat is about,
  IFF off when it helps the enemy's SAM lock-ons and passdowns (the exact odds of both
  with and without), ARMs at the SAM that threatens;
- **on the ground** locks on to the intruder nearest what it defends, launches, takes
  passdowns for the SAM that can use them, shuts a radar down while an ARM shooter is in
  reach and nothing else is, and plots AAA fire where the enemy will be.

Each decision carries its reason (``move Ford-1 3,2 h2 a12 # firing position on
Contact-2: 28%``): it is kept in the log's decision event, which only the deciding side
and the referee read while the game runs and everyone after it (GS-91).

Levels (GS-92): ``tactical`` (normal), ``tactical:easy`` (a shorter search, fires at
poorer odds, no envelope avoidance) and ``tactical:hard`` (every altitude choice, the
enemy's re-aim weighed fully).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from airwar.core.bot import BaseBot
from airwar.core.game import Action, GameState
from airwar.games.gunslingers import autoplayer
from airwar.games.gunslingers.autoplayer import Seen
from airwar.games.gunslingers.model.actions import Decision, listed
from airwar.games.gunslingers.model.hexgrid import Arc, Hex, arcs_at_least, bearing, in_arcs
from airwar.games.gunslingers.model.scenario import house
from airwar.games.gunslingers.model.typelib import library
from airwar.games.gunslingers.rules.air import ground_attack_altitude, missile_launch_check
from airwar.games.gunslingers.rules.sam import radar_sam_lock_on_check, sam_launch_check
from airwar.games.gunslingers.victory import Scoring

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


def _table_p(result: dict[str, Any] | None) -> float:
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
        _table_p(v.get("result")),
    )


@cache
def _enemy_missiles(type_name: str | None) -> tuple[MissileCard, ...]:
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
def _arm_carrier(type_name: str | None) -> bool:
    """Whether an identified enemy type carries ARMs by its card's load (a Wild Weasel)."""
    card = library().find("aircraft", type_name) if type_name else None
    if card is None:
        return False
    loads = card.values.get("loads", {})
    load = loads.get(card.values.get("load", ""), {}) if isinstance(loads, dict) else {}
    return bool(load.get("arms"))


@cache
def _enemy_speed(type_name: str | None) -> int:
    """An enemy's speed by its type's data card, else the house value."""
    card = library().find("aircraft", type_name) if type_name else None
    speed = card.values.get("speed") if card is not None else None
    return int(speed or house("aircraft", "speed"))


@cache
def _sam_card(type_name: str | None, kind: str) -> tuple[int, int, float]:
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

    @classmethod
    def of(cls, scenario: Any, side: str) -> Worth:
        scoring = Scoring(scenario)
        ground: dict[str, float] = {}
        air: dict[str, float] = {}
        for uid, (kind, owner, type_, label) in scoring.units.items():
            if owner == side:
                continue
            if kind == "aircraft":
                if type_:
                    air[type_] = scoring.points(uid) / AIRCRAFT_POINTS
                continue
            got = scoring.target_points(uid, "destroyed")
            ground[label] = (got or 0) / AIRCRAFT_POINTS
        valued = [v for v in ground.values() if v > 0]
        unknown = sum(valued) / len(valued) if valued else 0.0
        return cls(ground, unknown, air, scoring.ground_all)

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
                    _table_p(m.result),
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
                "kill": int(100 * _table_p(s.result)),
            }
            for s in state.forces.sams.values()
            if s.side == side
        }
        worth = Worth.of(state.scenario, side)
        return cls(missiles, counts, arm, strikers, start, state.last_turn, sams, worth)


def moved_this_turn(state: GsState, seat: int) -> set[str]:
    """The enemy aircraft the seat saw move in this Flight Phase, under its own names for
    them: read from the log as the seat may read it, back to the phase's start (a window
    that doubles until it reaches it), nothing more."""
    count = state.log_count([seat])
    window = 128
    while True:
        since = max(0, count - window)
        out: set[str] = set()
        for e in reversed(state.visible_events(seat, since)):
            if e.get("type") in ("phase", "turn"):
                return out
            if e.get("type") == "move" and isinstance(e.get("aircraft"), str):
                out.add(e["aircraft"])
        if since == 0:
            return out
        window *= 2


@dataclass
class Mind:
    """The seat's knowledge for one decision: :class:`Seen` and :class:`Own`, and which
    enemy aircraft it saw move this turn."""

    seen: Seen
    own: Own
    level: Level
    moved: frozenset[str] = frozenset()

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
            rng, ceiling, danger = _sam_card(u.get("type"), kind)
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


# -- moves ------------------------------------------------------------------------------


def _masked(terrain: dict[Hex, int], a: Hex, b: Hex, alt: int) -> bool:
    """Whether terrain lies between a ground unit at ``a`` and an aircraft at ``b``."""
    if not terrain:
        return False
    n = a.distance(b)
    for i in range(1, n):
        q = a.q + (b.q - a.q) * i / n
        r = a.r + (b.r - a.r) * i / n
        h = Hex(round(q), round(r))
        if terrain.get(h, -1) >= alt * i / n:
            return True
    return False


@dataclass
class Plan:
    score: float
    reason: str


def _goal(mind: Mind, p: dict[str, Any]) -> tuple[Hex | None, str, int]:
    """Where the aircraft means to go with no shot to take: hex, why, and how close."""
    here = Hex.parse(p["hex"])
    pid = p["id"]
    enemies = [(Hex.parse(e["hex"]), e) for e in mind.enemy_planes()]
    ground = [(Hex.parse(u["hex"]), u) for u in mind.seen.enemy_ground]
    striker = any(p.get("ground_weapons", {}).values())
    if striker and ground:
        # the targets worth most for the way, one for each striker of the package in turn
        def worth(t: tuple[Hex, dict[str, Any]]) -> tuple[float, str]:
            return (-(value_of_ground(mind, t[1]) - 0.05 * here.distance(t[0])), str(t[1]["id"]))

        ranked = sorted(ground, key=worth)[:3]
        ranked = [t for t in ranked if value_of_ground(mind, t[1]) > 0] or ranked
        package = sorted(a["id"] for a in mind.seen.aircraft.values()
                         if a["id"] in mind.own.strikers and a.get("alive", True))  # fmt: skip
        k = package.index(pid) if pid in package else 0
        h, u = ranked[k % len(ranked)]
        return h, f"pressing to the target {u['id']}", 1
    if pid in mind.own.strikers and not striker:
        home = mind.own.start.get(pid, here)
        return home, "egressing home", 0
    arms = int(p.get("arms", 0))
    if arms and ground:
        emitters = [t for t in ground if t[1].get("emitting") or t[1].get("kind") == "sam"]
        if emitters:
            h, u = min(emitters, key=lambda t: (here.distance(t[0]), t[1]["id"]))
            # a SAM fires its radar only at what it locks on: the Weasel leads the strikers
            # in, to be locked on first and answer with its ARM
            return h, f"trolling {u['id']} ahead of the strikers (ARM ready)", 3
    # escorts: between the strikers and the nearest threat
    strikers = [a for a in mind.seen.aircraft.values() if a["id"] in mind.own.strikers
                and a.get("alive", True) and a.get("hex") and a["id"] != pid]  # fmt: skip
    if enemies:
        h, e = min(enemies, key=lambda t: (here.distance(t[0]), t[1]["id"]))
        if strikers:
            sh = [Hex.parse(a["hex"]) for a in strikers]
            nearest = min(sh, key=lambda x: (x.distance(h), x.q, x.r))
            if nearest.distance(h) <= 14:
                return h, f"screening the strikers from {e['id']}", 3
            mid = Hex(round((nearest.q * 2 + h.q) / 3), round((nearest.r * 2 + h.r) / 3))
            return mid, f"escorting, between the strikers and {e['id']}", 0
        return h, f"closing on {e['id']}", 3
    if strikers:
        return Hex.parse(strikers[0]["hex"]), "escorting the strikers", 1
    if ground:
        h, u = min(ground, key=lambda t: (here.distance(t[0]), t[1]["id"]))
        return h, f"heading for {u['id']}", 6
    # no contact: an unseen enemy that moves after us would find us first, so a fighter
    # eases ahead and lets it come into its sight (the easy level charges on)
    ahead = here
    steps = int(p["speed"]) if not mind.level.avoid else min(1, int(p["speed"]))
    for _ in range(max(1, steps)):
        ahead = ahead.ahead(p["heading"])
    if not mind.seen.on_map(ahead):
        return Hex(0, 0), "turning back into the map", 0
    return ahead, "no contact: easing ahead", 0


def _preferred_altitude(mind: Mind, p: dict[str, Any], goal: Hex | None, near: int) -> int:
    here_alt = int(p["altitude"])
    striker = any(p.get("ground_weapons", {}).values())
    if striker and goal is not None:
        d = Hex.parse(p["hex"]).distance(goal)
        limit = max(a for a in range(0, 31) if ground_attack_altitude("ground", a))
        return min(here_alt, limit) if d <= 2 * int(p["speed"]) else max(here_alt, 10)
    return max(10, min(20, here_alt + 2)) if here_alt < 10 else here_alt


def _move_plan(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    p = seen.aircraft[seen.ask.subject]
    pid = str(p["id"])
    here = Hex.parse(p["hex"])
    speed, climb, altitude = int(p["speed"]), int(p.get("climb", 4)), int(p["altitude"])
    ceiling = int(house("aircraft", "max_altitude"))
    goal, why, keep = _goal(mind, p)
    want = _preferred_altitude(mind, p, goal, keep)
    lo, hi = max(0, altitude - climb), min(ceiling, altitude + climb)
    alts = sorted(
        {max(lo, min(hi, want))} | ({altitude, hi} if mind.level.altitudes >= 2 else set())
    )
    if mind.level.altitudes >= 3:
        alts = sorted(set(alts) | {lo, (lo + hi) // 2})
    alts = [a for a in alts if lo <= a <= hi]
    stock = mind.own.counts.get(pid, {})
    mine = [m for m in mind.own.missiles.get(pid, []) if stock.get(m.type, 0) > 0]
    locks = set(p.get("locks", []))
    radar_range = (
        int(p.get("arcs", {}).get("radar_range", 0)) if p.get("arcs", {}).get("radar_on") else 0
    )
    enemies = [(Hex.parse(e["hex"]), e) for e in mind.enemy_planes()]
    # an enemy lost from sight lately is still about: where it was last seen, still to move
    for i, g in enumerate(seen.view.get("last_seen", [])):
        if int(g.get("turn", 0)) >= mind.turn - 1 and g.get("hex"):
            ghost = {"id": f"an enemy lost from sight ({i + 1})", "hex": g["hex"], "heading": 0,
                     "altitude": g.get("altitude", altitude), "ghost": True}  # fmt: skip
            enemies.append((Hex.parse(g["hex"]), ghost))
    enemies = sorted(enemies, key=lambda t: (here.distance(t[0]), t[1]["id"]))[:8]
    sites = mind.sites() if mind.level.avoid else []
    terrain = mind.terrain()
    striker = any(p.get("ground_weapons", {}).values())
    ground_targets = [(Hex.parse(u["hex"]), u) for u in seen.enemy_ground] if striker else []
    reach = int(house("attacks", "ground_attack_range"))
    gun_reach = int(house("attacks", "gun_range"))
    pull = 0.06 if striker or p.get("arms") else 0.01
    radius = int(seen.view["map"]["radius"])
    homeward = why.startswith("egressing")
    best: tuple[float, tuple[str, ...], str] | None = None
    hexes = [h for h in here.spiral(speed) if seen.on_map(h)]
    if len(hexes) > 60:  # the outer two rings and a thinned interior keep the search short
        hexes = [h for h in hexes if here.distance(h) >= speed - 1 or (h.q + 2 * h.r) % 3 == 0]
    for h in hexes:
        headings = set()
        if enemies:
            headings.add(_heading(h, enemies[0][0]))
            if len(enemies) > 1:
                headings.add(_heading(h, enemies[1][0]))
        if goal is not None and goal != h:
            headings.add(_heading(h, goal))
        headings.add(_heading(here, h) if h != here else int(p["heading"]))
        for hd in headings:
            for alt in alts:
                score, reason = _score(mind, pid, h, hd, alt, mine, locks, radar_range,
                                       enemies, sites, terrain, ground_targets, reach,
                                       gun_reach)  # fmt: skip
                if goal is not None:
                    d = max(0, h.distance(goal) - keep)
                    score -= pull * d
                score -= 0.01 * abs(alt - want)
                gap = radius - max(abs(h.q), abs(h.r), abs(h.s))
                if gap < 4 and not homeward:  # cornered against the edge, it is caught
                    score -= 0.06 * (4 - gap)
                if reason is None:
                    reason = why
                key = (score, (h.q, h.r, hd, alt))
                if best is None or key[0] > best[0] + 1e-9:
                    best = (score, (str(h), f"h{hd}", f"a{alt}"), reason)
    assert best is not None
    return best[1], best[2]


def _heading(frm: Hex, to: Hex) -> int:
    """The heading (0..11) pointing most nearly at ``to`` (its nose arc, GS-4)."""
    if frm == to:
        return 0
    return round(bearing(frm, to) / 30.0) % 12


def _score(
    mind: Mind,
    pid: str,
    h: Hex,
    hd: int,
    alt: int,
    mine: list[MissileCard],
    locks: set[str],
    radar_range: int,
    enemies: list[tuple[Hex, dict[str, Any]]],
    sites: list[tuple[str, Hex, int, int, float, str]],
    terrain: dict[Hex, int],
    ground_targets: list[tuple[Hex, dict[str, Any]]],
    reach: int,
    gun_reach: int,
) -> tuple[float, str | None]:
    score = 0.0
    best_off, off_reason = 0.0, None
    worst, threat_reason = 0.0, None
    shots: list[float] = []
    best_shot = guns = 0.0
    for eh, e in enemies:
        d = h.distance(eh)
        eid = str(e["id"])
        ghost = bool(e.get("ghost"))
        for m in [] if ghost else mine:
            if not m.min_range <= d <= m.max_range or not in_arcs(h, hd, eh, m.arcs):
                continue
            ready = m.guidance == "IR" or eid in locks
            if not ready and not (radar_range and d <= radar_range):
                continue
            p = m.odds * (1.0 if ready else 0.5) * (1.0 if eid in mind.moved else 0.3)
            shots.append(p)
            if p > best_shot:
                best_shot, off_reason = p, f"firing position on {eid}: {round(100 * m.odds)}%"
        if not ghost and d <= gun_reach and in_arcs(h, hd, eh, FRONT) and eid in mind.moved:
            damaged = "damaged" in e.get("status", [])
            g = 0.1 if damaged else 0.2
            if g > guns:
                guns = g
                if best_shot == 0:
                    off_reason = f"guns on {eid}"
        if eid in mind.moved and d <= 9:
            # the order of flight next turn (GS-11): advantaged over it, it moves first
            ealt = int(e.get("altitude", alt))
            ehd0 = int(e.get("heading", 0))
            if in_arcs(h, hd, eh, FRONT) and -9 <= ealt - alt <= 6:
                score += ADVANTAGE
            if in_arcs(eh, ehd0, h, FRONT) and -9 <= alt - ealt <= 6:
                score -= ADVANTAGE
        if not mind.level.avoid:
            continue
        ehd = int(e.get("heading", 0))
        fixed = eid in mind.moved
        espeed = int(e.get("speed") or _enemy_speed(e.get("type")))
        theirs: list[float] = []
        for m in _enemy_missiles(e.get("type")):
            if fixed:
                if not (m.min_range <= d <= m.max_range and in_arcs(eh, ehd, h, m.arcs)):
                    continue
                t = m.odds
            else:  # it moves after us and may point anywhere it can reach
                if d > espeed + m.max_range:
                    continue
                aimed = in_arcs(eh, ehd, h, m.arcs) and not ghost
                t = m.odds * (1.0 if aimed else 0.5 + mind.level.reaim)
            theirs.append(t)
            if t >= max(theirs):
                threat_reason = threat_reason or f"out of {eid}'s {m.type} envelope"
        mine_worst = sum(sorted(theirs)[-2:])  # it too launches two a turn
        if not fixed and d <= espeed + gun_reach:
            mine_worst += GUN_THREAT
            threat_reason = threat_reason or f"out of {eid}'s gun reach"
        worst += mine_worst
    best_off = sum(sorted(shots)[-2:]) + guns  # two launches a turn, and its gun passes
    score += best_off - worst
    danger = 0.0
    role_w = 1.0 if not ground_targets else 0.3  # a striker accepts risk to reach its target
    if mind.own.arm_range.get(pid, 0) and mind.seen.aircraft[pid].get("arms", 0):
        role_w = 0.0  # the Weasel wants to be locked on (its ARM answers)
    for _sid, sh, rng, ceiling, dang, name in sites:
        d = sh.distance(h)
        inside = d <= rng and alt <= ceiling and not _masked(terrain, sh, h, alt)
        if inside and dang * role_w > danger:
            danger, threat_reason = dang * role_w, f"staying out of the {name} envelope"
    score -= danger
    for gh, u in ground_targets:
        if h.distance(gh) <= reach and ground_attack_altitude("ground", alt):
            v = 0.5 * value_of_ground(mind, u)
            if v > best_off:
                best_off, off_reason = v, f"attack run on {u['id']}"
            score += v
            break
    if off_reason and best_off >= max(worst, danger):
        return score, off_reason
    if threat_reason and max(worst, danger) > 0:
        return score, f"{threat_reason}" if best_off == 0 else f"{off_reason}, {threat_reason}"
    return score, None


# -- the other declarations ------------------------------------------------------------


def _launch(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    pid = seen.ask.subject
    cards = {m.type: m for m in mind.own.missiles.get(pid, [])}
    left = sum(mind.own.counts.get(pid, {}).values())
    legal = {tuple(sorted(d.items())) for d in seen.choices}
    options = []
    for o in seen.singles():
        mtype, target = o.split(":", 1)
        card = cards.get(mtype)
        odds = card.odds if card else 0.3
        options.append((odds, o, target))
    options.sort(key=lambda x: (-x[0], x[1]))
    if not options:
        return ("none",), "no shot"
    spare = left >= mind.turns_left or mind.turns_left <= 1
    floor = 0.0 if spare else mind.level.hold_below
    # the legal pair (or single) whose every missile adds at least the floor to the chance
    # of a kill: two at one target when that is the best use of them
    best: tuple[float, list[str]] = (0.0, [])
    by_item = {o: (odds, t) for odds, o, t in options}
    for items in legal:
        if not items or any(i not in by_item for i in items):
            continue
        miss: dict[str, float] = {}
        worth, ok = 0.0, True
        for i in sorted(items, key=lambda i: -by_item[i][0]):
            odds, t = by_item[i]
            gain = miss.get(t, 1.0) * odds
            ok = ok and gain >= floor
            miss[t] = miss.get(t, 1.0) * (1 - odds)
            worth += gain
        if ok and (worth, sorted(items)) > (best[0], best[1]):
            best = (worth, sorted(items))
    chosen = best[1]
    if not chosen:
        return ("none",), f"holding the shot: {round(100 * options[0][0])}%"
    shots = ", ".join(f"{c.split(':')[1]} {round(100 * o)}%" for o, c, _ in options if c in chosen)
    return (listed(chosen),), f"firing: {shots}"


def _retry(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    pid = seen.ask.subject
    cards = {m.type: m for m in mind.own.missiles.get(pid, [])}
    best = None
    for d in seen.choices:
        if d.first in ("none", "done"):
            continue
        card = cards.get(d.first.split(":")[0])
        odds = card.odds if card else 0.3
        if best is None or odds > best[0]:
            best = (odds, d.args)
    if best is None or (best[0] < mind.level.hold_below and mind.turns_left > 1):
        return seen.choices[0].args, "no retry worth its missile"
    return best[1], f"retrying: {round(100 * best[0])}%"


def _threatened(mind: Mind, pid: str) -> str | None:
    """Why an aircraft is under threat now (a missile at it, a known enemy near), or None."""
    seen = mind.seen
    for w in seen.view.get("weapons", []):
        if w.get("target") == pid:
            return f"missile {w['id']} inbound"
    p = seen.aircraft.get(pid)
    if p is None or not p.get("hex"):
        return None
    here = Hex.parse(p["hex"])
    for e in mind.enemy_planes():
        if here.distance(Hex.parse(e["hex"])) <= 12:
            return f"{e['id']} within 12 hexes"
    for _sid, sh, rng, _c, _d, name in mind.sites():
        if here.distance(sh) <= rng + 6:
            return f"near the {name} envelope"
    return None


def _dds(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    pid = seen.ask.subject
    p = seen.aircraft[pid]
    programs = {str(x["name"]): x for x in p.get("dds_programs", []) if isinstance(x, dict)}
    options = [d.first for d in seen.choices if d.first != "off"]
    why = _threatened(mind, pid)
    if not options or why is None:
        return ("off",), "DDS off: no threat, countermeasures kept"

    def strength(name: str) -> tuple[int, str]:
        x = programs.get(name, {})
        return (sum(int(x.get(k, 0)) for k in ("chaff", "flares", "mini_jammers")), name)

    best = max(options, key=strength)
    return (best,), f"DDS {best} on: {why}"


def _modes(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    p = seen.aircraft[seen.ask.subject]
    names = list(p.get("modes", {}))
    # IFF: the exact odds of a SAM lock-on with and without it (the modifier is the enemy's)
    with_iff = radar_sam_lock_on_check(5, 0, iff_on=True).probability()
    without = radar_sam_lock_on_check(5, 0).probability()
    on = [m for m in names if not (m.upper() == "IFF" and with_iff > without)]
    reason = "jammers and radar on"
    if "IFF" in names or "iff" in names:
        reason += f"; IFF off (it raises a SAM lock-on from {without} to {with_iff})"
    return (listed(on),), reason


def _lockon(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    s = seen.own_ground[seen.ask.subject]
    here = Hex.parse(s["hex"])
    targets = [t for t in seen.singles() if t != "none"]
    if not targets:
        return ("none",), "nothing in reach"
    own = [Hex.parse(u["hex"]) for u in seen.own_ground.values() if u.get("alive", True)]

    def danger(t: str) -> tuple[float, str]:
        h = seen.where(t)
        if h is None:
            return (99.0, t)
        near_own = min((h.distance(o) for o in own), default=99)
        return (near_own + 0.5 * here.distance(h), t)

    types = {str(e["id"]): e.get("type") for e in seen.enemy_aircraft}
    lures = {t for t in targets if _arm_carrier(types.get(t))}
    if len(lures) < len(targets):  # a lock-on draws the Weasel's ARM: leave it alone
        targets = [t for t in targets if t not in lures]
    best = min(targets, key=danger)
    card = mind.own.sams.get(seen.ask.subject, {})
    odds = radar_sam_lock_on_check(card.get("lock_on", 5), card.get("eccm", 0)).probability()
    why = "; not the Weasel" if lures and best not in lures else ""
    return (best,), f"locking the intruder nearest what we defend: {best} (base {odds}){why}"


def _samlaunch(mind: Mind) -> tuple[tuple[str, ...], str]:
    card = mind.own.sams.get(mind.seen.ask.subject, {})
    p = float(sam_launch_check(card.get("launch", 7)).probability()) * card.get("kill", 50) / 100
    return ("yes",), f"launching: {round(100 * p)}%"


def _emitter_gap(mind: Mind) -> tuple[dict[str, Any], int, int | None]:
    """The unit asked about, its range, and the distance of the nearest known intruder."""
    seen = mind.seen
    s = seen.own_ground.get(seen.ask.subject) or {}
    if not s.get("hex"):
        return s, 0, None
    here = Hex.parse(s["hex"])
    near = [Hex.parse(e["hex"]).distance(here) for e in mind.enemy_planes()]
    return s, int(s.get("range", 10)), (min(near) if near else None)


def _shutdown(mind: Mind) -> tuple[tuple[str, ...], str]:
    """A SAM radar goes dark while no intruder is near its envelope: an emitter is found
    and struck, a dark one is neither (the EWRs and CCUs stay up for the passdowns)."""
    s, rng, near = _emitter_gap(mind)
    if s.get("kind") == "sam" and (near is None or near > rng + 2):
        return ("yes",), "going dark: nothing near our envelope"
    return ("no",), "keeping the radar up"


def _reactivate(mind: Mind) -> tuple[tuple[str, ...], str]:
    s, rng, near = _emitter_gap(mind)
    if s.get("kind") == "sam" and (near is None or near > rng + 2):
        return ("no",), "staying dark until they come"
    return ("yes",), "back on the air: intruders near"


def _passdown(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    pairs = [d.first for d in seen.choices if d.first != "done"]
    if not pairs:
        return ("done",), "no passdown to give"

    def gap(pair: str) -> tuple[int, str]:
        sam, target = pair.split(":", 1)
        a, b = seen.where(sam), seen.where(target)
        return ((a.distance(b) if a and b else 99), pair)

    best = min(pairs, key=gap)
    return (best,), f"passdown to the SAM nearest its target: {best}"


def _plot(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    g = seen.own_ground[seen.ask.subject]
    here = Hex.parse(g["hex"])
    targets = sorted(((Hex.parse(a["hex"]), a) for a in seen.enemy_aircraft),
                     key=lambda t: (here.distance(t[0]), t[1]["id"]))  # fmt: skip
    for h, a in targets:
        # where it will be: towards us along its heading, if that stays in reach
        ahead = h
        for _ in range(int(a.get("speed", 0) or 0) // 2):
            nxt = ahead.ahead(int(a.get("heading", 0)))
            if here.distance(nxt) > g["range"]:
                break
            ahead = nxt
        if here.distance(ahead) <= g["range"] and a["altitude"] <= g["max_altitude"]:
            return (str(ahead), f"a{a['altitude']}"), f"plotting ahead of {a['id']}"
    return ("none",), "nothing in reach"


def _arm(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    targets = [d.first for d in seen.choices if d.first != "none"]
    if not targets:
        return ("none",), "no emitter in reach"
    kinds = {u["id"]: u.get("kind") for u in seen.enemy_ground}
    best = min(targets, key=lambda t: (0 if kinds.get(t) == "sam" else 1, t))
    return (best,), f"ARM at {best}: the radar that guides the SAMs"


def _engage(mind: Mind) -> tuple[tuple[str, ...], str]:
    return ("none",), "not engaging: it would only move us earlier, the missile is met by jammers"


def _attack(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    options = [d.first for d in seen.choices if d.first != "done"]
    options = [o for o in options if o.split(":")[-1] in seen.known]
    if not options:
        return ("done",), "no attack"
    kinds = {u["id"]: u for u in seen.enemy_ground}

    def value(o: str) -> float:
        target = o.split(":")[-1]
        return value_of_ground(mind, kinds[target]) if target in kinds else 1.0

    def worth(o: str) -> tuple[float, str]:
        bonus = 0.5 if o.startswith("bomb:") else 0.0
        return (-(value(o) + bonus), o)

    best = min(options, key=worth)
    if value(best) <= 0:  # no points in it: the bombs are kept for a target that scores
        return ("done",), f"holding the bombs: {best.split(':')[-1]} scores nothing"
    return (best,), f"attacking {best.split(':')[-1]}"


def _disengage(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    if seen.ask.subject == "referee":
        return ("done",), "referee"
    pid = seen.ask.subject
    p = seen.aircraft.get(pid, {})
    empty = sum(mind.own.counts.get(pid, {}).values()) == 0 and not any(
        p.get("ground_weapons", {}).values()
    )
    if "damaged" in p.get("status", []):
        return ("yes",), "going home: damaged"
    if empty:
        return ("yes",), "going home: " + ("bombs gone" if pid in mind.own.strikers else
                                           "out of missiles")  # fmt: skip
    ours = sum(
        1 for a in seen.aircraft.values() if a.get("side") == seen.me and a.get("alive", True)
    )
    if ours < len(mind.enemy_planes()):
        return ("yes",), f"leaving: {ours} against {len(mind.enemy_planes())}"
    return ("no",), "staying in the fight"


Chooser = Callable[[Mind], tuple[tuple[str, ...], str]]

CHOOSERS: dict[str, Chooser] = {
    "move": _move_plan,
    "launch": _launch,
    "retry": _retry,
    "dds": _dds,
    "modes": _modes,
    "lockon": _lockon,
    "samlaunch": _samlaunch,
    "shutdown": _shutdown,
    "reactivate": _reactivate,
    "passdown": _passdown,
    "plot": _plot,
    "arm": _arm,
    "engage": _engage,
    "attack": _attack,
    "disengage": _disengage,
}


def decide(
    seen: Seen, own: Own, level: Level = LEVELS["normal"], moved: frozenset[str] = frozenset()
) -> Decision:
    """The tactical AI's answer, with its reason, from what its seat is entitled to."""
    ask = seen.ask
    chooser = CHOOSERS.get(ask.verb)
    if chooser is None:
        return autoplayer.decide(seen)
    args, reason = chooser(Mind(seen, own, level, moved))
    return Decision(ask.verb, seen.subject, args, reason=reason)


def tactical_decision(state: GsState, level: str = "normal") -> Decision:
    """The tactical AI's answer to the pending declaration (from that seat's knowledge)."""
    seen = Seen.of(state)
    if seen.ask.seat == state.referee:
        return autoplayer.decide(seen)
    moved = frozenset(moved_this_turn(state, seen.ask.seat)) if seen.ask.verb == "move" else None
    return decide(seen, Own.of(state, seen.ask.seat), LEVELS[level], moved or frozenset())


class GunslingersTactical(BaseBot):
    """The tactical AI as a kernel Bot (a side's seat; as the referee it is the automatic
    player)."""

    name = "tactical"
    level = "normal"

    def choose(self, state: GameState, seat: int) -> Action:
        from airwar.games.gunslingers.referee import GsState

        if not isinstance(state, GsState):
            raise TypeError("the Gunslingers tactical AI plays Gunslingers only")
        return tactical_decision(state, self.level)


class GunslingersTacticalEasy(GunslingersTactical):
    name = "tactical:easy"
    level = "easy"


class GunslingersTacticalHard(GunslingersTactical):
    name = "tactical:hard"
    level = "hard"
