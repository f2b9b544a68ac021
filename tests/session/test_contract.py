"""The kernel's contract, checked on every registered game through ``airwar.testing``.

Whatever a game is, the driver, the record, the store and the play session
rely on the same few promises (``airwar.testing.CHECKS``): a seat to act always
has a legal action, chance outcomes are exact probabilities that sum to 1, a
record replays to the very same log, a game saved and resumed goes on exactly
as if it had never stopped, and no seat is ever shown what is hidden from it or
the seed of a running game. Here they hold every game of the installed game
packages, with each of its sample option sets (``Game.samples()``), so a new game
is checked the day it registers; no game is named. The checks themselves are
shown to fail on games that break them.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import airwar
import airwar.games
from airwar.core import CHANCE, TERMINAL, Game, GameState, GameType, game_class, registry
from airwar.core.events import EventLog
from airwar.core.registry import register_game
from airwar.testing import CHECKS, Case, Limits, cases, check_game
from airwar.testing.__main__ import main as cli_main
from airwar.testing.contract import (
    check_declared_information,
    check_hidden_words,
    check_options,
    check_random_play,
)
from airwar.testing.sessions import check_save_load_continue, check_session_secrets

airwar.games.load_all()

SRC = Path(airwar.__file__).parent

LIMITS = Limits(seconds=0.6)
"""A large scenario's play is cut short after 0.6 s; what was played is checked."""

CASES = list(cases(tuple(airwar.games.packages().values()), LIMITS))
"""Every sample of every game of the installed game packages (not the toys below)."""


def _params() -> list[Any]:
    return [pytest.param(c, id=c.id) for c in CASES]


@pytest.mark.parametrize("case", _params())
def test_options_are_valid_and_build_the_game(case: Case) -> None:
    check_options(case)


@pytest.mark.parametrize("case", _params())
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_play_keeps_the_contract_and_replays(case: Case, seed: int) -> None:
    check_random_play(case, seed)


@pytest.mark.parametrize("case", _params())
def test_a_game_whose_views_hide_things_declares_imperfect_information(case: Case) -> None:
    check_declared_information(case)


@pytest.mark.parametrize("case", _params())
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_no_seat_sees_what_is_hidden_from_it(case: Case, seed: int) -> None:
    check_hidden_words(case, seed)


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("case", _params())
def test_saved_loaded_and_continued_plays_as_uninterrupted(
    case: Case, seed: int, tmp_path: Path
) -> None:
    check_save_load_continue(case, seed, tmp_path)


@pytest.mark.parametrize("case", _params())
def test_a_play_session_shows_no_seat_the_seed_or_what_is_hidden(
    case: Case, tmp_path: Path
) -> None:
    check_session_secrets(case, 7, tmp_path)


# -- every game is here -------------------------------------------------------------


def _registered_in_source() -> set[str]:
    """The ``name`` of every class decorated with ``@register_game`` under src/airwar."""
    names: set[str] = set()
    for path in SRC.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if "register_game" not in text:
            continue
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.ClassDef) or not any(
                (isinstance(d, ast.Name) and d.id == "register_game")
                or (isinstance(d, ast.Attribute) and d.attr == "register_game")
                for d in node.decorator_list
            ):
                continue
            for stmt in node.body:
                target: ast.expr
                value: ast.expr | None
                if isinstance(stmt, ast.AnnAssign):
                    target, value = stmt.target, stmt.value
                elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
                    target, value = stmt.targets[0], stmt.value
                else:
                    continue
                if (
                    isinstance(target, ast.Name)
                    and target.id == "name"
                    and isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                ):
                    names.add(value.value)
    return names


def test_every_game_registered_in_the_source_is_checked_with_every_sample() -> None:
    in_source = _registered_in_source()
    assert in_source, "no @register_game found"
    checked = {c.game for c in CASES}
    assert in_source <= checked, (
        f"registered in the source but not loaded through the airwar.games entry points: "
        f"{sorted(in_source - checked)}"
    )
    for name in checked:
        samples = game_class(name).samples()
        assert [c.options for c in CASES if c.game == name] == [dict(s) for s in samples]


# -- the checks fail on games that break the contract ---------------------------------


