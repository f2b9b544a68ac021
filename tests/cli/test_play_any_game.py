"""``airwar play GAME``: any registered game plays at the terminal, through the one loop
and the generic renderer when the game has none of its own: here the kernel's toy game
(tests/core/toy_game.py), which knows nothing of the terminal. Every decision is saved,
a game between bots plays to its end without input, a saved game resumes, and a bad
command line is one line and exit code 2."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tests.core.toy_game  # noqa: F401  (registers the toy game)
from airwar.cli.main import app
from airwar.cli.migs_play import MigsRenderer
from airwar.cli.playing import Renderer, renderer_for
from airwar.core.driver import replay
from airwar.core.registry import game_names, load_game
from airwar.games import load_all
from airwar.store import Store

SAVED = re.compile(r"^saved as game (\S+)", re.MULTILINE)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'play.sqlite'}"


def play(*args: str, stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, ["play", *args], input=stdin)
    return result.exit_code, result.output


def test_a_game_between_bots_plays_to_its_end_without_input(db: str) -> None:
    code, out = play(
        *("toy", "--seat", "Red=ai:random", "--seat", "blue=random", "--seed", "5"),
        *("--database-url", db),
    )
    assert code == 0, out
    game_id = SAVED.findall(out)[-1]
    assert SAVED.findall(out) == [game_id, game_id]  # when it is made, and at the end
    assert re.search(r"^the game is over: Toy race has ended: Red -?1, Blue -?1$", out, re.M)
    assert re.search(r"^Red \(random\) plays add[12]$", out, re.MULTILINE)
    # each roll is told with its odds before it is made, its event after
    assert "    to roll: Bonus (TOY-1)" in out
    assert re.search(r"^add: seat=\d, n=[12], total=\d+$", out, re.MULTILINE)
    stored = Store(db).load(game_id)
    assert stored.status == "finished"
    again = replay(stored.record)
    assert again.state.is_terminal() and again.log_digest == stored.record.log_digest


def test_a_person_types_decisions_and_commands(db: str) -> None:
    lines = ["help", "?", "save", "add3", *["add2"] * 10]
    code, out = play(
        "toy", "--seat", "Blue=ai:random", "--seed", "2", "--database-url", db,
        stdin="".join(f"{line}\n" for line in lines),
    )  # fmt: skip
    assert code == 0, out
    assert "Type one of the legal actions" in out  # help
    assert "Red may: add1, add2" in out  # the legal actions
    assert "refused: " in out  # add3 is no action of the game, and play goes on
    game_id = SAVED.findall(out)[-1]
    assert (
        f"saved: every decision is saved as it is made; resume with: airwar play --resume {game_id}"
        in out
    )
    mine = [text for seat, text in Store(db).load(game_id).record.actions if seat == 0]
    assert mine and set(mine) == {"add2"}


def test_a_stopped_game_resumes_with_a_seat_handed_to_a_bot(db: str) -> None:
    code, out = play(
        "toy", "--seat", "Blue=ai:random", "--seed", "9", "--database-url", db,
        stdin="add1\nquit\n",
    )  # fmt: skip
    assert code == 0, out
    game_id = SAVED.findall(out)[0]
    assert f"resume with: airwar play --resume {game_id}" in out
    assert Store(db).load(game_id).status == "running"
    code, out = play(
        "--resume", game_id, "--seat", "Red=ai:random", "--database-url", db,
    )  # fmt: skip
    assert code == 0, out
    assert f"resumed game {game_id} at decision" in out
    stored = Store(db).load(game_id)
    assert stored.status == "finished" and stored.record.actions[0] == (0, "add1")
    assert stored.seats == {"Red": "ai:random", "Blue": "ai:random"}


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ((), "give a game"),
        (("chess",), "unknown game 'chess'"),
        (("toy", "-o", "speed=3"), "unknown option 'speed'"),
        (("toy", "-o", "goal=1000"), "goal"),
        (("toy", "--seat", "Green=human"), "no such seat"),
        (("toy", "--seat", "Red=ai:nobody"), "'ai:nobody' is not one of"),
        (("toy", "--seat", "Red"), "is not written as SEAT=human"),
        (("toy", "--resume", "abc"), "cannot be used with --resume"),
        (("--resume", "nosuchgame"), "nosuchgame"),
    ],
)
def test_a_bad_command_line_is_one_line_and_exit_code_2(
    db: str, args: tuple[str, ...], says: str
) -> None:
    code, out = play(*args, "--database-url", db)
    assert code == 2, out
    lines = out.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and says in lines[0], out


def test_each_game_is_drawn_by_the_renderer_it_names() -> None:
    load_all()
    for name in game_names():
        game = load_game(name)
        renderer = renderer_for(game)
        assert isinstance(renderer, Renderer)
        if game.game_type.terminal is None:
            assert type(renderer) is Renderer  # the generic one
        else:
            assert type(renderer).__name__ == game.game_type.terminal.rpartition(":")[2]
    assert type(renderer_for(load_game("migs-engagement"))) is MigsRenderer
    assert type(renderer_for(load_game("toy"))) is Renderer
