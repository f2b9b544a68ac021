"""Ids and names are bounded text (GS-75): tables of bad ids and names with their exact
messages, a property that every id accepted reads back from a decision and a record, and
a game saved before the rule that still loads and says why it cannot continue."""

from __future__ import annotations

import copy
import string
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from airwar.core import Driver, replay
from airwar.core.errors import OptionError, RecordError
from airwar.core.record import GameRecord
from airwar.games.gunslingers import Decision, GunslingersGame
from airwar.games.gunslingers.autoplayer import GunslingersAuto
from airwar.games.gunslingers.model.fields import RESERVED_WORDS, id_problem
from airwar.games.gunslingers.model.scenario import parse_scenario
from airwar.games.gunslingers.model.scenario_schema import ScenarioError
from airwar.session import Sessions
from airwar.session.verifying import verify_record
from airwar.store import Store
from tests.games.gunslingers.scenario_builder import BASE

RULE = (
    "must be a short id (at most 40 characters) of letters, digits, '-', '_' or '.' without "
    "spaces (e.g. Viper-2)"
)
RESERVED = (
    "is a word the decisions already use (none, done, yes, no, gun, an arc, ...): an id must "
    "be another word (GS-75)"
)
NAME_RULE = "a name is one line of text without them (GS-75)"


def _problems(data: dict[str, Any]) -> list[str]:
    with pytest.raises(ScenarioError) as err:
        parse_scenario(data, "s.toml")
    return err.value.problems


def _eagle_id(value: str) -> dict[str, Any]:
    """BASE with the first aircraft's id changed (its display name keeps the place's label)."""
    data = copy.deepcopy(BASE)
    data["aircraft"][0]["id"] = value
    data["aircraft"][0]["name"] = "Eagle one"
    return data


NUMBER = (
    "reads as a number of a move (a coordinate, h4 for a heading, a12 for an altitude): an "
    "id must be another word (GS-75)"
)
LABEL = "is how a side labels an enemy unit (Contact-1, ...): an id must be another word (GS-75)"
BAD_IDS = [
    ("12", f"'12' {NUMBER}"),
    ("h4", f"'h4' {NUMBER}"),
    ("A-12", f"'A-12' {NUMBER}"),
    ("contact-3", f"'contact-3' {LABEL}"),
    ("Viper-1\n", f"{RULE}: it holds \\n, a control or format character (GS-75)"),
    ("Viper\x001", f"{RULE}: it holds \\x00, a control or format character (GS-75)"),
    ("\x1b[31mRed", f"{RULE}: it holds \\x1b, a control or format character (GS-75)"),
    ("Viper\u202e1", f"{RULE}: it holds \\u202e, a control or format character (GS-75)"),
    ("Viper\t1", f"{RULE}: it holds \\t, a control or format character (GS-75)"),
    ("Viper 1", f"{RULE}: it holds a space; a display name may (name = ...)"),
    ("Jäger", f"{RULE}: 'ä' is not an ASCII letter or digit (GS-75)"),
    ("Viper:1", f"{RULE}: it holds ':'"),
    ("Viper,1", f"{RULE}: it holds ','"),
    ("-Viper", f"{RULE}: it must begin with a letter or a digit"),
    ("", f"{RULE}: it is empty"),
    ("V" * 41, f"{RULE}: it has 41 characters"),
    ("none", f"'none' {RESERVED}"),
    ("DONE", f"'DONE' {RESERVED}"),
    ("yes", f"'yes' {RESERVED}"),
    ("gun", f"'gun' {RESERVED}"),
    ("bomb", f"'bomb' {RESERVED}"),
    ("referee", f"'referee' {RESERVED}"),
    ("all", f"'all' {RESERVED}"),
    ("180", f"'180' {RESERVED}"),
    ("30l", f"'30l' {RESERVED}"),
    ("quit", f"'quit' {RESERVED}"),
    (
        "W3",
        "'W3' is how the referee names a weapon in flight (W1, W2, ...): an id must be "
        "another word (GS-75)",
    ),
    (7, RULE),
]


@pytest.mark.parametrize(("value", "message"), BAD_IDS, ids=[repr(v) for v, _ in BAD_IDS])
def test_a_bad_unit_id_is_refused_naming_the_unit_and_the_field(value: Any, message: str) -> None:
    assert f"s.toml: aircraft[0] (Eagle one).id: {message}" in _problems(_eagle_id(value))


