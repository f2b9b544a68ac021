"""Bounce Into Action at the terminal: its renderer for the one terminal loop.

An engagement has no decisions, only its file's script and its rolls: the loop
makes each roll, and :class:`BiaRenderer` tells each event as ``airwar bia
engagement`` writes it (each shot with its hit number, its modifiers and its odds
before the roll, BIA-4), then the seed that replays it.
"""

from __future__ import annotations

from typing import Any

from airwar.cli.playing import Renderer
from airwar.core.checks import Check
from airwar.core.text import printable_values
from airwar.games.bia.airdefence import Speed


class BiaRenderer(Renderer):
    """An engagement's explained log; ``quiet``: nothing (the command writes JSON)."""

    def __init__(self, *, quiet: bool = False) -> None:
        self.quiet = quiet

    def tell(self, events: list[dict[str, Any]], *, roll_told: bool = False) -> None:
        if self.quiet:
            return
        for line in render_events(printable_values(events)):
            self.say(line)

    def before_roll(self, check: Check | None, *, open_book: bool) -> bool:
        """Each shot's event gives its odds before the roll: nothing more to tell."""
        return False

    def finished(self) -> None:
        if not self.quiet:
            self.say(f"Seed {self.live.seed}: the same seed replays this engagement exactly.")


def _presence(p: dict[str, Any]) -> str:
    where = f"pass {p['pass']}" if "pass" in p else f"turn {p['umbrella_turns']} in umbrella"
    # the speed of the posture flown this turn (BIA-18)
    speed = f"{Speed(p['speed']).label}, " if "speed" in p else ""
    return f"{p['aircraft']} ({speed}{where}, {p['status']})"


def render_events(events: list[dict[str, Any]]) -> list[str]:
    """Readable lines for an engagement's events."""
    out: list[str] = []
    for e in events:
        kind = e["type"]
        if kind == "engagement":
            out.append(f"{e['title']} ({e['turns']} turns)")
        elif kind == "turn":
            present = [_presence(p) for p in e["present"]]
            out.append("")
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
            out.append("")
            out.append(f"End after turn {e['turn']}: {status}")
            out.append(f"Kills: red {e['kills']['red']}, blue {e['kills']['blue']}")
    return out
