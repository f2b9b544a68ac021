"""What each queued task does when it is resolved, by name: the phases' registries.

A task on the referee's queue (:mod:`airwar.games.gunslingers.model.tasks`)
names its effect; the phase modules register the effects here with
:func:`on_roll`, :func:`on_die`, :func:`on_do` and :func:`verb`. A
:class:`Verb` is a phase's public interface for one kind of choice: its
``choices`` list the legal decisions (for menus, the referee and the automatic
player alike), its ``check`` says why one is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.actions import Decision
    from airwar.games.gunslingers.model.state import GsModel
    from airwar.games.gunslingers.model.tasks import Ask


RollEffect = Callable[["GsModel", bool, int, tuple[str, ...]], None]
DieEffect = Callable[["GsModel", int, tuple[str, ...]], None]
DoEffect = Callable[["GsModel", tuple[str, ...]], None]


@dataclass(frozen=True)
class Verb:
    """A kind of decision: its legal choices, the reasons it refuses one, its effect.

    ``choices`` lists the legal decisions (the one source of truth for menus
    and bots); ``check`` raises :class:`~airwar.core.errors.IllegalAction`
    with the reason a decision is refused; ``apply`` carries it out.
    """

    name: str
    help: str
    choices: Callable[[GsModel, Ask], list[Decision]]
    check: Callable[[GsModel, Ask, Decision], None]
    apply: Callable[[GsModel, Ask, Decision], None]


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
    choices: Callable[[GsModel, Ask], list[Decision]],
    check: Callable[[GsModel, Ask, Decision], None],
) -> Callable[[Callable[[GsModel, Ask, Decision], None]], Callable[[GsModel, Ask, Decision], None]]:
    """Register a decision kind; decorates its ``apply`` function."""

    def deco(
        fn: Callable[[GsModel, Ask, Decision], None],
    ) -> Callable[[GsModel, Ask, Decision], None]:
        VERBS[name] = Verb(name, help, choices, check, fn)
        return fn

    return deco


def choices(state: GsModel, ask: Ask) -> list[Decision]:
    """The legal decisions for ``ask`` now: the one list the referee's menus, the
    terminal, the browser and the automatic player all offer."""
    return VERBS[ask.verb].choices(state, ask)
