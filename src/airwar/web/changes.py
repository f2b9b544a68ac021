"""Wakes the live update streams of a game when it changes: one notifier per process.

A stream does not read the store on a clock. It waits on this process's
:class:`Changes` for its game and reads the game only when woken:

- a write made in this process wakes the game's streams at once (the store
  calls :meth:`Changes.touch` after each write commits), and so does the AI
  starting or stopping work on the game (the bot workers call it);
- a write made by another process sharing the database arrives through one
  watcher thread per process: on PostgreSQL it ``LISTEN``s on the store's
  channel (each write sends ``pg_notify`` with the game's id as it commits);
  on SQLite, which has no notices, it asks the games table once every
  :data:`POLL_SECONDS` which games were updated since it last looked.

However many streams are open, the store is read once per poll (SQLite) or
not at all (PostgreSQL) while nothing changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

from airwar.store import Store, StoreError

log = logging.getLogger(__name__)

POLL_SECONDS = 0.5
"""How often the watcher of a SQLite database asks which games changed."""
LOOK_BACK = timedelta(seconds=2)
"""How far back each poll looks (another process's clock, a commit that came late)."""
LISTEN_RETRY_SECONDS = 2.0
"""A lost PostgreSQL listening connection is opened again after this long."""


class Changes:
    """This process's notifier: streams wait on it for their game; writes wake them."""

    def __init__(self, store: Store, *, poll_seconds: float = POLL_SECONDS) -> None:
        self.store = store
        self.poll_seconds = poll_seconds
        self._lock = threading.Lock()
        self._waiters: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.reads = 0
        """How many times the watcher read the store (a measure for the tests)."""
        store.listeners.append(self.touch)

    # -- waking ------------------------------------------------------------------
    def touch(self, game_id: str) -> None:
        """Wake every stream waiting on ``game_id`` (from any thread)."""
        with self._lock:
            waiting = list(self._waiters.get(game_id, ()))
        for loop, event in waiting:
            with contextlib.suppress(RuntimeError):  # its loop has closed: nobody waits
                loop.call_soon_threadsafe(event.set)

    def touch_all(self) -> None:
        with self._lock:
            ids = list(self._waiters)
        for game_id in ids:
            self.touch(game_id)

    @contextlib.contextmanager
    def watching(self, game_id: str) -> Iterator[asyncio.Event]:
        """An event set when ``game_id`` changes, for the block (inside a running loop)."""
        entry = (asyncio.get_running_loop(), asyncio.Event())
        with self._lock:
            self._waiters.setdefault(game_id, set()).add(entry)
        self.start()
        try:
            yield entry[1]
        finally:
            with self._lock:
                held = self._waiters.get(game_id)
                if held is not None:
                    held.discard(entry)
                    if not held:
                        del self._waiters[game_id]

    def waiting(self) -> int:
        """How many streams wait now."""
        with self._lock:
            return sum(len(v) for v in self._waiters.values())

    # -- the watcher of other processes' writes -------------------------------------
    def start(self) -> None:
        """Start the watcher thread (once; the first stream does)."""
        with self._lock:
            if self._thread is not None or self._stop.is_set():
                return
            target = self._listen if self._listening_url() is not None else self._poll
            self._thread = threading.Thread(target=target, name="airwar-changes", daemon=True)
            self._thread.start()

    def close(self) -> None:
        """Stop the watcher and wake every stream (the app is stopping)."""
        self._stop.set()
        with contextlib.suppress(ValueError):
            self.store.listeners.remove(self.touch)
        self.touch_all()
        thread = self._thread
        if thread is not None:
            thread.join(timeout=3.0)

    def _poll(self) -> None:
        seen: dict[str, datetime] = {}
        since: datetime | None = None
        while not self._stop.wait(self.poll_seconds):
            if not self.waiting():
                since = None  # nobody to wake: the store is not read
                continue
            now = datetime.now(UTC)
            try:
                self.reads += 1
                rows = dict(self.store.changed_since((since or now) - LOOK_BACK))
            except StoreError as exc:
                log.warning("cannot look for changed games: %s", exc)
                continue
            for game_id, when in rows.items():
                if seen.get(game_id) != when:  # the first look wakes a few streams for naught
                    self.touch(game_id)
            seen, since = rows, now

    def _listening_url(self) -> str | None:
        """The URL psycopg connects to for ``LISTEN`` (None: not PostgreSQL with psycopg 3)."""
        url = self.store.engine.url
        if not self.store.postgres or url.get_driver_name() != "psycopg":
            return None
        return url.set(drivername="postgresql").render_as_string(hide_password=False)

    def _listen(self) -> None:
        import psycopg

        from airwar.store.database import CHANGES_CHANNEL

        url = self._listening_url()
        assert url is not None
        while not self._stop.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANGES_CHANNEL}")
                    # what changed while it was not listening: every waiting stream looks
                    self.touch_all()
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self.touch(note.payload)
            except psycopg.Error as exc:
                log.warning("lost the database's change notices: %s", exc)
                self.touch_all()
                self._stop.wait(LISTEN_RETRY_SECONDS)
