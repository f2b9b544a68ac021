"""The referee's work queue: decisions to ask, dice to roll, work to do next.

A step of the sequence (GS-7) never calls the dice or waits for a player
itself. It puts tasks on the state's queue: an :class:`Ask` (a seat must
decide), a :class:`Roll` (a check to roll: a chance node the kernel's Driver
resolves with its seeded generator), a :class:`Die` (a plain die roll with no
target, such as initiative), or a :class:`Do` (work to do once the tasks
before it are done). Tasks are plain values, so a state copies, replays and
saves exactly; what a task does when it is resolved is looked up by name in
the registries below, filled by the ``steps_*`` modules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from airwar.core.checks import Check
from airwar.core.dice import Dice

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.actions import Decision
    from airwar.games.gunslingers.referee import GsState


@dataclass(frozen=True)
class Ask:
    """A seat must decide: ``verb`` for ``subject`` (a unit id, or a task id)."""

    seat: int
    verb: str
    subject: str


@dataclass(frozen=True)
class Roll:
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


Task = Ask | Roll | Die | Do

RollEffect = Callable[["GsState", bool, int, tuple[str, ...]], None]
DieEffect = Callable[["GsState", int, tuple[str, ...]], None]
DoEffect = Callable[["GsState", tuple[str, ...]], None]


@dataclass(frozen=True)
class Verb:
    """A kind of decision: its legal choices, the reasons it refuses one, its effect.

    ``choices`` lists the legal decisions (the one source of truth for menus
    and bots); ``check`` raises :class:`~airwar.core.errors.IllegalAction`
    with the reason a decision is refused; ``apply`` carries it out.
    """

    name: str
    help: str
    choices: Callable[[GsState, Ask], list[Decision]]
    check: Callable[[GsState, Ask, Decision], None]
    apply: Callable[[GsState, Ask, Decision], None]


ROLL_EFFECTS: dict[str, RollEffect] = {}
DIE_EFFECTS: dict[str, DieEffect] = {}
DO_EFFECTS: dict[str, DoEffect] = {}
VERBS: dict[str, Verb] = {}


def on_roll(name: str) -> Callable[[RollEffect], RollEffect]:
    def deco(fn: RollEffect) -> RollEffect:
        ROLL_EFFECTS[name] = fn
        return fn

    return deco


def on_die(name: str) -> Callable[[DieEffect], DieEffect]:
    def deco(fn: DieEffect) -> DieEffect:
        DIE_EFFECTS[name] = fn
        return fn

    return deco


def on_do(name: str) -> Callable[[DoEffect], DoEffect]:
    def deco(fn: DoEffect) -> DoEffect:
        DO_EFFECTS[name] = fn
        return fn

    return deco


def verb(
    name: str,
    help: str,
    choices: Callable[[GsState, Ask], list[Decision]],
    check: Callable[[GsState, Ask, Decision], None],
) -> Callable[[Callable[[GsState, Ask, Decision], None]], Callable[[GsState, Ask, Decision], None]]:
    """Register a decision kind; decorates its ``apply`` function."""

    def deco(
        fn: Callable[[GsState, Ask, Decision], None],
    ) -> Callable[[GsState, Ask, Decision], None]:
        VERBS[name] = Verb(name, help, choices, check, fn)
        return fn

    return deco


def about(**fields: Any) -> tuple[tuple[str, str], ...]:
    """Extra fields of a roll event (who rolls, at what), as a hashable tuple."""
    return tuple((k, str(v)) for k, v in fields.items())
