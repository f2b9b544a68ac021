"""A saved game as read back (:class:`StoredGame`) and as listed (:class:`GameListing`),
and how either is read from a game's saved fields.

The fields are those of the ``games`` table (:class:`~airwar.store.models.GameRow`):
the JSON parts as text, so that every store reads them back alike, and a damaged
value is reported as a :class:`~airwar.core.errors.RecordError` naming the game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from airwar.core.errors import RecordError
from airwar.core.record import GameRecord
from airwar.store.checks import aware, decode


@dataclass
class StoredGame:
    """A saved game as read back from the store.

    ``problem`` is set only by :meth:`Store.list_games` for a row whose record
    is damaged (its ``status`` is then ``"corrupt"`` and ``record`` holds only
    what could be read); :meth:`Store.load` raises instead.
    """

    id: str
    game: str
    title: str
    record: GameRecord
    seats: dict[str, str]
    meta: dict[str, Any]
    status: str
    summary: dict[str, Any] | None
    created_at: datetime
    updated_at: datetime
    problem: str | None = field(default=None)


@dataclass
class GameListing:
    """A saved game as listed: what its row says, without reading its decisions.

    ``decisions`` is the number of decisions saved. A row that cannot be read
    (corrupt JSON, a foreign record format) is listed with status
    ``"corrupt"`` and its ``problem``; damage to the decisions themselves is
    found only by :meth:`Store.load`.
    """

    id: str
    game: str
    title: str
    seats: dict[str, str]
    meta: dict[str, Any]
    status: str
    summary: dict[str, Any] | None
    decisions: int
    created_at: datetime
    updated_at: datetime
    problem: str | None = field(default=None)
    holders: frozenset[str] = field(default=frozenset())
    """The keys of the browsers that hold a seat of the game."""


class SavedFields(Protocol):
    """What a store keeps of one game besides its decisions (a ``games`` row)."""

    id: str
    game: str
    title: str
    record_format: str
    record_version: int
    options_json: str
    seed_json: str
    seats_json: str
    meta_json: str
    status: str
    summary_json: str | None
    log_digest: str | None
    holders_json: str | None
    created_at: datetime
    updated_at: datetime

    @property
    def action_count(self) -> int:
        """How many decisions are saved."""


def holders(row: SavedFields) -> dict[str, dict[str, str]]:
    """Who holds each seat link: ``{"held": {seat: key}, "moving": {seat: key}}``."""
    data = decode(row.holders_json, row.id, "seat holders") if row.holders_json else {}
    if not isinstance(data, dict):
        raise RecordError(f"saved game {row.id}: its seat holders are not a JSON object")
    out: dict[str, dict[str, str]] = {}
    for part in ("held", "moving"):
        found = data.get(part)
        out[part] = {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else {}
    return out


def complete(row: SavedFields, actions: Sequence[tuple[int, int, str]]) -> bool:
    """Whether ``actions`` (place, seat, text) are every decision the row counts."""
    return [a[0] for a in actions] == list(range(row.action_count))


def _header(row: SavedFields, actions: list[list[Any]]) -> dict[str, Any]:
    gid = row.id
    return {
        "format": row.record_format,
        "version": row.record_version,
        "game": row.game,
        "options": decode(row.options_json, gid, "options"),
        "seed": decode(row.seed_json, gid, "seed"),
        "actions": actions,
        "log_digest": row.log_digest,
    }


def extras(row: SavedFields) -> tuple[dict[str, str], dict[str, Any], dict[str, Any] | None]:
    """The seats, notes and summary of a game row (RecordError if damaged)."""
    gid = row.id
    seats = decode(row.seats_json, gid, "seats")
    meta = decode(row.meta_json, gid, "notes")
    summary = decode(row.summary_json, gid, "summary")
    if not isinstance(seats, dict) or not isinstance(meta, dict):
        raise RecordError(f"saved game {gid}: its seats or notes are not JSON objects")
    if summary is not None and not isinstance(summary, dict):
        raise RecordError(f"saved game {gid}: its summary is not a JSON object")
    return {str(k): str(v) for k, v in seats.items()}, meta, summary


def stored(row: SavedFields, actions: Sequence[tuple[int, int, str]]) -> StoredGame:
    """The saved game of ``row`` with its decisions (place, seat, text); RecordError
    naming the game when anything is damaged."""
    gid = row.id
    if not complete(row, actions):
        raise RecordError(
            f"saved game {gid}: its decisions are damaged "
            f"({len(actions)} stored, {row.action_count} expected)"
        )
    data = _header(row, [[seat, text] for _, seat, text in actions])
    record = GameRecord.from_dict(data, where=f"saved game {gid}")
    seats, meta, summary = extras(row)
    return StoredGame(
        id=gid,
        game=row.game,
        title=row.title,
        record=record,
        seats=seats,
        meta=meta,
        status=row.status,
        summary=summary,
        created_at=aware(row.created_at),
        updated_at=aware(row.updated_at),
    )


def damaged(row: SavedFields, problem: str) -> StoredGame:
    """What can be read of a damaged game, listed with status ``"corrupt"``."""

    def lenient(text: str | None) -> Any:
        try:
            return json.loads(text) if text is not None else None
        except (TypeError, ValueError):
            return None

    seats = lenient(row.seats_json)
    meta = lenient(row.meta_json)
    return StoredGame(
        id=row.id,
        game=row.game,
        title=row.title,
        record=GameRecord(row.game, {}, 0, []),
        seats={str(k): str(v) for k, v in seats.items()} if isinstance(seats, dict) else {},
        meta=meta if isinstance(meta, dict) else {},
        status="corrupt",
        summary=None,
        created_at=aware(row.created_at),
        updated_at=aware(row.updated_at),
        problem=problem,
    )


def listing(row: SavedFields) -> GameListing:
    """The game of ``row`` as listed, without its decisions (status ``"corrupt"`` and its
    ``problem`` when the row cannot be read)."""
    gid = row.id
    try:
        GameRecord.from_dict(_header(row, []), where=f"saved game {gid}")
        seats, meta, summary = extras(row)
        held = frozenset(holders(row)["held"].values())
    except RecordError as exc:
        lost = damaged(row, str(exc))
        return GameListing(
            id=gid,
            game=row.game,
            title=row.title,
            seats=lost.seats,
            meta=lost.meta,
            status=lost.status,
            summary=None,
            decisions=row.action_count,
            created_at=lost.created_at,
            updated_at=lost.updated_at,
            problem=lost.problem,
        )
    return GameListing(
        id=gid,
        game=row.game,
        title=row.title,
        seats=seats,
        meta=meta,
        status=row.status,
        summary=summary,
        decisions=row.action_count,
        created_at=aware(row.created_at),
        updated_at=aware(row.updated_at),
        holders=held,
    )
