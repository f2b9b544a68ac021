"""A Gunslingers game in play: the units, the turn's cursor and the referee's queue.

The state walks the sequence (GS-7) one step at a time. A step puts tasks on
the queue (see :mod:`airwar.games.gunslingers.model.tasks`); the state stops at the
first decision or roll and tells the kernel who acts. Seats are one per side
plus the referee (the last seat), who enters results the text does not
resolve (GS-14).
"""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from airwar.core.errors import IllegalAction
from airwar.core.events import EventLog
from airwar.core.game import CHANCE, TERMINAL, Action, GameState
from airwar.games.gunslingers import visibility
from airwar.games.gunslingers.model.actions import Decision, DieResult
from airwar.games.gunslingers.model.hexgrid import Hex
from airwar.games.gunslingers.model.tasks import (
    DIE_EFFECTS,
    DO_EFFECTS,
    ROLL_EFFECTS,
    VERBS,
    Ask,
    Die,
    Do,
    Roll,
    Task,
)
from airwar.games.gunslingers.model.units import Forces, Plane, Weapon, build_forces
from airwar.games.gunslingers.phases import sequence

if TYPE_CHECKING:
    from airwar.core.checks import Check
    from airwar.games.gunslingers.game import GunslingersGame


class GsState(GameState):
    """One Gunslingers game: ``forces`` (every unit), ``turn``, the cursor and queue."""

    game: GunslingersGame

    def __init__(self, game: GunslingersGame) -> None:
        self.game = game
        self.log = EventLog()
        self.forces: Forces = build_forces(game.scenario)
        self.turn = 1
        self.phase_index = 0
        self.step_index = -1
        self.queue: list[Task] = []
        self.over = False
        self.counter = 0
        self.weapons: dict[str, Weapon] = {}
        self.results: dict[str, dict[str, str]] = {}
        self.order: list[str] = []
        self.passdowns: dict[str, str] = {}
        self.passdown_tries: set[str] = set()
        self.advantage: dict[str, str] = {}
        self.side_rolls: dict[str, int] = {}
        self.rolloffs: dict[str, list[int]] = {}
        self.initiative: dict[str, int] = {}
        self.launch_options: dict[str, list[str]] = {}
        self.launch_results: dict[str, list[bool]] = {}
        self.launch_declared: dict[str, list[str]] = {}
        self.retries_used: dict[str, int] = {}
        self.radar_candidates: dict[str, list[str]] = {}
        self.preemptions: dict[str, dict[str, str]] = {}
        """This turn's pre-emptions (GS-52): aircraft -> {who moves right before it: why}."""
        self.fuel: dict[str, int] = {
            a.id: a.fuel for a in game.scenario.aircraft if a.fuel is not None
        }
        """Turns of fuel to Bingo, of the aircraft whose fuel the scenario gives (GS-54)."""
        self.shootouts: dict[str, str] = {}
        """Shoot-outs waiting for their interceptor aircraft to move (GS-53): aircraft -> weapon."""
        self.los_cache: dict[tuple[Hex, int, Hex, int], bool] = {}
        # double-blind bookkeeping (GS-43, see visibility): never part of the events
        self.audience: list[int] = []
        """For each event of the log, the sides that may read it (bit i: side i)."""
        self.texts: list[str] = []
        """For each event of the log, its strings in one text (searched for hidden names)."""
        self.cover_cache: dict[str, tuple[Any, Any]] = {}
        self.remembered: dict[str, set[str]] = {}
        self.weapon_sides: dict[str, str] = {}
        self.outcome_info: dict[str, tuple[str, str, str]] = {}
        self.roll_effects: dict[int, str] = {}
        self.log.emit(
            "start",
            scenario=game.scenario.scenario.name,
            sides=list(self.forces.sides),
            turns=self.last_turn,
        )
        self.log.emit("turn", turn=self.turn)
        sequence.new_turn(self)
        self.log.emit("phase", phase=sequence.SEQUENCE[0].name, turn=self.turn)
        self._advance()
        visibility.observe(self)

    # -- the cursor ----------------------------------------------------------
    @property
    def last_turn(self) -> int:
        turns = int(self.game.options["turns"])
        return turns if turns > 0 else self.game.scenario.scenario.turns

    @property
    def phase(self) -> sequence.Phase:
        return sequence.SEQUENCE[self.phase_index]

    def _next_step(self) -> None:
        self.step_index += 1
        while self.step_index >= len(self.phase.steps):
            self.step_index = 0
            self.phase_index += 1
            if self.phase_index >= len(sequence.SEQUENCE):
                self.log.emit("turn_end", turn=self.turn)
                if self.turn >= self.last_turn:
                    self.over = True
                    # The cursor rests on the last step of the last phase, so
                    # views of a finished game still name a real phase.
                    self.phase_index = len(sequence.SEQUENCE) - 1
                    self.step_index = len(self.phase.steps) - 1
                    self.log.emit("end", turn=self.turn, **self.score())
                    return
                self.turn += 1
                self.phase_index = 0
                self.log.emit("turn", turn=self.turn)
                sequence.new_turn(self)
            self.log.emit("phase", phase=self.phase.name, turn=self.turn)
        step = self.phase.steps[self.step_index]
        self.log.emit(
            "step", phase=self.phase.name, step=step.number, text=step.text, turn=self.turn
        )
        step.run(self)

    def _advance(self) -> None:
        while not self.over:
            if not self.queue:
                self._next_step()
                continue
            head = self.queue[0]
            if isinstance(head, Do):
                self.queue.pop(0)
                DO_EFFECTS[head.effect](self, head.args)
                continue
            return

    # -- queue helpers used by the steps -------------------------------------
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

    # -- the kernel contract -------------------------------------------------
    def current_actor(self) -> int:
        if self.over:
            return TERMINAL
        head = self.queue[0]
        if isinstance(head, Roll | Die):
            return CHANCE
        assert isinstance(head, Ask)
        return head.seat

    def pending_ask(self) -> Ask | None:
        if self.over or not self.queue:
            return None
        head = self.queue[0]
        return head if isinstance(head, Ask) else None

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.over or not isinstance(self.queue[0], Roll | Die):
            raise IllegalAction("no roll is pending")
        head = self.queue[0]
        dice = head.check.dice if isinstance(head, Roll) else head.dice
        return [(DieResult(v), p) for v, p in dice.outcomes()]

    def pending_check(self) -> Check | None:
        if self.over or not isinstance(self.queue[0], Roll):
            return None
        return self.queue[0].check

    def legal_actions(self) -> list[Action]:
        actor = self.current_actor()
        if actor == TERMINAL:
            return []
        if actor == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        ask = self.queue[0]
        assert isinstance(ask, Ask)
        return list(VERBS[ask.verb].choices(self, ask))

    def check_decision(self, action: Action) -> None:
        """Raise IllegalAction with the reason if ``action`` may not be taken now."""
        ask = self.pending_ask()
        if ask is None:
            raise IllegalAction("no decision is pending")
        if not isinstance(action, Decision):
            raise IllegalAction(f"{action} is not a decision")
        if action.verb != ask.verb or action.subject != ask.subject:
            raise IllegalAction(
                f"the referee is waiting for '{ask.verb} {ask.subject} ...' "
                f"({VERBS[ask.verb].help}), not {action}"
            )
        VERBS[ask.verb].check(self, ask, action)

    def check_legal(self, action: Action) -> None:
        """A decision is checked directly: its move choices are too many to list."""
        if self.current_actor() == CHANCE:
            if action not in self.legal_actions():
                raise IllegalAction(f"{action} is not a possible roll")
            return
        self.check_decision(action)

    def explain_illegal(self, action: Action) -> str:
        try:
            self.check_decision(action)
        except IllegalAction as exc:
            return str(exc)
        return f"{action} is legal"

    def apply(self, action: Action) -> None:
        head = self.queue.pop(0)
        if isinstance(head, Roll):
            assert isinstance(action, DieResult)
            event = head.check.resolve(action.value)
            event.update(dict(head.about))
            event["turn"] = self.turn
            event["explain"] = head.check.explain()
            self.roll_effects[len(self.log)] = head.effect
            self.log.append(event)
            ROLL_EFFECTS[head.effect](self, bool(event["success"]), action.value, head.args)
        elif isinstance(head, Die):
            assert isinstance(action, DieResult)
            total = action.value + sum(v for _, v in head.modifiers)
            self.log.emit(
                "die",
                turn=self.turn,
                rule=head.rule,
                purpose=head.purpose,
                dice=str(head.dice),
                roll=action.value,
                modifiers=[{"reason": r, "value": v} for r, v in head.modifiers],
                total=total,
            )
            DIE_EFFECTS[head.effect](self, action.value, head.args)
        else:
            assert isinstance(action, Decision) and isinstance(head, Ask)
            self.log.emit(
                "decision",
                turn=self.turn,
                seat=self.game.seat_name(head.seat),
                text=str(action),
            )
            VERBS[head.verb].apply(self, head, action)
        self._advance()
        visibility.observe(self)

    def returns(self) -> list[float]:
        kills = [float(s.kills) for s in self.forces.sides.values()]
        total = sum(kills)
        return [2 * k - total for k in kills] + [0.0]

    def clone(self) -> GsState:
        memo = {id(self.game): self.game}
        return copy.deepcopy(self, memo)

    # -- double-blind (GS-43) --------------------------------------------------
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see now (the referee and ``None``: everything)."""
        from airwar.games.gunslingers.views import state_view

        return state_view(self, seat)

    def hidden_from(self, seat: int) -> set[str]:
        """The ids of the enemy units the seat's side neither sights nor tracks now, and
        the text of the other side's plotted fire not yet revealed (none for the referee,
        nor once the game is over)."""
        return visibility.hidden_from(self, seat)

    def visible_events(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The events from ``since`` on that ``seat`` may read: all for the referee, for
        ``None`` and once the game is over; for a side, those of its business or seen by
        all, that name no enemy unit it did not know when they happened, nor one hidden
        from it now."""
        return visibility.visible(self, seat, since)

    def decision_visible(self, seat: int | None, actor: int, index: int) -> bool:
        """A side reads its own decisions only, until the game is over; the referee reads all."""
        if seat is None or seat == actor or seat == self.referee:
            return True
        return self.is_terminal()
