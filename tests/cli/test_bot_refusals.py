"""A bot asked to play a game it does not play, at the terminal: one line, exit code 2,
and nothing saved."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from airwar.cli.main import app
from airwar.store import Store

runner = CliRunner()
GS_TITLE = "Gunslingers: Expanded Sequence of Play"


@pytest.mark.parametrize("bot", ["mcts", "expert"])
def test_a_migs_bot_asked_to_play_a_gunslingers_side(tmp_path: Path, bot: str) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite'}"
    done = runner.invoke(
        app,
        ["gunslingers", "play", "dogfight-2v2", "--auto", f"Red={bot}", "--database-url", url],
    )
    assert done.exit_code == 2, done.output
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].endswith(
        f"--auto Red={bot}: the {bot} bot plays MiGs and Sabres games only, not {GS_TITLE} "
        "(bots: random, gunslingers-auto, tactical, tactical:easy, tactical:hard)"
    )
    with Store(url) as store:
        assert store.list_games() == []


@pytest.mark.parametrize("bot", ["mcts", "expert"])
def test_a_migs_bot_asked_to_play_a_gunslingers_match(bot: str) -> None:
    done = runner.invoke(app, ["gunslingers", "match", "dogfight-2v2", "--red", bot])
    assert done.exit_code == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and f"--red {bot!r}: it does not play Gunslingers" in lines[0]
