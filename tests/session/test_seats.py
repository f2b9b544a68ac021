"""Seat assignments and the secret seat links."""

from __future__ import annotations

import pytest

from airwar.session.seats import SeatError, check_seats, new_tokens, seat_of_token

SEATS = ("Communist", "Allied")
BOTS = ["heuristic", "random"]


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ({}, {"Communist": "human", "Allied": "human"}),
        ({"Allied": "ai:heuristic"}, {"Communist": "human", "Allied": "ai:heuristic"}),
        ({"Communist": "remote", "Allied": "human"}, {"Communist": "remote", "Allied": "human"}),
    ],
)
def test_every_seat_is_assigned(given: dict[str, str], expected: dict[str, str]) -> None:
    assert check_seats(SEATS, given, BOTS) == expected


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"Soviet": "human"}, "unknown seat 'Soviet'"),
        ({"Allied": "ai:nobody"}, "seat Allied: 'ai:nobody' is not one of"),
        ({"Allied": "robot"}, "seat Allied: 'robot' is not one of"),
    ],
)
def test_bad_assignments_say_what_is_wrong(given: dict[str, str], message: str) -> None:
    with pytest.raises(SeatError, match=message):
        check_seats(SEATS, given, BOTS)


def test_bots_get_no_link_and_links_find_their_seat() -> None:
    tokens = new_tokens({"Communist": "ai:random", "Allied": "human", "Umpire": "remote"})
    assert set(tokens) == {"Allied", "Umpire"}
    assert tokens["Allied"] != tokens["Umpire"]
    assert seat_of_token(tokens, tokens["Umpire"]) == "Umpire"
    assert seat_of_token(tokens, "not-a-token") is None
    assert seat_of_token(tokens, None) is None
