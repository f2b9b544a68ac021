"""Who won and why (GS-85 to GS-89): the scoring of a log, data-driven.

Each file of ``victory_cases/`` is a scenario with a ``[test]`` table: the
game's log (``events``) and the result expected from it (``expect``). Then a
whole game played by the automatic player, whose result must agree with its
log and its summary, and the library's points with their reasons.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from airwar.core.driver import Driver
from airwar.games.gunslingers import GunslingersGame, parse_scenario
from airwar.games.gunslingers.after_action import labels_of, report_lines
from airwar.games.gunslingers.autoplayer import GunslingersAuto
from airwar.games.gunslingers.model.scenario_schema import ScenarioError
from airwar.games.gunslingers.model.typecards import card_data
from airwar.games.gunslingers.model.typelib import library
from airwar.games.gunslingers.model.victory import line_of, located
from airwar.games.gunslingers.victory import game_result, result_of, side_tally
from tests.examples import GUNSLINGERS_EXAMPLES

CASES = sorted((Path(__file__).parent / "victory_cases").glob("*.toml"))


def load_case(path: Path) -> tuple[Any, dict[str, Any]]:
    data = tomllib.loads(path.read_text("utf-8"))
    test = data.pop("test")
    return parse_scenario(data, path.name), test


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_the_result_of_a_log(path: Path) -> None:
    scenario, test = load_case(path)
    expect = test["expect"]
    result = result_of(scenario, test["events"])
    assert result["over"] is True
    assert result["points"] == expect["points"]
    assert result["winner"] == expect["winner"]
    assert result["level"] == expect["level"]
    assert result["margin"] == expect["margin"]
    assert result["by_turn"] == expect["by_turn"]
    if "thresholds" in expect:
        assert result["thresholds"] == expect["thresholds"]
    got = [[s["turn"], s["side"], s["points"], s["kind"], s["unit"]] for s in result["scores"]]
    assert got == expect["scores"]
    for want in expect.get("kill_shots", []):
        (kill,) = [k for k in result["kills"] if k["unit"] == want["unit"]]
        shot = kill["shot"]
        assert shot["weapon"] == want["weapon"]
        assert shot["range"] == want["range"]
        assert shot["aspect"] == want.get("aspect", shot["aspect"])
        assert (shot["launch"]["p"], shot["launch"]["roll"]) == (
            want["launch"],
            want["launch_roll"],
        )
        assert (shot["outcome"]["p"], shot["outcome"]["roll"]) == (want["hit"], want["hit_roll"])
    tally = side_tally(result, "Blue")
    assert tally["points"] == expect["tally"]
    lines = report_lines(result, labels_of(scenario))
    assert lines[0].startswith(result["text"])


def test_a_side_learns_no_point_of_what_it_did_to_the_enemy_while_the_game_runs() -> None:
    """GS-88: Red's running tally names no Blue aircraft's exit and no kill Red's units
    suffered at Blue's hands other than as points it lost."""
    scenario, test = load_case(CASES[[p.stem for p in CASES].index("kill-exit-target")])
    result = result_of(scenario, test["events"][:-1])  # before the end
    assert result["over"] is False
    red = side_tally(result, "Red")
    assert red["points"] == {"Blue": 9, "Red": 0}  # the depot and the MiG Red lost
    assert [(s["unit"], s["text"]) for s in red["scores"]] == [
        ("Depot", "Fuel depot lost"),
        ("Mig-1", "Fulcrum lost"),
    ]
    assert "Viper-1" not in str(red)


