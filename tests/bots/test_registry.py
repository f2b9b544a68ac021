"""make_bot: bots by name."""

from __future__ import annotations

import sys

import pytest

from airwar.bots import BOTS, HeuristicBot, RandomBot, bot_names, make_bot
from airwar.bots.registry import LAZY_BOTS, refusal


def test_known_bots() -> None:
    assert {"random", "heuristic"} <= set(bot_names())
    assert isinstance(make_bot("random", 1), RandomBot)
    bot = make_bot("heuristic", 2)
    assert isinstance(bot, HeuristicBot) and bot.name == "heuristic"
    assert set(BOTS) == set(bot_names())


def test_unknown_bot() -> None:
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        make_bot("genius")


@pytest.mark.parametrize("name", sorted(LAZY_BOTS))
def test_a_bot_loaded_on_demand_is_the_one_its_name_says(name: str) -> None:
    """The registry names these bots before their modules load: the name it
    lists must be the name the bot gives itself once made."""
    bot = make_bot(name, 3)
    module, _factory = LAZY_BOTS[name]
    assert type(bot).__module__.startswith("airwar.") and bot.name == name
    assert module in sys.modules


def test_the_expert_refusal_is_asked_of_the_expert_only() -> None:
    assert refusal("random", {"turn_limit": 10**6}) is None
    assert refusal("expert", {"turn_limit": 20}) is None
    said = refusal("expert", {"turn_limit": 10**6})
    assert said is not None and "turn" in said
