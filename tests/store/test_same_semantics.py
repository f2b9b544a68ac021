"""The store in memory keeps the database store's promises: the same random sequence of
operations, run on both, gives the same answers and the same refusals.

Each operation is one the session, the browser app or a command makes (or a bad
one: an unknown id, a stale expectation, a bad path, a bad listing); what each
returns or raises is compared with the games' ids replaced by the order in which
they were made (the ids are random).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from airwar.core import GameRecord
from airwar.core.errors import AirwarError
from airwar.store import GameListing, InMemoryStore, Storage, Store, StoredGame
from tests.store.conftest import AnyStore

GAMES = st.sampled_from(["toy", "other"])
SEATS = st.sampled_from(["Red", "Blue"])
KEYS = st.sampled_from(["hostkey", "guestkey", "bad key!"])
TEXTS = st.sampled_from(["add1", "add2", "  ", "x" * 401, "nul\x00"])
GOOD = st.lists(st.tuples(st.integers(0, 1), st.sampled_from(["add1", "add2"])), max_size=3)
PATH = st.one_of(GOOD, GOOD, st.lists(st.tuples(st.integers(-1, 2), TEXTS), max_size=3))
REF = st.sampled_from([0, 1, 2, 0, 1, 2, 0, 1, 6])
"""A game by the order it was made (past the last: an id nobody saved)."""
DELTA = st.sampled_from([None, 0, 0, 0, -1, 1])
"""An expectation: none, the count saved, or one off it."""
META = st.fixed_dictionaries({}, optional={"public": st.booleans(), "mode": SEATS})

OPS = st.lists(
    st.one_of(
        st.tuples(st.just("create"), GAMES, st.integers(0, 9), GOOD, META),
        st.tuples(
            st.just("append"),
            REF,
            PATH,
            DELTA,
            st.sampled_from([None, "running", "finished", "won"]),
            st.sampled_from([None, {"score": 1}]),
        ),
        st.tuples(
            st.just("update"),
            REF,
            DELTA,
            st.sampled_from([None, "T", "x" * 250]),
            st.one_of(st.none(), META),
            st.sampled_from([None, 0, 1, "chess"]),
        ),
        st.tuples(st.just("read"), REF),
        st.tuples(
            st.just("list"),
            st.sampled_from([None, "toy"]),
            st.sampled_from([1, 3, 200, 0]),
            st.sampled_from([0, 1, -1]),
            st.sampled_from([None, {"public": True}, {"mode": "Red", "public": False}]),
            st.sampled_from([None, "hostkey", "guestkey", "bad key!"]),
        ),
        st.tuples(st.just("seat"), REF, SEATS, KEYS, st.sampled_from(["claim", "offer", "take"])),
        st.tuples(st.just("delete"), st.sampled_from([2, 6])),  # the first two stay
        st.tuples(st.just("lease"), st.sampled_from(["a", "b", ""]), KEYS, st.booleans()),
    ),
    min_size=1,
    max_size=40,
)


class Run:
    """One store and the ids it gave, so that answers read the same on any store."""

    def __init__(self, store: AnyStore) -> None:
        self.store = store
        self.ids: list[str] = []

    def ref(self, n: int) -> str:
        return self.ids[n] if n < len(self.ids) else f"nope{n:04d}"

    def plain(self, text: str) -> str:
        for n, gid in enumerate(self.ids):
            text = text.replace(gid, f"<game {n}>")
        return re.sub(r"\b[0-9a-f]{8}\b", "<an id>", text)

    def game(self, got: StoredGame | GameListing) -> tuple[Any, ...]:
        shared = (self.plain(got.id), got.game, got.title, got.seats, got.meta, got.status)
        if isinstance(got, GameListing):
            return (*shared, got.summary, got.decisions, sorted(got.holders))
        return (*shared, got.summary, got.record.to_dict())

    def do(self, op: tuple[Any, ...]) -> Any:
        try:
            return self._do(op)
        except AirwarError as exc:
            return (type(exc).__name__, self.plain(str(exc)))

    def _do(self, op: tuple[Any, ...]) -> Any:
        s, kind = self.store, op[0]
        if kind == "create":
            _, game, seed, path, meta = op
            gid = s.create_game(
                GameRecord(game, {"goal": seed}, seed, path), title=game, seats={}, meta=meta
            )
            self.ids.append(gid)
            return "made"
        if kind == "append":
            _, n, path, delta, status, summary = op
            count = s.head(self.ref(n))[0]
            s.append_actions(
                self.ref(n),
                path,
                expected_index=count + (delta or 0),
                status=status,
                summary=summary,
                log_digest=f"d{count}",
            )
            return s.head(self.ref(n))
        if kind == "update":
            _, n, delta, title, meta, back = op
            count = s.head(self.ref(n))[0]
            record = None
            if back is not None:
                old = s.load(self.ref(n)).record
                game = old.game if back != "chess" else "chess"
                record = GameRecord(game, old.options, old.seed, old.actions[: int(back != 0)])
            expected = None if delta is None else count + delta
            s.update(self.ref(n), title=title, meta=meta, record=record, expected_index=expected)
            return self.game(s.load(self.ref(n)))
        if kind == "read":
            return s.head(self.ref(op[1])), self.game(s.load(self.ref(op[1])))
        if kind == "list":
            _, game, limit, offset, any_meta, holder = op
            listed = s.list_summaries(game, limit, offset=offset, any_meta=any_meta, holder=holder)
            whole = s.list_games(game, limit)
            return [self.game(g) for g in listed], [self.game(g) for g in whole]
        if kind == "seat":
            _, n, seat, key, how = op
            gid = self.ref(n)
            if how == "claim":
                return s.claim_seat(gid, seat, key), s.seat_holders(gid)
            if how == "offer":
                return s.offer_seat_move(gid, seat, key, f"move{seat}"), s.seat_holders(gid)
            return s.take_seat_move(gid, f"move{seat}", key), s.seat_holders(gid)
        if kind == "delete":
            s.delete(self.ref(op[1]))
            return len(s.list_games())
        _, name, holder, claim = op
        if claim:
            return s.claim_lease(name, holder, 60.0), s.lease_holder(name)
        s.release_lease(name, holder)
        return s.lease_holder(name)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=OPS)
def test_the_store_in_memory_answers_as_sqlite_does(ops: list[tuple[Any, ...]]) -> None:
    with Store("sqlite://") as database, InMemoryStore() as memory:
        on_sqlite, in_memory = Run(database), Run(memory)
        made = [("create", "toy", 1, [], {}), ("create", "other", 2, [(0, "add1")], {})]
        for op in [*made, *ops]:
            assert in_memory.do(op) == on_sqlite.do(op), op


@pytest.mark.parametrize("make", [lambda: Store("sqlite://"), InMemoryStore])
def test_both_stores_are_a_storage(make: Any) -> None:
    """What the session and the interfaces are typed against (checked by mypy too)."""
    store: Storage = make()
    gid = store.create_game(GameRecord("toy", {}, 1), title="t", seats={})
    store.append_actions(gid, [(0, "add1")], expected_index=0)
    assert store.head(gid) == (1, None) and store.load(gid).record.actions == [(0, "add1")]
    store.close()


def _typed(database: Store, memory: InMemoryStore) -> tuple[Storage, Storage]:
    """Fails mypy if either store stops keeping the interface."""
    return database, memory
