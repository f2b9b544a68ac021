"""The lab's tables show exact values beside estimates; the report writes every file."""

from pathlib import Path

import pytest

from airwar.analysis.campaign import CampaignResult
from airwar.analysis.lab import (
    campaign_table,
    count_text,
    exact_text,
    first_mover_table,
    matchup_table,
    prop_vs_jet_table,
    write_lab_report,
)
from airwar.analysis.matchups import Configuration, ExactValue, MatchupResult
from airwar.analysis.questions import first_mover, prop_vs_jet
from airwar.analysis.stats import Estimate

E = Estimate(0.25, 0.2, 0.3, 100)


def _result(first: str, exact: ExactValue | None) -> MatchupResult:
    return MatchupResult(
        Configuration.of("MiG-15", "F-51", first), ("expert", "expert"), E, E, E, exact
    )


RESULTS = [_result("active", ExactValue(0.5, 0.6, 0.1)), _result("listed", None)]


@pytest.mark.parametrize(
    ("value", "percent", "text"),
    [(None, False, "-"), (0.5, False, "+0.500"), (-0.25, False, "-0.250"), (0.125, True, "12.5%")],
)
def test_exact_text(value: float | None, percent: bool, text: str) -> None:
    assert exact_text(value, percent) == text


def test_matchup_rows_put_exact_beside_estimate() -> None:
    table = matchup_table(RESULTS)
    assert table.rows[0][:4] == [
        "MiG-15 v F-51, MiG-15 first",
        "+0.500",
        "+0.250 [+0.200, +0.300]",
        "60.0%",
    ]
    assert table.rows[1][1] == "-"
    assert len(table.headers) == len(table.rows[0])


def test_question_tables() -> None:
    (fm,) = first_mover_table(first_mover(RESULTS)).rows
    assert fm[0] == "MiG-15 v F-51" and fm[1] == "+0.500" and fm[5] == "-"
    pj = prop_vs_jet_table(prop_vs_jet(RESULTS)).rows
    assert pj[0][:4] == [
        "F-51 v MiG-15",
        "MiG-15 v F-51, MiG-15 first",
        "10.0%",
        "25.0% [20.0%, 30.0%]",
    ]


def _campaign() -> CampaignResult:
    side = {"communist": E, "allied": E}
    return CampaignResult(
        4,
        ("random", "random"),
        {"sorties": 1},
        side,
        E,
        side,
        side,
        side,
        side,
        E,
        {"F-51": 0.5},
        [1.0, -1.0, 0.0, 2.0],
    )


def test_campaign_table_and_counts() -> None:
    table = campaign_table(_campaign())
    assert [r[0] for r in table.rows] == ["communist", "allied", "draws"]
    assert table.rows[0][2] == count_text(E) == "0.25 [0.20, 0.30]"


def test_report_writes_plots_html_and_json(tmp_path: Path) -> None:
    html = write_lab_report(
        tmp_path,
        matchups=RESULTS,
        first_mover=first_mover(RESULTS),
        prop_vs_jet=prop_vs_jet(RESULTS),
        campaign=_campaign(),
        meta={"seed": 1},
    )
    text = html.read_text(encoding="utf-8")
    assert text.count("data:image/png;base64,") == 4
    assert "seed: 1" in text
    assert (tmp_path / "results.json").stat().st_size > 200
    empty = write_lab_report(tmp_path / "empty")
    assert "No results" in empty.read_text(encoding="utf-8")
