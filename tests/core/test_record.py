"""The record's digest: a hash chain extended per decision, old plain digests still verified."""

from __future__ import annotations

import json

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


# Known answers, worked out with ``sha256sum`` at a shell from the format in
# docs/record-format.md, not with airwar's code:
#   h0 = sha256("airwar event log")
#   h1 = sha256(h0 + "\n" + '{"roll": 5, "seq": 0, "type": "check"}')
#   h2 = sha256(h1 + "\n" + '{"seq": 1, "type": "move"}')
#   digest = "c1-" + the first 40 hex digits of h2
# and the same with the roll 6 instead of 5.
H0 = "031696a29f1c0d0ed4f46011a881e792955eaae92dd34c8def37266c97120c5c"
ROLLED_5 = "c1-8ec6db0101076f965018b0510930944ec8424058"
ROLLED_6 = "c1-1690637080e1be514193cb57cc6d1602d50ea35a"


def _two_events(roll: int) -> list[dict[str, object]]:
    return [{"type": "check", "roll": roll, "seq": 0}, {"type": "move", "seq": 1}]


def test_the_digest_of_a_hand_worked_log_is_the_documented_chain() -> None:
    assert log_digest(_two_events(5)) == ROLLED_5
    assert log_digest(_two_events(6)) == ROLLED_6
    assert log_digest([]) == CHAIN_PREFIX + H0[:40]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    where=st.integers(0, 10_000),
    new=st.one_of(st.integers(-5, 50), st.booleans(), st.text(max_size=3)),
)
def test_any_changed_value_in_any_event_changes_the_digest(
    seed: int, where: int, new: object
) -> None:
    """Not only the events' types: every field of every event is in the digest."""
    events = _game(seed, goal=12).events
    event = dict(events[where % len(events)])
    fields = sorted(k for k in event if k != "type")
    key = fields[(where // len(events)) % len(fields)]
    if event[key] == new and type(event[key]) is type(new):
        return  # not a change
    event[key] = new
    changed = [*events[: where % len(events)], event, *events[where % len(events) + 1 :]]
    assert [e["type"] for e in changed] == [e["type"] for e in events]
    assert log_digest(changed) != log_digest(events)
    assert legacy_log_digest(changed) != legacy_log_digest(events)


def _same_steps_other_rolls(seed: int) -> tuple[Driver, Driver]:
    """A game, and the same decisions replayed on another seed whose log has the
    same events in the same order and differs only in a die (a failed 1 where a
    failed 2 was, say): a digest of the event types alone would not tell them apart."""
    first = _game(seed, goal=12)
    record = first.finished_record()
    for other in range(seed + 1, seed + 500):
        try:
            again = replay(
                GameRecord(record.game, record.options, other, record.actions), verify=False
            )
        except RecordError:  # these rolls end the game before the decisions do
            continue
        a, b = first.events, again.events
        # the digest covers the log up to the last decision: differ there
        end = first.decided_at
        if [e["type"] for e in a] == [e["type"] for e in b] and a[:end] != b[:end]:
            return first, again
    raise AssertionError("no seed within 500 gives the same steps with other rolls")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_changed_seed_with_the_same_actions_changes_the_digest_and_fails_replay(
    seed: int,
) -> None:
    first, again = _same_steps_other_rolls(seed)
    end = first.decided_at
    pairs = zip(first.events[:end], again.events[:end], strict=True)
    assert any(e.get("roll") != f.get("roll") for e, f in pairs), "the rolls themselves differ"
    assert again.log_digest != first.log_digest
    # the record of the first game with the other seed: same actions, its own digest
    forged = GameRecord(
        first.record.game, first.record.options, again.seed, list(first.record.actions)
    )
    forged.log_digest = first.log_digest
    with pytest.raises(RecordError, match="different log"):
        replay(forged)
    forged.log_digest = legacy_log_digest(first.events)
    with pytest.raises(RecordError, match="different log"):
        replay(forged)
    assert replay(first.finished_record()).events == first.events


def test_a_changed_roll_in_a_saved_log_is_refused_by_replay() -> None:
    """A record whose digest was taken over a log with one die changed does not verify."""
    d = _game(11, goal=12)
    events = [dict(e) for e in d.events[: d.decided_at]]
    i = next(i for i, e in enumerate(events) if e["type"] == "roll")
    events[i]["roll"] = events[i]["roll"] % 6 + 1
    record = d.finished_record()
    record.log_digest = log_digest(events)
    with pytest.raises(RecordError, match="different log"):
        replay(record)


GOOD = {
    "format": "airwar-record",
    "version": 1,
    "game": "toy",
    "options": {"goal": 12},
    "seed": 5,
    "actions": [[0, "add1"], [1, "add2"]],
    "log_digest": None,
}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ([], "game.json: not a game record (expected a JSON object)"),
        ({"format": "pgn"}, "game.json: not an airwar game record (format is 'pgn')"),
        (
            {"version": 2},
            "game.json: record version 2 is not supported (this airwar reads version 1)",
        ),
        ({"game": 3}, "game.json: field 'game' is missing or not a str"),
        ({"options": []}, "game.json: field 'options' is missing or not a dict"),
        ({"actions": {}}, "game.json: field 'actions' is missing or not a list"),
        ({"seed": True}, "game.json: field 'seed' must be an integer or a string"),
        ({"seed": 1.5}, "game.json: field 'seed' must be an integer or a string"),
        ({"actions": [[0, "add1"], [1]]}, "game.json: action 2 is not a [seat, text] pair: [1]"),
        ({"actions": [["0", "add1"]]}, "game.json: action 1 is not a [seat, text] pair"),
        ({"actions": [[0, 1]]}, "game.json: action 1 is not a [seat, text] pair: [0, 1]"),
        ({"actions": [[0, "a", "b"]]}, "game.json: action 1 is not a [seat, text] pair"),
        ({"log_digest": 7}, "game.json: field 'log_digest' must be a string"),
    ],
)
def test_a_malformed_record_is_refused_naming_the_field(change: object, message: str) -> None:
    data = change if isinstance(change, list) else {**GOOD, **change}
    with pytest.raises(RecordError) as info:
        GameRecord.from_dict(data, "game.json")
    assert str(info.value).startswith(message)


