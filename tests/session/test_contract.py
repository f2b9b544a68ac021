"""The kernel's contract, checked on every registered game.

Whatever a game is, the driver, the record, the store and the play session
rely on the same few promises: a seat to act always has a legal action,
chance outcomes are exact probabilities that sum to 1, a record replays to
the very same log, a game saved and resumed goes on exactly as if it had
never stopped, and no seat is ever shown what is hidden from it or the seed
of a running game. These tests hold every registered game to them, so a new
game is checked the day it registers.

Gunslingers is played from each example scenario, for one turn; every game
is cut off after a number of decisions so that the file stays fast.
"""

from __future__ import annotations

import ast
import json
import random
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import airwar
import airwar.games
import airwar.games.bia
import airwar.games.gunslingers
import airwar.games.migs_sabres
from airwar.bots.registry import make_bot
from airwar.core import CHANCE, TERMINAL, Driver, GameRecord, game_class, game_names, replay
from airwar.core.game import Game, GameState
from airwar.core.registry import load_game
from airwar.games.gunslingers import options_for_file
from airwar.session import PlaySession, Sessions
from airwar.store import Store

airwar.games.load_all()

SRC = Path(airwar.__file__).parent
EXAMPLES = SRC / "games" / "gunslingers" / "examples"


@dataclass(frozen=True, repr=False)
class Case:
    """One game to hold to the contract: its registered name, options and limits."""

    id: str
    game: str
    options: dict[str, Any] = field(default_factory=dict)
    cap: int = 3000
    """Most decisions of a random game played through the driver."""
    session_cap: int = 80
    """Most decisions of a game played through the sessions (each one saved)."""

    def load(self) -> Game:
        return load_game(self.game, self.options)

    def __repr__(self) -> str:  # a scenario's whole content is too much to print
        return f"Case({self.id!r})"


def _shipped_games() -> list[str]:
    """The registered games of airwar itself (a test may register toy games of its own)."""
    return [n for n in game_names() if game_class(n).__module__.startswith("airwar.games.")]


GUNSLINGERS_CAPS = {"dogfight-2v2": (3000, 40), "strike-sam-belt": (60, 30)}
"""(cap, session_cap) per example scenario: about 10 ms a decision, so the larger
scenarios (about 100 and 650 decisions in a turn) are cut short."""


def _cases() -> list[Case]:
    cases: list[Case] = []
    for name in _shipped_games():
        if name != "gunslingers":
            cases.append(Case(name, name))
            continue
        for path in sorted(EXAMPLES.glob("*.toml")):
            # one turn of each scenario; a small one to its end, the larger ones cut short
            cap, session_cap = GUNSLINGERS_CAPS.get(path.stem, (40, 20))
            cases.append(
                Case(f"{name}-{path.stem}", name, options_for_file(path, turns=1), cap, session_cap)
            )
    return cases


CASES = _cases()


def _params() -> list[Any]:
    return [pytest.param(c, id=c.id) for c in CASES]


# -- helpers ---------------------------------------------------------------------


def _choose(rnd: random.Random, state: GameState) -> Any:
    actions = state.legal_actions()
    assert actions, f"seat {state.current_actor()} is to act but has no legal action"
    return actions[rnd.randrange(len(actions))]


def _hidden_pattern(words: set[str]) -> re.Pattern[str] | None:
    """One regular expression matching any of ``words`` as a whole word
    (so that hiding ``Viper-1`` does not forbid ``Viper-10``)."""
    words = {w for w in words if w}
    if not words:
        return None
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")


def _assert_hides(text: str, words: set[str], what: str) -> None:
    pattern = _hidden_pattern(words)
    if pattern is None:
        return
    found = pattern.search(text)
    assert found is None, f"{what} shows {found.group(0)!r}, which is hidden from it"


# -- the rules contract, through the driver ----------------------------------------


