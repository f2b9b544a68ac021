"""Ids and names are bounded text over HTTP (GS-75): an upload, the scenario editor and a
new game answer 422 naming the unit and the field; a title with a control character is
refused; a game saved with a bad id still loads and says why it cannot continue."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from airwar.core import Driver
from airwar.games.gunslingers import GunslingersGame
from airwar.games.gunslingers.autoplayer import GunslingersAuto
from airwar.games.gunslingers.model.scenario import read_scenario_data
from airwar.session import AI_PREFIX
from tests.examples import GUNSLINGERS_EXAMPLES

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
NAME = f"{CONTROL}: a name is one line of text without them (GS-75)"

CASES = [
    # (TOML as written, the same value as data, the place, the message)
    (
        '"Viper-1\\n"',
        "Viper-1\n",
        "aircraft[0] (Ford 1).id",
        f"{ID_RULE}: it holds \\n, {CONTROL} (GS-75)",
    ),
    (
        '"Viper\\u00001"',
        "Viper\x001",
        "aircraft[0] (Ford 1).id",
        f"{ID_RULE}: it holds \\x00, {CONTROL} (GS-75)",
    ),
    (
        '"\\u001b]0;pwned\\u0007"',
        "\x1b]0;pwned\x07",
        "aircraft[0] (Ford 1).id",
        f"{ID_RULE}: it holds \\x1b, {CONTROL} (GS-75)",
    ),
    ('"done"', "done", "aircraft[0] (Ford 1).id", f"'done' {RESERVED}"),
    ('"Gun"', "Gun", "aircraft[0] (Ford 1).id", f"'Gun' {RESERVED}"),
    (
        '"W12"',
        "W12",
        "aircraft[0] (Ford 1).id",
        "'W12' is how the referee names a weapon in flight (W1, W2, ...): an id must be "
        "another word (GS-75)",
    ),
    (
        f'"{"V" * 41}"',
        "V" * 41,
        "aircraft[0] (Ford 1).id",
        f"{ID_RULE}: it has 41 characters",
    ),
    (
        '"Víper-1"',
        "Víper-1",
        "aircraft[0] (Ford 1).id",
        f"{ID_RULE}: 'í' is not an ASCII letter or digit (GS-75)",
    ),
]
EDITED = [c for c in CASES if "\x00" not in c[1]]
"""The cases the editor sends as JSON, where a NUL is refused before any check (it is
in a string of the TOML text of an upload)."""
NAMES = [
    ('"Viper \\u001b[31m1"', "Viper \x1b[31m1", "aircraft[0] (Viper \\x1b[31m1).name"),
    ('"Viper\\u00001"', "Viper\x001", "aircraft[0] (Viper\\x001).name"),
]


def _toml(old: str, new: str) -> str:
    text = DOGFIGHT.read_text("utf-8")
    assert old in text
    return text.replace(old, new, 1)


def _upload(value: str) -> str:
    return _toml('id = "Ford-1"', f"id = {value}")


@pytest.mark.parametrize(("toml", "data", "place", "message"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("route", ["/api/gunslingers/preview", "/api/gunslingers/games"])
def test_an_upload_with_a_bad_id_is_a_422_naming_the_unit(
    client: TestClient, route: str, toml: str, data: str, place: str, message: str
) -> None:
    r = client.post(route, json={"scenario_toml": _upload(toml)})
    assert r.status_code == 422
    [detail] = r.json()["detail"]
    assert detail["loc"] == ["body", "scenario_toml"]
    assert detail["msg"].startswith(f"uploaded scenario: {place}: {message}")


@pytest.mark.parametrize(("toml", "data", "place"), NAMES, ids=[n[0] for n in NAMES])
def test_an_upload_with_a_control_character_in_a_name_is_a_422(
    client: TestClient, toml: str, data: str, place: str
) -> None:
    text = _toml('name = "Ford 1"', f"name = {toml}")
    r = client.post("/api/gunslingers/games", json={"scenario_toml": text})
    assert r.status_code == 422
    first = r.json()["detail"][0]["msg"].split("; uploaded scenario: ")[0]
    assert first.startswith(f"uploaded scenario: {place}: holds ")
    assert first.endswith(NAME)
    assert "\x1b" not in r.text and "\\u001b" not in r.text  # escaped for a reader, not JSON's


def _content(unit: dict[str, Any]) -> dict[str, Any]:
    data = read_scenario_data(DOGFIGHT)
    data["aircraft"][0].update(unit)
    return data


@pytest.mark.parametrize(("toml", "data", "place", "message"), EDITED, ids=[c[0] for c in EDITED])
def test_the_editor_places_a_bad_id_at_its_field(
    client: TestClient, toml: str, data: str, place: str, message: str
) -> None:
    content = _content({"id": data})
    r = client.post("/api/gunslingers/scenario/check", json={"scenario": content})
    assert r.status_code == 200
    body = r.json()
    assert not body["ok"]
    first = body["problems"][0]
    assert (first["place"], first["path"], first["message"]) == (
        place,
        ["aircraft", 0, "id"],
        message,
    )
    r = client.post("/api/gunslingers/scenario/toml", json={"scenario": content})
    assert r.status_code == 422
    detail = r.json()["detail"][0]
    assert detail["loc"] == ["body", "scenario", "aircraft", 0, "id"]
    assert detail["msg"] == f"{place}: {message}"


@pytest.mark.parametrize(("toml", "data", "place"), NAMES[:1], ids=[n[0] for n in NAMES[:1]])
def test_the_editor_places_a_bad_name_at_its_field(
    client: TestClient, toml: str, data: str, place: str
) -> None:
    r = client.post("/api/gunslingers/scenario/check", json={"scenario": _content({"name": data})})
    first = r.json()["problems"][0]
    assert (first["place"], first["path"]) == (place, ["aircraft", 0, "name"])
    assert first["message"].endswith(NAME)


TITLES = ["Raid\x1b[2J", "Raid\nnight", "Raid\x7f", "Raid\u202e"]


@pytest.mark.parametrize("title", TITLES, ids=[repr(t) for t in TITLES])
def test_a_title_with_a_control_character_is_a_422(client: TestClient, title: str) -> None:
    for route, body in (
        ("/api/gunslingers/games", {"example": "dogfight-2v2", "title": title}),
        ("/api/games", {"game": "migs-engagement", "title": title}),
    ):
        r = client.post(route, json=body)
        assert r.status_code == 422, route
        [detail] = r.json()["detail"]
        assert detail["loc"] == ["body", "title"]
        assert f"{CONTROL}: a title is one line of text without them" in detail["msg"]


def _saved_game(client: TestClient, data: dict[str, Any]) -> tuple[str, int]:
    """A game saved as airwar saved it before GS-75 (Blue a person on another browser,
    the rest the automatic player), its bots' decisions naming the bad id."""
    game = GunslingersGame({"scenario_data": data, "turns": 1})
    driver = Driver(game, 3)
    driver.run_bots(dict.fromkeys(range(game.num_players), GunslingersAuto()), 40)
    record = driver.finished_record()
    auto = AI_PREFIX + GunslingersAuto.name
    seats = {"Blue": "remote", "Red": auto, "referee": auto}
    store = client.app.state.store  # type: ignore[attr-defined]
    return store.create_game(record, title="saved before GS-75", seats=seats), len(record.actions)


