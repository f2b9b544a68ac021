"""``airwar analyze``: the MiGs and Sabres analysis lab.

Commands: ``matchups`` (every active plane against every listed plane, who
moves first, ace or not: exact solver values beside Monte Carlo estimates),
``first-mover`` (playtest note III.M.1 in numbers), ``prop-vs-jet`` (III.M.2),
``campaign`` (Monte Carlo of whole games or campaigns) and ``report`` (plots
and a self-contained HTML report). Monte Carlo runs on the local cores, or on
a Dask cluster with ``--scheduler tcp://host:8786``; the same ``--seed``
gives the same numbers either way.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table as RichTable
from rich.text import Text

from airwar.analysis import lab
from airwar.analysis.campaign import run_campaigns
from airwar.analysis.matchups import (
    FIRST_CHOICES,
    Configuration,
    MatchupResult,
    all_matchups,
    matchup_table,
)
from airwar.analysis.montecarlo import default_workers
from airwar.analysis.questions import first_mover, is_prop_vs_jet, prop_vs_jet
from airwar.analysis.report import Table
from airwar.cli.common import (
    MAX_GAMES,
    MAX_SEED_LENGTH,
    OptionPairs,
    Typer,
    check_seed,
    int_range,
    make_console,
    parse_option_pairs,
    reports_errors,
)
from airwar.cli.packaged import dask_scheduler, need_extra
from airwar.core.errors import OptionError
from airwar.games.migs_sabres import MigsGame, solver
from airwar.games.migs_sabres.engagement_game import TURN_LIMIT_PARAMETER
from airwar.games.migs_sabres.solver import cache as solver_cache
from airwar.games.migs_sabres.solver.jobs import DONE, FAILED, JobStatus, ProgressCallback

app = Typer(
    add_completion=False,
    help="The analysis lab: matchup odds, the designer's questions, campaigns, reports.",
    no_args_is_help=True,
)

Games = Annotated[
    int,
    typer.Option(
        "--games",
        "-n",
        callback=int_range(1, MAX_GAMES, "more games cannot change a printed rate"),
        help=f"Monte Carlo games per row (1 to {MAX_GAMES}).",
    ),
]
Seed = Annotated[
    str,
    typer.Option(
        "--seed",
        callback=check_seed,
        help=f"Master seed: same seed, same numbers (at most {MAX_SEED_LENGTH} characters).",
    ),
]
Bots = Annotated[
    str,
    typer.Option("--bots", help="Two bots, active plane's first then the listed plane's: A,B."),
]
MAX_WORKERS = default_workers()
"""Local processes: one per core of this computer; more would only wait for a core."""
Workers = Annotated[
    int | None,
    typer.Option(
        "--workers",
        callback=int_range(1, MAX_WORKERS, "one process per core of this computer"),
        help="Local processes (default and most: every core).",
    ),
]
Scheduler = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        help="Dask scheduler address: run the games on that cluster (the lab extra).",
        callback=dask_scheduler,
    ),
]
AsJson = Annotated[bool, typer.Option("--json", help="Print the results as JSON.")]
Solve = Annotated[
    bool,
    typer.Option("--solve", help="Solve matchups the solver has not cached (minutes each)."),
]
MAX_TURN_LIMIT = TURN_LIMIT_PARAMETER.maximum or 1000
TurnLimit = Annotated[
    int,
    typer.Option(
        "--turn-limit",
        callback=int_range(1, MAX_TURN_LIMIT, "the game's turn_limit option, MS-18"),
        help=f"Movement turns of each plane (MS-11; 1 to {MAX_TURN_LIMIT}; the expert bot "
        f"and --solve take at most {solver.MAX_TURN_LIMIT}, MS-24).",
    ),
]
MAX_CACHE_MB = 10**9 - 1
CacheMb = Annotated[
    int | None,
    typer.Option(
        "--cache-mb",
        callback=int_range(0, MAX_CACHE_MB, "the solver cache's cap in MB"),
        help=f"Cap of the solver cache in MB; the least recently used solutions go first "
        f"(default: ${solver_cache.CACHE_ENV}, else {solver_cache.DEFAULT_CACHE_MB}).",
    ),
]
MAX_SORTIES = next(p.maximum for p in MigsGame.parameters if p.name == "sorties") or 10_000
Aces = Annotated[str, typer.Option("--aces", help="Active pilot an ace: no, yes or both (MS-14).")]


def parse_bots(text: str) -> tuple[str, str]:
    """Two bots that play MiGs and Sabres (the lab's games), as A,B or one for both."""
    from airwar.cli.migs_seats import bot_names

    names = [t.strip() for t in text.split(",") if t.strip()]
    if len(names) == 1:
        names = names * 2
    if len(names) != 2:
        raise OptionError(f"--bots {text!r}: give two bot names as A,B")
    known = bot_names()
    for name in names:
        if name not in known:
            raise OptionError(
                f"--bots: unknown bot {name!r} for MiGs and Sabres (known: {', '.join(known)})"
            )
    return names[0], names[1]


def parse_aces(text: str) -> tuple[bool, ...]:
    choices = {"no": (False,), "yes": (True,), "both": (False, True)}
    try:
        return choices[text.strip().lower()]
    except KeyError:
        raise OptionError(f"--aces {text!r}: choose no, yes or both") from None


def parse_seed(text: str) -> int | str:
    t = text.strip()
    return int(t) if t.lstrip("-").isdigit() else t


@contextmanager
def progress_bar(total: int, label: str, quiet: bool = False) -> Iterator[Callable[[int], None]]:
    """A rich progress bar on standard error; yields the callback that advances it."""
    if quiet:
        yield lambda _n: None
        return
    console = make_console(stderr=True)
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


class CountColumn(ProgressColumn):
    """Done of total for the games; the percentage for a solve."""

    def render(self, task: Task) -> Text:
        if task.fields.get("solve"):
            return Text(f"{task.percentage:>3.0f} %")
        return Text(f"{int(task.completed)}/{int(task.total or 0)}")


@contextmanager
def matchup_bars(
    total: int, quiet: bool = False
) -> Iterator[tuple[Callable[[int], None], ProgressCallback]]:
    """One rich display on standard error: the games' bar, and a bar for each solve.

    Yields (advance the games, the solve jobs' progress callback).
    """
    if quiet:
        yield (lambda _n: None), (lambda _s: None)
        return
    console = make_console(stderr=True)
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        CountColumn(),
        TextColumn("{task.fields[phase]}"),
        TimeElapsedColumn(),
    )
    solves: dict[str, TaskID] = {}
    with Progress(*columns, console=console, transient=True) as bar:
        games = bar.add_task("engagements", total=total, phase="")

        def on_solve(status: JobStatus) -> None:
            task = solves.get(status.key)
            if task is None:
                task = solves[status.key] = bar.add_task(
                    f"solving {status.label}", total=1.0, solve=True, phase=""
                )
            bar.update(task, completed=status.progress, phase=status.phase)
            if status.state in (DONE, FAILED):
                bar.remove_task(task)
                del solves[status.key]

        yield (lambda n: bar.advance(games, n)), on_solve


