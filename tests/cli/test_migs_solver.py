"""The terminal game shows the solver's values when the matchup's solution is cached.

A real solve of a reduced configuration (turn limit 1, a few seconds) goes
into a temporary cache folder; the sessions read it from there.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from airwar.bots.registry import make_bot
from airwar.cli.migs import app
from airwar.cli.migs_play import migs_loop
from airwar.cli.play_loop import PlayLoop
from airwar.cli.render_migs import value_text
from airwar.core import load_game
from airwar.games.migs_sabres import Facing, Square
from airwar.games.migs_sabres.solver import engagement_values
from airwar.games.migs_sabres.terms import Phase
from airwar.session import HUMAN, Sessions
from airwar.store import Store
from tests.cli.test_migs_play import Script

OPTIONS = {"active": "Yak-9", "listed": "F-51", "turn_limit": 1, "first": "active"}
SEATS = {"Communist": HUMAN, "Allied": HUMAN}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'play.sqlite'}")
    yield s
    s.close()


def close_session(
    store: Store, lines: list[str], *, solver: bool = True
) -> tuple[PlayLoop, Console]:
    """A session whose planes are placed close enough to shoot in their one movement turn."""
    sessions = Sessions(store, make_bot)
    live = sessions.create(
        "migs-engagement", SEATS, options=OPTIONS, run_bots=False, stop_at_rolls=True
    )
    driver = live.driver
    e = driver.state.engagement
    for plane, (sq, f) in zip(e.planes, (("e5", "N"), ("e8", "S")), strict=True):
        plane.square, plane.facing = Square.parse(sq), Facing.parse(f)
        plane.turns = 1
    e.mover = 0
    e.phase = Phase.MP
    e._legal = None
    console = Console(record=True, width=140, file=io.StringIO())
    session = migs_loop(sessions, live, console, input_fn=Script(lines), solver=solver)
    return session, console


@pytest.mark.usefixtures("cached")
def test_moves_and_the_values_command_show_the_cached_values(store: Store) -> None:
    session, console = close_session(store, ["values", "quit"])
    session.run()
    text = console.export_text()
    info = engagement_values(session.live.state)
    assert info is not None and info["to_move"] == "active" and info["moves"]
    assert "from the Yak-9's (Communist) side" in text
    assert "assuming optimal play by both planes" in text
    assert f"engagement value {value_text(info['value'])} expected kills" in text
    assert "value (solver)" in text
    assert f"{value_text(info['moves'][info['best']])} best" in text
    assert f"{info['best']:<6} {value_text(info['moves'][info['best']])}  <- best" in text
    for action, value in info["moves"].items():
        assert f"{action:<6} {value_text(value)}" in text
    assert any(abs(v) > 1e-3 for v in info["moves"].values())


@pytest.mark.usefixtures("cached")
def test_no_solver_hides_the_values(store: Store) -> None:
    session, console = close_session(store, ["values", "quit"], solver=False)
    session.run()
    text = console.export_text()
    assert "value (solver)" not in text and "Solver," not in text
    assert "turned off in this session (--no-solver)" in text


@pytest.mark.usefixtures("empty_cache")
def test_without_a_cached_solution_the_values_command_says_how_to_make_one(store: Store) -> None:
    session, console = close_session(store, ["values", "quit"])
    session.run()
    text = console.export_text()
    assert "value (solver)" not in text
    assert "No solver solution is cached for Yak-9 v F-51, turn limit 1, kills scoring." in text
    assert (
        "airwar analyze matchups --solve --games 1 --first active --aces no --turn-limit 1" in text
    )


def play_args(db: str, *extra: str) -> list[str]:
    return [
        "play",
        "--engagement",
        "--active",
        "Yak-9",
        "--listed",
        "F-51",
        "--turn-limit",
        "1",
        "--first",
        "active",
        "--communist",
        "human",
        "--allied",
        "random",
        "--seed",
        "3",
        "--database-url",
        db,
        *extra,
    ]


@pytest.mark.usefixtures("cached")
def test_the_play_command_shows_the_values_unless_told_not_to(tmp_path: Path) -> None:
    runner = CliRunner()
    db = f"sqlite:///{tmp_path / 'cli.sqlite'}"
    shown = runner.invoke(app, play_args(db), input="values\nquit\n", env={"COLUMNS": "160"})
    assert shown.exit_code == 0, shown.output
    assert "from the Yak-9's (Communist) side" in shown.output
    assert "value (solver)" in shown.output
    hidden = runner.invoke(
        app, play_args(db, "--no-solver"), input="quit\n", env={"COLUMNS": "160"}
    )
    assert hidden.exit_code == 0, hidden.output
    assert "Solver," not in hidden.output and "value (solver)" not in hidden.output


def test_a_lookup_that_finds_nothing_neither_solves_nor_reads(
    empty_cache: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Play is not slowed when nothing is cached: a miss is a hash and a folder check.

    (How long a miss and a hit take is measured in benchmarks/solver_lookup.py.)
    """
    from airwar.games.migs_sabres.solver import cache as solver_cache
    from airwar.games.migs_sabres.solver import solving

    def refuse(*_args: object, **_kw: object) -> None:
        raise AssertionError("a lookup must not solve or open a solution")

    monkeypatch.setattr(solving, "in_memory", refuse)
    monkeypatch.setattr(solving.Solution, "load", refuse)
    state = load_game("migs-engagement", OPTIONS).new_initial_state()
    for _ in range(3):
        assert engagement_values(state) is None
    assert list(solver_cache.cache_dir().iterdir()) == []


@pytest.mark.parametrize(
    ("value", "text"),
    [(0.1666, "+0.167"), (-0.25, "-0.250"), (-0.0, "+0.000"), (-1e-9, "+0.000"), (2.0, "+2.000")],
)
def test_value_text(value: float, text: str) -> None:
    assert value_text(value) == text
