"""Ids and names are bounded text at the terminal (GS-75, BIA-17): `gunslingers validate`,
`run` and `play` and `bia engagement` refuse each bad id or name with one line naming the
unit and the field; a game saved with a bad id resumes to say why it cannot continue; text
a scenario gave is printed with its control characters escaped."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from airwar.bots.registry import make_bot
from airwar.cli.main import app
from airwar.core import Driver
from airwar.games.gunslingers import GunslingersGame
from airwar.games.gunslingers.autoplayer import GunslingersAuto
from airwar.games.gunslingers.model.scenario import read_scenario_data
from airwar.session import AI_PREFIX, Sessions
from airwar.store import Store
from tests.examples import BIA_EXAMPLES, GUNSLINGERS_EXAMPLES

runner = CliRunner()
DOGFIGHT = GUNSLINGERS_EXAMPLES / "dogfight-2v2.toml"
ID_RULE = (
    "must be a short id (at most 40 characters) of letters, digits, '-', '_' or '.' without "
    "spaces (e.g. Viper-2)"
)
RESERVED = (
    "is a word the decisions already use (none, done, yes, no, gun, an arc, ...): an id must "
    "be another word (GS-75)"
)
CONTROL = "a control or format character"


def _dogfight(old: str, new: str) -> str:
    """The dogfight example's text with one line changed (TOML escapes as written)."""
    text = DOGFIGHT.read_text("utf-8")
    assert old in text
    return text.replace(old, new, 1)


SCENARIOS = [
    (
        "trailing-newline",
        'id = "Ford-1"',
        'id = "Viper-1\\n"',
        f"aircraft[0] (Ford 1).id: {ID_RULE}: it holds \\n, {CONTROL} (GS-75)",
    ),
    (
        "nul",
        'id = "Ford-1"',
        'id = "Viper\\u00001"',
        f"aircraft[0] (Ford 1).id: {ID_RULE}: it holds \\x00, {CONTROL} (GS-75)",
    ),
    (
        "escape-sequence",
        'id = "Ford-1"',
        'id = "\\u001b[2JViper"',
        f"aircraft[0] (Ford 1).id: {ID_RULE}: it holds \\x1b, {CONTROL} (GS-75)",
    ),
    ("reserved", 'id = "Ford-1"', 'id = "none"', f"aircraft[0] (Ford 1).id: 'none' {RESERVED}"),
    ("arc", 'id = "Ford-1"', 'id = "150L"', f"aircraft[0] (Ford 1).id: '150L' {RESERVED}"),
    (
        "weapon",
        'id = "Ford-1"',
        'id = "W1"',
        "aircraft[0] (Ford 1).id: 'W1' is how the referee names a weapon in flight (W1, W2, "
        "...): an id must be another word (GS-75)",
    ),
    (
        "space",
        'id = "Ford-1"',
        'id = "Viper 1"',
        f"aircraft[0] (Ford 1).id: {ID_RULE}: it holds a space; a display name may (name = ...)",
    ),
    (
        "unicode",
        'id = "Ford-1"',
        'id = "Vipér-1"',
        f"aircraft[0] (Ford 1).id: {ID_RULE}: 'é' is not an ASCII letter or digit (GS-75)",
    ),
    (
        "too-long",
        'id = "Ford-1"',
        f'id = "{"V" * 41}"',
        f"aircraft[0] (Ford 1).id: {ID_RULE}: it has 41 characters",
    ),
    (
        "side-referee",
        'name = "Red"',
        'name = "referee"',
        f"sides[1] (referee).name: 'referee' {RESERVED}",
    ),
    (
        "name-escape",
        'name = "Ford 1"',
        'name = "Viper \\u001b[31m1"',
        f"aircraft[0] (Viper \\x1b[31m1).name: holds \\x1b, {CONTROL}: a name is one line of text "
        "without them (GS-75)",
    ),
    (
        "scenario-name-nul",
        'name = "Dogfight 2 v 2"',
        'name = "Dogfight\\u0000"',
        f"scenario.name: holds \\x00, {CONTROL}: a name is one line of text without them (GS-75)",
    ),
    (
        "name-bidi",
        'name = "Ford 1"',
        'name = "Viper \\u202e1"',
        f"aircraft[0] (Viper \\u202e1).name: holds \\u202e, {CONTROL}: a name is one line of text "
        "without them (GS-75)",
    ),
]
IDS = [case[0] for case in SCENARIOS]


