"""Double-blind (GS-43): no side is shown what is hidden from it, and the automatic player
cannot steer by it.

The example scenarios are played for a turn or two by the automatic player and random
legal choices; after every decision each side's view and log are searched for every word
of ``hidden_from`` and for the other side's declarations. Small scenarios built here
reproduce each known leak: secret plotted fire, sightings, passdowns, advantage and
roll-offs, and an enemy's moves from before it was seen.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from airwar.core import Driver
from airwar.core.game import GameType
from airwar.games.gunslingers import (
    GunslingersGame,
    aliases,
    knowledge,
    options_for_file,
    visibility,
)
from airwar.games.gunslingers.autoplayer import GunslingersAuto, Seen, auto_decision, decide
from airwar.games.gunslingers.event_table import EVENTS
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.hexgrid import Hex
from airwar.games.gunslingers.narrate import describe
from airwar.games.gunslingers.referee import GsState
from tests.examples import GUNSLINGERS_EXAMPLES
from tests.games.gunslingers.scenario_builder import act, advance_to, driver, scenario

EXAMPLES = GUNSLINGERS_EXAMPLES

HEAVY = {"move", "plot", "mark", "gmove"}
"""Declarations with too many legal choices to list at every step: the automatic player
answers them."""


def _pattern(words: set[str]) -> re.Pattern[str] | None:
    """Any of ``words`` as a whole word (``Viper-1`` is not ``Viper-10``, ``W1`` not ``W12``)."""
    words = {w for w in words if w}
    if not words:
        return None
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9_])(?:{alternatives})(?![A-Za-z0-9_])")


def _sides(state: GsState) -> list[int]:
    return list(range(len(state.side_names)))


def assert_nothing_hidden_shown(state: GsState) -> None:
    """Every side: its view and its events name nothing hidden from it, and hold no
    declaration of another seat."""
    if state.is_terminal():
        return  # once the game is over every side reads everything
    log = list(state.log)
    for seat in _sides(state):
        me = state.side_names[seat]
        hidden = state.hidden_from(seat)
        pattern = _pattern(hidden)
        view = json.dumps(state.view(seat), sort_keys=True)
        events = state.visible_events(seat)
        text = json.dumps(events, sort_keys=True)
        if pattern is not None:
            found = pattern.search(view)
            assert found is None, f"{me}'s view shows {found.group(0)!r}"
            found = pattern.search(text)
            assert found is None, f"{me}'s events show {found.group(0)!r}"
        assert all(e["seat"] == me for e in events if e["type"] == "decision")
        others = {json.dumps(e["text"]) for e in log if e["type"] == "decision" and e["seat"] != me}
        mine = {json.dumps(e["text"]) for e in log if e["type"] == "decision" and e["seat"] == me}
        for said in others - mine:
            assert said not in text, f"{me} reads another seat's declaration {said}"


def play(
    d: Driver, rnd: random.Random, decisions: int, check: bool = True, share: float = 0.5
) -> None:
    """Up to ``decisions`` decisions, each the automatic player's or (with chance
    ``share``) a random legal one; every side checked after each."""
    for _ in range(decisions):
        d.resolve_chance()
        state = d.state
        assert isinstance(state, GsState)
        if state.is_terminal():
            return
        ask = state.pending_ask()
        assert ask is not None
        if ask.verb in HEAVY or rnd.random() >= share:
            action: Decision = auto_decision(state)
        else:
            action = rnd.choice(state.legal_actions())
        d.act(action, ask.seat)
        if check:
            assert_nothing_hidden_shown(d.state)  # type: ignore[arg-type]


# -- the example scenarios ---------------------------------------------------------

EXAMPLE_RUNS = [
    ("dogfight-2v2.toml", 2, 400),
    ("strike-sam-belt.toml", 2, 400),
    ("large-battle.toml", 1, 110),
]


@pytest.mark.parametrize(("example", "turns", "decisions"), EXAMPLE_RUNS)
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_examples_show_no_side_what_is_hidden_from_it(
    example: str, turns: int, decisions: int, seed: int
) -> None:
    d = Driver(GunslingersGame(options_for_file(EXAMPLES / example, turns)), seed)
    assert_nothing_hidden_shown(d.state)  # type: ignore[arg-type]
    play(d, random.Random(seed), decisions)


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.toml")))
def test_every_event_type_has_a_ruling(example: str) -> None:
    """No event of the examples falls to the referee-only default for unknown types."""
    turns = 1 if example.startswith("large") else 3
    d = Driver(GunslingersGame(options_for_file(EXAMPLES / example, turns)), 4)
    bot = GunslingersAuto()
    d.run_bots({s: bot for s in range(d.game.num_players)})
    assert {e["type"] for e in d.events} <= set(EVENTS)


def bare(event: dict[str, Any]) -> dict[str, Any]:
    """An event without its number (a side numbers the events it reads its own way, GS-73)."""
    return {k: v for k, v in event.items() if k != "seq"}


def test_a_side_reads_less_than_the_referee_and_everything_once_over() -> None:
    d = Driver(GunslingersGame(options_for_file(EXAMPLES / "strike-sam-belt.toml", 2)), 2)
    bot = GunslingersAuto()
    d.run_bots({s: bot for s in range(d.game.num_players)}, max_decisions=60)
    state = d.state
    assert isinstance(state, GsState)
    everything = state.visible_events(None)
    assert state.visible_events(state.referee) == everything
    blue, red = state.visible_events(0), state.visible_events(1)
    assert 0 < len(blue) < len(everything) and 0 < len(red) < len(everything)
    assert state.visible_events(0, since=10) == [e for e in blue if e["seq"] >= 10]
    d.run_bots({s: bot for s in range(d.game.num_players)})
    assert d.state.is_terminal()
    for seat in (0, 1):
        assert d.state.hidden_from(seat) == set()
        logged = [e for e in d.state.visible_events(seat) if e["type"] != "turn_summary"]
        assert logged == d.state.log.to_list()  # and each turn's summary (GS-57)
        assert d.state.decision_visible(seat, 1 - seat, 0)


# -- the game's declarations -------------------------------------------------------


def test_the_game_declares_a_double_blind_game_without_undo() -> None:
    game = GunslingersGame()
    assert isinstance(game.game_type, GameType)
    assert game.game_type.information == "imperfect"
    assert game.game_type.chance and not game.game_type.undo
    state = game.new_initial_state()
    for event in state.log:
        assert game.narrate(event) == describe(event).strip()
    summary = game.summary(state)
    assert summary["terminal"] is False and summary["returns"] is None
    assert summary["kills"] == {"Blue": 0, "Red": 0} and summary["turn"] == 1
    json.dumps(summary)


def test_decisions_are_read_by_their_side_and_the_referee_until_the_end() -> None:
    d = driver()
    state = advance_to(d, "padlock")
    referee = state.referee
    for seat in (0, 1):
        assert state.decision_visible(seat, seat, 0)
        assert not state.decision_visible(seat, 1 - seat, 0)
        assert not state.decision_visible(seat, referee, 0)
    assert state.decision_visible(referee, 0, 0) and state.decision_visible(None, 1, 0)
    assert state.hidden_from(referee) == set() and state.hidden_from(None) == set()  # type: ignore[arg-type]


# -- the leaks, one by one ----------------------------------------------------------


def _plot_scenario() -> dict[str, Any]:
    """Blue's Eagle near a Red plotted-fire AAA unit it has not sighted."""
    flak = {"id": "Flak", "side": "Red", "hex": [2, 0], "fire": "plotted", "max_altitude": 12}
    return scenario(aaa=[flak])


