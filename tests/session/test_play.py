"""The play session: saved at every decision, resumed from the store, shared with other
processes, undo that never re-rolls a roll already made."""

from __future__ import annotations

from pathlib import Path

import pytest

import airwar.games.migs_sabres  # noqa: F401  (registers the games)
from airwar.bots.registry import make_bot
from airwar.core.driver import Driver, replay
from airwar.core.errors import InvalidNotation
from airwar.core.registry import load_game
from airwar.session import Conflict, Forbidden, PlaySession, Sessions
from airwar.session.errors import GAME_OVER
from airwar.store import GameChanged, Store

GAME = "migs-engagement"


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'service.sqlite'}"


def first_step(svc: Sessions, game_id: str) -> str:
    live = svc.get(game_id)
    return str(live.driver.state.legal_actions()[0])


def act(svc: Sessions, game_id: str, token: str, texts: list[str]) -> PlaySession:
    live = svc.get(game_id)
    svc.act(live, svc.seat_required(live, token), texts)
    return live


def undo(svc: Sessions, game_id: str, token: str) -> PlaySession:
    live = svc.get(game_id)
    svc.undo(live, svc.seat_required(live, token))
    return live


def test_a_game_resumes_from_the_store_exactly(url: str) -> None:
    svc = Sessions(Store(url), make_bot)
    live = svc.create(
        GAME, {"Allied": "human", "Communist": "ai:random"}, options={"first": "active"}
    )
    tok = live.tokens["Allied"]
    for _ in range(4):
        act(svc, live.id, tok, [first_step(svc, live.id)])
    events = live.driver.events
    svc.store.close()
    again = Sessions(Store(url), make_bot).get(live.id)
    assert again.driver.events == events
    assert again.tokens == live.tokens


def test_a_decision_made_by_another_process_shows_up(url: str) -> None:
    svc = Sessions(Store(url), make_bot)
    live = svc.create(GAME, {"Allied": "human", "Communist": "human"}, options={"first": "active"})
    other = Store(url)
    stored = other.load(live.id)
    driver = replay(stored.record)
    driver.act("F", 1)
    other.append_action(live.id, 1, "F")
    live.checked = 0.0  # as if the last look at the store were long ago
    seen = svc.get(live.id)
    assert seen.driver.record.actions == [(1, "F")]
    assert seen.version >= 1


def test_a_stale_copy_cannot_save_over_another_process(url: str) -> None:
    """A terminal moves between the page's read and its save: the page's move is refused."""
    svc = Sessions(Store(url), make_bot)
    live = svc.create(GAME, {"Allied": "human", "Communist": "human"}, options={"first": "active"})
    seat = live.driver.state.current_actor()
    step = first_step(svc, live.id)
    other = Store(url)
    other.append_action(live.id, seat, step)
    with pytest.raises(GameChanged, match="changed elsewhere"):
        svc.act(live, seat, [step])  # the copy read before the other process saved
    # the stored game holds the other process's move once, and the page reloads it
    assert [t for _, t in other.load(live.id).record.actions] == [step]
    assert svc.get(live.id).driver.record.actions == other.load(live.id).record.actions


def test_a_copy_that_holds_as_many_but_other_decisions_cannot_save(url: str) -> None:
    """An undo and a new move elsewhere leave the count as it was: the digest tells."""
    svc = Sessions(Store(url), make_bot)
    live = svc.create(GAME, {"Allied": "human", "Communist": "human"}, options={"first": "active"})
    seat = live.driver.state.current_actor()
    legal = [str(a) for a in live.driver.state.legal_actions()]
    svc.act(live, seat, [legal[0]])
    stale = Sessions(Store(url), make_bot).get(live.id)  # a second process's copy
    # here: the move is taken back and another one made in its place
    other = Store(url)
    record = other.load(live.id).record
    record.actions = []
    record.log_digest = None
    other.update(live.id, record=record)
    fresh = Sessions(Store(url), make_bot).get(live.id)
    fresh_seat = fresh.driver.state.current_actor()
    Sessions(Store(url), make_bot).act(fresh, fresh_seat, [legal[1]])
    assert stale.decisions == 1 == Store(url).head(live.id)[0]
    nxt = stale.driver.state.current_actor()
    with pytest.raises(GameChanged, match="not the ones"):
        svc.act(stale, nxt, [str(stale.driver.state.legal_actions()[0])])
    assert [t for _, t in other.load(live.id).record.actions] == [legal[1]]