GOOD_IDS = ["Viper-1", "SA-6", "B000", "a.b_c-d", "W", "Wx1", "V" * 40, "Gunner", "None1", "0A"]


@pytest.mark.parametrize("value", GOOD_IDS)
def test_an_id_of_letters_digits_and_dashes_is_accepted(value: str) -> None:
    sc = parse_scenario(_eagle_id(value), "s.toml")
    assert sc.aircraft[0].id == value


OTHER_PLACES = [
    # a side's name is a seat's name and a decision's word
    (
        ["sides", 0, "name"],
        "Blue\n",
        f"sides[0] (Blue\\n).name: {RULE}: it holds \\n, a control or format character (GS-75)",
    ),
    (["sides", 1, "name"], "referee", f"sides[1] (referee).name: 'referee' {RESERVED}"),
    (["sides", 1, "name"], "All", f"sides[1] (All).name: 'All' {RESERVED}"),
    # a DDS program, a missile, a weapon, a special mode: each a word of a decision
    (
        ["aircraft", 0, "dds_programs", 0, "name"],
        "off",
        f"aircraft[0] (Eagle).dds_programs[0] (off).name: 'off' {RESERVED}",
    ),
    (
        ["aircraft", 0, "missiles", 0, "type"],
        "AIM 9",
        f"aircraft[0] (Eagle).missiles[0].type: {RULE}: it holds a space; a display name "
        "may (name = ...)",
    ),
    (
        ["aircraft", 0, "special_modes"],
        ["none"],
        f"aircraft[0] (Eagle).special_modes[0]: 'none' {RESERVED}",
    ),
    (
        ["ground_units", 0, "id"],
        "Depot\r\n",
        f"ground_units[0] (Depot\\r\\n).id: {RULE}: it holds \\r, a control or format "
        "character (GS-75)",
    ),
    # names: any printable text, one line, at most 200 characters
    (
        ["aircraft", 0, "name"],
        "Eagle\x1b[2J",
        f"aircraft[0] (Eagle\\x1b[2J).name: holds \\x1b, a control or format character: "
        f"{NAME_RULE}",
    ),
    (
        ["scenario", "name"],
        "Night\x00raid",
        f"scenario.name: holds \\x00, a control or format character: {NAME_RULE}",
    ),
    (
        ["ground_units", 0, "name"],
        "Depot\u2028B",
        f"ground_units[0] (Depot\\u2028B).name: holds \\u2028, a control or format "
        f"character: {NAME_RULE}",
    ),
    (
        ["aircraft", 0, "type"],
        "F-15C\n",
        f"aircraft[0] (Eagle).type: holds \\n, a control or format character: {NAME_RULE}",
    ),
    (
        ["aircraft", 0, "name"],
        "E" * 201,
        "aircraft[0] (EEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE...).name: is 201 characters long, "
        "at most 200: a name, not a text",
    ),
]


@pytest.mark.parametrize(
    ("path", "value", "message"), OTHER_PLACES, ids=[m.split(":")[0] for _, _, m in OTHER_PLACES]
)
def test_every_id_and_name_of_a_scenario_is_checked(
    path: list[Any], value: Any, message: str
) -> None:
    data = copy.deepcopy(BASE)
    node: Any = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    assert f"s.toml: {message}" in _problems(data)


def test_a_name_may_be_any_printable_text_in_any_script() -> None:
    data = copy.deepcopy(BASE)
    data["scenario"]["name"] = "Nuit sur l'Èbre: «Jäger 1» contre МиГ-21 (1972)"
    data["aircraft"][0]["name"] = "Игла 1"
    sc = parse_scenario(data, "s.toml")
    assert sc.aircraft[0].label == "Игла 1"


@given(st.text(max_size=45))
@settings(max_examples=300, deadline=None)
def test_an_accepted_id_is_one_printable_ascii_word_no_decision_word(value: str) -> None:
    if id_problem(value) is not None:
        return
    assert value.split() == [value]
    assert value.isascii() and value.isprintable()
    assert set(value) <= set(string.ascii_letters + string.digits + "-_.")
    assert value.lower() not in RESERVED_WORDS
    assert not any(sep in value for sep in ":,")  # the separators of a decision's words


IDS = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9_.\-]{0,39}", fullmatch=True).filter(
    lambda v: id_problem(v) is None
)


