"""`airwar gunslingers types`, `types show NAME` and `validate` of library scenarios,
through the real command line (the whole ``airwar`` app, and the installed command)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from airwar.cli.main import app
from airwar.games.gunslingers.model.typelib import library
from airwar.games.gunslingers.model.typeschema import KINDS

runner = CliRunner()


def airwar(*args: str) -> tuple[int, str, str]:
    r = runner.invoke(app, ["gunslingers", *args], prog_name="airwar")
    return r.exit_code, r.stdout, r.stderr


def test_types_lists_every_type_one_a_line() -> None:
    code, out, _ = airwar("types")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["name", "kind", "role", "full", "name"]
    total = sum(len(library().types[k]) for k in KINDS)
    assert len(lines) == 1 + total
    row = next(line for line in lines if line.startswith("F-16C "))
    assert row.split()[:3] == ["F-16C", "aircraft", "-"]
    assert row.endswith("F-16C Fighting Falcon (variant of F-16)")
    assert any(line.split()[:4] == ["Spoon", "Rest", "radar", "ewr"] for line in lines)


def test_types_json_is_the_listing() -> None:
    code, out, _ = airwar("types", "--json")
    assert code == 0
    rows = json.loads(out)
    assert {r["name"] for r in rows} == {c.name for c in library().cards()}


def test_show_prints_the_data_card_as_a_pilot_reads_it_with_house_values_marked() -> None:
    code, out, _ = airwar("types", "show", "F-16C")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "F-16C: F-16C Fighting Falcon (aircraft)"
    assert lines[1] == "  variant of F-16"
    assert "  Airframe" in lines and "  Self-protection" in lines
    rows = {line.strip().split("  ")[0]: line.strip() for line in lines if line.startswith("    ")}
    speed = rows["Top speed"]
    assert " 7 hexes a move  [house value: hexes a Flight Phase" in speed
    assert "2 × AIM-9M, 2 × AIM-120  [house value: missiles" in rows["CAP load"]
    assert " 1 chaff, 1 flare  [house value: chaff PPL a turn" in rows["DDS program P1"]
    assert lines[-1] == "  Every number is a house value: the text gives none (GS-6, GS-62)."


@pytest.mark.parametrize("name", sorted(c.name for c in library().cards()))
def test_no_card_shows_a_raw_place(name: str) -> None:
    """Every type of the library reads in words: no ``loads.CAP.missiles[0].type``, no
    ``dds_programs[0].name``, no ``result.target``, each value of the card on some row."""
    code, out, _ = airwar("types", "show", name)
    assert code == 0
    rows = [line for line in out.splitlines() if line.startswith("    ")]
    assert rows
    labels = [line.strip().split("  ")[0] for line in rows]
    raw = [label for label in labels if re.search(r"\[\d+\]|\.|_", label)]
    assert raw == [], raw
    card = json.loads(airwar("types", "show", name, "--json")[1])
    for f in card["fields"]:
        if f["house"]:
            assert f["house"] in out, f["field"]


@pytest.mark.parametrize("name", ["r-73", "R-73", "AA-11"])
def test_show_finds_a_type_by_an_alias_in_any_case(name: str) -> None:
    code, out, _ = airwar("types", "show", name, "--json")
    assert code == 0
    card = json.loads(out)
    assert (card["name"], card["kind"], card["role"]) == ("AA-11", "weapons", "aam")
    assert {"field": "launch", "value": 7, "house": card["fields"][2]["house"]} in card["fields"]


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("F-61", "error: no type 'F-61' in the library (closest: F-16, F-15, F-16C)"),
        ("zzzz", "error: no type 'zzzz' in the library (see: airwar gunslingers types)"),
        ("x" * 5000, f"error: no type '{'x' * 60}' in the library (see: airwar gunslingers types)"),
    ],
    ids=["near", "far", "huge"],
)
def test_an_unknown_type_is_one_line_exit_2(name: str, line: str) -> None:
    code, out, err = airwar("types", "show", name)
    assert code == 2 and out == ""
    assert err.splitlines() == [line]


def test_validate_a_library_scenario_with_an_unknown_type_and_a_bad_override(
    tmp_path: Path,
) -> None:
    base = (
        '[scenario]\nlibrary = true\n[[sides]]\nname = "Blue"\n[[sides]]\nname = "Red"\n'
        '[[aircraft]]\nid = "V1"\nside = "Blue"\ntype = "F-16Z"\nhex = [0, 0]\n'
        "heading = 0\naltitude = 5\n"
        '[[aircraft]]\nid = "M1"\nside = "Red"\ntype = "MiG-21"\nhex = [3, 0]\n'
        "heading = 6\naltitude = 5\n"
    )
    good = tmp_path / "good.toml"
    good.write_text(base + "radar.eccm = 1\n")
    code, out, _ = airwar("validate", str(good))
    assert code == 0
    assert out.splitlines() == [
        "good.toml: note: aircraft[0] (V1).type: 'F-16Z' is not in the library; house "
        "defaults fill what it leaves out (closest: F-16, F-16C, F-16A)",
        "good.toml: ok",
    ]
    bad = tmp_path / "bad.toml"
    bad.write_text(base + "radar.ecm = 1\n")
    code, out, _ = airwar("validate", str(bad))
    assert (code, out) == (2, "bad.toml: aircraft[1] (M1).radar.ecm: is not a known field\n")
    far = tmp_path / "far.toml"
    far.write_text(base + "speed = 99\n")
    code, out, _ = airwar("validate", str(far))
    assert (code, out.splitlines()) == (
        2,
        [
            "far.toml: aircraft[1] (M1).speed: 99 is more than 60, the map's width "
            "(2 x radius 30): nothing on the map is further (GS-42)"
        ],
    )


def test_the_examples_validate_through_the_installed_command() -> None:
    exe = shutil.which("airwar")
    if exe is None:
        pytest.skip("the airwar command is not installed")
    for name in ("dogfight-2v2", "strike-sam-belt", "large-battle"):
        done = subprocess.run(
            [exe, "gunslingers", "validate", name], capture_output=True, text=True, timeout=120
        )
        assert (done.returncode, done.stdout) == (0, f"{name}.toml: ok\n"), done.stderr
    done = subprocess.run(
        [exe, "gunslingers", "types", "show", "SA-2"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0
    assert done.stdout.startswith("SA-2: S-75 Dvina 'Guideline' (SAM/AAA system, SAM unit)\n")
    done = subprocess.run(
        [exe, "gunslingers", "types", "show", "SA-99"], capture_output=True, text=True, timeout=120
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("error: no type 'SA-99' in the library (closest: ")
    assert "Traceback" not in done.stderr
