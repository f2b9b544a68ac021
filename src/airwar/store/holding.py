"""Which browser holds each seat link, as both stores keep it: the rules of holding,
claiming and moving a seat, once; each store gives the holders to change in one step
its own way (:meth:`SeatHolding._changing_holders`)."""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Mapping
from contextlib import AbstractContextManager


class SeatHolding(ABC):
    """The seat-holder operations of a store (see :class:`~airwar.store.storage.Storage`)."""

    @abstractmethod
    def _changing_holders(self, game_id: str) -> AbstractContextManager[dict[str, dict[str, str]]]:
        """The game's seat holders (``held``: seat -> holder, ``moving``: seat -> move
        key), to change in place: saved when the block ends, all in one step that no other
        claim interleaves with."""

    def hold_seats(self, game_id: str, holders: Mapping[str, str]) -> None:
        """Give these seats to these holders (a new game's own seats, a rematch's)."""
        with self._changing_holders(game_id) as h:
            h["held"].update({str(k): str(v) for k, v in holders.items()})

    def claim_seat(self, game_id: str, seat: str, holder: str) -> str:
        """Let ``holder`` hold ``seat`` unless another holds it already; returns the
        holder after the claim (``holder`` itself, or the one who got there first)."""
        with self._changing_holders(game_id) as h:
            return h["held"].setdefault(seat, holder)

    def offer_seat_move(self, game_id: str, seat: str, holder: str, move_key: str) -> bool:
        """Open a move of ``seat`` to another browser with ``move_key`` (replacing an
        earlier move link of the seat); False, and nothing changes, unless ``holder``
        holds the seat."""
        with self._changing_holders(game_id) as h:
            current = h["held"].get(seat)
            if current is None or not secrets.compare_digest(current, holder):
                return False
            h["moving"][seat] = move_key
            return True

    def take_seat_move(self, game_id: str, move_key: str, holder: str) -> str | None:
        """Move the seat whose open move has ``move_key`` to ``holder``, once: returns the
        seat, or None when no open move has that key (never made, or already taken)."""
        with self._changing_holders(game_id) as h:
            found = None
            for seat, key in h["moving"].items():
                if secrets.compare_digest(key, move_key):
                    found = seat
            if found is None:
                return None
            del h["moving"][found]
            h["held"][found] = holder
            return found