def _file(tmp_path: Path, old: str, new: str) -> Path:
    path = tmp_path / "s.toml"
    path.write_text(_dogfight(old, new), "utf-8")
    return path


@pytest.mark.parametrize(("case", "old", "new", "line"), SCENARIOS, ids=IDS)
def test_validate_lists_the_bad_id_or_name_in_one_escaped_line(
    tmp_path: Path, case: str, old: str, new: str, line: str
) -> None:
    res = runner.invoke(app, ["gunslingers", "validate", str(_file(tmp_path, old, new))])
    assert res.exit_code == 2
    assert f"s.toml: {line}" in res.stdout.splitlines()
    assert "\x1b" not in res.stdout and "\x00" not in res.stdout and "\u202e" not in res.stdout


@pytest.mark.parametrize(("case", "old", "new", "line"), SCENARIOS, ids=IDS)
@pytest.mark.parametrize("command", ["run", "play"])
def test_run_and_play_refuse_it_in_one_line_with_exit_code_2(
    tmp_path: Path, case: str, old: str, new: str, line: str, command: str
) -> None:
    args = ["gunslingers", command, str(_file(tmp_path, old, new))]
    if command == "play":
        args += ["--database-url", f"sqlite:///{tmp_path / 'g.sqlite'}", "--auto", "all"]
    res = runner.invoke(app, args)
    assert res.exit_code == 2
    assert res.stdout == ""
    assert res.stderr.startswith(f"error: s.toml: {line}")
    assert len(res.stderr.splitlines()) == 1


def _saved_game(url: str, data: dict[str, Any], decisions: int = 40) -> tuple[str, int]:
    """A game saved as airwar saved it before GS-75, every seat the automatic player;
    returns its id and how many decisions its record holds."""
    game = GunslingersGame({"scenario_data": data, "turns": 1})
    driver = Driver(game, 3)
    driver.run_bots(dict.fromkeys(range(game.num_players), GunslingersAuto()), decisions)
    record = driver.finished_record()
    seats = {game.seat_name(i): AI_PREFIX + GunslingersAuto.name for i in range(game.num_players)}
    with Store(url) as store:
        gid = store.create_game(record, title="saved before GS-75", seats=seats)
    return gid, len(record.actions)


def _legacy(old: str, new: str) -> dict[str, Any]:
    data = read_scenario_data(DOGFIGHT)
    text = json.dumps(data)
    assert old in text
    return json.loads(text.replace(old, new))


def test_a_game_saved_with_a_bad_id_resumes_to_say_why_it_cannot_continue(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'g.sqlite'}"
    gid, count = _saved_game(url, _legacy('"Ford-1"', '"Viper-1\\n"'))
    res = runner.invoke(app, ["gunslingers", "play", "--resume", gid, "--database-url", url])
    assert res.exit_code == 2
    assert res.stdout.startswith(f"resumed game {gid} at decision ")
    assert "Visual Sighting Phase" in res.stdout  # the game as far as it replays
    [line] = res.stderr.splitlines()
    assert line.startswith(
        f"error: game {gid} cannot continue: its scenario was saved with an id decisions cannot "
        f"name: aircraft[0] (Ford 1).id: {ID_RULE}: it holds \\n, {CONTROL} (GS-75)"
    )
    assert line.endswith(f" of {count} only")
    # its map is still drawn, and the record is kept whole
    drawn = runner.invoke(
        app, ["gunslingers", "map", "--game", gid, "--seat", "Blue", "--database-url", url]
    )
    assert drawn.exit_code == 0, drawn.output
    with Store(url) as store:
        assert len(store.load(gid).record.actions) == count


def test_a_game_saved_with_an_escape_in_a_name_plays_on_printed_safely(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'g.sqlite'}"
    data = _legacy('"Ford 1"', '"Viper \\u001b[2J1"')
    data["aircraft"][0]["type"] = "Falcon\x1b[2J"  # a type is a name too: the map shows it
    gid, _ = _saved_game(url, data, decisions=5)
    drawn = runner.invoke(
        app, ["gunslingers", "map", "--game", gid, "--seat", "Blue", "--database-url", url]
    )
    assert drawn.exit_code == 0, drawn.output
    assert "  B1   Ford-1 (Blue) at -6,3: aircraft (Falcon\\x1b[2J; altitude 12;" in drawn.stdout
    res = runner.invoke(
        app, ["gunslingers", "play", "--resume", gid, "--database-url", url, "--auto", "all"]
    )
    assert res.exit_code == 0, res.output
    assert "the game is over" in res.stdout
    assert "\x1b" not in res.stdout + drawn.stdout


