"""What each field of a scenario's units allows, read from the scenario's own models, so
that an editor asks instead of restating them (the scenario editor's bounds and choices).

``unit_fields()`` gives, for each kind of unit a scenario lists (``aircraft``, ``sams``,
...), its fields in the file's order, each with its kind of value: ``integer`` with its
``min`` and ``max`` (GS-42; ``max`` None: only the map bounds it, a count of hexes),
``choice`` with its ``choices``, ``boolean``, or ``other`` (edited as text or JSON). The
parts a unit holds (a crew member, its own radar, a missile load) and the map are
described the same way.
"""

from __future__ import annotations

import types
import typing
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic.functional_validators import BeforeValidator

from airwar.games.gunslingers.model.fields import AirRadarSpec, CrewMember, IntRange, MissileLoad
from airwar.games.gunslingers.model.scenario_schema import MapSpec, Scenario

LIBRARY_FIELDS: dict[str, dict[str, Any]] = {
    "aircraft": {"load": {"kind": "choice", "choices": None, "library": True}},
}
"""Fields the type library fills in before the models read a unit (an aircraft's load,
one of its type's loads: ``typelib``); their choices are the type's."""


def _without_none(annotation: Any) -> Any:
    if typing.get_origin(annotation) in (Union, types.UnionType):
        kept = [a for a in typing.get_args(annotation) if a is not type(None)]
        return kept[0] if len(kept) == 1 else annotation
    return annotation


def describe(info: FieldInfo) -> dict[str, Any]:
    """What one field allows: its kind of value, bounds or choices."""
    annotation = _without_none(info.annotation)
    metadata = list(info.metadata)
    if typing.get_origin(annotation) is Annotated:  # an optional field keeps its own
        metadata += annotation.__metadata__
        annotation = typing.get_args(annotation)[0]
    if typing.get_origin(annotation) is Literal:
        return {"kind": "choice", "choices": list(typing.get_args(annotation))}
    for meta in metadata:
        if isinstance(meta, BeforeValidator) and isinstance(meta.func, IntRange):
            return {"kind": "integer", "min": meta.func.lo, "max": meta.func.top}
    if annotation is bool:
        return {"kind": "boolean"}
    return {"kind": "other"}


def model_fields(model: type[BaseModel]) -> dict[str, dict[str, Any]]:
    return {name: describe(info) for name, info in model.model_fields.items()}


def _unit_models() -> dict[str, type[BaseModel]]:
    """The scenario's lists of units (a list of a model with a side and a hex)."""
    out: dict[str, type[BaseModel]] = {}
    for name, info in Scenario.model_fields.items():
        for model in typing.get_args(info.annotation)[:1]:
            is_model = isinstance(model, type) and issubclass(model, BaseModel)
            if is_model and {"side", "hex"} <= set(model.model_fields):
                out[name] = model
    return out


def unit_fields() -> dict[str, Any]:
    """Every unit kind's fields with what each allows, and the parts and the map's."""
    return {
        "units": {
            kind: {**model_fields(model), **LIBRARY_FIELDS.get(kind, {})}
            for kind, model in _unit_models().items()
        },
        "parts": {
            "crew": model_fields(CrewMember),
            "radar": model_fields(AirRadarSpec),
            "missile": model_fields(MissileLoad),
        },
        "map": model_fields(MapSpec),
    }
