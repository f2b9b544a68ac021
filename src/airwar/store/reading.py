"""Reading saved games back: one whole, or a page of them newest first.

A listing chooses its games in the database (by game, by notes, by seat holder),
so that a page holds ``limit`` of them however many others there are.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping

from sqlalchemy import ColumnElement, or_, select
from sqlalchemy.orm import Session

from airwar.core.errors import RecordError
from airwar.store.checks import check_holder, check_limit, check_offset
from airwar.store.database import Database
from airwar.store.models import ActionRow, GameRow
from airwar.store.saved import GameListing, StoredGame, complete, damaged, listing, stored


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


class Reading(Database):
    """Loading a saved game and listing them."""

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
