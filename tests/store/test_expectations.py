"""What a writer expects of the stored game, both ways: the count and the digest it built on.

A save that names the number of decisions its copy held (``expected_index``) and
the digest of that copy (``expected_digest``) goes through when the store holds
exactly that, and is refused with :class:`GameChanged` when it does not; an
expectation that is not a number of decisions is refused as such, before anything
is read. A digest saved before the hash chain (no ``c1-``) cannot be compared, so
only the count is then checked.
"""

from __future__ import annotations

import pytest

from airwar.core import GameRecord
from airwar.core.record import CHAIN_PREFIX
from airwar.store import GameChanged, StoreError
from tests.store.conftest import AnyStore

CHAINED = CHAIN_PREFIX + "a" * 40


def _game(store: AnyStore, digest: str | None) -> str:
    record = GameRecord("toy", {}, 1, [(0, "add1"), (1, "add2")], digest)
    return store.create_game(record, title="expectations", seats={"Blue": "human"})


@pytest.mark.parametrize("bad", [-1, True, False, "2", 2.0])
def test_an_expected_count_that_is_not_a_number_of_decisions_is_refused(
    store: AnyStore, bad: object
) -> None:
    gid = _game(store, CHAINED)
    with pytest.raises(StoreError) as info:
        store.update(gid, title="x", expected_index=bad)  # type: ignore[arg-type]
    assert str(info.value) == f"game {gid}: {bad!r} is not a number of decisions"
    assert not isinstance(info.value, GameChanged)
    assert store.load(gid).title != "x"


def test_the_count_held_goes_through_one_more_or_less_is_refused(store: AnyStore) -> None:
    gid = _game(store, CHAINED)
    for wrong in (1, 3, 0):
        with pytest.raises(GameChanged) as info:
            store.update(gid, title="x", expected_index=wrong)
        assert str(info.value) == (
            f"game {gid} changed elsewhere: 2 decisions are saved, "
            f"this copy expected {wrong}; reload the game"
        )
    store.update(gid, title="kept", expected_index=2)
    assert store.load(gid).title == "kept"


def test_the_same_count_but_another_digest_is_refused(store: AnyStore) -> None:
    gid = _game(store, CHAINED)
    other = CHAIN_PREFIX + "b" * 40
    with pytest.raises(GameChanged) as info:
        store.update(gid, title="x", expected_index=2, expected_digest=other)
    assert str(info.value) == (
        f"game {gid} changed elsewhere: its saved decisions are not the ones "
        "this copy holds; reload the game"
    )
    store.update(gid, title="same", expected_index=2, expected_digest=CHAINED)
    assert store.load(gid).title == "same"


@pytest.mark.parametrize("stored", [None, "0123456789abcdef0123456789abcdef"])
def test_a_game_without_a_chain_digest_is_checked_by_its_count_alone(
    store: AnyStore, stored: str | None
) -> None:
    gid = _game(store, stored)
    store.update(gid, title="x", expected_index=2, expected_digest=CHAINED)
    assert store.load(gid).title == "x"


def test_without_an_expected_digest_only_the_count_is_checked(store: AnyStore) -> None:
    gid = _game(store, CHAINED)
    store.update(gid, title="x", expected_index=2, expected_digest=None)
    store.update(gid, title="y")  # no expectation at all
    assert store.load(gid).title == "y"
