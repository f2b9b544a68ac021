"""Bounce Into Action's log lines: each event of an engagement in words, the one source
the terminal (``airwar bia engagement``, ``airwar play``) and any other reader print.

A shot is told with its hit number, its modifiers with their rule ids and its odds
before the roll (BIA-4); a line of several rows joins them with a newline.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from airwar.games.bia.airdefence import Speed

SPACED = frozenset({"turn", "end"})
"""The events a terminal sets apart with a blank line before them (a new turn, the end)."""


def _presence(p: Mapping[str, Any]) -> str:
    where = f"pass {p['pass']}" if "pass" in p else f"turn {p['umbrella_turns']} in umbrella"
    # the speed of the posture flown this turn (BIA-18)
    speed = f"{Speed(p['speed']).label}, " if "speed" in p else ""
    return f"{p['aircraft']} ({speed}{where}, {p['status']})"


def rows(e: Mapping[str, Any]) -> list[str]:
    """The rows of one event's line, as a player reads them (none: an event no line tells)."""
    out: list[str] = []
    kind = e["type"]
    if kind == "engagement":
        out.append(f"{e['title']} ({e['turns']} turns)")
    elif kind == "turn":
        present = [_presence(p) for p in e["present"]]
        out.append(f"Turn {e['turn']}: in the AD umbrella: {', '.join(present) or 'none'}")
    elif kind == "roll_off":
        out.append(
            f"  Roll-off (BIA-5): {e['unit']} rolls {e['roll']} on {e['dice']} "
            f"(tied with {', '.join(e['tied_with'])})"
        )
    elif kind == "firing_order":
        out.append(f"  Firing order ({e['rule']}): {', '.join(e['order'])}")
    elif kind == "holds_fire":
        out.append(f"  {e['unit']} holds fire: {e['reason']}")
    elif kind == "roll":
        mods = "; ".join(f"{m['reason']} {m['value']:+d} ({m['rule']})" for m in e["modifiers"])
        out.append(f"  {e['firer']} fires {e['system_name']} ({e['dice']}) at {e['target']}")
        out.append(f"    hit number {e['hit_number']} = {mods}")
        for note in e["notes"]:
            out.append(f"    note: {note}")
        out.append(
            f"    to hit: {e['need']}; odds before the roll: shot down {e['p_shot_down']}, "
            f"damaged {e['p_damaged']}, miss {e['p_miss']} (BIA-4)"
        )
        out.append(f"    rolled {e['roll']}: {e['effect']}; {e['target']} is now {e['status']}")
    elif kind == "end":
        status = ", ".join(f"{k} {v}" for k, v in e["aircraft"].items())
        out.append(f"End after turn {e['turn']}: {status}")
        out.append(f"Kills: red {e['kills']['red']}, blue {e['kills']['blue']}")
    return out


def narrate(event: Mapping[str, Any]) -> str | None:
    """The event's line (its rows joined by a newline), or None: no line tells it."""
    return "\n".join(rows(event)) or None