def test_a_record_reads_back_what_was_written() -> None:
    record = GameRecord.from_dict(GOOD)
    assert (record.game, record.options, record.seed) == ("toy", {"goal": 12}, 5)
    assert record.actions == [(0, "add1"), (1, "add2")]
    assert record.log_digest is None
    assert GameRecord.from_json(record.to_json()) == record
    assert json.loads(record.to_json()) == GOOD  # every field, by name
    with pytest.raises(RecordError, match=r"^saved\.json: corrupt record, not valid JSON"):
        GameRecord.from_json("{", "saved.json")
    with pytest.raises(RecordError, match=r"^record: not an airwar game record"):
        GameRecord.from_json('{"format": 1}')


def test_a_copied_chain_goes_on_by_itself() -> None:
    events = _game(3, goal=12).events
    chain = DigestChain()
    chain.extend(events[:3])
    other = chain.copy()
    other.extend(events[3:])
    assert chain.count == 3 and other.count == len(events)
    assert chain.digest == log_digest(events[:3])
    assert other.digest == log_digest(events)


def test_the_plain_digest_of_a_hand_worked_log() -> None:
    # printf '%s\n%s\n' '{"roll": 5, "seq": 0, "type": "check"}' '{"seq": 1, "type": "move"}'
    #   | sha256sum  -> the first 32 hex digits
    assert legacy_log_digest(_two_events(5)) == PLAIN_ROLLED_5


PLAIN_ROLLED_5 = "bb0165934cdc4bb0ae5801bb26618e70"
