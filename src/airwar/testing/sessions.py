"""The play session's side of the contract, on a real database (a SQLite file).

A game saved half way, its session dropped and the game loaded by a new one, goes
on exactly as the same game played without a stop: the same decisions, the same
log, the same digest in the store, which replays to that log. And whatever the
session shows a seat of a running game (its view, events, the decisions it may
read, the summary, its copy of the record) holds neither the seed nor a word
hidden from that seat; a spectator is not shown the seed either.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import TYPE_CHECKING

from airwar.core.driver import replay
from airwar.core.game import Game
from airwar.session import PlaySession, Sessions
from airwar.testing.cases import Budget, Case
from airwar.testing.contract import assert_hides, choose

if TYPE_CHECKING:
    from airwar.store import Store

PERSON = 0
"""The seat a person plays in a solo game; every other seat is the random bot."""


def _store(folder: Path) -> Store:
    """A new SQLite database in ``folder`` (the store loads SQLAlchemy when first asked)."""
    from airwar.store import Store

    return Store(f"sqlite:///{folder}/games.sqlite")


def _solo(sessions: Sessions, game: Game, seed: int) -> PlaySession:
    """Seat 0 a person, every other seat the random bot (a person too if the game
    is not played by the random bot)."""
    from airwar.bots.registry import bots_for

    bot = "ai:random" if "random" in bots_for(game) else "human"
    seats = {game.seat_name(i): "human" if i == PERSON else bot for i in range(game.num_players)}
    return sessions.create(game, seats, seed=seed, run_bots=False)


def _one_decision(sessions: Sessions, live: PlaySession, rnd: random.Random) -> None:
    """The next decision: a person's (chosen by ``rnd``) or a bot's, saved at once."""
    actor = live.state.current_actor()
    if live.seats[live.game.seat_name(actor)] == "human":
        sessions.act(live, actor, [str(choose(rnd, live.state))], run_bots=False)
    else:
        assert sessions.bot_step(live) is not None, f"no bot played seat {actor}"


def _play(sessions: Sessions, live: PlaySession, rnd: random.Random, until: int) -> None:
    while not live.finished and live.decisions < until:
        _one_decision(sessions, live, rnd)


def check_save_load_continue(case: Case, seed: int, folder: Path) -> None:
    """Saved, loaded by a new session and continued, a game plays as one uninterrupted."""
    from airwar.bots.registry import make_bot

    store = _store(folder)
    try:
        sessions = Sessions(store, make_bot)
        whole = _solo(sessions, case.load(), seed)
        rnd = random.Random(seed)
        budget = Budget(case.limits.session_decisions, case.limits.seconds)
        while not whole.finished and not budget.spent(whole.decisions):
            _one_decision(sessions, whole, rnd)
    finally:
        store.close()
    total = whole.decisions
    half = total // 2

    # the same game, stopped half way: the sessions dropped, new ones opened
    store = _store(folder)
    try:
        sessions = Sessions(store, make_bot)
        first = _solo(sessions, case.load(), seed)
        rnd = random.Random(seed)
        _play(sessions, first, rnd, half)
        game_id, at_half = first.id, first.driver.events
        assert first.decisions == half, f"{first.decisions} decisions made, {half} meant"
        del sessions, first
    finally:
        store.close()

    store = _store(folder)
    try:
        sessions = Sessions(store, make_bot)
        # the check makes every step itself, so the bots do not play on at the load
        resumed = sessions.get(game_id, resume_bots=False)
        assert resumed.decisions == half, f"loaded with {resumed.decisions} decisions, not {half}"
        assert resumed.driver.events[: len(at_half)] == at_half, "the loaded log differs"
        _play(sessions, resumed, rnd, total)

        assert resumed.decisions == total
        assert resumed.driver.record.actions == whole.driver.record.actions, (
            "continued after a load, the game made other decisions than played at once"
        )
        assert resumed.driver.events == whole.driver.events, "continued, the log differs"
        assert resumed.finished == whole.finished

        # what the store holds replays, with verification, to the same log
        stored = store.load(game_id)
        if total:  # a game without decisions is saved without a digest: nothing to verify
            assert stored.record.log_digest == whole.driver.log_digest, "the stored digest differs"
        assert replay(stored.record).events == whole.driver.events, "the stored record differs"
        assert stored.status == whole.status
    finally:
        store.close()


def _shown_to(live: PlaySession, name: str) -> tuple[str, str]:
    """Everything the play session shows the seat ``name``: its view and events
    (as one text, for hidden words), and that plus the decisions, summary and record."""
    seen = json.dumps([live.view(name), live.visible_events(name)], sort_keys=True)
    extra = [[live.decision_text(i, name) for i in range(live.decisions)], live.summary()]
    if not live.finished:  # a finished game's record reveals its seed, by design
        extra.append(live.record_for(name))
    return seen, seen + json.dumps(extra, sort_keys=True)


def check_session_secrets(case: Case, seed: int, folder: Path) -> None:
    """Played by people at separate browsers, no seat is shown the seed or a hidden word."""
    game = case.load()
    names = [game.seat_name(i) for i in range(game.num_players)]
    store = _store(folder)
    try:
        sessions = Sessions(store)
        # two people on two browsers (and a third on a third): the seed is secret
        seats = {n: "human" if i == 0 else "remote" for i, n in enumerate(names)}
        live = sessions.create(game, seats)
        secret = str(live.driver.seed)
        rnd = random.Random(seed)

        def check() -> None:
            for i, name in enumerate(names):
                seen, everything = _shown_to(live, name)
                assert secret not in everything, f"{name} is shown the seed of a running game"
                assert_hides(seen, live.state.hidden_from(i), f"{name}'s session view")
            spectator = json.dumps(
                [live.view(None, spectator=True), live.visible_events(None, spectator=True)]
            )
            assert secret not in spectator, "a spectator is shown the seed"

        check()
        budget = Budget(case.limits.session_decisions, case.limits.seconds)
        while not live.finished and not budget.spent(live.decisions):
            actor = live.state.current_actor()
            sessions.act(live, actor, [str(choose(rnd, live.state))])
            check()
    finally:
        store.close()
