"""Bounce Into Action's log lines come from the game (``games/bia/narrate.py``): every kind
of event an engagement logs has its line, and the terminal prints those lines as they are."""

from __future__ import annotations

import random

import pytest

from airwar.core.game import CHANCE
from airwar.games.bia.engagement import BiaEngagementGame
from airwar.games.bia.narrate import SPACED, narrate, rows

KINDS = {"engagement", "turn", "roll_off", "firing_order", "holds_fire", "roll", "end"}
"""Every kind of event an engagement logs."""


def played(options: dict[str, object], seed: int) -> list[dict[str, object]]:
    game = BiaEngagementGame(options)
    state = game.new_initial_state()
    rnd = random.Random(seed)
    while not state.is_terminal():
        assert state.current_actor() == CHANCE  # an engagement is all rolls
        state.apply(rnd.choice(state.chance_outcomes())[0])
    return state.log.since(0)


@pytest.mark.parametrize("sample", range(len(BiaEngagementGame.samples())))
def test_every_event_of_every_sample_has_its_line(sample: int) -> None:
    options = dict(BiaEngagementGame.samples()[sample])
    events = played(options, seed=sample + 1)
    assert {str(e["type"]) for e in events} <= KINDS
    for e in events:
        line = BiaEngagementGame(options).narrate(e)
        assert line is not None and line == "\n".join(rows(e)), e
        assert "" not in line.split("\n")  # spacing is the terminal's, not the line's


def test_a_shot_is_told_with_its_hit_number_modifiers_and_odds_before_the_roll() -> None:
    shot = {
        "type": "roll", "firer": "ZSU-23-4", "system_name": "23 mm", "dice": "2d6",
        "target": "F-4E", "hit_number": 8,
        "modifiers": [{"reason": "low and slow", "value": 2, "rule": "BIA-3"},
                      {"reason": "ECM", "value": -1, "rule": "BIA-7"}],
        "notes": ["first pass"], "need": "8+", "p_shot_down": "5/36", "p_damaged": "10/36",
        "p_miss": "21/36", "roll": 9, "effect": "damaged", "status": "damaged",
    }  # fmt: skip
    assert narrate(shot) == "\n".join([
        "  ZSU-23-4 fires 23 mm (2d6) at F-4E",
        "    hit number 8 = low and slow +2 (BIA-3); ECM -1 (BIA-7)",
        "    note: first pass",
        "    to hit: 8+; odds before the roll: shot down 5/36, damaged 10/36, miss 21/36 (BIA-4)",
        "    rolled 9: damaged; F-4E is now damaged",
    ])  # fmt: skip


def test_an_event_no_line_tells_has_none_and_the_spaced_kinds_are_events() -> None:
    assert narrate({"type": "game_start"}) is None
    assert SPACED <= KINDS
