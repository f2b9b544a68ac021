"""The MiGs games narrate their own events: one wording for the terminal and the browser.

A line read alone (:meth:`Game.narrate` with the state, as the session adds it to each
event it sends) is the line the terminal's narrator tells reading the log in order, so
the two interfaces cannot drift apart."""

from __future__ import annotations

from typing import Any

import pytest

from airwar.bots.random_bot import RandomBot
from airwar.core import load_game, play_bots
from airwar.games.migs_sabres.narrate import Narrator


@pytest.mark.parametrize(
    ("name", "options", "seed"),
    [
        ("migs-sabres", {"pilots": True, "listed_pilots": True, "turn_limit": 4}, 12),
        ("migs-sabres", {"sorties": 1, "strike_from_chart": True}, 5),
        ("migs-engagement", {"active_ace": True}, 3),
    ],
)
def test_a_line_read_alone_is_the_line_told_in_order(
    name: str, options: dict[str, Any], seed: int
) -> None:
    game = load_game(name, options)
    driver = play_bots(game, {0: RandomBot(seed), 1: RandomBot(seed + 1)}, seed)
    told = Narrator()
    named = 0
    for event in driver.state.log:
        in_order = [line for line in told.lines(event) if line.strip()]
        alone = game.narrate(event, driver.state)
        assert alone == "\n".join(in_order), event
        if event["type"] == "step":
            plane = told.planes[event["plane"]]["type"]
            assert alone.lstrip().startswith(f"{plane} {event['step']}:"), alone
            named += 1
    assert named, "the game took no step"


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (
            {"type": "marker_move", "side": "allied", "frm": 21, "to": None, "seq": 0},
            "The Allied marker moves from square 21 past the last square (22): "
            "the sortie is over (MS-3).",
        ),
        (
            {
                "type": "marker_move",
                "side": "communist",
                "frm": 3,
                "to": 7,
                "listed": "F-80",
                "result": "engagement",
                "seq": 0,
            },
            "Square 7 lists an enemy F-80: ENGAGEMENT (III.A, MS-4).",
        ),
        (
            {
                "type": "step",
                "plane": "active",
                "step": "F",
                "frm": "a1",
                "square": "a2",
                "facing": "N",
                "cost": 1,
                "mp_left": 7,
                "seq": 0,
            },
            "  the active plane F: a1 -> a2 facing N (1 MP, 7 left)",
        ),
        (
            {"type": "game_end", "winner": None, "reason": "resigned", "seq": 0},
            "GAME OVER: a draw (resigned).",
        ),
    ],
)
def test_an_event_without_its_engagement_is_still_told(event: dict[str, Any], line: str) -> None:
    assert load_game("migs-sabres", {}).narrate(event) == line
