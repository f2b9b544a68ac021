"""A type's data card as a pilot reads it at the terminal (``airwar gunslingers types
show``): the card's sections of rows in plain words, as the Gunslingers package words
them (:mod:`airwar.games.gunslingers.model.card_words`, the browser's card too)."""

from __future__ import annotations

from typing import Any


def pilot_card_text(heading: str, card: dict[str, Any]) -> str:
    """The terminal's data card: its heading (the type, its full name and kind), its other
    names, then each section's rows (label, value, and a house value's reason in
    brackets). ``card`` is ``card_data``'s."""
    lines = [heading]
    if card.get("variant_of"):
        lines.append(f"  variant of {card['variant_of']}")
    if card.get("aliases"):
        lines.append(f"  also called {', '.join(card['aliases'])}")
    if card.get("note"):
        lines.append(f"  {card['note']}")
    sections = card["sections"]
    rows = [row for section in sections for row in section["rows"]]
    width = max((len(row["label"]) for row in rows), default=0)
    for section in sections:
        lines.append(f"  {section['title']}")
        for row in section["rows"]:
            mark = f"  [{row['house']}]" if row["house"] else ""
            lines.append(f"    {row['label']:<{width}}  {row['value']}{mark}")
    lines.append("  Every number is a house value: the text gives none (GS-6, GS-62).")
    return "\n".join(lines)
