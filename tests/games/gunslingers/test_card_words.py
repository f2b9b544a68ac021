"""A type's data card in a pilot's words, built once by the Gunslingers package and served
in the type's JSON (``card_data``'s ``sections``): the browser's card and the terminal's
``airwar gunslingers types show`` draw these rows."""

from __future__ import annotations

from typing import Any

from airwar.games.gunslingers.model.card_words import card_sections
from airwar.games.gunslingers.model.typecards import card_data
from airwar.games.gunslingers.model.typelib import library

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


def _rows(card: dict[str, Any]) -> dict[str, str]:
    return {r["label"]: r["value"] for s in card_sections(card["fields"]) for r in s["rows"]}


def _titles(card: dict[str, Any]) -> list[str]:
    return [s["title"] for s in card_sections(card["fields"])]


def test_an_aircraft_card_reads_as_sections_in_plain_words() -> None:
    sections = card_sections(F16["fields"])
    assert _titles(F16) == ["Airframe", "Sensors", "Weapons", "Self-protection",
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
    assert sections[0]["rows"][0] == {"label": "Top speed", "value": "7 hexes a move",
                                      "house": "Mach 2"}  # fmt: skip
    labels = " ".join(r["label"] for s in sections for r in s["rows"])
    assert not any(mark in labels for mark in ("[", ".", "_"))


def test_a_sam_card_reads_as_sections_in_plain_words() -> None:
    assert _titles(SA2) == ["System", "Engagement", "Missiles", "Result"]
    rows = _rows(SA2)
    assert rows["Kind"] == "SAM site"
    assert rows["Guidance"] == "command guidance (CG)"
    assert rows["Lock-on"] == "6 or less on a d10"
    assert rows["Range"] == "14 hexes"
    assert rows["Reaches up to"] == "altitude 28"
    assert rows["Result roll (d10)"] == "3 or less: destroyed; otherwise miss"


def test_a_composite_row_keeps_the_reasons_of_its_places() -> None:
    card = {"fields": [
        {"field": "dds_programs[0].chaff", "value": 2, "house": "two bundles"},
        {"field": "dds_programs[0].flares", "value": 1, "house": "two bundles"},
        {"field": "bjm.type", "value": "C", "house": "pod"}, {"field": "points", "value": 4},
    ]}  # fmt: skip
    rows = {r["label"]: r for s in card_sections(card["fields"]) for r in s["rows"]}
    assert rows["DDS program 1"] == {"label": "DDS program 1", "value": "2 chaff, 1 flare",
                                     "house": "two bundles"}  # fmt: skip
    assert rows["Barrage jammer (BJM)"]["house"] == "pod"
    assert rows["Victory points"]["value"] == "4"


def test_every_card_of_the_library_is_served_with_its_words() -> None:
    for card in library().cards():
        data = card_data(card)
        assert data["sections"] == card_sections(data["fields"])
        rows = [r for s in data["sections"] for r in s["rows"]]
        assert rows or not data["fields"], card.name
        assert all(r["value"] and "undefined" not in r["value"] for r in rows), card.name
