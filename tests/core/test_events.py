import pytest

from airwar.core.events import EventLog


def test_append_only_with_seq() -> None:
    log = EventLog()
    log.emit("a", x=1)
    log.emit("b")
    assert [e["seq"] for e in log] == [0, 1]
    assert log.since(1) == [{"type": "b", "seq": 1}]
    assert log.to_jsonl().count("\n") == 2


def test_rejects_unserialisable_and_untyped() -> None:
    log = EventLog()
    with pytest.raises(TypeError):
        log.emit("bad", thing=object())
    with pytest.raises(ValueError):
        log.append({"x": 1})
    assert len(log) == 0
