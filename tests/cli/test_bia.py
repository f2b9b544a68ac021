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
    ([*AD, "--firer", "surface", "--first-pass"], "only Fast aircraft make a first pass"),
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
        ["infantry", "--weapon", "sla3", "--range-m", "250", "--figures", "5", "--target-cover"],
    ).stdout
    assert "Stand 2" in text and "do not fire" in text
    assert "[target in MA/HMA or cover -2 (BIA-6)]" in text


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
