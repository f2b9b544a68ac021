"""A simple automatic player: answers every Gunslingers declaration, so turns run unattended.

It plays any side (and the referee seat, where it enters the mildest result:
a missile flies on or misses, an attack has no effect, so that it never
invents a kill; scenarios that want results rolled give outcome tables,
GS-14). Its choices are plain and aggressive: close on the nearest enemy it
knows of (or fly on ahead while it knows of none), lock on, launch, padlock
what it can, jam with the widest arcs.

It plays double-blind (GS-43): it decides from what its seat is entitled to,
the seat's :meth:`~airwar.games.gunslingers.referee.GsState.view`, the pending
declaration and its legal choices (:class:`Seen`), never from the referee's
state, so it cannot steer by an enemy it has not sighted nor tracks. It picks
a move without listing every legal one (a move has thousands), and every
choice it makes passes the same check a human's does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import TYPE_CHECKING, Any

from airwar.core.bot import BaseBot
from airwar.core.game import Action, GameState
from airwar.games.gunslingers.aliases import radar_pool, seat_choices, seat_subject
from airwar.games.gunslingers.model.actions import Decision, listed
from airwar.games.gunslingers.model.fields import house
from airwar.games.gunslingers.model.hexgrid import Hex, arcs_text, in_arcs
from airwar.games.gunslingers.model.tasks import Ask
from airwar.games.gunslingers.phases.registry import choices as legal_choices
from airwar.games.gunslingers.rules import air as air_rules
from airwar.games.gunslingers.rules.sam import bjm_type
from airwar.games.gunslingers.views import state_view

if TYPE_CHECKING:
    from airwar.games.gunslingers.referee import GsState


@dataclass
class Seen:
    """Everything the automatic player decides from: the seat's view, the declaration
    asked of it, and (each worked out only when needed) the view and the legal choices
    of that declaration."""

    source: dict[str, Any] | Callable[[], dict[str, Any]] = field(repr=False)
    """The seat's view, or how to make it."""
    ask: Ask
    legal: Callable[[], list[Decision]] = field(repr=False)
    pool: Callable[[], list[str] | None] | None = field(default=None, repr=False)
    written: Callable[[], str] | None = field(default=None, repr=False)
    """How the seat writes the subject, when it can be had without the view."""
    """The items of a list declaration, in the order its choices name them, when they can
    be had without listing every choice (a side's radar detection rolls), else None."""

    @classmethod
    def of(cls, state: GsState) -> Seen:
        """What the seat to decide is entitled to, in ``state``: its view (the side's
        aircraft other than the one deciding in brief), the ask, its legal choices."""
        ask = state.pending_ask()
        if ask is None:
            raise ValueError("no declaration is pending")
        return cls(
            lambda: state_view(state, ask.seat, focus=ask.subject, tallies=False),
            ask,
            lambda: seat_choices(state, ask, partial(legal_choices, state, ask)),
            partial(radar_pool, state, ask),
            partial(seat_subject, state, ask),
        )

    @cached_property
    def view(self) -> dict[str, Any]:
        """The seat's view (GS-43), made the first time a choice needs it."""
        return self.source() if callable(self.source) else self.source

    @property
    def subject(self) -> str:
        """The subject of the declaration as the seat reads it in its view (the referee's
        routine answers need nothing else of the view, so it is not made for them)."""
        if self.written is not None:
            return self.written()
        asked = self.view.get("decision") or {}
        return str(asked.get("subject", self.ask.subject))

    @cached_property
    def choices(self) -> list[Decision]:
        return self.legal()

    @property
    def me(self) -> str:
        return str(self.view["seat"])

    @cached_property
    def aircraft(self) -> dict[str, dict[str, Any]]:
        return {a["id"]: a for a in self.view.get("aircraft", [])}

    @cached_property
    def own_ground(self) -> dict[str, dict[str, Any]]:
        return {u["id"]: u for u in self.view.get("own_ground", [])}

    @cached_property
    def enemy_aircraft(self) -> list[dict[str, Any]]:
        """Enemy aircraft in play that the side knows of, with where they are."""
        return [
            a
            for a in self.view.get("aircraft", [])
            if a.get("side") != self.me and a.get("alive", True) and a.get("hex")
        ]

    @cached_property
    def enemy_ground(self) -> list[dict[str, Any]]:
        """Enemy ground units in play that the side knows of."""
        return [u for u in self.view.get("enemy_ground", []) if u.get("alive", True)]

    @cached_property
    def known(self) -> set[str]:
        """Every unit the view shows."""
        out = set(self.aircraft) | set(self.own_ground)
        out |= {u["id"] for u in self.view.get("enemy_ground", [])}
        out |= {w["id"] for w in self.view.get("weapons", [])}
        return out

    def where(self, uid: str) -> Hex | None:
        for table in (self.aircraft, self.own_ground):
            if uid in table and table[uid].get("hex"):
                return Hex.parse(table[uid]["hex"])
        for u in self.view.get("enemy_ground", []):
            if u["id"] == uid:
                return Hex.parse(u["hex"])
        return None

    def on_map(self, h: Hex) -> bool:
        return max(abs(h.q), abs(h.r), abs(h.s)) <= int(self.view["map"]["radius"])

    @cached_property
    def _pool(self) -> list[str] | None:
        return None if self.pool is None or self.ask.verb != "radar" else self.pool()

    def singles(self) -> list[str]:
        """The items a list declaration may name, in the order its choices list them."""
        if self._pool is not None:  # every combination of up to 4 of them is a choice
            return list(self._pool)
        return list(dict.fromkeys(i for d in self.choices for i in d.items()))

    def most(self) -> int:
        """How many items a list declaration may name at most."""
        if self._pool is not None:
            return min(air_rules.detection_rolls_per_turn(), len(self._pool))
        return max((len(d.items()) for d in self.choices), default=0)

    def nearest(self, frm: Hex, ids: list[str]) -> list[str]:
        """``ids`` known to the view, nearest first; then the others in the order given."""
        placed = [(i, self.where(i)) for i in ids]
        near = sorted(((i, h) for i, h in placed if h is not None),
                      key=lambda x: (frm.distance(x[1]), x[0]))  # fmt: skip
        return [i for i, _ in near] + [i for i, h in placed if h is None]


