"""Plots of the analysis lab (matplotlib, Agg backend, PNG files).

Every plot shows Monte Carlo estimates with their 95% intervals as error bars
and, where the solver has the exact value, that value as a marker beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from airwar.analysis.stats import Estimate
from airwar.core.extras import MissingExtra

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from airwar.analysis.review import GameReview

DPI = 110


def _figure(width: float, height: float) -> Figure:
    """A figure of its own, drawn by the Agg canvas: no pyplot, no global state.

    matplotlib is imported here, not at module level, so that commands which
    never plot start quickly.
    """
    try:
        from matplotlib.figure import Figure
    except ImportError as exc:
        raise MissingExtra("lab", "the analysis lab's plots") from exc

    return Figure(figsize=(width, height))


def _save(fig: Figure, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, dpi=DPI, format="png")
    return path


def estimates_chart(
    path: Path,
    labels: Sequence[str],
    estimates: Sequence[Estimate],
    exact: Sequence[float | None] = (),
    *,
    title: str,
    xlabel: str,
    reference: float | None = 0.0,
) -> Path:
    """Horizontal chart: one row per label, the estimate with its 95% interval.

    ``exact`` (same length as ``labels``, ``None`` where unknown) is drawn as
    a diamond on the same row; ``reference`` as a vertical line.
    """
    n = len(labels)
    fig = _figure(8.0, max(2.5, 0.38 * n + 1.4))
    ax = fig.subplots()
    ys = list(range(n))[::-1]
    means = [e.mean for e in estimates]
    lows = [e.mean - e.low for e in estimates]
    highs = [e.high - e.mean for e in estimates]
    ax.errorbar(
        means,
        ys,
        xerr=[lows, highs],
        fmt="o",
        color="tab:blue",
        capsize=3,
        label="Monte Carlo (95% interval)",
    )
    known = [(v, y) for v, y in zip(exact, ys, strict=False) if v is not None]
    if known:
        ax.scatter(
            [v for v, _ in known],
            [y for _, y in known],
            marker="D",
            color="tab:red",
            zorder=3,
            label="exact (solver)",
        )
    if reference is not None:
        ax.axvline(reference, color="grey", linewidth=0.8)
    ax.set_yticks(ys)
    ax.set_yticklabels(labels, fontsize=8)
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    ax.legend(loc="best", fontsize=8)
    ax.grid(axis="x", alpha=0.3)
    return _save(fig, path)


def paired_chart(
    path: Path,
    labels: Sequence[str],
    first: Sequence[Estimate],
    second: Sequence[Estimate],
    *,
    names: tuple[str, str],
    title: str,
    ylabel: str,
    exact: tuple[Sequence[float | None], Sequence[float | None]] = ((), ()),
) -> Path:
    """Grouped bars: for each label, two estimates side by side with 95% intervals.

    ``exact`` (two series like ``first`` and ``second``, ``None`` where
    unknown) is drawn as diamonds on the bars.
    """
    n = len(labels)
    fig = _figure(max(6.0, 1.1 * n + 2), 4.2)
    ax = fig.subplots()
    width = 0.38
    xs = list(range(n))
    for offset, series, name, colour in (
        (-width / 2, first, names[0], "tab:blue"),
        (width / 2, second, names[1], "tab:orange"),
    ):
        ax.bar(
            [x + offset for x in xs],
            [e.mean for e in series],
            width,
            yerr=[[e.mean - e.low for e in series], [e.high - e.mean for e in series]],
            capsize=3,
            label=name,
            color=colour,
        )
    marks = [
        (x + offset, v)
        for offset, series in ((-width / 2, exact[0]), (width / 2, exact[1]))
        for x, v in zip(xs, series, strict=False)
        if v is not None
    ]
    if marks:
        ax.scatter(
            [x for x, _ in marks],
            [v for _, v in marks],
            marker="D",
            color="tab:red",
            zorder=3,
            label="exact (solver)",
        )
    ax.axhline(0.0, color="grey", linewidth=0.8)
    ax.set_xticks(xs)
    ax.set_xticklabels(labels, rotation=20, ha="right", fontsize=8)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    return _save(fig, path)


def histogram(
    path: Path,
    values: Sequence[float],
    *,
    title: str,
    xlabel: str,
) -> Path:
    """Histogram of integer-valued results (one bar per value)."""
    fig = _figure(7.0, 3.8)
    ax = fig.subplots()
    if values:
        lo, hi = int(min(values)), int(max(values))
        bins = [b - 0.5 for b in range(lo, hi + 2)]
        ax.hist(values, bins=bins, color="tab:blue", edgecolor="white")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.set_title(title)
    ax.grid(axis="y", alpha=0.3)
    return _save(fig, path)


def kill_chance_chart(path: Path, review: GameReview) -> Path:
    """Both seats' planes' kill chances along a reviewed game (one segment per engagement).

    The x axis counts the decisions of the record (a roll sits half a step after
    the decision before it); each engagement is its own pair of lines, starting
    at its value before the first roll. Engagements without values are left out.
    """
    from airwar.analysis.review import kill_chance_series

    points = kill_chance_series(review)
    fig = _figure(8.0, 3.6)
    ax = fig.subplots()
    colours = ("#b22222", "#1f4e9c")
    names = review.seat_names
    seen: set[int] = set()
    for number in sorted({p["engagement"] for p in points}):
        seg = [p for p in points if p["engagement"] == number]
        xs = [p["x"] for p in seg]
        for seat in (0, 1):
            label = None if seat in seen else f"{names[seat]} plane's kill chance"
            seen.add(seat)
            ax.step(
                xs,
                [p[f"seat{seat}"] for p in seg],
                where="post",
                color=colours[seat],
                label=label,
                linewidth=1.6,
            )
        ax.axvline(xs[0], color="#999999", linewidth=0.6, linestyle=":")
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("decisions of the game")
    ax.set_ylabel("kill chance (optimal play from here)")
    ax.set_title("Kill chances along the game")
    if points:
        ax.legend(loc="upper left", fontsize="small")
    ax.grid(alpha=0.3)
    return _save(fig, path)
