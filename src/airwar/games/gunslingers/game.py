"""The Gunslingers game on the kernel: options, seats, actions.

The scenario is an option, as a file path (``scenario``) or as its parsed
content (``scenario_data``), so that a saved record carries the whole
scenario and replays without the file. Seats: one per side, in the
scenario's order, and the referee last (GS-14 results).
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from airwar.core.errors import IllegalAction, OptionError
from airwar.core.game import Action, Game, GameState, GameType
from airwar.core.options import Parameter
from airwar.core.registry import register_game
from airwar.games.examples import GUNSLINGERS, as_path, example_files
from airwar.games.gunslingers.autoplayer import GunslingersAuto
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.fields import MAX_TURNS
from airwar.games.gunslingers.model.scenario import (
    load_scenario,
    parse_scenario,
    read_scenario_data,
)
from airwar.games.gunslingers.model.scenario_schema import Scenario, ScenarioError
from airwar.games.gunslingers.narrate import describe
from airwar.games.gunslingers.referee import GsState
from airwar.games.gunslingers.victory import game_result

PERSON_VERBS = frozenset({"result"})
"""The referee's decisions the text leaves to a person (GS-14): an automatic referee
seat with a person behind it (``assist:``) asks the person only for these (GS-66)."""

DEFAULT_SCENARIO = as_path(resources.files("airwar.games.gunslingers") / "default_scenario.toml")

REFEREE = "referee"


@register_game
class GunslingersGame(Game):
    """A Gunslingers scenario refereed by the Expanded Sequence of Play."""

    name = "gunslingers"
    title = "Gunslingers: Expanded Sequence of Play"
    seat_names = ("side 1", "side 2", REFEREE)
    game_type = GameType(
        information="imperfect",
        chance=True,
        undo=False,
        setup="scenario",
        referee=REFEREE,
        assistant=GunslingersAuto.name,
        terminal="airwar.cli.gunslingers_terminal:GunslingersRenderer",
        web="airwar.web.gunslingers:PARTS",
    )
    """Double-blind (GS-43): each side sees only its view and its visible events. No
    take-backs against the AI: a move taken back after its sighting results were seen
    would be a cheat; the referee seat alone takes back a seat's last decision, and only
    before the next roll (GS-65). The referee seat is by default the automatic player
    alone, which rolls every result a table gives and enters the others itself (GS-70);
    a person referees only by choice. A new game needs a scenario, chosen on its own page."""
    rule_changes = (
        "GS-76 guns, rockets, strafing and bombs need a target the attacking side sights",
        "GS-77 a passdown counts the target's own BJM, not an escort's (passdown modifier d)",
        "GS-78 ground radars and SAM units track only aircraft they have a line of sight to",
        "GS-79 a SAM unit whose radar is jammed this turn does not launch at its lock-on",
        "GS-80 an aircraft any enemy radar tracks is radar detected",
        "GS-81 the aircraft guiding an air-to-ground weapon moves at Flight step 7",
        "GS-82 a move flies a path and barrage fire attacks what flies through its zone",
        "GS-83 the altitude changes evenly along a move's path",
        "GS-84 pre-emptions are asked for as each aircraft comes to move",
    )
    """Rulings that changed play since games were first saved (a record from before may
    no longer replay; the refusal names them)."""
    parameters = (
        Parameter(
            "scenario",
            "",
            "path of a scenario TOML file (empty: the built-in dogfight)",
            label="Scenario file",
        ),
        Parameter(
            "scenario_data",
            {},
            "the scenario's parsed TOML content (used instead of the path; records carry it)",
            label="Scenario content",
        ),
        Parameter(
            "turns",
            0,
            "turns to play (0: the scenario's own number)",
            "GS-42",
            minimum=0,
            maximum=MAX_TURNS,
            label="Turns to play",
        ),
        Parameter(
            "ir_flares_break_lock",
            False,
            "flares may break IR SAM lock-ons as they do OG/LG ones",
            "GS-3",
            label="Flares break IR lock-ons",
        ),
        Parameter(
            "los_mode",
            "interpolated",
            "how terrain blocks sight lines",
            "GS-16",
            choices=("interpolated", "lower-end"),
            label="Line of sight over terrain",
        ),
        Parameter(
            "same_hex_in_arcs",
            False,
            "a unit in the same hex lies in every arc (advantage, jamming, sun, blind, guns)",
            "GS-18",
            label="Same hex is in every arc",
        ),
        Parameter(
            "radar_line_of_sight",
            True,
            "terrain masks radars as it does sight (radar SAM lock-ons, passdowns, air radar)",
            "GS-45",
            label="Terrain masks radars",
        ),
        Parameter(
            "passdown_escort_jamming",
            False,
            "a passdown counts the strongest enemy BJM covering the EWR or CCU, not only the "
            "target's own (passdown modifier d)",
            "GS-77",
            label="Escort jamming against passdowns",
        ),
        Parameter(
            "status_on_move",
            True,
            "the referee records stalls, departures and GLOC as each move ends",
            "GS-48",
            label="Statuses as each move ends",
        ),
        Parameter(
            "preemption",
            "referee",
            "who may move an aircraft out of its order: the referee, each side its own, or none",
            "GS-52",
            choices=("referee", "sides", "off"),
            label="Pre-emptions",
        ),
        Parameter(
            "shootouts",
            True,
            "the defender may meet a guided air-to-ground weapon in a shoot-out",
            "GS-53",
            label="Shoot-outs",
        ),
        Parameter(
            "bingo_disengages",
            True,
            "an aircraft at Bingo fuel disengages (else it is only noted)",
            "GS-54",
            label="Bingo fuel disengages",
        ),
        Parameter(
            "edge_disengagement",
            True,
            "an aircraft on the map's edge may leave by its side's choice",
            "GS-54",
            label="Leave by the map's edge",
        ),
        Parameter(
            "operational_moves",
            True,
            "the referee moves free flights at the scenario's operational scale",
            "GS-55",
            label="Operational movement",
        ),
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        data = self.options["scenario_data"]
        if data:
            if not isinstance(data, Mapping):
                raise OptionError("option scenario_data must be a table of scenario content")
            self.scenario: Scenario = self._saved_scenario(data)
        elif self.options["scenario"]:
            self.scenario = load_scenario(self.options["scenario"])
        else:
            self.scenario = parse_scenario(read_scenario_data(DEFAULT_SCENARIO), "default")
        self._seats = (*self.scenario.side_names(), REFEREE)

    def _saved_scenario(self, data: Mapping[str, Any]) -> Scenario:
        """The scenario a game carries. One saved before GS-75 may break its rules for ids
        and names: it is read by the rules of then, so that the game still loads. A name
        with a control character is only shown escaped; an id the decisions cannot name
        halts the game (:attr:`halted`): it is read, not played on (GS-75)."""
        try:
            return parse_scenario(data, "scenario_data")
        except ScenarioError as exc:
            refused = exc
        try:
            scenario = parse_scenario(data, "scenario_data", saved_ids=True, saved_names=True)
        except ScenarioError:
            raise refused from None
        try:
            parse_scenario(data, "scenario_data", saved_names=True)
        except ScenarioError as ids:
            first = ids.problems[0].removeprefix("scenario_data: ")
            more = f" (and {len(ids.problems) - 1} more)" if len(ids.problems) > 1 else ""
            self.halted = f"its scenario was saved with an id decisions cannot name: {first}{more}"
        return scenario

    @property
    def num_players(self) -> int:
        return len(self._seats)

    def seat_name(self, seat: int) -> str:
        if 0 <= seat < len(self._seats):
            return self._seats[seat]
        return f"seat {seat}"

    def seat_from_text(self, text: str) -> int:
        low = text.strip().lower()
        for i, n in enumerate(self._seats):
            if n.lower() == low or str(i) == low:
                return i
        raise IllegalAction(f"unknown seat {text!r} (seats: {', '.join(self._seats)})")

    @classmethod
    def samples(cls) -> tuple[dict[str, Any], ...]:
        """The example scenarios, one turn of each (the shared contract checks)."""
        return tuple(
            options_for_file(as_path(f), turns=1) for f in example_files(GUNSLINGERS).values()
        )

    def new_initial_state(self) -> GsState:
        return GunslingersState(self, self.scenario)

    def parse_action(self, text: str) -> Action:
        return Decision.parse(text)

    def narrate(self, event: Mapping[str, Any], state: GameState | None = None) -> str | None:
        """The event's line of the explained log (see :mod:`.narrate`)."""
        line = describe(dict(event)).strip()
        return line or None

    def summary(self, state: GameState) -> dict[str, Any]:
        """The kernel's summary with the kills of each side and the turn reached, and once
        the game is over its points, winner and level (GS-85)."""
        out = super().summary(state)
        if isinstance(state, GsState):
            out["kills"] = {s.name: s.kills for s in state.forces.sides.values()}
            out["turn"] = state.turn
            if state.is_terminal():
                result = game_result(state)
                out["points"] = result["points"]
                out["winner"] = result["winner"]
                out["level"] = result["level"]
                # what the games list shows: who won by the points, and the points
                out["result"] = result["winner"] or "draw"
                out["scores"] = result["points"]
        return out


class GunslingersState(GsState):
    """A Gunslingers game's state, which says which referee decisions need a person."""

    def needs_person(self, seat: int) -> bool:
        """A side decides everything itself; the referee seat needs its person only for a
        result the text leaves to the referee (GS-14), the rest is routine (GS-66)."""
        if seat != self.referee:
            return True
        ask = self.pending_ask()
        return ask is None or ask.seat != seat or ask.verb in PERSON_VERBS


def options_for_file(path: str | Path, turns: int = 0) -> dict[str, Any]:
    """Game options that carry a scenario file's whole content (so records replay)."""
    data = read_scenario_data(path)
    parse_scenario(data, Path(path).name)
    return {"scenario_data": data, "turns": turns}
