"""Who plays each seat of a game, and the secret seat links.

A seat is played by ``"human"`` (the person who created the game: at its
browser or terminal; two human seats make a hot-seat game), ``"remote"`` (a
second browser, reached through its own secret link) or ``"ai:<bot>"`` (a
bot). A seat may also be ``"assist:<bot>"``: a person with their own secret
link, for whom the bot makes every decision the game calls routine
(:meth:`~airwar.core.game.GameState.needs_person`); the person makes the rest.
It is a person everywhere else (links, views, undo, hints, rematch). Every
seat that is not a bot gets a secret token; the token is the only way to act
for its seat, so a move sent with another seat's token, or with none, is
refused. In the browser app a token is claim-once: the first browser to use
it holds the seat (``airwar.web.service``); the terminal holds its seats
itself and uses no token.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping

from airwar.core.errors import AirwarError
from airwar.core.game import Game

HUMAN = "human"
REMOTE = "remote"
AI_PREFIX = "ai:"
ASSIST_PREFIX = "assist:"


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


def is_assisted(kind: str) -> bool:
    """Whether the seat is a person helped by a bot for the routine decisions."""
    return kind.startswith(ASSIST_PREFIX)


def helper_bot(kind: str) -> str | None:
    """The bot of a seat that has one: a bot's own, or the helper of an assisted person."""
    if is_ai(kind):
        return bot_name(kind)
    if is_assisted(kind):
        return kind[len(ASSIST_PREFIX) :]
    return None


def is_away(kind: str) -> bool:
    """Whether the seat is played by a person on another browser (its own link)."""
    return kind == REMOTE or is_assisted(kind)


def default_seats(
    seat_names: tuple[str, ...], referee: str | None, assistant: str | None
) -> dict[str, str]:
    """Who plays each seat when a new game does not say.

    Without a referee seat: the person here plays every seat (hot seat). With one,
    nobody is given a side and the referee (who sees everything): the first side
    is the person here, the other sides people on other browsers, and the referee
    is the game's automatic player (``assistant``), which holds no link and makes
    every decision, the results the rules leave to a referee among them (GS-70).
    A person referees only when the game's creator chooses so.
    """
    if referee is None or referee not in seat_names:
        return dict.fromkeys(seat_names, HUMAN)
    out: dict[str, str] = {}
    sides = [n for n in seat_names if n != referee]
    for i, name in enumerate(sides):
        out[name] = HUMAN if i == 0 else REMOTE
    out[referee] = AI_PREFIX + assistant if assistant else REMOTE
    return out


def human_seats(seats: Mapping[str, str]) -> list[str]:
    """The seats played by people (here or on another browser)."""
    return [name for name, kind in seats.items() if not is_ai(kind)]


def seat_kinds(bots: list[str]) -> list[str]:
    """Every kind a seat may be given, with these bots."""
    return [HUMAN, REMOTE, *(AI_PREFIX + b for b in bots), *(ASSIST_PREFIX + b for b in bots)]


def check_seats(
    seat_names: tuple[str, ...],
    seats: Mapping[str, str],
    bots: list[str],
    defaults: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """Every seat of the game assigned exactly once to a human, a remote player, a known
    bot or a person helped by a known bot; a seat not given takes its ``defaults`` kind
    (the person here when there are none)."""
    out: dict[str, str] = {}
    unknown = [s for s in seats if s not in seat_names]
    if unknown:
        raise SeatError(f"unknown seat {unknown[0]!r} (seats: {', '.join(seat_names)})")
    for name in seat_names:
        kind = seats.get(name, (defaults or {}).get(name, HUMAN))
        helper = helper_bot(kind)
        if kind in (HUMAN, REMOTE) or (helper is not None and helper in bots):
            out[name] = kind
        else:
            allowed = ", ".join(seat_kinds(bots))
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
