"""Gunslingers at the terminal: its renderer for the one terminal loop.

``airwar gunslingers play`` (and ``airwar play gunslingers``) run the one loop
(:class:`~airwar.cli.play_loop.PlayLoop`) with :class:`GunslingersRenderer`: the
explained log (each event in the referee's words), every roll explained before it
is made to a terminal that may see it, each seat asked its declaration by name
with the choices (``?``) and the map as it may see it (``map [UNIT] [RADIUS]``),
``auto`` for the automatic player's answer, and the referee's take-back
(``undo``, before the next roll, GS-65).
"""

from __future__ import annotations

import contextlib
from typing import Any

from airwar.cli.playing import Renderer
from airwar.cli.render_hexmap import MAX_RADIUS, MapError, draw
from airwar.core.errors import InvalidNotation
from airwar.core.text import printable_values
from airwar.games.gunslingers.aliases import decision_to_seat
from airwar.games.gunslingers.autoplayer import GunslingersAuto
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.hexgrid import straight_ahead
from airwar.games.gunslingers.narrate import describe
from airwar.games.gunslingers.phases.registry import VERBS
from airwar.games.gunslingers.referee import GsState
from airwar.games.gunslingers.victory import game_result


def told(event: dict[str, Any]) -> str:
    """An event as its line of the explained log, every text the scenario gave in it (an
    id, a name) printed safely: control characters and escape sequences as escapes."""
    return describe(printable_values(event))


def choices_text(state: GsState, limit: int = 24) -> str:
    """The choices of the declaration asked now (``?`` at the prompt)."""
    ask = state.pending_ask()
    if ask is None:
        return ""
    if ask.verb == "move":
        p = state.forces.planes[ask.subject]
        ahead = p.hex.route_to(straight_ahead(p.hex, p.heading, p.speed), p.heading)
        example = ">".join(str(h) for h in ahead) or str(p.hex)
        return (
            f"    write: move {p.id} HEX hHEADING aALTITUDE (now {p.hex} h{p.heading} "
            f"a{p.altitude}; up to {p.speed} hexes, {p.climb} levels)\n"
            f"    HEX flies the default route, straight ahead then turning; or give the path "
            f"hex by hex, each next to the one before, e.g. straight ahead: move {p.id} "
            f"{example} h{p.heading} a{p.altitude} (GS-82)"
        )
    options = VERBS[ask.verb].choices(state, ask)
    shown = [f"    {d}" for d in options[:limit]]
    if len(options) > limit:
        shown.append(f"    ... and {len(options) - limit} more")
    return "\n".join(shown)


class GunslingersRenderer(Renderer):
    """Gunslingers as the referee's console (or one seat's terminal) shows it."""

    command_name = "airwar gunslingers play"

    @property
    def state(self) -> GsState:
        state = self.live.state
        assert isinstance(state, GsState)
        return state

    def tell(self, events: list[dict[str, Any]], *, roll_told: bool = False) -> None:
        for event in events:
            self.say(told(event))

    def turn(self, seat: int) -> None:
        """The declaration is asked at every prompt (:meth:`prompt`)."""

    def prompt(self, seat: int) -> str:
        state = self.state
        ask = state.pending_ask()
        assert ask is not None
        asked = decision_to_seat(state, seat, Decision(ask.verb, ask.subject))  # GS-71
        self.say(f"[{self.live.game.seat_name(seat)}] {VERBS[ask.verb].help}")
        self.say(f"  {asked} ...   ('?' lists choices, 'map' draws the map)")
        return ""

    def command(self, seat: int, words: list[str]) -> bool:
        if words == ["?"]:
            for line in choices_text(self.state).split("\n"):
                self.say(line)
        elif words[0] == "map":
            self.draw_map(words[1:])
        else:
            return False
        return True

    def draw_map(self, words: list[str]) -> None:
        """``map [UNIT] [RADIUS]`` at the prompt: the map as this terminal's seat sees it."""
        unit = words[0] if words else None
        radius = 6
        if len(words) > 1:
            if not words[1].isdigit() or not 1 <= int(words[1]) <= MAX_RADIUS:
                self.say(f"refused: a radius is a whole number from 1 to {MAX_RADIUS}")
                return
            radius = int(words[1])
        try:
            self.say(draw(printable_values(self.loop.view()), unit=unit, radius=radius))
        except MapError as exc:
            self.say(f"refused: {exc}")

    def decision(self, seat: int, line: str) -> list[str]:
        """``auto``: the automatic player's answer. At the referee's console (every
        person here) a side's decision may be typed with the real ids: it goes in as
        the side writes it, with its aliases (GS-71)."""
        state = self.state
        if line == "auto":
            return [str(GunslingersAuto().choose(state, seat))]
        if self.loop.only is None:
            with contextlib.suppress(InvalidNotation):
                return [str(decision_to_seat(state, seat, Decision.parse(line)))]
        return [line]

    def refusal(self, exc: Exception) -> str:
        return self.refused(str(exc))

    def undone(self, seat: int, taken: list[str], mine: list[str]) -> None:
        # the referee took back the last decision a person made, before the next roll
        self.say(f"taken back: {'; '.join(taken)} (the dice stay as they fell)")

    def bot_played(self, seat: int, name: str, action: Any) -> None:
        """The automatic player's answers are told by the log."""

    def waiting(self, seat: int) -> str:
        # the enemy it waits for and the last point it follows, as in the browser (GS-73)
        view = self.loop.view()
        who = self.live.to_act_for(self.loop.viewer) or self.live.game.seat_name(seat)
        return f"waiting for {who}: {view.get('phase')}, step {view.get('step')}"

    def finished(self) -> None:
        # the result is for every seat once the game is over (GS-88)
        self.say(f"the game is over: {game_result(self.state)['text']}")
        self.say(f"the after-action report: airwar gunslingers report {self.live.id}")

    def stopped(self, *, end_of_input: bool) -> None:
        if end_of_input:
            self.say("end of input: the game is saved")
        else:
            self.say(f"saved: resume with --resume {self.live.id}")
