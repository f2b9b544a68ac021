"""The interactive session: human seats at a scripted prompt, bots, saving, resuming.

``reference_game`` plays a game in-process on a bare driver with the play
session's per-decision bot seeds (:func:`airwar.session.bot_seed`) and a
seeded random "human"; its human decisions are the script typed at the
prompt, and the saved game must come out identical to it.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from airwar.bots.random_bot import RandomBot
from airwar.bots.registry import make_bot
from airwar.cli.migs_play import TerminalPlay
from airwar.core import Driver, load_game, replay
from airwar.session import HUMAN, Sessions, bot_seed
from airwar.store import Store


def reference_game(
    game_name: str,
    options: dict[str, Any],
    seed: int,
    seats: dict[int, str],
    human_seed: str = "human",
) -> tuple[Driver, list[tuple[int, str]]]:
    """The uninterrupted game, and the human decisions (seat, text) in order."""
    driver = Driver(load_game(game_name, options), seed)
    human = RandomBot(human_seed)
    typed: list[tuple[int, str]] = []
    while not driver.state.is_terminal():
        actor = driver.state.current_actor()
        if seats[actor] == HUMAN:
            action = human.choose(driver.state, actor)
            typed.append((actor, str(action)))
        else:
            bot = make_bot(
                seats[actor].removeprefix("ai:"), bot_seed(seed, actor, len(driver.record.actions))
            )
            action = bot.choose(driver.state, actor)
        driver.act(action, actor)
    return driver, typed


class Script:
    """An input function answering the prompt from a list of lines; EOF at the end."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'play.sqlite'}")
    yield s
    s.close()


def new_session(
    store: Store,
    game_name: str,
    options: dict[str, Any],
    seed: int,
    seats: dict[int, str],
    script: Script,
) -> tuple[TerminalPlay, Console]:
    """A terminal session of a new game, created as ``airwar migs play`` creates it.

    A game between two people takes no seed; to replay a chosen seed the
    Allied side starts as a bot and is then handed to a second person, as
    ``airwar migs play --resume ID --allied human`` does.
    """
    sessions = Sessions(store, make_bot)
    named = {"Communist": seats[0], "Allied": seats[1]}
    first = dict(named)
    if all(kind == HUMAN for kind in named.values()):
        first["Allied"] = "ai:random"
    live = sessions.create(
        game_name,
        first,
        options=options,
        seed=seed,
        title="test",
        run_bots=False,
        auto_chance=False,
    )
    if first != named:
        store.update(live.id, seats=named)
        live.seats = named
    console = Console(record=True, width=100, file=io.StringIO())
    return TerminalPlay(sessions, live, console, input_fn=script), console


ENGAGEMENT = ("migs-engagement", {"turn_limit": 4})


def test_a_human_flying_both_sides_plays_the_same_game_as_the_reference(store: Store) -> None:
    seats = {0: HUMAN, 1: HUMAN}
    ref, typed = reference_game(*ENGAGEMENT, 21, seats)
    script = Script([text for _, text in typed])
    session, console = new_session(store, *ENGAGEMENT, 21, seats, script)
    result = session.run()
    assert result.finished
    saved = store.load(result.game_id)
    assert saved.status == "finished"
    assert saved.record.actions == ref.record.actions
    assert replay(saved.record).events == ref.events
    assert saved.summary == {
        **ref.game.summary(ref.state),
        "decisions": len(ref.record.actions),
        "to_act": None,
    }
    text = console.export_text()
    assert "Legal moves" in text and "Movement points of the" in text
    assert any(p.startswith("Communist") for p in script.prompts)
    assert any(p.startswith("Allied") for p in script.prompts)


def test_bad_input_at_the_prompt_is_refused_and_nothing_is_lost(store: Store) -> None:
    seats = {0: HUMAN, 1: "ai:random"}
    ref, typed = reference_game(*ENGAGEMENT, 5, seats)
    junk = ["", "Z9", "fire", "allied: F", "WL WL", "help", "moves", "reach", "board", "log 3"]
    lines = junk + [text for _, text in typed]
    session, console = new_session(store, *ENGAGEMENT, 5, seats, Script(lines))
    assert session.run().finished
    saved = store.load(session.game_id)
    assert saved.record.actions == ref.record.actions
    text = console.export_text()
    assert "error: 'Z9' is not a MiGs and Sabres action" in text
    assert "must take at least one step before firing (MS-9)" in text or "no target ahead" in text
    assert "error: it is not Allied's turn: Communist is to move" in text
    assert "type help" in text and "F F L fire" in text