def test_refusals_change_nothing(url: str) -> None:
    svc = Sessions(Store(url), make_bot)
    live = svc.create(GAME, {"Allied": "human", "Communist": "remote"}, options={"first": "active"})
    toks = live.tokens
    with pytest.raises(Forbidden):
        act(svc, live.id, "x" * 22, ["F"])
    with pytest.raises(Conflict, match="not Communist's turn"):
        act(svc, live.id, toks["Communist"], ["F"])
    with pytest.raises(InvalidNotation, match="step 2"):
        act(svc, live.id, toks["Allied"], ["F", "Q"])
    with pytest.raises(Conflict, match="step 4"):
        act(svc, live.id, toks["Allied"], ["F", "F", "WR", "WR"])
    assert live.driver.record.actions == []
    assert svc.store.load(live.id).record.actions == []


def test_undo_brings_back_the_same_rolls(url: str) -> None:
    """Undo replays the record without the decision: draw i depends only on (seed, i)."""
    svc = Sessions(Store(url), make_bot)
    live = svc.create(
        GAME, {"Allied": "human", "Communist": "ai:random"}, options={"first": "active"}, seed=99
    )
    tok = live.tokens["Allied"]
    while not any(seat == 0 for seat, _ in live.driver.record.actions):
        act(svc, live.id, tok, [first_step(svc, live.id)])
    rolls_after = [e for e in live.driver.events if e["type"] == "roll"]
    before_undo = len(live.driver.record.actions)
    undo(svc, live.id, tok)
    assert len(live.driver.record.actions) < before_undo
    assert live.driver.state.current_actor() == 1
    kept = [e for e in live.driver.events if e["type"] == "roll"]
    assert kept == rolls_after[: len(kept)]
    # the same decisions again bring back exactly the rolls already seen
    fresh = Driver(load_game(GAME, {"first": "active"}), 99)
    for seat, text in svc.store.load(live.id).record.actions:
        fresh.act(text, seat)
    assert fresh.events == live.driver.events


@pytest.mark.parametrize("seed", [3, 99])
def test_undo_takes_back_exactly_the_last_move_and_the_replies(url: str, seed: int) -> None:
    """After two moves or more, undo goes back to where the last one began, not the first.

    The expected counts are what the test saw as it played, one step at a time: the
    number of decisions in the record when each of Allied's moves began (its first
    step after the AI's replies)."""
    svc = Sessions(Store(url), make_bot)
    live = svc.create(
        GAME, {"Allied": "human", "Communist": "ai:random"}, options={"first": "active"}, seed=seed
    )
    tok = live.tokens["Allied"]
    allied = live.seat_index("Allied")
    starts: list[int] = []
    while not live.driver.state.is_terminal():
        actions = live.driver.record.actions
        if not actions or actions[-1][0] != allied:  # the AI has replied: a new move
            if len(starts) == 3:
                break
            starts.append(len(actions))
        live = act(svc, live.id, tok, [first_step(svc, live.id)])
    assert len(starts) >= 2 and starts[0] < starts[1], starts
    played = list(live.driver.record.actions)
    assert played[starts[-1]][0] == allied and played[starts[-1] - 1][0] != allied
    taken = svc.undo(live, allied)
    assert len(live.driver.record.actions) == starts[-1]
    assert live.driver.record.actions == played[: starts[-1]]
    assert taken == [text for _, text in played[starts[-1] :]]
    assert svc.store.load(live.id).record.actions == played[: starts[-1]]
    assert live.driver.state.current_actor() == allied
    svc.undo(live, allied)
    assert len(live.driver.record.actions) == starts[-2]
    assert Sessions(Store(url), make_bot).get(live.id).driver.record.actions == played[: starts[-2]]


