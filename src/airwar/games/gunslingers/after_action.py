"""The after-action report of a Gunslingers game in words (GS-87).

Each kill and loss with the shot that did it (weapon, firer, range, aspect,
the exact odds and the rolls), every missile fired and what became of it, and
the points turn by turn, from the result :func:`.victory.game_result` gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from airwar.games.gunslingers.model.scenario_schema import Scenario
from airwar.games.gunslingers.scoring import Scoring


def _odds_text(odds: Mapping[str, Any] | None) -> str:
    if not odds:
        return "the referee's result"
    return f"{odds.get('target')}- (p = {odds.get('p')}), rolled {odds.get('roll')}"


def shot_text(shot: Mapping[str, Any] | None, labels: Mapping[str, str]) -> str:
    """A shot in words: weapon, firer, range, aspect, the exact odds and the rolls."""
    if not shot:
        return "cause not in the log"
    by = labels.get(shot["by"], shot["by"])
    parts = [f"{shot['weapon']} of {by}" if shot["by"] in labels else str(shot["weapon"])]
    if shot.get("range") is not None:
        parts.append(f"range {shot['range']}")
    if shot.get("aspect"):
        parts.append(f"aspect {shot['aspect']}")
    if shot.get("launch"):
        parts.append(f"launch {_odds_text(shot['launch'])}")
    result = str(shot.get("result") or "")
    if shot.get("outcome"):
        parts.append(f"result {_odds_text(shot['outcome'])}")
    elif result and not result.startswith(("launch failed", "removed")):
        parts.append("result: the referee's")
    return ", ".join(parts)


def report_lines(result: Mapping[str, Any], labels: Mapping[str, str]) -> list[str]:
    """The after-action report as lines of text (the terminal's ``report``)."""
    out = [str(result["text"]) + "."]
    scheme = "the scenario's [victory]" if result["scheme"] == "scenario" else "the default (GS-86)"
    th = result["thresholds"]
    out.append(
        f"Scoring: {scheme}; a lead of {th['marginal']} wins marginally, "
        f"{th['decisive']} decisively (GS-87)."
    )
    out.append("")
    out.append("Points:")
    if not result["scores"]:
        out.append("  none scored")
    for s in result["scores"]:
        out.append(f"  turn {s['turn']}: {s['side']} +{s['points']}: {s['text']}")
    out.append("")
    out.append("Kills and losses:")
    if not result["kills"]:
        out.append("  none")
    for k in result["kills"]:
        out.append(
            f"  turn {k['turn']}: {k['label']} ({k['side']}, {k['type'] or 'aircraft'}, "
            f"{k['points']} points): {shot_text(k['shot'], labels)}"
        )
    if result["ground"]:
        out.append("")
        out.append("Ground units destroyed:")
        for g in result["ground"]:
            out.append(
                f"  turn {g['turn']}: {g['label']} ({g['side']}, {g['points']} points): "
                f"{shot_text(g['shot'], labels)}"
            )
    out.append("")
    out.append("Missiles fired:")
    fired = [m for m in result["missiles"]]
    if not fired:
        out.append("  none")
    for m in fired:
        target = labels.get(m["target"], m["target"])
        out.append(
            f"  turn {m['turn']}: {shot_text(m, labels)} at {target}: "
            f"{(m.get('result') or 'in flight at the end').replace('_', ' ')}"
        )
    out.append("")
    out.append("SAMs and ground units suppressed:")
    if not result["suppressed"]:
        out.append("  none")
    for s in result["suppressed"]:
        out.append(
            f"  turn {s['turn']}: {s['label']} ({s['side']}, {s['kind']}): {s['points']} points"
        )
    out.append("")
    out.append("Points after each turn:")
    for side, row in result["by_turn"].items():
        out.append(f"  {side:<10} " + " ".join(f"{n:>3}" for n in row))
    return out


def labels_of(scenario: Scenario) -> dict[str, str]:
    """Each unit's name (its id if it has none), for the report."""
    return {uid: v[3] for uid, v in Scoring(scenario).units.items()}
