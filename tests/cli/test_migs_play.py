"""The interactive session: human seats at a scripted prompt, bots, saving, resuming.

``reference_game`` plays a game in-process on a bare driver with the play
session's per-decision bot seeds (:func:`airwar.session.bot_seed`) and a
seeded random "human"; its human decisions are the script typed at the
prompt, and the saved game must come out identical to it.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click.testing
import pytest
import typer
from rich.console import Console
from sqlalchemy import text as sql
from typer.testing import CliRunner

from airwar.bots.random_bot import RandomBot
from airwar.bots.registry import make_bot
from airwar.cli.migs import app
from airwar.cli.migs_play import migs_loop
from airwar.cli.play_loop import PlayLoop
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
) -> tuple[PlayLoop, Console]:
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
        stop_at_rolls=True,
    )
    if first != named:
        store.update(live.id, seats=named)
        live.seats = named
    console = Console(record=True, width=100, file=io.StringIO())
    return migs_loop(sessions, live, console, input_fn=script), console


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
    resumed = migs_loop(sessions, live, console, input_fn=rest)
    resumed.catch_up()
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


# -- through the command, with a second writer (the browser) on the same game ------------

runner = CliRunner()
typing_runner = click.testing.CliRunner()  # takes a stream as standard input
migs_command = typer.main.get_command(app)
ENGAGEMENT_ARGS = ("--engagement", "--turn-limit", "4")


class Typist(io.RawIOBase):
    """Standard input typed one line at a time, each line made when it is read.

    ``next_line()`` runs just before the command reads a line, so it can act
    as another writer on the same game at exactly that moment (a browser
    saving a move while the terminal waits at its prompt), then say what the
    terminal's player types (None: end of input).
    """

    def __init__(self, next_line: Callable[[], str | None]) -> None:
        self.next_line = next_line
        self.pending = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if len(buffer) == 0:
            return 0
        if not self.pending:
            line = self.next_line()
            if line is None:
                return 0
            self.pending = f"{line}\n".encode()
        n = min(len(buffer), len(self.pending))
        buffer[:n] = self.pending[:n]
        self.pending = self.pending[n:]
        return n


def play(db: str, *args: str, stdin: Any = None) -> click.testing.Result:
    return typing_runner.invoke(migs_command, ["play", *args, "--database-url", db], input=stdin)


def the_game(db: str) -> str:
    with Store(db) as s:
        ids = [g.id for g in s.list_games()]
    assert len(ids) == 1
    return ids[0]


def legal_move(db: str, game_id: str | None = None, seed: str = "typist") -> str:
    """A legal decision for whoever is to act in the stored game (a person's move)."""
    with Store(db) as s:
        gid = game_id or the_game(db)
        driver = replay(s.load(gid).record)
    actor = driver.state.current_actor()
    assert actor >= 0, "no one is to act"
    return str(RandomBot(f"{seed}:{len(driver.record.actions)}").choose(driver.state, actor))


def browser_move(db: str, game_id: str) -> list[tuple[int, str]]:
    """A browser's move on the same game, through the play session as the web app makes
    it (its own store, its own copy): one decision of the seat to act, then the AI's
    replies. Returns the decisions it saved."""
    with Store(db) as s:
        sessions = Sessions(s, make_bot)
        live = sessions.get(game_id, fresh=True)
        before = live.decisions
        actor = live.state.current_actor()
        move = str(RandomBot(f"browser:{before}").choose(live.state, actor))
        sessions.act(live, actor, [move])
        return list(live.driver.record.actions[before:])


def replays(db: str, game_id: str) -> Driver:
    """The stored game replays to the very log it was saved with (RecordError if not)."""
    with Store(db) as s:
        return replay(s.load(game_id).record)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'race.sqlite'}"


def test_a_browser_move_at_the_same_index_ends_the_terminal_session(db: str) -> None:
    """The terminal waits at its prompt; the browser saves a move of the same seat; the
    terminal's move is refused, nothing of its copy is saved, and it exits 2 in one line."""
    typed = 0
    saved_by_browser: list[tuple[int, str]] = []
    terminal_move: list[str] = []

    def next_line() -> str | None:
        nonlocal typed
        typed += 1
        gid = the_game(db)
        if typed < 3:
            return legal_move(db, gid)
        if typed == 3:
            terminal_move.append(legal_move(db, gid, seed="terminal"))
            saved_by_browser.extend(browser_move(db, gid))
            return terminal_move[0]
        return "quit"  # never reached: the session has ended

    result = play(
        db, *ENGAGEMENT_ARGS, "--communist", "human", "--allied", "heuristic", "--seed", "12",
        stdin=io.BufferedReader(Typist(next_line)),
    )  # fmt: skip
    gid = the_game(db)
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1
    line = result.stderr.strip()
    assert line.startswith(f"error: game {gid} changed elsewhere: ")
    assert line.endswith(f"; resume with airwar migs play --resume {gid}")
    assert typed == 3
    with Store(db) as s:
        stored = s.load(gid).record.actions
    # the browser's decisions are the last saved; the terminal's refused move is nowhere
    assert stored[-len(saved_by_browser) :] == saved_by_browser
    assert replays(db, gid).record.actions == stored
    told = runner.invoke(app, ["replay", gid, "--database-url", db])
    assert told.exit_code == 0, told.output
    # the terminal picks the game up again where the browser left it
    again = play(db, "--resume", gid, stdin="quit\n")
    assert again.exit_code == 0, again.output
    with Store(db) as s:
        assert s.load(gid).record.actions == stored


