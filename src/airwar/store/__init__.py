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

import importlib
from typing import TYPE_CHECKING, Any

from airwar.store.checks import MAX_LISTED, STATUSES
from airwar.store.errors import GameChanged, GameNotFound, StoreError
from airwar.store.memory import InMemoryStore
from airwar.store.saved import GameListing, StoredGame
from airwar.store.storage import Storage

if TYPE_CHECKING:
    from airwar.store.opening import ENV_VAR, default_database_url
    from airwar.store.store import Store

_LATER = {"ENV_VAR": "opening", "Store": "store", "default_database_url": "opening"}
"""Names read from their modules (:mod:`airwar.store.store`, :mod:`airwar.store.opening`)
when first asked for: importing the
package for its errors, its interface or its store in memory (the play session, a
command that may never open a database) does not load SQLAlchemy and Alembic
(about 0.7 s)."""


def __getattr__(name: str) -> Any:
    if name in _LATER:
        return getattr(importlib.import_module(f"airwar.store.{_LATER[name]}"), name)
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
