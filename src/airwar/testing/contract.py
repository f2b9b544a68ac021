"""The rules' side of the contract, checked through the driver.

A seat to act always has a legal action whose text parses back to it; chance
outcomes are exact, distinct probabilities that sum to 1, and a roll that is a
check can be explained before it is made; a finished game gives one return per
seat; a record replays to the very same log and digest, also through its JSON;
a game whose views hide nothing from any seat may declare perfect information,
and no seat's view or events ever hold a word hidden from it.
"""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from typing import Any

from airwar.core.driver import Driver, replay
from airwar.core.game import CHANCE, TERMINAL, GameState
from airwar.core.record import GameRecord
from airwar.testing.cases import Budget, Case


def choose(rnd: random.Random, state: GameState) -> Any:
    """A random legal action of the seat to act (which must have one)."""
    actions = state.legal_actions()
    assert actions, f"seat {state.current_actor()} is to act but has no legal action"
    return actions[rnd.randrange(len(actions))]


def hidden_pattern(words: set[str]) -> re.Pattern[str] | None:
    """One regular expression matching any of ``words`` as a whole word
    (so that hiding ``Viper-1`` does not forbid ``Viper-10``)."""
    words = {w for w in words if w}
    if not words:
        return None
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")


def assert_hides(text: str, words: set[str], what: str) -> None:
    """``text`` holds none of ``words`` (``what`` names it in the failure)."""
    pattern = hidden_pattern(words)
    if pattern is None:
        return
    found = pattern.search(text)
    assert found is None, f"{what} shows {found.group(0)!r}, which is hidden from it"


def check_options(case: Case) -> None:
    """Each parameter's default is valid by its own bounds and choices, has words for a
    form, and the case's options build a game with named seats."""
    game = case.load()
    for p in game.parameters:
        assert p.help, f"option {p.name} has no help text"
        p.coerce(p.default)  # OptionError (not AssertionError) would name the bound
        if p.choices is not None:
            assert p.default in p.choices, f"option {p.name}: default {p.default!r} not a choice"
    assert game.num_players >= 1, "a game needs at least one seat"
    assert len(set(game.seat_names)) == game.num_players, "two seats have the same name"
    referee = game.game_type.referee
    assert referee is None or referee in game.seat_names, f"the referee {referee!r} is no seat"
    from airwar.bots.registry import bots_for

    assert bots_for(game), "no registered bot plays a seat of this game"


def _check_chance(state: GameState) -> None:
    outcomes = state.chance_outcomes()
    assert outcomes, "a chance node with no outcome"
    assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes), (
        f"chance outcomes must have exact positive probabilities: {outcomes}"
    )
    assert sum(p for _, p in outcomes) == 1, "chance outcomes do not sum to 1"
    assert len({str(a) for a, _ in outcomes}) == len(outcomes), "two chance outcomes alike"
    check = state.pending_check()
    if check is not None:
        assert isinstance(check.explain(), str), "the pending check cannot be explained"
        assert 0 <= check.probability() <= 1, f"{check.name}: odds {check.probability()}"


def check_random_play(case: Case, seed: int) -> None:
    """Random play keeps the contract at every step, and its record replays to it."""
    game = case.load()
    seats = game.num_players
    driver = Driver(game, seed, auto_chance=False)
    rnd = random.Random(seed)
    budget = Budget(case.limits.decisions, case.limits.seconds)
    decisions = 0
    while True:
        state = driver.state
        actor = state.current_actor()
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            _check_chance(state)
            driver.roll()
            continue
        assert 0 <= actor < seats, f"actor {actor} is not a seat of {seats}"
        if budget.spent(decisions):
            break
        action = choose(rnd, state)
        assert game.parse_action(str(action)) == action, f"{action} does not parse back"
        driver.act(str(action), actor)
        decisions += 1

    state = driver.state
    if state.is_terminal():
        returns = state.returns()
        assert len(returns) == seats, f"{len(returns)} returns for {seats} seats"
        assert all(isinstance(r, int | float) for r in returns), f"returns {returns}"
        assert state.legal_actions() == [], "a finished game still has legal actions"
    summary = game.summary(state)
    assert summary["terminal"] == state.is_terminal(), "the summary's terminal is wrong"
    json.dumps(summary)
    for event in driver.events:
        line = game.narrate(event)
        assert line is None or isinstance(line, str), f"narrate gave {line!r}"

    record = driver.finished_record()
    again = replay(record)
    assert again.events == driver.events, "the record replays to another log"
    assert again.log_digest == driver.log_digest == record.log_digest, "the digests differ"
    # and through the record's JSON, as it is saved and shared
    from_json = replay(GameRecord.from_json(record.to_json()))
    assert from_json.events == driver.events, "the record's JSON replays to another log"


def check_declared_information(case: Case) -> None:
    """A game whose seats' views leave out what the referee's shows must declare imperfect
    information (else every interface shows each seat everything)."""
    game = case.load()
    if not game.game_type.perfect_information:
        return
    driver = Driver(game, 1)
    rnd = random.Random(1)
    for _ in range(10):
        state = driver.state
        if state.is_terminal():
            break
        everything = set(state.view(None))
        for s in range(game.num_players):
            missing = everything - set(state.view(s))
            assert not missing, (
                f"{game.name} declares perfect information, but seat {s}'s view "
                f"leaves out {sorted(missing)}"
            )
        driver.act(choose(rnd, state))


def state_secrets(state: GameState, seats: int) -> None:
    """No seat's view or visible events hold a word of ``hidden_from`` that seat."""
    imperfect = not state.game.game_type.perfect_information
    for s in range(seats):
        hidden = state.hidden_from(s)
        view = json.dumps(state.view(s), sort_keys=True)
        try:
            events = json.dumps(state.visible_events(s), sort_keys=True)
        except NotImplementedError as exc:
            raise AssertionError(
                f"a game of imperfect information must filter its events per seat: {exc}"
            ) from None
        if not imperfect:
            assert not hidden, f"a perfect-information game hides {sorted(hidden)} from seat {s}"
        assert_hides(view, hidden, f"seat {s}'s view")
        assert_hides(events, hidden, f"seat {s}'s events")


def check_hidden_words(case: Case, seed: int) -> None:
    """After every decision of a random game, no seat is shown a word hidden from it."""
    game = case.load()
    seats = game.num_players
    driver = Driver(game, seed)
    rnd = random.Random(seed)
    budget = Budget(case.limits.session_decisions, case.limits.seconds)
    state_secrets(driver.state, seats)
    decisions = 0
    while not driver.state.is_terminal() and not budget.spent(decisions):
        driver.act(choose(rnd, driver.state))
        decisions += 1
        state_secrets(driver.state, seats)
