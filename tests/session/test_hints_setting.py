"""The hint setting of a seat and the rematch plan, in the play session (every interface's).

Hints are off by default; only the person's seat of a game against the AI may
have them (after its move or always); never in a game between people, never to
a spectator, never once the game is over. A rematch keeps the players and swaps
the sides, carrying each player's hint setting to its new seat.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from airwar.bots.registry import make_bot
from airwar.session import HINT_MODES, SeatError, Sessions, hint_refusal
from airwar.store import Store

AI = "ai:random"


@pytest.fixture
def sessions(tmp_path: Path) -> Iterator[Sessions]:
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite'}")
    yield Sessions(store, make_bot)
    store.close()


@pytest.mark.parametrize(
    ("seats", "hints", "refused"),
    [
        ({"Communist": "human", "Allied": AI}, None, None),
        ({"Communist": "human", "Allied": AI}, {}, None),
        ({"Communist": "human", "Allied": AI}, {"Communist": "always"}, None),
        ({"Communist": "human", "Allied": AI}, {"Communist": "after"}, None),
        ({"Communist": "human", "Allied": AI}, {"Communist": "off", "Allied": "off"}, None),
        ({"Communist": "human", "Allied": AI}, {"Allied": "always"}, "only a seat played here"),
        ({"Communist": "human", "Allied": "remote"}, {"Communist": "always"}, "between people"),
        ({"Communist": "human", "Allied": "human"}, {"Allied": "after"}, "between people"),
        ({"Communist": "human", "Allied": "remote"}, {"Allied": "after"}, "only a seat played"),
        ({"Communist": "human", "Allied": "remote"}, {"Communist": "off"}, None),
        ({"Communist": AI, "Allied": AI}, {"Allied": "always"}, "only a seat played here"),
        ({"Communist": "human", "Allied": AI}, {"Nobody": "always"}, "unknown seat 'Nobody'"),
        ({"Communist": "human", "Allied": AI}, {"Communist": "loud"}, "not 'loud'"),
    ],
)
def test_which_seats_may_have_hints(
    seats: dict[str, str], hints: dict[str, str] | None, refused: str | None
) -> None:
    why = hint_refusal(seats, hints)
    if refused is None:
        assert why is None
    else:
        assert why is not None and refused in why


def test_a_refused_setting_makes_no_game(sessions: Sessions) -> None:
    with pytest.raises(SeatError, match="between people"):
        sessions.create(
            "migs-engagement",
            {"Communist": "human", "Allied": "remote"},
            hints={"Communist": "always"},
        )
    assert sessions.store.list_games() == []


@pytest.mark.parametrize("mode", HINT_MODES)
def test_the_setting_is_kept_and_read_back_after_a_reload(sessions: Sessions, mode: str) -> None:
    live = sessions.create(
        "migs-engagement",
        {"Communist": "human", "Allied": AI},
        seed=5,
        options={"first": "active"},
        hints={"Communist": mode},
    )
    assert live.hints_for("Communist") == mode
    assert live.hints_for(None) == "off"  # a spectator
    sessions.forget(live.id)
    again = sessions.get(live.id, resume_bots=False)
    assert again.hints_for("Communist") == mode
    # advice while it is the seat's turn only when always; the position once its move is made
    mine = again.to_act() == "Communist"
    expected = {"off": None, "always": "all", "after": None if mine else "position"}[mode]
    assert again.hints_now("Communist") == expected


def test_hints_are_off_once_the_game_is_over(sessions: Sessions) -> None:
    live = sessions.create(
        "migs-engagement",
        {"Communist": "human", "Allied": AI},
        seed=3,
        options={"turn_limit": 1, "first": "active"},
        hints={"Communist": "always"},
    )
    me = live.seat_index("Communist")
    while not live.finished:
        acts = live.view("Communist")["engagement"]["legal_actions"]
        sessions.act(
            live, me, ["fire" if any(a["action"] == "fire" for a in acts) else acts[0]["action"]]
        )
    assert live.hints_for("Communist") == "off"
    assert live.hints_now("Communist") is None


def test_a_rematch_swaps_the_sides_and_carries_the_settings(sessions: Sessions) -> None:
    live = sessions.create(
        "migs-engagement",
        {"Communist": "human", "Allied": AI},
        seed=3,
        hints={"Communist": "after"},
    )
    assert live.rematch_seats() == {"Communist": AI, "Allied": "human"}
    assert live.rematch_hints() == {"Allied": "after"}
    swapped = sessions.create("migs-engagement", live.rematch_seats(), hints=live.rematch_hints())
    assert swapped.hints_for("Allied") == "after"
    assert swapped.rematch_seats() == live.seats
