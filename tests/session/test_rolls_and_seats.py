"""What the session does for an interface that tells each roll before it is made: a game
stopped at its rolls stays stopped through undo, reloads and refused saves; a roll is
saved with the score it leaves and replays to the same digest; seats change hands through
the session. On a real SQLite store and the real MiGs rules."""

from __future__ import annotations

from pathlib import Path

import pytest

import airwar.games.migs_sabres  # noqa: F401  (registers the games)
from airwar.bots.registry import make_bot
from airwar.core.driver import replay
from airwar.core.game import CHANCE
from airwar.session import Conflict, PlaySession, SeatError, Sessions
from airwar.store import GameChanged, Store

GAME = "migs-engagement"
SEATS = {"Communist": "human", "Allied": "ai:random"}


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'rolls.sqlite'}"


def to_a_roll(sessions: Sessions, live: PlaySession) -> None:
    """Decide (the person the first legal action, the bot its own) until the game waits
    for a roll: a game that rolled on its own would never wait, and this fails."""
    for _ in range(60):
        actor = live.state.current_actor()
        if actor == CHANCE:
            return
        assert actor >= 0, "the game ended before it waited for a roll"
        decide(sessions, live)
    raise AssertionError("sixty decisions and no roll waited for: the game rolled on its own")


def decide(sessions: Sessions, live: PlaySession) -> None:
    """The seat to act makes one decision (the bot its own, a person the first legal)."""
    actor = live.state.current_actor()
    if actor in live.bot_seats():
        sessions.bot_step(live)
    else:
        sessions.act(live, actor, [str(live.state.legal_actions()[0])], run_bots=False)


def rolls_made(sessions: Sessions, live: PlaySession) -> int:
    made = 0
    while live.state.current_actor() == CHANCE:
        sessions.roll(live)
        made += 1
    return made


def new_game(sessions: Sessions, seed: int = 7) -> PlaySession:
    return sessions.create(GAME, SEATS, seed=seed, run_bots=False, stop_at_rolls=True)


def test_a_game_stopped_at_its_rolls_waits_for_each(url: str) -> None:
    sessions = Sessions(Store(url), make_bot)
    live = new_game(sessions)
    assert live.state.current_actor() == CHANCE  # the first roll is not made yet
    assert rolls_made(sessions, live) >= 1
    to_a_roll(sessions, live)
    assert rolls_made(sessions, live) >= 1
    with pytest.raises(Conflict, match="no roll is waiting"):
        sessions.roll(live)


def test_it_stays_stopped_after_an_undo(url: str) -> None:
    sessions = Sessions(Store(url), make_bot)
    live = new_game(sessions)
    rolls_made(sessions, live)
    to_a_roll(sessions, live)
    rolls_made(sessions, live)
    me = live.seat_index("Communist")
    if live.state.current_actor() != me:
        to_a_roll(sessions, live)
        rolls_made(sessions, live)
    assert sessions.undo(live, me)
    to_a_roll(sessions, live)


def test_it_stays_stopped_after_a_reload(url: str) -> None:
    sessions = Sessions(Store(url), make_bot)
    live = new_game(sessions)
    rolls_made(sessions, live)
    # another process plays on: this copy is reloaded on its next get
    other = Sessions(Store(url), make_bot)
    theirs = other.get(live.id, resume_bots=False)
    decide(other, theirs)  # the other process rolls on its own: stopping is this one's
    again = sessions.get(live.id)
    assert again is live and again.decisions == theirs.decisions
    rolls_made(sessions, again)
    to_a_roll(sessions, again)
    # a copy that left the memory comes back stopped too
    sessions.forget(live.id)
    fresh = sessions.get(live.id, resume_bots=False)
    assert fresh is not live
    rolls_made(sessions, fresh)
    to_a_roll(sessions, fresh)
    # and an interface may let it roll on its own again
    sessions.stop_at_rolls(fresh, False)
    rolls_made(sessions, fresh)
    with pytest.raises(AssertionError, match=r"rolled on its own|ended"):
        to_a_roll(sessions, fresh)


def test_a_roll_is_saved_and_replays_to_the_same_digest(url: str) -> None:
    sessions = Sessions(Store(url), make_bot)
    live = new_game(sessions, seed=11)
    for _ in range(4):
        rolls_made(sessions, live)
        to_a_roll(sessions, live)
    before = Store(url).load(live.id).summary
    sessions.roll(live)
    stored = Store(url).load(live.id)
    assert stored.summary == live.summary()  # saved with the score and turn it leaves
    assert stored.summary != before or live.state.current_actor() == CHANCE
    again = replay(stored.record)
    assert again.log_digest == live.finished_record().log_digest == stored.record.log_digest
    # the replay makes the same rolls from the same seed: the same events, one by one
    assert again.events[: len(live.events)] == live.events


def test_a_stale_copy_never_saves_a_roll_over_another_writer(url: str) -> None:
    sessions = Sessions(Store(url), make_bot)
    live = new_game(sessions)
    rolls_made(sessions, live)
    to_a_roll(sessions, live)
    other = Sessions(Store(url), make_bot)
    theirs = other.get(live.id, resume_bots=False)
    decide(other, theirs)
    # this copy still waits for the roll the other process has made and decided after
    with pytest.raises(GameChanged):
        while True:
            sessions.roll(live)
    assert live.decisions == theirs.decisions  # rebuilt from the store, still stopped
    assert Store(url).load(live.id).summary == theirs.summary()


def test_seats_change_hands_through_the_session(url: str) -> None:
    sessions = Sessions(Store(url), make_bot)
    live = new_game(sessions)
    assert not sessions.reseat(live, {"Allied": "ai:random"})  # nothing changes
    assert sessions.reseat(live, {"Allied": "human"})
    assert Store(url).load(live.id).seats == {"Communist": "human", "Allied": "human"}
    assert live.seats == {"Communist": "human", "Allied": "human"}
    with pytest.raises(SeatError, match="not one of"):
        sessions.reseat(live, {"Allied": "ai:no-such-bot"})
    with pytest.raises(SeatError, match="unknown seat"):
        sessions.reseat(live, {"Nobody": "human"})
    assert Store(url).load(live.id).seats == {"Communist": "human", "Allied": "human"}
