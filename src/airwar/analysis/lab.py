"""The analysis lab's tables, plots and report, shared by ``airwar analyze`` and its HTML.

Each ``*_table`` function turns results into a :class:`~airwar.analysis.report.Table`
of formatted text (the terminal and the HTML show the same numbers);
:func:`write_lab_report` draws the plots and writes the self-contained HTML.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from airwar.analysis.campaign import SIDES, CampaignResult
from airwar.analysis.matchups import MatchupResult
from airwar.analysis.plots import estimates_chart, histogram, paired_chart
from airwar.analysis.questions import FirstMoverRow, PropVsJetRow
from airwar.analysis.report import Section, Table, write_html
from airwar.analysis.stats import Estimate

NO_VALUE = "-"


def exact_text(value: float | None, percent: bool = False) -> str:
    if value is None:
        return NO_VALUE
    return f"{value:.1%}" if percent else f"{value:+.3f}"


def estimate_text(e: Estimate, percent: bool = False, signed: bool = True) -> str:
    return e.text(percent=percent, signed=signed)


def count_text(e: Estimate) -> str:
    """A mean count per game with its interval (no plus signs)."""
    return e.text(digits=2, signed=False)


def matchup_table(results: Sequence[MatchupResult]) -> Table:
    """Kill difference and each plane's kill chance: exact beside Monte Carlo."""
    rows = []
    for r in results:
        x = r.exact
        rows.append(
            [
                r.matchup.label(),
                exact_text(None if x is None else x.kill_difference),
                estimate_text(r.kill_difference),
                exact_text(None if x is None else x.p_active_kill, percent=True),
                estimate_text(r.p_active_kill, percent=True),
                exact_text(None if x is None else x.p_listed_kill, percent=True),
                estimate_text(r.p_listed_kill, percent=True),
                str(r.kill_difference.n),
            ]
        )
    return Table(
        [
            "matchup",
            "kill diff (exact)",
            "kill diff (MC, 95%)",
            "active kills (exact)",
            "active kills (MC)",
            "listed kills (exact)",
            "listed kills (MC)",
            "games",
        ],
        rows,
    )


def first_mover_table(rows: Sequence[FirstMoverRow]) -> Table:
    """III.M.1: the active plane's kill difference moving first and second."""
    out = []
    for row in rows:
        a, b = row.active_first, row.listed_first
        shot_a, shot_b = row.first_mover_shot_down
        out.append(
            [
                f"{row.active} v {row.listed}{', ace' if row.ace else ''}",
                exact_text(None if a.exact is None else a.exact.kill_difference),
                estimate_text(a.kill_difference),
                exact_text(None if b.exact is None else b.exact.kill_difference),
                estimate_text(b.kill_difference),
                exact_text(row.exact_effect),
                estimate_text(row.effect),
                f"{shot_a.mean:.1%} / {shot_b.mean:.1%}",
            ]
        )
    return Table(
        [
            "pairing (active v listed)",
            "active first (exact)",
            "active first (MC)",
            "listed first (exact)",
            "listed first (MC)",
            "effect of moving first (exact)",
            "effect (MC, 95%)",
            "first mover shot down (MC: active first / listed first)",
        ],
        out,
    )


def prop_vs_jet_table(rows: Sequence[PropVsJetRow]) -> Table:
    """III.M.2: the prop's chance to bring down the swept-wing jet, and the jet's."""
    out = []
    for row in rows:
        m = row.result.matchup
        exact = row.exact
        out.append(
            [
                f"{row.prop} v {row.jet}",
                m.label(),
                exact_text(None if exact is None else exact[0], percent=True),
                estimate_text(row.p_prop_kill, percent=True),
                exact_text(None if exact is None else exact[1], percent=True),
                estimate_text(row.p_jet_kill, percent=True),
            ]
        )
    return Table(
        [
            "prop v jet",
            "matchup",
            "prop kills jet (exact)",
            "prop kills jet (MC, 95%)",
            "jet kills prop (exact)",
            "jet kills prop (MC, 95%)",
        ],
        out,
    )


def campaign_table(result: CampaignResult) -> Table:
    """Per side: wins, mean score and kills, aces made, pilots lost (95% intervals)."""
    rows = []
    for side in SIDES:
        rows.append(
            [
                side,
                estimate_text(result.wins[side], percent=True),
                count_text(result.scores[side]),
                count_text(result.kills[side]),
                count_text(result.aces_made[side]),
                count_text(result.pilots_lost[side]),
            ]
        )
    rows.append(["draws", estimate_text(result.draws, percent=True), "", "", "", ""])
    return Table(
        ["side", "wins", "score", "kills", "aces made", "pilots lost"],
        rows,
    )


