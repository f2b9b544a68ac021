"""The record's digest: a hash chain extended per decision, old plain digests still verified."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from airwar.bots.random_bot import RandomBot
from airwar.core import Driver, GameRecord, RecordError, play_bots, replay
from airwar.core.record import CHAIN_PREFIX, DigestChain, legacy_log_digest, log_digest
from tests.core.toy_game import ToyGame


def _game(seed: int = 1, goal: int = 40) -> Driver:
    return play_bots(ToyGame({"goal": goal}), {0: RandomBot(seed), 1: RandomBot(seed + 1)}, seed)


def test_the_chain_extended_event_by_event_is_the_digest_of_the_whole_log() -> None:
    events = _game().events
    chain = DigestChain()
    for i, event in enumerate(events):
        chain.extend([event])
        assert chain.count == i + 1
    assert chain.digest == log_digest(events)
    assert chain.digest.startswith(CHAIN_PREFIX)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), cuts=st.lists(st.integers(0, 200), max_size=12))
def test_the_chain_does_not_depend_on_how_often_it_was_extended(seed: int, cuts: list[int]) -> None:
    events = _game(seed).events
    chain = DigestChain()
    start = 0
    for cut in sorted({min(c, len(events)) for c in cuts}):
        chain.extend(events[start:cut])
        start = cut
        assert chain.digest == log_digest(events[:cut])
        assert chain.copy().digest == chain.digest
    chain.extend(events[start:])
    assert chain.digest == log_digest(events)


def test_the_driver_saves_the_digest_of_its_log_up_to_each_decision() -> None:
    d = Driver(ToyGame({"goal": 40}), 3)
    bot = RandomBot(3)
    while not d.state.is_terminal():
        d.act(bot.choose(d.state, d.state.current_actor()))
        assert d.log_digest == log_digest(d.events[: d.decided_at])
    assert d.finished_record().log_digest == log_digest(d.events[: d.decided_at])


def test_a_record_with_an_old_plain_digest_still_replays_with_verification() -> None:
    d = _game(5)
    old = d.finished_record()
    old.log_digest = legacy_log_digest(d.events)  # as records were saved before the chain
    assert not old.log_digest.startswith(CHAIN_PREFIX)
    again = replay(GameRecord.from_json(old.to_json()), verify=True)
    assert again.events == d.events

    old.log_digest = legacy_log_digest(d.events[:-1])  # the digest of another log
    with pytest.raises(RecordError, match="different log"):
        replay(old)


def _tampered(record: GameRecord, how: str) -> GameRecord:
    data = record.to_dict()
    if how == "seed":
        data["seed"] = f"{data['seed']}x"
    elif how == "action":  # the first decision changed (still a legal one)
        first = data["actions"][0]
        data["actions"][0] = [first[0], "add2" if first[1] == "add1" else "add1"]
    elif how == "digest":
        digest = data["log_digest"]
        data["log_digest"] = digest[:-1] + ("0" if digest[-1] != "0" else "1")
    return GameRecord.from_dict(data)


@pytest.mark.parametrize("old", [False, True], ids=["chain", "plain"])
@pytest.mark.parametrize("how", ["seed", "action", "digest"])
def test_a_tampered_record_fails_verification(how: str, old: bool) -> None:
    d = _game(7)
    record = d.finished_record()
    if old:
        record.log_digest = legacy_log_digest(d.events)
    with pytest.raises(RecordError, match=r"different log|does not replay"):
        replay(_tampered(record, how))


def test_a_tampered_log_has_another_chain_digest() -> None:
    events = _game(9).events
    digest = log_digest(events)
    changed = [dict(e) for e in events]
    changed[len(changed) // 2]["tampered"] = True
    assert log_digest(changed) != digest
    assert log_digest(events[:-1]) != digest
    assert log_digest([events[1], events[0], *events[2:]]) != digest
    assert legacy_log_digest(changed) != legacy_log_digest(events)
