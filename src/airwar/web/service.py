"""The browser app's game service: the play session, addressed by game id and seat link.

All the rules of play (creating, resuming, applying a path atomically,
undo, bots, summaries, optimistic concurrency, what each seat may see) live
in :mod:`airwar.session`; this module only turns a request's game id and
secret seat token into a session and a seat, and adds the browser's own
identity: the browser that creates a game owns it (:func:`owner_key`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from airwar.bots.registry import make_bot, refusal
from airwar.core.driver import Driver
from airwar.core.game import Game, GameState
from airwar.session import Conflict, Forbidden, PlaySession, Sessions
from airwar.solver import engagement_values
from airwar.store import Store, StoredGame

__all__ = ["Conflict", "Forbidden", "GameService", "LiveGame", "owner_key", "solver_values"]

LiveGame = PlaySession
"""A game as the app holds it (the play session)."""


def owner_key(browser: str | None) -> str | None:
    """What a game keeps of the browser that created it: a hash of its secret cookie."""
    if not browser:
        return None
    return hashlib.sha256(f"airwar-browser:{browser}".encode()).hexdigest()


def owned_by(meta: Mapping[str, Any], browser: str | None) -> bool:
    key = owner_key(browser)
    return key is not None and meta.get("owner") == key


class GameService(Sessions):
    """Creates, loads, plays, undoes and replays games for the web routes."""

    def __init__(self, store: Store) -> None:
        super().__init__(store, make_bot, refusal)

    def create_for(
        self,
        browser: str | None,
        game: Game | str,
        options: Mapping[str, Any],
        seats: Mapping[str, str],
        *,
        seed: int | str | None = None,
        title: str | None = None,
        public: bool = False,
        trusted_seed: bool = False,
        hints: Mapping[str, str] | None = None,
    ) -> LiveGame:
        """A new game owned by ``browser`` (its seat links are shown only to it)."""
        meta: dict[str, Any] = {"public": bool(public)}
        key = owner_key(browser)
        if key is not None:
            meta["owner"] = key
        return super().create(
            game,
            seats,
            options=options,
            seed=seed,
            title=title,
            meta=meta,
            trusted_seed=trusted_seed,
            hints=hints,
        )

    def owns(self, live: LiveGame, browser: str | None) -> bool:
        return owned_by(live.meta, browser)

    def act_by_token(self, game_id: str, token: str | None, texts: list[str]) -> LiveGame:
        """Apply a path for the seat of ``token``, all of it or none (see :meth:`Sessions.act`)."""
        live = self.get(game_id)
        seat = self.seat_required(live, token)
        self.act(live, seat, texts)
        return live

    def undo_by_token(self, game_id: str, token: str | None) -> LiveGame:
        live = self.get(game_id)
        seat = self.seat_required(live, token)
        self.undo(live, seat)
        return live

    def replay_by_id(self, game_id: str, step: int) -> tuple[LiveGame, Driver]:
        live = self.get(game_id)
        return live, self.replay_at(live, step)

    def listing(self, game: str | None = None, limit: int = 200) -> list[StoredGame]:
        return self.store.list_games(game)[:limit]


def solver_values(game: Game, state: GameState) -> dict[str, Any] | None:
    """The solver's numbers for the engagement in ``state``, or None when they are not cached.

    Never solves: a matchup that is not in the solver's cache gives None (the
    lookup is a hash and a folder check, so pages are not slowed). Every
    value is from the active plane's side. Only games whose type says the
    analysis layer advises on them are looked up; the key is built from the
    game's own state (read under the game's lock), not from its JSON view.
    """
    if not game.game_type.advisor or getattr(state, "engagement", None) is None:
        return None
    info = engagement_values(state)
    if info is None:
        return None
    info["scoring"] = str(game.options.get("scoring", "kills"))
    return info
