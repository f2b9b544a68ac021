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

import secrets
from collections.abc import Mapping
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy import update as sql_update

from airwar.core.errors import RecordError
from airwar.core.record import RECORD_FORMAT, RECORD_VERSION, GameRecord
from airwar.store.checks import (
    MAX_TITLE,
    check_expected,
    check_index,
    check_path,
    check_seed,
    check_status,
    check_text,
    encode,
)
from airwar.store.checks import now as _now
from airwar.store.errors import GameNotFound
from airwar.store.models import ActionRow, GameRow
from airwar.store.reading import Reading
from airwar.store.saving import PathWriter
from airwar.store.seats import SeatsAndLeases

__all__ = ["Store"]


class Store(PathWriter, Reading, SeatsAndLeases):
    """Saved games in the database at ``url`` (see :func:`default_database_url`): a
    :class:`~airwar.store.storage.Storage` on SQLite or PostgreSQL.

    Opening runs the schema migrations up to the newest revision. The parts:
    :class:`~airwar.store.database.Database` (the engine, transactions, notices),
    :class:`~airwar.store.reading.Reading` (loading, listing),
    :class:`~airwar.store.seats.SeatsAndLeases`; writing a game's record is here.
    """

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

    def delete(self, game_id: str) -> None:
        """Remove a saved game and its decisions (only when asked to)."""
        with self._transaction(f"deleting game {game_id}", write=True) as session:
            self._row(session, game_id, lock=True)
            session.execute(delete(ActionRow).where(ActionRow.game_id == game_id))
            session.execute(delete(GameRow).where(GameRow.id == game_id))