@pytest.mark.parametrize("case", _params())
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_play_keeps_the_contract_and_replays(case: Case, seed: int) -> None:
    game = case.load()
    seats = game.num_players
    driver = Driver(game, seed, auto_chance=False)
    rnd = random.Random(seed)
    decisions = 0
    while True:
        state = driver.state
        actor = state.current_actor()
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes, "a chance node with no outcome"
            assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes), outcomes
            assert sum(p for _, p in outcomes) == 1, "chance outcomes do not sum to 1"
            assert len({str(a) for a, _ in outcomes}) == len(outcomes), "two outcomes alike"
            driver.roll()
            continue
        assert 0 <= actor < seats, f"actor {actor} is not a seat of {seats}"
        if decisions >= case.cap:
            break
        action = _choose(rnd, state)
        assert game.parse_action(str(action)) == action, f"{action} does not parse back"
        driver.act(str(action), actor)
        decisions += 1

    state = driver.state
    if state.is_terminal():
        returns = state.returns()
        assert len(returns) == seats, f"{len(returns)} returns for {seats} seats"
        assert all(isinstance(r, int | float) for r in returns)
        assert state.legal_actions() == []
    summary = game.summary(state)
    assert summary["terminal"] == state.is_terminal()
    json.dumps(summary)
    for event in driver.events:
        line = game.narrate(event)
        assert line is None or isinstance(line, str)

    record = driver.finished_record()
    again = replay(record)
    assert again.events == driver.events
    assert again.log_digest == driver.log_digest == record.log_digest
    # and through the record's JSON, as it is saved and shared
    assert replay(GameRecord.from_json(record.to_json())).events == driver.events


# -- save, load and continue, through the sessions on a SQLite file -------------------

HUMAN_SEAT = 0


def _one_decision(sessions: Sessions, live: PlaySession, rnd: random.Random) -> None:
    """The next decision: the person's (chosen by ``rnd``) or a bot's, saved at once."""
    actor = live.state.current_actor()
    if actor == HUMAN_SEAT:
        sessions.act(live, actor, [str(_choose(rnd, live.state))], run_bots=False)
    else:
        assert sessions.bot_step(live) is not None, f"no bot played seat {actor}"


def _play(sessions: Sessions, live: PlaySession, rnd: random.Random, until: int) -> None:
    while not live.finished and live.decisions < until:
        _one_decision(sessions, live, rnd)


def _new_game(sessions: Sessions, game: Game, seed: int) -> PlaySession:
    """A solo game: seat 0 a person, every other seat the random bot."""
    seats = {
        game.seat_name(i): "human" if i == HUMAN_SEAT else "ai:random"
        for i in range(game.num_players)
    }
    return sessions.create(game, seats, seed=seed, run_bots=False)


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("case", _params())
def test_saved_loaded_and_continued_plays_as_uninterrupted(
    case: Case, seed: int, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path}/g.sqlite"

    # one uninterrupted play
    store = Store(url)
    sessions = Sessions(store, make_bot)
    whole = _new_game(sessions, case.load(), seed)
    _play(sessions, whole, random.Random(seed), case.session_cap)
    store.close()
    total = whole.decisions
    half = total // 2

    # the same game, stopped half way: the Sessions dropped, a new one opened
    store = Store(url)
    sessions = Sessions(store, make_bot)
    first = _new_game(sessions, case.load(), seed)
    rnd = random.Random(seed)
    _play(sessions, first, rnd, half)
    game_id, at_half = first.id, first.driver.events
    assert first.decisions == half
    del sessions, first
    store.close()

    store = Store(url)
    sessions = Sessions(store, make_bot)
    # the test makes every step itself, so the bots do not play on at the load
    resumed = sessions.get(game_id, resume_bots=False)
    assert resumed.decisions == half
    assert resumed.driver.events[: len(at_half)] == at_half
    _play(sessions, resumed, rnd, total)

    assert resumed.decisions == total
    assert resumed.driver.record.actions == whole.driver.record.actions
    assert resumed.driver.events == whole.driver.events
    assert resumed.finished == whole.finished

    # what the store holds replays, with verification, to the same log
    stored = store.load(game_id)
    if total:  # a game without decisions is saved without a digest: nothing to verify
        assert stored.record.log_digest == whole.driver.log_digest
    assert replay(stored.record).events == whole.driver.events
    assert stored.status == whole.status
    store.close()


# -- secrets ----------------------------------------------------------------------


def _check_state_secrets(state: GameState, seats: int) -> None:
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
        _assert_hides(view, hidden, f"seat {s}'s view")
        _assert_hides(events, hidden, f"seat {s}'s events")


