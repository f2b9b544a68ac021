"""The hex map as text (`airwar gunslingers map`, `map` at the prompt), and one seat
played at the terminal while the others are played elsewhere (`play --seat`)."""

from __future__ import annotations

import contextlib
import re
import threading
import time
from pathlib import Path
from typing import Any

import click.testing
import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st

from airwar.cli.gunslingers import _make_bot, app
from airwar.cli.main import app as main_app
from airwar.cli.render_hexmap import CELL, MAX_RADIUS, MapError, draw
from airwar.core.driver import Driver
from airwar.games.gunslingers import GunslingersGame, options_for_file
from airwar.games.gunslingers.autoplayer import GunslingersAuto
from airwar.games.gunslingers.referee import GsState
from airwar.session import HUMAN, REMOTE, Sessions
from airwar.store import GameChanged, Store
from tests.examples import GUNSLINGERS_EXAMPLES

runner = click.testing.CliRunner()
command = typer.main.get_command(app)


def cli(*args: str, stdin: str | None = None) -> click.testing.Result:
    return runner.invoke(command, list(args), input=stdin)


def airwar(*args: str) -> click.testing.Result:
    """The whole ``airwar`` command, whose usage errors are one line too."""
    return runner.invoke(typer.main.get_command(main_app), ["gunslingers", *args])


# -- the drawing -----------------------------------------------------------------------

SMALL = {
    "seat": "Blue",
    "map": {"radius": 30, "terrain": [{"hex": "1,0", "height": 3}]},
    "aircraft": [
        {"id": "Viper-1", "side": "Blue", "hex": "0,0", "heading": 2, "altitude": 12,
         "speed": 7, "type": "F-16C", "status": []},
        {"id": "Fulcrum-1", "side": "Red", "hex": "0,1", "heading": 8, "altitude": 10,
         "sighted": True, "type": "unidentified"},
    ],
    "markers": [{"kind": "smoke_1", "hex": "-1,1", "unit": None}],
    "last_seen": [{"hex": "-1,0", "altitude": 9, "turn": 1, "phase": "Flight Phase"}],
    "paths": [{"aircraft": "Viper-1", "turn": 1, "from": "1,-2", "path": ["1,-1", "0,0"]}],
}  # fmt: skip


def test_a_small_map_drawn_exactly() -> None:
    assert draw(SMALL, unit="Viper-1", radius=1) == "\n".join(
        [
            "map around Viper-1 at 0,0, 1 hexes out (north up; columns q; rows r of column 0, "
            "each column to the right half a hex lower)",
            "      -1  0   1",
            "  r-1     .",
            "      ?       o",
            "   r0     B1",
            "      *       ^3",
            "   r1     R1",
            "legend: . empty  ^N terrain N high  * marker  ? last seen  o a path flown (this "
            "turn and the last)  + more units here",
            "  B1   Viper-1 (Blue) at 0,0: aircraft (F-16C; altitude 12; heading 2; speed 7)",
            "  R1   Fulcrum-1 (Red) at 0,1: aircraft (unidentified; altitude 10; heading 8)",
        ]
    )


def test_a_unit_on_terrain_keeps_the_height_in_the_legend() -> None:
    """The unit's key hides the ^N of its hex, so the legend says the height it stands on."""
    on_hill = {**SMALL, "sams": [{"id": "Oak", "side": "Red", "hex": "1,0", "kind": "SAM site"}]}
    text = draw(on_hill, unit="Viper-1", radius=1)
    assert "  R2   Oak (Red) at 1,0: SAM site (on terrain 3 high)" in text.splitlines()
    assert "Viper-1 (Blue) at 0,0: aircraft (F-16C; altitude 12; heading 2; speed 7)\n" in text


def test_a_unit_the_view_does_not_show_and_a_radius_out_of_range_are_refused() -> None:
    for unit, radius, said in [
        ("Fulcrum-2", 3, "no unit 'Fulcrum-2' on this map (units: Fulcrum-1, Viper-1)"),
        ("Viper-1", 0, f"radius 0 is not from 1 to {MAX_RADIUS}"),
        ("Viper-1", MAX_RADIUS + 1, f"radius {MAX_RADIUS + 1} is not from 1 to {MAX_RADIUS}"),
    ]:
        try:
            draw(SMALL, unit=unit, radius=radius)
        except MapError as exc:
            assert str(exc) == said
        else:
            raise AssertionError(f"{unit} at {radius} was drawn")


