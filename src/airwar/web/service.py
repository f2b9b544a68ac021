"""The browser app's game service: live games on top of the store.

Each request finds its game here. A game is kept in memory as a
:class:`~airwar.core.Driver` rebuilt from its stored record (so a game
survives any restart of the server), every decision is written to the store
in its own transaction before the answer goes back, and the bots play their
seats right after a human decision. The store is the one truth: a game
changed by another process (the terminal commands share the store) is
rebuilt from its record when its stored action count moves.
"""

from __future__ import annotations

import copy
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from airwar.analysis.solver import engagement_values
from airwar.core.bot import Bot
from airwar.core.driver import Driver, replay
from airwar.core.errors import AirwarError, IllegalAction, InvalidNotation
from airwar.core.game import TERMINAL, Action, Game
from airwar.core.record import GameRecord, log_digest
from airwar.core.registry import load_game
from airwar.store import GameChanged, Store, StoredGame
from airwar.web import bots as web_bots
from airwar.session.seats import (
    HUMAN,
    REMOTE,
    bot_name,
    check_seats,
    is_ai,
    new_tokens,
    seat_names,
    seat_of_token,
)

MAX_PATH = 64
"""The longest path of decisions one request may send."""

CACHE_SIZE = 256
"""Live games kept in memory; older ones are rebuilt from the store on demand."""

RECHECK_SECONDS = 1.0
"""How long a live game trusts its memory before comparing with the store."""


class Forbidden(AirwarError):
    """A page acting for a seat it holds no link for."""


class Conflict(AirwarError):
    """A request the rules or the game's situation refuse (illegal or out of turn)."""


@dataclass
class LiveGame:
    """One game in memory: its driver, who plays each seat, and its change counter."""

    id: str
    title: str
    seats: dict[str, str]
    meta: dict[str, Any]
    driver: Driver
    bots: dict[int, Bot]
    version: int = 0
    checked: float = field(default_factory=time.monotonic)
    """When this process last saw the stored game (its own change, or a look at the store)."""
    lock: threading.RLock = field(default_factory=threading.RLock)

    @property
    def game(self) -> Game:
        return self.driver.game

    @property
    def tokens(self) -> dict[str, str]:
        tokens = self.meta.get("tokens", {})
        return dict(tokens) if isinstance(tokens, dict) else {}

    @property
    def status(self) -> str:
        return "finished" if self.driver.state.is_terminal() else "running"

    def seat_index(self, name: str) -> int:
        return seat_names(self.game).index(name)

    def seat_for(self, token: str | None) -> str | None:
        return seat_of_token(self.tokens, token)

    def has_remote(self) -> bool:
        return any(kind == REMOTE for kind in self.seats.values())

    def to_act(self) -> str | None:
        actor = self.driver.state.current_actor()
        return self.game.seat_name(actor) if actor >= 0 else None

    def choices(self, seat_name: str | None) -> dict[str, Any]:
        """The legal decisions of ``seat_name`` as a tree of their words (empty if not its turn).

        A page asks for one word at a time, offering only words that lead to
        a legal decision; the key ``"$"`` marks where a decision is complete.
        """
        if seat_name is None or self.to_act() != seat_name:
            return {}
        tree: dict[str, Any] = {}
        for action in self.driver.state.legal_actions():
            node = tree
            for word in str(action).split(" "):
                node = node.setdefault(word, {})
            node["$"] = True
        return tree

    def summary(self) -> dict[str, Any]:
        state = self.driver.state
        return {
            "decisions": len(self.driver.record.actions),
            "to_act": self.to_act(),
            "returns": state.returns() if state.is_terminal() else None,
        }


