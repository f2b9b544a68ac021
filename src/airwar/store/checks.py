"""The checks every store makes before it writes, and the refusals they give.

Shared by the database store and the store in memory, so that both refuse the
same input with the same one-line message, in the same order. Nothing here
imports SQLAlchemy.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from airwar.core.errors import RecordError
from airwar.core.record import CHAIN_PREFIX
from airwar.store.errors import GameChanged, StoreError

STATUSES = ("running", "finished")
MAX_LISTED = 1000
"""The most games one listing returns (a larger ``limit`` is cut to this)."""
MAX_TEXT = 400
"""The longest text of one decision."""
MAX_SEED = 200
"""The longest seed, as JSON text."""
MAX_TITLE = 200
"""A title longer than this is cut."""


def now() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """Timestamps come back naive from databases without time zones: they are UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def encode(value: Any, what: str) -> str:
    try:
        return json.dumps(value, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"cannot save {what}: it is not JSON data ({exc})") from None


def decode(text: str | None, game_id: str, what: str) -> Any:
    if text is None:
        return None
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        raise RecordError(f"saved game {game_id}: its {what} are corrupt (not JSON)") from None


def check_text(game_id: str, seat: int, text: str) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise StoreError(f"game {game_id}: seat {seat!r} is not a seat number")
    if not isinstance(text, str) or not text.strip():
        raise StoreError(f"game {game_id}: an empty action cannot be saved")
    if len(text) > MAX_TEXT:
        raise StoreError(f"game {game_id}: action text longer than {MAX_TEXT} characters")
    if "\x00" in text:
        # PostgreSQL text cannot hold NUL; refuse it everywhere so that a game
        # saved in SQLite can always move to PostgreSQL.
        raise StoreError(f"game {game_id}: action text {text!r} contains a NUL character")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise StoreError(f"game {game_id}: action text {text!r} is not valid Unicode") from None


def check_status(status: str) -> None:
    if status not in STATUSES:
        raise StoreError(f"unknown game status {status!r} (one of: {', '.join(STATUSES)})")


def check_index(game_id: str, expected_index: int | None) -> None:
    if expected_index is None:
        return
    if (
        not isinstance(expected_index, int)
        or isinstance(expected_index, bool)
        or expected_index < 0
    ):
        raise StoreError(f"game {game_id}: {expected_index!r} is not a number of decisions")


def check_path(game_id: str, actions: Iterable[tuple[int, str]]) -> list[tuple[int, str]]:
    """The decisions of a path, each checked, before anything is saved."""
    path: list[tuple[int, str]] = []
    for item in actions:
        try:
            seat, text = item
        except (TypeError, ValueError):
            raise StoreError(f"game {game_id}: {item!r} is not a (seat, text) pair") from None
        check_text(game_id, seat, text)
        path.append((seat, text))
    return path


def check_expected(
    game_id: str,
    count: int,
    expected_index: int | None,
    stored_digest: str | None = None,
    expected_digest: str | None = None,
) -> None:
    if expected_index is not None and count != expected_index:
        raise GameChanged(
            f"game {game_id} changed elsewhere: {count} decisions are saved, "
            f"this copy expected {expected_index}; reload the game"
        )
    if (
        expected_digest is not None
        and stored_digest is not None
        and stored_digest.startswith(CHAIN_PREFIX)
        and stored_digest != expected_digest
    ):
        # as many decisions, but not the same ones (an undo, then another move)
        raise GameChanged(
            f"game {game_id} changed elsewhere: its saved decisions are not the ones "
            "this copy holds; reload the game"
        )


def check_limit(limit: int) -> int:
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise StoreError(f"cannot list {limit!r} games: give a positive number")
    return min(limit, MAX_LISTED)


def check_seed(seed: Any) -> str:
    """The seed as saved (JSON text), refused when longer than :data:`MAX_SEED`."""
    seed_json = encode(seed, "the seed")
    if len(seed_json) > MAX_SEED:
        raise StoreError(f"cannot save a seed longer than {MAX_SEED} characters")
    return seed_json


def check_offset(offset: int) -> int:
    if not isinstance(offset, int) or isinstance(offset, bool) or offset < 0:
        raise StoreError(f"cannot list from {offset!r}: give a number from 0")
    return offset


def check_holder(holder: str) -> str:
    """A seat holder's key to list by: letters and digits only."""
    if not holder.isalnum():
        raise StoreError("a seat holder's key is made of letters and digits")
    return holder


def check_lease(name: str, holder: str) -> None:
    if not name or len(name) > 200 or not holder or len(holder) > 64:
        raise StoreError(f"a lease needs a name and a holder, not {name!r}, {holder!r}")


def meta_holds(meta: dict[str, Any], key: str, value: str | bool) -> bool:
    """Whether a game's notes hold ``key`` with ``value`` (as JSON: ``True`` is not ``1``)."""
    return key in meta and json.dumps(meta[key]) == json.dumps(value)
