"""Who holds each seat link: claimed once, moved only by its holder, kept across a restart,
and a database made before the holders existed is upgraded with its games intact."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from alembic import command
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, inspect

from airwar.core import GameRecord
from airwar.store import InMemoryStore, Store
from airwar.store.schema import alembic_config, current_revision, head_revision
from tests.store.conftest import AnyStore


def new_game(store: AnyStore) -> str:
    return store.create_game(
        GameRecord("toy", {}, 3), title="seats", seats={"Red": "human", "Blue": "remote"}
    )


def test_the_first_claim_holds_the_seat_and_a_later_one_gets_the_first(store: AnyStore) -> None:
    gid = new_game(store)
    assert store.seat_holders(gid) == {}
    assert store.claim_seat(gid, "Blue", "guest") == "guest"
    assert store.claim_seat(gid, "Blue", "host") == "guest"
    assert store.claim_seat(gid, "Blue", "guest") == "guest"
    assert store.seat_holders(gid) == {"Blue": "guest"}


def test_the_holders_outlive_the_store_that_wrote_them(db_url: str) -> None:
    first = Store(db_url)
    gid = new_game(first)
    first.hold_seats(gid, {"Red": "host"})
    first.claim_seat(gid, "Blue", "guest")
    first.close()
    second = Store(db_url)
    assert second.seat_holders(gid) == {"Red": "host", "Blue": "guest"}
    assert second.claim_seat(gid, "Blue", "intruder") == "guest"
    second.close()


@pytest.mark.parametrize(
    ("offered_by", "opened"),
    [("guest", True), ("host", False), ("nobody", False)],
)
def test_only_the_holder_opens_a_move(store: AnyStore, offered_by: str, opened: bool) -> None:
    gid = new_game(store)
    store.hold_seats(gid, {"Red": "host", "Blue": "guest"})
    assert store.offer_seat_move(gid, "Blue", offered_by, "move-key") is opened
    assert store.take_seat_move(gid, "move-key", "tablet") == ("Blue" if opened else None)
    assert store.seat_holders(gid)["Blue"] == ("tablet" if opened else "guest")


def test_a_move_is_taken_once(store: AnyStore) -> None:
    gid = new_game(store)
    store.hold_seats(gid, {"Blue": "guest"})
    assert store.offer_seat_move(gid, "Blue", "guest", "k1")
    assert store.take_seat_move(gid, "k1", "tablet") == "Blue"
    assert store.take_seat_move(gid, "k1", "thief") is None
    assert store.take_seat_move(gid, "k1", "guest") is None
    assert store.seat_holders(gid) == {"Blue": "tablet"}
    # the old holder can no longer open a move of the seat it gave away
    assert not store.offer_seat_move(gid, "Blue", "guest", "k2")


def test_of_many_browsers_claiming_at_once_exactly_one_holds_the_seat(store: AnyStore) -> None:
    """Six browsers: on a database, six stores (as six server processes); in memory, one
    store shared by their threads (as one process)."""
    others = [Store(store.url) if isinstance(store, Store) else store for _ in range(5)]
    stores = [store, *others]
    gid = new_game(stores[0])
    start = threading.Barrier(len(stores))
    answers: list[str] = []

    def claim(i: int) -> None:
        start.wait()
        answers.append(stores[i].claim_seat(gid, "Blue", f"browser-{i}"))

    threads = [threading.Thread(target=claim, args=(i,)) for i in range(len(stores))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    winner = stores[0].seat_holders(gid)["Blue"]
    assert answers == [winner] * len(stores)
    for other in others:
        other.close()


def test_a_database_of_the_first_revision_is_upgraded_with_its_games(db_url: str) -> None:
    engine = create_engine(db_url)
    command.upgrade(alembic_config(db_url), "0001")
    assert "holders_json" not in {c["name"] for c in inspect(engine).get_columns("games")}
    with engine.begin() as conn:  # a game an older airwar saved, at revision 0001
        conn.exec_driver_sql(
            "INSERT INTO games (id, game, title, record_format, record_version, options_json,"
            " seed_json, seats_json, meta_json, status, action_count, created_at, updated_at)"
            " VALUES ('old1', 'toy', 'old', 'airwar-record', 1, '{}', '3',"
            " '{\"Red\": \"human\"}', '{}', 'running', 0, '2025-01-01', '2025-01-01')"
        )
    store = Store(db_url)
    assert current_revision(engine) == head_revision()
    assert store.load("old1").seats == {"Red": "human"}
    assert store.seat_holders("old1") == {}
    assert store.claim_seat("old1", "Red", "first") == "first"
    store.close()
    command.downgrade(alembic_config(db_url), "0001")
    assert "holders_json" not in {c["name"] for c in inspect(engine).get_columns("games")}
    engine.dispose()


BROWSERS = st.sampled_from(["host", "guest", "tablet", "thief"])
SEATS = st.sampled_from(["Red", "Blue"])
STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("claim"), SEATS, BROWSERS),
        st.tuples(st.just("offer"), SEATS, BROWSERS),
        st.tuples(st.just("take"), st.integers(0, 5), BROWSERS),
    ),
    max_size=25,
)


@pytest.mark.parametrize("make", [lambda: Store("sqlite://"), InMemoryStore])
@settings(max_examples=40, deadline=None)
@given(steps=STEPS)
def test_a_seat_changes_holder_only_by_its_holders_move_taken_once(
    make: Callable[[], AnyStore], steps: list[tuple[str, Any, str]]
) -> None:
    """Against a plain model: a claim never takes a held seat, a move is opened only by
    the seat's holder, and each move key moves its seat at most once."""
    store = make()
    gid = new_game(store)
    held: dict[str, str] = {}
    moving: dict[str, str] = {}
    offered: list[str] = []
    for kind, what, browser in steps:
        if kind == "claim":
            assert store.claim_seat(gid, what, browser) == held.setdefault(what, browser)
        elif kind == "offer":
            key = f"key-{len(offered)}"
            offered.append(key)
            may = held.get(what) == browser
            assert store.offer_seat_move(gid, what, browser, key) is may
            if may:
                moving[what] = key
        elif what < len(offered):
            key = offered[what]
            seat = next((s for s, k in moving.items() if k == key), None)
            assert store.take_seat_move(gid, key, browser) == seat
            if seat is not None:
                del moving[seat]
                held[seat] = browser
        assert store.seat_holders(gid) == held
    store.close()


def test_a_list_by_holder_finds_the_games_whose_seat_it_holds_and_no_other(
    store: AnyStore,
) -> None:
    """The saved games a browser joined from a link: chosen by the database, with the
    holders read back, never a game where the key is only a pending move link's."""
    held, moving, other = new_game(store), new_game(store), new_game(store)
    store.claim_seat(held, "Blue", "guestkey1")
    store.hold_seats(moving, {"Red": "hostkey1"})
    store.offer_seat_move(moving, "Red", "hostkey1", "guestkey2")
    store.claim_seat(other, "Blue", "strangerkey")
    listed = store.list_summaries(limit=10, holder="guestkey1")
    assert [g.id for g in listed] == [held]
    assert listed[0].holders == frozenset({"guestkey1"})
    # with the notes' own choice: either one keeps a game
    both = store.list_summaries(limit=10, holder="guestkey1", any_meta={"public": True})
    assert [g.id for g in both] == [held]
    assert {g.id for g in store.list_summaries(limit=10)} == {held, moving, other}
    assert store.list_summaries(limit=10, holder="guestkey2") == []
