import pytest

from airwar.bots.random_bot import RandomBot
from airwar.core import (
    Driver,
    GameRecord,
    IllegalAction,
    InvalidNotation,
    OutOfTurn,
    RecordError,
    load_game,
    play_bots,
    replay,
)
from tests.core.toy_game import ToyGame


def test_driver_plays_and_replays_identically() -> None:
    for seed in range(30):
        d = play_bots(ToyGame(), {0: RandomBot(seed), 1: RandomBot(seed + 1)}, seed)
        assert d.state.is_terminal()
        rec = d.finished_record()
        again = replay(GameRecord.from_json(rec.to_json()))
        assert again.events == d.events
        assert again.state.returns() == d.state.returns()


def test_partial_replay_continues_same_as_original() -> None:
    d = play_bots(ToyGame(), {0: RandomBot(1), 1: RandomBot(2)}, "s")
    rec = d.finished_record()
    half = replay(rec, upto=len(rec.actions) // 2)
    for seat, text in rec.actions[len(rec.actions) // 2 :]:
        half.act(text, seat)
    assert half.events == d.events


def test_refusals_change_nothing() -> None:
    d = Driver(ToyGame(), 5)
    before = d.events
    with pytest.raises(OutOfTurn, match="not Blue's turn"):
        d.act("add1", seat=1)
    with pytest.raises(InvalidNotation):
        d.act("add3")
    assert d.events == before and d.record.actions == []
    d.act("add2", seat=0)
    assert d.record.actions == [(0, "add2")]


def test_human_seat_stops_the_bot_loop() -> None:
    d = Driver(ToyGame(), 9)
    made = d.run_bots({1: RandomBot(0)})
    assert made == 0 and d.state.current_actor() == 0
    d.act("add1")
    assert d.run_bots({1: RandomBot(0)}) == 1


def test_corrupt_and_foreign_records() -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        GameRecord.from_json("{nope")
    with pytest.raises(RecordError, match="not an airwar game record"):
        GameRecord.from_json('{"format": "pgn"}')
    rec = GameRecord("toy", {}, 1, [(0, "add9")])
    with pytest.raises(RecordError, match="decision 1"):
        replay(rec)
    rec = GameRecord("no-such-game", {}, 1, [])
    with pytest.raises(RecordError, match="unknown game"):
        replay(rec)
    d = play_bots(ToyGame(), {0: RandomBot(1), 1: RandomBot(2)}, 3)
    tampered = d.finished_record()
    tampered.seed = 4
    with pytest.raises(RecordError):
        replay(tampered)


def test_load_game_by_name_with_options() -> None:
    g = load_game("toy", {"goal": 20})
    assert g.options["goal"] == 20
    with pytest.raises(IllegalAction):
        g.seat_from_text("green")
