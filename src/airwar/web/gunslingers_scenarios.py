"""Gunslingers scenarios as the browser sends them: one of the packaged examples by name,
or the text of a TOML file (the new-game page and the scenario editor both take them)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from airwar.games.examples import GUNSLINGERS, as_path, example_files, find_example
from airwar.games.gunslingers.model.scenario import read_scenario_data
from airwar.web.errors import field_error
from airwar.web.hardening import UPLOAD_LIMIT

MAX_SCENARIO_CHARS = UPLOAD_LIMIT // 12 - 1_000
"""The longest scenario text a page may upload: the upload cap (1 MB) holds it in JSON
whatever its characters (at most 12 bytes each, escaped). The large-battle example is
33,000; a longer scenario is played at the terminal (files up to 1 MB, GS-42)."""

ExampleName = Annotated[
    str, StringConstraints(min_length=1, max_length=80, pattern=r"^[A-Za-z0-9_.-]+$")
]


class ScenarioIn(BaseModel):
    """A scenario: one of the examples by name, or the text of a TOML file."""

    model_config = ConfigDict(extra="forbid", strict=True)

    example: ExampleName | None = None
    scenario_toml: Annotated[str, Field(max_length=MAX_SCENARIO_CHARS)] | None = None

    @model_validator(mode="after")
    def one_source(self) -> ScenarioIn:
        if (self.example is None) == (self.scenario_toml is None):
            raise ValueError("give either an example or the scenario_toml text, not both")
        return self


def example_data(name: str) -> tuple[dict[str, Any], str]:
    """The content and file name of a packaged example, by its file name with or without
    ``.toml``; a 422 at ``body.example`` names the known ones when there is no such one."""
    file = find_example(GUNSLINGERS, name)
    if file is None:
        known = ", ".join(example_files(GUNSLINGERS)) or "none"
        raise field_error(("body", "example"), f"unknown example {name!r} (known: {known})")
    return read_scenario_data(as_path(file)), file.name
