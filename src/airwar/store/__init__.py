"""Persistence: saved games in a real database (SQLAlchemy + Alembic).

SQLite in the user's data folder by default; ``AIRWAR_DATABASE_URL`` or an
explicit URL selects any other database SQLAlchemy reaches (PostgreSQL too).
The record format itself is :mod:`airwar.core.record` (see
``docs/record-format.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from airwar.store.errors import GameChanged, GameNotFound, StoreError

if TYPE_CHECKING:
    from airwar.store.store import (
        ENV_VAR,
        MAX_LISTED,
        STATUSES,
        GameListing,
        Store,
        StoredGame,
        default_database_url,
    )

_FROM_STORE = frozenset(
    (
        "ENV_VAR",
        "MAX_LISTED",
        "STATUSES",
        "GameListing",
        "Store",
        "StoredGame",
        "default_database_url",
    )
)
"""Names read from :mod:`airwar.store.store` when first asked for: importing the
package for its errors (the play session, a command that may never open a
database) does not load SQLAlchemy and Alembic (about 0.7 s)."""


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
    "Store",
    "StoreError",
    "StoredGame",
    "default_database_url",
]
