"""Opening a database: its URL, the SQLite file's checks and settings, the engine.

A SQLite file is made whole or not at all, checked before it is opened (a damaged
file is never opened as a store, nor turned into an empty one), and used in
write-ahead mode with writers that take the write lock when they begin; a
PostgreSQL URL without a driver gets psycopg 3. Every refusal is one line with
the password masked.
"""

from __future__ import annotations

import os
import re
import secrets
import sqlite3
import time
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from airwar.core.extras import MissingExtra, missing
from airwar.store.checks import first_line
from airwar.store.errors import StoreError
from airwar.store.schema import upgrade_to_head

ENV_VAR = "AIRWAR_DATABASE_URL"
"""Environment variable naming the database when no URL is given."""

DATABASE_FILE = "airwar.sqlite"
SQLITE_BUSY_TIMEOUT = 30.0
"""Seconds a SQLite writer waits for another writer's lock before giving up."""
WRITE = "airwar_write"
"""Execution option marking the Store's write transactions (``BEGIN IMMEDIATE`` on SQLite)."""


def default_database_url() -> str:
    """``$AIRWAR_DATABASE_URL`` if set, else ``airwar.sqlite`` in the user's data folder."""
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return env
    folder = Path(platformdirs.user_data_dir("airwar"))
    return f"sqlite:///{folder / DATABASE_FILE}"


POSTGRES_DRIVER = "psycopg"
"""The driver a PostgreSQL URL without one is opened with: psycopg 3, which the
``postgres`` extra installs (SQLAlchemy's own default would be psycopg2)."""


def with_driver(url: URL) -> URL:
    """``url`` with the driver airwar installs: ``postgresql://`` and ``postgres://``, as
    hosts and documents write them, become ``postgresql+psycopg://``."""
    backend, _, driver = url.drivername.partition("+")
    if backend not in ("postgresql", "postgres"):
        return url
    return url.set(drivername=f"postgresql+{driver or POSTGRES_DRIVER}")


def shown_url(url: str) -> str:
    """``url`` as a message may show it: the password masked (``***``), whatever the URL."""
    try:
        text = make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        text = url
    # a URL SQLAlchemy cannot read may still hold user:password@ after its scheme
    return re.sub(r"(://[^/@:\s]*:)[^/@\s]*@", r"\1***@", text)


def hidden(text: str, url: str) -> str:
    """``text`` (a driver's message) with the password of ``url`` masked wherever it is."""
    try:
        password = make_url(url).password
    except (ArgumentError, ValueError):
        password = None
    if password:
        text = text.replace(str(password), "***")
    return text.replace(url, shown_url(url))


SQLITE_HEADER = b"SQLite format 3\x00"
RECOVER = (
    "nothing was read or changed: restore the file from your backup, or rescue what it "
    "holds with: sqlite3 '{path}' .recover | sqlite3 recovered.sqlite"
)


def sqlite_damage(path: Path) -> str | None:
    """What is wrong with the SQLite file at ``path`` (None: it is sound, or absent).

    The header (the magic string, a page size that divides the file) and then
    ``PRAGMA quick_check`` over every page: a damaged file is never opened as a store,
    and never turned into an empty one.
    """
    try:
        with path.open("rb") as fh:
            head = fh.read(100)
        size = path.stat().st_size
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"it cannot be read ({exc.strerror or exc})"
    if size == 0:
        return "it is empty (0 bytes), not a database: a file that held games was cut"
    if len(head) < 100 or not head.startswith(SQLITE_HEADER):
        return "it is not a SQLite database (its header is not SQLite's)"
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    if page < 512 or page & (page - 1) or size % page:
        return f"it is cut short ({size} bytes is not a whole number of {page}-byte pages)"
    try:
        conn = sqlite3.connect(path, timeout=SQLITE_BUSY_TIMEOUT)
        try:
            rows = conn.execute("PRAGMA quick_check").fetchall()
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        return f"it is damaged ({first_line(exc)})"
    found = [str(r[0]) for r in rows]
    if found != ["ok"]:
        more = f" and {len(found) - 1} more problems" if len(found) > 1 else ""
        return f"it is damaged (quick_check: {found[0][:200]}{more})"
    return None


def _create_sqlite(file: Path) -> None:
    """Make a new SQLite file so that it appears whole: built beside its place (in
    write-ahead mode, which writes its header) and linked there, never replacing a file
    that another program made meanwhile. So a file of 0 bytes at a store's place is
    never one being made: it is a cut file, and refused (:func:`sqlite_damage`)."""
    if file.exists():
        return
    new = file.with_name(f".{file.name}.{secrets.token_hex(6)}.new")
    try:
        conn = sqlite3.connect(new)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
        finally:
            conn.close()
        os.link(new, file)
    except FileExistsError:
        pass  # another program made it first: open theirs
    except (OSError, sqlite3.Error):
        pass  # no hard links here: SQLite makes the file as it opens it
    finally:
        for leftover in (new, Path(f"{new}-wal"), Path(f"{new}-shm")):
            leftover.unlink(missing_ok=True)


