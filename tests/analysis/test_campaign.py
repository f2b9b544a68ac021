"""Whole games by Monte Carlo: summaries from the event log, options passed through."""

import pytest

from airwar.analysis.campaign import campaign_task, run_campaigns
from airwar.core.errors import OptionError

TINY = {"sorties": 1, "turn_limit": 2, "pilots": True}


def test_campaign_summary_adds_up() -> None:
    r = run_campaigns(6, 3, options=TINY, bots=("random", "random"), workers=1)
    assert r.games == 6
    wins = r.wins["communist"].mean + r.wins["allied"].mean + r.draws.mean
    assert wins == pytest.approx(1.0)
    assert sum(r.shot_down_by_type.values()) == pytest.approx(
        r.kills["communist"].mean + r.kills["allied"].mean
    )
    assert len(r.score_differences) == 6
    assert r.to_dict()["options"] == TINY
    assert r.engagements.mean >= 0


def test_campaign_is_reproducible_from_its_seed() -> None:
    a = run_campaigns(4, "s", options=TINY, bots=("random", "random"), workers=1)
    b = run_campaigns(4, "s", options=TINY, bots=("random", "random"), workers=2)
    assert a.to_dict() == b.to_dict()


def test_bad_options_are_refused_before_any_game() -> None:
    with pytest.raises(OptionError, match="sorties"):
        campaign_task({"sorties": 0}, ("random", "random"))
