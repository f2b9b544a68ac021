"""The bot registry: bots by name, the games each plays, and bots that installed packages add."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import airwar.games
from airwar.bots import HeuristicBot, RandomBot, bot_names, bots_for, make_bot, refusal, registry
from airwar.bots.registry import BotPackageError, BotRefused
from airwar.bots.specs import SHIPPED, BotSpec
from airwar.core.errors import AirwarError
from airwar.core.registry import load_game

airwar.games.load_all()

MIGS, ENGAGEMENT, GUNSLINGERS, BIA = (
    "migs-sabres",
    "migs-engagement",
    "gunslingers",
    "bia-engagement",
)
LONG = (
    "turn_limit 40: the expert solver takes at most 30 movement turns per plane (MS-24); "
    "a longer limit would take too long and too much disk to solve"
)
GS_TITLE = "Gunslingers: Expanded Sequence of Play"
BIA_TITLE = "Bounce Into Action: air-defence engagement"

PLAYS: list[tuple[str, str, dict[str, Any], str | None]] = [
    # (bot, game, options, None when it plays, else the exact refusal)
    ("random", MIGS, {}, None),
    ("random", ENGAGEMENT, {}, None),
    ("random", GUNSLINGERS, {}, None),
    ("random", BIA, {}, None),
    ("heuristic", MIGS, {}, None),
    ("heuristic", ENGAGEMENT, {"turn_limit": 40}, None),
    ("mcts", ENGAGEMENT, {"turn_limit": 0}, None),
    ("expert", MIGS, {}, None),
    ("expert", ENGAGEMENT, {"turn_limit": 30}, None),
    ("expert", ENGAGEMENT, {"turn_limit": 40}, LONG),
    ("expert", MIGS, {"turn_limit": 40}, LONG),
    (
        "heuristic",
        GUNSLINGERS,
        {},
        f"the heuristic bot plays MiGs and Sabres games only, not {GS_TITLE}",
    ),
    ("mcts", GUNSLINGERS, {}, f"the mcts bot plays MiGs and Sabres games only, not {GS_TITLE}"),
    ("expert", GUNSLINGERS, {}, f"the expert bot plays MiGs and Sabres games only, not {GS_TITLE}"),
    ("heuristic", BIA, {}, f"the heuristic bot plays MiGs and Sabres games only, not {BIA_TITLE}"),
    ("mcts", BIA, {}, f"the mcts bot plays MiGs and Sabres games only, not {BIA_TITLE}"),
    ("expert", BIA, {}, f"the expert bot plays MiGs and Sabres games only, not {BIA_TITLE}"),
    ("gunslingers-auto", GUNSLINGERS, {}, None),
    ("tactical", GUNSLINGERS, {}, None),
    ("tactical:easy", GUNSLINGERS, {}, None),
    ("tactical:hard", GUNSLINGERS, {}, None),
    (
        "tactical",
        ENGAGEMENT,
        {},
        "the tactical bot plays Gunslingers only, not MiGs and Sabres: one engagement",
    ),
    (
        "gunslingers-auto",
        BIA,
        {},
        f"the gunslingers-auto bot plays Gunslingers only, not {BIA_TITLE}",
    ),
    (
        "tactical:hard",
        MIGS,
        {},
        "the tactical:hard bot plays Gunslingers only, not MiGs and Sabres",
    ),
]


@pytest.mark.parametrize(("bot", "game", "options", "said"), PLAYS)
def test_each_bot_says_which_games_it_plays(
    bot: str, game: str, options: dict[str, Any], said: str | None
) -> None:
    played = load_game(game, options)
    assert refusal(bot, played) == said
    assert (bot in bots_for(played)) is (said is None)
    if said is None:
        return
    with pytest.raises(BotRefused) as refused:
        make_bot(bot, 1, game=played)
    assert str(refused.value) == said
    # the interfaces turn either into a 4xx or one line and exit code 2
    assert isinstance(refused.value, ValueError) and isinstance(refused.value, AirwarError)


@pytest.mark.parametrize("game", [MIGS, ENGAGEMENT])
def test_the_default_turn_limit_is_one_the_solver_takes(game: str) -> None:
    """The expert asks the solver only about a limit longer than the default (so that
    listing the bots of a default game does not load it): the default must be one it takes."""
    from airwar.bots.specs import default_turn_limit
    from airwar.games.migs_sabres.solver import turn_limit_refusal

    played = load_game(game)
    assert default_turn_limit(played) > 0
    assert turn_limit_refusal(default_turn_limit(played)) is None


def test_every_bot_and_game_is_in_the_table() -> None:
    assert {(b, g) for b, g, _, _ in PLAYS} >= {
        (b, g) for b in ("random", "heuristic", "mcts", "expert") for g in (GUNSLINGERS, BIA)
    }
    assert {b for b, *_ in PLAYS} == set(bot_names())


def test_the_bots_offered_for_each_game_are_those_it_offered_before() -> None:
    """The order players see: the registry's (the shipped bots first, in their order)."""
    assert bots_for(load_game(MIGS)) == ["random", "expert", "heuristic", "mcts"]
    assert bots_for(load_game(GUNSLINGERS)) == [
        "random",
        "gunslingers-auto",
        "tactical",
        "tactical:easy",
        "tactical:hard",
    ]
    assert bots_for(load_game(BIA)) == ["random"]
    assert [s.name for s in SHIPPED] == list(registry.specs())