Chooser = Callable[[Seen], tuple[str, ...]]


def _yes(seen: Seen) -> tuple[str, ...]:
    return ("yes",)


def _no(seen: Seen) -> tuple[str, ...]:
    return ("no",)


def _first_option(seen: Seen) -> tuple[str, ...]:
    """The first real choice (the first listed is none, off or done)."""
    options = seen.choices
    return options[1].args if len(options) > 1 else options[0].args


def _plot(seen: Seen) -> tuple[str, ...]:
    g = seen.own_ground[seen.ask.subject]
    here = Hex.parse(g["hex"])
    targets = [(Hex.parse(a["hex"]), a) for a in seen.enemy_aircraft]
    for h, a in sorted(targets, key=lambda t: (here.distance(t[0]), t[1]["id"])):
        if here.distance(h) <= g["range"] and a["altitude"] <= g["max_altitude"]:
            return (str(h), f"a{a['altitude']}")
    return ("none",)


def _jam(seen: Seen) -> tuple[str, ...]:
    p = seen.aircraft[seen.ask.subject]
    here, heading = Hex.parse(p["hex"]), p["heading"]
    radars = [Hex.parse(u["hex"]) for u in seen.enemy_ground if u["kind"] in ("radar", "sam")]
    choices = bjm_type(p["bjm"]["type"] if p.get("bjm") else "").noise_arc_choices()
    best = max(choices, key=lambda c: (sum(in_arcs(here, heading, h, c) for h in radars), len(c)))
    return (arcs_text(best),)


def _largest(seen: Seen) -> tuple[str, ...]:
    """The first of the choices naming the most items (stand-off attacks)."""
    return max(seen.choices, key=lambda d: len(d.items())).args


