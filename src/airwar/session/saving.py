"""The play session's link to the store: the games kept in memory, each decision's save.

Every save says how many decisions it expects the stored game to hold and the digest
of their log; of two writers exactly one wins, and the other's copy is rebuilt from
the store (:class:`~airwar.store.GameChanged`), never saved on top of the winner's.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Protocol

from airwar.core.bot import Bot
from airwar.core.driver import Driver, replay
from airwar.core.errors import AirwarError
from airwar.core.game import Game
from airwar.session.live import Mark
from airwar.session.readers import PlaySession
from airwar.session.seats import is_ai, new_tokens
from airwar.store import GameChanged

if TYPE_CHECKING:
    from airwar.store import Storage, StoredGame

CACHE_SIZE = 256
"""Live games kept in memory; older ones are rebuilt from the store on demand."""


class BotMaker(Protocol):
    """The bot registry as the session uses it (``airwar.bots.registry.make_bot``): it
    makes a bot by name and seed, lists the bots that play a game, and says in one line
    why a bot does not play one (None: it does, or no bot has that name)."""

    def __call__(self, name: str, seed: int | str, /) -> Bot: ...

    def bots_for(self, game: Game, /) -> list[str]: ...

    def refusal(self, name: str, game: Game, /) -> str | None: ...


class BotScheduler(Protocol):
    """Plays the bots' turns somewhere else than in the call that needs them.

    The browser app's background workers are one: a request that leaves a
    bot to act hands the game to :meth:`submit` and returns at once; the
    scheduler makes the decisions through :meth:`Sessions.bot_step_outside_lock`.
    """

    def submit(self, live: PlaySession) -> bool:
        """Queue the game's bot turns (at most one task per game); False if refused."""
        ...

    def busy(self, game_id: str) -> bool:
        """Whether a task for this game is queued or running."""
        ...


class SavedGames:
    """The games in play kept in memory over the store, and their saves.

    ``make_bot(name, seed)`` builds the bots that play seats of kind ``ai:NAME``.
    """

    def __init__(
        self,
        store: Storage,
        make_bot: BotMaker | None = None,
    ) -> None:
        self.store = store
        self.make_bot = make_bot
        self._live: OrderedDict[str, PlaySession] = OrderedDict()
        self._lock = threading.RLock()
        self._loading = threading.Lock()
        self._stopped_at_rolls: set[str] = set()
        """The games this process plays stopping at each roll (kept when a copy is reloaded)."""
        self.scheduler: BotScheduler | None = None
        """When set, the bots' turns that ``create``, ``act`` and a resuming ``get``
        would play inside the call are handed to it instead (see :meth:`continue_bots`)."""

    def _from_stored(self, stored: StoredGame) -> PlaySession:
        driver = replay(stored.record)
        meta = dict(stored.meta or {})
        tokens = dict(meta.get("tokens") or {})
        missing = {n: k for n, k in stored.seats.items() if not is_ai(k) and n not in tokens}
        if missing:
            # a game saved before seat links gets them on its first load
            tokens.update(new_tokens(missing))
            meta["tokens"] = tokens
            self.store.update(stored.id, meta=meta)
        stop = stored.id in self._stopped_at_rolls
        return PlaySession(
            stored.id, stored.title, dict(stored.seats), meta, driver, stop_at_rolls=stop
        )

    def _remember(self, live: PlaySession) -> None:
        with self._lock:
            self._live[live.id] = live
            self._live.move_to_end(live.id)
            while len(self._live) > CACHE_SIZE:
                self._live.popitem(last=False)

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._live.pop(game_id, None)

    def _save(self, live: PlaySession, before: int, prior: str) -> None:
        """Save the decisions made since ``before`` in one transaction, expecting the
        stored game to hold ``before`` decisions whose log has the digest ``prior``."""
        new = live.driver.record.actions[before:]
        if not new:
            return
        summary = live.summary()
        try:
            self.store.append_actions(
                live.id,
                list(new),
                expected_index=before,
                expected_digest=prior,
                log_digest=live.driver.log_digest,
                status=live.status,
                summary=summary,
            )
        except GameChanged:
            self._rebuild(live)
            raise
        except Exception:
            # a failed save leaves the stored game as it was: so must this copy
            self._rebuild(live)
            raise
        live.saved_summary = summary
        live.version += 1
        live.checked = time.monotonic()

    def _rebuild(self, live: PlaySession) -> None:
        """Replace this copy's game by the stored one (after a refused save)."""
        try:
            fresh = self._from_stored(self.store.load(live.id))
        except AirwarError:
            self.forget(live.id)
            return
        live.use(fresh.driver)
        live.meta = fresh.meta
        live.version += 1
        live.checked = time.monotonic()

    def _save_summary(self, live: PlaySession) -> None:
        summary = live.summary()
        self.store.update(live.id, status=live.status, summary=summary)
        live.saved_summary = summary

    def save_summary(self, live: PlaySession) -> bool:
        """Save the status and summary of the game as it stands now (after its rolls: the
        decisions' saves carry the rest) if they changed since this copy last saved them;
        returns whether it saved.

        Saved only if the stored game still holds exactly this copy's decisions (their
        number and digest), so a stale copy never writes over another writer's summary:
        :class:`~airwar.store.GameChanged` then, and this copy is rebuilt from the store.
        """
        with live.lock:
            summary = live.summary()
            if summary == live.saved_summary:
                return False
            try:
                self.store.update(
                    live.id,
                    status=live.status,
                    summary=summary,
                    expected_index=live.decisions,
                    expected_digest=live.driver.log_digest,
                )
            except GameChanged:
                self._rebuild(live)
                raise
            live.saved_summary = summary
            return True

    def _mark(self, live: PlaySession, *, by_bot: bool) -> None:
        """Note, just before a decision is applied, the draws made so far and who decides."""
        if live.marks_of is live.driver and len(live.marks) == live.decisions:
            live.marks.append(Mark(live.driver.draws, by_bot))

    def marks(self, live: PlaySession) -> list[Mark]:
        """One :class:`Mark` per decision of the game; worked out again by a replay of the
        record when this copy has none for its decisions (loaded, rebuilt, or changed
        outside the session)."""
        if live.marks_of is live.driver and len(live.marks) == live.decisions:
            return live.marks
        driver = Driver(live.game, live.driver.seed)
        marks = []
        for seat, text in live.driver.record.actions:
            driver.resolve_chance()
            marks.append(Mark(driver.draws, live.made_by_bot(driver.state, seat)))
            driver.act(text, seat)
        live.marks, live.marks_of = marks, live.driver
        return marks