ENGAGEMENTS = [
    (
        'name = "Strike 1"',
        'name = "Strike 1\\n"',
        "[[aircraft]] #1 ('Strike 1\\n'), key 'name': holds \\n, a control or format "
        "character: a name is one line of text without them (BIA-17)",
    ),
    (
        'name = "Strike 1"',
        'name = "Strike\\u00001"',
        "[[aircraft]] #1 ('Strike\\x001'), key 'name': holds \\x00, a control or format "
        "character: a name is one line of text without them (BIA-17)",
    ),
    (
        'name = "Ridge SAM"',
        'name = "Ridge #SAM"',
        "[[ground]] #1 ('Ridge #SAM'), key 'name': 'Ridge #SAM': a unit's name is ASCII "
        "letters, digits, spaces, '-', '_' or '.' beginning and ending with a letter or a digit "
        "(e.g. Strike 1, Ford SAM) (BIA-17); it holds '#'",
    ),
    (
        'name = "Gunship"',
        'name = "Gunship "',
        "[[aircraft]] #3 ('Gunship '), key 'name': 'Gunship ': a unit's name is ASCII letters, "
        "digits, spaces, '-', '_' or '.' beginning and ending with a letter or a digit (e.g. "
        "Strike 1, Ford SAM) (BIA-17); it begins or ends with a separator",
    ),
    (
        'name = "Lifter"',
        'name = "Лифтер"',
        "[[aircraft]] #4 ('Лифтер'), key 'name': 'Лифтер': a unit's name is ASCII letters, "
        "digits, spaces, '-', '_' or '.' beginning and ending with a letter or a digit (e.g. "
        "Strike 1, Ford SAM) (BIA-17); it holds 'Л'",
    ),
    (
        'title = "Strike on the ford"',
        'title = "Strike\\u001b[2J"',
        "top level, key 'title': holds \\x1b, a control or format character: a title is one "
        "line of text without them (BIA-17)",
    ),
    (
        "seed = 2024",
        'seed = "20\\r24"',
        "top level, key 'seed': holds \\r, a control or format character (BIA-17)",
    ),
]


@pytest.mark.parametrize(("old", "new", "line"), ENGAGEMENTS, ids=[e[1] for e in ENGAGEMENTS])
def test_bia_engagement_refuses_a_bad_name_in_one_line(
    tmp_path: Path, old: str, new: str, line: str
) -> None:
    text = (BIA_EXAMPLES / "ford-crossing.toml").read_text("utf-8")
    assert old in text
    path = tmp_path / "e.toml"
    path.write_text(text.replace(old, new, 1), "utf-8")
    res = runner.invoke(app, ["bia", "engagement", str(path)])
    assert res.exit_code == 2
    assert res.stdout == ""
    assert res.stderr == f"error: {path}: {line}\n"


def test_bia_engagement_names_with_spaces_dashes_and_dots_play() -> None:
    res = runner.invoke(app, ["bia", "engagement", str(BIA_EXAMPLES / "ford-crossing.toml")])
    assert res.exit_code == 0, res.output
    assert "Ridge SAM fires" in res.stdout


# -- titles given in a browser, listed at the terminal ------------------------------------


def test_a_title_given_in_a_browser_is_listed_as_text_not_markup(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'g.sqlite'}"
    with Store(url) as store:
        live = Sessions(store, make_bot).create(
            "migs-engagement",
            {"Communist": "ai:random", "Allied": "ai:random"},
            options={"turn_limit": 2},
            seed=6,
            title="[bold red]Mine[/] \x1b[2J",  # saved before titles were checked (GS-75)
        )
    listing = runner.invoke(app, ["migs", "games", "--database-url", url], env={"COLUMNS": "200"})
    assert listing.exit_code == 0, listing.output
    row = next(line for line in listing.stdout.splitlines() if live.id in line)
    assert "[bold red]Mine[/] \\x1b[2J" in row
    assert "\x1b" not in listing.stdout
