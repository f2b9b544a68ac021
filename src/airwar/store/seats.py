"""Who holds each seat link of a game, and which process holds each lease: the parts
of the :class:`~airwar.store.store.Store` that are not a game's record."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

from sqlalchemy import delete, func, insert, or_, select
from sqlalchemy import update as sql_update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from airwar.store.checks import aware, check_lease, encode
from airwar.store.checks import now as _now
from airwar.store.database import Database
from airwar.store.holding import SeatHolding
from airwar.store.models import LeaseRow
from airwar.store.saved import holders as read_holders


class SeatsAndLeases(SeatHolding, Database):
    """Seat holders (claimed once, moved only by their holder) and leases."""

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
