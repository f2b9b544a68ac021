"""`airwar gunslingers`: validate a scenario, run turns unattended, referee a game.

A scenario is a TOML file or the name of an example the package ships
(``airwar gunslingers examples`` lists them): a path that exists wins.

- ``examples [NAME]``: the packaged examples, name and title; with a name,
  that example's TOML (to copy and change).
- ``validate FILE``: every problem, one line each (file, place, what), exit 1;
  ``FILE: ok`` and exit 0 when valid (after a note for each aircraft type of a
  library scenario that the library does not know, and a warning for each unit
  whose id or name gives away its type or role, GS-71).
- ``types [--json]``: the library of aircraft, weapons, SAM/AAA systems and
  radars, one type a line; ``types show NAME [--json]``: a type's data card,
  every number marked as a house value with its reason. An unknown name: one
  line with the closest names, exit 2.
- ``run SCENARIO --turns N --seed S [--json]``: the automatic player answers
  every declaration; the explained log in words (each turn closed by its
  summary), or the events as JSON lines, one JSON object a line.
- ``play SCENARIO``: the referee at the terminal answers the declarations
  (sides given to ``--auto`` are answered by the automatic player) and sees
  every roll explained; each decision is saved at once and ``--resume ID``
  carries on a saved game. ``--seat NAME`` plays that seat only, the others in
  browsers on the same database: its view and events alone, waiting for theirs.
- ``map SCENARIO [--unit ID] [--radius N]`` or ``map --game ID --seat NAME``:
  the hex map as text around a unit, as that seat may see it.
- ``report ID [--seat SIDE] [--json]``: a stored game's result and after-action
  report (GS-85 to GS-88); a running game only as one side may know it.
- ``match SCENARIO --blue BOT --red BOT --games N --seed S [--workers N]
  [--scheduler ADDRESS] [--json]``: seeded games between two bots with the
  referee automatic, each result and a summary (GS-89, :mod:`.gunslingers_match`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer

from airwar.bots.registry import bots_for, make_bot, refusal
from airwar.cli.common import (
    EXIT_USAGE,
    DatabaseUrl,
    Typer,
    check_seed,
    fail,
    float_range,
    games_progress,
    int_range,
    open_store,
    reports_errors,
)
from airwar.cli.gunslingers_terminal import GunslingersRenderer, told
from airwar.cli.packaged import dask_scheduler, example_or_file
from airwar.cli.play_loop import PlayLoop
from airwar.cli.render_hexmap import MAX_RADIUS, MapError, draw
from airwar.core.driver import Driver
from airwar.core.files import read_capped
from airwar.core.text import printable, printable_values
from airwar.games.examples import (
    GUNSLINGERS,
    as_path,
    example_files,
    example_names,
    find_example,
)
from airwar.games.gunslingers import GunslingersGame, options_for_file
from airwar.games.gunslingers.autoplayer import GunslingersAuto
from airwar.games.gunslingers.model.fields import MAX_FILE_BYTES, MAX_TURNS, TURNS_WHY
from airwar.games.gunslingers.model.scenario import load_scenario, read_scenario_data
from airwar.games.gunslingers.model.scenario_schema import ScenarioError
from airwar.games.gunslingers.model.typecards import KIND_TITLES, card_data, card_text, listing
from airwar.games.gunslingers.model.typelib import library
from airwar.games.gunslingers.model.typeresolve import naming_warnings, unknown_types
from airwar.games.gunslingers.model.typeschema import LibraryError
from airwar.games.gunslingers.model.victory import located
from airwar.games.gunslingers.referee import GsState
from airwar.games.gunslingers.victory import game_result
from airwar.session import AI_PREFIX, HUMAN, REMOTE, Sessions

app = Typer(
    add_completion=False,
    help="Gunslingers: the computer referee of the Expanded Sequence of Play.",
    no_args_is_help=True,
)

SCENARIO_HELP = "A scenario TOML file, or a packaged example's name (airwar gunslingers examples)."
ScenarioPath = Annotated[Path, typer.Argument(help=SCENARIO_HELP, show_default=False)]
Turns = Annotated[
    int,
    typer.Option(
        help=f"Turns to play (0: the scenario's; at most {MAX_TURNS}).",
        callback=int_range(0, MAX_TURNS, TURNS_WHY),
    ),
]


def scenario_file(scenario: Path) -> Path:
    """The scenario file a command was given: a path, else a packaged example's name."""
    return example_or_file(GUNSLINGERS, scenario, "scenario")