def test_secret_plotted_fire_is_not_read_by_the_other_side_before_it_is_revealed() -> None:
    d = driver(_plot_scenario(), turns=1)
    state = advance_to(d, "plot", "Flak")
    act(d, "plot Flak 1,0 a10", 1)
    secret = "plot Flak 1,0 a10"
    index = len(d.record.actions) - 1
    assert not state.decision_visible(0, 1, index) and state.decision_visible(1, 1, index)
    state = advance_to(d, "move", "Eagle")  # Blue moves before the fire is revealed
    assert secret in state.hidden_from(0)
    assert secret not in state.hidden_from(1)
    blue = state.visible_events(0)
    assert not [e for e in blue if e["type"] in ("plotted_fire", "plot_revealed")]
    assert not [e for e in blue if e["type"] == "decision" and "Flak" in e["text"]]
    assert not [m for m in state.view(0)["markers"] if m["kind"] == "plotted_fire"]
    assert secret not in json.dumps([state.view(0), blue])
    assert_nothing_hidden_shown(state)
    red = state.visible_events(1)
    assert [e for e in red if e["type"] == "plotted_fire" and e["hex"] == "1,0"]


def test_revealed_plotted_fire_shows_its_hex_not_its_hidden_unit() -> None:
    d = driver(_plot_scenario(), turns=2)
    state = advance_to(d, "plot", "Flak")
    act(d, "plot Flak 1,0 a10", 1)
    state = advance_to(d, "logs")  # Aircraft Administrative 4: the fire was resolved
    assert "Flak" in state.hidden_from(0)
    assert not [s for s in state.hidden_from(0) if s.startswith("plot ")]
    placed = [
        e
        for e in state.visible_events(0)
        if e["type"] == "marker" and e["kind"] == "plotted_fire" and e["action"] == "place"
    ]
    assert placed and placed[-1]["hex"] == "1,0" and placed[-1]["altitude"] == 10
    markers = [m for m in state.view(0)["markers"] if m["kind"] == "plotted_fire"]
    assert markers == [{"kind": "plotted_fire", "hex": "1,0", "unit": None, "altitude": 10}]
    assert [m["unit"] for m in state.view(1)["markers"] if m["kind"] == "plotted_fire"] == ["Flak"]
    assert not [e for e in state.visible_events(0) if e["type"] == "plot_revealed"]
    assert_nothing_hidden_shown(state)


