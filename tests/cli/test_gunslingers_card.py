"""The terminal's data card (``airwar gunslingers types show``) draws the card's sections
as the Gunslingers package words them (tests/games/gunslingers/test_card_words.py)."""

from __future__ import annotations

from airwar.cli.gunslingers_card import pilot_card_text
from airwar.games.gunslingers.model.card_words import card_sections

F16 = {"name": "F-16C", "fields": [
    {"field": "speed", "value": 7, "house": "Mach 2"}, {"field": "climb", "value": 4},
    {"field": "visibility", "value": 2}, {"field": "iff", "value": True},
    {"field": "radar", "value": "APG-68"}, {"field": "chaff", "value": 10},
    {"field": "dds_programs[0].name", "value": "P1"},
    {"field": "dds_programs[0].chaff", "value": 1},
    {"field": "dds_programs[0].flares", "value": 1}, {"field": "load", "value": "CAP"},
    {"field": "loads.CAP.missiles[0].type", "value": "AIM-9M"},
    {"field": "loads.CAP.missiles[0].count", "value": 2},
    {"field": "loads.CAP.missiles[1].type", "value": "AIM-120"},
    {"field": "loads.CAP.missiles[1].count", "value": 2},
    {"field": "loads.SEAD.arms", "value": 2}, {"field": "loads.SEAD.arm_type", "value": "AGM-88"},
    {"field": "bjm.type", "value": "D"}, {"field": "bjm.number", "value": 6},
    {"field": "odd_thing", "value": 3},
]}  # fmt: skip


def test_the_text_keeps_the_heading_and_marks_house_values() -> None:
    card = F16 | {"variant_of": "F-16", "sections": card_sections(F16["fields"])}
    text = pilot_card_text("F-16C: F-16C Fighting Falcon (aircraft)", card)
    lines = text.splitlines()
    assert lines[:3] == ["F-16C: F-16C Fighting Falcon (aircraft)", "  variant of F-16",
                         "  Airframe"]  # fmt: skip
    assert lines[3].split() == ["Top", "speed", "7", "hexes", "a", "move", "[Mach", "2]"]
    assert "dds_programs" not in text and "loads." not in text
