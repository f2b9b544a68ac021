"""The state of a Gunslingers game in play, as plain data.

:class:`GsModel` holds every unit (``forces``), the turn and the referee's
cursor, the queue of tasks and what lasts from one step to a later one. What
lasts one turn only is in :class:`Turn` (``this_turn``) and in each unit's
own ``this_turn`` object: :func:`new_turn` replaces them all with fresh ones
as a turn begins, so nothing is cleared by hand. The referee
(:mod:`airwar.games.gunslingers.referee`) walks the sequence over this state;
the phases read and change it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from airwar.core.events import EventLog
from airwar.core.game import CHANCE, TERMINAL, Game
from airwar.games.gunslingers.model.forces import Forces
from airwar.games.gunslingers.model.hexgrid import Hex
from airwar.games.gunslingers.model.scenario_schema import Scenario
from airwar.games.gunslingers.model.tasks import Ask, CheckTask, Die, Task
from airwar.games.gunslingers.model.units import Plane, PlaneTurn, RadarTurn, SamTurn, Weapon

PER_TURN_STATUSES = ("engaged", "fac")
"""Statuses declared for one turn only (Aircraft Decisions Phase 2 and 5)."""


@dataclass
class Turn:
    """What is declared, rolled or worked out for one turn only."""

    advantage: dict[str, str] = field(default_factory=dict)
    """Each aircraft's category of advantage (GS-11)."""
    side_rolls: dict[str, int] = field(default_factory=dict)
    """Each side's base initiative roll (GS-12)."""
    initiative: dict[str, int] = field(default_factory=dict)
    rolloffs: dict[str, list[int]] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    """The order of flight (GS-12)."""
    preemptions: dict[str, dict[str, str]] = field(default_factory=dict)
    """Pre-emptions (GS-52): aircraft -> {who moves right before it: why}."""
    preempt_asked: set[str] = field(default_factory=set)
    """Aircraft whose move the pre-emptors were asked about as it came (GS-84)."""
    preempt_moment: str | None = None
    """The aircraft about to move while pre-emptions of it are asked (GS-84), else None."""
    launch_options: dict[str, list[str]] = field(default_factory=dict)
    launch_results: dict[str, list[bool]] = field(default_factory=dict)
    launch_declared: dict[str, list[str]] = field(default_factory=dict)
    retries_used: dict[str, int] = field(default_factory=dict)
    radar_candidates: dict[str, list[str]] = field(default_factory=dict)


