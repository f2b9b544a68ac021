"""The bia-engagement game: sequence, passes and loiter, roll-offs, seeds and replay."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from airwar.core import (
    Driver,
    GameRecord,
    GameState,
    IllegalAction,
    InvalidNotation,
    load_game,
    replay,
)
from airwar.core.dice import Roll
from airwar.core.rng import SeededRng
from airwar.games.bia.airdefence import AirDefenceShot, AirTarget, Firer, Manoeuvrability, Speed
from airwar.games.bia.airdefence import system as ad_system
from airwar.games.bia.engagement import BiaEngagementGame, BiaEngagementState
from airwar.games.bia.outcome import Effect, Resolution
from airwar.games.bia.volley import volley_odds
from tests.examples import BIA_EXAMPLES

EXAMPLE = BIA_EXAMPLES / "ford-crossing.toml"


def game(text: str, **options: Any) -> BiaEngagementGame:
    return BiaEngagementGame({"scenario": text, **options})


def rolls_of(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == "roll"]


def test_registered_and_defaults_to_the_bundled_engagement() -> None:
    g = load_game("bia-engagement")
    assert isinstance(g, BiaEngagementGame)
    assert g.scenario.title == "Gunship run on the river crossing"
    assert g.num_players == 2


def test_example_is_reproducible_from_its_seed() -> None:
    g = game(EXAMPLE.read_text("utf-8"))
    assert g.scenario.seed is not None
    first = Driver(g, g.scenario.seed)
    second = Driver(game(EXAMPLE.read_text("utf-8")), g.scenario.seed)
    assert first.state.is_terminal()
    assert first.events == second.events
    assert len(rolls_of(first.events)) > 10
    others = {tuple(e.get("roll", 0) for e in Driver(g, s).events) for s in range(5)}
    assert len(others) > 1


def test_replays_from_its_record() -> None:
    d = Driver(game(EXAMPLE.read_text("utf-8")), 99)
    record = GameRecord.from_json(d.finished_record().to_json())
    again = replay(record)
    assert again.events == d.events


def test_every_roll_is_explained_before_and_after() -> None:
    d = Driver(game(EXAMPLE.read_text("utf-8")), 3)
    for e in rolls_of(d.events):
        for key in (
            "rule",
            "dice",
            "modifiers",
            "p_success",
            "p_miss",
            "p_damaged",
            "p_shot_down",
            "need",
            "hit_number",
            "roll",
            "effect",
            "status",
        ):
            assert key in e
        assert e["hit_number"] == e["effective_target"]
        assert all(m["rule"].startswith("BIA-") for m in e["modifiers"])
        odds = Resolution(*(Fraction(e[k]) for k in ("p_miss", "p_damaged", "p_shot_down")))
        assert odds.hit <= Fraction(e["p_success"])


def test_random_play_obeys_the_kernel_contract() -> None:
    for seed in range(8):
        g = game(EXAMPLE.read_text("utf-8"), damaged_twice_shot_down=seed % 2 == 1)
        state = g.new_initial_state()
        rng = SeededRng(seed)
        n = 0
        while not state.is_terminal():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            assert state.legal_actions() == [a for a, _ in outcomes]
            desc = state.pending_description()
            assert desc["kind"] in ("air_defence", "roll_off")
            assert (state.pending_check() is None) == (desc["kind"] == "roll_off")
            state.apply(rng.pick(n, outcomes))
            n += 1
        assert state.legal_actions() == []
        assert state.log[-1]["type"] == "end"
        red, blue = state.returns()
        assert red == -blue
        assert state.view()["terminal"]


def test_actions_parse_back_and_bad_ones_are_refused() -> None:
    g = load_game("bia-engagement")
    assert str(Roll(7)) == "roll 7"
    assert g.parse_action(str(Roll(7))) == Roll(7)
    assert g.parse_action("roll7") == Roll(7)  # what records saved before one notation hold
    with pytest.raises(InvalidNotation, match="an engagement has no decisions"):
        g.parse_action("fire")
    state = g.new_initial_state()
    with pytest.raises(IllegalAction):
        state.apply("fire")


ONE_TURN = """
turns = 1
[[aircraft]]
name = "Gunship"
side = "red"
speed = "slow"
manoeuvrability = "medium"
present = [1]

[[ground]]
name = "Heavy"
side = "blue"
system = "heavy-sam"
targets = ["Gunship"]

[[ground]]
name = "Vehicle"
side = "blue"
system = "vehicle-sam"
targets = ["Gunship"]

[[ground]]
name = "Pads"
side = "blue"
system = "manpad"
targets = ["Gunship"]
"""


def fate_distribution(state: GameState, p: Fraction = Fraction(1)) -> dict[str, Fraction]:
    """Walk the whole chance tree of the engagement."""
    assert isinstance(state, BiaEngagementState)
    if state.is_terminal():
        return {state.status["Gunship"].label: p}
    out: dict[str, Fraction] = {}
    for outcome, q in state.chance_outcomes():
        child = state.clone()
        child.apply(outcome)
        for k, v in fate_distribution(child, p * q).items():
            out[k] = out.get(k, Fraction(0)) + v
    return out


@pytest.mark.parametrize("twice", [False, True])
def test_whole_chance_tree_equals_the_volley_odds(twice: bool) -> None:
    g = game(ONE_TURN, damaged_twice_shot_down=twice)
    fates = fate_distribution(g.new_initial_state())
    target = AirTarget(Speed.SLOW, Manoeuvrability.MEDIUM, loiter_turns=1)
    shots = [
        AirDefenceShot(ad_system(k), Firer.surface(), target)
        for k in ("heavy-sam", "vehicle-sam", "manpad")
    ]
    v = volley_odds(shots, damaged_twice_shot_down=twice)
    assert fates == {
        "untouched": v.miss,
        "damaged": v.damaged,
        "shot down": v.shot_down,
    }


def play(state: BiaEngagementState, rolls: list[int]) -> None:
    for r in rolls:
        state.apply(Roll(r))


DUEL = """
turns = 4
[[aircraft]]
name = "Jet"
side = "red"
speed = "fast"
manoeuvrability = "medium"
present = [1, 3]

