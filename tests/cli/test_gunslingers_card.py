"""The terminal's data card (``airwar gunslingers types show``) draws the card's sections
as the Gunslingers package words them (tests/games/gunslingers/test_card_words.py)."""

from __future__ import annotations

from airwar.cli.gunslingers_card import pilot_card_text
from airwar.games.gunslingers.model.card_words import card_sections
from tests.games.gunslingers.test_card_words import F16


def test_the_text_keeps_the_heading_and_marks_house_values() -> None:
    card = F16 | {"variant_of": "F-16", "sections": card_sections(F16["fields"])}
    text = pilot_card_text("F-16C: F-16C Fighting Falcon (aircraft)", card)
    lines = text.splitlines()
    assert lines[:3] == ["F-16C: F-16C Fighting Falcon (aircraft)", "  variant of F-16",
                         "  Airframe"]  # fmt: skip
    assert lines[3].split() == ["Top", "speed", "7", "hexes", "a", "move", "[Mach", "2]"]
    assert "dds_programs" not in text and "loads." not in text
