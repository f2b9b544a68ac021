"""The summary that closes each turn (GS-57): what it counts, and that a side learns
nothing from it that its own events did not tell it (GS-43)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from airwar.core.driver import Driver
from airwar.games.gunslingers import GunslingersGame, options_for_file
from airwar.games.gunslingers.autoplayer import GunslingersAuto
from airwar.games.gunslingers.narrate import describe
from airwar.games.gunslingers.referee import GsState, turn_summaries
from tests.examples import GUNSLINGERS_EXAMPLES


def played(name: str, turns: int, seed: int, decisions: int | None = None) -> GsState:
    game = GunslingersGame(options_for_file(GUNSLINGERS_EXAMPLES / f"{name}.toml", turns))
    d = Driver(game, seed)
    bot = GunslingersAuto()
    d.run_bots({s: bot for s in range(game.num_players)}, max_decisions=decisions)
    assert isinstance(d.state, GsState)
    return d.state


def test_each_turn_closes_with_one_summary_for_each_reader() -> None:
    state = played("dogfight-2v2", 3, 4)
    for seat in (0, 1, 2, None):
        events = state.visible_events(seat)
        ends = [i for i, e in enumerate(events) if e["type"] == "turn_end"]
        assert len(ends) == 3
        for i in ends:
            summary = events[i + 1]
            assert summary["type"] == "turn_summary"
            assert summary["turn"] == events[i]["turn"]
            assert summary["seq"] == events[i]["seq"] + 0.5
        assert sum(e["type"] == "turn_summary" for e in events) == 3
    # the summaries are read, never logged: the record and its digest are as before
    assert not any(e["type"] == "turn_summary" for e in state.log)


def test_the_summary_is_the_same_whether_read_whole_or_from_a_later_event() -> None:
    state = played("dogfight-2v2", 2, 4)
    whole = [e for e in state.visible_events(0) if e["type"] == "turn_summary"]
    end = next(e for e in state.visible_events(0) if e["type"] == "turn_end")
    later = [e for e in state.visible_events(0, end["seq"]) if e["type"] == "turn_summary"]
    assert later == whole


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_sides_summary_never_names_a_unit_hidden_from_it(seed: int) -> None:
    """Mid-game, with enemy units unsighted: the words of each side's summaries hold no
    word of what is hidden from it, and it counts no kill it did not read."""
    state = played("strike-sam-belt", 6, seed, decisions=150)
    assert not state.is_terminal() and state.hidden_from(0) and state.hidden_from(1)
    for seat in (0, 1):
        hidden = state.hidden_from(seat)
        events = state.visible_events(seat)
        summaries = [e for e in events if e["type"] == "turn_summary"]
        assert summaries
        for s in summaries:
            text = describe(s) + " " + " ".join(map(str, s.values()))
            for word in hidden:
                assert not re.search(rf"(?<![A-Za-z0-9_]){re.escape(word)}(?![A-Za-z0-9_])", text)
        read_kills = sum(e["type"] == "kill" for e in events)
        assert sum(sum(s["kills"].values()) for s in summaries) == read_kills


def ev(seq: int, type_: str, **fields: Any) -> dict[str, Any]:
    return {"type": type_, "seq": seq, "turn": fields.pop("turn", 1), **fields}


TURN = [
    ev(0, "turn"),
    ev(1, "launch", by="Viper-1", target="Fulcrum-1", kind="aam", weapon="W1"),
    ev(2, "launch", by="SA-6", target="Viper-2", kind="sam", weapon="W2"),
    ev(3, "destroyed", unit="Fulcrum-1", by="Viper-1"),
    ev(4, "kill", side="Blue", victim="Fulcrum-1", by="Viper-1", first_kill=True),
    ev(5, "destroyed", unit="Viper-2", by="SA-6"),
    ev(6, "kill", side="Red", victim="Viper-2", by="SA-6", first_kill=False),
    ev(7, "status", aircraft="Viper-1", status=["departed"], text="departs", rule="GS-8"),
    ev(8, "disengaged", aircraft="Fulcrum-2", hex="30,0", reason="off the map", rule="GS-54"),
    ev(9, "marker", action="place", kind="suppression", unit="ZSU-1"),
    ev(10, "destroyed", unit="T-1", by="Viper-1"),
    ev(11, "turn_end"),
    ev(12, "turn", turn=2),
    ev(13, "kill", side="Blue", victim="Fulcrum-3", by="Viper-1", first_kill=False, turn=2),
    ev(14, "turn_end", turn=2),
]


def test_the_summary_counts_a_turn_as_its_events_tell_it() -> None:
    first, second = turn_summaries(TURN, "Blue")
    assert first["kills"] == {"Blue": 1, "Red": 1}
    assert first["kills_total"] == {"Blue": 1, "Red": 1}
    assert first["lost"] == ["Viper-2"]
    assert first["disengaged"] == ["Fulcrum-2"]
    assert first["stalls"] == ["Viper-1 departed"]
    assert first["launches"] == {"SAM": 1, "air-to-air": 1}
    assert first["suppressed"] == ["ZSU-1"]
    assert first["destroyed"] == ["T-1"]
    assert first["seq"] == 11.5 and first["turn"] == 1
    assert first["text"] == (
        "Kills: Blue 1 this turn, 1 in all; Red 1 this turn, 1 in all. Our losses: Viper-2. "
        "Disengaged: Fulcrum-2. Stalls, departures and GLOC: Viper-1 departed. "
        "Missiles fired: 1 SAM, 1 air-to-air. Suppressed: ZSU-1. Ground units destroyed: T-1."
    )
    assert second["kills"] == {"Blue": 1} and second["kills_total"] == {"Blue": 2, "Red": 1}
    assert second["lost"] == [] and second["launches"] == {}
    assert describe(second).startswith("  SUMMARY of turn 2 for Blue: Kills: Blue 1 this turn")
    assert describe(second).endswith("(GS-57)")


def test_the_referees_summary_says_who_lost_what() -> None:
    first, _ = turn_summaries(TURN, None)
    assert first["side"] is None
    assert first["lost"] == ["Fulcrum-1 (to Blue)", "Viper-2 (to Red)"]
    assert "Losses: Fulcrum-1 (to Blue), Viper-2 (to Red)." in first["text"]


def test_a_turn_without_events_reads_as_quiet() -> None:
    (only,) = turn_summaries([ev(0, "turn"), ev(1, "turn_end")], "Red")
    assert only["text"] == (
        "No kills yet. Our losses: none. Disengaged: none. Stalls, departures and GLOC: none. "
        "Missiles fired: none. Suppressed: none."
    )