def referee_view() -> dict[str, Any]:
    game = GunslingersGame(options_for_file(GUNSLINGERS_EXAMPLES / "strike-sam-belt.toml", 1))
    return game.new_initial_state().view(None)


VIEW = referee_view()
UNITS = sorted(
    u["id"] for key in ("aircraft", "sams", "radars", "aaa", "ground") for u in VIEW.get(key, [])
)


@settings(max_examples=40, deadline=None)
@given(unit=st.sampled_from(UNITS), radius=st.integers(1, MAX_RADIUS))
def test_every_unit_within_the_radius_is_drawn_in_its_hex(unit: str, radius: int) -> None:
    """Each legend entry's key is printed on the line and in the column of its hex."""
    lines = draw(VIEW, unit=unit, radius=radius).splitlines()
    qs = [int(x) for x in lines[1].split()]
    assert len(qs) == 2 * radius + 1
    grid = lines[2 : 2 + 4 * radius + 1]
    assert lines[2 + 4 * radius + 1].startswith("legend:")
    at: dict[tuple[int, int], list[str]] = {}
    for line in lines:
        m = re.match(r"  ([A-Zw]\d+) +(\S+) \(.*\) at (-?\d+),(-?\d+):", line)
        if m:
            at.setdefault((int(m[3]), int(m[4])), []).append(m[1])
            if m[2] == unit:
                cq, cr = int(m[3]), int(m[4])
    assert at
    label = f"r{cr}"
    centre = next(i for i, line in enumerate(grid) if line.startswith(f"{label:>5} "))
    for (q, r), keys in at.items():
        row = centre + (2 * r + q) - (2 * cr + cq)
        col = 6 + (q - qs[0]) * CELL
        cell = grid[row][col : col + CELL].strip()
        assert cell.rstrip("+") in keys and cell.endswith("+") == (len(keys) > 1)


# -- the map command -------------------------------------------------------------------


def test_map_of_a_scenario_around_a_unit() -> None:
    res = cli("map", "dogfight-2v2", "--unit", "Ford-1", "--radius", "3")
    assert res.exit_code == 0, res.output
    assert res.output.startswith("Dogfight 2 v 2, as it starts: referee's view\n")
    assert "B1   Ford-1 (Blue) at -6,3" in res.output


def test_map_errors_are_one_line_and_exit_2() -> None:
    for args, said in [
        (["--unit", "Nope"], "error: no unit 'Nope' on this map"),
        (["--seat", "Green"], "error: --seat Green: no such seat (seats: Blue, Red, referee)"),
        (["--seat", "Blue", "--unit", "Ural-1"], "error: no unit 'Ural-1' on this map"),
        (["--radius", "13"], "error: Invalid value for '--radius': 13 is not from 1 to 12"),
    ]:
        res = airwar("map", "dogfight-2v2", *args)
        assert res.exit_code == 2, (args, res.output)
        assert res.stderr.startswith(said), res.stderr
        assert res.stderr.count("\n") == 1


def test_map_of_a_saved_game_shows_only_the_seats_view(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'map.sqlite'}"
    sessions = Sessions(Store(url), make_bot=_make_bot)
    game = GunslingersGame(options_for_file(GUNSLINGERS_EXAMPLES / "strike-sam-belt.toml", 1))
    live = sessions.create(game, {"Blue": REMOTE, "Red": REMOTE, "referee": REMOTE},
                           title="map", meta={}, run_bots=False)  # fmt: skip
    need = cli("map", "--game", live.id, "--database-url", url)
    assert need.exit_code == 2 and "--game needs --seat" in need.stderr
    blue = cli("map", "--game", live.id, "--seat", "blue", "--radius", "12",
               "--database-url", url)  # fmt: skip
    assert blue.exit_code == 0, blue.output
    assert "Blue's view" in blue.output and "Dodge-1" in blue.output
    state = live.state
    assert isinstance(state, GsState)
    for word in state.hidden_from(0):
        assert word not in blue.output
    referee = cli("map", "--game", live.id, "--seat", "referee", "--radius", "12",
                  "--database-url", url)  # fmt: skip
    assert "Birch" in referee.output and "Birch" not in blue.output


