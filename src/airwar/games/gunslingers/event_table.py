"""Every kind of event Gunslingers logs, in one table: who may read it, and its line.

As boardgame.io's moves declare how their state is redacted, each kind here
declares its audience (:class:`Audience`: whose business it is while the game
runs, GS-43) and its sentence in the log (what :func:`.narrate.describe`
writes). :mod:`.visibility` works out the sides of each audience (dropping a
side the event names a hidden enemy unit to), :mod:`.narrate` writes the
lines; a kind the game logs that is missing here fails the tests
(``tests/games/gunslingers/test_event_table.py``), where before it fell
silently to the referee alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from airwar.games.gunslingers import sentences as say
from airwar.games.gunslingers.phases.sequence import corrected
from airwar.games.gunslingers.wording import Event, cite


class Audience(Enum):
    """Whose business an event is while the game runs (GS-43). Every side of an audience
    reads the event only if it names no enemy unit hidden from that side at that moment;
    the referee reads every event, and everyone reads everything once the game is over."""

    EVERYONE = "everyone"
    """What anyone at the table sees: the turn, phase and step, the start and the end,
    moves, launches, attacks, results, markers, the order of flight worked out in the
    open (GS-11, GS-12), pre-emptions and fire in the open (GS-51..GS-53)."""
    SEAT = "seat"
    """The side of the seat that made the decision (``seat``)."""
    AIRCRAFT = "aircraft"
    """The side of the event's ``aircraft``: its declarations, its crew and
    countermeasure numbers, its statuses and logs, its radar search (silent)."""
    SIDE = "side"
    """The event's ``side``: what it sighted, and its secret plotted fire."""
    UNIT = "unit"
    """The side of the event's ``unit``: its radars on and off, its SAM units' lost
    lock-ons and reloads, its units held by suppression (GS-38)."""
    SAM = "sam"
    """The side of the event's ``sam``: a passdown to one of its SAM units."""
    LAUNCHER = "launcher"
    """The side of the unit that failed to launch (``by``, else ``unit``)."""
    LOCK_ON = "lock_on"
    """The SAM unit's side, and the target's when the SAM is radar-guided (the target's
    radar warning receiver knows the lock)."""
    LOCK_BROKEN = "lock_broken"
    """A SAM unit's lock-on broken by the target's countermeasures: both sides; an
    aircraft's own lock-on broken: the aircraft's side."""
    NOTE = "note"
    """The side of the note's ``aircraft`` (else ``unit``); every side when it names none."""
    SIGHT_LINE = "sight_line"
    """A clear line of sight: every side; a blocked one: the referee alone."""
    OUTCOME = "outcome"
    """A result about an aircraft's own condition (:data:`OWN_STATUS_OUTCOMES`): its
    side; any other result: every side."""
    ROLL = "roll"
    """The roll of a result to be decided: as that result; a roll both sides take part
    in (:data:`SHARED_ROLLS`): both; any other: the side of its ``aircraft`` (else
    ``unit``)."""
    READER = "reader"
    """Made for one reader, never logged: the side it is written for (``side``)."""


OWN_STATUS_OUTCOMES = frozenset({"progressive_damage", "gloc_recovery", "damage_control"})
"""Outcomes about an aircraft's own condition: only its side learns of them."""

SHARED_ROLLS = frozenset({"sam_lock_broken"})
"""Rolls both sides take part in: a radar SAM's lock-on broken by the target's
countermeasures (the target's radar warning receiver knows the lock)."""


@dataclass(frozen=True)
class EventKind:
    """One kind of event: its audience and its line in the log."""

    audience: Audience
    line: Callable[[Event], str]


