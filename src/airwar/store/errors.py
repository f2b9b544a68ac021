"""Errors of the store: every one is an :class:`AirwarError` with a one-line message."""

from __future__ import annotations

from airwar.core.errors import AirwarError


class StoreError(AirwarError):
    """The database cannot be opened or written (bad URL, unreachable server)."""


class GameNotFound(StoreError):
    """No saved game has the given id."""


class GameChanged(StoreError):
    """The saved game moved on elsewhere (another page or terminal) since this copy was read."""
