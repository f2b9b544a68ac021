"""Every event reads in words, with its rule id (the explained log).

The events are the real ones: the three packaged examples played for several turns by
the automatic player, and the saved records of the scenario tests, replayed. Events of
kinds those games do not reach are written here in the shapes the phases log them.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from airwar.core import replay
from airwar.core.driver import Driver
from airwar.core.record import GameRecord
from airwar.games.gunslingers import GunslingersGame, options_for_file
from airwar.games.gunslingers.autoplayer import GunslingersAuto
from airwar.games.gunslingers.event_table import EVENTS
from airwar.games.gunslingers.narrate import describe
from airwar.games.gunslingers.wording import rule_of, words
from tests.examples import GUNSLINGERS_EXAMPLES

RECORDS = sorted(Path(__file__).with_name("records").glob("*.json"))

DUMP = re.compile(r"[A-Za-z_]=\S|[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b")
"""What a Python dump looks like in a line: key=value, a brace or bracket, a repr."""


@cache
def played_events() -> tuple[dict[str, Any], ...]:
    out: list[dict[str, Any]] = []
    for path in sorted(GUNSLINGERS_EXAMPLES.glob("*.toml")):
        for seed in (1, 2):
            game = GunslingersGame(options_for_file(path, 4))
            d = Driver(game, seed)
            bot = GunslingersAuto()
            d.run_bots({s: bot for s in range(game.num_players)})
            out.extend(d.events)
    for path in RECORDS:
        out.extend(replay(GameRecord.from_json(path.read_text("utf-8"), path.name)).events)
    return tuple(out)


# Events the example games rarely or never reach, in the shapes the phases log them.
SAMPLES: list[dict[str, Any]] = [
    {"type": "status", "aircraft": "Viper-1", "status": ["departed"], "text": "departs",
     "rule": "GS-8"},
    {"type": "status", "aircraft": "Viper-1", "status": ["gloc"], "text": "+gloc",
     "when": "move", "rule": "GS-48"},
    {"type": "status", "aircraft": "Viper-1", "status": [], "text": "-stalled", "rule": "GS-40"},
    {"type": "disengaged", "aircraft": "Viper-2", "hex": "30,0", "reason": "at Bingo fuel",
     "rule": "GS-54"},
    {"type": "preemption", "aircraft": "Viper-1", "before": "Fulcrum-1",
     "reason": "defensive", "rule": "GS-52"},
    {"type": "pre_empts", "aircraft": "Viper-1", "before": "Fulcrum-1", "reason": "defensive",
     "rule": "GS-52"},
    {"type": "operational_move", "flight": "Viper-1",
     "moves": [{"aircraft": "Viper-1", "frm": "0,0", "to": "5,0"}], "rule": "GS-55"},
    {"type": "ground_move", "unit": "T-1", "frm": "1,1", "to": "1,2"},
    {"type": "marker", "action": "remove", "kind": "plotted_fire", "hex": "2,2"},
    {"type": "marker", "action": "remove", "kind": "laser_spot", "hex": "2,2", "unit": None},
    {"type": "marker", "action": "flip", "kind": "suppression", "to": "suppression_removal",
     "hex": "2,2", "unit": "SA-6"},
    {"type": "marker", "action": "place", "kind": "plotted_fire", "hex": "2,2", "altitude": 1},
    {"type": "plotted_fire", "unit": "AAA-1", "side": "Red", "hex": None, "altitude": None,
     "secret": True},
    {"type": "plotted_fire", "unit": "AAA-1", "side": "Red", "hex": "2,2", "altitude": 3,
     "secret": True},
    {"type": "launch", "by": "Weasel-1", "target": "SA-6", "kind": "arm"},
    {"type": "launch", "weapon": "W9", "missile": "GBU-12", "by": "Falcon-1", "target": "T-1",
     "kind": "a2g"},
    {"type": "launch_failed", "by": "Weasel-1", "target": "SA-6", "kind": "arm"},
    {"type": "lock_broken", "aircraft": "Viper-1", "target": "Fulcrum-1", "rule": "GS-3"},
    {"type": "radar", "unit": "SA-6", "state": "shutdown", "rule": "GS-24"},
    {"type": "declare", "what": "illuminating", "aircraft": "Viper-1", "missile": "W3"},
    {"type": "declare", "what": "not illuminating", "aircraft": "Viper-1", "missile": "W3"},
    {"type": "declare", "what": "fac marking", "aircraft": "Nail-1", "target": "T-1"},
    {"type": "declare", "what": "searching for ground units", "aircraft": "Nail-1"},
    {"type": "weapon_removed", "weapon": "W3", "reason": "RH missile not illuminated (GS-33)"},
    {"type": "weapon_removed", "weapon": "W3", "reason": "time of flight ended"},
    {"type": "reload", "unit": "SA-6", "rails": 4, "reloaded": 2, "rule": "End of Turn 10"},
    {"type": "line_of_sight", "blocked": ["Viper-1-SA-6"], "rule": "GS-16"},
    {"type": "sighted", "side": "Blue", "unit": "SA-7-a", "by": "Nail-1", "how": "camouflaged"},
    {"type": "die", "rule": "GS-20", "purpose": "roll-off for Viper-1 (tied: Viper-1, Viper-2)",
     "dice": "1d10", "roll": 4, "modifiers": [], "total": 4},
    {"type": "die", "rule": "GS-99", "purpose": "a test roll", "dice": "1d10", "roll": 4,
     "modifiers": [{"reason": "a reason", "value": -1}], "total": 3},
    {"type": "turn_summary", "turn": 2, "side": "Blue", "text": "Blue: no kills this turn."},
]  # fmt: skip


def check_line(event: dict[str, Any]) -> None:
    line = describe(event)
    assert line.strip(), event
    assert not DUMP.search(line), line
    if event.get("rule"):
        assert str(event["rule"]) in line, line
    implied = rule_of(event)
    if implied:
        assert implied in line, line


def test_every_event_of_the_examples_and_the_records_reads_in_words() -> None:
    events = played_events()
    kinds = {e["type"] for e in events}
    assert len(kinds) >= 45  # the example games reach most kinds
    for event in events:
        check_line(event)


def test_every_kind_played_has_its_own_sentence() -> None:
    kinds = {e["type"] for e in played_events()}
    assert kinds <= set(EVENTS), kinds - set(EVENTS)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: f"{e['type']}-{e.get('kind', '')}")
def test_the_rarer_events_read_in_words_with_their_rule(event: dict[str, Any]) -> None:
    assert event["type"] in EVENTS
    check_line(event)


def test_a_kill_names_the_side_the_victim_and_its_rule() -> None:
    line = describe(
        {"type": "kill", "side": "Blue", "victim": "Fulcrum-1", "by": "Viper-1",
         "first_kill": True, "turn": 1, "seq": 9}
    )  # fmt: skip
    assert line == (
        "    KILL Blue scores: Viper-1 destroyed Fulcrum-1, the first kill of the game (GS-36)"
    )


def test_a_roll_states_its_number_odds_and_result() -> None:
    line = describe(
        {"type": "roll", "name": "AAA resupply", "rule": "GS-1", "dice": "1d10",
         "target": 2, "comparison": "at_most", "modifiers": [], "p_success": "1/5",
         "roll": 10, "success": False, "unit": "AAA-05"}
    )  # fmt: skip
    assert line == (
        "    ROLL AAA-05: AAA resupply (GS-1): 2- on 1d10; p = 1/5 (20.0%); rolled 10 -> failure"
    )


def test_a_plain_die_states_its_dice_and_the_odds_of_each_result() -> None:
    line = describe(
        {"type": "die", "rule": "GS-12", "purpose": "base initiative of Blue", "dice": "1d10",
         "roll": 6, "modifiers": [], "total": 6}
    )  # fmt: skip
    assert line == "    DIE base initiative of Blue (GS-12): 1d10 rolled 6, each result 1 in 10"


def test_the_end_is_a_score_in_words() -> None:
    assert describe({"type": "end", "turn": 6, "kills": {"Blue": 2, "Red": 1}}) == (
        "Game over after turn 6: kills Blue 2, Red 1"
    )


def test_an_event_of_an_unknown_kind_still_reads_in_words() -> None:
    line = describe(
        {"type": "new_thing", "aircraft": "Viper-1", "targets": ["A", "B"], "ok": True,
         "extra": {"k": None}, "rule": "GS-99", "turn": 1, "seq": 3}
    )  # fmt: skip
    assert line == "    new thing: aircraft Viper-1; targets A, B; ok yes; extra k none (GS-99)"


def test_an_event_missing_a_field_falls_back_to_words() -> None:
    line = describe({"type": "kill", "side": "Blue"})
    assert line == "    kill: side Blue (GS-36)"


IDS = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-,",
              min_size=1, max_size=8).filter(
    lambda s: not re.search(r"\b(None|True|False)\b", s)  # a text that reads like a repr
)  # fmt: skip
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-99, 99) | IDS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(IDS, inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=200, deadline=None)
@given(
    kind=st.sampled_from([*sorted(EVENTS), "unknown_kind"]),
    fields=st.dictionaries(
        st.sampled_from(["aircraft", "unit", "target", "side", "by", "what", "kind", "hex",
                         "status", "targets", "action", "weapon", "reason", "how", "text"]),
        VALUES, max_size=6,
    ),
)  # fmt: skip
def test_any_event_of_any_shape_reads_without_a_dump(kind: str, fields: dict[str, Any]) -> None:
    """Whatever the fields hold, a line is one line and never a Python dump of them."""
    line = describe({"type": kind, **fields})
    assert "\n" not in line
    assert not re.search(r"\bNone\b|\bTrue\b|\bFalse\b|[{}\[\]]", line), line


def test_words_of_values() -> None:
    assert words(None) == "none" and words(True) == "yes" and words(False) == "no"
    assert words(["a", "b"]) == "a, b" and words({"chaff": 1}) == "chaff 1"
    assert words("out_of_ammo") == "out of ammo" and words([]) == "none"
