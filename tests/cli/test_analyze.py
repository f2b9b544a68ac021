"""`airwar analyze` smoke tests with tiny counts: JSON shapes, reports, Dask, errors."""

from __future__ import annotations

import json
from pathlib import Path

from dask.distributed import LocalCluster
from typer.testing import CliRunner

from airwar.cli.analyze import app

runner = CliRunner()
FAST = ["--games", "3", "--bots", "random,random", "--workers", "1", "--turn-limit", "2"]


def run_json(*args: str) -> object:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_matchups_json_has_every_row() -> None:
    rows = run_json("matchups", *FAST, "--aces", "no", "--first", "active")
    assert isinstance(rows, list) and len(rows) == 7
    assert {r["games"] for r in rows} == {3}
    assert {(r["active"], r["first"], r["ace"]) for r in rows} >= {("F-86", "active", False)}


def strict(constant: str) -> None:
    raise AssertionError(f"{constant} is not JSON")


def test_one_game_a_row_gives_strict_json_with_null_for_an_unbounded_interval() -> None:
    result = runner.invoke(
        app, ["matchups", *FAST[:1], "1", *FAST[2:], "--aces", "no", "--first", "active", "--json"]
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout, parse_constant=strict)  # no Infinity, no NaN
    diff = rows[0]["kill_difference"]
    assert diff["n"] == 1 and diff["low"] is None and diff["high"] is None


def test_first_mover_and_prop_vs_jet_json() -> None:
    fm = run_json("first-mover", *FAST)
    assert isinstance(fm, list) and len(fm) == 7
    assert {"effect", "active_first", "listed_first"} <= set(fm[0])
    pj = run_json("prop-vs-jet", *FAST, "--aces", "no")
    assert isinstance(pj, list)
    assert sorted((r["prop"], r["jet"]) for r in pj) == [
        ("F-51", "MiG-15"),
        ("F-51", "MiG-15"),
        ("Yak-9", "F-86"),
        ("Yak-9", "F-86"),
    ]


def test_campaign_passes_options_through_and_prints_a_table() -> None:
    out = run_json(
        "campaign",
        "--games",
        "2",
        "--bots",
        "random",
        "--workers",
        "1",
        "--sorties",
        "1",
        "--pilots",
        "--option",
        "turn_limit=2",
    )
    assert isinstance(out, dict)
    assert out["options"] == {"sorties": 1, "pilots": True, "turn_limit": 2}
    assert out["games"] == 2
    text = runner.invoke(
        app, ["campaign", "-n", "2", "--bots", "random", "--workers", "1", "--sorties", "1"]
    )
    assert text.exit_code == 0, text.output
    assert "communist" in text.stdout and "engagements per game" in text.stdout


def test_matchups_on_a_dask_cluster_match_the_local_run() -> None:
    local = run_json("matchups", *FAST, "--aces", "no", "--first", "listed")
    with LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        remote = run_json(
            "matchups",
            *FAST,
            "--aces",
            "no",
            "--first",
            "listed",
            "--scheduler",
            cluster.scheduler_address,
        )
    assert remote == local


def test_report_writes_png_and_self_contained_html(tmp_path: Path) -> None:
    out = tmp_path / "rep"
    result = runner.invoke(
        app,
        [
            "report",
            "--out",
            str(out),
            *FAST,
            "--aces",
            "no",
            "--campaign-games",
            "2",
            "--option",
            "sorties=1",
        ],
    )
    assert result.exit_code == 0, result.output
    html = (out / "report.html").read_text(encoding="utf-8")
    assert html.count("data:image/png;base64,") == 4
    for name in ("matchups", "first_mover", "prop_vs_jet", "campaign_scores"):
        png = out / f"{name}.png"
        assert png.read_bytes().startswith(b"\x89PNG") and png.stat().st_size > 5_000
    results = json.loads((out / "results.json").read_text())
    assert len(results["matchups"]) == 14 and results["campaign"]["games"] == 2


def test_errors_are_one_line_with_exit_code_2() -> None:
    for args, message in (
        (["matchups", "--bots", "random,nobody"], "unknown bot 'nobody'"),
        (["matchups", "--bots", "gunslingers-auto"], "unknown bot 'gunslingers-auto' for MiGs"),
        (["matchups", "--aces", "maybe"], "--aces 'maybe'"),
        (["matchups", "--first", "nobody"], "--first 'nobody'"),
        (["campaign", "--option", "sorties=0"], "sorties"),
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert message in result.output
