"""``airwar migs``: play, replay, list and analyse MiGs and Sabres in the terminal.

Commands: ``play`` (a human or a bot on each side, saved move by move,
``--resume`` to continue), ``games`` (the saved games), ``replay ID`` (a saved
game's explained log), ``moves`` (the movement perft of a position) and
``simulate`` (bot against bot, summarised).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from airwar.cli.common import (
    MAX_GAMES,
    AiDelay,
    DatabaseUrl,
    GameSeed,
    GameTitle,
    OptionPairs,
    ResumeId,
    Typer,
    check_seed,
    games_progress,
    make_console,
    open_store,
    parse_option_pairs,
    parse_seed,
    reports_errors,
)
from airwar.cli.migs_moves import PlanePosition, moves_json, perft, print_moves_table
from airwar.cli.migs_play import MigsRenderer, migs_loop, people_seats
from airwar.cli.migs_seats import (
    HUMAN,
    SEAT_ORDER,
    SeatError,
    bot_names,
    normalise_seat,
)
from airwar.cli.migs_simulate import simulate as run_simulation
from airwar.cli.play_loop import PlayLoop
from airwar.cli.playing import open_sessions
from airwar.cli.render_board import BoardPlane, board_text
from airwar.core.driver import replay as replay_record
from airwar.core.errors import OptionError, RecordError
from airwar.core.registry import load_game
from airwar.core.text import printable
from airwar.games.migs_sabres import EngagementGame, MigsGame
from airwar.games.migs_sabres.narrate import Narrator, scores_text
from airwar.session import PlaySession, Sessions
from airwar.session.seats import human_seats

if TYPE_CHECKING:
    from airwar.store import Store, StoredGame

app = Typer(
    add_completion=False,
    help="MiGs and Sabres: Korean War air combat, solo or two players.",
    no_args_is_help=True,
)

MIGS_GAMES = (MigsGame.name, EngagementGame.name)


SIDE_CHOICES = f"human, or a bot: {', '.join(bot_names())}"
"""What ``--communist`` and ``--allied`` take, as their help says it."""


def default_ai() -> str:
    names = bot_names()
    return "heuristic" if "heuristic" in names else names[0]


def collect_options(pairs: list[str] | None, flags: dict[str, Any]) -> dict[str, Any]:
    """``--option`` pairs overlaid with the friendly flags that were given."""
    options: dict[str, Any] = dict(parse_option_pairs(pairs))
    for name, value in flags.items():
        if value is None:
            continue
        if name in options and str(options[name]).lower() != str(value).lower():
            raise OptionError(
                f"option {name} is given twice with different values "
                f"({options[name]!r} and {value!r})"
            )
        options[name] = value
    return options


def load_migs(store: Store, game_id: str) -> StoredGame:
    """A saved MiGs and Sabres game, or an error naming the id."""
    stored = store.load(game_id)
    if stored.game not in MIGS_GAMES:
        raise RecordError(f"saved game {game_id} is a {stored.game} game, not MiGs and Sabres")
    return stored


# -- play --------------------------------------------------------------------


@app.command()
@reports_errors
def play(
    communist: Annotated[
        str | None,
        typer.Option(
            "--communist", help=f"Who flies the Communist side: {SIDE_CHOICES} (default: human)."
        ),
    ] = None,
    allied: Annotated[
        str | None,
        typer.Option(
            "--allied", help=f"Who flies the Allied side: {SIDE_CHOICES} (default: {default_ai()})."
        ),
    ] = None,
    engagement: Annotated[
        bool,
        typer.Option("--engagement", help="Play one engagement (migs-engagement), not a game."),
    ] = False,
    active: Annotated[
        str | None, typer.Option("--active", help="Engagement: the active plane's type.")
    ] = None,
    listed: Annotated[
        str | None, typer.Option("--listed", help="Engagement: the listed plane's type.")
    ] = None,
    sorties: Annotated[
        int | None, typer.Option("--sorties", help="Sorties per side (3; IV.B campaign: more).")
    ] = None,
    sorties_dice: Annotated[
        str | None,
        typer.Option("--sorties-dice", help="Roll the sorties per side: 1d6, 2d6 or 3d6 (IV.B)."),
    ] = None,
    scoring: Annotated[
        str | None,
        typer.Option("--scoring", help="kills (most kills wins) or base-value (IV.A)."),
    ] = None,
    chart: Annotated[
        str | None,
        typer.Option("--chart", help="The Sortie Chart: 22 comma-separated entries, - empty."),
    ] = None,
    strike_from_chart: Annotated[
        bool | None,
        typer.Option(
            "--strike-from-chart/--keep-chart",
            help="A listed plane shot down leaves its chart square (MS-20).",
        ),
    ] = None,
    pilots: Annotated[
        bool | None,
        typer.Option("--pilots/--no-pilots", help="Named pilots and aces (IV.C)."),
    ] = None,
    listed_pilots: Annotated[
        bool | None,
        typer.Option(
            "--listed-pilots/--no-listed-pilots", help="Listed planes get named pilots too."
        ),
    ] = None,
    first: Annotated[
        str | None,
        typer.Option("--first", help="Who moves first on the board: roll, active or listed."),
    ] = None,
    turn_limit: Annotated[
        int | None,
        typer.Option("--turn-limit", help="Disengage after N movement turns each (0: none)."),
    ] = None,
    option: OptionPairs = None,
    seed: GameSeed = None,
    title: GameTitle = None,
    resume: ResumeId = None,
    ai_delay: AiDelay = 0.0,
    solver: Annotated[
        bool,
        typer.Option(
            "--solver/--no-solver",
            help="Show the solver's values when the matchup's solution is cached (never solves).",
        ),
    ] = True,
    database_url: DatabaseUrl = None,
) -> None:
    """Play MiGs and Sabres at the terminal: each side a human or a bot."""
    flags: dict[str, Any] = {
        "active": active,
        "listed": listed,
        "sorties": sorties,
        "sorties_dice": sorties_dice,
        "scoring": scoring,
        "chart": chart,
        "strike_from_chart": strike_from_chart,
        "pilots": pilots,
        "listed_pilots": listed_pilots,
        "first": first,
        "turn_limit": turn_limit,
    }
    console = make_console()
    sessions = open_sessions(database_url)
    if resume is not None:
        given = [f"--{k.replace('_', '-')}" for k, v in flags.items() if v is not None]
        if option or seed is not None or engagement or given:
            what = ", ".join(
                given
                + (["--option"] if option else [])
                + (["--seed"] if seed is not None else [])
                + (["--engagement"] if engagement else [])
            )
            raise OptionError(f"{what} cannot be used with --resume: a saved game keeps its own")
        live = sessions.get(resume, resume_bots=False)  # the bots play on here, told
        if live.game.name not in MIGS_GAMES:
            raise RecordError(
                f"saved game {resume} is a {live.game.name} game, not MiGs and Sabres"
            )
        if live.finished:
            console.print(
                f"Game {resume} is over ({scores_text(live.summary().get('scores'))}); "
                f"see it with: airwar migs replay {resume}"
            )
            return
        _hand_over(sessions, live, {"Communist": communist, "Allied": allied})
        renderer = MigsRenderer(console, solver=solver)
        loop = PlayLoop(sessions, live, renderer, here=people_seats(live), ai_delay=ai_delay)
        loop.catch_up()
        console.print(f"Resuming game {resume}: {printable(live.title)}", markup=False)
        renderer.show_log(12)
        loop.play()
        return
    seats = {
        SEAT_ORDER[0]: normalise_seat(communist or HUMAN, "Communist"),
        SEAT_ORDER[1]: normalise_seat(allied or default_ai(), "Allied"),
    }
    game_name = EngagementGame.name if engagement else MigsGame.name
    game = load_game(game_name, collect_options(option, flags))
    game_title = title or default_title(game_name, game.options)
    live = sessions.create(
        game,
        seats,
        seed=parse_seed(seed),
        title=game_title,
        meta={"interface": "terminal"},
        run_bots=False,
        stop_at_rolls=True,
    )
    console.print(
        f"Game {live.id} ({game.title}, {_dice(live)}): {printable(game_title)}. Type help at "
        "the prompt.",
        markup=False,
    )
    migs_loop(sessions, live, console, ai_delay=ai_delay, solver=solver).play()


def _dice(live: PlaySession) -> str:
    """The seed of a game with at most one person; a game between two people
    shows only the commitment to its secret seed (revealed when it ends)."""
    if len(human_seats(live.seats)) > 1:
        published = live.fairness(reveal=False).get("commitment", "")
        return f"dice from a secret seed, commitment {published[:16]}"
    return f"seed {live.seed}"


def _hand_over(sessions: Sessions, live: PlaySession, given: dict[str, str | None]) -> None:
    """``--communist``/``--allied`` on resuming: hand a side to a person or a bot."""
    seats = {side: normalise_seat(text, side) for side, text in given.items() if text is not None}
    sessions.reseat(live, seats)


# -- games -------------------------------------------------------------------


def _sides(seats: dict[str, str]) -> str:
    """``"human v ai:heuristic"``: who flies each side, Communist first."""
    return " v ".join(seats.get(name, "?") for name in SEAT_ORDER)


def default_title(game_name: str, options: dict[str, Any]) -> str:
    if game_name == EngagementGame.name:
        return f"Engagement: {options['active']} v {options['listed']}"
    extra = " with pilots" if options.get("pilots") else ""
    return f"{options['sorties']} sorties each, {options['scoring']} scoring{extra}"


def _score(summary: dict[str, Any] | None, status: str) -> str:
    """The score column, from the summary saved with the game (no game is replayed)."""
    summary = summary or {}
    scores = summary.get("scores") or {}
    text = f"{scores.get('communist', 0)}-{scores.get('allied', 0)}" if scores else ""
    result = summary.get("result")
    if status == "finished" and result:
        verdict = "draw" if result == "draw" else f"{str(result).title()} won"
        text = f"{text} {verdict}" if text else verdict
    return text


@app.command()
@reports_errors
def games(
    as_json: Annotated[bool, typer.Option("--json", help="Print the list as JSON.")] = False,
    database_url: DatabaseUrl = None,
) -> None:
    """List the saved MiGs and Sabres games, most recent first."""
    store = open_store(database_url, create=False)
    # the rows as listed, each with its saved summary: no game is replayed to show a score
    listed = [g for g in store.list_summaries() if g.game in MIGS_GAMES]
    if as_json:
        rows = [
            {
                "id": g.id,
                "game": g.game,
                "title": g.title,
                "seats": g.seats,
                "status": g.status,
                "summary": g.summary,
                "decisions": g.decisions,
                "created_at": g.created_at.isoformat(),
                "updated_at": g.updated_at.isoformat(),
                "problem": g.problem,
            }
            for g in listed
        ]
        typer.echo(json.dumps(rows))
        return
    console = make_console()
    if not listed:
        console.print("No saved MiGs and Sabres games yet: start one with airwar migs play.")
        return
    table = Table(title="Saved MiGs and Sabres games")
    table.add_column("id", no_wrap=True)
    table.add_column("title", ratio=2)
    table.add_column("sides (C v A)", ratio=1)
    for column in ("status", "score", "updated"):
        table.add_column(column, no_wrap=True)
    for g in listed:
        status = g.status if g.problem is None else f"corrupt: {g.problem}"
        table.add_row(
            g.id,
            Text(printable(g.title)),  # a title given in a browser: never read as markup
            _sides(g.seats),
            status,
            _score(g.summary, g.status),
            g.updated_at.astimezone().strftime("%m-%d %H:%M"),
        )
    console.print(table)


# -- replay ------------------------------------------------------------------


@app.command()
@reports_errors
def replay(
    game_id: Annotated[str, typer.Argument(help="The saved game's id (see airwar migs games).")],
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print the log's events, one JSON object a line: a log to read, not a "
            "record (airwar export ID writes the record, which airwar verify checks).",
        ),
    ] = False,
    upto: Annotated[
        int | None,
        typer.Option("--upto", help="Replay only the first N decisions (step back)."),
    ] = None,
    boards: Annotated[
        bool, typer.Option("--boards", help="Draw the Battle Board after every move.")
    ] = False,
    analyse: Annotated[
        bool,
        typer.Option(
            "--analyse",
            "--analyze",
            help="Exact analysis: each decision's value, best and loss with marks, each "
            "roll's luck, the kill chances, a summary per seat (docs/review.md).",
        ),
    ] = False,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot", help="With --analyse: draw the kill chances along the game to this PNG."
        ),
    ] = None,
    marks: Annotated[
        str,
        typer.Option(
            "--marks",
            help="With --analyse: the inaccuracy, mistake and blunder thresholds in kills (MS-30).",
        ),
    ] = "0.02,0.05,0.15",
    solve: Annotated[
        bool,
        typer.Option(
            "--solve/--no-solve",
            help="With --analyse: solve the matchups not yet solved (a progress bar), or "
            "list their engagements without values.",
        ),
    ] = True,
    database_url: DatabaseUrl = None,
) -> None:
    """Print a saved game's log, every roll explained (--analyse: its exact analysis)."""
    if not analyse and (plot is not None or marks != "0.02,0.05,0.15" or not solve):
        raise OptionError("--plot, --marks and --no-solve go with --analyse")
    if analyse and (upto is not None or boards):
        raise OptionError("--analyse reviews the whole game: leave out --upto and --boards")
    if plot is not None and plot.suffix.lower() != ".png":
        raise OptionError(f"--plot writes a PNG file: give a name ending in .png, not {plot}")
    thresholds = None
    if analyse:
        # the exact analysis, and the solver under it, only when asked for
        from airwar.analysis.review import Thresholds
        from airwar.cli import migs_review

        thresholds = Thresholds.parse(marks)
    stored = load_migs(open_store(database_url, create=False), game_id)
    if thresholds is not None:
        console = make_console()
        review = migs_review.analyse(
            stored,
            thresholds,
            solve=solve,
            console=console,
            progress_console=make_console(stderr=True),
        )
        if plot is not None:
            written = migs_review.plot(review, plot)
            if not as_json:
                console.print(f"Kill chances drawn to {written}", markup=False)
        if as_json:
            migs_review.print_json(review)
            return
        console.print(
            f"Analysis of game {stored.id}: {printable(stored.title)} ({stored.game}, "
            f"{_sides(stored.seats)}, {stored.status})",
            markup=False,
        )
        migs_review.print_review(console, review)
        return
    if upto is not None and not 0 <= upto <= len(stored.record.actions):
        raise OptionError(
            f"--upto must be between 0 and {len(stored.record.actions)} "
            f"(the decisions of game {game_id}), not {upto}"
        )
    driver = replay_record(stored.record, upto=upto)
    events = driver.state.log.to_list()
    if as_json:
        for ev in events:
            typer.echo(json.dumps(ev, sort_keys=True))
        return
    console = make_console()
    shown = "all" if upto is None else f"the first {upto}"
    secret = len(human_seats(stored.seats)) > 1 and stored.status != "finished"
    seed_text = "seed secret until the game ends" if secret else f"seed {stored.record.seed}"
    console.print(
        f"Game {stored.id}: {printable(stored.title)} ({stored.game}, {seed_text}, "
        f"{_sides(stored.seats)}; {shown} of {len(stored.record.actions)} decisions)",
        markup=False,
    )
    narrator = Narrator()
    for ev in events:
        for line in narrator.lines(ev):
            console.print(line, markup=False, highlight=False)
        if boards and ev["type"] in ("move_end", "engagement_start"):
            planes = [BoardPlane(**_board_plane(role, p)) for role, p in narrator.planes.items()]
            console.print(board_text(planes))
    if upto is not None or not driver.state.is_terminal():
        summary = driver.game.summary(driver.state)
        console.print(f"(game in progress; score {scores_text(summary['scores'])})", markup=False)