def test_known_bots() -> None:
    assert {"random", "heuristic"} <= set(bot_names())
    assert isinstance(make_bot("random", 1), RandomBot)
    bot = make_bot("heuristic", 2)
    assert isinstance(bot, HeuristicBot) and bot.name == "heuristic"


def test_unknown_bot() -> None:
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        make_bot("genius")
    assert refusal("genius", load_game(MIGS)) is None  # the seat checks list the bots there are


@pytest.mark.parametrize("spec", SHIPPED, ids=lambda s: s.name)
def test_a_bot_loaded_on_demand_is_the_one_its_name_says(spec: BotSpec) -> None:
    """The registry names these bots before their modules load: the name it
    lists must be the name the bot gives itself once made."""
    bot = make_bot(spec.name, 3)
    assert isinstance(spec.factory, str)
    module = spec.factory.partition(":")[0]
    assert type(bot).__module__.startswith("airwar.") and bot.name == spec.name
    assert module in sys.modules


LIGHT = ("airwar.bots.random_bot",)
"""The one bot the package loads with it (it needs only the kernel)."""


def test_naming_the_bots_loads_neither_a_bot_nor_another_rule_set() -> None:
    """Listing the bots of a Gunslingers game loads no bot and no MiGs rules; those of a
    MiGs and Sabres game with its default options no solver."""
    code = (
        "import json, sys\n"
        "from airwar.bots.registry import bot_names, bots_for\n"
        "from airwar.games.gunslingers import GunslingersGame\n"
        "names = bot_names(); playing = bots_for(GunslingersGame())\n"
        "after_gunslingers = sorted(sys.modules)\n"
        "from airwar.games.migs_sabres import MigsGame\n"
        "assert bots_for(MigsGame()) == ['random', 'expert', 'heuristic', 'mcts']\n"
        "print(json.dumps([names, playing, after_gunslingers, sorted(sys.modules)]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    names, playing, after_gunslingers, modules = json.loads(out)
    assert "mcts" in names and "mcts" not in playing
    assert not [m for m in after_gunslingers if m.startswith("airwar.games.migs_sabres")]
    loaded = [m for m in modules if m.startswith(("airwar.games.migs_sabres.solver", "numba"))]
    bots = {m for m in modules if m.startswith("airwar.bots.")}
    assert loaded == [] and bots == {"airwar.bots.registry", "airwar.bots.specs", *LIGHT}


# -- bots that an installed package adds (the airwar.bots entry-point group) -----------
@pytest.fixture
def installed(tmp_path: Path) -> Iterator[Path]:
    """A folder on the import path for a package's module and its entry points; the
    registry reads the group afresh and forgets it again afterwards."""
    sys.path.insert(0, str(tmp_path))
    registry._SPECS.clear()
    yield tmp_path
    sys.path.remove(str(tmp_path))
    for name in [m for m in sys.modules if m.startswith("airwar_extra_bot")]:
        del sys.modules[name]
    registry._SPECS.clear()


def _package(folder: Path, module: str, entry_points: str) -> None:
    """An installed distribution: its module, its metadata and its entry points."""
    (folder / f"{module}.py").write_text(
        "from airwar.bots.random_bot import RandomBot\n"
        "from airwar.bots.specs import BotSpec, migs_only\n"
        "class Cautious(RandomBot):\n    name = 'cautious'\n"
        "SPEC = BotSpec('cautious', Cautious, migs_only('cautious'))\n"
        "WRONG = BotSpec('someone-else', Cautious, migs_only('x'))\n"
        "def plain(seed):\n    return Cautious(seed)\n"
    )
    info = folder / f"{module}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[airwar.bots]\n{entry_points}\n")


def test_a_package_adds_a_bot_that_says_which_games_it_plays(installed: Path) -> None:
    _package(installed, "airwar_extra_bot", "cautious = airwar_extra_bot:SPEC")
    specs = list(registry.specs())
    assert specs[: len(SHIPPED)] == [s.name for s in SHIPPED] and specs[-1] == "cautious"
    assert bots_for(load_game(MIGS))[-1] == "cautious"
    assert "cautious" not in bots_for(load_game(BIA))
    assert make_bot("cautious", 4, game=load_game(MIGS)).name == "cautious"


def test_a_package_may_name_a_plain_factory_which_plays_every_game(installed: Path) -> None:
    _package(installed, "airwar_extra_bot2", "plain-bot = airwar_extra_bot2:plain")
    assert "plain-bot" in bots_for(load_game(BIA))
    assert make_bot("plain-bot", 5).name == "cautious"


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ("random = airwar_extra_bot3:SPEC", "airwar ships a bot of that name"),
        ("mine = airwar_extra_bot3:WRONG", "names the bot 'someone-else'"),
        ("gone = airwar_extra_bot3:NOTHING", "cannot be loaded"),
        ("gone = airwar_extra_bot_missing:SPEC", "cannot be loaded"),
    ],
)
def test_a_bot_that_cannot_be_installed_is_named_in_one_line(
    installed: Path, entry: str, said: str
) -> None:
    _package(installed, "airwar_extra_bot3", entry)
    with pytest.raises(BotPackageError, match=said) as err:
        registry.specs()
    assert "\n" not in str(err.value) and "airwar.bots" in str(err.value)
