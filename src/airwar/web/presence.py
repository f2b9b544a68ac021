"""Which seats of a game have its page open: the seats' live-update streams, counted.

Each page of a seat holds one live-update stream (:mod:`airwar.web.app`), which
ends every 30 s and is opened again a second later. A seat counts as here
while one of its streams is open, and as gone only :data:`GRACE_SECONDS` after
its last one closed, so that a reconnecting page never flickers "left". What
the other seats are told is only that (here, or gone since when): no link, no
address, nothing of the game.

The count is this server process's own: with several processes (``airwar
serve --workers N``) a seat whose stream another process serves is not seen
here, so a seat is said to have left only when it was seen here first.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable
from typing import Any

GRACE_SECONDS = 5.0
"""How long after its last stream closed a seat is still counted as here."""
MAX_TRACKED = 10_000
"""The most (game, seat) pairs remembered as gone; the oldest are forgotten first."""


class Presence:
    """Open streams per (game, seat), and when each seat's last one closed."""

    def __init__(self, grace: float = GRACE_SECONDS) -> None:
        self.grace = grace
        self._lock = threading.Lock()
        self._open: dict[tuple[str, str], int] = {}
        self._gone: dict[tuple[str, str], float] = {}

    def enter(self, game_id: str, seat: str) -> None:
        with self._lock:
            key = (game_id, seat)
            self._open[key] = self._open.get(key, 0) + 1
            self._gone.pop(key, None)

    def leave(self, game_id: str, seat: str) -> None:
        with self._lock:
            key = (game_id, seat)
            left = self._open.get(key, 0) - 1
            if left > 0:
                self._open[key] = left
                return
            self._open.pop(key, None)
            self._gone[key] = time.time()
            while len(self._gone) > MAX_TRACKED:
                self._gone.pop(next(iter(self._gone)))

    def of(self, game_id: str, seats: Iterable[str], now: float | None = None) -> dict[str, Any]:
        """Each seat seen here: ``{"here": true}``, or ``{"here": false, "left": seconds
        since its page closed}`` once the grace is over. Seats never seen are left out."""
        now = time.time() if now is None else now
        out: dict[str, Any] = {}
        with self._lock:
            for seat in seats:
                key = (game_id, seat)
                if self._open.get(key):
                    out[seat] = {"here": True}
                elif key in self._gone:
                    ago = now - self._gone[key]
                    out[seat] = (
                        {"here": True} if ago < self.grace else {"here": False, "left": int(ago)}
                    )
        return out
