"""Monte Carlo of whole MiGs and Sabres games and campaigns (III.A-L, IV.A-C).

Each game is played by bots from its own seed (see
:mod:`airwar.analysis.montecarlo`) with the ``migs-sabres`` options passed
through (sorties, scoring, pilots, ...). Its summary is read from its event
log: final scores and kills per side, the winner, engagements flown, planes
shot down by type, aces made and pilots lost per side (MS-12..MS-14).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from airwar.analysis.montecarlo import GameOutcome, GameTask, Progress, run
from airwar.analysis.stats import Estimate, mean_interval, proportion_interval
from airwar.core.driver import Driver
from airwar.core.options import resolve_options
from airwar.games.migs_sabres.game import MigsGame
from airwar.games.migs_sabres.planes import SIDES


def campaign_summary(driver: Driver) -> dict[str, Any]:
    """One finished game in numbers, from its event log (module level: it pickles)."""
    end: dict[str, Any] = {}
    aces: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    engagements = 0
    for event in driver.state.log:
        kind = event["type"]
        if kind == "engagement_start":
            engagements += 1
        elif kind == "ace":
            aces[event["side"]] += 1
        elif kind == "pilot_replaced":
            lost[event["side"]] += 1
        elif kind == "game_end":
            end = event
    return {
        "scores": {s: end["scores"][s] for s in SIDES},
        "kills": {s: end["kills"][s] for s in SIDES},
        "winner": end["winner"],
        "shot_down_by_type": dict(end["shot_down_by_type"]),
        "engagements": engagements,
        "aces_made": {s: aces[s] for s in SIDES},
        "pilots_lost": {s: lost[s] for s in SIDES},
    }


@dataclass
class CampaignResult:
    """Estimates over many games: win/draw shares, mean scores, aces and losses."""

    games: int
    bots: tuple[str, str]
    options: dict[str, Any]
    wins: dict[str, Estimate]
    draws: Estimate
    scores: dict[str, Estimate]
    kills: dict[str, Estimate]
    aces_made: dict[str, Estimate]
    pilots_lost: dict[str, Estimate]
    engagements: Estimate
    shot_down_by_type: dict[str, float] = field(default_factory=dict)
    score_differences: list[float] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        def each(d: Mapping[str, Estimate]) -> dict[str, Any]:
            return {k: v.to_dict() for k, v in d.items()}

        return {
            "games": self.games,
            "bots": list(self.bots),
            "options": self.options,
            "wins": each(self.wins),
            "draws": self.draws.to_dict(),
            "scores": each(self.scores),
            "kills": each(self.kills),
            "aces_made": each(self.aces_made),
            "pilots_lost": each(self.pilots_lost),
            "engagements": self.engagements.to_dict(),
            "shot_down_per_game_by_type": self.shot_down_by_type,
        }


def summarise(
    outcomes: Sequence[GameOutcome], bots: tuple[str, str], options: Mapping[str, Any]
) -> CampaignResult:
    """Aggregate finished games into estimates with 95% intervals."""
    n = len(outcomes)
    if n == 0:
        raise ValueError("a campaign estimate needs at least one game")
    rows = [o.summary for o in outcomes]
    by_type: Counter[str] = Counter()
    for r in rows:
        by_type.update(r["shot_down_by_type"])

    def per_side(key: str) -> dict[str, Estimate]:
        return {s: mean_interval([float(r[key][s]) for r in rows]) for s in SIDES}

    communist, allied = SIDES
    return CampaignResult(
        games=n,
        bots=bots,
        options=dict(options),
        wins={s: proportion_interval(sum(1 for r in rows if r["winner"] == s), n) for s in SIDES},
        draws=proportion_interval(sum(1 for r in rows if r["winner"] is None), n),
        scores=per_side("scores"),
        kills=per_side("kills"),
        aces_made=per_side("aces_made"),
        pilots_lost=per_side("pilots_lost"),
        engagements=mean_interval([float(r["engagements"]) for r in rows]),
        shot_down_by_type={t: c / n for t, c in sorted(by_type.items())},
        score_differences=[float(r["scores"][communist] - r["scores"][allied]) for r in rows],
    )


def given_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options given (text from a command line too), checked and converted to their types."""
    given = dict(options or {})
    resolved = resolve_options(MigsGame.parameters, given)
    return {name: resolved[name] for name in given}


def campaign_task(options: Mapping[str, Any], bots: tuple[str, str]) -> GameTask:
    """The Monte Carlo task; ``bots`` are (Communist, Allied), the game's seat order."""
    MigsGame(options)  # refuse bad options here, before any worker starts
    return GameTask.of(
        MigsGame.name,
        options,
        bots,
        summarise=campaign_summary,
        modules=("airwar.games.migs_sabres",),
    )


def run_campaigns(
    games: int,
    seed: int | str,
    *,
    options: Mapping[str, Any] | None = None,
    bots: tuple[str, str] = ("heuristic", "heuristic"),
    workers: int | None = None,
    scheduler: Any = None,
    progress: Progress | None = None,
) -> CampaignResult:
    """Play ``games`` whole games (or campaigns) between bots and summarise them."""
    opts = given_options(options)
    outcomes = run(
        campaign_task(opts, bots),
        games,
        seed,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
    )
    return summarise(outcomes, bots, opts)
