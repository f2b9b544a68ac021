"""Saved games in this process's memory: :class:`InMemoryStore`, after boardgame.io's ``InMemory``.

The same :class:`~airwar.store.storage.Storage` as the database store, with its
semantics (the same checks and refusals, the same optimistic concurrency, the same
listing order), for a game nobody needs to keep (a scripted engagement, a test)
and without SQLAlchemy. Every operation holds one lock: whole or nothing, and
safe for many threads. What it keeps is the JSON text a database would keep, so a
game reads back exactly as it would from the database (notes with their keys
sorted, say).

>>> from airwar.core import GameRecord
>>> store = InMemoryStore()
>>> gid = store.create_game(GameRecord("toy", {}, 7), title="A test", seats={"Red": "human"})
>>> store.append_actions(gid, [(0, "add1")], expected_index=0)
>>> store.load(gid).record.actions
[(0, 'add1')]
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from airwar.core.errors import RecordError
from airwar.core.record import RECORD_FORMAT, RECORD_VERSION, GameRecord
from airwar.store.checks import (
    MAX_TITLE,
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
    meta_holds,
    now,
)
from airwar.store.errors import GameNotFound
from airwar.store.holding import SeatHolding
from airwar.store.saved import GameListing, StoredGame, damaged, holders, listing, stored
from airwar.store.saving import PathWriter

URL = "memory:"
"""The ``url`` of every store in memory."""


@dataclass
class _Saved:
    """One game's saved fields (as a ``games`` row holds them) and its decisions."""

    id: str
    game: str
    title: str
    options_json: str
    seed_json: str
    seats_json: str
    meta_json: str
    created_at: datetime
    updated_at: datetime
    log_digest: str | None
    status: str = "running"
    summary_json: str | None = None
    holders_json: str | None = None
    record_format: str = RECORD_FORMAT
    record_version: int = RECORD_VERSION
    actions: list[tuple[int, str]] = field(default_factory=list)

    @property
    def action_count(self) -> int:
        return len(self.actions)

    def indexed(self) -> list[tuple[int, int, str]]:
        return [(i, seat, text) for i, (seat, text) in enumerate(self.actions)]


