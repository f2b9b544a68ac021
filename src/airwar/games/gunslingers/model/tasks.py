"""The referee's work queue: decisions to ask, checks and dice to roll, work to do next.

A step of the sequence (GS-7) never calls the dice or waits for a player
itself. It puts tasks on the state's queue: an :class:`Ask` (a seat must
decide), a :class:`CheckTask` (a check to roll: a chance node the kernel's Driver
resolves with its seeded generator), a :class:`Die` (a plain die roll with no
target, such as initiative), or a :class:`Do` (work to do once the tasks
before it are done). Tasks are plain values, so a state copies, replays and
saves exactly; what a task does when it is resolved is looked up by name in
the registries of :mod:`airwar.games.gunslingers.phases.registry`, filled by
the phase modules. (A die result, the chance action the kernel applies, is
:class:`~airwar.core.dice.Roll`.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from airwar.core.checks import Check
from airwar.core.dice import Dice


@dataclass(frozen=True)
class Ask:
    """A seat must decide: ``verb`` for ``subject`` (a unit id, or a task id)."""

    seat: int
    verb: str
    subject: str


@dataclass(frozen=True)
class CheckTask:
    """A check to roll; ``effect`` is told the outcome with ``args``."""

    check: Check
    effect: str
    args: tuple[str, ...] = ()
    about: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Die:
    """A die roll with no target number (initiative, roll-offs, GS-12)."""

    dice: Dice
    rule: str
    purpose: str
    effect: str
    args: tuple[str, ...] = ()
    modifiers: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Do:
    """Work to do once every task before it is resolved."""

    effect: str
    args: tuple[str, ...] = ()


Task = Ask | CheckTask | Die | Do


def about(**fields: Any) -> tuple[tuple[str, str], ...]:
    """Extra fields of a roll event (who rolls, at what), as a hashable tuple."""
    return tuple((k, str(v)) for k, v in fields.items())