def _sqlite_write_ahead(dbapi_connection: Any, _record: Any) -> None:
    """SQLite files use a write-ahead log: each commit survives a killed process
    without waiting for the disk, so saving every decision stays fast (and
    readers never wait for a writer)."""
    cursor = dbapi_connection.cursor()
    try:
        if cursor.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            _switch_to_write_ahead(cursor)
        cursor.execute("PRAGMA synchronous=NORMAL")
    finally:
        cursor.close()


def _switch_to_write_ahead(cursor: Any) -> None:
    """Put a new database file into write-ahead mode, taking turns with others.

    The switch needs the file to itself, and SQLite asks for that once, without
    the busy timeout: programs opening a new database together could fail with
    "database is locked". Retry for as long as a writer would wait its turn.
    """
    deadline = time.monotonic() + SQLITE_BUSY_TIMEOUT
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
        time.sleep(0.02)


def _sqlite_own_begin(dbapi_connection: Any, _record: Any) -> None:
    """pysqlite begins transactions itself, late (only before the first
    INSERT/UPDATE/DELETE) and always deferred: a writer that read the game first
    then finds the database locked, or another writer's rows in its way. Turn
    that off; :func:`_sqlite_begin` begins every transaction instead (the
    SQLAlchemy recipe for pysqlite)."""
    dbapi_connection.isolation_level = None


def _sqlite_begin(conn: Connection) -> None:
    """Begin a transaction on SQLite: the Store's writes take the write lock at
    once (``BEGIN IMMEDIATE``, waiting their turn), reads begin deferred and see
    one snapshot of the database."""
    if conn.get_execution_options().get(WRITE):
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        conn.exec_driver_sql("BEGIN")


def open_engine(url: str, *, create: bool = True) -> Engine:
    """An engine on the database at ``url``, its schema upgraded to the newest revision;
    a one-line :class:`StoreError` (the password masked) when it cannot be opened. With
    ``create=False`` a SQLite file that does not exist is refused, and nothing is made."""
    where = shown_url(url)
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):
        raise StoreError(f"{where!r} is not a database URL (e.g. sqlite:///games.sqlite)") from None
    parsed = with_driver(parsed)
    kwargs: dict[str, Any] = {}
    sqlite = parsed.get_backend_name() == "sqlite"
    in_memory = sqlite and (parsed.database or "") in ("", ":memory:")
    if in_memory:
        kwargs = {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
    elif sqlite:
        file = Path(parsed.database or "").expanduser()
        if not create and not file.exists():
            raise StoreError(
                f"no database at {str(file)!r}: nothing is saved there (this command "
                "only reads, and creates nothing)"
            )
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
            _create_sqlite(file)
        except OSError as exc:
            raise StoreError(f"cannot open database {where!r}: {exc.strerror or exc}") from None
        damage = sqlite_damage(file)
        if damage is not None:
            raise StoreError(
                f"the database {str(file)!r} is damaged: {damage}; " + RECOVER.format(path=file)
            )
        if "timeout" not in parsed.query:
            # writers queue for the write lock instead of failing at once
            kwargs = {"connect_args": {"timeout": SQLITE_BUSY_TIMEOUT}}
    try:
        engine = create_engine(parsed, **kwargs)
    except ImportError as exc:
        if parsed.get_driver_name() == POSTGRES_DRIVER and missing("postgres"):
            raise StoreError(
                f"cannot open database {where!r}: {MissingExtra('postgres', 'PostgreSQL')}"
            ) from None
        raise StoreError(
            f"cannot open database {where!r}: {hidden(first_line(exc), url)}"
        ) from None
    except ArgumentError as exc:
        raise StoreError(
            f"cannot open database {where!r}: {hidden(first_line(exc), url)}"
        ) from None
    if sqlite and not in_memory:
        event.listen(engine, "connect", _sqlite_write_ahead)
    if sqlite and engine.dialect.driver == "pysqlite":
        event.listen(engine, "connect", _sqlite_own_begin)
        event.listen(engine, "begin", _sqlite_begin)
    try:
        # the migrations write: on SQLite they take the write lock first too
        upgrade_to_head(engine.execution_options(**{WRITE: True}))
    except SQLAlchemyError as exc:
        engine.dispose()
        raise StoreError(
            f"cannot open database {where!r}: {hidden(first_line(exc), url)}"
        ) from None
    return engine