class GameService:
    """Creates, loads, plays, undoes and replays games for the web routes."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._live: OrderedDict[str, LiveGame] = OrderedDict()
        self._lock = threading.RLock()
        self._loading = threading.Lock()

    # -- loading ------------------------------------------------------------
    def _bots_for(self, game: Game, seats: Mapping[str, str], seed: int | str) -> dict[int, Bot]:
        bots: dict[int, Bot] = {}
        for i, name in enumerate(seat_names(game)):
            kind = seats.get(name, HUMAN)
            if is_ai(kind):
                bots[i] = web_bots.make(bot_name(kind), f"{seed}:{i}")
        return bots

    def _from_stored(self, stored: StoredGame) -> LiveGame:
        driver = replay(stored.record)
        meta = dict(stored.meta or {})
        tokens = dict(meta.get("tokens") or {})
        missing = {n: k for n, k in stored.seats.items() if not is_ai(k) and n not in tokens}
        if missing:
            # a game started at the terminal gets its seat links on its first visit here
            tokens.update(new_tokens(missing))
            meta["tokens"] = tokens
            self.store.update(stored.id, meta=meta)
        return LiveGame(
            id=stored.id,
            title=stored.title,
            seats=dict(stored.seats),
            meta=meta,
            driver=driver,
            bots=self._bots_for(driver.game, stored.seats, driver.seed),
        )

    def get(self, game_id: str) -> LiveGame:
        """The live game ``game_id`` (GameNotFound if the store has no such game)."""
        with self._lock:
            live = self._live.get(game_id)
            if live is not None:
                self._live.move_to_end(game_id)
        if live is None:
            with self._loading:
                # one loader at a time, so that a game has a single live copy
                live = self._live.get(game_id)
                if live is None:
                    live = self._from_stored(self.store.load(game_id))
                    with self._lock:
                        self._live[game_id] = live
                        while len(self._live) > CACHE_SIZE:
                            self._live.popitem(last=False)
                    self._resume_bots(live)
            return live
        if time.monotonic() - live.checked > RECHECK_SECONDS:
            # a game changed here a moment ago is known; one left alone is looked up
            self._refresh(live)
        return live

    def _resume_bots(self, live: LiveGame) -> None:
        """A game saved while a bot was to act (the server stopped there) goes on at once."""
        if live.driver.state.current_actor() in live.bots:
            with live.lock:
                self._run_bots(live)

    def _refresh(self, live: LiveGame) -> None:
        """Rebuild ``live`` if another process changed its stored record."""
        with live.lock:
            stored = self.store.load(live.id)
            live.checked = time.monotonic()
            if [tuple(a) for a in stored.record.actions] != [
                tuple(a) for a in live.driver.record.actions
            ]:
                fresh = self._from_stored(stored)
                live.driver = fresh.driver
                live.meta = fresh.meta
                live.version += 1

    # -- creating -----------------------------------------------------------
    def create(
        self,
        game_name: str,
        options: Mapping[str, Any],
        seats: Mapping[str, str],
        *,
        seed: int | str | None = None,
        title: str | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> LiveGame:
        """Start a game, save it, and let the bots make their opening decisions."""
        game = load_game(game_name, options)
        assigned = check_seats(seat_names(game), seats, web_bots.names(game.name))
        driver = Driver(game, seed)
        full_meta = dict(meta or {})
        full_meta["tokens"] = new_tokens(assigned)
        who = ", ".join(f"{seat} {kind}" for seat, kind in assigned.items())
        name = title or f"{game.title} ({who})"
        record = GameRecord(game.name, dict(game.options), driver.seed)
        game_id = self.store.create_game(record, title=name, seats=assigned, meta=full_meta)
        live = LiveGame(
            id=game_id,
            title=name,
            seats=assigned,
            meta=full_meta,
            driver=driver,
            bots=self._bots_for(game, assigned, driver.seed),
        )
        with self._lock:
            self._live[game_id] = live
        with live.lock:
            self._run_bots(live)
        return live

    # -- playing ------------------------------------------------------------
    def _persist(self, live: LiveGame, actor: int, action: Action) -> None:
        driver = live.driver
        try:
            self.store.append_action(
                live.id,
                actor,
                str(action),
                log_digest=log_digest(driver.events),
                status=live.status,
                summary=live.summary(),
                expected_index=len(driver.record.actions) - 1,
            )
        except GameChanged:
            # Another page or terminal moved this game on: forget this copy so
            # the next request reads the stored game afresh.
            with self._lock:
                self._live.pop(live.id, None)
            raise

    def _run_bots(self, live: LiveGame) -> None:
        """Let the bots play their seats, then tell the pages that the game changed."""
        driver = live.driver
        while live.bots:
            driver.resolve_chance()
            actor = driver.state.current_actor()
            if actor == TERMINAL or actor not in live.bots:
                break
            action = live.bots[actor].choose(driver.state, actor)
            driver.act(action, actor)
            self._persist(live, actor, action)
            for bot in live.bots.values():
                bot.inform(driver.state, actor, action)
        live.version += 1
        live.checked = time.monotonic()

    def _parse_path(self, game: Game, texts: list[str]) -> list[Action]:
        actions: list[Action] = []
        for i, text in enumerate(texts):
            try:
                actions.append(game.parse_action(text))
            except InvalidNotation as exc:
                raise InvalidNotation(f"step {i + 1}: {exc}") from None
            except (ValueError, KeyError) as exc:
                raise InvalidNotation(f"step {i + 1}: cannot read {text!r}: {exc}") from None
        return actions

    def seat_required(self, live: LiveGame, token: str | None) -> int:
        name = live.seat_for(token)
        if name is None:
            raise Forbidden("this link does not play any seat of this game")
        return live.seat_index(name)

    def act(self, game_id: str, token: str | None, texts: list[str]) -> LiveGame:
        """Apply a whole path of decisions for the token's seat, or none of it.

        The path is tried on a copy first: if any step is refused, the answer
        says which step and why, and the game is unchanged.
        """
        if not texts:
            raise InvalidNotation("no action given")
        if len(texts) > MAX_PATH:
            raise InvalidNotation(f"a path has at most {MAX_PATH} steps, not {len(texts)}")
        live = self.get(game_id)
        seat = self.seat_required(live, token)
        with live.lock:
            actions = self._parse_path(live.game, texts)
            if len(actions) == 1:
                # one decision: the driver checks it before changing anything
                try:
                    live.driver.state.validate(actions[0], seat)
                except IllegalAction as exc:
                    raise Conflict(str(exc)) from None
            else:
                trial = copy.deepcopy(live.driver)
                for i, action in enumerate(actions):
                    try:
                        trial.act(action, seat)
                    except IllegalAction as exc:
                        raise Conflict(f"step {i + 1} ({action}): {exc}") from None
            for action in actions:
                live.driver.act(action, seat)
                self._persist(live, seat, action)
                for bot in live.bots.values():
                    bot.inform(live.driver.state, seat, action)
            self._run_bots(live)
        return live

    def can_undo(self, live: LiveGame, seat_name: str | None) -> bool:
        """Undo is for a game against the AI: every other seat is a bot."""
        if seat_name is None or live.seats.get(seat_name) != HUMAN:
            return False
        if any(kind == REMOTE for kind in live.seats.values()):
            return False
        others_ai = all(is_ai(k) for n, k in live.seats.items() if n != seat_name)
        mine = live.seat_index(seat_name)
        return others_ai and any(seat == mine for seat, _ in live.driver.record.actions)

    def undo(self, game_id: str, token: str | None) -> LiveGame:
        """Take back the seat's last decision (and the AI's replies after it).

        The game is replayed from its record without those decisions: the
        chance draw number ``i`` depends only on the seed and ``i``, so every
        roll made before comes back the same, and no later roll is shown.
        """
        live = self.get(game_id)
        seat = self.seat_required(live, token)
        name = live.game.seat_name(seat)
        with live.lock:
            if not self.can_undo(live, name):
                if any(s == seat for s, _ in live.driver.record.actions):
                    raise Conflict("undo is only allowed in a game against the AI")
                raise Conflict(f"{name} has no decision to take back")
            actions = live.driver.record.actions
            last = max(i for i, (s, _) in enumerate(actions) if s == seat)
            driver = replay(live.driver.record, upto=last, verify=False)
            record = GameRecord(driver.game.name, dict(driver.game.options), driver.seed)
            record.actions = list(driver.record.actions)
            record.log_digest = log_digest(driver.events)
            live.driver = driver
            self.store.update(live.id, record=record, status=live.status, summary=live.summary())
            live.version += 1
            live.checked = time.monotonic()
        return live

    def replay_at(self, game_id: str, step: int) -> tuple[LiveGame, Driver]:
        """The game as it stood after its first ``step`` decisions."""
        live = self.get(game_id)
        total = len(live.driver.record.actions)
        if step > total:
            raise Conflict(f"step {step} is past the end of this game ({total} decisions)")
        with live.lock:
            driver = replay(live.driver.record, upto=step, verify=False)
        return live, driver

    def games(self, game: str | None = None) -> list[StoredGame]:
        return self.store.list_games(game)


SOLVER_GAMES = ("migs-sabres", "migs-engagement")
"""The games whose engagements the solver values."""


def solver_values(game_name: str, view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The solver's numbers for the engagement in ``view``, or None when they are not cached.

    Never solves: a matchup that is not in the solver's cache gives None (the
    lookup is a hash and a folder check, so pages are not slowed). Every
    value is from the active plane's side.
    """
    if game_name not in SOLVER_GAMES or not view.get("engagement"):
        return None
    info = engagement_values(view)
    if info is None:
        return None
    info["scoring"] = str(view.get("scoring", "kills"))
    return info
