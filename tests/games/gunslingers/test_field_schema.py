"""What each field of a scenario's units allows, read from the scenario's models (the editor
asks ``GET /api/gunslingers/scenario/fields`` instead of restating bounds and choices): each
integer's bounds are the ones validation holds to, each choice the ones it accepts."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from airwar.games.gunslingers.model.field_schema import _unit_models, unit_fields
from airwar.games.gunslingers.model.fields import MAX_ECM, MAX_STOCK, MAX_STORES, ceiling

SERVED = unit_fields()


def _accepts(model: type[BaseModel], key: str, value: Any) -> bool:
    try:
        model.__pydantic_validator__.validate_assignment(model.model_construct(), key, value)
    except ValidationError:
        return False
    return True


def _cases() -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (kind, key, info)
        for kind, fields in SERVED["units"].items()
        for key, info in fields.items()
        if info["kind"] in ("integer", "choice") and not info.get("library")
    ]


@pytest.mark.parametrize(("kind", "key", "info"), _cases())
def test_each_bound_and_choice_is_what_validation_holds_to(
    kind: str, key: str, info: dict[str, Any]
) -> None:
    model = _unit_models()[kind]
    if info["kind"] == "choice":
        assert all(_accepts(model, key, c) for c in info["choices"])
        assert not _accepts(model, key, "no such choice")
        return
    assert _accepts(model, key, info["min"]) and not _accepts(model, key, info["min"] - 1)
    if info["max"] is not None:
        assert _accepts(model, key, info["max"]) and not _accepts(model, key, info["max"] + 1)


@pytest.mark.parametrize(
    ("kind", "key", "expected"),
    [
        ("aircraft", "djm", {"kind": "integer", "min": 0, "max": MAX_ECM}),
        ("aircraft", "chaff", {"kind": "integer", "min": 0, "max": MAX_STOCK}),
        ("aircraft", "arms", {"kind": "integer", "min": 0, "max": MAX_STORES}),
        ("aircraft", "altitude", {"kind": "integer", "min": 0, "max": ceiling()}),
        ("aircraft", "speed", {"kind": "integer", "min": 1, "max": None}),
        ("aircraft", "guns", {"kind": "boolean"}),
        (
            "sams",
            "guidance",
            {"kind": "choice", "choices": ["BR", "CG", "CW", "TVM", "OG", "LG", "IR"]},
        ),
        ("infantry_sams", "guidance", {"kind": "choice", "choices": ["OG", "LG", "IR"]}),
        ("aaa", "fire", {"kind": "choice", "choices": ["plotted", "barrage"]}),
        ("ground_units", "move", {"kind": "integer", "min": 0, "max": None}),
    ],
)
def test_the_editor_reads_the_bounds_the_rules_set(
    kind: str, key: str, expected: dict[str, Any]
) -> None:
    assert SERVED["units"][kind][key] == expected


def test_every_unit_kind_and_part_is_described() -> None:
    assert set(SERVED["units"]) == {
        "aircraft", "sams", "infantry_sams", "ewrs", "ccus", "aaa", "ground_units"
    }  # fmt: skip
    assert SERVED["parts"]["crew"]["quality"]["choices"] == [
        "veteran",
        "regular",
        "novice",
        "green",
    ]
    assert SERVED["parts"]["radar"]["kind"]["choices"] == ["regular", "mtt", "tws", "limited_tws"]
    assert SERVED["map"]["radius"] == {"kind": "integer", "min": 1, "max": 60}
    assert SERVED["units"]["aircraft"]["load"]["library"] is True
