"""`airwar bia`: JSON shapes, readable output, one-line errors with exit code 2."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from airwar.cli.bia import app
from tests.examples import BIA_EXAMPLES

EXAMPLE = BIA_EXAMPLES / "ford-crossing.toml"
runner = CliRunner()


def run_json(*args: str) -> dict:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


AD = [
    "air-defence",
    "--system",
    "vehicle-sam",
    "--target-speed",
    "slow",
    "--target-manoeuvrability",
    "poor",
]


def test_air_defence_json_contract() -> None:
    data = run_json(*AD, "--firer", "surface")
    assert list(data)[:5] == ["hit_number", "p_hit", "p_shot_down", "p_damaged", "p_miss"]
    assert data["hit_number"] == 6
    assert (data["p_hit"], data["p_shot_down"], data["p_damaged"]) == ("3/5", "1/10", "1/2")
    assert {"modifiers"} <= set(data)
    assert all({"reason", "value", "rule"} <= set(m) for m in data["modifiers"])
    total = sum(Fraction(data[k]) for k in ("p_miss", "p_damaged", "p_shot_down"))
    assert total == 1


def test_air_defence_from_an_aircraft_with_every_option() -> None:
    data = run_json(
        "air-defence",
        "--system",
        "air-to-air-missile",
        "--target-speed",
        "fast",
        "--target-manoeuvrability",
        "medium",
        "--firer-speed",
        "fast",
        "--firer-manoeuvrability",
        "good",
        "--first-pass",
        "--pilot-modifier",
        "-1",
        "--range-km",
        "20",
    )
    # 4 (Fast vs Fast) + 4 (Medium vs Good) - 2 (first pass) - 1 (pilot)
    assert data["hit_number"] == 5
    assert (data["p_shot_down"], data["p_damaged"]) == ("1/10", "2/5")
    assert [m["rule"] for m in data["modifiers"]] == ["BIA-1", "BIA-1", "BIA-2", "BIA-3"]


def test_air_defence_loiter_and_pacifier() -> None:
    data = run_json(
        "air-defence",
        "--system",
        "small-arms",
        "--target-speed",
        "very-slow",
        "--target-manoeuvrability",
        "poor",
        "--firer",
        "surface",
        "--loiter-turns",
        "3",
        "--pacifier",
        "--range-km",
        "0.3",
        "--pilot-modifier",
        "green",
    )
    assert data["hit_number"] == 4 + 4 + 3 + 1
    assert data["p_hit"] == "3/25"
    assert (data["p_damaged"], data["p_shot_down"], data["p_miss"]) == ("0/1", "0/1", "1/1")
    data = run_json(*AD, "--firer", "surface", "--loiter-turns", "3", "--loiter-from-second-turn")
    assert data["hit_number"] == 6 + 2


def test_air_defence_readable_table() -> None:
    result = runner.invoke(app, [*AD, "--firer", "surface"])
    assert result.exit_code == 0
    for words in (
        "Vehicle SAM",
        "hit number",
        "BIA-1",
        "needs 6 or less on 1d10",
        "1/10",
        "shot down",
    ):
        assert words in result.stdout


ERRORS = [
    (
        [
            "air-defence",
            "--system",
            "flak",
            "--target-speed",
            "slow",
            "--target-manoeuvrability",
            "poor",
            "--firer",
            "surface",
        ],
        "unknown AD system 'flak' (allowed: heavy-sam, vehicle-sam, air-to-air-missile",
    ),
    (
        [
            *AD[:3],
            "--target-speed",
            "warp",
            "--target-manoeuvrability",
            "poor",
            "--firer",
            "surface",
        ],
        "unknown target speed 'warp' (allowed: fast, slow, very-slow)",
    ),
    (
        [*AD[:5], "--target-manoeuvrability", "agile", "--firer", "surface"],
        "unknown target manoeuvrability 'agile' (allowed: good, medium, poor)",
    ),
    (
        [*AD, "--firer-speed", "mach2", "--firer-manoeuvrability", "good"],
        "unknown firer speed 'mach2'",
    ),
    ([*AD, "--firer", "surface", "--range-km", "21"], "out of range of Vehicle SAM"),
    (
        [*AD, "--firer", "surface", "--first-pass"],
        "only an aircraft making passes has a first pass",
    ),
    (
        [
            "air-defence",
            "--system",
            "manpad",
            "--target-speed",
            "fast",
            "--target-manoeuvrability",
            "good",
            "--firer",
            "surface",
            "--loiter-turns",
            "2",
        ],
        "does not loiter",
    ),
    ([*AD, "--firer", "orbital"], "orbital-to-air fire is allowed only at Very Slow"),
    ([*AD, "--firer", "sea"], "unknown firer 'sea'"),
    (AD, "say who fires"),
    ([*AD, "--firer", "surface", "--firer-speed", "fast"], "not both"),
    ([*AD, "--firer", "surface", "--pilot-modifier", "hotshot"], "unknown pilot 'hotshot'"),
    (["infantry", "--weapon", "phaser", "--range-m", "10"], "unknown weapon 'phaser'"),
    (["infantry", "--weapon", "rifle", "--range-m", "900"], "longest range band"),
    (
        ["infantry", "--weapon", "rifle", "--range-m", "90", "--aiming-turns", "2"],
        "aiming counts only",
    ),
    (
        ["infantry", "--weapon", "rifle", "--range-m", "90", "--training", "elite"],
        "unknown training 'elite'",
    ),
    (["infantry", "--weapon", "rifle", "--range-m", "90", "--stands", "0"], "no stand fires"),
    (
        ["infantry", "--weapon", "rifle", "--range-m", "90", "--officers", "1", "--officers", "1"],
        "2 --officers values given for 1 stand",
    ),
    (["engagement", "no-such-file.toml"], "no-such-file.toml: no such engagement file"),
    (["engagement", str(EXAMPLE), "--ground-fire", "sideways"], "option ground_fire"),
]


@pytest.mark.parametrize(("args", "message"), ERRORS)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: ")
    assert message in lines[0]


def test_malformed_engagement_file(tmp_path: Path) -> None:
    bad = tmp_path / "raid.toml"
    bad.write_text(EXAMPLE.read_text("utf-8").replace('speed = "slow"', 'speed = "slowish"'))
    result = runner.invoke(app, ["engagement", str(bad)])
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert line.startswith(f"error: {bad}: [[aircraft]] #3 ('Gunship'), key 'speed': ")
    assert "allowed: fast, slow, very-slow" in line


def test_volley_json_and_table() -> None:
    args = [
        "volley",
        "--target-speed",
        "slow",
        "--target-manoeuvrability",
        "medium",
        "--shot",
        "vehicle-sam",
        "--shot",
        "vehicle-sam:20",
        "--loiter-turns",
        "2",
    ]
    data = run_json(*args)
    # hit number 6 twice: untouched (2/5)^2, shot down 1/10 + 9/10 * 1/10
    assert (data["p_untouched"], data["p_shot_down"], data["p_damaged"]) == (
        "4/25",
        "19/100",
        "13/20",
    )
    assert [s["hit_number"] for s in data["shots"]] == [6, 6]
    twice = run_json(*args, "--damaged-twice-shot-down")
    assert twice["p_shot_down"] == "11/25"  # plus (1/2)^2
    text = runner.invoke(app, args).stdout
    assert "Shot 2:" in text and "damage does not add up (BIA-7)" in text
    bad = runner.invoke(app, [*args, "--shot", "manpad@orbital"])
    assert bad.exit_code == 2 and "only at Very Slow" in bad.stderr


def test_infantry_json() -> None:
    data = run_json(
        "infantry",
        "--weapon",
        "rifle",
        "--range-m",
        "250",
        "--stands",
        "2",
        "--officers",
        "1",
        "--target-unarmoured",
        "--moving",
        "--hma",
    )
    assert (data["weapon"], data["band"], data["band_number"]) == ("rifle", 2, 3)
    assert (data["hit_number"], data["p_hit"]) == (7, "7/10")
    assert data["stands"] == 2 and data["officers"] == [1, 0]
    assert data["hits"] == {"0": "3/25", "1": "23/50", "2": "21/50"}
    assert data["expected_hits"] == "13/10"
    assert [s["hit_number"] for s in data["per_stand"]] == [7, 6]


def test_infantry_figures_form_stands() -> None:
    data = run_json(
        "infantry",
        "--weapon",
        "sla3",
        "--range-m",
        "250",
        "--stands",
        "0",
        "--figures",
        "9",
        "--aiming-turns",
        "3",
        "--training",
        "veteran",
    )
    assert data["stands"] == 2 and data["idle_figures"] == 1
    assert data["hit_number"] == 7 + 2 + 1
    assert data["hits"] == {"0": "0/1", "1": "0/1", "2": "1/1"}
    text = runner.invoke(
        app,
        ["infantry", "--weapon", "sla3", "--range-m", "250", "--figures", "9", "--target-cover"],
    ).stdout
    assert "Stand 2" in text and "Stand 3" not in text and "do not fire" in text
    assert "[target in MA/HMA or cover -2 (BIA-6)]" in text


def test_figures_alone_replace_the_default_stand() -> None:
    """Issue 22 item 11: `--figures 8` is two stands of figures, not the default stand plus two."""
    args = ["infantry", "--weapon", "sla3", "--range-m", "250"]
    alone = run_json(*args, "--figures", "8")
    assert alone["stands"] == 2 and alone["idle_figures"] == 0
    # band 1 of SLA 3 is 7 (BIA-6): each of the two stands hits on 7 or less of 1d10
    p = Fraction(7, 10)
    assert {k: Fraction(v) for k, v in alone["hits"].items()} == {
        "0": (1 - p) ** 2,
        "1": 2 * p * (1 - p),
        "2": p**2,
    }
    both = run_json(*args, "--stands", "1", "--figures", "8")
    assert both["stands"] == 3 and Fraction(both["hits"]["3"]) == p**3
    assert run_json(*args)["stands"] == 1  # no firers named: the one stand of the default
    few = runner.invoke(app, [*args, "--figures", "3"])
    assert few.exit_code == 2
    assert few.stderr.strip() == (
        "error: no stand fires: give --stands, or at least 4 --figures (BIA-8)"
    )


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('speed = "slow"', "speed = 3", "speed"),
        ('manoeuvrability = "medium"', "manoeuvrability = true", "manoeuvrability"),
        ('pilot = "veteran"', "pilot = 1.5", "pilot"),
        ('system = "vehicle-sam"', "system = 7", "system"),
    ],
)
def test_engagement_error_names_its_place_once(
    tmp_path: Path, old: str, new: str, key: str
) -> None:
    """Issue 22 item 11: a value of the wrong type named the file, table and key twice."""
    text = EXAMPLE.read_text("utf-8")
    assert old in text
    bad = tmp_path / "raid.toml"
    bad.write_text(text.replace(old, new, 1))
    result = runner.invoke(app, ["engagement", str(bad)])
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1
    assert line.count(str(bad)) == 1 and line.count("key ") == 1
    assert f"key '{key}': " in line


def test_volley_help_shows_the_firer_form() -> None:
    """Issue 22 item 11: the help showed SYSTEM[:RANGE_KM], its [@FIRER] taken for markup."""
    result = runner.invoke(app, ["volley", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    text = " ".join(result.stdout.replace("│", " ").split())
    assert "SYSTEM@FIRER:RANGE_KM" in text and "air-to-air-missile@fast/good:8" in text
    data = run_json(
        "volley",
        "--target-speed",
        "slow",
        "--target-manoeuvrability",
        "poor",
        "--shot",
        "manpad@surface:3",
        "--shot",
        "air-to-air-missile@fast/good:8",
    )
    # ManPAD from the surface: 2 + 4 = 6 on 2d6; missile from a Fast/Good aircraft: 2 + 8 = 10
    # on 1d10, shot down below 2.5 (rolls 1, 2), otherwise damaged (BIA-1, BIA-4)
    assert [s["hit_number"] for s in data["shots"]] == [6, 10]
    assert Fraction(data["shots"][0]["p_hit"]) == Fraction(15, 36)
    assert Fraction(data["shots"][1]["p_shot_down"]) == Fraction(2, 10)
    assert Fraction(data["p_untouched"]) == 0
    assert Fraction(data["p_shot_down"]) == Fraction(1, 5)  # the ManPAD cannot: 6/4 = 1.5


def test_engagement_reproducible_from_seed_and_json() -> None:
    first = runner.invoke(app, ["engagement", str(EXAMPLE)])
    second = runner.invoke(app, ["engagement", str(EXAMPLE)])
    assert first.exit_code == 0
    assert first.stdout == second.stdout
    assert "Seed 2024" in first.stdout
    for words in (
        "Turn 1",
        "Roll-off (BIA-5)",
        "Firing order",
        "to hit:",
        "odds before the roll",
        "rolled",
        "End after turn",
    ):
        assert words in first.stdout
    data = run_json("engagement", str(EXAMPLE), "--seed", "5")
    again = run_json("engagement", str(EXAMPLE), "--seed", "5")
    assert data == again
    assert data["seed"] == 5 and data["game"] == "bia-engagement"
    assert data["record"]["seed"] == 5
    assert data["events"][-1]["type"] == "end"
    other = run_json(
        "engagement",
        str(EXAMPLE),
        "--seed",
        "6",
        "--damaged-twice-shot-down",
        "--loiter-from-second-turn",
    )
    assert other["record"]["options"]["damaged_twice_shot_down"] is True


def test_registered_under_the_main_command() -> None:
    from airwar.cli.main import app as main_app

    result = runner.invoke(main_app, ["bia", "--help"])
    assert result.exit_code == 0
    for name in ("air-defence", "infantry", "engagement"):
        assert name in result.stdout


HARRIER = """
title = "Harrier over the bridge"
turns = 3
seed = 5