class InMemoryStore(PathWriter, SeatHolding):
    """Saved games held in memory until the store is dropped (see the module)."""

    def __init__(self) -> None:
        self.url = URL
        self.listeners: list[Callable[[str], None]] = []
        self._games: dict[str, _Saved] = {}
        self._leases: dict[str, tuple[str, datetime]] = {}
        self._lock = threading.RLock()
        self._last = now()

    # -- the lock, the clock, the listeners --------------------------------------
    def _stamp(self) -> datetime:
        """Now, and later than any stamp before: the newest write lists first even when
        two writes fall in one tick of the clock."""
        moment = max(now(), self._last + timedelta(microseconds=1))
        self._last = moment
        return moment

    def _game(self, game_id: str) -> _Saved:
        found = self._games.get(game_id)
        if found is None:
            raise GameNotFound(f"no saved game has the id {game_id!r}")
        return found

    def _changed_here(self, game_id: str) -> None:
        for listener in list(self.listeners):
            try:
                listener(game_id)
            except Exception:  # a listener never undoes a saved write
                logging.getLogger(__name__).exception("a change listener failed")

    def close(self) -> None:
        """Nothing is held open (the games stay until the store is dropped)."""

    def __enter__(self) -> InMemoryStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- games and their decisions ----------------------------------------------
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
        with self._lock:
            game_id = secrets.token_hex(4)
            while game_id in self._games:
                game_id = secrets.token_hex(4)
            moment = self._stamp()
            self._games[game_id] = _Saved(
                id=game_id,
                game=record.game,
                title=title[:MAX_TITLE],
                options_json=options_json,
                seed_json=seed_json,
                seats_json=seats_json,
                meta_json=meta_json,
                created_at=moment,
                updated_at=moment,
                log_digest=record.log_digest,
                actions=list(record.actions),
            )
        return game_id

    def _save_path(
        self,
        game_id: str,
        path: list[tuple[int, str]],
        *,
        expected_index: int | None,
        expected_digest: str | None,
        log_digest: str | None,
        status: str | None,
        summary_json: str | None,
    ) -> None:
        with self._lock:
            saved = self._game(game_id)
            check_expected(
                game_id, saved.action_count, expected_index, saved.log_digest, expected_digest
            )
            saved.actions.extend(path)
            # a save without a digest leaves the old one stale: it is cleared, never kept
            saved.log_digest = log_digest
            if status is not None:
                saved.status = status
            if summary_json is not None:
                saved.summary_json = summary_json
            saved.updated_at = self._stamp()
        self._changed_here(game_id)

    def head(self, game_id: str) -> tuple[int, str | None]:
        """The saved decision count and log digest of ``game_id``."""
        with self._lock:
            saved = self._game(game_id)
            return saved.action_count, saved.log_digest

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
        """Change what is given, all or nothing (as :meth:`airwar.store.Store.update`)."""
        check_index(game_id, expected_index)
        if record is not None:
            check_path(game_id, record.actions)
        if status is not None:
            check_status(status)
        summary_json = None if summary is None else encode(dict(summary), "the summary")
        meta_json = None if meta is None else encode(dict(meta), "the game's notes")
        seats_json = None if seats is None else encode(dict(seats), "the seats")
        with self._lock:
            saved = self._game(game_id)
            check_expected(
                game_id, saved.action_count, expected_index, saved.log_digest, expected_digest
            )
            new = replace(saved, actions=list(saved.actions))
            if record is not None:
                if record.game != saved.game:
                    raise RecordError(
                        f"saved game {game_id} is a {saved.game} game; "
                        f"a {record.game} record cannot replace it"
                    )
                new.seed_json = check_seed(record.seed)
                new.options_json = encode(dict(record.options), "the options")
                new.record_format, new.record_version = RECORD_FORMAT, RECORD_VERSION
                new.log_digest = record.log_digest
                new.actions = list(record.actions)
            if status is not None:
                new.status = status
            if summary_json is not None:
                new.summary_json = summary_json
            if meta_json is not None:
                new.meta_json = meta_json
            if title is not None:
                new.title = title[:MAX_TITLE]
            if seats_json is not None:
                new.seats_json = seats_json
            new.updated_at = self._stamp()
            self._games[game_id] = new
        self._changed_here(game_id)

    def delete(self, game_id: str) -> None:
        """Remove a saved game and its decisions."""
        with self._lock:
            self._game(game_id)
            del self._games[game_id]

    def load(self, game_id: str) -> StoredGame:
        """The saved game ``game_id``; GameNotFound otherwise."""
        with self._lock:
            saved = self._game(game_id)
            return stored(saved, saved.indexed())

    # -- listings -----------------------------------------------------------------
    def _listed(
        self,
        game: str | None,
        limit: int,
        offset: int = 0,
        any_meta: Mapping[str, str | bool] | None = None,
        holder: str | None = None,
    ) -> list[_Saved]:
        if holder is not None:
            check_holder(holder)
        found = [g for g in self._games.values() if game is None or g.game == game]
        if any_meta is not None or holder is not None:
            found = [g for g in found if self._wanted(g, any_meta or {}, holder)]
        found.sort(key=lambda g: g.id)
        found.sort(key=lambda g: (g.updated_at, g.created_at), reverse=True)
        return found[offset : offset + limit]

    @staticmethod
    def _wanted(saved: _Saved, any_meta: Mapping[str, str | bool], holder: str | None) -> bool:
        if holder is not None and holder in holders(saved)["held"].values():
            return True
        meta = json.loads(saved.meta_json)
        return any(meta_holds(meta, k, v) for k, v in any_meta.items())

    def list_summaries(
        self,
        game: str | None = None,
        limit: int = 200,
        *,
        offset: int = 0,
        any_meta: Mapping[str, str | bool] | None = None,
        holder: str | None = None,
    ) -> list[GameListing]:
        """The most recently updated games, newest first (see :class:`Storage`)."""
        check_offset(offset)
        with self._lock:
            rows = self._listed(game, check_limit(limit), offset, any_meta, holder)
            return [listing(r) for r in rows]

    def list_games(self, game: str | None = None, limit: int = 200) -> list[StoredGame]:
        """The most recently updated games, newest first, each with its whole record."""
        with self._lock:
            rows = self._listed(game, check_limit(limit))
            out: list[StoredGame] = []
            for r in rows:
                try:
                    out.append(stored(r, r.indexed()))
                except RecordError as exc:
                    out.append(damaged(r, str(exc)))
            return out

    def changed_since(self, moment: datetime, limit: int = 1000) -> list[tuple[str, datetime]]:
        """The games updated at or after ``moment`` (id, when), oldest first."""
        with self._lock:
            found = sorted(
                ((g.updated_at, g.id) for g in self._games.values() if g.updated_at >= moment),
            )
        return [(gid, when) for when, gid in found[:limit]]

    # -- seat holders -------------------------------------------------------------
    @contextlib.contextmanager
    def _changing_holders(self, game_id: str) -> Iterator[dict[str, dict[str, str]]]:
        with self._lock:
            saved = self._game(game_id)
            held = holders(saved)
            before = json.dumps(held, sort_keys=True)
            yield held
            changed = json.dumps(held, sort_keys=True) != before
            if changed:
                saved.holders_json = encode(held, "the seat holders")
                saved.updated_at = self._stamp()
        if changed:
            self._changed_here(game_id)

    def seat_holders(self, game_id: str) -> dict[str, str]:
        """Seat name -> the key of the browser that holds it, for each seat held."""
        with self._lock:
            return holders(self._game(game_id))["held"]

    # -- leases ---------------------------------------------------------------------
    def claim_lease(self, name: str, holder: str, seconds: float) -> bool:
        """Hold the lease ``name`` for ``seconds`` if free, expired or already ``holder``'s."""
        check_lease(name, holder)
        moment = now()
        with self._lock:
            held = self._leases.get(name)
            if held is not None and held[0] != holder and held[1] >= moment:
                return False
            self._leases[name] = (holder, moment + timedelta(seconds=seconds))
            return True

    def release_lease(self, name: str, holder: str) -> None:
        """Give up the lease ``name`` if ``holder`` holds it."""
        with self._lock:
            if self._leases.get(name, ("", None))[0] == holder:
                del self._leases[name]

    def lease_holder(self, name: str) -> str | None:
        """Who holds the lease ``name`` now (None: nobody, or it has expired)."""
        with self._lock:
            held = self._leases.get(name)
        if held is None or held[1] < now():
            return None
        return held[0]

    def leases_held(self, prefix: str) -> int:
        """How many unexpired leases have a name starting with ``prefix``."""
        moment = now()
        with self._lock:
            held = [until for n, (_, until) in self._leases.items() if n.startswith(prefix)]
        return sum(1 for until in held if until >= moment)
