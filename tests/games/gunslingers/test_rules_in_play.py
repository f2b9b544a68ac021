"""The rules of GS-44..GS-55 in whole games: the automatic player plays them to the end
under every option, each new event names its rule, and the explained log reads them."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from airwar.core import Driver
from airwar.games.gunslingers import GunslingersGame
from airwar.games.gunslingers.autoplayer import GunslingersAuto
from airwar.games.gunslingers.model.scenario import read_scenario_data
from airwar.games.gunslingers.narrate import describe
from airwar.games.gunslingers.referee import GsState
from tests.examples import GUNSLINGERS_EXAMPLES
from tests.games.gunslingers.test_rules_full_rules_hooks import _guided_strike

NEW_EVENTS = {
    "suppressed", "preemption", "pre_empts", "shootout", "barrage_attack", "disengaged",
    "operational_move",
}  # fmt: skip


def _strike_belt() -> dict[str, Any]:
    data = read_scenario_data(GUNSLINGERS_EXAMPLES / "strike-sam-belt.toml")
    data["scenario"]["operational_scale"] = 4
    for i, a in enumerate(data["aircraft"]):
        if i % 2:
            a["fuel"] = 2
    return data


STRIKE = _strike_belt()


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    preemption=st.sampled_from(["referee", "sides", "off"]),
    flags=st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()),
)
def test_the_automatic_player_plays_every_option_to_the_end(
    seed: int, preemption: str, flags: tuple[bool, bool, bool, bool]
) -> None:
    shootouts, radar_los, on_move, bingo = flags
    options = {
        "scenario_data": STRIKE,
        "turns": 2,
        "preemption": preemption,
        "shootouts": shootouts,
        "radar_line_of_sight": radar_los,
        "status_on_move": on_move,
        "bingo_disengages": bingo,
    }
    d = Driver(GunslingersGame(options), seed)
    bot = GunslingersAuto()
    d.run_bots({s: bot for s in range(d.game.num_players)})
    assert d.state.is_terminal()
    for e in d.events:
        if e["type"] in NEW_EVENTS:
            assert str(e["rule"]).startswith("GS-"), e
        assert describe(e)
    gone = [e for e in d.events if e["type"] == "disengaged" and e["reason"] == "Bingo fuel"]
    fuelled = [a["id"] for a in STRIKE["aircraft"] if "fuel" in a]
    if bingo:  # every aircraft given 2 turns of fuel is out by the end of turn 2
        state = d.state
        assert isinstance(state, GsState)
        assert gone and not any(state.forces.planes[a].alive for a in fuelled)
    else:
        assert not gone


def test_the_explained_log_reads_the_new_events() -> None:
    played = _guided_strike("SA-2", "destroyed")
    lines = [describe(e) for e in played.events]
    assert any("shoot-out: SA-2 meets W" in line and "(GS-53)" in line for line in lines)
    line = describe({"type": "disengaged", "aircraft": "Viper-1", "hex": "3,4",
                     "reason": "Bingo fuel", "rule": "GS-54"})  # fmt: skip
    assert line == "    Viper-1 disengages at 3,4: Bingo fuel (GS-54)"
    move = describe({"type": "operational_move", "flight": "Viper-1", "rule": "GS-55",
                     "moves": [{"aircraft": "Viper-1", "frm": "0,0", "to": "3,0"}]})  # fmt: skip
    assert move == "    Viper-1's flight moves at operational scale: Viper-1 0,0 -> 3,0 (GS-55)"
    held = describe({"type": "suppressed", "unit": "SA-6", "what": "launch", "rule": "GS-38"})
    assert held == "    SA-6 is suppressed and does not launch (GS-38)"
