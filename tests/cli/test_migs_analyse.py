"""``airwar migs replay ID --analyse`` through typer's CliRunner and as a real process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from airwar.analysis.review import review_record
from airwar.cli.migs import app
from airwar.games.migs_sabres.solver import cache as solver_cache
from airwar.store import Store
from tests.analysis.test_review import CHART, review_cache_home

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def invoke(*args: str) -> Result:
    return runner.invoke(app, list(args))


@pytest.fixture(scope="module")
def cache_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return review_cache_home(tmp_path_factory)


@pytest.fixture
def solved(cache_home: Path) -> Iterator[None]:
    with solver_cache.use(cache_home / "airwar" / "solver"):
        yield


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cli.sqlite'}"


def only_game(db: str) -> str:
    store = Store(db)
    ids = [g.id for g in store.list_games()]
    store.close()
    assert len(ids) == 1
    return ids[0]


def play_engagement(db: str, seed: int = 4) -> str:
    result = invoke(
        "play",
        "--engagement",
        "--active",
        "MiG-15",
        "--listed",
        "F-86",
        "--turn-limit",
        "1",
        "--communist",
        "random",
        "--allied",
        "random",
        "--seed",
        str(seed),
        "--database-url",
        db,
    )
    assert result.exit_code == 0, result.output
    return only_game(db)


def test_an_engagement_analysed_as_a_table_and_as_json(solved: None, db: str) -> None:
    gid = play_engagement(db)
    shown = invoke("replay", gid, "--analyse", "--database-url", db)
    assert shown.exit_code == 0, shown.output
    out = shown.stdout
    assert f"Analysis of game {gid}" in out
    assert "Engagement 1: MiG-15 vs F-86 (Communist active, Allied listed)" in out
    for heading in ("value", "best", "loss", "luck", "swing", "MiG-15 kill %", "F-86 kill %"):
        assert heading in out
    assert "Summary per seat" in out and "blunder (??)" in out
    assert "MiG-15 MP " in out and "start" in out
    as_json = invoke("replay", gid, "--analyse", "--json", "--database-url", db)
    assert as_json.exit_code == 0, as_json.output
    data = json.loads(as_json.stdout)
    store = Store(db)
    want = review_record(store.load(gid).record).to_dict()
    store.close()
    assert data == want
    assert [s["name"] for s in data["seats"]] == ["Communist", "Allied"]
    steps = data["engagements"][0]["steps"]
    assert {s["kind"] for s in steps} == {"decision", "roll"}


def test_marks_follow_the_thresholds_given(solved: None, db: str) -> None:
    gid = play_engagement(db, seed=10)
    loose = json.loads(invoke("replay", gid, "--analyse", "--json", "--database-url", db).stdout)
    strict = json.loads(
        invoke(
            "replay", gid, "--analyse", "--json", "--marks", "0.001,0.002,0.003",
            "--database-url", db,
        ).stdout
    )  # fmt: skip
    losses = [
        s["loss_kills"]
        for s in strict["engagements"][0]["steps"]
        if s["kind"] == "decision" and s["options"] > 1
    ]
    assert sum(strict["seats"][i]["marks"]["blunder"] for i in (0, 1)) == sum(
        1 for x in losses if x >= 0.003 - 1e-6
    )
    assert strict["thresholds"] == {"inaccuracy": 0.001, "mistake": 0.002, "blunder": 0.003}
    assert loose["thresholds"]["blunder"] == 0.15


def test_the_kill_chances_are_plotted(solved: None, db: str, tmp_path: Path) -> None:
    gid = play_engagement(db)
    png = tmp_path / "plots" / "kills.png"
    result = invoke("replay", gid, "--analyse", "--plot", str(png), "--database-url", db)
    assert result.exit_code == 0, result.output
    assert "Kill chances drawn to" in result.stdout
    assert png.read_bytes().startswith(b"\x89PNG") and png.stat().st_size > 5_000


def test_a_whole_game_engagement_by_engagement(solved: None, db: str) -> None:
    """Seven F-86 and seven MiG-15 on the chart: the MiG-15's engagements (solved) get
    values; the F-86's (F-86 v MiG-15, not solved here, --no-solve) are listed without."""
    for seed in range(20):
        result = invoke(
            "play",
            "--communist",
            "heuristic",
            "--allied",
            "random",
            "--sorties",
            "1",
            "--turn-limit",
            "1",
            "--option",
            f"chart={CHART}",
            "--seed",
            str(seed),
            "--database-url",
            db,
        )
        assert result.exit_code == 0, result.output
        gid = Store(db).list_games()[0].id
        data = json.loads(
            invoke("replay", gid, "--analyse", "--no-solve", "--json", "--database-url", db).stdout
        )
        rated = [e for e in data["engagements"] if e["unrated"] is None]
        unrated = [e for e in data["engagements"] if e["unrated"] is not None]
        if rated and unrated:
            break
    else:
        pytest.fail("no game with engagements of both sides in 20 seeds")
    assert all(e["matchup"] == "MiG-15 vs F-86" for e in rated)
    assert all("F-86 vs MiG-15 is not solved yet" in e["unrated"] for e in unrated)
    text = invoke("replay", gid, "--analyse", "--no-solve", "--database-url", db).stdout
    assert "F-86 vs MiG-15, turn limit 1: no values: F-86 vs MiG-15 is not solved yet" in text
    assert "Engagement" in text and "Summary per seat" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no-such-game", "--analyse"], "no-such-game"),
        (["{gid}", "--analyse", "--marks", "0.5,0.1,0.2"], "inaccuracy <= mistake"),
        (["{gid}", "--analyse", "--marks", "x"], "three numbers"),
        (["{gid}", "--plot", "k.png"], "go with --analyse"),
        (["{gid}", "--no-solve"], "go with --analyse"),
        (["{gid}", "--analyse", "--plot", "k.svg"], "ends in .png"),
        (["{gid}", "--analyse", "--upto", "3"], "leave out --upto"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(
    solved: None, db: str, args: list[str], message: str
) -> None:
    gid = play_engagement(db)
    result = invoke("replay", *[a.format(gid=gid) for a in args], "--database-url", db)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert message in lines[0].replace("ending in .png", "ends in .png")
    assert "Traceback" not in result.output


def test_a_game_without_exact_values_is_refused_in_one_line(db: str) -> None:
    """A Bounce Into Action game in the same database is no MiGs and Sabres game."""
    import airwar.games.bia  # noqa: F401  (registers Bounce Into Action)
    from airwar.bots.registry import make_bot
    from airwar.session import Sessions

    sessions = Sessions(Store(db), make_bot)
    live = sessions.create("bia-engagement", {"Red": "ai:random", "Blue": "ai:random"}, seed=1)
    result = invoke("replay", live.id, "--analyse", "--database-url", db)
    assert result.exit_code == 2
    assert "not MiGs and Sabres" in result.stderr and len(result.stderr.splitlines()) == 1


def run_cli(*args: str, cache_home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["XDG_CACHE_HOME"] = str(cache_home)
    env["COLUMNS"] = "160"
    return subprocess.run(
        [sys.executable, "-m", "airwar.cli.main", "migs", "replay", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_real_command(solved: None, cache_home: Path, db: str, tmp_path: Path) -> None:
    gid = play_engagement(db, seed=1)
    done = run_cli(gid, "--analyse", "--database-url", db, cache_home=cache_home)
    assert done.returncode == 0, done.stderr
    assert "Engagement 1: MiG-15 vs F-86" in done.stdout and "Summary per seat" in done.stdout
    missing = run_cli("nope", "--analyse", "--database-url", db, cache_home=tmp_path)
    assert missing.returncode == 2
    assert missing.stderr.count("\n") == 1 and missing.stderr.startswith("error: ")


def test_a_plot_that_cannot_be_written_is_one_line(solved: None, db: str, tmp_path: Path) -> None:
    gid = play_engagement(db)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder\n")
    result = invoke(
        "replay", gid, "--analyse", "--plot", str(blocker / "k.png"), "--database-url", db
    )
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --plot cannot write")


def test_a_missing_matchup_is_solved_first(db: str, tmp_path: Path) -> None:
    """With an empty cache the analysis solves the matchup (a real solve at turn limit 1),
    saying so on standard error, and then has its values; --no-solve would not."""
    gid = play_engagement(db, seed=6)
    with solver_cache.use(tmp_path / "empty-cache"):
        skipped = json.loads(
            invoke("replay", gid, "--analyse", "--no-solve", "--json", "--database-url", db).stdout
        )
        assert "is not solved yet" in skipped["engagements"][0]["unrated"]
        solved = invoke("replay", gid, "--analyse", "--json", "--database-url", db)
        assert solved.exit_code == 0, solved.output
        assert "Solving MiG-15 vs F-86, turn limit 1 for the analysis" in solved.stderr
        data = json.loads(solved.stdout)
        assert data["engagements"][0]["unrated"] is None
        assert data["engagements"][0]["start"] is not None