def print_table(table: Table, title: str) -> None:
    console = make_console()
    rich_table = RichTable(title=title, show_lines=False)
    for i, header in enumerate(table.headers):
        rich_table.add_column(header, justify="left" if i == 0 else "right")
    for row in table.rows:
        rich_table.add_row(*[str(c) for c in row])
    console.print(rich_table)


def _run_matchups(
    matchups: Sequence[Configuration],
    games: int,
    seed: str,
    bots: str,
    solve: bool,
    workers: int | None,
    scheduler: str | None,
    quiet: bool,
    cache_mb: int | None = None,
) -> list[MatchupResult]:
    pair = parse_bots(bots)
    with (
        solver_cache.cache_limit(cache_mb),
        matchup_bars(games * len(matchups), quiet) as (advance, on_solve),
    ):
        return matchup_table(
            matchups,
            games,
            parse_seed(seed),
            bots=pair,
            solve=solve,
            workers=workers,
            scheduler=scheduler,
            progress=advance,
            solve_progress=on_solve,
        )


def _finite(value: Any) -> Any:
    """``value`` with every infinite or NaN number as None: an interval of too few games
    is unbounded, and strict JSON has no Infinity (``null`` is "no bound")."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def _emit_json(payload: Any) -> None:
    typer.echo(json.dumps(_finite(payload), indent=2, sort_keys=True, allow_nan=False))


@app.command()
@reports_errors
def matchups(
    games: Games = 200,
    seed: Seed = "1",
    bots: Bots = "heuristic,heuristic",
    first: Annotated[
        str, typer.Option("--first", help="Who moves first: active, listed or both (MS-5).")
    ] = "both",
    aces: Aces = "both",
    turn_limit: TurnLimit = 20,
    solve: Solve = False,
    cache_mb: CacheMb = None,
    workers: Workers = None,
    scheduler: Scheduler = None,
    as_json: AsJson = False,
) -> None:
    """Every active plane against every listed plane: exact values beside Monte Carlo."""
    firsts = FIRST_CHOICES if first == "both" else (first,)
    if any(f not in FIRST_CHOICES for f in firsts):
        raise OptionError(f"--first {first!r}: choose active, listed or both")
    table = all_matchups(firsts, parse_aces(aces), turn_limit)
    results = _run_matchups(table, games, seed, bots, solve, workers, scheduler, as_json, cache_mb)
    if as_json:
        _emit_json([r.to_dict() for r in results])
        return
    print_table(lab.matchup_table(results), "MiGs and Sabres matchups (active plane's view)")


@app.command("first-mover")
@reports_errors
def first_mover_command(
    games: Games = 200,
    seed: Seed = "1",
    bots: Bots = "heuristic,heuristic",
    aces: Aces = "no",
    turn_limit: TurnLimit = 20,
    solve: Solve = False,
    cache_mb: CacheMb = None,
    workers: Workers = None,
    scheduler: Scheduler = None,
    as_json: AsJson = False,
) -> None:
    """III.M.1: is the plane that moves first in danger of being bounced?"""
    table = all_matchups(FIRST_CHOICES, parse_aces(aces), turn_limit)
    results = _run_matchups(table, games, seed, bots, solve, workers, scheduler, as_json, cache_mb)
    rows = first_mover(results)
    if as_json:
        _emit_json([r.to_dict() for r in rows])
        return
    print_table(lab.first_mover_table(rows), "III.M.1: the first-mover effect")


@app.command("prop-vs-jet")
@reports_errors
def prop_vs_jet_command(
    games: Games = 500,
    seed: Seed = "1",
    bots: Bots = "heuristic,heuristic",
    aces: Aces = "both",
    turn_limit: TurnLimit = 20,
    solve: Solve = False,
    cache_mb: CacheMb = None,
    workers: Workers = None,
    scheduler: Scheduler = None,
    as_json: AsJson = False,
) -> None:
    """III.M.2: how often does a prop plane bring down a swept-wing jet?"""
    table = [
        m for m in all_matchups(FIRST_CHOICES, parse_aces(aces), turn_limit) if is_prop_vs_jet(m)
    ]
    results = _run_matchups(table, games, seed, bots, solve, workers, scheduler, as_json, cache_mb)
    rows = prop_vs_jet(results)
    if as_json:
        _emit_json([r.to_dict() for r in rows])
        return
    print_table(lab.prop_vs_jet_table(rows), "III.M.2: prop against swept-wing jet")


def campaign_options(
    sorties: int | None, scoring: str | None, pilots: bool | None, option: list[str] | None
) -> dict[str, Any]:
    opts: dict[str, Any] = dict(parse_option_pairs(option))
    if sorties is not None:
        opts["sorties"] = sorties
    if scoring is not None:
        opts["scoring"] = scoring
    if pilots is not None:
        opts["pilots"] = pilots
    return opts


@app.command()
@reports_errors
def campaign(
    games: Games = 200,
    seed: Seed = "1",
    bots: Annotated[
        str, typer.Option("--bots", help="Two bots, Communist side first: A,B.")
    ] = "heuristic,heuristic",
    sorties: Annotated[
        int | None,
        typer.Option(
            "--sorties",
            callback=int_range(1, MAX_SORTIES, "the game's sorties option, MS-22"),
            help=f"Sorties per side (IV.B; 1 to {MAX_SORTIES}).",
        ),
    ] = None,
    scoring: Annotated[
        str | None, typer.Option("--scoring", help="kills or base-value (MS-12, IV.A).")
    ] = None,
    pilots: Annotated[
        bool | None, typer.Option("--pilots/--no-pilots", help="Named pilots and aces (IV.C).")
    ] = None,
    option: OptionPairs = None,
    workers: Workers = None,
    scheduler: Scheduler = None,
    as_json: AsJson = False,
) -> None:
    """Monte Carlo of whole games or campaigns: scores, aces made, pilots lost."""
    opts = campaign_options(sorties, scoring, pilots, option)
    with progress_bar(games, "games", as_json) as advance:
        result = run_campaigns(
            games,
            parse_seed(seed),
            options=opts,
            bots=parse_bots(bots),
            workers=workers,
            scheduler=scheduler,
            progress=advance,
        )
    if as_json:
        _emit_json(result.to_dict())
        return
    print_table(lab.campaign_table(result), f"MiGs and Sabres: {games} games, options {opts}")
    make_console().print(f"engagements per game: {lab.count_text(result.engagements)}")


@app.command()
@reports_errors
def report(
    out: Annotated[Path, typer.Option("--out", help="Folder for the PNGs and report.html.")] = Path(
        "airwar-report"
    ),
    games: Games = 200,
    campaign_games: Annotated[
        int,
        typer.Option(
            "--campaign-games",
            callback=int_range(0, MAX_GAMES, "more games cannot change a printed rate"),
            help=f"Whole games (0: no campaign part; at most {MAX_GAMES}).",
        ),
    ] = 100,
    seed: Seed = "1",
    bots: Bots = "heuristic,heuristic",
    aces: Aces = "both",
    turn_limit: TurnLimit = 20,
    solve: Solve = False,
    cache_mb: CacheMb = None,
    option: OptionPairs = None,
    workers: Workers = None,
    scheduler: Scheduler = None,
) -> None:
    """Run the matchups, the designer's questions and a campaign; write plots and HTML
    (the lab extra)."""
    need_extra("lab", "airwar analyze report")
    table = all_matchups(FIRST_CHOICES, parse_aces(aces), turn_limit)
    results = _run_matchups(table, games, seed, bots, solve, workers, scheduler, False, cache_mb)
    campaign_result = None
    if campaign_games:
        opts = campaign_options(None, None, None, option)
        with progress_bar(campaign_games, "games", False) as advance:
            campaign_result = run_campaigns(
                campaign_games,
                parse_seed(seed),
                options=opts,
                bots=parse_bots(bots),
                workers=workers,
                scheduler=scheduler,
                progress=advance,
            )
    path = lab.write_lab_report(
        out,
        matchups=results,
        first_mover=first_mover(results),
        prop_vs_jet=prop_vs_jet(results),
        campaign=campaign_result,
        meta={
            "seed": seed,
            "bots": bots,
            "games per matchup": games,
            "campaign games": campaign_games,
            "turn limit": turn_limit,
        },
    )
    make_console().print(f"report written to {path}")
