"""The after-action report's pure parts in Node: the result's words, the chart's lines
and a shot in words (``static/js/gunslingers_result.js``, GS-85)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[2] / "src" / "airwar" / "web" / "static" / "js"

HARNESS = """
const fs = require("fs"), vm = require("vm");
const A = { oddsText: function (p) { return p + " (pct)"; } };
const sandbox = { window: { Airwar: A } };
vm.createContext(sandbox);
vm.runInContext(fs.readFileSync(process.argv[1], "utf8"), sandbox);
const R = A.gunslingersResult;
const vic = JSON.parse(process.argv[2]);
const c = R.chart(vic.by_turn, vic.sides, 320, 140, 20);
process.stdout.write(JSON.stringify({
  summary: R.summary(vic),
  running: R.summary(Object.assign({}, vic, { over: false })),
  lines: c.lines.map(function (l) { return [l.side, l.points, l.last]; }),
  top: c.top, turns: c.turns,
  shot: R.shotText(vic.kills[0].shot, vic.labels),
}));
"""

VICTORY = {
    "over": True,
    "sides": ["Blue", "Red"],
    "points": {"Blue": 12, "Red": 4},
    "winner": "Blue",
    "level": "decisive",
    "turn": 2,
    "thresholds": {"marginal": 2, "decisive": 6},
    "by_turn": {"Blue": [9, 12], "Red": [0, 4]},
    "labels": {"Viper-2": "Viper 2", "Mig-1": "Fulcrum"},
    "kills": [
        {
            "shot": {
                "weapon": "AIM-9M",
                "by": "Viper-2",
                "range": 4,
                "aspect": "150R",
                "launch": {"p": "7/10", "target": 7, "roll": 4},
                "outcome": {"p": "2/5", "target": 4, "roll": 1},
            }
        }
    ],
}


def test_the_result_words_chart_and_shot() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    done = subprocess.run(
        [node, "-e", HARNESS, str(JS / "gunslingers_result.js"), json.dumps(VICTORY)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    out = json.loads(done.stdout)
    assert out["summary"] == {
        "title": "Blue wins: a decisive win",
        "detail": "Points Blue 12, Red 4 after turn 2 (a lead of 2 wins marginally, 6 decisively).",
        "winner": "blue",
    }
    assert out["running"] is None
    assert (out["top"], out["turns"]) == (12, 2)
    # x from 20 to 300, y from 120 (0 points) to 20 (12 points)
    assert out["lines"] == [
        ["Blue", "20.0,45.0 300.0,20.0", 12],
        ["Red", "20.0,120.0 300.0,86.7", 4],
    ]
    assert out["shot"] == (
        "AIM-9M of Viper 2, range 4, aspect 150R, launch 7- (7/10 (pct)), rolled 4, "
        "result 4- (2/5 (pct)), rolled 1"
    )
