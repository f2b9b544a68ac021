"""The referee: the loop that walks the Expanded Sequence of Play (GS-7) over a game.

The state (:mod:`airwar.games.gunslingers.model.state`) is walked one step at
a time (:data:`~airwar.games.gunslingers.phases.sequence.SEQUENCE`). A step puts tasks on
the queue (see :mod:`airwar.games.gunslingers.model.tasks`); the referee stops at the
first decision or roll and tells the kernel who acts. Seats are one per side
plus the referee (the last seat), who enters results the text does not
resolve (GS-14).
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Sequence
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any

from airwar.core.dice import Roll
from airwar.core.errors import IllegalAction
from airwar.core.game import CHANCE, TERMINAL, Action, Game, GameState
from airwar.games.gunslingers import aliases, knowledge, visibility
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.forces import Forces, build_forces
from airwar.games.gunslingers.model.scenario_schema import Scenario
from airwar.games.gunslingers.model.state import GsModel
from airwar.games.gunslingers.model.tasks import Ask, CheckTask, Die, Do
from airwar.games.gunslingers.phases import sequence
from airwar.games.gunslingers.phases.registry import (
    DIE_EFFECTS,
    DO_EFFECTS,
    ROLL_EFFECTS,
    VERBS,
    choices,
)

if TYPE_CHECKING:
    from airwar.core.checks import Check


class GsState(GsModel, GameState):
    """A Gunslingers game on the kernel: the model (:class:`GsModel`) walked through the
    sequence one step at a time, with the kernel's contract and the double-blind views."""

    def __init__(self, game: Game, scenario: Scenario) -> None:
        forces: Forces = build_forces(scenario)
        fuel = {a.id: a.fuel for a in scenario.aircraft if a.fuel is not None}
        GsModel.__init__(self, game, scenario, forces, fuel)
        self.log.emit(
            "start",
            scenario=scenario.scenario.name,
            sides=list(self.forces.sides),
            turns=self.last_turn,
        )
        self.log.emit("turn", turn=self.turn)
        sequence.begin_turn(self)
        self.log.emit("phase", phase=sequence.SEQUENCE[0].name, turn=self.turn)
        self._advance()
        self.version += 1
        visibility.observe(self)
        aliases.update(self)

    # -- the cursor ----------------------------------------------------------
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
                sequence.begin_turn(self)
            self.log.emit("phase", phase=self.phase.name, turn=self.turn)
        step = self.phase.steps[self.step_index]
        # the log keeps the text's own words (saved games replay to their digest); the
        # corrected words are the narration's (GS-56)
        self.log.emit(
            "step", phase=self.phase.name, step=step.number, text=step.source_text, turn=self.turn
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

    # -- the kernel contract -------------------------------------------------
    def chance_outcomes(self) -> Sequence[tuple[Action, Fraction]]:
        if self.over or not isinstance(self.queue[0], CheckTask | Die):
            raise IllegalAction("no roll is pending")
        head = self.queue[0]
        dice = head.check.dice if isinstance(head, CheckTask) else head.dice
        return dice.rolls()

    def pending_check(self) -> Check | None:
        if self.over or not isinstance(self.queue[0], CheckTask):
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
        return list(aliases.seat_choices(self, ask, partial(choices, self, ask)))

    def check_decision(self, action: Action) -> None:
        """Raise IllegalAction with the reason if ``action`` may not be taken now: the
        referee's check, on the units themselves (a side's aliases are mapped back, GS-71).
        What a seat sends is checked by :meth:`check_legal`, against its knowledge first."""
        ask = self.pending_ask()
        if ask is None:
            raise IllegalAction("no decision is pending")
        if not isinstance(action, Decision):
            raise IllegalAction(f"{action} is not a decision")
        action = aliases.engine_form(self, ask, action)
        if action.verb != ask.verb or action.subject != ask.subject:
            raise IllegalAction(
                f"the referee is waiting for '{ask.verb} {ask.subject} ...' "
                f"({VERBS[ask.verb].help}), not {action}"
            )
        VERBS[ask.verb].check(self, ask, action)

    def check_seat_decision(self, action: Action) -> None:
        """Check a decision as its seat sent it: a side's names first (a unit it does not
        know is refused in the same words whatever it is, GS-72), then the referee's
        check, its reason written as the side reads it (GS-71)."""
        ask = self.pending_ask()
        if ask is None or not isinstance(action, Decision):
            self.check_decision(action)
            return
        engine = aliases.from_seat(self, ask, action)
        try:
            self.check_decision(engine)
        except IllegalAction as exc:
            raise IllegalAction(str(aliases.to_seat(self, ask.seat, str(exc)))) from None

    def check_legal(self, action: Action) -> None:
        """A decision is checked directly: its move choices are too many to list."""
        if self.current_actor() == CHANCE:
            if action not in self.legal_actions():
                raise IllegalAction(f"{action} is not a possible roll")
            return
        self.check_seat_decision(action)

    def explain_illegal(self, action: Action) -> str:
        try:
            self.check_seat_decision(action)
        except IllegalAction as exc:
            return str(exc)
        return f"{action} is legal"

    def apply(self, action: Action) -> None:
        self.version += 1  # what each side knows is worked out afresh (knowledge.knowledge)
        head = self.queue.pop(0)
        if isinstance(head, CheckTask):
            assert isinstance(action, Roll)
            event = head.check.resolve(action.value)
            event.update(dict(head.about))
            event["turn"] = self.turn
            event["explain"] = head.check.explain()
            self.roll_effects[len(self.log)] = head.effect
            self.log.append(event)
            ROLL_EFFECTS[head.effect](self, bool(event["success"]), action.value, head.args)
        elif isinstance(head, Die):
            assert isinstance(action, Roll)
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
            reason = action.reason
            action = aliases.engine_form(self, head, action)
            # a bot's reason stays in the decision's event, read by its own side and the
            # referee while the game runs (GS-91)
            self.log.emit(
                "decision",
                turn=self.turn,
                seat=self.game.seat_name(head.seat),
                text=action.choice,
                **({"reason": reason} if reason else {}),
            )
            VERBS[head.verb].apply(self, head, action)
        self._advance()
        self.version += 1
        visibility.observe(self)
        aliases.update(self)

    def returns(self) -> list[float]:
        kills = [float(s.kills) for s in self.forces.sides.values()]
        total = sum(kills)
        return [2 * k - total for k in kills] + [0.0]

    def clone(self) -> GsState:
        # the game and its scenario are shared, never copied: no state changes them
        memo: dict[int, Any] = {id(self.game): self.game, id(self.scenario): self.scenario}
        return copy.deepcopy(self, memo)

    # -- double-blind (GS-43) --------------------------------------------------
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see now (the referee and ``None``: everything)."""
        from airwar.games.gunslingers.views import state_view

        return state_view(self, seat)

    def seat_choices(self) -> list[Decision]:
        """The legal decisions of the seat to decide, as that seat writes them (GS-71)."""
        ask = self.pending_ask()
        return [] if ask is None else aliases.seat_choices(self, ask, partial(choices, self, ask))

    def hidden_from(self, seat: int) -> set[str]:
        """The ids of the enemy units the seat's side neither sights nor tracks now, and
        the text of the other side's plotted fire not yet revealed (none for the referee,
        nor once the game is over)."""
        return knowledge.hidden_from(self, seat)

    def visible_events(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The events from ``since`` on that ``seat`` may read: all for the referee, for
        ``None`` and once the game is over; for a side, those of its business or seen by
        all, that name no enemy unit it did not know when they happened, nor one hidden
        from it now, up to the last point of the sequence it follows (GS-73), numbered by
        its own count (:func:`~.visibility.visible_to`). Each turn's end is followed by
        that reader's summary of the turn (:func:`turn_summaries`, GS-57), made from those
        events alone."""
        return self.visible_events_of([seat], since)

    def visible_events_of(
        self, seats: Collection[int | None], since: int = 0
    ) -> list[dict[str, Any]]:
        """The events from ``since`` on that the seats read together at one table may read
        (see :meth:`visible_events`), numbered by their common count."""
        seats = list(seats)
        sides = {knowledge.side_of_seat(self, s) for s in seats}
        side = next(iter(sides)) if len(sides) == 1 else None
        # one side reads the enemy under its own labels (GS-71); sides read together, or
        # the referee, read the real ids
        named_by = seats[0] if len(sides) == 1 and seats else None
        events = aliases.to_seat(self, named_by, visibility.visible_to(self, seats, since))
        ends = [e["seq"] for e in events if e.get("type") == "turn_end"]
        if not ends:
            return events
        whole = (
            events
            if since <= 0
            else aliases.to_seat(self, named_by, visibility.visible_to(self, seats, 0))
        )
        summaries = {s["seq"]: s for s in turn_summaries(whole, side) if s["seq"] - 0.5 in ends}
        out: list[dict[str, Any]] = []
        for e in events:
            out.append(e)
            extra = summaries.get(e["seq"] + 0.5) if e.get("type") == "turn_end" else None
            if extra is not None:
                out.append(extra)
        return out

    def log_count(self, seats: Collection[int | None]) -> int:
        """The count of events the seats may read now, in the numbering of
        :meth:`visible_events_of`: it stands still while the enemy decides in secret (GS-73)."""
        return visibility.count_for(self, seats)

    def decision_visible(self, seat: int | None, actor: int, index: int) -> bool:
        """A side reads its own decisions only, until the game is over; the referee reads all."""
        if seat is None or seat == actor or seat == self.referee:
            return True
        return self.is_terminal()


