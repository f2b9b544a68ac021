"""``airwar gunslingers match`` and ``report`` (GS-85 to GS-89)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from airwar.cli.main import app

runner = CliRunner()


def match_json(*args: str) -> dict:
    done = runner.invoke(
        app,
        ["gunslingers", "match", "dogfight-2v2", "--games", "2", "--turns", "2", "--json", *args],
    )
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)


def without_times(answer: dict) -> list[dict]:
    return [{k: v for k, v in g.items() if k != "decision_seconds"} for g in answer["results"]]


def test_a_match_of_two_games_answers_its_json_and_is_the_same_for_the_same_seed() -> None:
    first = match_json("--seed", "7")
    assert set(first["summary"]) >= {"wins", "draws", "vp"}
    assert set(first["summary"]["wins"]) == {"Blue", "Red"} == set(first["summary"]["vp"])
    s = first["summary"]
    assert s["wins"]["Blue"] + s["wins"]["Red"] + s["draws"] == 2
    for role in ("Blue", "Red"):
        times = first["decision_seconds"][role]
        assert times["mean"] >= 0 and times["p95"] >= 0 and times["decisions"] > 0
        assert s["vp"][role] == sum(g["points"][role] for g in first["results"]) / 2
    assert [g["index"] for g in first["results"]] == [0, 1]
    for g in first["results"]:
        assert g["winner"] in ("Blue", "Red", None)
        assert g["level"] in ("decisive", "marginal", "draw")
        assert g["turn"] == 2
    again = match_json("--seed", "7", "--workers", "2")
    assert without_times(again) == without_times(first)
    assert again["summary"] == first["summary"]
    other = match_json("--seed", "8")
    assert [g["seed"] for g in other["results"]] != [g["seed"] for g in first["results"]]


def test_a_match_prints_each_game_and_a_summary() -> None:
    done = runner.invoke(
        app, ["gunslingers", "match", "dogfight-2v2", "--games", "2", "--turns", "1"]
    )
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Dogfight 2 v 2: Blue (gunslingers-auto) against Red")
    assert lines[1].startswith("game    1 (seed ") and lines[2].startswith("game    2 (seed ")
    assert any(line.startswith("wins: Blue ") for line in lines)
    assert any(line.startswith("Red decisions: ") for line in lines)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--games", "0"], "0 is not from 1 to 10000"),
        (["--games", "10001"], "10001 is not from 1 to 10000"),
        (["--workers", "0"], "0 is not from 1 to"),
        (["--blue", "nobody"], "--blue 'nobody': no such bot"),
        (["--red", "expert"], "--red 'expert': it does not play Gunslingers"),
        (["--turns", "999"], "999 is not from 0 to"),
    ],
)
def test_bad_match_input_is_one_line_and_exit_code_2(args: list[str], words: str) -> None:
    done = runner.invoke(app, ["gunslingers", "match", "dogfight-2v2", *args])
    assert done.exit_code == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], done.stderr


def test_report_of_a_stored_game(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    played = runner.invoke(
        app,
        [
            "gunslingers",
            "play",
            "dogfight-2v2",
            "--seed",
            "3",
            "--turns",
            "2",
            "--auto",
            "all",
            "--database-url",
            url,
        ],
    )
    assert played.exit_code == 0, played.output
    game_id = played.stdout.split()[3]
    done = runner.invoke(app, ["gunslingers", "report", game_id, "--database-url", url])
    assert done.exit_code == 0, done.output
    text = done.stdout
    for heading in ("Points:", "Kills and losses:", "Missiles fired:", "Points after each turn:"):
        assert heading in text
    assert f"/games/{game_id}/replay" in text
    as_json = runner.invoke(
        app, ["gunslingers", "report", game_id, "--json", "--database-url", url]
    )
    result = json.loads(as_json.stdout)
    assert result["over"] is True and result["turn"] == 2
    assert result["text"].split(":")[0] in text


def test_report_of_a_running_game_is_told_to_one_side(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    played = runner.invoke(
        app,
        [
            "gunslingers",
            "play",
            "dogfight-2v2",
            "--seed",
            "3",
            "--auto",
            "referee",
            "--auto",
            "Red",
            "--database-url",
            url,
        ],
        input="quit\n",
    )
    game_id = played.stdout.split()[3]
    done = runner.invoke(app, ["gunslingers", "report", game_id, "--database-url", url])
    assert done.exit_code == 2 and "still running" in done.stderr
    blue = runner.invoke(
        app, ["gunslingers", "report", game_id, "--seat", "Blue", "--json", "--database-url", url]
    )
    assert blue.exit_code == 0, blue.output
    assert json.loads(blue.stdout)["side"] == "Blue"


def test_a_match_on_a_dask_cluster_plays_the_same_games() -> None:
    from dask.distributed import LocalCluster

    local = match_json("--seed", "7")
    with LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        remote = match_json("--seed", "7", "--scheduler", cluster.scheduler_address)
    assert without_times(remote) == without_times(local)
    assert remote["summary"] == local["summary"]


def test_validate_names_the_line_of_a_victory_problem(tmp_path: Path) -> None:
    from tests.games.gunslingers.test_victory import BAD

    bad = tmp_path / "bad.toml"
    bad.write_text(BAD, encoding="utf-8")
    done = runner.invoke(app, ["gunslingers", "validate", str(bad)])
    assert done.exit_code == 2
    lines = done.stdout.splitlines()
    assert lines[0].startswith("bad.toml: line 20: victory.decisive: 2 is less than marginal")
    assert any(line.startswith("bad.toml: line 24: victory.exits[0].side:") for line in lines)