def _lockon(seen: Seen) -> tuple[str, ...]:
    s = seen.own_ground[seen.ask.subject]
    targets = seen.nearest(Hex.parse(s["hex"]), [t for t in seen.singles() if t != "none"])
    return (targets[0],) if targets else ("none",)


def _passdown(seen: Seen) -> tuple[str, ...]:
    pairs = [d.first for d in seen.choices if d.first != "done"]
    return (pairs[0],) if pairs else ("done",)


def _arm(seen: Seen) -> tuple[str, ...]:
    targets = [d.first for d in seen.choices if d.first != "none"]
    return (targets[0],) if targets else ("none",)


def _mark(seen: Seen) -> tuple[str, ...]:
    g = seen.own_ground[seen.ask.subject]
    here = Hex.parse(g["hex"])
    reach = house("ground", "fac_range")
    for uid in seen.nearest(here, [u["id"] for u in seen.enemy_ground]):
        h = seen.where(uid)
        if h is not None and here.distance(h) <= reach:
            return ("smoke", str(h))
    return ("none",)


def _striker(p: dict[str, Any]) -> bool:
    return any(p.get("ground_weapons", {}).values())


def _search(seen: Seen) -> tuple[str, ...]:
    p = seen.aircraft[seen.ask.subject]
    striker = _striker(p) or p.get("fac") or p.get("laser_designator")
    return ("yes",) if striker else ("no",)


def _padlock(seen: Seen) -> tuple[str, ...]:
    p = seen.aircraft[seen.ask.subject]
    return (listed(seen.nearest(Hex.parse(p["hex"]), seen.singles())[: seen.most()]),)


def _modes(seen: Seen) -> tuple[str, ...]:
    p = seen.aircraft[seen.ask.subject]
    return (listed([m for m, on in p["modes"].items() if on]),)


def _step_towards(seen: Seen, frm: Hex, to: Hex, steps: int, keep: int) -> tuple[Hex, int]:
    """Greedy hex steps towards ``to``, stopping ``keep`` hexes short; returns hex, heading."""
    here, heading = frm, None
    for _ in range(steps):
        if here.distance(to) <= keep:
            break
        around = here.neighbours()
        best = min(range(6), key=lambda d: (around[d].distance(to), d))
        nxt = around[best]
        if not seen.on_map(nxt):
            break
        here, heading = nxt, best * 2
    if heading is None:
        heading = _heading_towards(frm, to)
    return here, heading


def _heading_towards(frm: Hex, to: Hex) -> int:
    if frm == to:
        return 0
    around = frm.neighbours()
    best = min(range(6), key=lambda d: (around[d].distance(to), d))
    return best * 2


def _move(seen: Seen) -> tuple[str, ...]:
    p = seen.aircraft[seen.ask.subject]
    here, altitude, speed, climb = Hex.parse(p["hex"]), p["altitude"], p["speed"], p["climb"]
    target, target_alt, keep = _goal(seen, p)
    if target is None:
        return (str(here), f"h{p['heading']}", f"a{altitude}")
    to, heading = _step_towards(seen, here, target, speed, keep)
    if to == here:
        heading = _heading_towards(here, target)
    ceiling = house("aircraft", "max_altitude")
    alt = max(0, min(ceiling, altitude + max(-climb, min(climb, target_alt - altitude))))
    return (str(to), f"h{heading}", f"a{alt}")


def _goal(seen: Seen, p: dict[str, Any]) -> tuple[Hex | None, int, int]:
    """Where to fly: the nearest known enemy ground unit for a striker, else the nearest
    known enemy aircraft, else on ahead (towards the centre of the map at its edge)."""
    here, altitude = Hex.parse(p["hex"]), p["altitude"]
    if _striker(p) and seen.enemy_ground:
        u = min(seen.enemy_ground, key=lambda u: (here.distance(Hex.parse(u["hex"])), u["id"]))
        return Hex.parse(u["hex"]), max(1, altitude - p["climb"]), 1
    if seen.enemy_aircraft:
        e = min(seen.enemy_aircraft, key=lambda e: (here.distance(Hex.parse(e["hex"])), e["id"]))
        return Hex.parse(e["hex"]), e["altitude"], 2
    ahead = here
    for _ in range(max(1, p["speed"])):
        ahead = ahead.ahead(p["heading"])
    if not seen.on_map(ahead):
        ahead = Hex(0, 0)
        if ahead == here:
            return None, altitude, 0
    return ahead, altitude, 0


