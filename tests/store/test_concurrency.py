"""Several writers on one game: exactly one wins, the others are told the game changed.

Run on a SQLite file and, when ``AIRWAR_TEST_POSTGRES_URL`` is set, on
PostgreSQL (see ``conftest.py``). A writer that loses must get
:class:`GameChanged` (the web answers 409, reload), never a bare
:class:`StoreError` (503, the database is in trouble).
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, text

from airwar.core import GameRecord
from airwar.store import (
    MAX_LISTED,
    GameChanged,
    GameListing,
    GameNotFound,
    InMemoryStore,
    Store,
    StoreError,
)
from tests.store.conftest import AnyStore, empty_database

WRITERS = 8
ROUNDS = 20


def _raw(store: Store, sql: str, **params: object) -> None:
    with store.engine.begin() as conn:
        conn.execute(text(sql), params)


def _race(
    stores: list[AnyStore], rounds: int, attempt: Callable[[int, int, AnyStore], None]
) -> list[dict[int, str]]:
    """Every round, all writers call ``attempt(writer, round, store)`` at once.

    Returns each round's outcome per writer: ``"won"``, ``"changed"`` or the
    error's name and message.
    """
    start = threading.Barrier(len(stores))
    end = threading.Barrier(len(stores))
    outcomes: list[dict[int, str]] = [{} for _ in range(rounds)]
    failures: list[BaseException] = []

    def writer(k: int) -> None:
        for r in range(rounds):
            try:
                start.wait(timeout=60)
                try:
                    attempt(k, r, stores[k])
                    outcomes[r][k] = "won"
                except GameChanged:
                    outcomes[r][k] = "changed"
                except StoreError as exc:  # what must never happen
                    outcomes[r][k] = f"{type(exc).__name__}: {exc}"
                end.wait(timeout=60)
            except BaseException as exc:  # a broken barrier or a bug: report it below
                failures.append(exc)
                start.abort()
                end.abort()
                return

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(len(stores))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    return outcomes


def _assert_one_winner_per_round(outcomes: list[dict[int, str]]) -> list[int]:
    """Each round: one "won", every other writer "changed". Returns the winners."""
    winners = []
    for r, by_writer in enumerate(outcomes):
        tally = Counter(by_writer.values())
        assert tally == Counter({"won": 1, "changed": len(by_writer) - 1}), (r, by_writer)
        winners.append(next(k for k, o in by_writer.items() if o == "won"))
    return winners


@pytest.fixture(params=["sqlite", "postgresql", "memory"])
def writers(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[list[AnyStore]]:
    """One Store per writer: as many programs (pages, terminals) on one database; or one
    store in memory shared by every writer's thread (as one server process shares it)."""
    if request.param == "memory":
        yield [InMemoryStore()] * WRITERS
        return
    with empty_database(request.param, tmp_path) as db_url:
        stores: list[AnyStore] = [Store(db_url) for _ in range(WRITERS)]
        yield stores
        for s in stores:
            s.close()


def test_exactly_one_of_many_writers_saves_each_decision(writers: list[AnyStore]) -> None:
    gid = writers[0].create_game(GameRecord("toy", {}, 1), title="", seats={})

    def attempt(k: int, r: int, store: AnyStore) -> None:
        store.append_action(gid, k % 2, f"w{k}r{r}", expected_index=r)

    winners = _assert_one_winner_per_round(_race(writers, ROUNDS, attempt))
    saved = writers[0].load(gid).record.actions
    assert saved == [(k % 2, f"w{k}r{r}") for r, k in enumerate(winners)]


def test_exactly_one_of_many_paths_is_saved_whole(writers: list[AnyStore]) -> None:
    gid = writers[0].create_game(GameRecord("toy", {}, 1), title="", seats={})

    def path(k: int, r: int) -> list[tuple[int, str]]:
        return [(0, f"w{k}r{r}a"), (1, f"w{k}r{r}b"), (0, f"w{k}r{r}c")]

    def attempt(k: int, r: int, store: AnyStore) -> None:
        store.append_actions(gid, path(k, r), expected_index=3 * r, log_digest=f"d{k}-{r}")

    winners = _assert_one_winner_per_round(_race(writers, ROUNDS, attempt))
    got = writers[0].load(gid)
    assert got.record.actions == [a for r, k in enumerate(winners) for a in path(k, r)]
    assert got.record.log_digest == f"d{winners[-1]}-{ROUNDS - 1}"