def test_a_game_saved_with_a_bad_id_loads_and_says_why_it_cannot_continue(
    client: TestClient,
) -> None:
    data = json.loads(json.dumps(read_scenario_data(DOGFIGHT)).replace('"Ford-1"', '"Viper-1\\n"'))
    gid, count = _saved_game(client, data)
    r = client.get(f"/api/games/{gid}")
    assert r.status_code == 200
    body = r.json()
    assert body["to_act"] is None and not body["my_turn"] and body["choices"] == {}
    [notice] = body["notices"]
    assert notice.startswith(
        "This game cannot continue: its scenario was saved with an id decisions cannot name: "
        f"aircraft[0] (Ford 1).id: {ID_RULE}: it holds \\n, {CONTROL} (GS-75) (and 1 more); "
        "its record replays to decision "
    )
    assert notice.endswith(f" of {count} only.")
    token = client.app.state.store.load(gid).meta["tokens"]["Blue"]  # type: ignore[attr-defined]
    seen = client.get(f"/api/games/{gid}", params={"seat": token}).json()
    assert seen["notices"] == [notice] and not seen["my_turn"]
    r = client.post(
        f"/api/games/{gid}/actions", json={"seat": token, "actions": ["searcher Viper-1 yes"]}
    )
    assert r.status_code == 409
    assert r.json()["detail"] == "this" + notice.removeprefix("This").removesuffix(".")
    replayed = client.get(f"/api/games/{gid}/replay", params={"step": 0})
    assert replayed.status_code == 200
    record = client.get(f"/api/games/{gid}/record", params={"seat": token})
    assert record.status_code == 200  # the seat's copy: the decisions that replay
    assert len(record.json()["actions"]) == body["decisions"] < count
    kept = client.app.state.store.load(gid).record.actions  # type: ignore[attr-defined]
    assert len(kept) == count  # the saved record is kept whole
