"""`airwar gunslingers validate | run | play` from the command line."""

from __future__ import annotations

import io
import json
import tomllib
from pathlib import Path
from typing import Any

import click.testing
import typer
from typer.testing import CliRunner

from airwar.cli.gunslingers import AUTO, _make_bot, app
from airwar.cli.gunslingers_terminal import choices_text
from airwar.core import replay
from airwar.games.gunslingers import GunslingersGame, options_for_file
from airwar.games.gunslingers.autoplayer import GunslingersAuto
from airwar.session import AI_PREFIX, Sessions
from airwar.store import Store
from tests.cli.test_migs_play import Typist
from tests.examples import GUNSLINGERS_EXAMPLES
from tests.games.gunslingers.scripted import play
from tests.games.gunslingers.test_rules_movement import BARRAGE_TOML

EXAMPLES = GUNSLINGERS_EXAMPLES
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
    assert res.exit_code == 2
    assert res.output.splitlines() == [
        "strike.toml: aircraft[1] (Viper 2).heading: must be an integer from 0 to 11",
        "strike.toml: aircraft[1] (Viper 2).radar.eccm: must be an integer >= 0",
    ]


def test_validate_unreadable_toml(tmp_path: Path) -> None:
    bad = tmp_path / "broken.toml"
    bad.write_text("[[sides]\n")
    res = runner.invoke(app, ["validate", str(bad)])
    assert res.exit_code == 2
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
    script = "?\npadlock Ford-1 nobody\nauto\nauto\nauto\nquit\n"
    res = runner.invoke(
        app,
        ["play", DOGFIGHT, "--seed", "3", "--turns", "1", "--database-url", url,
         "--auto", "Red", "--auto", "referee"],
        input=script,
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    assert "saved as game" in res.output
    assert "refused:" in res.output
    assert "searcher Ford-1 yes" in res.output  # the '?' listing
    game_id = res.output.split("saved as game ")[1].split()[0]
    stored = Store(url).load(game_id)
    assert len(stored.record.actions) >= 3
    done = runner.invoke(app, ["play", "--resume", game_id, "--database-url", url, "--auto", "all"])
    assert done.exit_code == 0, done.output
    assert "the game is over" in done.output
    final = Store(url).load(game_id)
    assert final.status == "finished"


# -- through the play session ------------------------------------------------------------

typing_runner = click.testing.CliRunner()  # takes a stream as standard input
command = typer.main.get_command(app)


def gunslingers_play(url: str, *args: str, stdin: Any = None) -> click.testing.Result:
    return typing_runner.invoke(command, ["play", *args, "--database-url", url], input=stdin)


def only_game(url: str) -> str:
    with Store(url) as s:
        ids = [g.id for g in s.list_games()]
    assert len(ids) == 1
    return ids[0]


def test_the_automatic_player_plays_the_same_game_as_through_the_session(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'auto.sqlite'}"
    res = gunslingers_play(url, DOGFIGHT, "--seed", "4", "--turns", "1", "--auto", "all")
    assert res.exit_code == 0, res.output
    assert "to roll:" in res.output and "the game is over" in res.output
    with Store(url) as s:
        saved = s.load(only_game(url))
    auto = f"{AI_PREFIX}{AUTO}"
    assert set(saved.seats.values()) == {auto} and saved.status == "finished"
    game = GunslingersGame(options_for_file(DOGFIGHT, 1))
    with Store("sqlite://") as memory:
        direct = Sessions(memory, make_bot=_make_bot).create(
            game, dict.fromkeys(saved.seats, auto), seed=4, bots=[AUTO]
        )
    assert direct.finished
    assert saved.record.actions == direct.driver.record.actions
    assert saved.record.log_digest == direct.driver.log_digest
    assert replay(saved.record).state.is_terminal()


def test_a_seed_for_several_people_and_undo_are_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'refused.sqlite'}"
    seeded = gunslingers_play(url, DOGFIGHT, "--seed", "3", "--auto", "referee")
    assert seeded.exit_code == 2, seeded.output
    assert seeded.stderr.startswith("error: a game between two people takes no seed")
    assert seeded.stderr.count("\n") == 1
    res = gunslingers_play(
        url, DOGFIGHT, "--seed", "3", "--turns", "1", "--auto", "Red", "--auto", "referee",
        stdin="auto\nundo\nquit\n",
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    assert "refused: in Gunslingers: Expanded Sequence of Play only the referee takes" in res.output


def test_a_browser_decision_at_the_same_index_ends_the_terminal_session(tmp_path: Path) -> None:
    """The terminal waits for Blue; another writer saves Blue's decision first; the
    terminal's answer is refused, kept nowhere, and the command exits 2 in one line."""
    url = f"sqlite:///{tmp_path / 'race.sqlite'}"
    asked = 0
    theirs: list[tuple[int, str]] = []

    def next_line() -> str | None:
        nonlocal asked
        asked += 1
        if asked == 1:
            return "auto"
        if asked == 2:
            with Store(url) as s:
                other = Sessions(s, make_bot=_make_bot)
                live = other.get(only_game(url), fresh=True)
                before = live.decisions
                actor = live.state.current_actor()
                other.act(live, actor, [str(GunslingersAuto().choose(live.state, actor))])
                theirs.extend(live.driver.record.actions[before:])
            return "auto"
        return "quit"

    res = gunslingers_play(
        url, DOGFIGHT, "--seed", "3", "--turns", "1", "--auto", "Red", "--auto", "referee",
        stdin=io.BufferedReader(Typist(next_line)),
    )  # fmt: skip
    gid = only_game(url)
    assert res.exit_code == 2, res.output
    assert res.stderr.count("\n") == 1
    assert res.stderr.startswith(f"error: game {gid} changed elsewhere: ")
    assert res.stderr.strip().endswith(f"; resume with airwar gunslingers play --resume {gid}")
    with Store(url) as s:
        stored = s.load(gid).record
    assert stored.actions[-len(theirs) :] == theirs
    assert replay(stored).record.actions == stored.actions


def test_at_a_move_the_prompt_gives_the_path_form_and_the_path_straight_ahead() -> None:
    """'?' at a move: the hex form (the default route) and the path form, with the path
    straight ahead at full speed as the example (GS-82)."""

    def hog_moves(state: Any) -> bool:
        ask = state.pending_ask()
        return ask is not None and ask.verb == "move" and ask.subject == "Hog"

    state = play(tomllib.loads(BARRAGE_TOML), until=hog_moves).state
    text = choices_text(state)
    assert "write: move Hog HEX hHEADING aALTITUDE" in text
    assert "move Hog 0,-1>0,0>0,1>0,2 h6 a4 (GS-82)" in text


def test_a_side_may_be_given_the_tactical_ai(tmp_path: Path) -> None:
    """``--auto SIDE=BOT``: the tactical AI plays a side at the terminal (GS-92)."""
    url = f"sqlite:///{tmp_path / 'tactical.sqlite'}"
    res = gunslingers_play(
        url, DOGFIGHT, "--seed", "5", "--turns", "1",
        "--auto", "Blue=tactical", "--auto", "Red=tactical:hard", "--auto", "referee",
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    with Store(url) as s:
        saved = s.load(only_game(url))
    assert saved.seats["Blue"] == f"{AI_PREFIX}tactical" and saved.status == "finished"
    assert saved.seats["Red"] == f"{AI_PREFIX}tactical:hard"
    assert any(" # " in text for _, text in saved.record.actions)
    bad = gunslingers_play(url, DOGFIGHT, "--auto", "Red=genius")
    assert bad.exit_code == 2 and "no such bot 'genius'" in bad.output