@app.command("examples")
def examples_command(
    name: Annotated[
        str | None,
        typer.Argument(help="Print this example's TOML (to copy and change).", show_default=False),
    ] = None,
) -> None:
    """The example scenarios that ship with airwar: each one's name and title.

    Any command that takes a scenario file takes one of these names too.
    """
    if name is not None:
        file = find_example(GUNSLINGERS, name)
        if file is None:
            names = ", ".join(example_names(GUNSLINGERS))
            fail(f"{name}: no example of that name (examples: {names})")
        typer.echo(file.read_text("utf-8"), nl=False)
        return
    for filename, file in example_files(GUNSLINGERS).items():
        title = load_scenario(as_path(file)).scenario.name
        typer.echo(printable(f"{filename.removesuffix('.toml'):<20} {title}"))


@app.command()
def validate(scenario: ScenarioPath) -> None:
    """Check a scenario file; list every problem with its place in the file."""
    path = scenario_file(scenario)
    try:
        load_scenario(path)
        data = read_scenario_data(path)
        notes = unknown_types(data)
        warnings = naming_warnings(data)
    except ScenarioError as exc:
        try:  # the problems' lines: read as the scenario was, never past its cap
            text = read_capped(path, MAX_FILE_BYTES)[:MAX_FILE_BYTES].decode("utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
        for line in exc.problems:  # a problem of [victory] names its line too (GS-85)
            typer.echo(printable(located(line, text)))
        raise typer.Exit(EXIT_USAGE) from None
    for note in notes:
        typer.echo(printable(f"{path.name}: note: {note}"))
    for warning in warnings:  # a warning, not a problem: the scenario plays (GS-71)
        typer.echo(printable(f"{path.name}: warning: {warning}"))
    typer.echo(printable(f"{path.name}: ok"))


types_app = Typer(
    help="The library of types: aircraft, weapons, SAM/AAA systems and radars (GS-60).",
    invoke_without_command=True,
)
app.add_typer(types_app, name="types")
AsJson = Annotated[bool, typer.Option("--json", help="As JSON.")]


@types_app.callback()
def types_command(ctx: typer.Context, as_json: AsJson = False) -> None:
    """Every type of the library: name, kind, full name, variant of, other names."""
    if ctx.invoked_subcommand is not None:
        return
    try:
        rows = listing()
    except LibraryError as exc:
        fail(str(exc))
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
        return
    width = max(len(r["name"]) for r in rows)
    typer.echo(f"{'name':<{width}}  {'kind':<15} {'role':<13} full name")
    for r in rows:
        extra = f" (variant of {r['variant_of']})" if r["variant_of"] else ""
        also = f"; also {', '.join(r['aliases'])}" if r["aliases"] else ""
        kind, role = KIND_TITLES[r["kind"]], r["role"] if r["role"] != r["kind"] else "-"
        typer.echo(f"{r['name']:<{width}}  {kind:<15} {role:<13} {r['title']}{extra}{also}")


@types_app.command("show")
def types_show(
    name: Annotated[str, typer.Argument(help="A type's name or other name (e.g. F-16C).")],
    as_json: AsJson = False,
) -> None:
    """A type's data card: each value, each number marked as a house value with its reason."""
    try:
        lib = library()
    except LibraryError as exc:
        fail(str(exc))
    card = lib.lookup(name)
    if card is None:
        near = lib.closest(name)
        hint = f" (closest: {', '.join(near)})" if near else " (see: airwar gunslingers types)"
        fail(f"no type {name[:60]!r} in the library{hint}")
    if as_json:
        typer.echo(json.dumps(card_data(card), indent=2))
        return
    from airwar.cli.gunslingers_card import pilot_card_text

    typer.echo(pilot_card_text(card_text(card).splitlines()[0], card_data(card)))


def _game(scenario: Path, turns: int) -> GunslingersGame:
    return GunslingersGame(options_for_file(scenario_file(scenario), turns))


@app.command()
@reports_errors
def run(
    scenario: ScenarioPath,
    turns: Turns = 0,
    seed: Annotated[int, typer.Option(help="Seed of the dice.", callback=check_seed)] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Events as JSON lines.")] = False,
) -> None:
    """Play whole turns unattended: the automatic player makes every declaration."""
    game = _game(scenario, turns)
    driver = Driver(game, seed)
    bot = GunslingersAuto()
    driver.run_bots({seat: bot for seat in range(game.num_players)})
    # the referee's log: every event, and each turn's summary after its end (GS-57)
    for event in driver.state.visible_events(None):
        typer.echo(json.dumps(event, sort_keys=True) if as_json else told(event))


Radius = Annotated[
    int,
    typer.Option(
        help=f"Hexes drawn around the unit (1 to {MAX_RADIUS}).",
        callback=int_range(1, MAX_RADIUS, "a wider map does not fit a terminal's width"),
    ),
]


@app.command("map")
@reports_errors
def map_command(
    scenario: Annotated[
        Path | None,
        typer.Argument(help=f"{SCENARIO_HELP} Not needed with --game.", show_default=False),
    ] = None,
    unit: Annotated[
        str | None, typer.Option(help="Draw around this unit (default: around them all).")
    ] = None,
    radius: Radius = 6,
    game: Annotated[
        str | None, typer.Option(help="A saved game's id: its map now, as --seat sees it.")
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(help="Whose view to draw: a side or the referee (needed with --game)."),
    ] = None,
    database_url: DatabaseUrl = None,
) -> None:
    """Draw the hex map as text around a unit: unit keys, terrain, markers, a legend.

    A scenario is drawn as it starts (the referee's view, or --seat's); a saved game
    (--game ID --seat NAME) as it is now, showing only what that seat may see.
    """
    if game is not None:
        if seat is None:
            fail("--game needs --seat: name the side (or referee) whose view to draw")
        sessions = Sessions(open_store(database_url), make_bot=make_bot)
        live = sessions.get(game, resume_bots=False)
        if live.game.name != GunslingersGame.name:
            fail(f"saved game {game} is a {live.game.name} game, not Gunslingers")
        name = _seat_name(live.seat_names(), seat)
        view = live.state.view(live.seat_index(name))
        title = f"game {live.id}, turn {view.get('turn')}, {view.get('phase')}: {name}'s view"
    else:
        if scenario is None:
            fail("give a scenario file, or --game ID --seat NAME")
        g = _game(scenario, 0)
        state = g.new_initial_state()
        names = [g.seat_name(i) for i in range(g.num_players)]
        name = _seat_name(names, seat) if seat is not None else names[-1]
        view = state.view(names.index(name))
        title = f"{g.scenario.scenario.name}, as it starts: {name}'s view"
    try:
        typer.echo(draw(printable_values(view), unit=unit, radius=radius, title=printable(title)))
    except MapError as exc:
        fail(str(exc))


def _seat_name(names: list[str], given: str) -> str:
    """The seat of that name (any case), else one line and exit code 2."""
    low = [n.lower() for n in names]
    if given.lower() not in low:
        fail(f"--seat {given[:40]}: no such seat (seats: {', '.join(names)})")
    return names[low.index(given.lower())]


@app.command()
@reports_errors
def play(
    scenario: Annotated[
        Path | None,
        typer.Argument(
            help="A scenario TOML file, or a packaged example's name (airwar gunslingers "
            "examples); not needed with --resume.",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            help="Seed of the dice, for a game with at most one seat played by a person "
            "(--auto gives the others, the referee's included, to the automatic player: "
            "--auto Red --auto referee). A game between people takes none: its dice come "
            "from a secret seed, committed to at the start and shown at the end.",
            callback=check_seed,
            show_default=False,
        ),
    ] = None,
    turns: Turns = 0,
    database_url: DatabaseUrl = None,
    resume: Annotated[
        str | None, typer.Option(help="Carry on the saved game with this id.")
    ] = None,
    auto: Annotated[
        list[str] | None,
        typer.Option(
            help="A side (or 'referee', or 'all') the automatic player answers; SIDE=BOT "
            "gives it another bot (Red=tactical, Red=tactical:hard)."
        ),
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(
            help="Play this seat only (a side or the referee), the others being played "
            "elsewhere (browsers on the same database): see and answer only what it may.",
            show_default=False,
        ),
    ] = None,
    poll: Annotated[
        float,
        typer.Option(
            help="Seconds between looks at the database while another seat decides.",
            callback=float_range(0.05, 10.0, "a look costs one small query; 10 s is slow"),
        ),
    ] = 1.0,
) -> None:
    """Referee a game at the terminal: answer the declarations, see every roll explained.

    At a prompt type a decision, '?' for the legal choices, 'map [UNIT]' to draw
    the map (as this terminal's seat may see it), 'auto' to let the automatic
    player answer this one, or 'quit' (the game is saved as it goes). With
    --seat the terminal plays one seat of a game whose other seats are played
    elsewhere: it shows that seat's view and events only, and waits while the
    others decide.
    """
    sessions = Sessions(open_store(database_url), make_bot=make_bot)
    if resume is not None:
        live = sessions.get(resume, resume_bots=False)  # the bots play on here, told
        if live.game.name != GunslingersGame.name:
            fail(f"saved game {resume} is a {live.game.name} game, not Gunslingers")
        seats = _auto_seats(live.seat_names(), live.seats, auto or [])
        sessions.reseat(live, seats)
        typer.echo(f"resumed game {live.id} at decision {live.decisions}")
        if live.halted:
            for event in live.visible_events(None):  # the log, if every person sits here
                typer.echo(told(event))
            fail(f"game {live.id} cannot continue: {live.halted}")
    else:
        if scenario is None:
            fail("give a scenario file, or --resume ID")
        game = _game(scenario, turns)
        names = [game.seat_name(i) for i in range(game.num_players)]
        kinds = dict.fromkeys(names, HUMAN)
        if seat is not None:  # this seat here, every other one in its own browser
            here = _seat_name(names, seat)
            kinds = {n: HUMAN if n == here else REMOTE for n in names}
        live = sessions.create(
            game,
            _auto_seats(names, kinds, auto or []),
            seed=seed,
            title=f"Gunslingers: {scenario.name}",
            meta={"interface": "terminal"},
            run_bots=False,
            stop_at_rolls=True,
        )
        typer.echo(f"saved as game {live.id} (resume with --resume {live.id})")
        for name, token in sorted(live.tokens.items()):
            if live.seats.get(name) == REMOTE:
                # a secret: whoever holds it plays that seat, in the browser app that
                # serves this database (airwar serve --database-url ...)
                typer.echo(f"{name}'s link: /games/{live.id}?seat={token}")
    only = _seat_name(live.seat_names(), seat) if seat is not None else None
    PlayLoop(sessions, live, GunslingersRenderer(), only=only, poll=poll).play()


AUTO = GunslingersAuto.name
"""The seat kind ``ai:gunslingers-auto``: the automatic player answers that side."""


_make_bot = make_bot
"""The bots of the registry (the automatic player among them: it decides from its seat's
view only)."""


def _auto_seats(names: list[str], seats: dict[str, str], sides: list[str]) -> dict[str, str]:
    """``seats`` with the ``--auto`` sides handed to the automatic player, or to the bot a
    ``SIDE=BOT`` names (``--auto Red=tactical:hard``)."""
    low = [n.lower() for n in names]
    seats = dict(seats)
    game = GunslingersGame()
    bots = bots_for(game)
    for given in sides:
        a, _, bot = given.partition("=")
        bot = bot or AUTO
        if bot not in bots:
            why = refusal(bot, game) or f"no such bot {bot!r}"
            fail(f"--auto {given}: {why} (bots: {', '.join(bots)})")
        if a.lower() == "all":
            seats = {n: f"{AI_PREFIX}{bot}" for n in names}
        elif a.lower() in low:
            seats[names[low.index(a.lower())]] = f"{AI_PREFIX}{bot}"
        else:
            fail(f"--auto {given}: no such side (sides: {', '.join(low)}, or all)")
    return seats


MAX_MATCH_GAMES = 10_000
"""The most games of one match: its rates are then finer than the percentages printed."""
MAX_MATCH_WORKERS = max(1, os.cpu_count() or 1)
"""Local processes of a match: one per core; more would only wait for a core."""


def _match_bot(name: str, flag: str) -> str:
    """A bot of the registry that can play a Gunslingers side, else one line, exit code 2."""
    from airwar.bots.registry import bot_names

    can = sorted(bots_for(GunslingersGame()))
    if name not in can:
        what = "no such bot" if name not in bot_names() else "it does not play Gunslingers"
        fail(f"{flag} {name[:40]!r}: {what} (bots that can: {', '.join(can)})")
    return name


@app.command()
@reports_errors
def match(
    scenario: ScenarioPath,
    blue: Annotated[
        str, typer.Option("--blue", help="The bot of the scenario's first side.")
    ] = AUTO,
    red: Annotated[
        str, typer.Option("--red", help="The bot of the scenario's second side.")
    ] = AUTO,
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            help=f"Games to play (1 to {MAX_MATCH_GAMES}).",
            callback=int_range(1, MAX_MATCH_GAMES, "more games cannot change a printed rate"),
        ),
    ] = 10,
    seed: Annotated[
        str,
        typer.Option(
            help="Seed of the match: game i's dice and bots follow from it.", callback=check_seed
        ),
    ] = "1",
    turns: Turns = 0,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            help=f"Local processes (1 to {MAX_MATCH_WORKERS}, one per core).",
            callback=int_range(1, MAX_MATCH_WORKERS, "one process per core of this computer"),
        ),
    ] = 1,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            help="Dask scheduler address: play the games on that cluster (the lab extra).",
            callback=dask_scheduler,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
) -> None:
    """Seeded games between two bots, the referee automatic: each result and a summary.

    The scenario's first side is Blue, its second Red. The same scenario, bots and
    seed give the same games however many processes play them.
    """
    from airwar.cli.gunslingers_match import ROLES, public, run_match, summary

    bots = (_match_bot(blue, "--blue"), _match_bot(red, "--red"))
    path = scenario_file(scenario)
    options = options_for_file(path, turns)
    game = GunslingersGame(options)
    sides = game.scenario.side_names()
    if len(sides) != 2:
        fail(f"{path.name}: a match needs a scenario of two sides, not {len(sides)}")
    for flag, name in (("--blue", blue), ("--red", red)):
        refused = refusal(name, game)
        if refused:
            fail(f"{flag} {name}: {refused}")
    match_seed = int(seed) if seed.lstrip("-").isdigit() else seed
    with games_progress(games, path.stem, quiet=as_json) as advance:
        results = run_match(
            options,
            bots,
            games,
            match_seed,
            workers=workers,
            scheduler=scheduler,
            progress=advance,
        )
    totals = summary(results)
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "scenario": path.name,
                    "bots": dict(zip(ROLES, bots, strict=True)),
                    "sides": dict(zip(ROLES, sides, strict=True)),
                    "games": games,
                    "seed": seed,
                    **totals,
                    "results": [public(r) for r in results],
                },
                indent=2,
            )
        )
        return
    typer.echo(
        printable(
            f"{game.scenario.scenario.name}: {sides[0]} ({bots[0]}) against "
            f"{sides[1]} ({bots[1]}), {games} games, seed {seed}"
        )
    )
    for r in results:
        pts = ", ".join(f"{k} {v}" for k, v in r["points"].items())
        typer.echo(printable(f"game {r['index'] + 1:>4} (seed {r['seed']}): {r['text']} [{pts}]"))
    s, t = totals["summary"], totals["decision_seconds"]
    typer.echo(f"wins: Blue {s['wins']['Blue']}, Red {s['wins']['Red']}, draws {s['draws']}")
    typer.echo(f"mean points a game: Blue {s['vp']['Blue']:g}, Red {s['vp']['Red']:g}")
    for role in ROLES:
        typer.echo(
            f"{role} decisions: {t[role]['decisions']}, mean {t[role]['mean'] * 1000:.2f} "
            f"ms, p95 {t[role]['p95'] * 1000:.2f} ms"
        )