# -- the summary that closes each turn (GS-57) -------------------------------------------

_STATUS_WORDS = {"departs": "departed", "+departed": "departed", "+stalled": "stalled",
                 "+stalled_vertical": "stalled in a vertical climb", "+gloc": "GLOC",
                 "+disoriented": "disoriented"}  # fmt: skip
"""The status changes a summary reports (stalls, departures, GLOC)."""

_LAUNCH_WORDS = {"aam": "air-to-air", "sam": "SAM", "arm": "anti-radiation", "a2g": "air-to-ground"}


def _listed(ids: list[str]) -> str:
    return ", ".join(ids) if ids else "none"


def turn_summaries(events: list[dict[str, Any]], side: str | None) -> list[dict[str, Any]]:
    """A summary of each turn ended in ``events``, as the reader of those events knows it
    (``side``: the reader's side, ``None`` for the referee), placed right after the turn's
    end (its ``seq`` is the end's plus one half; it is never part of the log or a record).

    It counts only what the events say: kills this turn and in all per side, the reader's
    losses, aircraft disengaged, stalls, departures and GLOC, missiles fired by kind, units
    suppressed and ground units destroyed. A side reads only its own events and those seen
    by all that name no unit hidden from it, so its summary tells it nothing more (GS-43).
    """
    out: list[dict[str, Any]] = []
    totals: dict[str, int] = {}
    turn: dict[str, Any] = {}

    def fresh() -> dict[str, Any]:
        return {"kills": {}, "lost": [], "disengaged": [], "stalls": [], "launches": {},
                "suppressed": [], "destroyed": [], "victims": set()}  # fmt: skip

    turn = fresh()
    for e in events:
        t = e.get("type")
        if t == "turn":
            turn = fresh()
        elif t == "kill":
            who = str(e.get("side"))
            turn["kills"][who] = turn["kills"].get(who, 0) + 1
            totals[who] = totals.get(who, 0) + 1
            turn["victims"].add(str(e.get("victim")))
            if side is not None and who != side:
                turn["lost"].append(str(e.get("victim")))
            elif side is None:
                turn["lost"].append(f"{e.get('victim')} (to {who})")
        elif t == "destroyed":
            turn["destroyed"].append(str(e.get("unit")))
        elif t == "disengaged":
            turn["disengaged"].append(str(e.get("aircraft")))
        elif t == "status" and str(e.get("text")) in _STATUS_WORDS:
            turn["stalls"].append(f"{e.get('aircraft')} {_STATUS_WORDS[str(e.get('text'))]}")
        elif t == "launch":
            kind = _LAUNCH_WORDS.get(str(e.get("kind")), "other")
            turn["launches"][kind] = turn["launches"].get(kind, 0) + 1
        elif t == "marker" and e.get("action") == "place" and e.get("kind") == "suppression":
            turn["suppressed"].append(str(e.get("unit")))
        elif t == "turn_end":
            out.append(_summary(e, side, turn, dict(totals)))
    return out