def test_quit_keeps_the_game_and_resuming_continues_it(store: Store) -> None:
    seats = {0: HUMAN, 1: "ai:heuristic"}
    ref, typed = reference_game(*ENGAGEMENT, 8, seats)
    cut = len(typed) // 2
    first = [text for _, text in typed[:cut]] + ["quit"]
    session, _ = new_session(store, *ENGAGEMENT, 8, seats, Script(first))
    result = session.run()
    assert not result.finished
    saved = store.load(result.game_id)
    assert saved.status == "running"
    humans_so_far = [a for a in saved.record.actions if a[0] == 0]
    assert len(humans_so_far) == cut
    sessions = Sessions(store, make_bot)
    console = Console(record=True, width=100, file=io.StringIO())
    rest = Script([text for _, text in typed[cut:]])
    live = sessions.get(result.game_id)
    resumed = TerminalPlay(sessions, live, console, input_fn=rest)
    resumed.catch_up(quiet=True)
    assert resumed.run().finished
    final = store.load(result.game_id)
    assert final.record.actions == ref.record.actions and final.status == "finished"
    assert replay(final.record).events == ref.events


def test_end_of_input_stops_like_quit(store: Store) -> None:
    seats = {0: HUMAN, 1: HUMAN}
    session, console = new_session(store, *ENGAGEMENT, 3, seats, Script(["save"]))
    assert not session.run().finished
    text = console.export_text()
    assert f"resume with: airwar migs play --resume {session.game_id}" in text


def test_whole_game_between_bots_is_saved_and_scored(store: Store) -> None:
    seats = {0: "ai:random", 1: "ai:heuristic"}
    options = {"sorties": 1, "pilots": True, "turn_limit": 3}
    ref, _ = reference_game("migs-sabres", options, 13, seats)
    session, console = new_session(store, "migs-sabres", options, 13, seats, Script([]))
    assert session.run().finished
    saved = store.load(session.game_id)
    assert saved.record.actions == ref.record.actions
    assert saved.summary is not None
    assert saved.summary["scores"] == ref.state.view(None)["scores"]
    text = console.export_text()
    assert "Sortie Chart" in text and "marker move" in text and "GAME OVER" in text


def test_return_fire_after_a_missed_head_on_attack_is_offered(store: Store) -> None:
    """III.G: the prompt says the plane may return fire or hold, with the odds."""
    seats = {0: HUMAN, 1: HUMAN}
    for seed in range(200):
        ref, typed = reference_game("migs-engagement", {}, seed, seats)
        if any(e["type"] == "miss" and e["aspect"] == "front" for e in ref.events) and any(
            e["type"] in ("fire", "hold_fire") and e.get("return_fire") for e in ref.events
        ):
            break
    else:
        pytest.fail("no seed below 200 gives a missed head-on attack")
    session, console = new_session(
        store, "migs-engagement", {}, seed, seats, Script([t for _, t in typed])
    )
    assert session.run().finished
    assert store.load(session.game_id).record.actions == ref.record.actions
    text = console.export_text()
    assert "may return fire before it moves, or hold (III.G)" in text
    assert "A missed head-on attack: the target may return fire (III.G)." in text


def test_undo_takes_back_a_whole_move_and_never_rerolls_a_die(store: Store) -> None:
    seats = {0: HUMAN, 1: "ai:heuristic"}
    ref, typed = reference_game(*ENGAGEMENT, 17, seats)
    assert len(typed) >= 3
    # play two human decisions, take them back, then play the game out as the reference
    lines = [typed[0][1], typed[1][1], "undo", "undo", "undo"]
    lines += [text for _, text in typed]
    session, console = new_session(store, *ENGAGEMENT, 17, seats, Script(lines))
    assert session.run().finished
    saved = store.load(session.game_id)
    assert saved.record.actions == ref.record.actions
    assert replay(saved.record).events == ref.events
    text = console.export_text()
    took = [line for line in text.splitlines() if line.startswith("Took back Communist's move ")]
    assert took and typed[1][1] in took[0]
    assert "error: Communist has no decision to take back" in text


def test_undo_is_refused_with_a_human_opponent(store: Store) -> None:
    """The one undo policy: only against the AI, even when both people sit here."""
    seats = {0: HUMAN, 1: HUMAN}
    _, typed = reference_game(*ENGAGEMENT, 23, seats)
    first = typed[0][0]
    switch = next(i for i, (s, _) in enumerate(typed) if s != first)
    lines = [t for _, t in typed[:switch]] + ["undo", "quit"]
    session, console = new_session(store, *ENGAGEMENT, 23, seats, Script(lines))
    assert not session.run().finished
    assert "error: undo is only allowed in a game against the AI" in console.export_text()
    assert len(store.load(session.game_id).record.actions) == switch