# -- one seat at the terminal, the others elsewhere ------------------------------------


def play_the_others(
    url: str,
    game_id: str,
    stop: threading.Event,
    seen: list[set[str]],
    seats: tuple[int, ...] = (1, 2),
) -> None:
    """Red and the referee, played through the session on the same store (as their
    browsers would), noting each time what is hidden from Blue."""
    sessions = Sessions(Store(url), make_bot=_make_bot)
    bot = GunslingersAuto()
    while not stop.is_set():
        live = sessions.get(game_id, fresh=True, resume_bots=False)
        state = live.state
        assert isinstance(state, GsState)
        if state.is_terminal():
            return
        seen.append(set(state.hidden_from(0)))
        actor = state.current_actor()
        if actor in seats:
            with contextlib.suppress(GameChanged):  # the terminal saved first: look again
                sessions.act(live, actor, [str(bot.choose(state, actor))], run_bots=False)
        else:
            time.sleep(0.05)


@pytest.mark.parametrize(
    ("blue", "args"),
    [(REMOTE, ["--seat", "Blue"]), (HUMAN, [])],
    ids=["seat-given", "blue-played-here"],
)
def test_the_terminal_plays_blue_while_red_and_the_referee_play_elsewhere(
    tmp_path: Path, blue: str, args: list[str]
) -> None:
    """With --seat, or without it when Blue is the seat played here (``human``) and the
    others are remote: the terminal answers Blue only and shows only what Blue may see."""
    url = f"sqlite:///{tmp_path / 'seat.sqlite'}"
    sessions = Sessions(Store(url), make_bot=_make_bot)
    game = GunslingersGame(options_for_file(GUNSLINGERS_EXAMPLES / "strike-sam-belt.toml", 6))
    live = sessions.create(game, {"Blue": blue, "Red": REMOTE, "referee": REMOTE},
                           title="seat", meta={}, run_bots=False)  # fmt: skip
    stop = threading.Event()
    seen: list[set[str]] = []
    others = threading.Thread(target=play_the_others, args=(url, live.id, stop, seen))
    others.start()
    try:
        script = "map Dodge-1 4\n" + "auto\n" * 40 + "quit\n"
        res = cli("play", "--resume", live.id, *args, "--poll", "0.05",
                  "--database-url", url, stdin=script)  # fmt: skip
    finally:
        stop.set()
        others.join(timeout=60)
    assert res.exit_code == 0, res.output
    out = res.output
    assert re.search(r"waiting for (Red|referee): [A-Za-z ]+ Phase, step \d+", out), out[-2000:]
    assert "[Blue]" in out and "[Red]" not in out and "[referee]" not in out
    assert "map around Dodge-1" in out
    final = Sessions(Store(url), make_bot=_make_bot).get(live.id, resume_bots=False)
    assert not final.state.is_terminal()
    assert any(seat == 0 for seat, _ in final.driver.record.actions)
    assert any(seat == 1 for seat, _ in final.driver.record.actions)
    never_known = set.intersection(*seen, set(final.state.hidden_from(0)))
    assert never_known  # Red has units Blue never sighted
    for word in never_known:
        assert not re.search(rf"(?<![A-Za-z0-9_]){re.escape(word)}(?![A-Za-z0-9_])", out), word


def test_without_a_seat_a_game_played_from_browsers_shows_nothing_of_theirs(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'remote.sqlite'}"
    sessions = Sessions(Store(url), make_bot=_make_bot)
    game = GunslingersGame(options_for_file(GUNSLINGERS_EXAMPLES / "dogfight-2v2.toml", 1))
    live = sessions.create(game, {"Blue": REMOTE, "Red": REMOTE, "referee": REMOTE},
                           title="remote", meta={}, run_bots=False)  # fmt: skip
    res = cli("play", "--resume", live.id, "--database-url", url, stdin="auto\n")
    assert res.exit_code == 2
    assert "played elsewhere: name one with --seat" in res.stderr
    assert "Ford-1" not in res.output and "Ural-1" not in res.output


