"""The database under the :class:`~airwar.store.store.Store`: its engine, one
transaction at a time, the notices of a change (to this process's listeners, and
to other processes through PostgreSQL's ``NOTIFY``)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import datetime
from typing import Any, Self

from sqlalchemy import Connection, select
from sqlalchemy import text as sql_text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from airwar.store.checks import aware, first_line
from airwar.store.errors import GameNotFound, StoreError
from airwar.store.models import GameRow
from airwar.store.opening import WRITE, default_database_url, hidden, open_engine

CHANGES_CHANNEL = "airwar_games"
"""The PostgreSQL channel on which each write names the game it changed."""


class Database:
    """The database at ``url`` (see :func:`default_database_url`) and its transactions:
    what every part of the :class:`~airwar.store.store.Store` writes and reads through.

    Opening runs the schema migrations up to the newest revision.
    """

    def __init__(self, url: str | None = None, *, create: bool = True) -> None:
        """Open the store at ``url``; with ``create=False`` (a command that only reads)
        nothing is made: a SQLite file that does not exist is a :class:`StoreError`,
        and its folder is never created."""
        self.url = url if url else default_database_url()
        self.engine = open_engine(self.url, create=create)
        self._writer = self.engine.execution_options(**{WRITE: True})
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._write_sessions = sessionmaker(self._writer, expire_on_commit=False)
        # An in-memory database is one connection shared by every thread: its
        # transactions must take turns (a file or a server has its own locks).
        self._serial: AbstractContextManager[Any] = (
            threading.RLock() if isinstance(self.engine.pool, StaticPool) else nullcontext()
        )
        self.listeners: list[Callable[[str], None]] = []
        """Called with a game's id after each write to it in this process commits (the
        browser app wakes the game's live updates with it)."""
        self.postgres = self.engine.dialect.name == "postgresql"

    def _announce(self, conn: Connection | Session, game_id: str) -> None:
        """Inside a write transaction: tell the other processes that ``game_id`` changed
        (PostgreSQL delivers the notice on :data:`CHANGES_CHANNEL` when it commits)."""
        if self.postgres:
            conn.execute(
                sql_text("SELECT pg_notify(:channel, :game)"),
                {"channel": CHANGES_CHANNEL, "game": game_id},
            )

    def _changed_here(self, game_id: str) -> None:
        """After a write commits: tell this process's listeners."""
        for listener in list(self.listeners):
            try:
                listener(game_id)
            except Exception:  # a listener never undoes a saved write
                logging.getLogger(__name__).exception("a change listener failed")

    def changed_since(self, moment: datetime, limit: int = 1000) -> list[tuple[str, datetime]]:
        """The games updated at or after ``moment`` (id, when), oldest first: how a process
        on SQLite, which has no notices, learns what other processes changed."""
        with self._transaction("looking for changed games") as session:
            rows = session.execute(
                select(GameRow.id, GameRow.updated_at)
                .where(GameRow.updated_at >= moment)
                .order_by(GameRow.updated_at)
                .limit(limit)
            ).all()
        return [(str(r[0]), aware(r[1])) for r in rows]

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self, doing: str, *, write: bool = False) -> Iterator[Session]:
        """One transaction: committed if the block succeeds, rolled back otherwise.

        A ``write`` transaction on SQLite holds the database's write lock from
        its start, so what it reads stays true until it commits.
        """
        with self._serial:
            session = (self._write_sessions if write else self._sessions)()
            try:
                with session.begin():
                    yield session
            except SQLAlchemyError as exc:
                raise StoreError(
                    f"database error while {doing}: {hidden(first_line(exc), self.url)}"
                ) from None
            finally:
                session.close()

    @contextmanager
    def _writing(self, doing: str) -> Iterator[Connection]:
        """One write transaction on a plain connection (no ORM): see :meth:`_transaction`."""
        with self._serial:
            try:
                with self._writer.begin() as conn:
                    yield conn
            except SQLAlchemyError as exc:
                raise StoreError(
                    f"database error while {doing}: {hidden(first_line(exc), self.url)}"
                ) from None

    @staticmethod
    def _row(session: Session, game_id: str, *, lock: bool = False) -> GameRow:
        query = select(GameRow).where(GameRow.id == game_id)
        if lock:
            query = query.with_for_update()
        row = session.scalars(query).first()
        if row is None:
            raise GameNotFound(f"no saved game has the id {game_id!r}")
        return row