def write_lab_report(
    out: Path,
    *,
    matchups: Sequence[MatchupResult] = (),
    first_mover: Sequence[FirstMoverRow] = (),
    prop_vs_jet: Sequence[PropVsJetRow] = (),
    campaign: CampaignResult | None = None,
    meta: Mapping[str, Any] | None = None,
) -> Path:
    """Draw the plots into ``out`` and write ``out/report.html`` (and ``results.json``)."""
    out.mkdir(parents=True, exist_ok=True)
    meta = dict(meta or {})
    sections: list[Section] = []
    if matchups:
        png = estimates_chart(
            out / "matchups.png",
            [r.matchup.label() for r in matchups],
            [r.kill_difference for r in matchups],
            [None if r.exact is None else r.exact.kill_difference for r in matchups],
            title="Expected kill difference of the active plane, one engagement",
            xlabel="active kills minus active losses",
        )
        sections.append(
            Section(
                "Matchups",
                paragraphs=[
                    "Every active plane (MS-4) against every plane of the other side, "
                    "each plane moving first (MS-5), with and without an ace (MS-14). "
                    "Exact values are the solver's, under optimal play by both planes; "
                    "Monte Carlo values are from bot play with 95% intervals."
                ],
                tables=[matchup_table(matchups)],
                images=[png],
            )
        )
    if first_mover:
        png = paired_chart(
            out / "first_mover.png",
            [f"{r.active} v {r.listed}{' (ace)' if r.ace else ''}" for r in first_mover],
            [r.active_first.kill_difference for r in first_mover],
            [r.listed_first.kill_difference for r in first_mover],
            names=("active plane moves first", "listed plane moves first"),
            exact=(
                [
                    None if r.active_first.exact is None else r.active_first.exact.kill_difference
                    for r in first_mover
                ],
                [
                    None if r.listed_first.exact is None else r.listed_first.exact.kill_difference
                    for r in first_mover
                ],
            ),
            title="III.M.1: is moving first a handicap?",
            ylabel="active plane's kill difference",
        )
        sections.append(
            Section(
                "First mover (III.M.1)",
                paragraphs=[
                    "The effect of moving first is the active plane's kill difference "
                    "when it moves first minus the same when the listed plane moves first: "
                    "negative means moving first is a handicap."
                ],
                tables=[first_mover_table(first_mover)],
                images=[png],
            )
        )
    if prop_vs_jet:
        png = estimates_chart(
            out / "prop_vs_jet.png",
            [r.result.matchup.label() for r in prop_vs_jet],
            [r.p_prop_kill for r in prop_vs_jet],
            [None if r.exact is None else r.exact[0] for r in prop_vs_jet],
            title="III.M.2: chance that the prop plane shoots down the swept-wing jet",
            xlabel="probability per engagement",
            reference=None,
        )
        sections.append(
            Section(
                "Prop versus jet (III.M.2)",
                tables=[prop_vs_jet_table(prop_vs_jet)],
                images=[png],
            )
        )
    if campaign is not None:
        png = histogram(
            out / "campaign_scores.png",
            campaign.score_differences,
            title=f"Score difference over {campaign.games} games (Communist minus Allied)",
            xlabel="Communist score minus Allied score",
        )
        sections.append(
            Section(
                "Whole games and campaigns",
                paragraphs=[
                    f"{campaign.games} games between {campaign.bots[0]} (Communist) and "
                    f"{campaign.bots[1]} (Allied) bots; options "
                    f"{json.dumps(campaign.options, sort_keys=True)}; engagements per game "
                    f"{count_text(campaign.engagements)}."
                ],
                tables=[campaign_table(campaign)],
                images=[png],
            )
        )
    notes = [f"{k}: {v}" for k, v in sorted(meta.items())]
    if sections:
        sections[-1].notes.extend(notes)
    else:
        sections.append(Section("No results", notes=notes))
    payload = {
        "meta": meta,
        "matchups": [r.to_dict() for r in matchups],
        "first_mover": [r.to_dict() for r in first_mover],
        "prop_vs_jet": [r.to_dict() for r in prop_vs_jet],
        "campaign": None if campaign is None else campaign.to_dict(),
    }
    (out / "results.json").write_text(json.dumps(payload, indent=2, sort_keys=True) + "\n")
    return write_html(out / "report.html", "MiGs and Sabres: the analysis lab", sections)
