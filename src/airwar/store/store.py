"""The :class:`Store`: saved games in a real database (SQLite by default).

Every decision is saved as it is made, in its own transaction
(:meth:`Store.append_action`, or :meth:`Store.append_actions` for a whole
path at once), so a game killed at any moment resumes from its last completed
decision: ``airwar.core.replay(store.load(id).record)``.

Writers that pass ``expected_index`` (how many decisions their copy holds)
never interleave: of several writers that expected the same count exactly one
saves, every other gets :class:`~airwar.store.errors.GameChanged`. Each write
transaction locks the game first: ``SELECT ... FOR UPDATE`` on PostgreSQL;
on SQLite, which has no row locks, ``BEGIN IMMEDIATE`` takes the database's
write lock at the start of the transaction, and other writers wait for it
(up to :data:`SQLITE_BUSY_TIMEOUT` seconds) instead of failing.
Nothing here ever deletes or overwrites a saved game because something went
wrong: a damaged or foreign record is reported as a
:class:`~airwar.core.errors.RecordError` naming the game, and left as it is.

>>> from airwar.core import GameRecord
>>> store = Store("sqlite://")
>>> gid = store.create_game(GameRecord("toy", {}, 7), title="A test", seats={"Red": "human"})
>>> store.append_action(gid, 0, "add1")
>>> store.load(gid).record.actions
[(0, 'add1')]
"""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import (
    ColumnElement,
    Connection,
    Engine,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
)
from sqlalchemy import text as sql_text
from sqlalchemy import update as sql_update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from airwar.core.errors import RecordError
from airwar.core.extras import MissingExtra, missing
from airwar.core.record import RECORD_FORMAT, RECORD_VERSION, GameRecord
from airwar.store.checks import (
    MAX_TITLE,
    aware,
    check_expected,
    check_holder,
    check_index,
    check_lease,
    check_limit,
    check_offset,
    check_path,
    check_seed,
    check_status,
    check_text,
    encode,
    first_line,
)
from airwar.store.checks import (
    now as _now,
)
from airwar.store.errors import GameNotFound, StoreError
from airwar.store.models import ActionRow, GameRow, LeaseRow
from airwar.store.saved import (
    GameListing,
    StoredGame,
    complete,
    damaged,
    listing,
    stored,
)
from airwar.store.saved import (
    holders as read_holders,
)
from airwar.store.schema import upgrade_to_head

ENV_VAR = "AIRWAR_DATABASE_URL"
"""Environment variable naming the database when no URL is given."""

DATABASE_FILE = "airwar.sqlite"
SQLITE_BUSY_TIMEOUT = 30.0
"""Seconds a SQLite writer waits for another writer's lock before giving up."""
MAX_SEED = 200
CHANGES_CHANNEL = "airwar_games"
"""The PostgreSQL channel on which each write names the game it changed."""
_WRITE = "airwar_write"
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


def _hidden(text: str, url: str) -> str:
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
    if conn.get_execution_options().get(_WRITE):
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        conn.exec_driver_sql("BEGIN")


def _prefix(row: GameRow, actions: Iterable[ActionRow]) -> list[tuple[int, int, str]]:
    """The decisions the game row counts (place, seat, text). A decision saved by another
    program after the row was read is left for the next read (each is saved together
    with the count, in one transaction)."""
    return [(a.idx, a.seat, a.text) for a in actions if a.idx < row.action_count]


def _meta_holds(key: str, value: str | bool) -> ColumnElement[bool]:
    """Whether a game's notes hold ``key`` with ``value``, tested on their saved text.

    The notes are saved as ``json.dumps(..., sort_keys=True)``: a pair is the text
    ``"key": value``, and every quote inside a string is escaped, so no string the notes
    hold can look like a pair of their own."""
    pair = json.dumps({key: value})[1:-1]
    pattern = pair.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return or_(
        GameRow.meta_json.like(f"%{{{pattern},%", escape="\\"),
        GameRow.meta_json.like(f"%, {pattern},%", escape="\\"),
        GameRow.meta_json.like(f"%, {pattern}}}", escape="\\"),
        GameRow.meta_json.like(f"{{{pattern}}}", escape="\\"),
    )


def _holds_seat(holder: str) -> ColumnElement[bool]:
    """Whether ``holder`` (a key of letters and digits) holds a seat of a game, tested on
    the saved text of its holders: ``{"held": {seat: key, ...}, "moving": {...}}``
    (written sorted, always with both parts), the key a value of the first part. A quote
    inside a seat's name is escaped, so no name can look like a value."""
    check_holder(holder)
    return GameRow.holders_json.like(f'{{"held": {{%: "{holder}"%}}, "moving": {{%')


