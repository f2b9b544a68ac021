"""The browser app's background bots: a small pool of threads plays the AI's turns.

No request waits for a bot. Creating a game, posting a decision or loading
a game saved while a bot was to act hands the game to :class:`BotWorkers`
(it is the sessions' :attr:`~airwar.session.Sessions.scheduler`) and returns
at once. The workers make the bots' decisions one at a time through
:meth:`~airwar.session.Sessions.bot_step_outside_lock`: the bot thinks on a
copy of the position without holding the game's lock, and each decision is
saved as it is made, so pages see every one (the game's version moves) and a
stopped server goes on where it was.

- At most one task per game is queued or running, so two workers never play
  one game; a game handed over again while its task runs is queued again
  when that task ends.
- A task plays one game for a time slice (:data:`SLICE_SECONDS`), then goes
  to the back of the queue, so a long game between two AIs cannot hold a
  worker while others wait. Games where a person waits for the AI go before
  games played by bots alone.
- The threads start when there is work and end after :data:`IDLE_SECONDS`
  without any; :meth:`BotWorkers.close` (the app's shutdown) stops them
  between two decisions.
- Several server processes on one database each have their pool; a game's
  bots are played by one of them at a time: the process holds the game's
  lease in the database (``bots:<id>``, :data:`LEASE_SECONDS`, renewed each
  slice, given up when the bots are done), and a process that finds it held
  by another leaves the game to that one. So after a restart every process
  looks for the games left with a bot to act, and each game is resumed once.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import os
import secrets
import socket
import threading
import time
from typing import Any

from airwar.session import PlaySession, Sessions
from airwar.session.seats import is_ai
from airwar.store import GameChanged, GameNotFound, Store, StoreError

log = logging.getLogger(__name__)

THREADS = 2
"""Workers playing bots at once (the bots are CPU-bound: about one per core)."""
SLICE_SECONDS = 0.5
"""How long one task plays one game before the next game in the queue gets its turn."""
IDLE_SECONDS = 10.0
"""A worker with nothing to do for this long ends; the next task starts one again."""
MAX_PENDING = 10_000
"""Games queued at most; past it a game waits until it is loaded again (or the restart)."""
OVERTAKEN_RETRIES = 3
"""A bot's choice refused this many times in a row (the game keeps moving): back of the queue."""
RESUME_SCAN = 1000
"""At start, the most recently updated games looked at for a bot left to act."""

LEASE_SECONDS = 60.0
"""How long a process holds a game's bots without renewing (a process that dies leaves
them to the others after this long; a long decision, the expert waiting for a solve,
may outlast it, and then the other process's save is refused as for any two writers)."""

PERSON_WAITS, BOTS_ONLY = 0, 1
"""Queue priorities: a game with a person in it goes before a game of bots alone."""