def test_which_of_my_aircraft_the_enemy_sighted_does_not_reach_me() -> None:
    d = driver()
    state = advance_to(d, "dds")  # turn 1's sighting is over
    red_saw = [
        e for e in state.log if e["type"] in ("sighted", "identified") and e["side"] == "Red"
    ]
    assert red_saw, "the scenario should have Red sight something"
    for seat, side in ((0, "Blue"), (1, "Red")):
        mine = [e for e in state.visible_events(seat) if e["type"] in ("sighted", "unsighted")]
        assert all(e["side"] == side for e in mine)


def _no_jammer() -> dict[str, Any]:
    """The Eagle without its BJM, which would find the Red radars by their emissions."""
    data = scenario()
    del data["aircraft"][0]["bjm"]
    return data


def test_passdowns_and_their_rolls_stay_with_the_sam_side() -> None:
    d = driver(_no_jammer(), auto_chance=False)
    advance_to(d, "passdown", "EWR")
    act(d, "passdown EWR SA-2:Eagle")
    d.resolve_chance()
    state = d.state
    assert isinstance(state, GsState)
    assert "SA-2" in state.hidden_from(0)
    blue = state.visible_events(0)
    assert not [e for e in blue if "SA-2" in json.dumps(e) or "EWR" in json.dumps(e)]
    red = state.visible_events(1)
    roll = [e for e in red if e["type"] == "roll" and e.get("sam") == "SA-2"]
    assert roll and roll[-1]["against"] == state.aliases["Red"]["Eagle"]  # GS-71
    if roll[-1]["success"]:
        assert [e for e in red if e["type"] == "passdown"]
    # Blue's SAM-free view: no enemy SAM site, no marker on one
    assert not state.view(0)["enemy_ground"]


def test_passdown_events_are_the_sam_sides_business_even_when_the_sam_is_sighted() -> None:
    d = driver(_no_jammer(), auto_chance=False)
    state = advance_to(d, "passdown", "EWR")
    state.forces.sides["Blue"].ground_sighted.add("SA-2")
    act(d, "passdown EWR SA-2:Eagle")
    while d.state.is_chance_node():
        d.roll()
    passdowns = [e for e in state.log if e["type"] == "passdown"]
    blue = state.visible_events(0)
    assert not [e for e in blue if e["type"] == "passdown"]
    assert not [e for e in blue if e["type"] == "roll" and e.get("sam") == "SA-2"]
    assert len([e for e in state.visible_events(1) if e["type"] == "passdown"]) == len(passdowns)


def _far_scenario() -> dict[str, Any]:
    """Red's two fighters out of Blue's sight and radar: Blue knows nothing of them."""
    data = scenario(ewrs=[], sams=[])
    for a in data["aircraft"]:
        if a["side"] == "Red":
            a["hex"] = [a["hex"][0] + 12, a["hex"][1]]
    return data


