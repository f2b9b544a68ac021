"""What the play session, the browser app and the commands ask of a store: :class:`Storage`.

After boardgame.io's ``StorageAPI``: one small interface with two implementations,
:class:`~airwar.store.store.Store` (a real database through SQLAlchemy) and
:class:`~airwar.store.memory.InMemoryStore` (a process's memory: nothing is kept,
nothing is opened). Both keep the same promises:

- every write is whole or nothing, and a refused write changes nothing;
- a writer that names what its copy holds (``expected_index``, the number of
  decisions; ``expected_digest``, the digest of its log) is refused with
  :class:`~airwar.store.errors.GameChanged` when the saved game moved on, so
  two writers never interleave;
- the same input is refused with the same one-line
  :class:`~airwar.store.errors.StoreError` (the checks are shared:
  :mod:`airwar.store.checks`), an unknown id with
  :class:`~airwar.store.errors.GameNotFound`;
- listings are newest first (last updated, then last created, then by id);
- one store may be used by many threads at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Protocol, Self

from airwar.core.record import GameRecord
from airwar.store.saved import GameListing, StoredGame


class Storage(Protocol):
    """The saved games, as the session, the browser app and the commands use them."""

    url: str
    """Where the games are kept (a database URL, or ``memory:``)."""
    listeners: list[Callable[[str], None]]
    """Called with a game's id after each write to it in this process (the browser app
    wakes the game's live updates with it)."""

    # -- games and their decisions ------------------------------------------
    def create_game(
        self,
        record: GameRecord,
        *,
        title: str,
        seats: Mapping[str, str],
        meta: Mapping[str, Any] | None = None,
    ) -> str:
        """Save a new game now; returns its short unique id (8 hex digits)."""
        ...

    def append_actions(
        self,
        game_id: str,
        actions: Sequence[tuple[int, str]],
        *,
        expected_index: int,
        log_digest: str | None = None,
        status: str | None = None,
        summary: Mapping[str, Any] | None = None,
        expected_digest: str | None = None,
    ) -> None:
        """Save a path of decisions (seat, text) and the game's new digest, status and
        summary, all or nothing; GameChanged when the saved game is not the caller's copy."""
        ...

    def head(self, game_id: str) -> tuple[int, str | None]:
        """The saved decision count and log digest of ``game_id`` (one small read)."""
        ...

    def update(
        self,
        game_id: str,
        *,
        status: str | None = None,
        summary: Mapping[str, Any] | None = None,
        meta: Mapping[str, Any] | None = None,
        record: GameRecord | None = None,
        title: str | None = None,
        seats: Mapping[str, str] | None = None,
        expected_index: int | None = None,
        expected_digest: str | None = None,
    ) -> None:
        """Change what is given (a new ``record`` of the same game replaces its
        decisions: a take-back), all or nothing."""
        ...

    def load(self, game_id: str) -> StoredGame:
        """The saved game ``game_id`` with its record."""
        ...

    # -- listings -----------------------------------------------------------
    def list_summaries(
        self,
        game: str | None = None,
        limit: int = 200,
        *,
        offset: int = 0,
        any_meta: Mapping[str, str | bool] | None = None,
        holder: str | None = None,
    ) -> list[GameListing]:
        """The ``limit`` most recently updated games (of ``game``), after ``offset``,
        without their decisions; with ``any_meta`` or ``holder``, only the games whose
        notes hold one of those pairs or where that key holds a seat."""
        ...

    def list_games(self, game: str | None = None, limit: int = 200) -> list[StoredGame]:
        """The ``limit`` most recently updated games (of ``game``), each with its record."""
        ...

    def changed_since(self, moment: datetime, limit: int = 1000) -> list[tuple[str, datetime]]:
        """The games updated at or after ``moment`` (id, when), oldest first."""
        ...

    # -- seat holders: which browser holds each seat link ---------------------
    def seat_holders(self, game_id: str) -> dict[str, str]:
        """Seat name -> the key of the browser that holds it."""
        ...

    def hold_seats(self, game_id: str, holders: Mapping[str, str]) -> None:
        """Give these seats to these holders."""
        ...

    def claim_seat(self, game_id: str, seat: str, holder: str) -> str:
        """Hold ``seat`` for ``holder`` unless held; returns who holds it after."""
        ...

    def offer_seat_move(self, game_id: str, seat: str, holder: str, move_key: str) -> bool:
        """Open a move of ``seat`` with ``move_key``, if ``holder`` holds it."""
        ...

    def take_seat_move(self, game_id: str, move_key: str, holder: str) -> str | None:
        """Take the open move with ``move_key`` for ``holder``, once: its seat, or None."""
        ...

    # -- leases: which process does a piece of shared work --------------------
    def claim_lease(self, name: str, holder: str, seconds: float) -> bool:
        """Hold the lease ``name`` for ``seconds`` if free, expired or already ``holder``'s."""
        ...

    def release_lease(self, name: str, holder: str) -> None:
        """Give up the lease ``name`` if ``holder`` holds it."""
        ...

    def lease_holder(self, name: str) -> str | None:
        """Who holds the lease ``name`` now (None: nobody, or it expired)."""
        ...

    # -- closing ----------------------------------------------------------------
    def close(self) -> None:
        """Release what the store holds open."""
        ...

    def __enter__(self) -> Self: ...

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...
