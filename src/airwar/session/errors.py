"""What the play session refuses, in words every interface shows as they are."""

from __future__ import annotations

from airwar.core.errors import AirwarError


class Forbidden(AirwarError):
    """Acting or looking for a seat without its link."""


class Conflict(AirwarError):
    """A request the rules or the game's situation refuse (illegal, out of turn, no undo)."""


GAME_OVER = (
    "the game is over and its record reveals the seed and the salt: a game whose every "
    "later roll is known never runs again, so nothing is taken back (a rematch starts a "
    "new game with a new secret seed)"
)

STALE_DECISION = (
    "this decision was made at version {sent} of the game, which is now at version {now}: "
    "the game changed since (a decision sent twice, or one made on an old page), so it is "
    "not applied; reload and decide again"
)


class StaleDecision(Conflict):
    """A decision made at a version of the game it is no longer at (sent twice, or stale)."""

    def __init__(self, sent: int, now: int) -> None:
        super().__init__(STALE_DECISION.format(sent=sent, now=now))