def test_advantage_and_roll_offs_naming_unseen_aircraft_are_hidden() -> None:
    d = driver(_far_scenario(), turns=1)
    state = advance_to(d, "move")
    assert {"Flanker", "Fishbed"} <= state.hidden_from(0)
    log = list(state.log)
    advantage = [e for e in log if e["type"] == "advantage"]
    assert advantage and "Flanker" in advantage[0]["categories"]
    blue = state.visible_events(0)
    assert not [e for e in blue if e["type"] in ("advantage", "order_of_flight")]
    assert not [e for e in blue if e["type"] == "initiative" and e["aircraft"] != "Eagle"]
    rolloffs = [e for e in log if e["type"] == "die" and "Flanker" in e["purpose"]]
    assert all(e not in blue for e in rolloffs)
    assert [e for e in blue if e["type"] == "die" and e["purpose"] == "base initiative of Blue"]
    assert [e for e in state.visible_events(1) if e["type"] == "advantage"] == []  # Eagle unseen


def test_roll_offs_naming_unseen_aircraft_are_hidden() -> None:
    """Red's two identical fighters tie on initiative every turn (same side roll, same
    modifiers), so a roll-off names them; Blue, which has not seen them, does not read it."""
    data = _far_scenario()
    for a in data["aircraft"]:
        if a["side"] == "Red":
            a["heading"] = 8
    d = driver(data, turns=1)
    advance_to(d, "move")
    state = d.state
    assert isinstance(state, GsState)
    rolloffs = [e for e in state.log if e["type"] == "die" and e["purpose"].startswith("roll-off")]
    assert rolloffs, "the two Red fighters should tie"
    blue = [bare(e) for e in state.visible_events(0)]
    assert not [e for e in rolloffs if bare(e) in blue]


def test_an_enemys_moves_before_it_was_seen_stay_hidden_once_it_is() -> None:
    d = driver(_far_scenario())
    state = advance_to(d, "move", "Flanker")
    d.act(auto_decision(state))
    state = advance_to(d, "dds")  # turn 2: the Flanker has moved, unseen
    moves = [e for e in state.log if e["type"] == "move" and e["aircraft"] == "Flanker"]
    assert moves
    state.forces.sides["Blue"].sighted.add("Flanker")  # Blue sights it now
    state.changed()
    aliases.update(state)
    assert "Flanker" not in state.hidden_from(0)
    flanker = state.aliases["Blue"]["Flanker"]  # under Blue's own label for it (GS-71)
    assert any(a["id"] == flanker for a in state.view(0)["aircraft"])
    blue = [bare(e) for e in state.visible_events(0)]
    # the moves as Blue would read them, under its label for the Flanker
    assert not [e for e in aliases.to_seat(state, 0, moves) if bare(e) in blue]
    assert_nothing_hidden_shown(state)


def test_an_enemy_tracked_by_radar_is_shown_where_it_is_and_nothing_more() -> None:
    d = driver()
    state = advance_to(d, "padlock")
    red = state.view(1)
    eagle = [a for a in red["aircraft"] if a["id"] == state.aliases["Red"]["Eagle"]]
    assert eagle, "Red's EWR covers the Eagle"
    if "Eagle" not in state.forces.sides["Red"].sighted:
        assert set(eagle[0]) == {"id", "hex", "altitude", "radar_contact"}


def test_a_marker_on_a_hidden_unit_is_not_seen_and_a_radar_sam_locked_on_is() -> None:
    data = _no_jammer()
    data["markers"] = [{"kind": "suppression", "unit": "SA-2"}]
    d = driver(data)
    state = advance_to(d, "search")  # before Blue searches the ground
    assert "SA-2" in state.hidden_from(0)
    assert not [m for m in state.view(0)["markers"] if m["unit"] == "SA-2"]
    assert [m for m in state.view(1)["markers"] if m["unit"] == "SA-2"]
    state.forces.markers.clear()
    state.forces.sams["SA-2"].lock = "Eagle"  # an emitting radar SAM locks on: radar warning
    state.changed()
    aliases.update(state)
    assert "SA-2" not in state.hidden_from(0)
    sa2 = state.aliases["Blue"]["SA-2"]
    sam = [u for u in state.view(0)["enemy_ground"] if u["id"] == sa2]
    assert sam and sam[0]["emitting"] and sam[0]["kind"] == "radar"
    assert sam[0]["label"] == sa2 and not sam[0]["identified"]


