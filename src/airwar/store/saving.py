"""The saving of decisions as both stores take it: the two public calls and every check
of what they are given, once; each store writes the checked path its own way
(:meth:`PathWriter._save_path`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from airwar.store.checks import check_index, check_path, check_status, encode
from airwar.store.errors import StoreError


class PathWriter(ABC):
    """:meth:`append_action` and :meth:`append_actions` of a store (see
    :class:`~airwar.store.storage.Storage`)."""

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
        """Save one decision (and the game's new digest, status, summary), all or nothing.

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
        summary): all of them, or none.

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
        self._save_path(
            game_id,
            path,
            expected_index=expected_index,
            expected_digest=expected_digest,
            log_digest=log_digest,
            status=status,
            summary_json=summary_json,
        )

    @abstractmethod
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
        """Write the checked ``path`` after the stored game's decisions in one step, unless
        the stored game is not as expected (:func:`~airwar.store.checks.check_expected`);
        a save without a digest clears the old one (it would be stale)."""
