"""MiGs and Sabres events in words: the log lines of every interface.

The game narrates its own events (:meth:`MigsGame.narrate`): the terminal prints
these lines and the browser shows them (the session adds each event's ``line``).
A line names the aircraft type (and pilot) of the plane it is about: the
:class:`Narrator` remembers the planes of the current engagement, and a single
event is told with the planes read from the state's log before it
(:func:`narrate`), so the log itself carries no names twice. A roll is told
before it is made (dice, the number needed, each modifier with its rule, the
exact odds) and after (the roll and the result); rolls that cannot fail
(movement points, the marker, a pilot pick) are told as what they decide.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from airwar.core.checks import Check
from airwar.core.game import GameState
from airwar.core.roll_words import check_from_event, describe_event, explain_before
from airwar.games.migs_sabres.sortie import CHART_SQUARES
from airwar.games.migs_sabres.terms import EndReason

Event = Mapping[str, Any]


def side_name(side: object) -> str:
    return str(side).title() if side else "nobody"


def scores_text(scores: Mapping[str, Any] | None) -> str:
    if not scores:
        return ""
    return f"Communist {scores.get('communist', 0)} - Allied {scores.get('allied', 0)}"


def before_text(check: Check) -> str:
    """The roll told before it is made (a roll that cannot fail says what it decides)."""
    if check.probability() == 1:
        mods = "".join(
            f" {'+' if m.value >= 0 else '-'} {abs(m.value)} ({m.reason}, {m.rule})"
            for m in check.modifiers
        )
        return f"{check.name} ({check.rule}): roll {check.dice}{mods}"
    return explain_before(check)


class Narrator:
    """Stateful: feed it every event in order (:meth:`lines`)."""

    def __init__(self) -> None:
        self.planes: dict[str, dict[str, Any]] = {}

    # -- names -------------------------------------------------------------
    def plane(self, role: object) -> str:
        p = self.planes.get(str(role))
        if p is None:
            return f"the {role} plane"
        pilot = p.get("pilot")
        ace = ", ace" if p.get("ace") else ""
        return f"{p['type']} ({pilot}{ace})" if pilot else str(p["type"])

    def short(self, role: object) -> str:
        p = self.planes.get(str(role))
        return str(p["type"]) if p else f"the {role} plane"

    # -- rolls -------------------------------------------------------------
    def roll_before(self, event: Event) -> str:
        return before_text(check_from_event(event))

    def roll_after(self, event: Event) -> str:
        """The result line of a roll event."""
        roll = event.get("roll")
        if "mp" in event:
            return f"  rolled {roll}: {self.short(event.get('plane'))} has {event['mp']} MP"
        if "frm" in event and "to" in event:
            to = event.get("to")
            where = "past the last square" if to is None else f"to square {to}"
            return f"  rolled {roll}: the marker moves from square {event['frm']} {where}"
        if "pilot" in event:
            return f"  rolled {roll}: pilot {event.get('number')}, {event['pilot']}"
        if "sorties_per_side" in event:
            return f"  rolled {roll}: {event['sorties_per_side']} sorties per side"
        if event.get("die") == "red":
            return f"  red die: {roll}"
        if event.get("die") == "blue":
            red = event.get("red")
            if event.get("tie"):
                return f"  blue die: {roll} against red {red}: a tie, roll again"
            winner = "blue (Allied)" if event.get("success") else "red (Communist)"
            return f"  blue die: {roll} against red {red}: {winner} is higher"
        verdict = "KILL" if event.get("success") else "miss"
        if "aspect" in event:
            return f"  rolled {roll}: {verdict}"
        return f"  rolled {roll}: {'success' if event.get('success') else 'failure'}"

    # -- events ------------------------------------------------------------
    def lines(self, event: Event, *, with_roll_before: bool = True) -> list[str]:
        """The lines telling ``event`` (a roll: before and after, unless told otherwise)."""
        kind = event.get("type")
        if kind == "roll" and "dice" in event:
            after = self.roll_after(event)
            return [self.roll_before(event), after] if with_roll_before else [after]
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            return describe_event(event)
        out: list[str] = handler(event)
        return out

    def _on_game_start(self, e: Event) -> list[str]:
        opts = e.get("options") or {}
        shown = ", ".join(f"{k}={v}" for k, v in opts.items() if v not in ("", None))
        return [f"New game of MiGs and Sabres ({shown})"]

    def _on_sortie_chart(self, e: Event) -> list[str]:
        return [f"The Sortie Chart is drawn (MS-2): {e.get('text', '')}"]

    def _on_reroll(self, e: Event) -> list[str]:
        return [f"  {e.get('reason', 'a tie')}: both dice are rolled again ({e.get('rule', '')})"]

    def _on_first_side(self, e: Event) -> list[str]:
        return [f"The {side_name(e.get('side'))} squadron flies the first sortie (III.A, MS-3)."]

    def _on_sortie_start(self, e: Event) -> list[str]:
        return [
            "",
            f"=== {side_name(e.get('side'))} sortie {e.get('sortie')} of {e.get('of')} ===",
        ]

    def _on_marker_move(self, e: Event) -> list[str]:
        to = e.get("to")
        side = side_name(e.get("side"))
        if to is None:
            return [
                f"The {side} marker moves from square {e.get('frm')} past the last square "
                f"({CHART_SQUARES}): the sortie is over (MS-3)."
            ]
        listed = e.get("listed")
        result = e.get("result")
        if result == "engagement":
            return [f"Square {to} lists an enemy {listed}: ENGAGEMENT (III.A, MS-4)."]
        if result == "friendly":
            return [f"Square {to} lists a friendly {listed}: nothing happens."]
        return [f"Square {to} is empty: nothing happens."]

    def _on_engagement_start(self, e: Event) -> list[str]:
        self.planes = {
            "active": dict(e.get("active") or {}),
            "listed": dict(e.get("listed") or {}),
        }
        a, b = self.planes["active"], self.planes["listed"]
        number = f" {e['number']}" if "number" in e else ""
        return [
            "",
            f"--- Engagement{number}: {self.plane('active')} ({side_name(a.get('side'))}, "
            f"{a.get('square')}) against {self.plane('listed')} "
            f"({side_name(b.get('side'))}, {b.get('square')}) ---",
        ]

    def _on_first_mover(self, e: Event) -> list[str]:
        return [f"The {self.plane(e.get('plane'))} moves first (MS-5)."]

    def _on_movement_turn(self, e: Event) -> list[str]:
        return [f"Movement turn {e.get('turn')} of the {self.plane(e.get('plane'))}."]

    def _track(self, role: object, square: object, facing: object) -> None:
        p = self.planes.get(str(role))
        if p is not None:
            p["square"], p["facing"] = square, facing

    def _on_step(self, e: Event) -> list[str]:
        self._track(e.get("plane"), e.get("square"), e.get("facing"))
        return [
            f"  {self.short(e.get('plane'))} {e.get('step')}: {e.get('frm')} -> "
            f"{e.get('square')} facing {e.get('facing')} ({e.get('cost')} MP, "
            f"{e.get('mp_left')} left)"
        ]

    def _on_move_end(self, e: Event) -> list[str]:
        lost = e.get("mp_lost") or 0
        lost_text = f", {lost} MP lost" if lost else ""
        return [
            f"  The {self.short(e.get('plane'))}'s move ends at {e.get('square')} facing "
            f"{e.get('facing')} ({e.get('reason')}{lost_text})."
        ]

    def _on_turn_lost(self, e: Event) -> list[str]:
        return [
            f"  The {self.short(e.get('plane'))} at {e.get('square')} facing {e.get('facing')} "
            f"has no legal first step and loses its movement turn (MS-8)."
        ]

    def _on_fire(self, e: Event) -> list[str]:
        what = "returns fire" if e.get("return_fire") else "fires"
        lost = e.get("mp_discarded") or 0
        lost_text = f" ({lost} MP discarded)" if lost else ""
        return [
            f"  The {self.plane(e.get('plane'))} {what} from {e.get('square')} at the target in "
            f"{e.get('target_square')} facing {e.get('target_facing')}: attack from the "
            f"{e.get('aspect')}{lost_text} ({e.get('rule')})."
        ]

    def _on_hold_fire(self, e: Event) -> list[str]:
        if e.get("return_fire"):
            return [f"  The {self.short(e.get('plane'))} holds its return fire (III.G)."]
        return [f"  The {self.short(e.get('plane'))} holds its fire ({e.get('rule')})."]

    def _on_miss(self, e: Event) -> list[str]:
        extra = ""
        if e.get("aspect") == "front":
            extra = " A missed head-on attack: the target may return fire (III.G)."
        return [f"  The {self.short(e.get('attacker'))} misses.{extra}"]

    def _on_kill(self, e: Event) -> list[str]:
        return [
            f"  *** The {self.plane(e.get('attacker'))} shoots down the "
            f"{self.plane(e.get('target'))}! ({side_name(e.get('attacker_side'))} kill) ***"
        ]

    def _on_engagement_end(self, e: Event) -> list[str]:
        reasons: dict[str, str] = {
            EndReason.SHOT_DOWN: "a plane was shot down",
            EndReason.BOTH_FIRED: "both planes have fired",
            EndReason.TURN_LIMIT: "the turn limit was reached: both disengage (MS-11)",
        }
        reason = str(e.get("reason"))
        return [f"The engagement ends: {reasons.get(reason, reason)}."]

    def _on_score(self, e: Event) -> list[str]:
        return [
            f"{side_name(e.get('side'))} scores {e.get('points')} for the {e.get('shot_down')} "
            f"({e.get('rule')}). Score: {scores_text(e.get('scores'))}."
        ]

    def _on_chart_square_cleared(self, e: Event) -> list[str]:
        return [
            f"The {e.get('shot_down')} is struck from square {e.get('square')} of the "
            f"Sortie Chart ({e.get('rule')})."
        ]

    def _on_ace(self, e: Event) -> list[str]:
        return [f"{e.get('pilot')} has {e.get('kills')} kills and becomes an ACE (IV.C, MS-14)."]

    def _on_pilot_replaced(self, e: Event) -> list[str]:
        return [
            f"{side_name(e.get('side'))} pilot {e.get('number')}, {e.get('lost')}, is lost; "
            f"{e.get('replacement')} takes his place (IV.C, MS-14)."
        ]

    def _on_sortie_end(self, e: Event) -> list[str]:
        return [
            f"The {side_name(e.get('side'))} sortie {e.get('sortie')} ends ({e.get('reason')}). "
            f"Score: {scores_text(e.get('scores'))}."
        ]

    def _on_game_end(self, e: Event) -> list[str]:
        winner = e.get("winner")
        verdict = f"{side_name(winner)} wins" if winner else "a draw"
        if "scores" in e:
            return ["", f"GAME OVER: {verdict}. Final score: {scores_text(e.get('scores'))}."]
        return ["", f"GAME OVER: {verdict} ({e.get('reason')})."]


def engagement_planes(state: GameState, seq: int) -> dict[str, dict[str, Any]]:
    """The planes of the engagement that event ``seq`` of ``state``'s log belongs to
    (as its ``engagement_start`` gave them; none before the first engagement)."""
    log = state.log
    for i in range(min(seq, len(log)) - 1, -1, -1):
        ev = log[i]
        if ev.get("type") == "engagement_start":
            return {"active": dict(ev.get("active") or {}), "listed": dict(ev.get("listed") or {})}
    return {}


def narrate(event: Event, state: GameState | None = None) -> str | None:
    """``event`` in words, its lines joined (the blank lines that space the terminal's
    log dropped); the planes are read from ``state``'s log before the event."""
    teller = Narrator()
    if state is not None and event.get("type") != "engagement_start":
        teller.planes = engagement_planes(state, int(event.get("seq", len(state.log))))
    text = "\n".join(line for line in teller.lines(event) if line.strip())
    return text or None
