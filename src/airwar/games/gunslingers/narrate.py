"""The event log in words: one readable line per event (the explained log)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Event = dict[str, Any]


def _roll(e: Event) -> str:
    mods = "; ".join(
        f"{m['reason']} {'+' if m['value'] >= 0 else ''}{m['value']}" for m in e["modifiers"]
    )
    mods_text = f" [{mods}]" if mods else ""
    who = e.get("aircraft") or e.get("unit") or ""
    against = f" against {e['against']}" if e.get("against") else ""
    outcome = "success" if e["success"] else "failure"
    head = f"{who}{against}: " if who else ""
    return (
        f"    ROLL {head}{e['name']} ({e['rule']}): {e['target']}-{mods_text}, "
        f"p = {e['p_success']}; rolled {e['roll']} -> {outcome}"
    )


def _die(e: Event) -> str:
    return f"    DIE {e['purpose']} ({e['rule']}): rolled {e['roll']}"


def _initiative(e: Event) -> str:
    mods = ", ".join(f"{m['reason']} {m['value']:+d}" for m in e["modifiers"])
    return (
        f"    {e['aircraft']} ({e['category']}): side roll {e['side_roll']} + [{mods}] "
        f"= {e['number']}"
    )


def _decision(e: Event) -> str:
    return f"  > {e['seat']}: {e['text']}"


def _move(e: Event) -> str:
    return (
        f"    {e['aircraft']} ({e['category']}) moves {e['frm']} -> {e['to']}, heading "
        f"{e['heading']}, altitude {e['altitude']}"
    )


def _outcome(e: Event) -> str:
    return f"    RESULT {e['text']} ({e['rule']})"


def _generic(e: Event) -> str:
    skip = {"type", "seq", "turn"}
    fields = ", ".join(f"{k}={v}" for k, v in e.items() if k not in skip)
    return f"    {e['type'].replace('_', ' ')}: {fields}"


def _operational(e: Event) -> str:
    moves = ", ".join(f"{m['aircraft']} {m['frm']} -> {m['to']}" for m in e["moves"])
    return f"    {e['flight']}'s flight moves at operational scale: {moves} ({e['rule']})"


FORMATS: dict[str, Callable[[Event], str]] = {
    "start": lambda e: f"{e['scenario']}: {', '.join(e['sides'])}, {e['turns']} turns",
    "turn": lambda e: f"=== Turn {e['turn']} ===",
    "phase": lambda e: f"-- {e['phase']} (turn {e['turn']})",
    "step": lambda e: f"  {e['step']}. {e['text']}",
    "roll": _roll,
    "die": _die,
    "initiative": _initiative,
    "decision": _decision,
    "move": _move,
    "outcome": _outcome,
    "note": lambda e: f"    note: {e['text']}",
    "order_of_flight": lambda e: f"    order of flight: {', '.join(e['order'])}",
    "turn_end": lambda e: f"=== end of turn {e['turn']} ===",
    "end": lambda e: f"Game over after turn {e['turn']}: kills {e['kills']}",
    "suppressed": lambda e: f"    {e['unit']} is suppressed and does not {e['what']} ({e['rule']})",
    "preemption": lambda e: (
        f"    pre-emption declared: {e['aircraft']} moves right before {e['before']} "
        f"({e['reason']}, {e['rule']})"
    ),
    "pre_empts": lambda e: (
        f"    {e['aircraft']} pre-empts {e['before']} ({e['reason']}, {e['rule']})"
    ),
    "shootout": lambda e: (
        f"    shoot-out: {e['interceptor']} meets {e['weapon']} on its way to {e['target']} "
        f"({e['rule']})"
    ),
    "barrage_attack": lambda e: (
        f"    {e['unit']}'s barrage fire attacks {e['aircraft']} in {e['hex']} ({e['rule']})"
    ),
    "disengaged": lambda e: (
        f"    {e['aircraft']} disengages at {e['hex']}: {e.get('reason', 'off the map')} "
        f"({e['rule']})"
    ),
    "operational_move": _operational,
}


def describe(event: Event) -> str:
    """One line for an event."""
    return FORMATS.get(event["type"], _generic)(event)
