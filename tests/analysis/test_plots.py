"""Plots are real PNG files with content."""

from pathlib import Path

from airwar.analysis.plots import estimates_chart, histogram, paired_chart
from airwar.analysis.stats import Estimate

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _is_png(path: Path) -> bool:
    data = path.read_bytes()
    return data.startswith(PNG_MAGIC) and len(data) > 5_000


def test_estimates_chart_with_exact_markers(tmp_path: Path) -> None:
    ests = [Estimate(0.2, 0.1, 0.3, 100), Estimate(-0.1, -0.2, 0.0, 100)]
    out = estimates_chart(
        tmp_path / "a" / "m.png",
        ["A v B", "C v D"],
        ests,
        [0.22, None],
        title="t",
        xlabel="x",
    )
    assert _is_png(out)


def test_paired_chart_and_histogram(tmp_path: Path) -> None:
    e = Estimate(0.5, 0.4, 0.6, 10)
    assert _is_png(
        paired_chart(
            tmp_path / "p.png",
            ["x", "y"],
            [e, e],
            [e, e],
            names=("a", "b"),
            title="t",
            ylabel="y",
            exact=([0.5, None], [None, 0.4]),
        )
    )
    assert _is_png(histogram(tmp_path / "h.png", [0, 1, 1, 2, -1], title="t", xlabel="x"))
    assert (tmp_path / "h.png").stat().st_size > 0