@dataclass(eq=False)
class GsModel:
    """One Gunslingers game's data: ``forces`` (every unit), ``turn``, the cursor and queue."""

    game: Game
    scenario: Scenario
    forces: Forces
    fuel: dict[str, int]
    """Turns of fuel to Bingo, of the aircraft whose fuel the scenario gives (GS-54)."""
    log: EventLog = field(default_factory=EventLog)
    turn: int = 1
    phase_index: int = 0
    step_index: int = -1
    queue: list[Task] = field(default_factory=list)
    over: bool = False
    counter: int = 0
    this_turn: Turn = field(default_factory=Turn)
    weapons: dict[str, Weapon] = field(default_factory=dict)
    results: dict[str, dict[str, str]] = field(default_factory=dict)
    passdowns: dict[str, str] = field(default_factory=dict)
    """Passdowns from SAM step 7 until the next turn's (SAM unit -> target)."""
    passdown_tries: set[str] = field(default_factory=set)
    shootouts: dict[str, str] = field(default_factory=dict)
    """Shoot-outs waiting for their interceptor aircraft to move (GS-53): aircraft -> weapon."""
    los_cache: dict[tuple[Hex, int, Hex, int], bool] = field(default_factory=dict)
    # double-blind bookkeeping (GS-43, see visibility): never part of the events
    audience: list[int] = field(default_factory=list)
    """For each event of the log, the sides that may read it (bit i: side i)."""
    texts: list[str] = field(default_factory=list)
    """For each event of the log, its strings in one text (searched for hidden names)."""
    cover_cache: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    version: int = 0
    """Counts the changes of the state by a decision or a roll (each ``apply`` counts two:
    as it starts and once the referee has moved on): what a side knows is worked out once
    for each (``knowledge.knowledge``)."""
    hand_changes: int = 0
    """Counts the changes made by hand (``changed``): what each side knows is worked
    out afresh after one, whatever else it changed."""
    remembered: dict[str, set[str]] = field(default_factory=dict)
    weapon_sides: dict[str, str] = field(default_factory=dict)
    outcome_info: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    roll_effects: dict[int, str] = field(default_factory=dict)
    aliases: dict[str, dict[str, str]] = field(default_factory=dict)
    """Per side: each enemy unit it has known -> its label for it (GS-71, see aliases)."""
    followed: dict[str, int] = field(default_factory=dict)
    """For each side, how many events of the log it follows now: the events up to the last
    point of the sequence it was asked at or saw something happen at (GS-73)."""

    def changed(self) -> None:
        """Say that the state was changed by hand, not by a decision or a roll (a test
        setting up a position): what each side knows is worked out afresh."""
        self.version += 1
        self.hand_changes += 1

    @property
    def last_turn(self) -> int:
        turns = int(self.game.options["turns"])
        return turns if turns > 0 else self.scenario.scenario.turns

    # -- queue helpers used by the phases ------------------------------------
    def push(self, *tasks: Task) -> None:
        """Add tasks after everything already queued."""
        self.queue.extend(tasks)

    def push_front(self, *tasks: Task) -> None:
        """Add tasks to be resolved next, in the order given."""
        self.queue[0:0] = tasks

    def new_id(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def emit(self, type_: str, **fields: Any) -> None:
        self.log.emit(type_, turn=self.turn, **fields)

    def note(self, text: str, **fields: Any) -> None:
        """An explanation in the log (what the referee did and why)."""
        self.log.emit("note", turn=self.turn, text=text, **fields)

    # -- seats and sides -----------------------------------------------------
    @property
    def side_names(self) -> list[str]:
        return list(self.forces.sides)

    def seat_of(self, side: str) -> int:
        return self.side_names.index(side)

    @property
    def referee(self) -> int:
        return len(self.forces.sides)

    def planes(self, side: str | None = None) -> list[Plane]:
        """Aircraft still in play (of ``side``), in the scenario's order."""
        return [
            p for p in self.forces.planes.values() if p.alive and (side is None or p.side == side)
        ]

    def enemies_of(self, side: str) -> list[Plane]:
        return [p for p in self.forces.planes.values() if p.alive and p.side != side]

    def unit(self, uid: str) -> Any:
        f = self.forces
        for table in (f.planes, f.sams, f.radars, f.guns, f.ground):
            if uid in table:
                return table[uid]
        return self.weapons.get(uid)

    def label(self, uid: str) -> str:
        u = self.unit(uid)
        return getattr(u, "label", uid) if u is not None else uid

    def on_map(self, h: Hex) -> bool:
        return max(abs(h.q), abs(h.r), abs(h.s)) <= self.forces.radius

    def score(self) -> dict[str, Any]:
        return {"kills": {s.name: s.kills for s in self.forces.sides.values()}}

    # -- who acts ------------------------------------------------------------
    def current_actor(self) -> int:
        if self.over:
            return TERMINAL
        head = self.queue[0]
        if isinstance(head, CheckTask | Die):
            return CHANCE
        assert isinstance(head, Ask)
        return head.seat

    def is_terminal(self) -> bool:
        return self.over

    def pending_ask(self) -> Ask | None:
        if self.over or not self.queue:
            return None
        head = self.queue[0]
        return head if isinstance(head, Ask) else None


def new_turn(state: GsModel) -> None:
    """Begin a turn: fresh per-turn objects for the state and every unit (GS-13 limits,
    jamming, the order of flight), and the one-turn statuses dropped."""
    state.this_turn = Turn()
    for p in state.forces.planes.values():
        p.this_turn = PlaneTurn()
        for status in PER_TURN_STATUSES:
            p.status.discard(status)
    for s in state.forces.sams.values():
        s.this_turn = SamTurn()
    for r in state.forces.radars.values():
        r.this_turn = RadarTurn()
