"""Who plays each seat of a game, and the secret seat links.

A seat is played by ``"human"`` (the person who created the game: at its
browser or terminal; two human seats make a hot-seat game), ``"remote"`` (a
second browser, reached through its own secret link) or ``"ai:<bot>"`` (a
bot). Every seat that is not a bot gets a secret token; the token is the
only way to act for its seat, so a move sent with another seat's token, or
with none, is refused.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping

from airwar.core.errors import AirwarError
from airwar.core.game import Game

HUMAN = "human"
REMOTE = "remote"
AI_PREFIX = "ai:"


class SeatError(AirwarError):
    """A seat assignment that names an unknown seat, player kind or bot."""


class SeedRefused(SeatError):
    """A seed given for a game between two people (their dice come from a secret seed)."""


def seat_names(game: Game) -> tuple[str, ...]:
    """The seat names of this game (a scenario may name its own sides)."""
    return tuple(game.seat_name(i) for i in range(game.num_players))


def is_ai(kind: str) -> bool:
    return kind.startswith(AI_PREFIX)


def bot_name(kind: str) -> str:
    return kind[len(AI_PREFIX) :]


def human_seats(seats: Mapping[str, str]) -> list[str]:
    """The seats played by people (here or on another browser)."""
    return [name for name, kind in seats.items() if not is_ai(kind)]


def check_seats(
    seat_names: tuple[str, ...], seats: Mapping[str, str], bots: list[str]
) -> dict[str, str]:
    """Every seat of the game assigned exactly once to a human, a remote player or a known bot."""
    out: dict[str, str] = {}
    unknown = [s for s in seats if s not in seat_names]
    if unknown:
        raise SeatError(f"unknown seat {unknown[0]!r} (seats: {', '.join(seat_names)})")
    for name in seat_names:
        kind = seats.get(name, HUMAN)
        if kind in (HUMAN, REMOTE) or (is_ai(kind) and bot_name(kind) in bots):
            out[name] = kind
        else:
            allowed = ", ".join([HUMAN, REMOTE, *(AI_PREFIX + b for b in bots)])
            raise SeatError(f"seat {name}: {kind!r} is not one of {allowed}")
    return out


def new_tokens(seats: Mapping[str, str]) -> dict[str, str]:
    """A fresh secret token for every seat that is not a bot."""
    return {name: secrets.token_urlsafe(16) for name, kind in seats.items() if not is_ai(kind)}


def seat_of_token(tokens: Mapping[str, str], token: str | None) -> str | None:
    """The seat name whose token this is (compared in constant time), or None."""
    if not token:
        return None
    found = None
    for name, secret in tokens.items():
        if secrets.compare_digest(secret.encode(), token.encode()):
            found = name
    return found
