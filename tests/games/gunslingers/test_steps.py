"""Steps in context: the checks get their modifiers from the units' state."""

from __future__ import annotations

from fractions import Fraction

from airwar.games.gunslingers.autoplayer import GunslingersAuto
from tests.games.gunslingers.scenario_builder import (
    act,
    advance_to,
    advance_to_roll,
    driver,
    scenario,
)


def test_regular_sam_lock_on_with_passdown_and_inoperative_ccu() -> None:
    """SAM step 8: lock-on 6; IFF on -2, passdown received -3, 1/2 chaff 4 - ECCM 1 = +1,
    required CCU inoperative +2: net -2, so 8 or less: p = 4/5."""
    data = scenario(ccus=[{"id": "CCU", "side": "Red", "hex": [9, 0], "operative": False}])
    data["sams"][0]["ccu"] = "CCU"
    d = driver(data, auto_chance=False)
    state = advance_to(d, "lockon", "SA-2")
    state.passdowns["SA-2"] = "Eagle"  # step 7 passed the Eagle down to the SA-2
    act(d, "lockon SA-2 Eagle")
    check = state.pending_check()
    assert check is not None
    assert [m.value for m in check.modifiers] == [-2, -3, 1, 2]
    assert check.target == 6
    assert check.probability() == Fraction(4, 5)


def test_chaff_breaks_a_cg_lock_at_full_ppl_less_eccm() -> None:
    """SAM step 10, CG against chaff: target PPL - ECCM = 4 - 1, a roll of 3 or less."""
    d = driver(auto_chance=False)
    state = advance_to(d, "lockon", "SA-2")
    state.forces.sams["SA-2"].lock = "Eagle"
    act(d, "lockon SA-2 none")
    state = advance_to_roll(d, "with chaff")
    check = state.pending_check()
    assert check is not None
    assert check.probability() == Fraction(3, 10)


def test_initiative_modifiers_in_the_log() -> None:
    d = driver(turns=1)
    bot = GunslingersAuto()
    d.run_bots({s: bot for s in range(d.game.num_players)})
    eagle = next(e for e in d.events if e["type"] == "initiative" and e["aircraft"] == "Eagle")
    reasons = [m["reason"] for m in eagle["modifiers"]]
    assert "Good training standard" in reasons
    assert eagle["number"] == eagle["side_roll"] + sum(m["value"] for m in eagle["modifiers"])
    order = next(e for e in d.events if e["type"] == "order_of_flight")["order"]
    assert sorted(order) == ["Eagle", "Fishbed", "Flanker"]


def test_tailing_aircraft_moves_right_after_its_tailee() -> None:
    data = scenario()
    data["aircraft"].append(
        {"id": "Wingman", "side": "Blue", "type": "F-15C", "hex": [0, 1], "heading": 2,
         "altitude": 10, "tailing": "Eagle", "speed": 1}
    )  # fmt: skip
    d = driver(data, turns=1)
    bot = GunslingersAuto()
    d.run_bots({s: bot for s in range(d.game.num_players)})
    moved = [e["aircraft"] for e in d.events if e["type"] == "move"]
    assert moved.index("Wingman") == moved.index("Eagle") + 1


def test_end_of_turn_rolls_and_auto_reload() -> None:
    data = scenario(
        aaa=[{"id": "AAA", "side": "Red", "hex": [9, 2], "out_of_ammo": True}],
        infantry_sams=[{"id": "Grail", "side": "Red", "hex": [9, -2], "rails": 0, "expended": 1}],
    )
    data["sams"][0].update({"auto_reload": True, "expended": 3, "rails": 0, "radar": "shutdown"})
    d = driver(data, turns=1, auto_chance=False)
    state = advance_to_roll(d, "AAA resupply")
    assert state.pending_check().probability() == Fraction(1, 5)  # type: ignore[union-attr]
    d.roll()
    state = advance_to_roll(d, "Infantry SAM reload")
    assert state.pending_check().probability() == Fraction(3, 10)  # type: ignore[union-attr]
    d.roll()
    d.resolve_chance()
    assert state.forces.sams["SA-2"].rails == 2 and state.forces.sams["SA-2"].expended == 1
    assert any(e["type"] == "reload" and e["unit"] == "SA-2" for e in d.events)


def test_referee_records_a_stall_and_the_next_turn_rolls_departure() -> None:
    """GS-40 then GS-8: a stall recorded in the logs brings the departure check (5-, with the
    avoiding modifiers: a Regular pilot has none, so 5- straight: p = 1/2)."""
    d = driver(turns=2, auto_chance=False)
    state = advance_to(d, "logs", "aircraft")
    act(d, "logs aircraft Flanker +stalled", state.referee)
    act(d, "logs aircraft done", state.referee)
    assert "stalled" in state.forces.planes["Flanker"].status
    state = advance_to_roll(d, "Stalled aircraft departs")
    check = state.pending_check()
    assert check is not None and check.probability() == Fraction(1, 2)


def test_a_bomb_leaves_a_blast_zone_removed_at_the_end_of_the_turn() -> None:
    d = driver()
    state = advance_to(d, "attack", "Eagle")
    act(d, "attack Eagle bomb:Mk-82:Depot")
    assert any(m.kind == "blast_zone" for m in state.forces.markers)
    bot = GunslingersAuto()
    d.run_bots({s: bot for s in range(d.game.num_players)}, max_decisions=200)
    removed = [e for e in d.events if e["type"] == "marker" and e["action"] == "remove"]
    assert any(e["kind"] == "blast_zone" for e in removed)
