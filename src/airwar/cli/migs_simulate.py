"""``airwar migs simulate``: whole games between two bots, summarised.

Game ``i`` of a run with seed ``S`` is played with the seed ``"S:i"``, and
each bot gets its own seed from the same pair, so a run is reproducible and
any single game can be replayed on its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from airwar.cli.common import MAX_GAMES, shown
from airwar.cli.migs_seats import make_ai
from airwar.core.driver import play_bots
from airwar.core.errors import OptionError
from airwar.core.registry import load_game
from airwar.games.migs_sabres.planes import SIDES


def simulate(
    game_name: str,
    options: Mapping[str, Any],
    bots: tuple[str, str],
    games: int,
    seed: int | str,
    done: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and return the summary (wins, draws, kills, means); ``done``
    is called with 1 after each game (a progress bar advances)."""
    if games < 1:
        raise OptionError(f"--games must be at least 1, not {shown(games)}")
    if games > MAX_GAMES:
        raise OptionError(
            f"--games must be at most {MAX_GAMES}, not {shown(games)} (more games "
            "cannot change a rate printed to one decimal of a percentage)"
        )
    game = load_game(game_name, options)
    wins: Counter[str] = Counter()
    kills: Counter[str] = Counter()
    kills_by_type: Counter[str] = Counter()
    score_totals: Counter[str] = Counter()
    engagements = 0
    engagement_turns = 0
    decisions = 0
    draws = 0
    for i in range(games):
        players = {seat: make_ai(bots[seat], f"{seed}:{i}:{seat}") for seat in (0, 1)}
        driver = play_bots(game, players, f"{seed}:{i}")
        decisions += len(driver.record.actions)
        returns = driver.state.returns()
        if returns[0] > returns[1]:
            wins[SIDES[0]] += 1
        elif returns[1] > returns[0]:
            wins[SIDES[1]] += 1
        else:
            draws += 1
        for ev in driver.state.log:
            kind = ev["type"]
            if kind == "kill":
                kills[ev["attacker_side"]] += 1
                kills_by_type[ev["target_type"]] += 1
            elif kind == "engagement_end":
                engagements += 1
                engagement_turns += max(ev["active_turns"], ev["listed_turns"])
            elif kind == "score":
                score_totals[ev["side"]] += ev["points"]
        if done is not None:
            done(1)

    def mean(total: int, n: int) -> float:
        return round(float(Fraction(total, n)), 4) if n else 0.0

    return {
        "game": game_name,
        "options": dict(game.options),
        "seed": seed,
        "bots": {SIDES[s]: bots[s] for s in (0, 1)},
        "games": games,
        "wins": {side: wins[side] for side in SIDES},
        "draws": draws,
        "kills": {side: kills[side] for side in SIDES},
        "kills_by_type": dict(sorted(kills_by_type.items())),
        "mean_engagements": mean(engagements, games),
        "mean_turns": mean(engagement_turns, engagements),
        "mean_score": {
            side: mean(score_totals[side] if game_name == "migs-sabres" else kills[side], games)
            for side in SIDES
        },
        "mean_decisions": mean(decisions, games),
    }