def _attack(seen: Seen) -> tuple[str, ...]:
    """An attack on a unit the side knows of: bombs first, then guns, then strafing."""
    options = [d.first for d in seen.choices if d.first != "done"]
    options = [o for o in options if o.split(":")[-1] in seen.known]
    bombs = [o for o in options if o.startswith("bomb:")]
    pick = bombs or [o for o in options if o.startswith("gun:")] or options
    return (pick[0],) if pick else ("done",)


def _launch(seen: Seen) -> tuple[str, ...]:
    """Up to two launches at different targets, in the order the prerequisites list them."""
    legal = {tuple(sorted(d.items())) for d in seen.choices}
    chosen: list[str] = []
    targets: set[str] = set()
    for o in seen.singles():
        t = o.split(":")[1]
        if t not in targets and tuple(sorted([*chosen, o])) in legal:
            chosen.append(o)
            targets.add(t)
        if len(chosen) == 2:
            break
    return (listed(chosen),)


def _radar(seen: Seen) -> tuple[str, ...]:
    """Detection rolls: targets the side knows of nearest first, then the others."""
    p = seen.aircraft[seen.ask.subject]
    return (listed(seen.nearest(Hex.parse(p["hex"]), seen.singles())[: seen.most()]),)


def _lock(seen: Seen) -> tuple[str, ...]:
    p = seen.aircraft[seen.ask.subject]
    return (listed(seen.nearest(Hex.parse(p["hex"]), seen.singles())[: seen.most()]),)


def _result(seen: Seen) -> tuple[str, ...]:
    allowed = [d.first for d in seen.choices]
    for mild in ("flies", "miss", "no_effect"):
        if mild in allowed:
            return (mild,)
    return (allowed[-1],)


CHOOSERS: dict[str, Chooser] = {
    "plot": _plot,
    "barrage": _yes,
    "reactivate": _yes,
    "shutdown": _no,
    "jam": _jam,
    "standoff": _largest,
    "lockon": _lockon,
    "samlaunch": _yes,
    "passdown": _passdown,
    "arm": _arm,
    "reverse": _yes,
    "dcontrol": _yes,
    "mark": _mark,
    "search": _search,
    "searcher": _yes,
    "padlock": _padlock,
    "dds": _first_option,
    "engage": _first_option,
    "illuminate": _yes,
    "designate": _first_option,
    "fac": _first_option,
    "modes": _modes,
    "move": _move,
    "attack": _attack,
    "launch": _launch,
    "retry": _first_option,
    "radar": _radar,
    "lock": _lock,
    "gmove": lambda seen: ("stay",),
    "combat": lambda seen: ("done",),
    "logs": lambda seen: ("done",),
    "flightstatus": lambda seen: ("done",),
    "preempt": lambda seen: ("done",),
    "disengage": lambda seen: ("done",) if seen.ask.subject == "referee" else ("no",),
    "opmove": lambda seen: ("done",),
    "shootout": _first_option,
    "result": _result,
}


def decide(seen: Seen) -> Decision:
    """The automatic player's answer from what its seat is entitled to."""
    ask = seen.ask
    subject = seen.subject  # as the seat writes it (an enemy weapon by its alias)
    return Decision(ask.verb, subject, CHOOSERS[ask.verb](seen))


def auto_decision(state: GsState) -> Decision:
    """The automatic player's answer to the pending declaration (from that seat's view)."""
    return decide(Seen.of(state))


class GunslingersAuto(BaseBot):
    """The automatic player as a kernel Bot (any seat, the referee included)."""

    name = "gunslingers-auto"

    def choose(self, state: GameState, seat: int) -> Action:
        from airwar.games.gunslingers.referee import GsState

        if not isinstance(state, GsState):
            raise TypeError("the Gunslingers automatic player plays Gunslingers only")
        return auto_decision(state)
