"""``airwar migs replay ID --analyse``: a saved game's exact analysis at the terminal.

Each engagement is a table in the game's order: every decision with its
value, the best decision and its value, the loss and a mark, every roll
with its luck, and both planes' kill chances after each step; then a
summary per seat. ``--plot FILE.png`` draws the kill chances along the game
(matplotlib, the lab extra). See ``docs/review.md`` for what the numbers mean.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from airwar.analysis.review import (
    SYMBOLS,
    DecisionReview,
    EngagementReview,
    GameReview,
    SolutionSource,
    Thresholds,
    describe_marks,
    from_cache,
    needed_solutions,
    review_record,
)
from airwar.core.errors import OptionError
from airwar.games.migs_sabres.solver import Matchup, Solution, SolverOptions, jobs
from airwar.games.migs_sabres.solver.cache import cache_limit_mb
from airwar.store import StoredGame

LEGEND = """\
  value: the deciding side's expected points (kills, or base-value points with IV.A)
  under optimal play from there on, after the decision taken; best: the best decision
  ("=": the one taken); loss: how much less the decision taken is worth than the best.
  luck: the chance of a roll at least this good for the roller (exact); swing: how much
  the roll changed the roller's expected points. kill %: each plane's chance to shoot
  the other down from there. Per seat: average loss over the decisions with a choice,
  the marks, the mean luck of its own rolls (1/2 is average, lower is luckier) and what
  all the dice gave it, in points."""


def _pct(p: float) -> str:
    return f"{100 * p:.1f}"


def _signed(v: float) -> str:
    return f"{v:+.3f}" if abs(v) >= 5e-4 else " 0.000"


@contextmanager
def solution_source(console: Console, solve: bool) -> Iterator[SolutionSource]:
    """The cache only, or solve jobs with a line and a progress bar on standard error."""
    if not solve:
        yield from_cache
        return
    cache_limit_mb()  # a bad AIRWAR_SOLVER_CACHE_MB is refused before a solve
    told: set[int] = set()
    bar: Progress | None = None
    task = None

    def on_progress(status: jobs.JobStatus) -> None:
        nonlocal bar, task
        if status.id not in told:
            told.add(status.id)
            console.print(
                f"Solving {status.label} for the analysis (once; then it is cached).",
                markup=False,
                highlight=False,
            )
            if console.is_terminal and bar is None:
                columns = (TextColumn("solving"), BarColumn(), TimeElapsedColumn())
                bar = Progress(*columns, console=console, transient=True)
                bar.start()
                task = bar.add_task("solve", total=1.0)
        if bar is not None and task is not None:
            bar.update(task, completed=status.progress)

    def source(matchup: Matchup, options: SolverOptions) -> Solution | None:
        found = from_cache(matchup, options)
        if found is not None:
            return found
        return jobs.solution(matchup, options, on_progress=on_progress)

    try:
        yield source
    finally:
        if bar is not None:
            bar.stop()


def analyse(
    stored: StoredGame,
    thresholds: Thresholds,
    *,
    solve: bool,
    console: Console,
    progress_console: Console,
) -> GameReview:
    """The review of a saved game, solving what is missing first when ``solve``."""
    with solution_source(progress_console, solve) as source:
        if solve:
            for matchup, options in needed_solutions(stored.record):
                source(matchup, options)
        with review_progress(progress_console) as on_progress:
            return review_record(
                stored.record, source=source, thresholds=thresholds, progress=on_progress
            )


@contextmanager
def review_progress(console: Console) -> Iterator[Callable[[int, int], None] | None]:
    """A bar of the decisions reviewed, on a terminal only (a long game takes a while)."""
    if not console.is_terminal:
        yield None
        return
    columns = (TextColumn("analysing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("review", total=None)

        def on_progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield on_progress


def print_json(review: GameReview) -> None:
    import typer

    typer.echo(json.dumps(review.to_dict()))


def roll_label(name: str) -> str:
    """A roll's short name for the table: MP, red die, blue die, kill."""
    low = name.lower()
    if low.startswith("movement points"):
        return "MP"
    if low.startswith("red die"):
        return "red die"
    if low.startswith("blue beats"):
        return "blue die"
    if low.startswith("kill"):
        return "kill roll"
    return name