[[aircraft]]
name = "Harrier"
side = "red"
speed = ["fast", "slow"]
manoeuvrability = "good"
present = [1, 2, 3]

[[aircraft.posture]]
from_turn = 1
speed = "fast"

[[aircraft.posture]]
from_turn = 2
speed = "slow"

[[aircraft]]
name = "Bomber"
side = "red"
speed = "slow"
manoeuvrability = "poor"
passes = true
present = [1, 3]

[[ground]]
name = "Bridge SAM"
side = "blue"
system = "vehicle-sam"
targets = ["Harrier"]

[[ground]]
name = "Bridge ManPAD"
side = "blue"
system = "manpad"
targets = ["Bomber"]
"""


@pytest.mark.parametrize("all_speeds", [False, True])
def test_engagement_with_postures_and_slow_passes(tmp_path: Path, all_speeds: bool) -> None:
    """Issue 22 items 9 and 10 at the terminal: each turn shows the speed flown, and the
    odds before each roll are those of that speed (BIA-18) and of a slow pass (BIA-19)."""
    path = tmp_path / "harrier.toml"
    path.write_text(HARRIER)
    option = ["--first-pass-all-speeds"] if all_speeds else []
    data = run_json("engagement", str(path), *option)
    shots = [e for e in data["events"] if e["type"] == "roll"]
    got = [(e["turn"], e["target"], e["hit_number"]) for e in shots]
    first = -2 if all_speeds else 0
    assert got == [
        (1, "Harrier", 0 + 1 - 2),  # Fast/Good, first pass
        (1, "Bomber", 2 + 4 + first),  # Slow/Poor making passes, first pass
        (2, "Harrier", 2 + 1 + 1),  # Slow now, loitering: turn 1
        (3, "Harrier", 2 + 1 + 2),
        (3, "Bomber", 2 + 4),  # its second pass
    ]
    bomber = shots[1]
    p = Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= 6 + first), 36)
    assert (Fraction(bomber["p_damaged"]), Fraction(bomber["p_shot_down"])) == (p, 0)
    harrier = shots[2]  # 4 on 1d10: 1 to 4 hit, none below 1
    assert (Fraction(harrier["p_damaged"]), Fraction(harrier["p_miss"])) == (
        Fraction(2, 5),
        Fraction(3, 5),
    )
    assert data["record"]["options"]["first_pass_all_speeds"] is all_speeds
    text = runner.invoke(app, ["engagement", str(path), *option]).stdout
    assert "Harrier (Fast, pass 1, untouched), Bomber (Slow, pass 1, untouched)" in text
    assert "Harrier (Slow, turn 1 in umbrella," in text
    assert "Slow aircraft making passes, first pass" in text


def test_engagement_posture_error_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "harrier.toml"
    path.write_text(HARRIER.replace('from_turn = 2\nspeed = "slow"', 'from_turn = 2\nspeed = "x"'))
    result = runner.invoke(app, ["engagement", str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip() == (
        f"error: {path}: [[aircraft]] #1 ('Harrier'), [[aircraft.posture]] #2, key 'speed': "
        "unknown speed 'x' (allowed: fast, slow, very-slow)"
    )


def test_air_defence_and_volley_at_a_slow_aircraft_making_passes() -> None:
    base = [
        "--system",
        "vehicle-sam",
        "--target-speed",
        "slow",
        "--target-manoeuvrability",
        "poor",
        "--firer",
        "surface",
        "--passes",
        "--first-pass",
    ]
    plain = run_json("air-defence", *base)
    option = run_json("air-defence", *base, "--first-pass-all-speeds")
    # Slow/Poor vs Surface 2 + 4; first pass +0, or -2 with the option (BIA-19)
    assert (plain["hit_number"], option["hit_number"]) == (6, 4)
    assert plain["modifiers"][-1] == {
        "reason": "Slow aircraft making passes, first pass",
        "value": 0,
        "rule": "BIA-19",
    }
    assert Fraction(plain["p_shot_down"]) == Fraction(1, 10)  # roll 1 < 6/4
    assert Fraction(option["p_hit"]) == Fraction(2, 5)
    assert Fraction(option["p_shot_down"]) == 0  # nothing rolls below 4/4
    volley = run_json(
        "volley",
        "--target-speed",
        "slow",
        "--target-manoeuvrability",
        "poor",
        "--passes",
        "--first-pass",
        "--first-pass-all-speeds",
        "--shot",
        "vehicle-sam",
        "--shot",
        "vehicle-sam",
    )
    assert Fraction(volley["p_untouched"]) == Fraction(3, 5) ** 2
    bad = runner.invoke(app, ["air-defence", *base, "--loiter-turns", "2"])
    assert bad.exit_code == 2
    assert bad.stderr.startswith("error: an aircraft making passes does not loiter")
    assert len(bad.stderr.strip().splitlines()) == 1
