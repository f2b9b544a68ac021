"""Errors of the Bounce Into Action firing rules, one type per kind of mistake.

Every message is one line a player understands: it names the value that is
wrong, where it is, and what is allowed instead.
"""

from __future__ import annotations

from airwar.core.errors import AirwarError, IllegalAction, InvalidNotation


class BiaError(AirwarError):
    """Base class of the Bounce Into Action errors."""


class UnknownValue(BiaError, InvalidNotation):
    """A system, speed, manoeuvrability, weapon or grade that the tables do not list."""


class NotAllowed(BiaError, IllegalAction):
    """A shot or a modifier the rules forbid (first pass of a loitering aircraft, ...)."""


class OutOfRange(NotAllowed):
    """A target beyond the system's or the weapon's range."""


class ScenarioError(BiaError):
    """A malformed engagement file; the message names the file, table and key."""