def _table(title: str) -> Table:
    return Table(
        title=title,
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, 0),
        collapse_padding=True,
    )


def _engagement_table(e: EngagementReview, names: tuple[str, ...]) -> Table:
    table = _table(
        f"Engagement {e.number}: {e.matchup} ({names[e.active_seat]} active, "
        f"{names[e.listed_seat]} listed), turn limit {e.turn_limit}"
    )
    for col in (
        "#",
        "step",
        "value",
        "best",
        "loss",
        "mark",
        "luck",
        "swing",
        f"{e.active_type} kill %",
        f"{e.listed_type} kill %",
    ):
        table.add_column(col, justify="left" if col in ("step", "best", "mark") else "right")
    assert e.start is not None
    table.add_row(
        "", "start", _signed(e.start.value), "", "", "", "", "",
        _pct(e.start.p_kill_active), _pct(e.start.p_kill_listed),
    )  # fmt: skip
    for s in e.steps:
        if isinstance(s, DecisionReview):
            best = "=" if s.best == s.action or s.loss < 5e-7 else s.best
            table.add_row(
                str(s.index),
                f"{s.plane_type} {s.action}",
                _signed(s.value),
                best,
                f"{s.loss:.3f}",
                SYMBOLS[s.mark] if s.mark else "",
                "",
                "",
                _pct(s.p_kill_active),
                _pct(s.p_kill_listed),
            )
        else:
            p = s.p_at_least
            table.add_row(
                "",
                f"{s.plane_type} {roll_label(s.name)} {s.roll}",
                "",
                "",
                "",
                "",
                f"{p.numerator}/{p.denominator}",
                _signed(s.swing),
                _pct(s.p_kill_active),
                _pct(s.p_kill_listed),
            )
    return table


def summary_table(review: GameReview) -> Table:
    table = _table("Summary per seat")
    for col in (
        "seat",
        "decisions",
        "choices",
        "avg loss",
        "?!",
        "?",
        "??",
        "rolls",
        "luck",
        "dice (points)",
    ):
        table.add_column(col, justify="left" if col == "seat" else "right")
    for s in review.seats:
        table.add_row(
            s.name,
            str(s.decisions),
            str(s.choices),
            f"{s.average_loss:.4f}",
            str(s.marks["inaccuracy"]),
            str(s.marks["mistake"]),
            str(s.marks["blunder"]),
            str(s.rolls),
            f"{s.own_p_at_least:.3f}" if s.rolls else "",
            _signed(s.luck),
        )
    return table


def print_review(console: Console, review: GameReview) -> None:
    names = review.seat_names
    if not review.engagements:
        console.print("No engagement was fought in this game: nothing to analyse.")
    for e in review.engagements:
        if e.unrated is not None or e.start is None:
            console.print(
                f"Engagement {e.number}: {e.matchup}, turn limit {e.turn_limit}: {e.unrated}",
                markup=False,
            )
            continue
        console.print(_engagement_table(e, names))
        if e.result is not None:
            console.print(
                f"  result {_signed(e.result.value)} for the {e.active_type} "
                f"(started at {_signed(e.start.value)})",
                markup=False,
            )
        else:
            console.print("  (the engagement is still being fought)", markup=False)
    console.print(summary_table(review))
    for text in describe_marks(review.thresholds).values():
        console.print(f"  {text}", markup=False)
    console.print(LEGEND, markup=False)


def plot(review: GameReview, path: Path) -> Path:
    """Draw the kill chances to ``path`` (a PNG); a path that cannot be written is one line."""
    from airwar.analysis.plots import kill_chance_chart

    try:
        return kill_chance_chart(path, review)
    except OSError as exc:
        raise OptionError(f"--plot cannot write {path}: {exc.strerror or exc}") from None