def test_undo_in_the_middle_of_the_first_move_goes_back_to_the_start(url: str) -> None:
    """Every decision so far is the person's own (their move is not over): all are taken."""
    svc = Sessions(Store(url), make_bot)
    live = svc.create(
        GAME, {"Allied": "human", "Communist": "ai:random"}, options={"first": "active"}, seed=3
    )
    tok = live.tokens["Allied"]
    allied = live.seat_index("Allied")
    for _ in range(3):
        live = act(svc, live.id, tok, [first_step(svc, live.id)])
    assert [seat for seat, _ in live.driver.record.actions] == [allied] * 3
    assert svc.undo(live, allied) == ["F", "F", "F"]
    assert live.driver.record.actions == []
    assert svc.store.load(live.id).record.actions == []


def test_undo_of_the_move_that_ended_the_game_is_refused(url: str) -> None:
    """A finished game's record reveals its seed: it never runs again, even when the
    person's own move ended it (a rematch is the way on)."""
    svc = Sessions(Store(url), make_bot)
    for seed in range(40):  # the first seed whose game the person's own move ends
        live = svc.create(
            GAME,
            {"Allied": "human", "Communist": "ai:random"},
            options={"first": "active"},
            seed=seed,
        )
        tok = live.tokens["Allied"]
        allied = live.seat_index("Allied")
        while not live.driver.state.is_terminal():
            live = act(svc, live.id, tok, [first_step(svc, live.id)])
        if live.driver.record.actions[-1][0] == allied:
            break
    else:
        raise AssertionError("no game of 40 was ended by the person's move")
    finished = svc.store.load(live.id)
    assert finished.status == "finished"
    assert svc.undo_refusal(live, "Allied") == GAME_OVER
    with pytest.raises(Conflict, match="rematch"):
        svc.undo(live, allied)
    saved = svc.store.load(live.id)
    assert saved.status == "finished" == live.status
    assert saved.summary == finished.summary
    assert len(saved.record.actions) == len(finished.record.actions)


def test_undo_is_refused_to_a_seat_no_person_plays(url: str) -> None:
    svc = Sessions(Store(url), make_bot)
    live = svc.create(
        GAME, {"Allied": "human", "Communist": "ai:random"}, options={"first": "listed"}, seed=5
    )
    assert svc.undo_refusal(live, "Communist") == (
        "only the person playing a seat here can take a move back"
    )
    assert svc.undo_refusal(live, None) == (
        "only the person playing a seat here can take a move back"
    )
    with pytest.raises(Conflict, match=r"^only the person playing a seat here"):
        svc.undo(live, live.seat_index("Communist"))


def test_undo_is_refused_in_a_game_between_people(url: str) -> None:
    svc = Sessions(Store(url), make_bot)
    live = svc.create(GAME, {"Allied": "human", "Communist": "remote"}, options={"first": "active"})
    act(svc, live.id, live.tokens["Allied"], ["F"])
    assert svc.undo_refusal(live, "Allied") == "undo is only allowed in a game against the AI"


def test_undo_is_refused_while_only_the_ai_has_moved(url: str) -> None:
    """The AI moved first: the person has made no decision, so there is nothing to take back."""
    svc = Sessions(Store(url), make_bot)
    live = svc.create(
        GAME, {"Allied": "human", "Communist": "ai:random"}, options={"first": "listed"}, seed=5
    )
    allied = live.seat_index("Allied")
    assert live.driver.record.actions  # the AI's move
    assert all(seat != allied for seat, _ in live.driver.record.actions)
    assert svc.undo_refusal(live, "Allied") == "Allied has no decision to take back"


def test_an_undo_on_a_copy_another_process_undid_and_moved_is_refused(url: str) -> None:
    """As many decisions as the copy holds, but not the same ones: the digest tells."""
    svc = Sessions(Store(url), make_bot)
    live = svc.create(
        GAME, {"Allied": "human", "Communist": "ai:random"}, options={"first": "active"}, seed=3
    )
    tok = live.tokens["Allied"]
    allied = live.seat_index("Allied")
    live = act(svc, live.id, tok, ["F"])
    stale = Sessions(Store(url), make_bot).get(live.id)  # a second process's copy
    other = Sessions(Store(url), make_bot)
    theirs = other.get(live.id)
    other.undo(theirs, allied)
    other.act(theirs, allied, ["R"])  # another first step in place of "F"
    assert stale.decisions == 1 == Store(url).head(live.id)[0]
    with pytest.raises(GameChanged, match="not the ones"):
        svc.undo(stale, allied)
    assert [t for _, t in Store(url).load(live.id).record.actions] == ["R"]


