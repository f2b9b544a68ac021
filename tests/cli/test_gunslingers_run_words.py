"""`airwar gunslingers run`: words, or JSON lines with --json; never a Python dict."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from airwar.cli.gunslingers import app

runner = CliRunner()

REPR = re.compile(r"[A-Za-z_]=\S|[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b|'[A-Za-z_]+': ")
"""What a Python repr looks like in a line of words."""


@pytest.mark.parametrize("example", ["dogfight-2v2", "strike-sam-belt"])
def test_run_prints_words_to_the_end(example: str) -> None:
    res = runner.invoke(app, ["run", example, "--turns", "2", "--seed", "7"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[-1].startswith("Game over after turn 2: kills ")
    assert re.fullmatch(r"Game over after turn 2: kills \w+ \d+, \w+ \d+", lines[-1])
    for line in lines:
        assert not REPR.search(line), line
    summaries = [line for line in lines if line.startswith("  SUMMARY of turn ")]
    assert [s.split(":")[0] for s in summaries] == ["  SUMMARY of turn 1", "  SUMMARY of turn 2"]


def test_run_json_every_line_is_a_json_object_and_the_turns_are_summarised() -> None:
    res = runner.invoke(app, ["run", "strike-sam-belt", "--turns", "2", "--seed", "7", "--json"])
    assert res.exit_code == 0, res.output
    events = [json.loads(line) for line in res.output.splitlines()]
    assert all(isinstance(e, dict) and "type" in e for e in events)
    assert events[-1]["type"] == "end" and set(events[-1]["kills"]) == {"Blue", "Red"}
    summaries = [e for e in events if e["type"] == "turn_summary"]
    assert [s["turn"] for s in summaries] == [1, 2]
    assert all(s["side"] is None and s["rule"] == "GS-57" for s in summaries)