def test_a_whole_game_agrees_with_its_log_and_summary() -> None:
    game = GunslingersGame({"scenario": str(GUNSLINGERS_EXAMPLES / "strike-sam-belt.toml")})
    driver = Driver(game, 5)
    bot = GunslingersAuto()
    driver.run_bots({seat: bot for seat in range(game.num_players)})
    result = game_result(driver.state)
    assert result["over"] and result["scheme"] == "scenario"
    assert sum(result["points"].values()) == sum(s["points"] for s in result["scores"])
    destroyed = [e["unit"] for e in driver.events if e["type"] == "destroyed"]
    planes = set(game.scenario.aircraft[i].id for i in range(len(game.scenario.aircraft)))
    assert [k["unit"] for k in result["kills"]] == [u for u in destroyed if u in planes]
    launched = [e for e in driver.events if e["type"] in ("launch", "launch_failed")]
    assert len(result["missiles"]) == len(launched)
    summary = game.summary(driver.state)
    assert summary["points"] == result["points"]
    assert summary["winner"] == result["winner"]
    for side in result["sides"]:
        assert len(result["by_turn"][side]) == result["turn"]
        assert result["by_turn"][side][-1] == result["points"][side]


def test_every_library_aircraft_sam_and_radar_unit_has_points_with_a_reason() -> None:
    lib = library()
    for kind in ("aircraft", "sams"):
        for card in lib.types[kind].values():
            assert isinstance(card.values.get("points"), int), card.name
            assert card.house["points"].startswith("house value"), card.name
    for card in lib.types["radars"].values():
        assert ("points" in card.values) == (card.role in ("ewr", "gci")), card.name
    fields = {f["field"]: f for f in card_data(lib.find("aircraft", "F-16C"))["fields"]}
    assert fields["points"]["value"] == 4 and "GS-85" in fields["points"]["house"]


def test_the_examples_have_a_victory_table() -> None:
    for path in sorted(GUNSLINGERS_EXAMPLES.glob("*.toml")):
        game = GunslingersGame({"scenario": str(path)})
        assert game.scenario.victory is not None, path.name


BAD = """\
[scenario]
name = "bad victory"

[[sides]]
name = "Blue"

[[sides]]
name = "Red"

[[aircraft]]
id = "Ford-1"
side = "Blue"
type = "F-16C"
hex = [0, 0]
heading = 0
altitude = 5

[victory]
marginal = 4
decisive = 2
kills = { "F-22" = 3 }

[[victory.exits]]
side = "Green"
points = 2
edge = "west"

[[victory.targets]]
unit = "Ford-1"
"""


def test_a_bad_victory_table_is_named_by_key_and_line() -> None:
    data = tomllib.loads(BAD)
    with pytest.raises(ScenarioError) as err:
        parse_scenario(data, "bad.toml")
    lines = [located(p, BAD) for p in err.value.problems]
    assert lines == [
        "bad.toml: line 20: victory.decisive: 2 is less than marginal (4); a decisive win "
        "needs at least the lead of a marginal one",
        "bad.toml: line 21: victory.kills.F-22: no unit, type or role 'F-22' in the scenario "
        "(roles: aircraft, sam, infantry, aaa, ewr, ccu, ground; or default)",
        "bad.toml: line 29: victory.targets[0] (Ford-1).unit: Ford-1 is an aircraft; its "
        "points are kills",
        "bad.toml: line 24: victory.exits[0].side: unknown side 'Green' (sides: Blue, Red)",
    ]
    assert line_of(BAD, "victory.exits[0].edge") == 26


@pytest.mark.parametrize(
    ("table", "problem"),
    [
        ('edge = "up"', "victory.exits[0].edge: must be one of any, east, west"),
        ("hex = [0, 0]", "victory.exits[0].hex: [0, 0] is not on the map's edge"),
        ('zone = { hex = [40, 0] }\nhow = "reach"', "victory.exits[0].zone.hex: [40, 0] is off"),
        ('edge = "west"\nhex = [-30, 0]', "needs exactly one of hex, edge or zone"),
        ('edge = "west"\nhow = "reach"', 'an edge is reached by leaving: how = "exit"'),
    ],
)
def test_an_exit_needs_one_place_it_can_be_left_or_reached_by(table: str, problem: str) -> None:
    text = BAD.split("[victory]")[0] + f'[[victory.exits]]\nside = "Blue"\npoints = 1\n{table}\n'
    with pytest.raises(ScenarioError) as err:
        parse_scenario(tomllib.loads(text), "x.toml")
    assert any(problem in p for p in err.value.problems), err.value.problems
