"""`airwar gunslingers validate | run | play` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from airwar.cli.gunslingers import app
from airwar.store import Store

EXAMPLES = Path(__file__).parents[2] / "examples" / "gunslingers"
DOGFIGHT = str(EXAMPLES / "dogfight-2v2.toml")
runner = CliRunner()


def test_validate_ok_and_every_problem(tmp_path: Path) -> None:
    ok = runner.invoke(app, ["validate", DOGFIGHT])
    assert ok.exit_code == 0
    assert ok.output.strip() == "dogfight-2v2.toml: ok"
    bad = tmp_path / "strike.toml"
    bad.write_text(
        '[[sides]]\nname = "Blue"\n[[sides]]\nname = "Red"\n'
        '[[aircraft]]\nid = "V1"\nside = "Blue"\ntype = "F-16"\nhex = [0, 0]\nheading = 0\n'
        "altitude = 5\n"
        '[[aircraft]]\nid = "V2"\nname = "Viper 2"\nside = "Blue"\ntype = "F-16"\n'
        'hex = [0, 0]\nheading = 14\naltitude = 5\nradar = { kind = "tws", eccm = -1 }\n'
    )
    res = runner.invoke(app, ["validate", str(bad)])
    assert res.exit_code == 1
    assert res.output.splitlines() == [
        "strike.toml: aircraft[1] (Viper 2).heading: must be an integer from 0 to 11",
        "strike.toml: aircraft[1] (Viper 2).radar.eccm: must be an integer >= 0",
    ]


def test_validate_unreadable_toml(tmp_path: Path) -> None:
    bad = tmp_path / "broken.toml"
    bad.write_text("[[sides]\n")
    res = runner.invoke(app, ["validate", str(bad)])
    assert res.exit_code == 1
    assert res.output.startswith("broken.toml: not valid TOML")


def test_run_json_lines_carry_the_required_fields() -> None:
    res = runner.invoke(app, ["run", DOGFIGHT, "--turns", "2", "--seed", "5", "--json"])
    assert res.exit_code == 0, res.output
    events = [json.loads(line) for line in res.output.splitlines()]
    phases = [e for e in events if e["type"] == "phase"]
    assert phases[0] == {"type": "phase", "phase": "AAA Interaction Phase", "turn": 1, "seq": 2}
    assert len(phases) == 24
    rolls = [e for e in events if e["type"] == "roll"]
    assert rolls
    for e in rolls:
        for key in ("rule", "dice", "target", "modifiers", "p_success", "roll", "success"):
            assert key in e
    again = runner.invoke(app, ["run", DOGFIGHT, "--turns", "2", "--seed", "5", "--json"])
    assert again.output == res.output


def test_run_explained_log() -> None:
    res = runner.invoke(app, ["run", DOGFIGHT, "--turns", "1", "--seed", "5"])
    assert res.exit_code == 0
    assert "-- SAM Interaction Phase (turn 1)" in res.output
    assert "ROLL" in res.output and "p = " in res.output


def test_play_scripted_through_stdin_saves_and_resumes(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite'}"
    script = "?\npadlock Viper-1 nobody\nauto\nauto\nauto\nquit\n"
    res = runner.invoke(
        app,
        ["play", DOGFIGHT, "--seed", "3", "--turns", "1", "--database-url", url,
         "--auto", "Red", "--auto", "referee"],
        input=script,
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    assert "saved as game" in res.output
    assert "refused:" in res.output
    assert "searcher Viper-1 yes" in res.output  # the '?' listing
    game_id = res.output.split("saved as game ")[1].split()[0]
    stored = Store(url).load(game_id)
    assert len(stored.record.actions) >= 3
    done = runner.invoke(app, ["play", "--resume", game_id, "--database-url", url, "--auto", "all"])
    assert done.exit_code == 0, done.output
    assert "the game is over" in done.output
    final = Store(url).load(game_id)
    assert final.status == "finished"
