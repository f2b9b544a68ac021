"""``airwar verify RECORD``: a finished game's record replays and its seed opens its commitment.

The records are made as the browser app hands them out: a game between two
people played through the play session, its record taken once it is over
(:meth:`PlaySession.record_for`). Then they are tampered with as a cheat
would: another seed, another salt, another decision, a running game's record.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from airwar.bots.random_bot import RandomBot
from airwar.bots.registry import make_bot
from airwar.cli.main import app
from airwar.session import PlaySession, Sessions
from airwar.store import Store
from tests.examples import BIA_EXAMPLES

runner = CliRunner()


@pytest.fixture
def sessions() -> Iterator[Sessions]:
    with Store("sqlite://") as store:
        yield Sessions(store, make_bot)


def two_people(sessions: Sessions, *, to_the_end: bool = True) -> PlaySession:
    """A game between two people (its seed secret), played with legal moves."""
    live = sessions.create(
        "migs-engagement",
        {"Communist": "human", "Allied": "human"},
        options={"turn_limit": 2},
    )
    while not live.finished:
        if not to_the_end and live.decisions >= 4:
            break
        actor = live.state.current_actor()
        move = RandomBot(f"person:{live.decisions}").choose(live.state, actor)
        sessions.act(live, actor, [str(move)])
    return live


def verify(tmp_path: Path, record: Any, name: str = "record.json") -> Result:
    path = tmp_path / name
    path.write_text(json.dumps(record) if not isinstance(record, str) else record)
    return runner.invoke(app, ["verify", str(path)])


def one_error_line(result: Result) -> str:
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    return result.stderr.strip()


def test_a_finished_game_between_two_people_verifies(sessions: Sessions, tmp_path: Path) -> None:
    live = two_people(sessions)
    record = live.record_for(None)
    assert record["fairness"]["salt"] and record["seed"] == live.driver.seed
    result = verify(tmp_path, record)
    assert result.exit_code == 0, result.output
    decisions = len(record["actions"])
    assert f"replays: {decisions} decisions and {live.driver.draws} rolls reproduce" in (
        result.stdout
    )
    assert f"the seed opens the commitment {record['fairness']['commitment'][:16]}" in (
        result.stdout
    )
    assert result.stdout.rstrip().endswith("record.json: verified")


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (lambda r: r["fairness"].update(salt="00" * 16), "does not open the commitment"),
        (lambda r: r["fairness"].update(commitment="ab" * 32), "does not open the commitment"),
        (lambda r: r.update(seed=f"{r['seed']}0"), "record"),
        (lambda r: r["actions"].pop(), "record"),
        (lambda r: r["fairness"].pop("salt"), "fairness.salt: Field required"),
    ],
)
def test_a_tampered_record_fails_in_one_line(
    sessions: Sessions, tmp_path: Path, tamper: Any, message: str
) -> None:
    record = two_people(sessions).record_for(None)
    tamper(record)
    line = one_error_line(verify(tmp_path, record))
    assert line.startswith("error: record.json: ") and message in line


def test_another_seed_that_happens_to_replay_is_caught_by_the_commitment(
    sessions: Sessions, tmp_path: Path
) -> None:
    """A cheat who swaps in a seed that replays the same decisions still needs the
    commitment published at the start: a record of another seed, re-digested, fails."""
    live = two_people(sessions)
    record = live.record_for(None)
    other = sessions.create(
        "migs-engagement",
        {"Communist": "human", "Allied": "ai:random"},
        options={"turn_limit": 2},
        seed="chosen-by-the-cheat",
        run_bots=False,
    )
    forged = {**other.driver.finished_record().to_dict(), "fairness": record["fairness"]}
    line = one_error_line(verify(tmp_path, forged))
    assert "record.json: " in line


def test_a_running_game_cannot_be_verified(sessions: Sessions, tmp_path: Path) -> None:
    live = two_people(sessions, to_the_end=False)
    assert not live.finished
    seat_copy = live.record_for("Communist")
    line = one_error_line(verify(tmp_path, seat_copy))
    assert "running game's record" in line
    whole = {**live.driver.finished_record().to_dict(), "fairness": live.fairness(reveal=True)}
    line = one_error_line(verify(tmp_path, whole))
    assert "has not ended" in line


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"format": "something else"}', "not an airwar game record"),
    ],
)
def test_what_is_not_a_record_is_one_line(tmp_path: Path, content: str, message: str) -> None:
    assert message in one_error_line(verify(tmp_path, content))


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["verify", str(tmp_path / "nowhere.json")])
    assert "nowhere.json: cannot read the record" in one_error_line(result)


def test_an_engagement_record_without_a_commitment_is_not_verifiable(tmp_path: Path) -> None:
    """A Bounce Into Action engagement's record (its seed chosen openly) replays, but
    nothing shows its seed was fixed before the first roll: not verifiable, exit 2."""
    shown = runner.invoke(
        app, ["bia", "engagement", str(BIA_EXAMPLES / "ford-crossing.toml"), "--json"]
    )
    assert shown.exit_code == 0, shown.output
    line = one_error_line(verify(tmp_path, json.loads(shown.stdout)["record"]))
    assert "not verifiable: no commitment" in line
