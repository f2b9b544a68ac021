"""The terminal's data card in a pilot's words (issue 23, section 5): the same cards the
browser's tests read (``tests/web/js/gunslingers_map.test.js``) read the same way here."""

from __future__ import annotations

from airwar.cli.gunslingers_card import card_sections, pilot_card_text

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

SA2 = {"name": "SA-2", "fields": [
    {"field": "kind", "value": "sam"}, {"field": "guidance", "value": "CG"},
    {"field": "lock_on", "value": 6}, {"field": "range", "value": 14},
    {"field": "max_altitude", "value": 28}, {"field": "rails", "value": 6},
    {"field": "result.target", "value": 3}, {"field": "result.success", "value": "destroyed"},
    {"field": "result.failure", "value": "miss"},
]}  # fmt: skip


def _rows(card: dict) -> dict[str, str]:
    return {label: value for _, rows in card_sections(card) for label, value, _ in rows}


def test_an_aircraft_card_reads_as_sections_in_plain_words() -> None:
    sections = card_sections(F16)
    assert [t for t, _ in sections] == ["Airframe", "Sensors", "Weapons", "Self-protection",
                                        "Other"]  # fmt: skip
    rows = _rows(F16)
    assert rows["Top speed"] == "7 hexes a move"
    assert rows["Climb or dive"] == "4 altitude levels a move"
    assert rows["Size to the eye"] == "2 (small)"
    assert rows["CAP load"] == "2 × AIM-9M, 2 × AIM-120"
    assert rows["SEAD load"] == "2 × AGM-88 (anti-radiation)"
    assert rows["DDS program P1"] == "1 chaff, 1 flare"
    assert rows["Barrage jammer (BJM)"] == "type D, number 6"
    assert rows["Odd thing"] == "3"
    assert sections[0][1][0] == ("Top speed", "7 hexes a move", "Mach 2")


def test_a_sam_card_reads_as_sections_in_plain_words() -> None:
    assert [t for t, _ in card_sections(SA2)] == ["System", "Engagement", "Missiles", "Result"]
    rows = _rows(SA2)
    assert rows["Kind"] == "SAM site"
    assert rows["Guidance"] == "command guidance (CG)"
    assert rows["Lock-on"] == "6 or less on a d10"
    assert rows["Range"] == "14 hexes"
    assert rows["Reaches up to"] == "altitude 28"
    assert rows["Result roll (d10)"] == "3 or less: destroyed; otherwise miss"


def test_the_text_keeps_the_heading_and_marks_house_values() -> None:
    text = pilot_card_text("F-16C: F-16C Fighting Falcon (aircraft)", F16 | {"variant_of": "F-16"})
    lines = text.splitlines()
    assert lines[:3] == ["F-16C: F-16C Fighting Falcon (aircraft)", "  variant of F-16",
                         "  Airframe"]  # fmt: skip
    assert lines[3].split() == ["Top", "speed", "7", "hexes", "a", "move", "[Mach", "2]"]
    assert "dds_programs" not in text and "loads." not in text
