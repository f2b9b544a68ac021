"""Persistence: saved games in a real database (SQLAlchemy + Alembic).

One interface, :class:`Storage` (after boardgame.io's ``StorageAPI``), and two
stores: :class:`Store`, a real database (SQLite in the user's data folder by
default; ``AIRWAR_DATABASE_URL`` or an explicit URL selects any other database
SQLAlchemy reaches, PostgreSQL too), and :class:`InMemoryStore`, a process's
memory, for a game nobody keeps.
The record format itself is :mod:`airwar.core.record` (see
``docs/record-format.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from airwar.store.checks import MAX_LISTED, STATUSES
from airwar.store.errors import GameChanged, GameNotFound, StoreError
from airwar.store.memory import InMemoryStore
from airwar.store.saved import GameListing, StoredGame
from airwar.store.storage import Storage

if TYPE_CHECKING:
    from airwar.store.store import ENV_VAR, Store, default_database_url

_FROM_STORE = frozenset(("ENV_VAR", "Store", "default_database_url"))
"""Names read from :mod:`airwar.store.store` when first asked for: importing the
package for its errors, its interface or its store in memory (the play session, a
command that may never open a database) does not load SQLAlchemy and Alembic
(about 0.7 s)."""


def __getattr__(name: str) -> Any:
    if name in _FROM_STORE:
        from airwar.store import store

        return getattr(store, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ENV_VAR",
    "MAX_LISTED",
    "STATUSES",
    "GameChanged",
    "GameListing",
    "GameNotFound",
    "InMemoryStore",
    "Storage",
    "Store",
    "StoreError",
    "StoredGame",
    "default_database_url",
]
