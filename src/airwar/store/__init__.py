"""Persistence: saved games in a real database (SQLAlchemy + Alembic).

SQLite in the user's data folder by default; ``AIRWAR_DATABASE_URL`` or an
explicit URL selects any other database SQLAlchemy reaches (PostgreSQL too).
The record format itself is :mod:`airwar.core.record` (see
``docs/record-format.md``).
"""

from airwar.store.errors import GameChanged, GameNotFound, StoreError
from airwar.store.store import (
    ENV_VAR,
    MAX_LISTED,
    STATUSES,
    GameListing,
    Store,
    StoredGame,
    default_database_url,
)

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
