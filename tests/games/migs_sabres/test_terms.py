"""The typed words of MiGs and Sabres carry the very words the views, the events, the
records and the browser's script have always carried, in the order the AI adapters'
observation lays them out."""

from __future__ import annotations

import random

from airwar.adapters.migs import STEPS
from airwar.core import Driver, load_game
from airwar.games.migs_sabres import EngagementState, MigsState
from airwar.games.migs_sabres.terms import EndReason, GamePhase, MoveEnd, Phase


def test_the_words_are_the_ones_records_and_views_carry() -> None:
    assert [p.value for p in Phase] == [
        "first_red",
        "first_blue",
        "mp",
        "move",
        "return_fire",
        "kill",
        "over",
    ]
    assert tuple(Phase) == STEPS  # the observation's one-hot "step", in this order
    assert {r.value for r in EndReason} == {
        "shot down",
        "both fired",
        "turn limit",
        "neither plane can move",
    }
    assert {m.value for m in MoveEnd} == {
        "no legal step",
        "no affordable legal step",
        "fired",
        "held fire",
    }
    assert Phase.MOVE == "move" and f"{GamePhase.LISTED_PILOT}" == "listed_pilot"


def test_every_phase_met_in_play_is_typed_and_the_log_holds_plain_words() -> None:
    seen: set[str] = set()
    for seed in range(4):
        rng = random.Random(seed)
        options = {"sorties": 2, "turn_limit": 0 if seed == 3 else 2, "pilots": True}
        d = Driver(load_game("migs-sabres", options), seed, auto_chance=False)
        while not d.state.is_terminal():
            state = d.state
            assert isinstance(state, MigsState)
            assert type(state.phase) is GamePhase
            seen.add(state.phase.value)
            if state.engagement is not None:
                assert type(state.engagement.phase) is Phase
                seen.add(state.engagement.phase.value)
            if state.current_actor() < 0:
                d.roll()
            else:
                d.act(rng.choice(state.legal_actions()), state.current_actor())
        for event in d.state.log:
            for key in ("reason", "step"):
                if key in event:
                    assert type(event[key]) in (str, type(None)), (key, event)
    assert {"opening_red", "marker", "engagement", "first_red", "mp", "move"} <= seen
    one = load_game("migs-engagement", {"first": "active"}).new_initial_state()
    assert isinstance(one, EngagementState) and one.engagement.phase is Phase.MP
