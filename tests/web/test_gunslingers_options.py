"""A new Gunslingers game from the browser sets every rule option the game declares."""

from __future__ import annotations

from typing import Any, get_args

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape

from airwar.games.gunslingers import GunslingersGame
from airwar.web.gunslingers import RULE_OPTIONS, NewGunslingersGame

DOGFIGHT = "dogfight-2v2.toml"
SEATS = {"Blue": "human", "Red": "remote", "referee": "remote"}


def other_value(default: Any, choices: tuple[Any, ...] | None) -> Any:
    """A value of the option that is not its default."""
    if choices:
        return next(c for c in choices if c != default)
    assert isinstance(default, bool)
    return not default


def test_the_form_model_has_each_rule_option_with_the_games_default_and_choices() -> None:
    names = {p.name for p in GunslingersGame.parameters} - {"scenario", "scenario_data", "turns"}
    assert {p.name for p in RULE_OPTIONS} == names
    assert {
        "radar_line_of_sight",
        "status_on_move",
        "preemption",
        "shootouts",
        "bingo_disengages",
        "edge_disengagement",
        "operational_moves",
    } <= names
    fields = NewGunslingersGame.model_fields
    for p in RULE_OPTIONS:
        assert fields[p.name].default == p.default, p.name
        if p.choices:
            assert set(get_args(fields[p.name].annotation)) == set(p.choices), p.name


def test_every_rule_option_reaches_the_new_game(client: TestClient) -> None:
    chosen = {p.name: other_value(p.default, p.choices) for p in RULE_OPTIONS}
    r = client.post("/api/gunslingers/games", json={"example": DOGFIGHT, "seats": SEATS, **chosen})
    assert r.status_code == 201, r.text
    live = client.app.state.service.get(r.json()["id"])  # type: ignore[attr-defined]
    options = live.game.options
    assert {name: options[name] for name in chosen} == chosen


def test_left_out_the_options_take_the_games_defaults(client: TestClient) -> None:
    r = client.post("/api/gunslingers/games", json={"example": DOGFIGHT, "seats": SEATS})
    assert r.status_code == 201, r.text
    options = client.app.state.service.get(r.json()["id"]).game.options  # type: ignore[attr-defined]
    assert {p.name: options[p.name] for p in RULE_OPTIONS} == {
        p.name: p.default for p in RULE_OPTIONS
    }


def bad_values() -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for p in RULE_OPTIONS:
        if p.choices:
            out += [(p.name, "nonsense"), (p.name, 1), (p.name, "x" * 10_000)]
        else:
            out += [(p.name, "yes"), (p.name, 1), (p.name, None)]
    return out


@pytest.mark.parametrize(("name", "value"), bad_values())
def test_a_bad_option_value_is_a_422_naming_the_field(
    client: TestClient, name: str, value: Any
) -> None:
    r = client.post(
        "/api/gunslingers/games",
        json={"example": DOGFIGHT, "seats": SEATS, name: value},
    )
    assert r.status_code == 422
    assert [d["loc"] for d in r.json()["detail"]] == [["body", name]]


def test_an_unknown_option_is_a_422_naming_it(client: TestClient) -> None:
    r = client.post(
        "/api/gunslingers/games",
        json={"example": DOGFIGHT, "seats": SEATS, "wing_overs_per_turn": 2},
    )
    assert r.status_code == 422
    assert [d["loc"] for d in r.json()["detail"]] == [["body", "wing_overs_per_turn"]]


def test_the_new_game_page_shows_each_option_with_its_label_help_and_rule(
    client: TestClient,
) -> None:
    page = client.get("/gunslingers").text
    for p in RULE_OPTIONS:
        assert f'data-option="{p.name}"' in page, p.name
        assert str(escape(p.shown_label)) in page, p.name
        assert str(escape(p.help)) in page, p.name
        assert f"({p.rule})" in page, p.name
