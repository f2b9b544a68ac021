"""The referee's take-back at the terminal (GS-65): ``undo`` at the referee's prompt
takes back the last decision a person made, while no roll has been made since, by the
same session rule as the browser; at a side's prompt it is refused with the reason."""

from __future__ import annotations

from pathlib import Path

from airwar.cli.gunslingers import AUTO, _make_bot
from airwar.games.gunslingers import GunslingersGame, options_for_file
from airwar.session import AI_PREFIX, HUMAN, Sessions
from airwar.store import Store
from tests.cli.test_gunslingers import DOGFIGHT, gunslingers_play


def seeded_game(url: str, seed: int) -> str:
    """A one-turn dogfight with a fixed seed (a server may choose one; the terminal's
    --seed is refused for two people): Blue and the referee here, Red automatic."""
    game = GunslingersGame(options_for_file(DOGFIGHT, 1))
    seats = {"Blue": HUMAN, "Red": f"{AI_PREFIX}{AUTO}", "referee": HUMAN}
    with Store(url) as store:
        live = Sessions(store, make_bot=_make_bot).create(
            game, seats, seed=seed, bots=[AUTO], trusted_seed=True, run_bots=False
        )
        return live.id


def test_undo_at_the_referees_prompt_takes_back_blues_move(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'takeback.sqlite'}"
    game_id = seeded_game(url, 2)  # Blue wins the initiative: its aircraft move first
    # Blue and the referee answer the first eight asks (Blue's search, DDS and modes,
    # the referee's pre-emptions at step 1 and as Ford-1 comes to move (GS-84), Blue's
    # first move), then the referee, asked for Ford-1's status after the move, takes
    # it back
    stdin = "auto\n" * 8 + "undo\n" + "auto\n" * 3 + "quit\n"
    res = gunslingers_play(url, "--resume", game_id, stdin=stdin)
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    taken = [line for line in lines if line.startswith("taken back: ")]
    assert len(taken) == 1 and taken[0].startswith("taken back: move Ford-1 ")
    after = lines[lines.index(taken[0]) + 1 :]
    asked = next(line for line in after if line.startswith("["))
    assert asked.startswith("[Blue] the aircraft's new hex")  # Blue moves again
    with Store(url) as store:
        saved = store.load(game_id)
    notes = saved.meta["takebacks"]
    assert [(n["by"], n["seat"]) for n in notes] == [("referee", "Blue")]
    assert notes[0]["text"] == taken[0].removeprefix("taken back: ").split(" (")[0]


def test_undo_at_a_sides_prompt_is_refused_with_the_reason(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'refused.sqlite'}"
    res = gunslingers_play(
        url, DOGFIGHT, "--turns", "1", "--auto", "Red", stdin="auto\nundo\nquit\n"
    )
    assert res.exit_code == 0, res.output
    assert (
        "refused: in Gunslingers: Expanded Sequence of Play only the referee takes a decision "
        "back, and only before the next roll" in res.output
    )