def _board_plane(role: str, p: dict[str, Any]) -> dict[str, str]:
    pilot = f" ({p['pilot']})" if p.get("pilot") else ""
    return {
        "square": str(p["square"]),
        "facing": str(p["facing"]),
        "side": str(p["side"]),
        "label": f"{p['type']}{pilot}, {role}",
    }


# -- moves -------------------------------------------------------------------


@app.command()
@reports_errors
def moves(
    mover: Annotated[
        str, typer.Option("--mover", help="The moving plane, TYPE@SQUARE:FACING (F-86@a1:N).")
    ],
    target: Annotated[
        str, typer.Option("--target", help="The other plane, TYPE@SQUARE:FACING (MiG-15@k14:S).")
    ],
    mp: Annotated[int, typer.Option("--mp", help="Movement points to spend (MS-7).")],
    wing_over_used: Annotated[
        bool,
        typer.Option("--wing-over-used", help="The mover has already made its wing-over (MS-6)."),
    ] = False,
    ace: Annotated[
        bool, typer.Option("--ace", help="The mover is an ace: +1 to its kill rolls (MS-14).")
    ] = False,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json", help="Print the end states and fire options as JSON (docs/terminal.md)."
        ),
    ] = False,
) -> None:
    """Every end state and fire option of a plane with N MP (the game's perft)."""
    mover_pos = PlanePosition.parse(mover, "--mover")
    target_pos = PlanePosition.parse(target, "--target")
    options = perft(mover_pos, target_pos, mp, wing_over_used=wing_over_used, ace=ace)
    if as_json:
        typer.echo(json.dumps(moves_json(options)))
        return
    print_moves_table(make_console(), mover_pos, target_pos, mp, wing_over_used, options)


