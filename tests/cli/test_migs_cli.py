"""``airwar migs play|games|replay|simulate`` through typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text
from typer.testing import CliRunner, Result

from airwar.bots.registry import make_bot
from airwar.cli.migs import app
from airwar.core import GameRecord, replay
from airwar.session import Sessions
from airwar.store import Store
from tests.cli.test_migs_play import reference_game

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cli.sqlite'}"


def invoke(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin)


def only_game(db: str) -> str:
    store = Store(db)
    ids = [g.id for g in store.list_games()]
    store.close()
    assert len(ids) == 1
    return ids[0]


def test_bots_play_a_whole_game_then_list_and_replay_it(db: str) -> None:
    result = invoke(
        "play",
        "--communist",
        "heuristic",
        "--allied",
        "random",
        "--sorties",
        "1",
        "--scoring",
        "base-value",
        "--pilots",
        "--turn-limit",
        "5",
        "--seed",
        "77",
        "--database-url",
        db,
    )
    assert result.exit_code == 0, result.output
    assert "GAME OVER" in result.stdout
    gid = only_game(db)
    ref, _ = reference_game(
        "migs-sabres",
        {"sorties": 1, "scoring": "base-value", "pilots": True, "turn_limit": 5},
        77,
        {0: "ai:heuristic", 1: "ai:random"},
    )
    store = Store(db)
    saved = store.load(gid)
    assert saved.record.actions == ref.record.actions and saved.status == "finished"
    assert saved.seats == {"Communist": "ai:heuristic", "Allied": "ai:random"}

    listing = invoke("games", "--database-url", db)
    assert listing.exit_code == 0
    assert gid in listing.stdout and "finished" in listing.stdout
    rows = json.loads(invoke("games", "--json", "--database-url", db).stdout)
    assert rows[0]["id"] == gid and rows[0]["seats"]["Allied"] == "ai:random"
    assert rows[0]["summary"]["scores"] == ref.state.view(None)["scores"]

    told = invoke("replay", gid, "--database-url", db)
    assert told.exit_code == 0
    assert "Sortie Chart" in told.stdout and "GAME OVER" in told.stdout
    assert "rolled" in told.stdout and "chance" in told.stdout
    raw = invoke("replay", gid, "--json", "--database-url", db)
    events = [json.loads(line) for line in raw.stdout.splitlines()]
    assert events == ref.events


def test_replay_steps_back_without_revealing_later_rolls(db: str) -> None:
    invoke(
        "play",
        "--engagement",
        "--communist",
        "random",
        "--allied",
        "random",
        "--seed",
        "4",
        "--database-url",
        db,
    )
    gid = only_game(db)
    store = Store(db)
    record = store.load(gid).record
    n = len(record.actions) // 2
    part = invoke("replay", gid, "--upto", str(n), "--json", "--database-url", db)
    events = [json.loads(line) for line in part.stdout.splitlines()]
    assert events == replay(record, upto=n).events
    whole = replay(record).events
    assert events == whole[: len(events)] and len(events) < len(whole)
    shown = invoke("replay", gid, "--upto", str(n), "--boards", "--database-url", db)
    assert "game in progress" in shown.stdout and "facing" in shown.stdout
    bad = invoke("replay", gid, "--upto", "100000", "--database-url", db)
    assert bad.exit_code == 2 and "--upto must be between 0 and" in bad.stderr


def test_human_at_the_prompt_through_the_command(db: str) -> None:
    seats = {0: "human", 1: "ai:heuristic"}
    options = {"turn_limit": 3}
    ref, typed = reference_game("migs-engagement", options, 9, seats)
    script = "\n".join(["Q1", *(t for _, t in typed)]) + "\n"
    result = invoke(
        "play",
        "--engagement",
        "--turn-limit",
        "3",
        "--seed",
        "9",
        "--communist",
        "human",
        "--allied",
        "heuristic",
        "--database-url",
        db,
        stdin=script,
    )
    assert result.exit_code == 0, result.output
    assert "error: 'Q1' is not a MiGs and Sabres action" in result.stdout
    assert "Allied (heuristic) plays" in result.stdout
    store = Store(db)
    assert store.load(only_game(db)).record.actions == ref.record.actions


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--sorties", "0"], "option sorties: 0 is below the minimum 1"),
        (["play", "--scoring", "points"], "option scoring: 'points' is not one of"),
        (["play", "--option", "nosuch=1"], "unknown option 'nosuch'"),
        (["play", "--option", "sorties"], "is not written as name=value"),
        (["play", "--option", "sorties=2", "--sorties", "3"], "given twice"),
        (["play", "--engagement", "--active", "MiG-15", "--listed", "Yak-9"], "between the two"),
        (["play", "--chart", "MiG-15,F-86"], "option chart: a Sortie Chart has 22 squares"),
        (["play", "--communist", "alien"], "--communist 'alien' is neither human nor a bot"),
        (["play", "--resume", "feedbeef"], "no saved game has the id 'feedbeef'"),
        (["replay", "feedbeef"], "nothing is saved there"),
        (["simulate", "--bots", "random"], "must name two bots"),
        (["simulate", "--bots", "random,alien"], "--bots (Allied) 'alien' is neither human nor a"),
        (["simulate", "--bots", "gunslingers-auto,random"], "(Communist) 'gunslingers-auto' is"),
        (["play", "--allied", "gunslingers-auto"], "--allied 'gunslingers-auto' is neither"),
        (["simulate", "--bots", "random,human"], "a human cannot play a simulation"),
        (["simulate", "--games", "0"], "--games must be at least 1"),
    ],
)
def test_command_line_errors_are_one_line_with_exit_code_2(
    db: str, args: list[str], message: str
) -> None:
    result = invoke(*args, "--database-url", db) if args[0] != "simulate" else invoke(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1


def test_resume_refuses_new_options_and_finished_games_are_not_replayed_into(db: str) -> None:
    invoke(
        "play",
        "--engagement",
        "--communist",
        "random",
        "--allied",
        "random",
        "--seed",
        "2",
        "--database-url",
        db,
    )
    gid = only_game(db)
    clash = invoke("play", "--resume", gid, "--sorties", "2", "--seed", "3", "--database-url", db)
    assert clash.exit_code == 2
    assert "--sorties, --seed cannot be used with --resume" in clash.stderr
    over = invoke("play", "--resume", gid, "--database-url", db)
    assert over.exit_code == 0 and f"Game {gid} is over" in over.stdout


def test_corrupt_and_foreign_saves_are_named_and_kept(db: str) -> None:
    store = Store(db)
    foreign = store.create_game(GameRecord("toy", {}, 1), title="not ours", seats={})
    broken = store.create_game(GameRecord("migs-engagement", {}, 1), title="b", seats={})
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE games SET options_json = '{oops' WHERE id = :g"), {"g": broken})
    result = invoke("replay", foreign, "--database-url", db)
    assert result.exit_code == 2
    assert f"saved game {foreign} is a toy game, not MiGs and Sabres" in result.stderr
    for command in (["replay", broken], ["play", "--resume", broken]):
        result = invoke(*command, "--database-url", db)
        assert result.exit_code == 2
        assert f"saved game {broken}: its options are corrupt" in result.stderr
    listing = invoke("games", "--database-url", db)
    assert broken in listing.stdout and "corrupt" in listing.stdout
    assert {g.id for g in store.list_games()} == {foreign, broken}


def test_a_record_that_does_not_replay_is_refused(db: str) -> None:
    store = Store(db)
    gid = store.create_game(
        GameRecord("migs-engagement", {}, 1, [(0, "fire")]), title="x", seats={}
    )
    result = invoke("play", "--resume", gid, "--database-url", db)
    assert result.exit_code == 2 and "record does not replay: decision 1" in result.stderr


def test_simulate_json_summary_is_reproducible() -> None:
    args = (
        "simulate",
        "--games",
        "6",
        "--seed",
        "5",
        "--bots",
        "random,heuristic",
        "--engagement",
        "--option",
        "turn_limit=6",
        "--json",
    )
    first = invoke(*args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    assert set(data) == {
        "game",
        "options",
        "seed",
        "bots",
        "games",
        "wins",
        "draws",
        "kills",
        "kills_by_type",
        "mean_engagements",
        "mean_turns",
        "mean_score",
        "mean_decisions",
    }
    assert data["games"] == 6 and data["bots"] == {"communist": "random", "allied": "heuristic"}
    assert data["wins"]["communist"] + data["wins"]["allied"] + data["draws"] == 6
    assert sum(data["kills"].values()) == sum(data["kills_by_type"].values())
    assert data["mean_engagements"] == 1.0 and 0 < data["mean_turns"] <= 6
    assert data["options"]["turn_limit"] == 6
    assert invoke(*args).stdout == first.stdout


def test_simulate_whole_games_table() -> None:
    result = invoke(
        "simulate",
        "--games",
        "2",
        "--seed",
        "1",
        "--option",
        "sorties=1",
        "--option",
        "turn_limit=4",
    )
    assert result.exit_code == 0, result.output
    assert "2 games of migs-sabres" in result.stdout and "mean engagements" in result.stdout


def test_a_game_saved_by_another_interface_lists_and_resumes(db: str) -> None:
    """A browser game (seats 'remote' and 'ai:NAME') lists with its saved score and
    resumes at the terminal, which plays the seat at the prompt and leaves it as it was."""
    ref, typed = reference_game(
        "migs-engagement", {"turn_limit": 3}, 6, {0: "human", 1: "ai:random"}
    )
    store = Store(db)
    browser = Sessions(store, make_bot)
    seats = {"Communist": "remote", "Allied": "ai:random"}
    live = browser.create(
        "migs-engagement", seats, options={"turn_limit": 3}, seed=6, title="from the browser"
    )
    listing = runner.invoke(app, ["games", "--database-url", db], env={"COLUMNS": "200"})
    row = next(line for line in listing.stdout.splitlines() if live.id in line)
    assert "remote v ai:random" in row and " 0-0 " in row and "running" in row
    script = "".join(f"{t}\n" for _, t in typed)
    result = invoke("play", "--resume", live.id, "--database-url", db, stdin=script)
    assert result.exit_code == 0, result.output
    assert store.load(live.id).record.actions == ref.record.actions
    assert store.load(live.id).seats == seats
