"""The air-defence calculator's API: exact odds of one shot and of a volley (BIA-1..BIA-7)."""

from __future__ import annotations

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