def test_an_undo_never_overwrites_another_writers_decision(writers: list[AnyStore]) -> None:
    """Half the writers save a decision, half take the last one back, all from the
    same copy of the game: exactly one of them changes it. (The game never runs
    out of decisions to take back: an undo always changes the count.)"""
    start = [(i % 2, f"add{1 + i % 2}") for i in range(ROUNDS)]
    gid = writers[0].create_game(GameRecord("toy", {}, 1, list(start)), title="", seats={})
    copies: dict[int, list[tuple[int, str]]] = {}
    expected = list(start)

    def attempt_in(r: int, k: int, _round: int, store: AnyStore) -> None:
        mine = copies[k]
        if k % 2 == 0:
            store.append_action(gid, 0, f"w{k}r{r}", expected_index=len(mine))
        else:
            store.update(gid, record=GameRecord("toy", {}, 1, mine[:-1]), expected_index=len(mine))

    outcomes: list[dict[int, str]] = []
    for r in range(ROUNDS // 2):
        for k in range(WRITERS):  # each writer's copy, read before the round
            copies[k] = writers[k].load(gid).record.actions
        outcome = _race(writers, 1, partial(attempt_in, r))[0]
        outcomes.append(outcome)
        (winner,) = [k for k, o in outcome.items() if o == "won"]
        expected = [*expected, (0, f"w{winner}r{r}")] if winner % 2 == 0 else expected[:-1]
        assert writers[0].load(gid).record.actions == expected
    _assert_one_winner_per_round(outcomes)


@pytest.mark.parametrize("make", [lambda: Store("sqlite://"), InMemoryStore])
def test_in_memory_store_shared_by_threads(make: Callable[[], AnyStore]) -> None:
    """An in-memory database is one connection: the store's transactions take turns (and
    the store in memory holds one lock)."""
    store = make()
    gid = store.create_game(GameRecord("toy", {}, 1), title="", seats={})

    def attempt(k: int, r: int, s: AnyStore) -> None:
        s.append_actions(gid, [(k % 2, f"w{k}r{r}")], expected_index=r)

    winners = _assert_one_winner_per_round(_race([store] * WRITERS, ROUNDS, attempt))
    assert store.load(gid).record.actions == [(k % 2, f"w{k}r{r}") for r, k in enumerate(winners)]
    store.close()


# -- a whole path: all or nothing ---------------------------------------------
def test_a_path_with_a_bad_decision_saves_nothing(store: AnyStore) -> None:
    gid = store.create_game(GameRecord("toy", {}, 1, [(0, "add1")]), title="", seats={})
    before = store.load(gid)
    bad_ones: list[tuple[Any, Any]] = [
        (1, "  "),
        (1, "x" * 401),
        (1, "nul\x00"),
        (-1, "add1"),
        ("1", "add1"),
    ]
    for bad in bad_ones:
        with pytest.raises(StoreError) as err:
            store.append_actions(
                gid, [(1, "add1"), bad, (1, "add2")], expected_index=1, status="finished"
            )
        assert not isinstance(err.value, GameChanged)
    with pytest.raises(StoreError, match="not a"):
        store.append_actions(gid, [(1, "add1"), (1,)], expected_index=1)  # type: ignore[list-item]
    after = store.load(gid)
    assert after.record.actions == [(0, "add1")] and after.status == "running"
    assert after.updated_at == before.updated_at


def test_a_path_that_fails_in_the_database_saves_nothing(sql_store: Store) -> None:
    """The second insert of the path fails inside the transaction: the first is undone."""
    store = sql_store
    gid = store.create_game(GameRecord("toy", {}, 1, [(0, "add1")]), title="", seats={})
    # a stray row where the path's second decision goes (the game's count ignores it)
    _raw(
        store,
        "INSERT INTO game_actions (game_id, idx, seat, text, created_at) "
        "VALUES (:gid, 2, 0, 'stray', CURRENT_TIMESTAMP)",
        gid=gid,
    )
    with pytest.raises(StoreError, match=f"database error while saving moves of game {gid}"):
        store.append_actions(gid, [(1, "add1"), (0, "add2")], expected_index=1, log_digest="d")
    got = store.load(gid)
    assert got.record.actions == [(0, "add1")] and got.record.log_digest is None
    with store.engine.connect() as conn:
        idxs = conn.execute(
            text("SELECT idx FROM game_actions WHERE game_id = :gid ORDER BY idx"), {"gid": gid}
        ).all()
    assert [i for (i,) in idxs] == [0, 2]


def test_a_stale_path_is_refused_whole(store: AnyStore) -> None:
    gid = store.create_game(GameRecord("toy", {}, 1, [(0, "add1")]), title="", seats={})
    with pytest.raises(GameChanged, match="1 decisions are saved, this copy expected 0"):
        store.append_actions(gid, [(0, "add1"), (1, "add2")], expected_index=0)
    with pytest.raises(StoreError, match="expected_index"):
        store.append_actions(gid, [(1, "add2")], expected_index=None)  # type: ignore[arg-type]
    with pytest.raises(GameNotFound):
        store.append_actions("nope1234", [(1, "add2")], expected_index=0)
    assert store.load(gid).record.actions == [(0, "add1")]
    store.append_actions(gid, [(1, "add2"), (0, "add1")], expected_index=1, summary={"s": 1})
    got = store.load(gid)
    assert got.record.actions == [(0, "add1"), (1, "add2"), (0, "add1")]
    assert got.summary == {"s": 1}


# -- update with expected_index -----------------------------------------------
def test_a_stale_update_changes_nothing(store: AnyStore) -> None:
    gid = store.create_game(GameRecord("toy", {}, 1, [(0, "add1")]), title="t", seats={})
    store.append_action(gid, 1, "add2", expected_index=1)  # another writer moved on
    before = store.load(gid)
    undo = GameRecord("toy", {}, 1, [])
    with pytest.raises(GameChanged, match="2 decisions are saved, this copy expected 1"):
        store.update(gid, record=undo, status="finished", title="x", expected_index=1)
    after = store.load(gid)
    assert after.record.actions == [(0, "add1"), (1, "add2")]
    assert (after.status, after.title, after.updated_at) == ("running", "t", before.updated_at)
    store.update(gid, record=GameRecord("toy", {}, 1, [(0, "add1")]), expected_index=2)
    assert store.load(gid).record.actions == [(0, "add1")]


# -- listing -------------------------------------------------------------------
def _statements(store: Store) -> list[str]:
    seen: list[str] = []

    @event.listens_for(store.engine, "before_cursor_execute")
    def _seen(_conn, _cursor, statement, *_args) -> None:  # type: ignore[no-untyped-def]
        seen.append(statement)

    return seen


def test_list_summaries_counts_decisions_without_reading_them(store: AnyStore) -> None:
    a = store.create_game(GameRecord("toy", {}, 1, [(0, "add1")] * 3), title="a", seats={"R": "h"})
    b = store.create_game(GameRecord("other", {}, 2), title="b", seats={})
    c = store.create_game(GameRecord("toy", {}, 3), title="c", seats={}, meta={"m": 1})
    store.append_actions(c, [(0, "add1"), (1, "add2")], expected_index=0, summary={"w": 1})
    seen = _statements(store) if isinstance(store, Store) else None
    listed = store.list_summaries()
    if seen is not None:
        assert all("game_actions" not in s for s in seen) and seen
    assert all(isinstance(g, GameListing) for g in listed)
    assert [(g.id, g.decisions) for g in listed] == [(c, 2), (b, 0), (a, 3)]
    assert listed[0].summary == {"w": 1} and listed[0].meta == {"m": 1}
    assert listed[2].seats == {"R": "h"} and listed[2].title == "a"
    assert all(g.status == "running" and g.problem is None for g in listed)
    assert [g.id for g in store.list_summaries("toy")] == [c, a]
    assert [g.id for g in store.list_summaries(limit=2)] == [c, b]
    assert store.list_summaries("nothing") == []


def test_list_summaries_flags_a_damaged_row(sql_store: Store) -> None:
    store = sql_store
    gid = store.create_game(GameRecord("toy", {}, 1, [(0, "add1")]), title="x", seats={})
    _raw(store, "UPDATE games SET options_json = '{not json' WHERE id = :gid", gid=gid)
    (listed,) = store.list_summaries()
    assert (listed.id, listed.status, listed.decisions) == (gid, "corrupt", 1)
    assert listed.problem is not None and "options are corrupt" in listed.problem


def test_listings_are_bounded(store: AnyStore) -> None:
    ids = [store.create_game(GameRecord("toy", {}, i), title="", seats={}) for i in range(5)]
    assert len(store.list_summaries(limit=3)) == 3
    assert [g.id for g in store.list_games(limit=2)] == [
        g.id for g in store.list_summaries(limit=2)
    ]
    assert len(store.list_games()) == len(ids)
    for bad in (0, -1, True, 2.5):
        with pytest.raises(StoreError, match="positive number"):
            store.list_summaries(limit=bad)  # type: ignore[arg-type]
    assert len(store.list_summaries(limit=MAX_LISTED * 10)) == 5


# -- how SQLite takes the lock -------------------------------------------------
def test_sqlite_writes_take_the_write_lock_at_begin(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'lock.sqlite'}")
    seen = _statements(store)
    gid = store.create_game(GameRecord("toy", {}, 1), title="", seats={})
    store.append_action(gid, 0, "add1")
    store.update(gid, status="finished")
    writes = list(seen)
    seen.clear()
    store.load(gid)
    store.list_summaries()
    assert [s for s in writes if s.startswith("BEGIN")] == ["BEGIN IMMEDIATE"] * 3
    assert [s for s in seen if s.startswith("BEGIN")] == ["BEGIN", "BEGIN"]
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    store.close()


def test_sqlite_writers_queue_for_the_lock_instead_of_failing(tmp_path: Path) -> None:
    path = tmp_path / "queue.sqlite"
    store = Store(f"sqlite:///{path}")
    gid = store.create_game(GameRecord("toy", {}, 1), title="", seats={})
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    holding = 1.0
    timer = threading.Timer(holding, other.rollback)
    timer.start()
    began = time.monotonic()
    store.append_action(gid, 0, "add1", expected_index=0)
    waited = time.monotonic() - began
    timer.join()
    other.close()
    assert waited >= holding * 0.9
    assert store.load(gid).record.actions == [(0, "add1")]
    store.close()
