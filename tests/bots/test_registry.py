"""make_bot: bots by name."""

from __future__ import annotations

import pytest

from airwar.bots import BOTS, HeuristicBot, RandomBot, bot_names, make_bot


def test_known_bots() -> None:
    assert {"random", "heuristic"} <= set(bot_names())
    assert isinstance(make_bot("random", 1), RandomBot)
    bot = make_bot("heuristic", 2)
    assert isinstance(bot, HeuristicBot) and bot.name == "heuristic"
    assert set(BOTS) == set(bot_names())


def test_unknown_bot() -> None:
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        make_bot("genius")