def test_a_missile_whose_target_is_lost_does_not_show_where_the_target_is() -> None:
    d = driver()
    state = advance_to(d, "padlock")
    from airwar.games.gunslingers.model.units import Weapon

    state.weapons["W99"] = Weapon(
        "W99", "AIM-9", "aam", "IR", "Eagle", "Blue", "Flanker", Hex(7, -3), 10, 2
    )
    state.forces.sides["Blue"].sighted.discard("Flanker")
    eagle = state.forces.planes["Eagle"]
    assert eagle.radar is not None
    eagle.radar.contacts.discard("Flanker")
    eagle.radar.locks.discard("Flanker")
    state.changed()
    assert "Flanker" in state.hidden_from(0)
    assert not [w for w in state.view(0)["weapons"] if w["id"] == "W99"]
    assert {"id": "W99", "type": "AIM-9"} in state.view(0)["weapons_unplaced"]
    state.forces.sides["Blue"].sighted.add("Flanker")
    state.changed()
    aliases.update(state)
    mine = [w for w in state.view(0)["weapons"] if w["id"] == "W99"]
    flanker = state.aliases["Blue"]["Flanker"]
    assert mine == [{"id": "W99", "type": "AIM-9", "target": flanker, "hex": "7,-3"}]
    assert "W99" in state.hidden_from(1)
    assert not [w for w in state.view(1)["weapons"] if w["id"] == "W99"]


def test_the_own_side_is_seen_in_full_and_unidentified_enemies_by_id_only() -> None:
    d = driver()
    state = advance_to(d, "padlock")
    state.forces.sides["Blue"].ground_sighted.add("Depot")
    state.forces.sides["Blue"].ground_identified.discard("Depot")
    state.changed()
    aliases.update(state)
    blue = state.view(0)
    eagle = next(a for a in blue["aircraft"] if a["id"] == "Eagle")
    assert eagle["speed"] == 1 and set(eagle["ground_weapons"]) == {"Mk-82"}
    depot = next(u for u in blue["enemy_ground"] if u["id"] == state.aliases["Blue"]["Depot"])
    assert depot["kind"] == "unidentified" and depot["sighted"] and not depot["identified"]
    red = state.view(1)
    assert {u["id"] for u in red["own_ground"]} == {"EWR", "SA-2", "Depot"}
    assert blue["map"] == {"radius": 20, "sun": 3, "terrain": []}


# -- the automatic player plays from its view ------------------------------------------


def _elsewhere(state: GsState, seat: int) -> GsState:
    """A copy of ``state`` with every unit hidden from ``seat`` moved to the mirror hex."""
    other = state.clone()
    for uid in state.hidden_from(seat):
        unit = other.unit(uid)
        if unit is not None and hasattr(unit, "hex"):
            unit.hex = Hex(-unit.hex.q, -unit.hex.r + 1)
            if hasattr(unit, "altitude") and isinstance(unit.altitude, int):
                unit.altitude = max(1, unit.altitude - 1)
    return other


def _compare_when_hidden_units_move(state: GsState, counts: Counter[str]) -> None:
    ask = state.pending_ask()
    if ask is None or ask.seat == state.referee:
        return
    seat = ask.seat
    other = _elsewhere(state, seat)
    if other.hidden_from(seat) != state.hidden_from(seat):
        counts["knowledge changed"] += 1
        return
    assert other.view(seat) == state.view(seat)
    if ask.verb not in HEAVY:
        same = [str(a) for a in other.legal_actions()] == [str(a) for a in state.legal_actions()]
        if not same:  # the rules offer a choice naming a hidden unit (see GS-43)
            counts["legal choices changed"] += 1
            return
    assert auto_decision(other) == auto_decision(state), ask
    counts[ask.verb] += 1


@pytest.mark.parametrize(
    ("example", "decisions"),
    [("dogfight-2v2.toml", 120), ("strike-sam-belt.toml", 150)],
)
def test_the_automatic_player_decides_the_same_wherever_hidden_enemies_are(
    example: str, decisions: int
) -> None:
    d = Driver(GunslingersGame(options_for_file(EXAMPLES / example, 2)), 5)
    counts: Counter[str] = Counter()
    for _ in range(decisions):
        d.resolve_chance()
        state = d.state
        assert isinstance(state, GsState)
        if state.is_terminal():
            break
        _compare_when_hidden_units_move(state, counts)
        d.act(auto_decision(state))
    compared = sum(v for k, v in counts.items() if " " not in k)
    assert counts["move"] >= 5, counts
    assert compared >= 3 * (counts["knowledge changed"] + counts["legal choices changed"]), counts


