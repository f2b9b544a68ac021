"""Recorded games replay to the identical log (record -> JSON -> replay)."""

from __future__ import annotations

from typing import Any

import pytest

from airwar.bots import make_bot
from airwar.core import GameRecord, RecordError, load_game, play_bots, replay


@pytest.mark.parametrize(
    ("name", "options", "bots"),
    [
        ("migs-engagement", {}, ("random", "random")),
        ("migs-engagement", {"active": "MiG-15", "listed": "F-51"}, ("heuristic", "random")),
        ("migs-engagement", {"active_ace": True, "first": "listed"}, ("heuristic", "heuristic")),
        ("migs-sabres", {"sorties": 1}, ("random", "random")),
        (
            "migs-sabres",
            {"sorties": 1, "pilots": True, "listed_pilots": True, "scoring": "base-value"},
            ("heuristic", "random"),
        ),
    ],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_record_replays_identically(
    name: str, options: dict[str, Any], bots: tuple[str, str], seed: int
) -> None:
    game = load_game(name, options)
    d = play_bots(game, {0: make_bot(bots[0], seed), 1: make_bot(bots[1], seed + 1)}, seed)
    rec = d.finished_record()
    again = replay(GameRecord.from_json(rec.to_json()))
    assert again.events == d.events
    assert again.log_digest == rec.log_digest
    assert again.state.returns() == d.state.returns()


def test_undo_replays_a_prefix_without_new_rolls() -> None:
    game = load_game("migs-engagement", {})
    d = play_bots(game, {0: make_bot("random", 3), 1: make_bot("random", 4)}, 3)
    rec = d.finished_record()
    half = len(rec.actions) // 2
    part = replay(rec, upto=half)
    assert part.events == d.events[: len(part.events)]


def test_tampered_record_is_refused() -> None:
    game = load_game("migs-engagement", {})
    d = play_bots(game, {0: make_bot("random", 5), 1: make_bot("random", 6)}, 5)
    rec = d.finished_record()
    rec.actions[0] = (rec.actions[0][0], "WL" if rec.actions[0][1] != "WL" else "WR")
    with pytest.raises(RecordError):
        replay(rec)