class _CoinState(GameState):
    """A toy: seat 0 calls, a coin is tossed, the game ends. Its flaws are switched on."""

    game: _Coin

    def __init__(self, game: _Coin) -> None:
        self.game = game
        self.log = EventLog()
        self.call: str | None = None
        self.toss: str | None = None

    def current_actor(self) -> int:
        if self.call is None:
            return 0
        return CHANCE if self.toss is None else TERMINAL

    def legal_actions(self) -> list[Any]:
        if self.call is None:
            return ["heads", "tails"]
        return [] if self.toss is not None else [a for a, _ in self.chance_outcomes()]

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        half = Fraction(1, 3) if self.game.flaw == "odds" else Fraction(1, 2)
        return [("heads", half), ("tails", half)]

    def apply(self, action: Any) -> None:
        if self.call is None:
            self.call = action
        else:
            self.toss = action
        self.log.emit("step", said=action)

    def returns(self) -> list[float]:
        won = float(self.call == self.toss)
        return [won, 1 - won]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        shown = {**super().view(seat), "call": self.call}
        if self.game.flaw == "views" and seat is not None:
            del shown["call"]
        return shown

    def hidden_from(self, seat: int) -> set[str]:
        return {"heads"} if self.game.flaw == "hidden" and seat == 1 else set()


class _Coin(Game):
    name = "toy-coin"
    title = "Toy coin"
    seat_names = ("caller", "other")
    game_type: ClassVar[GameType] = GameType(information="perfect")
    flaw = ""

    def new_initial_state(self) -> _CoinState:
        return _CoinState(self)

    def parse_action(self, text: str) -> Any:
        return "tails" if self.flaw == "parse" else text


FLAWS = ("", "odds", "parse", "views", "hidden")


@pytest.fixture
def toys() -> Iterator[dict[str, type[Game]]]:
    """A toy game per flaw, registered for one test only (no other test sees them)."""
    made: dict[str, type[Game]] = {}
    for flaw in FLAWS:
        cls = type(f"Coin_{flaw or 'sound'}", (_Coin,), {"name": f"toy-coin-{flaw or 'sound'}"})
        cls.flaw = flaw
        made[flaw] = register_game(cls)
    try:
        yield made
    finally:
        for cls in made.values():
            registry._GAMES.pop(cls.name, None)


@pytest.mark.parametrize(
    ("flaw", "check", "words"),
    [
        ("odds", "random play", "do not sum to 1"),
        ("parse", "random play", "does not parse back"),
        ("views", "declared information", "declares perfect information"),
        ("hidden", "hidden words", "hides ['heads'] from seat 1"),
    ],
)
def test_a_broken_game_fails_the_check_that_it_breaks(
    toys: dict[str, type[Game]], flaw: str, check: str, words: str
) -> None:
    with pytest.raises(AssertionError) as failure:
        check_game(toys[flaw], seeds=(3,))
    said = str(failure.value)
    assert said.startswith(f"{check} (toy-coin-{flaw}#0 (its defaults)"), said
    assert words in said


def test_a_sound_game_passes_every_check_and_an_unregistered_one_is_refused(
    toys: dict[str, type[Game]],
) -> None:
    assert check_game(toys[""]) == [c.name for c in CHECKS]
    unregistered = type("Loose", (_Coin,), {"name": "toy-loose"})
    with pytest.raises(AssertionError, match="decorate it with @register_game"):
        check_game(unregistered)


def _options_of(game: str, options: Mapping[str, Any]) -> list[str]:
    return [game, "--options", json.dumps(options), "--seed", "5"]


def test_the_command_prints_a_line_per_check_and_exits_0_1_or_2(
    toys: dict[str, type[Game]], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["toy-coin-sound", "--seed", "5"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].split() == ["ok", "options", "toy-coin-sound#0"]
    assert len(said) == len(CHECKS) + 1 and said[-1] == "passed: toy-coin-sound, 1 case"

    assert cli_main(["toy-coin-odds", "--seed", "5"]) == 1
    out = capsys.readouterr().out
    assert "FAIL  random play" in out and "do not sum to 1" in out
    assert "ok    options" in out  # every check ran, and each roll's refusal is a failure
    assert out.splitlines()[-1] == f"{len(CHECKS) - 1} failed: toy-coin-odds, 1 case"

    assert cli_main(["no-such-game"]) == 2
    assert "unknown game 'no-such-game'" in capsys.readouterr().err
    assert cli_main(_options_of("toy-coin-sound", {"rounds": 3})) == 2
    assert "unknown option 'rounds'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as bad:
        cli_main(["toy-coin-sound", "--seed", "x"])
    assert bad.value.code == 2
    assert len(capsys.readouterr().err.splitlines()) == 1
