"""The air-defence calculator's API: exact odds of one shot and of a volley (BIA-1..BIA-7)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

SLOW_POOR = {"speed": "slow", "manoeuvrability": "poor"}


@pytest.mark.parametrize(
    ("shot", "hit_number", "odds"),
    [
        # Slow/Poor against surface fire: 2 + 4 = 6 on 1d10 (BIA-1, BIA-4)
        ({"system": "vehicle-sam"}, 6, ("2/5", "1/2", "1/10")),
        # Heavy SAM always hits on a 1 (BIA-4)
        ({"system": "heavy-sam"}, 6, ("0/1", "5/6", "1/6")),
    ],
)
def test_one_shot(
    client: TestClient, shot: dict[str, Any], hit_number: int, odds: tuple[str, str, str]
) -> None:
    r = client.post("/api/bia/air-defence", json={**shot, "target": SLOW_POOR})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["hit_number"] == hit_number
    assert (body["p_miss"], body["p_damaged"], body["p_shot_down"]) == odds
    assert {m["rule"] for m in body["modifiers"]} == {"BIA-1"}


def test_a_volley_of_two_shots(client: TestClient) -> None:
    body = {"target": SLOW_POOR, "shots": [{"system": "vehicle-sam"}, {"system": "vehicle-sam"}]}
    r = client.post("/api/bia/volley", json=body)
    assert r.status_code == 200
    assert r.json()["volley"]["p_miss"] == "4/25"
    assert len(r.json()["shots"]) == 2


@pytest.mark.parametrize(
    ("body", "field", "reason"),
    [
        ({"system": "laser", "target": SLOW_POOR}, "system", "laser"),
        ({"system": "manpad", "range_km": 12, "target": SLOW_POOR}, "body", "out of range"),
        ({"system": "manpad", "firer": "orbital", "target": SLOW_POOR}, "body", "Very Slow"),
        ({"system": "manpad", "firer": "aircraft", "target": SLOW_POOR}, "firer_speed", "both"),
        ({"system": "manpad", "target": {**SLOW_POOR, "pilot": "hero"}}, "pilot", "pattern"),
        ({"system": "manpad", "target": {**SLOW_POOR, "first_pass": True}}, "body", "declared as"),
    ],
)
def test_bad_input_is_a_422_with_the_field_and_reason(
    client: TestClient, body: dict[str, Any], field: str, reason: str
) -> None:
    r = client.post("/api/bia/air-defence", json=body)
    assert r.status_code == 422
    detail = r.json()["detail"][0]
    assert field in detail["loc"]
    assert reason in detail["msg"]


def test_choices_list_every_system(client: TestClient) -> None:
    choices = client.get("/api/bia/choices").json()
    keys = {s["key"] for s in choices["systems"]}
    assert {"heavy-sam", "vehicle-sam", "manpad", "small-arms"} <= keys
    assert choices["speeds"] == ["fast", "slow", "very-slow"]


@pytest.mark.parametrize(
    ("all_speeds", "hit_number", "p_miss"), [(False, 6, "2/5"), (True, 4, "3/5")]
)
def test_a_slow_aircraft_making_passes(
    client: TestClient, all_speeds: bool, hit_number: int, p_miss: str
) -> None:
    """BIA-19 on the calculator: a Slow target declared as making passes, on its first
    pass: +0 by default, the Fast aircraft's -2 with the option."""
    target = {**SLOW_POOR, "passes": True, "first_pass": True}
    body = {"system": "vehicle-sam", "target": target, "first_pass_all_speeds": all_speeds}
    r = client.post("/api/bia/air-defence", json=body)
    assert r.status_code == 200, r.text
    shot = r.json()
    assert (shot["hit_number"], shot["p_miss"]) == (hit_number, p_miss)
    assert shot["modifiers"][-1]["rule"] == "BIA-19"
    volley = {"target": target, "shots": [{"system": "vehicle-sam"}] * 2}
    r = client.post("/api/bia/volley", json={**volley, "first_pass_all_speeds": all_speeds})
    assert r.status_code == 200
    miss = Fraction(p_miss)
    assert Fraction(r.json()["volley"]["p_miss"]) == miss * miss


@pytest.mark.parametrize(
    ("target", "reason"),
    [
        ({**SLOW_POOR, "passes": True, "loiter_turns": 2}, "does not loiter"),
        ({**SLOW_POOR, "passes": "yes"}, "boolean"),
        (
            {"speed": "fast", "manoeuvrability": "good", "passes": True, "dogfighting": True},
            "does not make passes",
        ),
    ],
)
def test_bad_passes_are_a_422(client: TestClient, target: dict[str, Any], reason: str) -> None:
    r = client.post("/api/bia/air-defence", json={"system": "manpad", "target": target})
    assert r.status_code == 422
    assert reason in r.json()["detail"][0]["msg"]
