"""Drawing the boards and telling the events (render_board, render_events, render_migs)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from airwar.bots.random_bot import RandomBot
from airwar.cli.render_board import BoardPlane, board_text, chart_text
from airwar.core import load_game, play_bots
from airwar.core.roll_words import check_from_event, describe_event, explain_before
from airwar.games.migs_sabres import kill_check, plane_type
from airwar.games.migs_sabres.engagement import mp_check
from airwar.games.migs_sabres.narrate import Narrator, before_text


def test_board_puts_each_plane_and_arrow_on_its_square() -> None:
    text = board_text(
        [
            BoardPlane("a1", "N", "allied", "F-86"),
            BoardPlane("k14", "SW", "communist", "MiG-15"),
            BoardPlane("f7", "E", "allied", "F-80"),
        ],
        marks={"c3": "*"},
    ).plain
    lines = text.splitlines()
    header = lines[0]
    row = {line.split()[0]: line for line in lines[1:15]}
    assert row["1"][header.index("a") - 1 : header.index("a") + 1] == "A↑"
    assert row["14"][header.index("k") - 1 : header.index("k") + 1] == "C↙"
    assert row["7"][header.index("f") - 1 : header.index("f") + 1] == "A→"
    assert row["3"][header.index("c")] == "*"
    assert len(lines) == 1 + 14 + 1 + 3
    assert "MiG-15 at k14 facing SW" in text


def test_chart_shows_22_squares_and_the_marker() -> None:
    entries = ["MiG-15", "", "F-80"] + ["Meteor"] * 19
    sides = ["communist", "", "allied"] + ["allied"] * 19
    text = chart_text(entries, sides, {"allied": 3}).plain
    assert all(f"{n}" in text for n in range(1, 23))
    lines = text.splitlines()
    numbers, names, markers = lines[0], lines[1], lines[2]
    assert "▲A" in markers and markers.index("▲") in range(
        numbers.index(" 3 ") - 1, numbers.index(" 3 ") + 4
    )
    assert names.split()[:3] == ["MiG-15", "-", "F-80"]
    start = chart_text(entries, sides, {"communist": 0}).plain
    assert "before square 1: communist marker" in start


@pytest.mark.parametrize(
    ("aspect", "ace", "need", "p"),
    [
        ("front", False, "6 or more on 1d6", Fraction(1, 6)),
        ("side", False, "5 or more on 1d6", Fraction(1, 3)),
        ("rear-diagonal", False, "4 or more on 1d6", Fraction(1, 2)),
        ("rear", False, "3 or more on 1d6", Fraction(2, 3)),
        ("rear", True, "2 or more on 1d6", Fraction(5, 6)),
    ],
)
def test_a_kill_roll_is_explained_with_its_exact_odds(
    aspect: str, ace: bool, need: str, p: Fraction
) -> None:
    check = kill_check(aspect, ace)
    assert check.probability() == p
    line = explain_before(check)
    assert need in line and f"chance {p.numerator}/{p.denominator}" in line
    assert ("ace +1 (MS-14)" in line) is ace
    event = check.resolve(4)
    assert explain_before(check_from_event(event)) == line


def test_a_roll_that_cannot_fail_is_told_as_what_it_decides() -> None:
    check = mp_check(plane_type("F-86"), ace=True)
    assert check.probability() == 1
    line = before_text(check)
    assert line.startswith("Movement points of the F-86 (MS-7): roll 1d6")
    assert "+ 6 (F-86 base value, MS-1)" in line and "+ 1 (ace, MS-14)" in line


def test_narrator_tells_every_event_of_a_whole_game() -> None:
    options = {"pilots": True, "listed_pilots": True, "turn_limit": 4, "strike_from_chart": True}
    game = load_game("migs-sabres", options)
    driver = play_bots(game, {0: RandomBot(3), 1: RandomBot(4)}, 12)
    narrator = Narrator()
    kinds: set[str] = set()
    for ev in driver.events:
        lines = narrator.lines(ev)
        assert lines and all(isinstance(line, str) for line in lines)
        kinds.add(ev["type"])
        if ev["type"] == "step":
            assert f"-> {ev['square']} facing {ev['facing']}" in lines[0]
        if ev["type"] == "roll" and "aspect" in ev:
            assert "KILL" in lines[1] or "miss" in lines[1]
        if ev["type"] == "chart_square_cleared":
            assert f"struck from square {ev['square']}" in lines[0]
    assert {"sortie_start", "marker_move", "engagement_start", "step", "game_end"} <= kinds


def test_an_unknown_event_is_still_told() -> None:
    assert describe_event({"type": "weather_change", "wind": "NE", "seq": 3}) == [
        "weather change: wind=NE"
    ]
    assert Narrator().lines({"type": "note", "text": "a referee's note"}) == ["a referee's note"]
