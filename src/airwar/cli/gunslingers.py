"""`airwar gunslingers`: validate a scenario, run turns unattended, referee a game.

- ``validate FILE``: every problem, one line each (file, place, what), exit 1;
  ``FILE: ok`` and exit 0 when valid.
- ``run SCENARIO --turns N --seed S [--json]``: the automatic player answers
  every declaration; the explained log, or the events as JSON lines.
- ``play SCENARIO``: the referee at the terminal answers the declarations
  (sides given to ``--auto`` are answered by the automatic player) and sees
  every roll explained; each decision is saved at once and ``--resume ID``
  carries on a saved game.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from airwar.cli.common import DatabaseUrl, fail, open_store, reports_errors
from airwar.core.driver import Driver, replay
from airwar.core.errors import AirwarError
from airwar.core.game import CHANCE, TERMINAL
from airwar.core.record import log_digest
from airwar.games.gunslingers import GunslingersGame, options_for_file
from airwar.games.gunslingers.autoplayer import GunslingersAuto, auto_decision
from airwar.games.gunslingers.engine import VERBS
from airwar.games.gunslingers.narrate import describe
from airwar.games.gunslingers.scenario import ScenarioError, load_scenario
from airwar.games.gunslingers.state import GsState

app = typer.Typer(
    help="Gunslingers: the computer referee of the Expanded Sequence of Play.",
    no_args_is_help=True,
)

ScenarioPath = Annotated[Path, typer.Argument(help="A scenario TOML file.", show_default=False)]


@app.command()
def validate(scenario: ScenarioPath) -> None:
    """Check a scenario file; list every problem with its place in the file."""
    try:
        load_scenario(scenario)
    except ScenarioError as exc:
        for line in exc.problems:
            typer.echo(line)
        raise typer.Exit(1) from None
    typer.echo(f"{scenario.name}: ok")


def _game(scenario: Path, turns: int) -> GunslingersGame:
    return GunslingersGame(options_for_file(scenario, turns))


@app.command()
@reports_errors
def run(
    scenario: ScenarioPath,
    turns: Annotated[int, typer.Option(help="Turns to play (0: the scenario's).", min=0)] = 0,
    seed: Annotated[int, typer.Option(help="Seed of the dice.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Events as JSON lines.")] = False,
) -> None:
    """Play whole turns unattended: the automatic player makes every declaration."""
    game = _game(scenario, turns)
    driver = Driver(game, seed)
    bot = GunslingersAuto()
    driver.run_bots({seat: bot for seat in range(game.num_players)})
    for event in driver.events:
        typer.echo(json.dumps(event, sort_keys=True) if as_json else describe(event))


def _choices_text(state: GsState, limit: int = 24) -> str:
    ask = state.pending_ask()
    if ask is None:
        return ""
    if ask.verb == "move":
        p = state.forces.planes[ask.subject]
        return (
            f"    write: move {p.id} HEX hHEADING aALTITUDE (now {p.hex} h{p.heading} "
            f"a{p.altitude}; up to {p.speed} hexes, {p.climb} levels)"
        )
    options = VERBS[ask.verb].choices(state, ask)
    shown = [f"    {d}" for d in options[:limit]]
    if len(options) > limit:
        shown.append(f"    ... and {len(options) - limit} more")
    return "\n".join(shown)


@app.command()
@reports_errors
def play(
    scenario: Annotated[
        Path | None, typer.Argument(help="A scenario TOML file (not needed with --resume).")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the dice (default: random).")] = None,
    turns: Annotated[int, typer.Option(help="Turns to play (0: the scenario's).", min=0)] = 0,
    database_url: DatabaseUrl = None,
    resume: Annotated[
        str | None, typer.Option(help="Carry on the saved game with this id.")
    ] = None,
    auto: Annotated[
        list[str] | None,
        typer.Option(help="A side (or 'referee', or 'all') the automatic player answers."),
    ] = None,
) -> None:
    """Referee a game at the terminal: answer the declarations, see every roll explained.

    At a prompt type a decision, '?' for the legal choices, 'auto' to let the
    automatic player answer this one, or 'quit' (the game is saved as it goes).
    """
    store = open_store(database_url)
    if resume is not None:
        stored = store.load(resume)
        driver = replay(stored.record)
        game_id = resume
        game = driver.game
        typer.echo(f"resumed game {game_id} at decision {len(stored.record.actions)}")
    else:
        if scenario is None:
            fail("give a scenario file, or --resume ID")
        game = _game(scenario, turns)
        driver = Driver(game, seed)
        seats = {game.seat_name(i): "human" for i in range(game.num_players)}
        game_id = store.create_game(
            driver.record, title=f"Gunslingers: {scenario.name}", seats=seats
        )
        typer.echo(f"saved as game {game_id} (resume with --resume {game_id})")
    names = [game.seat_name(i).lower() for i in range(game.num_players)]
    auto_seats = set()
    for a in auto or []:
        if a.lower() == "all":
            auto_seats = set(range(game.num_players))
        elif a.lower() in names:
            auto_seats.add(names.index(a.lower()))
        else:
            fail(f"--auto {a}: no such side (sides: {', '.join(names)}, or all)")
    shown = 0
    state = driver.state
    assert isinstance(state, GsState)

    def show_new() -> None:
        nonlocal shown
        for event in driver.events[shown:]:
            typer.echo(describe(event))
        shown = len(driver.events)

    def record(seat: int, text: str) -> None:
        now = driver.state
        assert isinstance(now, GsState)
        done = now.is_terminal()
        store.append_action(
            game_id,
            seat,
            text,
            log_digest=log_digest(driver.events),
            status="finished" if done else None,
            summary=now.score() if done else None,
            expected_index=len(driver.record.actions) - 1,
        )

    driver.auto_chance = False
    while True:
        while driver.state.current_actor() == CHANCE:
            show_new()
            check = driver.state.pending_check()
            if check is not None:
                typer.echo(f"    to roll: {check.explain()}")
            driver.roll()
        show_new()
        state = driver.state
        assert isinstance(state, GsState)
        actor = state.current_actor()
        if actor == TERMINAL:
            typer.echo("the game is over")
            return
        if actor == CHANCE:
            continue
        ask = state.pending_ask()
        assert ask is not None
        if actor in auto_seats:
            decision = auto_decision(state)
            driver.act(decision, actor)
            record(actor, str(decision))
            continue
        typer.echo(f"[{game.seat_name(actor)}] {VERBS[ask.verb].help}")
        typer.echo(f"  {ask.verb} {ask.subject} ...   ('?' lists choices)")
        line = sys.stdin.readline()
        if not line:
            typer.echo("end of input: the game is saved")
            return
        text = line.strip()
        if not text:
            continue
        if text in ("quit", "exit"):
            typer.echo(f"saved: resume with --resume {game_id}")
            return
        if text == "?":
            typer.echo(_choices_text(state))
            continue
        if text == "auto":
            text = str(auto_decision(state))
        try:
            driver.act(text, actor)
        except AirwarError as exc:
            typer.echo(f"refused: {exc}")
            continue
        record(actor, text)