def test_the_automatic_player_reads_only_what_it_is_given() -> None:
    """``decide`` needs no state: the seat's view, the ask and its legal choices."""
    d = driver()
    state = advance_to(d, "move", "Eagle")
    ask = state.pending_ask()
    assert ask is not None
    seen = Seen(state.view(ask.seat), ask, lambda: pytest.fail("a move lists no choices"))
    assert decide(seen) == auto_decision(state)
    state = advance_to(d, "padlock")
    ask = state.pending_ask()
    assert ask is not None
    choices = list(state.legal_actions())
    seen = Seen(json.loads(json.dumps(state.view(ask.seat))), ask, lambda: choices)
    assert decide(seen) == auto_decision(state)
    assert decide(seen) in choices


def test_with_no_enemy_in_sight_the_automatic_player_flies_on_ahead() -> None:
    data = _far_scenario()
    data["aircraft"][0]["speed"] = 3
    data["ground_units"] = []
    d = driver(data)
    state = advance_to(d, "move", "Eagle")
    assert not [a for a in state.view(0)["aircraft"] if a.get("side") != "Blue"]
    move = auto_decision(state)
    assert move.args[0] == str(Hex(0, 0).ahead(2).ahead(2).ahead(2))


# -- GS-73: a waiting side follows the sequence only to its last public point ------------


def _known(state: GsState, seat: int) -> set[str]:
    return set(knowledge.knowledge(state, state.side_names[seat]).known)


def _lost_a_track(known_before: set[str], after: GsState, seat: int) -> bool:
    return bool(known_before - _known(after, seat))


def _subsequence(short: list[dict[str, Any]], long: list[dict[str, Any]]) -> bool:
    """Whether ``short`` is ``long`` with some events left out (numbers aside)."""
    rest = iter({k: v for k, v in e.items() if k != "seq"} for e in long)
    return all(
        any(x == y for y in rest)
        for x in ({k: v for k, v in e.items() if k != "seq"} for e in short)
    )


@pytest.mark.parametrize(
    ("name", "turns", "limit"),
    [("dogfight-2v2.toml", 2, 400), ("strike-sam-belt.toml", 2, 400), ("large-battle.toml", 1, 80)],
)
def test_a_waiting_side_stands_still_while_the_enemy_decides_in_secret(
    name: str, turns: int, limit: int
) -> None:
    """After each decision, a side that was not asked before it and is not asked after it,
    and could read no new event but the markers of the sequence, has the same turn, phase,
    step and actor, the same events and the same count (unless a unit it knew went out of
    its sight or cover with that decision: then only the events naming that unit leave its
    log, GS-74); and it never reads further than the point it follows (its log ends with
    something it was asked or saw)."""
    d = Driver(GunslingersGame(options_for_file(EXAMPLES / name, turns)), 73)
    bot = GunslingersAuto()
    still = 0

    def seen(state: GsState, seat: int) -> tuple[Any, ...]:
        view = state.view(seat)
        cursor = tuple(view[k] for k in ("turn", "phase", "step", "actor"))
        return cursor, state.visible_events(seat), state.log_count([seat])

    for _ in range(limit):
        state = d.state
        assert isinstance(state, GsState)
        actor = state.current_actor()
        if actor < 0:
            break
        before = {seat: seen(state, seat) for seat in (0, 1) if seat != actor}
        state_before = {seat: _known(state, seat) for seat in before}
        start = len(state.log)
        d.act(bot.choose(state, actor), actor)
        after = d.state
        assert isinstance(after, GsState)
        if after.is_terminal():
            break
        for seat, was in before.items():
            bit = 1 << seat
            new = [
                after.log[i]["type"]
                for i in range(start, len(after.log))
                if after.audience[i] & bit and after.log[i]["type"] not in visibility.CURSOR
            ]
            if new or after.current_actor() == seat:
                continue
            now = seen(after, seat)
            if now != was and _lost_a_track(state_before[seat], after, seat):
                # a unit it knew went out of sight (out of cover, or behind terrain, GS-78):
                # the events naming it leave its log (GS-74) and nothing else changes
                assert now[0] == was[0], f"seat {seat} followed a secret decision"
                assert _subsequence(now[1], was[1]), f"seat {seat} read a secret decision"
                continue
            assert now == was, f"seat {seat} followed a secret decision"
            still += 1
        for seat in (0, 1):
            log = after.visible_events(seat)
            if after.current_actor() != seat:  # waiting: its log ends at its last point
                assert log and log[-1]["type"] not in visibility.CURSOR, log[-3:]
    assert still >= 10, f"only {still} secret decisions were waited out"
