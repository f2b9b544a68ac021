"""Who has a game open (:mod:`airwar.web.presence`): a seat is here while one of its
streams is open, and gone only after the grace that covers a page's reconnection; seats
never seen are not told of; the hot-seat player is not told of its own other seat."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from airwar.web.presence import Presence

GAME = "g1"


@given(st.lists(st.sampled_from(["enter", "leave"]), max_size=30))
def test_a_seat_is_here_exactly_while_a_stream_is_open(moves: list[str]) -> None:
    p = Presence(grace=5.0)
    open_ = 0
    seen = False
    for move in moves:
        if move == "enter":
            p.enter(GAME, "Allied")
            open_ += 1
            seen = True
        elif open_ > 0:
            p.leave(GAME, "Allied")
            open_ -= 1
    shown = p.of(GAME, ["Allied"])
    if not seen:
        assert shown == {}
        return
    # at once, every seat seen is here (the grace); well after, only one with a stream open
    assert shown["Allied"]["here"] is True
    later = p.of(GAME, ["Allied"], now=1e12)
    assert later["Allied"]["here"] is (open_ > 0)
    if open_ == 0:
        assert later["Allied"]["left"] > 0


@pytest.mark.parametrize("ago", [0.0, 4.9, 5.0, 31.0])
def test_gone_only_after_the_grace_with_how_long_ago(ago: float) -> None:
    p = Presence(grace=5.0)
    p.enter(GAME, "Communist")
    p.leave(GAME, "Communist")
    left_at = p._gone[(GAME, "Communist")]
    shown = p.of(GAME, ["Communist", "Allied"], now=left_at + ago)
    assert set(shown) == {"Communist"}
    if ago < 5.0:
        assert shown["Communist"] == {"here": True}
    else:
        assert shown["Communist"] == {"here": False, "left": int(ago)}
    p.enter(GAME, "Communist")
    assert p.of(GAME, ["Communist"], now=left_at + ago) == {"Communist": {"here": True}}


def test_other_games_are_other_tables() -> None:
    p = Presence()
    p.enter("g2", "Allied")
    assert p.of(GAME, ["Allied"]) == {}