# -- simulate ----------------------------------------------------------------


@app.command()
@reports_errors
def simulate(
    games_: Annotated[
        int, typer.Option("--games", help=f"How many games to play (1 to {MAX_GAMES}).")
    ] = 100,
    seed: Annotated[
        str, typer.Option("--seed", help="Seed of the whole run.", callback=check_seed)
    ] = "0",
    bots: Annotated[
        str, typer.Option("--bots", help="Two bots, Communist first: e.g. random,heuristic.")
    ] = "random,random",
    engagement: Annotated[
        bool, typer.Option("--engagement", help="Single engagements (migs-engagement).")
    ] = False,
    option: OptionPairs = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play N games between two bots and summarise wins, kills and lengths."""
    names = [b.strip() for b in bots.split(",")]
    if len(names) != 2 or not all(names):
        raise SeatError(f"--bots {bots!r} must name two bots, Communist first (e.g. random,random)")
    pair = (
        normalise_seat(names[0], "Communist", "--bots").removeprefix("ai:"),
        normalise_seat(names[1], "Allied", "--bots").removeprefix("ai:"),
    )
    if HUMAN in pair:
        raise SeatError("--bots must name two bots; a human cannot play a simulation")
    game_name = EngagementGame.name if engagement else MigsGame.name
    started = time.perf_counter()
    with games_progress(games_, f"{pair[0]} v {pair[1]}") as done:
        summary = run_simulation(
            game_name, parse_option_pairs(option), pair, games_, parse_seed(seed) or 0, done
        )
    seconds = time.perf_counter() - started
    if as_json:
        typer.echo(json.dumps(summary))
        return
    console = make_console()
    table = Table(title=f"{summary['games']} games of {game_name}: {pair[0]} v {pair[1]}")
    table.add_column("")
    table.add_column("Communist")
    table.add_column("Allied")
    table.add_row("bot", pair[0], pair[1])
    table.add_row("wins", str(summary["wins"]["communist"]), str(summary["wins"]["allied"]))
    table.add_row("kills", str(summary["kills"]["communist"]), str(summary["kills"]["allied"]))
    table.add_row(
        "mean score",
        str(summary["mean_score"]["communist"]),
        str(summary["mean_score"]["allied"]),
    )
    console.print(table)
    by_type = ", ".join(f"{k} {v}" for k, v in summary["kills_by_type"].items()) or "none"
    console.print(f"draws: {summary['draws']}; shot down by type: {by_type}", markup=False)
    console.print(
        f"mean engagements per game: {summary['mean_engagements']}; mean movement turns per "
        f"plane per engagement: {summary['mean_turns']}; {seconds:.2f} s",
        markup=False,
    )