@pytest.mark.parametrize("case", _params())
def test_a_game_whose_views_hide_things_declares_imperfect_information(case: Case) -> None:
    """A game whose seats' views leave out what the referee's shows must say it has
    imperfect information (else every interface shows each seat everything)."""
    game = case.load()
    driver = Driver(game, 1)
    rnd = random.Random(1)
    for _ in range(10):
        state = driver.state
        if state.is_terminal():
            break
        if game.game_type.perfect_information:
            everything = set(state.view(None))
            for s in range(game.num_players):
                missing = everything - set(state.view(s))
                assert not missing, (
                    f"{game.name} declares perfect information, but seat {s}'s view "
                    f"leaves out {sorted(missing)}"
                )
        driver.act(_choose(rnd, state))


@pytest.mark.parametrize("case", _params())
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_no_seat_sees_what_is_hidden_from_it(case: Case, seed: int) -> None:
    game = case.load()
    seats = game.num_players
    driver = Driver(game, seed)
    rnd = random.Random(seed)
    _check_state_secrets(driver.state, seats)
    decisions = 0
    while not driver.state.is_terminal() and decisions < case.session_cap:
        driver.act(_choose(rnd, driver.state))
        decisions += 1
        _check_state_secrets(driver.state, seats)


def _shown_to(live: PlaySession, name: str) -> tuple[str, str]:
    """Everything the play session shows the seat ``name``: its view and events
    (as one text, for hidden words), and that plus the record and summary."""
    seen = json.dumps([live.view(name), live.visible_events(name)], sort_keys=True)
    extra = [[live.decision_text(i, name) for i in range(live.decisions)], live.summary()]
    if not live.finished:  # a finished game's record reveals its seed, by design
        extra.append(live.record_for(name))
    return seen, seen + json.dumps(extra, sort_keys=True)


@pytest.mark.parametrize("case", _params())
def test_a_play_session_shows_no_seat_the_seed_or_what_is_hidden(
    case: Case, tmp_path: Path
) -> None:
    game = case.load()
    names = [game.seat_name(i) for i in range(game.num_players)]
    store = Store(f"sqlite:///{tmp_path}/g.sqlite")
    sessions = Sessions(store)
    # two people on two browsers (and a third on a third): the seed is secret
    seats = {n: "human" if i == 0 else "remote" for i, n in enumerate(names)}
    live = sessions.create(game, seats)
    seed = str(live.driver.seed)
    rnd = random.Random(7)

    def check() -> None:
        for i, name in enumerate(names):
            seen, everything = _shown_to(live, name)
            assert seed not in everything, f"{name} is shown the seed of a running game"
            _assert_hides(seen, live.state.hidden_from(i), f"{name}'s session view")
        spectator = json.dumps(
            [live.view(None, spectator=True), live.visible_events(None, spectator=True)]
        )
        assert seed not in spectator, "a spectator is shown the seed"

    check()
    while not live.finished and live.decisions < case.session_cap:
        actor = live.state.current_actor()
        sessions.act(live, actor, [str(_choose(rnd, live.state))])
        check()
    store.close()


# -- every game is here -------------------------------------------------------------


def _registered_in_source() -> set[str]:
    """The ``name`` of every class decorated with ``@register_game`` under src/airwar."""
    names: set[str] = set()
    for path in SRC.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if "register_game" not in text:
            continue
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            if not any(
                (isinstance(d, ast.Name) and d.id == "register_game")
                or (isinstance(d, ast.Attribute) and d.attr == "register_game")
                for d in node.decorator_list
            ):
                continue
            for stmt in node.body:
                target: ast.expr
                value: ast.expr | None
                if isinstance(stmt, ast.AnnAssign):
                    target, value = stmt.target, stmt.value
                elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
                    target, value = stmt.targets[0], stmt.value
                else:
                    continue
                if (
                    isinstance(target, ast.Name)
                    and target.id == "name"
                    and isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                ):
                    names.add(value.value)
    return names


def test_every_game_registered_in_the_source_is_checked() -> None:
    in_source = _registered_in_source()
    assert in_source, "no @register_game found"
    assert in_source <= set(_shipped_games()), (
        f"registered in the source but not imported by airwar.games.load_all(): "
        f"{sorted(in_source - set(_shipped_games()))}"
    )
    assert {c.game for c in CASES} == set(_shipped_games())
    assert len([c for c in CASES if c.game == "gunslingers"]) == len(list(EXAMPLES.glob("*.toml")))
