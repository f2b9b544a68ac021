"""``airwar verify`` against forged records, as a cheat would make them (issue 26, item 2).

Every forgery must fail with one line and exit code 2: keys renamed or deleted,
values of the wrong type, a missing commitment, a number too long to read, and
every single-byte change of a whole record that changes what it says.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from airwar.bots.random_bot import RandomBot
from airwar.bots.registry import make_bot
from airwar.cli.main import app
from airwar.core.errors import RecordError
from airwar.games import load_all
from airwar.session import Sessions
from airwar.session.verifying import load_record_text, verify_record
from airwar.store import Store

runner = CliRunner()


@pytest.fixture(scope="module")
def record() -> Iterator[dict[str, Any]]:
    """A small finished game between two people, its record as the app hands it out."""
    with Store("sqlite://") as store:
        sessions = Sessions(store, make_bot)
        live = sessions.create(
            "migs-engagement",
            {"Communist": "human", "Allied": "human"},
            options={"turn_limit": 1, "first": "active"},
        )
        while not live.finished:
            actor = live.state.current_actor()
            move = RandomBot(f"person:{live.decisions}").choose(live.state, actor)
            sessions.act(live, actor, [str(move)])
        yield live.record_for(None)


def run(tmp_path: Path, content: str, *extra: str) -> Result:
    path = tmp_path / "record.json"
    path.write_text(content)
    return runner.invoke(app, ["verify", str(path), *extra])


def refused(result: Result) -> str:
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: record.json: ") and result.stderr.count("\n") == 1
    assert "Traceback" not in result.output
    return result.stderr.strip()


def renamed(key: str, new: str) -> Callable[[dict[str, Any]], Any]:
    def change(r: dict[str, Any]) -> None:
        r[new] = r.pop(key)

    return change


FORGERIES: list[tuple[str, Callable[[dict[str, Any]], Any], str]] = [
    ("fairness renamed", renamed("fairness", "fairnesz"), "fairnesz"),
    ("log_digest renamed", renamed("log_digest", "log_digesu"), "log_digest"),
    ("fairness deleted", lambda r: r.pop("fairness"), "not verifiable: no commitment"),
    ("fairness emptied", lambda r: r.update(fairness={}), "not verifiable: no commitment"),
    ("fairness null", lambda r: r.update(fairness=None), "not verifiable: no commitment"),
    ("log_digest null", lambda r: r.update(log_digest=None), "log_digest"),
    ("fairness a list", lambda r: r.update(fairness=[1, 2]), "fairness"),
    ("version true", lambda r: r.update(version=True), "record version true"),
    ("version text", lambda r: r.update(version="1"), "record version"),
    ("seat true", lambda r: r["actions"][0].__setitem__(0, True), "actions.0.0"),
    ("option true", lambda r: r["options"].update(turn_limit=True), "turn_limit"),
    ("option text", lambda r: r["options"].update(turn_limit="1"), "options"),
    ("unknown key", lambda r: r.update(comment="fine"), "comment"),
    (
        "commitment upper case",
        lambda r: r["fairness"].update(commitment=r["fairness"]["commitment"].upper()),
        "fairness.commitment",
    ),
    (
        "decision in other words",
        lambda r: r["actions"][0].__setitem__(
            1,
            r["actions"][0][1].lower()
            if r["actions"][0][1] != r["actions"][0][1].lower()
            else " " + r["actions"][0][1],
        ),
        "decision 1",
    ),
]


@pytest.mark.parametrize(("name", "forge", "message"), FORGERIES, ids=[f[0] for f in FORGERIES])
def test_a_forged_record_is_refused_in_one_line(
    record: dict[str, Any], tmp_path: Path, name: str, forge: Any, message: str
) -> None:
    forged = json.loads(json.dumps(record))
    forge(forged)
    line = refused(run(tmp_path, json.dumps(forged)))
    assert message in line, (name, line)


def test_the_record_itself_verifies_and_its_commitment_is_printed_whole(
    record: dict[str, Any], tmp_path: Path
) -> None:
    published = record["fairness"]["commitment"]
    result = run(tmp_path, json.dumps(record))
    assert result.exit_code == 0, result.output
    assert published in result.stdout and result.stdout.rstrip().endswith("verified")
    seen = run(tmp_path, json.dumps(record), "--commitment", published.upper())
    assert seen.exit_code == 0 and "the one you were shown at the start" in seen.stdout
    other = run(tmp_path, json.dumps(record), "--commitment", "ab" * 32)
    assert "is not the one you were shown at the start" in refused(other)
    bad = run(tmp_path, json.dumps(record), "--commitment", "xyz")
    assert bad.exit_code == 2 and "64 hex digits" in bad.output


@pytest.mark.parametrize("digits", [65, 5000, 100_000])
def test_a_seed_of_thousands_of_digits_is_a_clear_error(
    record: dict[str, Any], tmp_path: Path, digits: int
) -> None:
    text = json.dumps({**record, "seed": 0}).replace('"seed": 0', '"seed": ' + "7" * digits)
    line = refused(run(tmp_path, text))
    assert f"a number of {digits} digits" in line


@pytest.mark.parametrize("bad", ["NaN", "Infinity", "1.0", "1e3"])
def test_numbers_a_record_never_holds_are_refused(
    record: dict[str, Any], tmp_path: Path, bad: str
) -> None:
    text = json.dumps({**record, "version": 0}).replace('"version": 0', '"version": ' + bad)
    refused(run(tmp_path, text))


def verifies(text: str) -> bool:
    try:
        verify_record(load_record_text(text))
    except RecordError:
        return False
    return True


def meaning(text: str) -> str | None:
    """What a record's text says (sorted-key JSON, so 1 and true differ), None if not JSON."""
    try:
        return json.dumps(json.loads(text), sort_keys=True)
    except ValueError:
        return None


FLIP_SECONDS = 8.0
"""The flip test's time budget: every byte when it fits, else a random sample of them."""


def test_no_single_byte_change_still_verifies_unless_it_means_nothing(
    record: dict[str, Any],
) -> None:
    """Each byte of a whole record replaced by a few others (a neighbour, a digit, a quote,
    a space): the only changes that still verify are those after which the JSON says the
    same (whitespace)."""
    load_all()
    text = json.dumps(record, indent=1)
    assert verifies(text)
    same = meaning(text)
    positions = list(range(len(text)))
    random.Random(26).shuffle(positions)
    deadline = time.monotonic() + FLIP_SECONDS
    tried = passed = 0
    for pos in positions:
        if time.monotonic() > deadline:
            break
        byte = text[pos]
        for new in {chr(ord(byte) ^ 1), chr(ord(byte) ^ 32), "0", '"', " ", "\n"} - {byte}:
            changed = text[:pos] + new + text[pos + 1 :]
            tried += 1
            if verifies(changed):
                passed += 1
                assert meaning(changed) == same, (pos, repr(byte), repr(new))
    assert tried > 200
    print(f"{tried} single-byte changes of {len(text)} bytes; {passed} void ones verified")
