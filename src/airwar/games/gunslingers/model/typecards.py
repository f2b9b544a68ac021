"""The data cards of the library's types: each type's numbers, flat and in words.

A card lists every value of a type (its variant resolved) with the reason of
each house number, for ``airwar gunslingers types`` and the browser's types page.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from airwar.games.gunslingers.model.card_words import card_sections
from airwar.games.gunslingers.model.typelib import TypeCard, library
from airwar.games.gunslingers.model.typeschema import KIND_TEXT

KIND_TITLES = {"aircraft": "aircraft", "weapons": "weapon", "sams": "SAM/AAA system",
               "radars": "radar"}  # fmt: skip


def _flat(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Leaf values of a card by place (lists of tables entry by entry)."""
    if isinstance(value, Mapping):
        for key, sub in value.items():
            yield from _flat(sub, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
        for i, sub in enumerate(value):
            yield from _flat(sub, f"{path}[{i}]")
    else:
        yield path, value


def card_data(card: TypeCard) -> dict[str, Any]:
    """A data card as JSON: the type, its names, each value with its house reason, and
    the card in a pilot's words (:func:`.card_words.card_sections`)."""
    e = card.entry
    fields = [
        {"field": place, "value": value, "house": card.house.get(place)}
        for place, value in _flat(card.values)
    ]
    return {
        "name": card.name,
        "kind": card.kind,
        "role": card.role,
        "title": e.name,
        "note": e.note,
        "variant_of": e.variant_of,
        "aliases": list(e.aliases),
        "fields": fields,
        "sections": card_sections(fields),  # the card in a pilot's words
    }


def card_text(card: TypeCard) -> str:
    """A data card for the terminal: one line a value, each number marked as a house value."""
    e = card.entry
    what = KIND_TITLES[card.kind]
    if card.role != card.kind:
        what += f", {KIND_TEXT[card.role]}"
    lines = [f"{card.name}: {e.name} ({what})"]
    if e.variant_of:
        lines.append(f"  variant of {e.variant_of}")
    if e.aliases:
        lines.append(f"  also called {', '.join(e.aliases)}")
    if e.note:
        lines.append(f"  {e.note}")
    rows = list(_flat(card.values))
    width = max((len(p) for p, _ in rows), default=0)
    for place, value in rows:
        shown_value = _value_text(value)
        reason = card.house.get(place)
        mark = f"  [{reason}]" if reason else ""
        lines.append(f"  {place:<{width}}  {shown_value}{mark}")
    lines.append("  Every number is a house value: the text gives none (GS-6, GS-62).")
    return "\n".join(lines)


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) if value else "(none)"
    return str(value)


def listing() -> list[dict[str, Any]]:
    """One row a type: name, kind, role, full name, variant of, aliases."""
    return [
        {
            "name": c.name,
            "kind": c.kind,
            "role": c.role,
            "title": c.entry.name,
            "variant_of": c.entry.variant_of,
            "aliases": list(c.entry.aliases),
        }
        for c in library().cards()
    ]