def test_an_unknown_seat_is_one_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'unknown.sqlite'}"
    sessions = Sessions(Store(url), make_bot=_make_bot)
    game = GunslingersGame(options_for_file(GUNSLINGERS_EXAMPLES / "dogfight-2v2.toml", 1))
    live = sessions.create(game, {"Blue": REMOTE, "Red": REMOTE, "referee": REMOTE},
                           title="unknown", meta={}, run_bots=False)  # fmt: skip
    res = cli("play", "--resume", live.id, "--seat", "Green", "--database-url", url)
    assert res.exit_code == 2
    assert res.stderr == "error: --seat Green: no such seat (seats: Blue, Red, referee)\n"


def test_a_played_view_is_drawn_for_every_seat() -> None:
    game = GunslingersGame(options_for_file(GUNSLINGERS_EXAMPLES / "dogfight-2v2.toml", 1))
    d = Driver(game, 3)
    bot = GunslingersAuto()
    d.run_bots({s: bot for s in range(game.num_players)}, max_decisions=30)
    for seat in (0, 1, None):
        assert draw(d.state.view(seat), radius=MAX_RADIUS).count("\n") > 4 * MAX_RADIUS


def test_a_new_game_with_a_seat_here_prints_the_other_seats_links(tmp_path: Path) -> None:
    """`play SCENARIO --seat Blue`: Blue at this terminal, Red and the referee remote, each
    with its secret link; they play (here a thread, through the session) while Blue waits."""
    url = f"sqlite:///{tmp_path / 'new.sqlite'}"
    Store(url).close()
    stop = threading.Event()
    seen: list[set[str]] = []

    def the_others() -> None:
        while not stop.is_set():
            with Store(url) as store:
                ids = [g.id for g in store.list_games()]
            if ids:
                play_the_others(url, ids[0], stop, seen)
                return
            time.sleep(0.05)

    others = threading.Thread(target=the_others)
    others.start()
    try:
        res = cli("play", "dogfight-2v2", "--turns", "1", "--seat", "Blue", "--poll", "0.05",
                  "--database-url", url, stdin="auto\n" * 8 + "quit\n")  # fmt: skip
    finally:
        stop.set()
        others.join(timeout=60)
    assert res.exit_code == 0, res.output
    links = dict(re.findall(r"^(\w+)'s link: (/games/\S+)$", res.output, re.MULTILINE))
    assert set(links) == {"Red", "referee"}
    live = Sessions(Store(url), make_bot=_make_bot).get(only_id(url), resume_bots=False)
    assert live.seats == {"Blue": "human", "Red": REMOTE, "referee": REMOTE}
    for seat, link in links.items():
        assert live.seat_for(link.split("?seat=")[1]) == seat
    assert "[Blue]" in res.output and "[Red]" not in res.output
    assert any(seat == 1 for seat, _ in live.driver.record.actions)  # Red played meanwhile


def only_id(url: str) -> str:
    with Store(url) as store:
        (game,) = store.list_games()
    return game.id


def test_the_referee_seat_at_the_terminal_sees_every_roll_and_both_sides(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'referee.sqlite'}"
    sessions = Sessions(Store(url), make_bot=_make_bot)
    game = GunslingersGame(options_for_file(GUNSLINGERS_EXAMPLES / "dogfight-2v2.toml", 1))
    live = sessions.create(game, {"Blue": REMOTE, "Red": REMOTE, "referee": REMOTE},
                           title="referee", meta={}, run_bots=False)  # fmt: skip
    stop = threading.Event()
    sides = threading.Thread(target=play_the_others, args=(url, live.id, stop, [], (0, 1)))
    sides.start()
    try:
        res = cli("play", "--resume", live.id, "--seat", "referee", "--poll", "0.05",
                  "--database-url", url, stdin="auto\n" * 6 + "quit\n")  # fmt: skip
    finally:
        stop.set()
        sides.join(timeout=60)
    assert res.exit_code == 0, res.output
    rolls = [line for line in res.output.splitlines() if line.startswith("    ROLL ")]
    assert any("Ford" in r.split(":")[0] for r in rolls)  # Blue's rolls
    assert any("Ural" in r.split(":")[0] for r in rolls)  # and Red's
    assert "Ford-1" in res.output and "Ural-1" in res.output
    assert "[referee]" in res.output and "[Blue]" not in res.output