def _duel(red: str) -> dict[str, Any]:
    """A small dogfight whose Red aircraft has the id ``red``."""
    data = copy.deepcopy(BASE)
    data["aircraft"] = [data["aircraft"][0], {**data["aircraft"][1], "id": red}]
    data["aircraft"][0]["hex"] = [0, 0]
    data["aircraft"][1]["hex"] = [3, 0]
    data["ewrs"], data["sams"], data["ground_units"] = [], [], []
    return data


@given(IDS)
@settings(max_examples=12, deadline=None)
def test_any_accepted_id_reads_back_from_a_decision_and_a_record(red: str) -> None:
    for d in (
        Decision("move", red, ("1,0", "h2", "a10")),
        Decision("attack", "Eagle", (f"gun:{red}",)),
        Decision("padlock", "Eagle", (red,)),
    ):
        assert Decision.parse(str(d)) == d
    game = GunslingersGame({"scenario_data": _duel(red), "turns": 1})
    assert game.halted is None
    driver = Driver(game, 5)
    auto = GunslingersAuto()
    driver.run_bots(dict.fromkeys(range(game.num_players), auto), max_decisions=40)
    record = driver.finished_record()
    named = [text for _, text in record.actions if red in text.split()]
    assert named, "the game's decisions name the unit"
    again = replay(GameRecord.from_json(record.to_json()))
    assert again.record.actions == record.actions
    assert again.log_digest == driver.log_digest


def _saved_before_the_rule(data: dict[str, Any], decisions: int = 30) -> GameRecord:
    """A record as airwar saved it before GS-75: the bots' decisions name the bad id."""
    game = GunslingersGame({"scenario_data": data, "turns": 1})
    driver = Driver(game, 3)
    driver.run_bots(dict.fromkeys(range(game.num_players), GunslingersAuto()), decisions)
    return driver.finished_record()


def test_a_game_saved_with_a_bad_id_loads_and_says_why_it_cannot_continue() -> None:
    data = _eagle_id("Eagle\n")
    record = _saved_before_the_rule(data)
    assert any("Eagle\n" in text for _, text in record.actions)
    driver = replay(GameRecord.from_json(record.to_json()))
    assert driver.halted is not None
    assert driver.halted.startswith(
        "its scenario was saved with an id decisions cannot name: aircraft[0] (Eagle one).id: "
        f"{RULE}: it holds \\n, a control or format character (GS-75); its record replays to "
        "decision "
    )
    assert driver.halted.endswith(f" of {len(record.actions)} only")
    assert driver.unreplayed, "the decisions that no longer replay are kept"
    kept = driver.finished_record()
    assert kept.actions == record.actions
    assert kept.log_digest == record.log_digest


def test_a_game_saved_with_a_reserved_id_replays_whole_but_is_halted() -> None:
    # a prompt word: an id "none" would now be refused as soon as a side's decision says
    # "none" (a word that names an enemy the side does not know, GS-72), so the record of a
    # game saved with it would no longer replay whole
    record = _saved_before_the_rule(_eagle_id("map"), decisions=10)
    driver = replay(record)
    assert driver.unreplayed == []
    assert driver.halted is not None and f"'map' {RESERVED}" in driver.halted


def test_a_game_saved_with_a_control_character_in_a_name_plays_on() -> None:
    data = copy.deepcopy(BASE)
    data["aircraft"][0]["name"] = "Eagle\x1b[2J"
    game = GunslingersGame({"scenario_data": data})
    assert game.halted is None
    with pytest.raises(ScenarioError, match="holds \\\\x1b"):
        parse_scenario(data)  # a new game from it is refused


def test_a_scenario_bad_for_another_reason_is_still_refused_when_saved() -> None:
    data = _eagle_id("Eagle\n")
    data["aircraft"][0]["altitude"] = -1
    with pytest.raises(ScenarioError) as err:
        GunslingersGame({"scenario_data": data})
    assert "scenario_data: aircraft[0] (Eagle one).altitude: must be an integer >= 0" in (
        err.value.problems
    )


def test_a_halted_game_is_neither_started_anew_nor_verified() -> None:
    data = _eagle_id("Eagle\n")
    record = _saved_before_the_rule(data, decisions=10)
    with pytest.raises(
        RecordError, match=r"^the record cannot be verified: its scenario was saved"
    ):
        verify_record(record.to_dict())
    with Store("sqlite://") as store, pytest.raises(OptionError) as err:
        Sessions(store).create(GunslingersGame({"scenario_data": data}), {})
    assert str(err.value).startswith(
        "a new game cannot start from these options: its scenario was saved with an id "
        "decisions cannot name: aircraft[0] (Eagle one).id: "
    )