def _summary(
    end: dict[str, Any], side: str | None, turn: dict[str, Any], totals: dict[str, int]
) -> dict[str, Any]:
    kills = turn["kills"]
    sides = sorted(set(kills) | set(totals))
    score = "; ".join(f"{s} {kills.get(s, 0)} this turn, {totals.get(s, 0)} in all" for s in sides)
    ground = [u for u in turn["destroyed"] if u not in turn["victims"]]
    fired = ", ".join(f"{n} {k}" for k, n in sorted(turn["launches"].items()))
    parts = [
        f"Kills: {score}." if score else "No kills yet.",
        f"{'Our losses' if side else 'Losses'}: {_listed(turn['lost'])}.",
        f"Disengaged: {_listed(turn['disengaged'])}.",
        f"Stalls, departures and GLOC: {_listed(turn['stalls'])}.",
        f"Missiles fired: {fired or 'none'}.",
        f"Suppressed: {_listed(turn['suppressed'])}.",
    ]
    if ground:
        parts.append(f"Ground units destroyed: {_listed(ground)}.")
    return {
        "type": "turn_summary",
        "turn": end.get("turn"),
        "seq": end["seq"] + 0.5,
        "side": side,
        "kills": dict(kills),
        "kills_total": totals,
        "lost": list(turn["lost"]),
        "disengaged": list(turn["disengaged"]),
        "stalls": list(turn["stalls"]),
        "launches": dict(turn["launches"]),
        "suppressed": list(turn["suppressed"]),
        "destroyed": ground,
        "text": " ".join(parts),
        "rule": "GS-57",
    }