[[aircraft]]
name = "Copter"
side = "red"
speed = "slow"
manoeuvrability = "medium"
present = [1, 2, 4]

[[aircraft]]
name = "Hawk A"
side = "blue"
speed = "fast"
manoeuvrability = "good"
dogfighting = true
present = [1]
system = "air-to-air-missile"
targets = ["Jet"]

[[aircraft]]
name = "Hawk B"
side = "blue"
speed = "fast"
manoeuvrability = "good"
dogfighting = true
present = [1]
system = "air-to-air-missile"
targets = ["Copter"]

[[ground]]
name = "SAM"
side = "blue"
system = "sla3"
targets = ["Jet", "Copter"]
"""


def shots(state: BiaEngagementState) -> list[dict[str, Any]]:
    return rolls_of(state.log.to_list())


def test_roll_off_ties_are_rerolled_and_highest_fires_first() -> None:
    state = game(DUEL).new_initial_state()
    assert state.pending_description() == {"kind": "roll_off", "unit": "Hawk A", "dice": "1d6"}
    play(state, [4, 4])  # a tie: roll again
    assert state.pending_description()["unit"] == "Hawk A"
    play(state, [2, 5])
    order = next(e for e in state.log if e["type"] == "firing_order")
    assert order["order"] == ["SAM", "Hawk B", "Hawk A"]
    assert len([e for e in state.log if e["type"] == "roll_off"]) == 4


def test_ground_fire_last_option() -> None:
    state = game(DUEL, ground_fire="last").new_initial_state()
    play(state, [6, 1])
    order = next(e for e in state.log if e["type"] == "firing_order")
    assert order["order"] == ["Hawk A", "Hawk B", "SAM"]


def test_passes_and_loiter_are_counted_turn_by_turn() -> None:
    state = game(DUEL).new_initial_state()
    play(state, [6, 1])  # roll-off: Hawk A first
    # turn 1: SAM at Jet (first pass), Hawk A at Jet, Hawk B at Copter; all miss
    play(state, [20, 10, 10])
    # turn 2: SAM at Copter (2nd turn in umbrella); turn 3: SAM at Jet (2nd pass)
    play(state, [20, 20])
    # turn 4: Copter back after a turn away: loiter counts from 1 again (BIA-12)
    play(state, [20])
    assert state.is_terminal()
    fired = [(e["turn"], e["firer"], e["target"], e["hit_number"]) for e in shots(state)]
    # SLA 3 from the surface: Jet = 0 + 2 (-2 first pass, then 0); Copter = 2 + 2 + turns
    assert fired == [
        (1, "SAM", "Jet", 0),
        (1, "Hawk A", "Jet", 4 + 4 - 2),
        (1, "Hawk B", "Copter", 2 + 4 + 1),
        (2, "SAM", "Copter", 4 + 2),
        (3, "SAM", "Jet", 2),
        (4, "SAM", "Copter", 4 + 1),
    ]
    passes = [e["present"] for e in state.log if e["type"] == "turn"]
    assert passes[2] == [{"aircraft": "Jet", "status": "untouched", "pass": 2, "speed": "fast"}]


def test_loiter_from_second_turn_option() -> None:
    state = game(DUEL, loiter_from_second_turn=True).new_initial_state()
    play(state, [6, 1, 20, 10, 10, 20])
    fired = [(e["turn"], e["target"], e["hit_number"]) for e in shots(state)]
    assert fired[2] == (1, "Copter", 2 + 4)
    assert fired[3] == (2, "Copter", 4 + 1)


SHOOT_FIRST = """
turns = 2
[[aircraft]]
name = "Jet"
side = "red"
speed = "fast"
manoeuvrability = "medium"
present = [1, 2]

[[aircraft]]
name = "Hawk"
side = "blue"
speed = "slow"
manoeuvrability = "poor"
present = [1, 2]
system = "air-to-air-missile"
targets = ["Jet"]

[[ground]]
name = "Red SAM"
side = "red"
system = "heavy-sam"
targets = ["Hawk"]
"""


def test_shot_down_aircraft_neither_fires_nor_is_fired_at() -> None:
    state = game(SHOOT_FIRST).new_initial_state()
    # Red SAM at Hawk: hit number 2 + 4 + 1 = 7; a 1 is below 7/4: shot down
    play(state, [1])
    assert state.status["Hawk"] is Effect.SHOT_DOWN
    holds = [e for e in state.log if e["type"] == "holds_fire"]
    assert holds[0]["unit"] == "Hawk" and "shot down" in holds[0]["reason"]
    assert state.kills == {"red": 1, "blue": 0}
    # turn 2: the SAM has no target left; Hawk is not present any more
    assert state.is_terminal()
    assert holds[1] == {**holds[1], "unit": "Red SAM", "turn": 2}
    assert state.returns() == [1.0, -1.0]


def test_damaged_twice_option_in_play() -> None:
    for twice, fate in ((False, Effect.DAMAGED), (True, Effect.SHOT_DOWN)):
        state = game(ONE_TURN, damaged_twice_shot_down=twice).new_initial_state()
        # heavy SAM hit number 5: roll 3 damages; vehicle SAM roll 4 damages; ManPAD misses
        play(state, [3, 4])
        if not state.is_terminal():
            play(state, [12])
        assert state.status["Gunship"] is fate
