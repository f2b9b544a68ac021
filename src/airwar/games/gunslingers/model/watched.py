"""How a unit's writes are noticed, and the attributes that last one turn (issue 23).

What each side knows is worked out again only when something it is worked out
from changes: the units' writes that matter move the :class:`Written` stamp on
(:class:`Watched`, :class:`WatchedSet`). :class:`ThisTurn` keeps an attribute
on the unit's ``this_turn`` object, replaced each turn.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Set
from typing import Any, ClassVar, Generic, Self, TypeVar, overload

T = TypeVar("T")

_WRITES = itertools.count(1)


class Written:
    """A stamp that changes whenever a unit is written in a way what a side knows of the
    enemy may depend on (issue 23): any write to a SAM unit, a warning radar, an AAA or a
    ground unit, and to an aircraft's place, life, radar (its contacts and lock-ons too)
    or noise arcs. What each side
    knows is kept while the stamp stays (``knowledge.knowledge``). Every write draws a
    number never drawn before (``itertools.count`` is one call), so the stamp never
    comes back to a value it had, whatever the games or threads that write."""

    stamp: ClassVar[int] = 0


class Watched:
    """A unit whose writes of the attributes ``WATCHED`` (None: of every attribute) move
    the :class:`Written` stamp on."""

    WATCHED: ClassVar[frozenset[str] | None] = None

    def __setattr__(self, name: str, value: Any) -> None:
        watched = self.WATCHED
        if watched is None or name in watched:
            touch()
        object.__setattr__(self, name, value)


def touch() -> None:
    Written.stamp = next(_WRITES)


class WatchedSet(set[str]):
    """A set of unit ids whose every change in place moves the :class:`Written` stamp on
    (an aircraft's radar contacts and lock-ons)."""

    def add(self, element: str) -> None:
        touch()
        super().add(element)

    def discard(self, element: object) -> None:
        touch()
        super().discard(element)

    def remove(self, element: str) -> None:
        touch()
        super().remove(element)

    def pop(self) -> str:
        touch()
        return super().pop()

    def clear(self) -> None:
        touch()
        super().clear()

    def update(self, *s: Iterable[str]) -> None:
        touch()
        super().update(*s)

    def difference_update(self, *s: Iterable[Any]) -> None:
        touch()
        super().difference_update(*s)

    def intersection_update(self, *s: Iterable[Any]) -> None:
        touch()
        super().intersection_update(*s)

    def symmetric_difference_update(self, s: Iterable[str]) -> None:
        touch()
        super().symmetric_difference_update(s)

    def __ior__(self, value: Set[str]) -> Self:  # type: ignore[override,misc]
        touch()
        return super().__ior__(value)

    def __iand__(self, value: Set[object]) -> Self:
        touch()
        return super().__iand__(value)

    def __isub__(self, value: Set[object]) -> Self:
        touch()
        return super().__isub__(value)

    def __ixor__(self, value: Set[str]) -> Self:  # type: ignore[override,misc]
        touch()
        return super().__ixor__(value)


class ThisTurn(Generic[T]):
    """An attribute of a unit that lasts one turn: read and written on the unit's
    ``this_turn`` object, which :func:`new_turn` replaces with a fresh one each turn."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type) -> ThisTurn[T]: ...
    @overload
    def __get__(self, obj: object, owner: type) -> T: ...
    def __get__(self, obj: object | None, owner: type) -> T | ThisTurn[T]:
        if obj is None:
            return self
        return getattr(obj.this_turn, self.name)  # type: ignore[attr-defined]

    def __set__(self, obj: object, value: T) -> None:
        setattr(obj.this_turn, self.name, value)  # type: ignore[attr-defined]