@app.command()
@reports_errors
def report(
    game_id: Annotated[str, typer.Argument(metavar="ID", help="A saved Gunslingers game's id.")],
    seat: Annotated[
        str | None,
        typer.Option(help="A running game: the points this side may know now (GS-88)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="The result as JSON.")] = False,
    database_url: DatabaseUrl = None,
) -> None:
    """A finished game's result and after-action report: who won, how decisively and why.

    Every point with its turn, each kill and loss with the shot that did it (weapon,
    range, aspect, exact odds, rolls), the missiles fired, the SAMs suppressed and the
    points turn by turn. A running game is told only to one side (--seat), and only
    what that side may know (GS-88).
    """
    from airwar.games.gunslingers.after_action import labels_of, report_lines
    from airwar.games.gunslingers.victory import side_tally

    sessions = Sessions(open_store(database_url), make_bot=make_bot)
    live = sessions.get(game_id, resume_bots=False)
    if live.game.name != GunslingersGame.name:
        fail(f"saved game {game_id} is a {live.game.name} game, not Gunslingers")
    state = live.state
    assert isinstance(state, GsState)
    result = game_result(state)
    if not state.is_terminal():
        if seat is None:
            fail(
                f"game {live.id} is still running: its report is told when it ends "
                "(--seat SIDE: what that side may know now, GS-88)"
            )
        name = _seat_name(state.side_names, seat)
        tally = side_tally(result, name)
        if as_json:
            typer.echo(json.dumps(tally, indent=2))
            return
        typer.echo(printable(tally["text"]))
        for s in tally["scores"]:
            typer.echo(printable(f"  turn {s['turn']}: {s['side']} +{s['points']}: {s['text']}"))
        return
    if as_json:
        typer.echo(json.dumps({"game": live.id, **result}, indent=2))
        return
    typer.echo(
        printable(f"Game {live.id}: {state.scenario.scenario.name}, after turn {result['turn']}")
    )
    for line in report_lines(result, labels_of(state.scenario)):
        typer.echo(printable(line))
    typer.echo(f"Replay: airwar serve, then /games/{live.id}/replay")
