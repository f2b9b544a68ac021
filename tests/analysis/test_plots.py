"""Plots draw what they are given: checked from the figure's own data, and saved as PNG files.

Each plot function builds a matplotlib figure and saves it; the tests catch the
figure on its way to the file and read back what was drawn: the points and
their error bars, the bars' heights, the exact markers, the titles and labels.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from airwar.analysis import plots
from airwar.analysis.plots import estimates_chart, histogram, paired_chart
from airwar.analysis.stats import Estimate

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """The figures the plot functions save, in order (they are still saved)."""
    figures: list[Any] = []
    save = plots._save

    def keep(fig: Any, path: Path) -> Path:
        figures.append(fig)
        return save(fig, path)

    monkeypatch.setattr(plots, "_save", keep)
    yield figures


def _is_png(path: Path) -> bool:
    data = path.read_bytes()
    return data.startswith(PNG_MAGIC) and len(data) > 5_000


def _flat(pairs: Any) -> list[float]:
    """The numbers of a sequence of pairs, in order: pytest.approx compares flat
    sequences of numbers only (pytest 9 refuses nested tuples)."""
    return [float(x) for pair in pairs for x in pair]


def _error_spans(ax: Any) -> list[tuple[float, float]]:
    """Each error bar of an Axes as (low, high) along its own direction."""
    spans = []
    for coll in ax.collections:
        for seg in getattr(coll, "get_segments", list)():
            (x0, y0), (x1, y1) = seg
            if y0 == y1:  # horizontal bar
                spans.append((min(x0, x1), max(x0, x1)))
            elif x0 == x1:  # vertical bar
                spans.append((min(y0, y1), max(y0, y1)))
    return spans


def _markers(ax: Any) -> Any:
    """The points of the scatter markers (the exact values) of an Axes."""
    found = [c.get_offsets() for c in ax.collections if type(c).__name__ == "PathCollection"]
    return np.concatenate(found) if found else np.empty((0, 2))


def test_estimates_chart_draws_each_estimate_its_interval_and_the_exact_value(
    tmp_path: Path, drawn: list[Any]
) -> None:
    ests = [Estimate(0.2, 0.1, 0.3, 100), Estimate(-0.1, -0.2, 0.0, 100)]
    out = estimates_chart(
        tmp_path / "a" / "m.png",
        ["A v B", "C v D"],
        ests,
        [0.22, None],
        title="Kill margin",
        xlabel="kills per game",
    )
    assert _is_png(out)
    (fig,) = drawn
    (ax,) = fig.axes
    assert ax.get_title() == "Kill margin"
    assert ax.get_xlabel() == "kills per game"
    # the first label is the top row
    rows = {t.get_text(): y for t, y in zip(ax.get_yticklabels(), ax.get_yticks(), strict=True)}
    assert rows == {"A v B": 1, "C v D": 0}
    points = ax.lines[0]
    assert list(points.get_xdata()) == pytest.approx([0.2, -0.1])
    assert list(points.get_ydata()) == [1, 0]
    assert _flat(sorted(_error_spans(ax))) == pytest.approx([-0.2, 0.0, 0.1, 0.3])
    # the exact value: one diamond, on the first row only
    assert [tuple(p) for p in _markers(ax)] == [(0.22, 1.0)]
    legend = {t.get_text() for t in ax.get_legend().get_texts()}
    assert legend == {"Monte Carlo (95% interval)", "exact (solver)"}
    # the reference line at 0
    assert any(list(line.get_xdata()) == [0.0, 0.0] for line in ax.lines)


def test_paired_chart_draws_two_bars_per_label_with_their_intervals(
    tmp_path: Path, drawn: list[Any]
) -> None:
    a1, a2 = Estimate(0.5, 0.4, 0.6, 10), Estimate(0.25, 0.2, 0.3, 10)
    b1, b2 = Estimate(0.1, 0.0, 0.2, 10), Estimate(-0.3, -0.5, -0.1, 10)
    out = paired_chart(
        tmp_path / "p.png",
        ["x", "y"],
        [a1, a2],
        [b1, b2],
        names=("heuristic", "random"),
        title="Paired",
        ylabel="margin",
        exact=([0.5, None], [None, -0.25]),
    )
    assert _is_png(out)
    (ax,) = drawn[0].axes
    assert (ax.get_title(), ax.get_ylabel()) == ("Paired", "margin")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["x", "y"]
    bars = [(round(p.get_x() + p.get_width() / 2, 6), p.get_height()) for p in ax.patches]
    width = 0.38
    assert _flat(bars) == pytest.approx(
        _flat([(-width / 2, 0.5), (1 - width / 2, 0.25), (width / 2, 0.1), (1 + width / 2, -0.3)])
    )
    assert _flat(sorted(_error_spans(ax))) == pytest.approx(
        _flat(sorted([(0.4, 0.6), (0.2, 0.3), (0.0, 0.2), (-0.5, -0.1)]))
    )
    marks = [tuple(p) for c in ax.collections for p in c.get_offsets() if len(c.get_offsets()) == 2]
    assert _flat(sorted(marks)) == pytest.approx(
        _flat(sorted([(-width / 2, 0.5), (1 + width / 2, -0.25)]))
    )
    legend = {t.get_text() for t in ax.get_legend().get_texts()}
    assert legend == {"heuristic", "random", "exact (solver)"}


def test_histogram_draws_one_bar_per_value_as_tall_as_its_count(
    tmp_path: Path, drawn: list[Any]
) -> None:
    out = histogram(tmp_path / "h.png", [0, 1, 1, 2, -1, 1], title="Margins", xlabel="margin")
    assert _is_png(out)
    (ax,) = drawn[0].axes
    assert (ax.get_title(), ax.get_xlabel(), ax.get_ylabel()) == ("Margins", "margin", "games")
    bars = {round(p.get_x() + p.get_width() / 2): p.get_height() for p in ax.patches}
    assert bars == {-1: 1, 0: 1, 1: 3, 2: 1}
    assert all(p.get_width() == pytest.approx(1.0) for p in ax.patches)


def test_an_empty_histogram_draws_no_bar(tmp_path: Path, drawn: list[Any]) -> None:
    assert _is_png(histogram(tmp_path / "e.png", [], title="None", xlabel="margin"))
    assert len(drawn[0].axes[0].patches) == 0