class BotWorkers:
    """A bounded pool of threads playing the bots' turns of the games handed to it."""

    def __init__(
        self,
        sessions: Sessions,
        threads: int = THREADS,
        *,
        store: Store,
        slice_seconds: float = SLICE_SECONDS,
        idle_seconds: float = IDLE_SECONDS,
        max_pending: int = MAX_PENDING,
    ) -> None:
        if threads < 1:
            raise ValueError("the bots need at least one worker thread")
        self.sessions = sessions
        self.store = store
        """Where the leases of the bots' turns and the games to resume are read."""
        self.size = threads
        self.slice_seconds = slice_seconds
        self.idle_seconds = idle_seconds
        self.max_pending = max_pending
        self._cond = threading.Condition()
        self._queue: list[tuple[int, int, str]] = []  # (priority, order, game id)
        self._order = itertools.count()
        self._pending: dict[str, int] = {}  # game id -> priority, queued or running
        self._running: set[str] = set()
        self._again: set[str] = set()
        self._threads: set[threading.Thread] = set()
        self._idle = 0
        self._closed = False
        self.holder = f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"
        """This pool's name in the database's leases."""
        self._leased: set[str] = set()
        self.changes: Any = None
        """The app's notifier (:class:`airwar.web.changes.Changes`): told when a game's AI
        starts or stops work, which its live updates show."""

    def _told(self, game_id: str) -> None:
        if self.changes is not None:
            self.changes.touch(game_id)

    # -- handing games over --------------------------------------------------------
    def submit(self, live: PlaySession) -> bool:
        """Queue the bots' turns of ``live``; False when closed or the queue is full."""
        people = any(not is_ai(kind) for kind in live.seats.values())
        return self.submit_id(live.id, PERSON_WAITS if people else BOTS_ONLY)

    def submit_id(self, game_id: str, priority: int = PERSON_WAITS) -> bool:
        with self._cond:
            if self._closed:
                return False
            if game_id in self._running:
                self._again.add(game_id)  # it may have just found no bot to act: look again
                return True
            if game_id in self._pending:
                return True
            if len(self._pending) >= self.max_pending:
                log.warning("bot queue full (%d games): game %s waits", self.max_pending, game_id)
                return False
            self._push(game_id, priority)
            return True

    def busy(self, game_id: str) -> bool:
        """Whether a task for this game is queued or running."""
        with self._cond:
            return game_id in self._pending

    def pending(self) -> int:
        with self._cond:
            return len(self._pending)

    def resume_waiting(self, limit: int = RESUME_SCAN) -> int:
        """Queue every running game (of the ``limit`` last updated) left with a bot to act.

        Run when the app starts: a game between AIs, or an AI's reply, stopped
        by a restart goes on without anybody loading it. Games started at the
        terminal are left to the terminal. Returns how many were queued.
        """
        queued = 0
        try:
            listed = self.store.list_summaries(limit=limit)
        except StoreError as exc:
            log.warning("cannot look for games left with a bot to act: %s", exc)
            return 0
        for g in listed:
            if g.status != "running" or g.meta.get("interface") == "terminal":
                continue
            to_act = (g.summary or {}).get("to_act")
            if not isinstance(to_act, str) or not is_ai(g.seats.get(to_act, "")):
                continue
            people = any(not is_ai(kind) for kind in g.seats.values())
            if self.submit_id(g.id, PERSON_WAITS if people else BOTS_ONLY):
                queued += 1
        return queued

    def close(self, timeout: float = 5.0) -> None:
        """Stop: drop what is queued, let each worker finish the decision it is making."""
        with self._cond:
            self._closed = True
            for _, _, game_id in self._queue:
                self._pending.pop(game_id, None)
            self._queue.clear()
            self._cond.notify_all()
            threads = list(self._threads)
        deadline = time.monotonic() + timeout
        for t in threads:
            t.join(max(0.0, deadline - time.monotonic()))
        with self._cond:
            held = list(self._leased)
        for game_id in held:  # another process may go on with them at once
            self._unlease(game_id)

    # -- the workers ---------------------------------------------------------------
    def _push(self, game_id: str, priority: int) -> None:
        """Queue a game (the condition's lock held) and wake or start a worker for it."""
        fresh = game_id not in self._pending
        self._pending[game_id] = priority
        if fresh:
            self._told(game_id)
        heapq.heappush(self._queue, (priority, next(self._order), game_id))
        if len(self._queue) > self._idle and len(self._threads) < self.size:
            t = threading.Thread(target=self._work, name="airwar-bots", daemon=True)
            self._threads.add(t)
            t.start()
        else:
            self._cond.notify()

    def _work(self) -> None:
        me = threading.current_thread()
        try:
            while True:
                with self._cond:
                    idle_since = time.monotonic()
                    while not self._queue and not self._closed:
                        left = self.idle_seconds - (time.monotonic() - idle_since)
                        if left <= 0:
                            self._threads.discard(me)  # under the lock: _push sees it gone
                            return
                        self._idle += 1
                        self._cond.wait(left)
                        self._idle -= 1
                    if self._closed:
                        return
                    priority, _, game_id = heapq.heappop(self._queue)
                    self._running.add(game_id)
                more = False
                try:
                    more = self._play(game_id)
                finally:
                    with self._cond:
                        self._running.discard(game_id)
                        again = game_id in self._again
                        self._again.discard(game_id)
                        if (more or again) and not self._closed:
                            self._push(game_id, priority)
                        else:
                            self._pending.pop(game_id, None)
                            self._told(game_id)
                            self._cond.notify_all()
        finally:
            with self._cond:
                self._threads.discard(me)

    def _lease(self, game_id: str) -> bool:
        """Hold (or renew) the game's bots for this process; False if another holds them."""
        try:
            held = self.store.claim_lease(f"bots:{game_id}", self.holder, LEASE_SECONDS)
        except StoreError as exc:  # play on: two writers are told apart by their saves
            log.warning("cannot claim the bots of game %s: %s", game_id, exc)
            return True
        if held:
            with self._cond:
                self._leased.add(game_id)
        return held

    def _unlease(self, game_id: str) -> None:
        with self._cond:
            self._leased.discard(game_id)
        try:
            self.store.release_lease(f"bots:{game_id}", self.holder)
        except StoreError as exc:  # it expires by itself
            log.warning("cannot give up the bots of game %s: %s", game_id, exc)

    def _play(self, game_id: str) -> bool:
        """Play the game's bots for one time slice if this process holds them; True if its
        bots have more to do (the lease kept), else False (the lease given up)."""
        if not self._lease(game_id):
            return False  # another process plays them
        more = False
        try:
            more = self._play_slice(game_id)
        finally:
            if not more:
                self._unlease(game_id)
        return more

    def _play_slice(self, game_id: str) -> bool:
        end = time.monotonic() + self.slice_seconds
        overtaken = 0
        while not self._closed:
            try:
                live = self.sessions.get(game_id, resume_bots=False)
                made = self.sessions.bot_step_outside_lock(live)
            except GameChanged:
                # a person or another process moved the game while the bot thought: look again
                overtaken += 1
                if overtaken >= OVERTAKEN_RETRIES:
                    return True
                continue
            except GameNotFound:
                return False
            except Exception:
                log.exception("the bots of game %s stopped", game_id)
                return False
            if made is None:
                return False
            overtaken = 0
            if time.monotonic() >= end:
                return True
        return False