class Store:
    """Saved games in the database at ``url`` (see :func:`default_database_url`).

    Opening runs the schema migrations up to the newest revision.
    """

    def __init__(self, url: str | None = None, *, create: bool = True) -> None:
        """Open the store at ``url``; with ``create=False`` (a command that only reads)
        nothing is made: a SQLite file that does not exist is a :class:`StoreError`,
        and its folder is never created."""
        self.url = url if url else default_database_url()
        self.engine = self._open(self.url, create=create)
        self._writer = self.engine.execution_options(**{_WRITE: True})
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

    # -- opening ----------------------------------------------------------
    @staticmethod
    def _open(url: str, *, create: bool = True) -> Engine:
        where = shown_url(url)
        try:
            parsed = make_url(url)
        except (ArgumentError, ValueError):
            raise StoreError(
                f"{where!r} is not a database URL (e.g. sqlite:///games.sqlite)"
            ) from None
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
                f"cannot open database {where!r}: {_hidden(first_line(exc), url)}"
            ) from None
        except ArgumentError as exc:
            raise StoreError(
                f"cannot open database {where!r}: {_hidden(first_line(exc), url)}"
            ) from None
        if sqlite and not in_memory:
            event.listen(engine, "connect", _sqlite_write_ahead)
        if sqlite and engine.dialect.driver == "pysqlite":
            event.listen(engine, "connect", _sqlite_own_begin)
            event.listen(engine, "begin", _sqlite_begin)
        try:
            # the migrations write: on SQLite they take the write lock first too
            upgrade_to_head(engine.execution_options(**{_WRITE: True}))
        except SQLAlchemyError as exc:
            engine.dispose()
            raise StoreError(
                f"cannot open database {where!r}: {_hidden(first_line(exc), url)}"
            ) from None
        return engine

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def __enter__(self) -> Store:
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
                    f"database error while {doing}: {_hidden(first_line(exc), self.url)}"
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
                    f"database error while {doing}: {_hidden(first_line(exc), self.url)}"
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

    # -- writing ----------------------------------------------------------
    def create_game(
        self,
        record: GameRecord,
        *,
        title: str,
        seats: Mapping[str, str],
        meta: Mapping[str, Any] | None = None,
    ) -> str:
        """Save a new game now; returns its short unique id."""
        seed_json = check_seed(record.seed)
        options_json = encode(dict(record.options), "the options")
        seats_json = encode(dict(seats), "the seats")
        meta_json = encode(dict(meta or {}), "the game's notes")
        for seat, text in record.actions:
            check_text("(new)", seat, text)
        now = _now()
        with self._transaction("saving a new game", write=True) as session:
            game_id = secrets.token_hex(4)
            while session.get(GameRow, game_id) is not None:
                game_id = secrets.token_hex(4)
            row = GameRow(
                id=game_id,
                game=record.game,
                title=title[:MAX_TITLE],
                record_format=RECORD_FORMAT,
                record_version=RECORD_VERSION,
                options_json=options_json,
                seed_json=seed_json,
                seats_json=seats_json,
                meta_json=meta_json,
                status="running",
                summary_json=None,
                log_digest=record.log_digest,
                action_count=len(record.actions),
                created_at=now,
                updated_at=now,
            )
            session.add(row)
            session.flush()
            for i, (seat, text) in enumerate(record.actions):
                session.add(ActionRow(game_id=game_id, idx=i, seat=seat, text=text, created_at=now))
        return game_id

    def append_action(
        self,
        game_id: str,
        seat: int,
        text: str,
        *,
        log_digest: str | None = None,
        status: str | None = None,
        summary: Mapping[str, Any] | None = None,
        expected_index: int | None = None,
        expected_digest: str | None = None,
    ) -> None:
        """Save one decision (and the game's new digest, status, summary) in one transaction.

        With ``expected_index`` (the number of decisions the caller's copy held
        before this one), the save is refused with :class:`GameChanged` if the
        stored game has moved on elsewhere, so two writers never interleave.
        """
        self._append(
            game_id,
            [(seat, text)],
            expected_index=expected_index,
            expected_digest=expected_digest,
            log_digest=log_digest,
            status=status,
            summary=summary,
        )

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
        """Save a whole path of decisions (and the game's new digest, status,
        summary) in one transaction: all of them, or none.

        ``expected_index`` is the number of decisions the caller's copy held
        before the path, and ``expected_digest`` (optional) the digest of its
        log then; if the stored game differs in either, nothing is saved and
        :class:`GameChanged` is raised.
        """
        if expected_index is None:
            raise StoreError(f"game {game_id}: a path of decisions needs its expected_index")
        self._append(
            game_id,
            actions,
            expected_index=expected_index,
            log_digest=log_digest,
            status=status,
            summary=summary,
            expected_digest=expected_digest,
        )

    def _append(
        self,
        game_id: str,
        actions: Iterable[tuple[int, str]],
        *,
        expected_index: int | None,
        log_digest: str | None,
        status: str | None,
        summary: Mapping[str, Any] | None,
        expected_digest: str | None = None,
    ) -> None:
        path = check_path(game_id, actions)
        check_index(game_id, expected_index)
        if status is not None:
            check_status(status)
        summary_json = None if summary is None else encode(dict(summary), "the summary")
        now = _now()
        doing = f"saving {'a move' if len(path) == 1 else 'moves'} of game {game_id}"
        with self._writing(doing) as conn:
            head = conn.execute(
                select(GameRow.action_count, GameRow.log_digest)
                .where(GameRow.id == game_id)
                .with_for_update()
            ).first()
            if head is None:
                raise GameNotFound(f"no saved game has the id {game_id!r}")
            count = head[0]
            check_expected(game_id, count, expected_index, head[1], expected_digest)
            if path:
                conn.execute(
                    insert(ActionRow),
                    [
                        {
                            "game_id": game_id,
                            "idx": count + i,
                            "seat": seat,
                            "text": text,
                            "created_at": now,
                        }
                        for i, (seat, text) in enumerate(path)
                    ],
                )
            changes: dict[str, Any] = {"action_count": count + len(path), "updated_at": now}
            # a save without a digest leaves the old one stale: it is cleared, never kept
            changes["log_digest"] = log_digest
            if status is not None:
                changes["status"] = status
            if summary_json is not None:
                changes["summary_json"] = summary_json
            conn.execute(sql_update(GameRow).where(GameRow.id == game_id).values(**changes))
            self._announce(conn, game_id)
        self._changed_here(game_id)

    def head(self, game_id: str) -> tuple[int, str | None]:
        """The stored decision count and log digest of ``game_id``: one small read, so a
        copy kept in memory can tell at once whether another writer moved the game on."""
        with self._transaction(f"reading game {game_id}") as session:
            row = session.execute(
                select(GameRow.action_count, GameRow.log_digest).where(GameRow.id == game_id)
            ).first()
        if row is None:
            raise GameNotFound(f"no saved game has the id {game_id!r}")
        return int(row[0]), row[1]

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
        """Change what is given (``None`` leaves a field as it is), in one transaction.

        A new ``record`` replaces the saved options, seed, decisions and
        digest; it must be of the same game. With ``expected_index`` (the
        number of decisions the caller's copy held, e.g. before an undo),
        nothing changes and :class:`GameChanged` is raised if the stored game
        holds another number: an undo never overwrites another writer's move.
        """
        check_index(game_id, expected_index)
        if record is not None:
            check_path(game_id, record.actions)
        if status is not None:
            check_status(status)
        summary_json = None if summary is None else encode(dict(summary), "the summary")
        meta_json = None if meta is None else encode(dict(meta), "the game's notes")
        seats_json = None if seats is None else encode(dict(seats), "the seats")
        now = _now()
        with self._transaction(f"updating game {game_id}", write=True) as session:
            row = self._row(session, game_id, lock=True)
            check_expected(
                game_id, row.action_count, expected_index, row.log_digest, expected_digest
            )
            if record is not None:
                if record.game != row.game:
                    raise RecordError(
                        f"saved game {game_id} is a {row.game} game; "
                        f"a {record.game} record cannot replace it"
                    )
                seed_json = check_seed(record.seed)
                row.options_json = encode(dict(record.options), "the options")
                row.seed_json = seed_json
                row.record_format = RECORD_FORMAT
                row.record_version = RECORD_VERSION
                row.log_digest = record.log_digest
                session.execute(delete(ActionRow).where(ActionRow.game_id == game_id))
                for i, (seat, text) in enumerate(record.actions):
                    session.add(
                        ActionRow(game_id=game_id, idx=i, seat=seat, text=text, created_at=now)
                    )
                row.action_count = len(record.actions)
            if status is not None:
                row.status = status
            if summary_json is not None:
                row.summary_json = summary_json
            if meta_json is not None:
                row.meta_json = meta_json
            if title is not None:
                row.title = title[:MAX_TITLE]
            if seats_json is not None:
                row.seats_json = seats_json
            row.updated_at = now
            self._announce(session, game_id)
        self._changed_here(game_id)

    # -- seat holders (claim-once seat links) ---------------------------------
    @contextmanager
    def _changing_holders(self, game_id: str) -> Iterator[dict[str, dict[str, str]]]:
        """The game's seat holders, to change in place: saved when the block ends, in one
        write transaction that locks the game first (two claims never both win)."""
        with self._transaction(f"changing the seat holders of game {game_id}", write=True) as s:
            row = self._row(s, game_id, lock=True)
            holders = read_holders(row)
            before = json.dumps(holders, sort_keys=True)
            yield holders
            changed = json.dumps(holders, sort_keys=True) != before
            if changed:
                # a seat taken is a change the game's live updates tell (the host's "joined")
                row.holders_json = encode(holders, "the seat holders")
                row.updated_at = _now()
                self._announce(s, game_id)
        if changed:
            self._changed_here(game_id)

    def seat_holders(self, game_id: str) -> dict[str, str]:
        """Seat name -> the key of the browser that holds it, for each seat held."""
        with self._transaction(f"reading game {game_id}") as session:
            return read_holders(self._row(session, game_id))["held"]

    def hold_seats(self, game_id: str, holders: Mapping[str, str]) -> None:
        """Give these seats to these holders (a new game's own seats, a rematch's)."""
        with self._changing_holders(game_id) as h:
            h["held"].update({str(k): str(v) for k, v in holders.items()})

    def claim_seat(self, game_id: str, seat: str, holder: str) -> str:
        """Let ``holder`` hold ``seat`` unless another holds it already; returns the
        holder after the claim (``holder`` itself, or the one who got there first)."""
        with self._changing_holders(game_id) as h:
            return h["held"].setdefault(seat, holder)

    def offer_seat_move(self, game_id: str, seat: str, holder: str, move_key: str) -> bool:
        """Open a move of ``seat`` to another browser with ``move_key`` (replacing an
        earlier move link of the seat); False, and nothing changes, unless ``holder``
        holds the seat."""
        with self._changing_holders(game_id) as h:
            current = h["held"].get(seat)
            if current is None or not secrets.compare_digest(current, holder):
                return False
            h["moving"][seat] = move_key
            return True

    def take_seat_move(self, game_id: str, move_key: str, holder: str) -> str | None:
        """Move the seat whose open move has ``move_key`` to ``holder``, once: returns the
        seat, or None when no open move has that key (never made, or already taken)."""
        with self._changing_holders(game_id) as h:
            found = None
            for seat, key in h["moving"].items():
                if secrets.compare_digest(key, move_key):
                    found = seat
            if found is None:
                return None
            del h["moving"][found]
            h["held"][found] = holder
            return found

    # -- leases: which process does a piece of shared work ------------------------
    def claim_lease(self, name: str, holder: str, seconds: float) -> bool:
        """Hold the lease ``name`` for ``holder`` for ``seconds`` from now: True when it
        was free, expired or already ``holder``'s (then it is renewed), else False.

        Atomic across processes: the insert of a new lease and the take-over of an
        expired one are each one statement that at most one writer wins (the row lock
        on PostgreSQL, the write lock on SQLite)."""
        check_lease(name, holder)
        now = _now()
        until = now + timedelta(seconds=seconds)
        with self._writing(f"claiming {name}") as conn:
            dialect = conn.dialect.name
            if dialect in ("postgresql", "sqlite"):
                maker = pg_insert if dialect == "postgresql" else sqlite_insert
                added = conn.execute(
                    maker(LeaseRow)
                    .values(name=name, holder=holder, expires_at=until)
                    .on_conflict_do_nothing(index_elements=["name"])
                )
                if added.rowcount == 1:
                    return True
            elif conn.execute(select(LeaseRow.name).where(LeaseRow.name == name)).first() is None:
                conn.execute(insert(LeaseRow).values(name=name, holder=holder, expires_at=until))
                return True
            taken = conn.execute(
                sql_update(LeaseRow)
                .where(
                    LeaseRow.name == name,
                    or_(LeaseRow.holder == holder, LeaseRow.expires_at < now),
                )
                .values(holder=holder, expires_at=until)
            )
            return bool(taken.rowcount == 1)

    def release_lease(self, name: str, holder: str) -> None:
        """Give up the lease ``name`` if ``holder`` holds it (else nothing changes)."""
        with self._writing(f"releasing {name}") as conn:
            conn.execute(delete(LeaseRow).where(LeaseRow.name == name, LeaseRow.holder == holder))

    def lease_holder(self, name: str) -> str | None:
        """Who holds the lease ``name`` now (None: nobody, or it has expired)."""
        with self._transaction(f"reading {name}") as session:
            row = session.execute(
                select(LeaseRow.holder, LeaseRow.expires_at).where(LeaseRow.name == name)
            ).first()
        if row is None or aware(row[1]) < _now():
            return None
        return str(row[0])

    def leases_held(self, prefix: str) -> int:
        """How many unexpired leases have a name starting with ``prefix``."""
        pattern = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        with self._transaction("counting leases") as session:
            found = session.execute(
                select(func.count())
                .select_from(LeaseRow)
                .where(LeaseRow.name.like(pattern, escape="\\"), LeaseRow.expires_at >= _now())
            ).scalar_one()
        return int(found)

    def delete(self, game_id: str) -> None:
        """Remove a saved game and its decisions (only when asked to)."""
        with self._transaction(f"deleting game {game_id}", write=True) as session:
            self._row(session, game_id, lock=True)
            session.execute(delete(ActionRow).where(ActionRow.game_id == game_id))
            session.execute(delete(GameRow).where(GameRow.id == game_id))

    # -- reading ----------------------------------------------------------
    def load(self, game_id: str) -> StoredGame:
        """The saved game ``game_id``; GameNotFound or RecordError (naming it) otherwise."""
        for attempt in range(3):
            with self._transaction(f"reading game {game_id}") as session:
                row = self._row(session, game_id)
                actions = _prefix(
                    row,
                    session.scalars(
                        select(ActionRow)
                        .where(ActionRow.game_id == game_id)
                        .order_by(ActionRow.idx)
                    ),
                )
            if complete(row, actions) or attempt == 2:
                break
            # another program rewrote the decisions between the two reads: read again
        return stored(row, actions)

    def list_summaries(
        self,
        game: str | None = None,
        limit: int = 200,
        *,
        offset: int = 0,
        any_meta: Mapping[str, str | bool] | None = None,
        holder: str | None = None,
    ) -> list[GameListing]:
        """The ``limit`` most recently updated saved games (of ``game`` if given),
        newest first, after the first ``offset``, read from the games table alone (no
        decision is read: the cost does not grow with the decisions played).

        ``any_meta`` (note -> value, each a string or a boolean) keeps only the games
        whose notes hold at least one of these pairs, chosen by the database, so that a
        page holds ``limit`` such games however many others there are. ``holder`` (a
        seat holder's key) keeps the games where that key holds a seat as well.

        A row that cannot be read is listed with status ``"corrupt"`` and its
        ``problem``.
        """
        check_offset(offset)
        with self._transaction("listing the saved games") as session:
            rows = self._listed(session, game, check_limit(limit), offset, any_meta, holder)
        return [listing(r) for r in rows]

    def list_games(self, game: str | None = None, limit: int = 200) -> list[StoredGame]:
        """The ``limit`` most recently updated saved games (of ``game`` if given),
        newest first, each with its whole record.

        A damaged game is listed with status ``"corrupt"`` and its ``problem``.
        To show a list, :meth:`list_summaries` is lighter: it reads no decision.
        """
        with self._transaction("listing the saved games") as session:
            rows = self._listed(session, game, check_limit(limit))
            by_game: dict[str, list[ActionRow]] = {r.id: [] for r in rows}
            if rows:
                action_query = (
                    select(ActionRow)
                    .where(ActionRow.game_id.in_(list(by_game)))
                    .order_by(ActionRow.game_id, ActionRow.idx)
                )
                for a in session.scalars(action_query):
                    by_game[a.game_id].append(a)
        out: list[StoredGame] = []
        for r in rows:
            try:
                out.append(stored(r, _prefix(r, by_game[r.id])))
            except RecordError as exc:
                out.append(damaged(r, str(exc)))
        return out

    @staticmethod
    def _listed(
        session: Session,
        game: str | None,
        limit: int,
        offset: int = 0,
        any_meta: Mapping[str, str | bool] | None = None,
        holder: str | None = None,
    ) -> list[GameRow]:
        query = select(GameRow)
        if game is not None:
            query = query.where(GameRow.game == game)
        if any_meta is not None or holder is not None:
            wanted = [_meta_holds(k, v) for k, v in (any_meta or {}).items()]
            if holder is not None:
                wanted.append(_holds_seat(holder))
            query = query.where(or_(*wanted))
        query = query.order_by(GameRow.updated_at.desc(), GameRow.created_at.desc(), GameRow.id)
        return list(session.scalars(query.offset(offset).limit(limit)))