EVENTS: dict[str, EventKind] = {
    "start": EventKind(
        Audience.EVERYONE, lambda e: f"{e['scenario']}: {', '.join(e['sides'])}, {e['turns']} turns"
    ),
    "turn": EventKind(Audience.EVERYONE, lambda e: f"=== Turn {e['turn']} ==="),
    "phase": EventKind(Audience.EVERYONE, lambda e: f"-- {e['phase']} (turn {e['turn']})"),
    "step": EventKind(Audience.EVERYONE, lambda e: f"  {e['step']}. {corrected(str(e['text']))}"),
    "roll": EventKind(Audience.ROLL, say.roll),
    "die": EventKind(Audience.EVERYONE, say.die),
    "initiative": EventKind(Audience.AIRCRAFT, say.initiative),
    "decision": EventKind(Audience.SEAT, say.decision),
    "move": EventKind(Audience.EVERYONE, say.move),
    "outcome": EventKind(Audience.OUTCOME, say.outcome),
    "outcome_pending": EventKind(Audience.OUTCOME, say.outcome_pending),
    "note": EventKind(Audience.NOTE, say.note),
    "order_of_flight": EventKind(
        Audience.EVERYONE, lambda e: f"    order of flight: {', '.join(e['order'])}{cite(e)}"
    ),
    "turn_end": EventKind(Audience.EVERYONE, lambda e: f"=== end of turn {e['turn']} ==="),
    "turn_summary": EventKind(Audience.READER, say.turn_summary),
    "end": EventKind(Audience.EVERYONE, say.end),
    "suppressed": EventKind(Audience.UNIT, say.suppressed),
    "preemption": EventKind(
        Audience.EVERYONE,
        lambda e: (
            f"    pre-emption declared: {e['aircraft']} moves right before {e['before']} "
            f"({e['reason']}, {e['rule']})"
        ),
    ),
    "pre_empts": EventKind(
        Audience.EVERYONE,
        lambda e: f"    {e['aircraft']} pre-empts {e['before']} ({e['reason']}, {e['rule']})",
    ),
    "shootout": EventKind(
        Audience.EVERYONE,
        lambda e: (
            f"    shoot-out: {e['interceptor']} meets {e['weapon']} on its way to {e['target']} "
            f"({e['rule']})"
        ),
    ),
    "barrage_attack": EventKind(
        Audience.EVERYONE,
        lambda e: (
            f"    {e['unit']}'s barrage fire attacks {e['aircraft']} in {e['hex']} ({e['rule']})"
        ),
    ),
    "disengaged": EventKind(Audience.EVERYONE, say.disengaged),
    "operational_move": EventKind(Audience.EVERYONE, say.operational),
    "kill": EventKind(Audience.EVERYONE, say.kill),
    "destroyed": EventKind(Audience.EVERYONE, say.destroyed),
    "launch": EventKind(Audience.EVERYONE, say.launch),
    "launch_failed": EventKind(Audience.LAUNCHER, say.launch_failed),
    "launch_prerequisites": EventKind(Audience.AIRCRAFT, say.launch_prerequisites),
    "sighted": EventKind(Audience.SIDE, say.sighted),
    "identified": EventKind(Audience.SIDE, say.identified),
    "unsighted": EventKind(Audience.SIDE, say.unsighted),
    "declare": EventKind(Audience.AIRCRAFT, say.declare),
    "dds": EventKind(Audience.AIRCRAFT, say.dds),
    "contact": EventKind(Audience.AIRCRAFT, say.contact),
    "contact_lost": EventKind(Audience.AIRCRAFT, say.contact_lost),
    "contacts_dropped": EventKind(Audience.AIRCRAFT, say.contacts_dropped),
    "radar_candidates": EventKind(Audience.AIRCRAFT, say.radar_candidates),
    "radar_lock": EventKind(Audience.AIRCRAFT, say.radar_lock),
    "lock_on": EventKind(Audience.LOCK_ON, say.lock_on),
    "lock_lost": EventKind(Audience.UNIT, say.lock_lost),
    "lock_broken": EventKind(Audience.LOCK_BROKEN, say.lock_broken),
    "jammed": EventKind(Audience.EVERYONE, say.jammed),
    "radar": EventKind(Audience.UNIT, say.radar),
    "passdown": EventKind(Audience.SAM, say.passdown),
    "marker": EventKind(Audience.EVERYONE, say.marker),
    "plotted_fire": EventKind(Audience.SIDE, say.plotted_fire),
    "plot_revealed": EventKind(Audience.EVERYONE, say.plot_revealed),
    "status": EventKind(Audience.AIRCRAFT, say.status),
    "aircraft_log": EventKind(Audience.AIRCRAFT, say.aircraft_log),
    "attack": EventKind(Audience.EVERYONE, say.attack),
    "weapon_move": EventKind(Audience.EVERYONE, say.weapon_move),
    "weapon_removed": EventKind(Audience.EVERYONE, say.weapon_removed),
    "reload": EventKind(Audience.UNIT, say.reload),
    "ground_move": EventKind(Audience.EVERYONE, say.ground_move),
    "line_of_sight": EventKind(Audience.SIGHT_LINE, say.line_of_sight),
    "advantage": EventKind(Audience.EVERYONE, say.advantage),
}
"""Every kind of event the game logs (and ``turn_summary``, made per reader), by name."""