def test_a_game_passed_back_and_forth_between_terminal_and_browser_still_replays(
    db: str,
) -> None:
    """Terminal sessions and browser moves take turns on one game, each on its own copy:
    after every hand-over both can load it (the digest is right) and it replays."""
    moves_left = 2

    def two_moves_then_quit() -> str | None:
        nonlocal moves_left
        if moves_left == 0:
            return "quit"
        moves_left -= 1
        return legal_move(db)

    first = play(
        db, *ENGAGEMENT_ARGS, "--communist", "human", "--allied", "random", "--seed", "3",
        stdin=io.BufferedReader(Typist(two_moves_then_quit)),
    )  # fmt: skip
    assert first.exit_code == 0, first.output
    gid = the_game(db)
    for _ in range(3):
        replays(db, gid)
        if replays(db, gid).state.is_terminal():
            break
        browser_move(db, gid)
        replays(db, gid)
        if replays(db, gid).state.is_terminal():
            break
        moves_left = 2
        resumed = play(db, "--resume", gid, stdin=io.BufferedReader(Typist(two_moves_then_quit)))
        assert resumed.exit_code == 0, resumed.output
        assert f"Resuming game {gid}" in resumed.stdout
    driver = replays(db, gid)
    assert len(driver.record.actions) >= 6
    told = runner.invoke(app, ["replay", gid, "--database-url", db])
    assert told.exit_code == 0, told.output


def test_undo_at_the_terminal_is_refused_against_a_human_opponent(db: str) -> None:
    lines = iter(["move", "undo", "quit"])
    made: list[str] = []

    def next_line() -> str | None:
        line = next(lines, None)
        if line == "move":
            made.append(legal_move(db))
            return made[-1]
        return line

    result = play(
        db, *ENGAGEMENT_ARGS, "--communist", "human", "--allied", "human",
        stdin=io.BufferedReader(Typist(next_line)),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "error: undo is only allowed in a game against the AI" in result.stdout
    with Store(db) as s:
        stored = s.load(the_game(db))
    assert [t for _, t in stored.record.actions] == made
    # a running game between two people keeps its seed secret, here too
    assert str(stored.record.seed) not in result.stdout
    told = runner.invoke(app, ["replay", stored.id, "--database-url", db])
    assert told.exit_code == 0, told.output
    assert "seed secret until the game ends" in told.stdout
    assert str(stored.record.seed) not in told.stdout


def test_a_seed_for_a_game_between_two_people_is_refused(db: str) -> None:
    result = play(db, "--communist", "human", "--allied", "human", "--seed", "7")
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: a game between two people takes no seed")
    assert result.stderr.count("\n") == 1
    with Store(db) as s:
        assert s.list_games() == []


def test_bots_play_the_same_game_at_the_terminal_as_through_the_session(db: str) -> None:
    options = {"sorties": 1, "turn_limit": 3, "pilots": True}
    result = play(
        db, "--sorties", "1", "--turn-limit", "3", "--pilots",
        "--communist", "heuristic", "--allied", "random", "--seed", "41",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    with Store(db) as s:
        terminal = s.load(the_game(db))
    direct = Sessions(Store("sqlite://"), make_bot).create(
        "migs-sabres",
        {"Communist": "ai:heuristic", "Allied": "ai:random"},
        options=options,
        seed=41,
    )
    assert direct.finished and terminal.status == "finished"
    assert terminal.record.actions == direct.driver.record.actions
    assert terminal.record.log_digest == direct.driver.log_digest
    assert terminal.summary == direct.summary()


def test_games_lists_saved_summaries_without_replaying_any_game(db: str) -> None:
    """A game whose record was made not to replay still lists, with its saved score."""
    with Store(db) as s:
        sessions = Sessions(s, make_bot)
        live = sessions.create(
            "migs-engagement",
            {"Communist": "ai:heuristic", "Allied": "ai:random"},
            options={"turn_limit": 3},
            seed=9,
            title="broken on purpose",
        )
        summary = live.summary()
        with s.engine.begin() as conn:
            conn.execute(
                sql("UPDATE game_actions SET text = 'fire' WHERE game_id = :g AND idx = 0"),
                {"g": live.id},
            )
    broken = runner.invoke(app, ["replay", live.id, "--database-url", db])
    assert broken.exit_code == 2 and "does not replay" in broken.stderr
    listing = runner.invoke(app, ["games", "--database-url", db], env={"COLUMNS": "200"})
    assert listing.exit_code == 0, listing.output
    row = next(line for line in listing.stdout.splitlines() if live.id in line)
    scores = summary["scores"]
    assert f" {scores['communist']}-{scores['allied']} " in row and "finished" in row
    rows = json.loads(runner.invoke(app, ["games", "--json", "--database-url", db]).stdout)
    assert rows[0]["summary"] == summary and rows[0]["decisions"] == summary["decisions"]


def test_resuming_where_a_bot_is_to_act_tells_its_moves_and_rolls(db: str) -> None:
    """A game saved while a bot was to act goes on at the terminal, every bot move and
    roll told, and comes out as the same game played through the session at once."""
    seats = {"Communist": "ai:random", "Allied": "ai:heuristic"}
    with Store(db) as s:
        live = Sessions(s, make_bot).create(
            "migs-engagement", seats, options={"turn_limit": 2}, seed=8, run_bots=False
        )
    result = play(db, "--resume", live.id)
    assert result.exit_code == 0, result.output
    assert "(random) plays" in result.stdout and "(heuristic) plays" in result.stdout
    assert "rolled" in result.stdout and "GAME OVER" in result.stdout
    with Store("sqlite://") as memory:
        direct = Sessions(memory, make_bot).create(
            "migs-engagement", seats, options={"turn_limit": 2}, seed=8
        )
    assert replays(db, live.id).record.actions == direct.driver.record.actions
