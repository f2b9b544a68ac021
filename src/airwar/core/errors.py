"""Precise error types. Messages are written for players, not programmers."""

from __future__ import annotations


class AirwarError(Exception):
    """Base class of every error airwar raises on purpose."""


class IllegalAction(AirwarError):
    """An action that the rules do not allow now; the message says why."""


class OutOfTurn(IllegalAction):
    """An action from a seat that is not the one to act."""


class InvalidNotation(AirwarError):
    """Text that does not parse as an action, square, facing or type."""


class OptionError(AirwarError):
    """A game option that is unknown or out of its range."""


class RecordError(AirwarError):
    """A game record that is corrupt, foreign or does not replay."""


class UnknownGame(AirwarError):
    """A game name that is not in the registry."""