def test_every_change_gives_the_game_a_new_version(url: str) -> None:
    """The version tells a follower (the browser's stream) that the game changed: each
    decision and each undo gives one never given before, so none is missed."""
    svc = Sessions(Store(url), make_bot)
    live = svc.create(
        GAME, {"Allied": "human", "Communist": "ai:random"}, options={"first": "active"}, seed=3
    )
    tok = live.tokens["Allied"]
    allied = live.seat_index("Allied")
    seen = [live.version]
    for _ in range(2):
        live = act(svc, live.id, tok, ["F"])
        seen.append(live.version)
    svc.undo(live, allied)
    seen.append(live.version)
    live = act(svc, live.id, tok, ["F"])
    seen.append(live.version)
    assert seen == sorted(seen) and len(set(seen)) == len(seen), seen


def test_an_undo_on_a_copy_another_process_moved_on_is_refused(url: str) -> None:
    """Another process saved one more step (without a digest, as an older client would):
    the count tells, and the undo changes nothing."""
    svc = Sessions(Store(url), make_bot)
    live = svc.create(
        GAME, {"Allied": "human", "Communist": "ai:random"}, options={"first": "active"}, seed=3
    )
    allied = live.seat_index("Allied")
    act(svc, live.id, live.tokens["Allied"], ["F"])
    second = Sessions(Store(url), make_bot)
    stale = second.get(live.id)
    Store(url).append_action(live.id, allied, "F")  # the other process's step
    with pytest.raises(GameChanged, match="2 decisions are saved, this copy expected 1"):
        second.undo(stale, allied)
    assert [t for _, t in Store(url).load(live.id).record.actions] == ["F", "F"]


def test_undo_needs_a_decision_of_ones_own(url: str) -> None:
    svc = Sessions(Store(url), make_bot)
    live = svc.create(
        GAME, {"Allied": "human", "Communist": "ai:random"}, options={"first": "active"}
    )
    with pytest.raises(Conflict, match="no decision to take back"):
        undo(svc, live.id, live.tokens["Allied"])


def test_a_game_started_at_the_terminal_gets_seat_links_here(url: str) -> None:
    """The terminal saves games without links; the browser app adds them on first sight."""
    store = Store(url)
    driver = Driver(load_game(GAME, {"first": "active"}), 5)
    game_id = store.create_game(
        driver.record,
        title="from the terminal",
        seats={"Communist": "ai:heuristic", "Allied": "human"},
        meta={"interface": "terminal"},
    )
    svc = Sessions(Store(url), make_bot)
    live = svc.get(game_id)
    assert set(live.tokens) == {"Allied"}
    assert store.load(game_id).meta["tokens"] == live.tokens
    assert store.load(game_id).meta["interface"] == "terminal"
    act(svc, game_id, live.tokens["Allied"], ["F"])
    assert store.load(game_id).record.actions[0] == (1, "F")


def test_a_game_saved_while_the_ai_was_to_act_goes_on(url: str) -> None:
    """The server stopped after saving a human decision and before the AI replied."""
    store = Store(url)
    driver = Driver(load_game(GAME, {"first": "active", "turn_limit": 2}), 21)
    game_id = store.create_game(
        driver.record, title="stopped", seats={"Communist": "ai:random", "Allied": "human"}
    )
    while driver.state.current_actor() == 1:
        action = str(driver.state.legal_actions()[0])
        driver.act(action, 1)
        store.append_action(game_id, 1, action)
    assert driver.state.current_actor() == 0
    live = Sessions(Store(url), make_bot).get(game_id)
    assert live.driver.state.current_actor() != 0
    assert any(seat == 0 for seat, _ in store.load(game_id).record.actions)
