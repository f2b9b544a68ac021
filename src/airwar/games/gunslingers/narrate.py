"""The event log in words: one readable line per event (the explained log).

Each kind of event has its sentence in the game's event table
(:data:`~airwar.games.gunslingers.event_table.EVENTS`), with the rule id the
event carries or, for an event that carries none, the rule or step of the text
it implies (:func:`~airwar.games.gunslingers.wording.rule_of`). No line shows a
field as ``key=value`` nor a Python list, dict, ``None``, ``True`` or ``False``:
an event of a kind the table does not know still reads as words (:func:`_generic`).
"""

from __future__ import annotations

import re

from airwar.games.gunslingers.event_table import EVENTS
from airwar.games.gunslingers.wording import Event, cite, words


def _generic(e: Event) -> str:
    """An event type this module does not know yet, in words: its kind, then each field's
    name and value ("aircraft Viper-1, target Fulcrum-1")."""
    skip = {"type", "seq", "turn", "rule"}
    fields = "; ".join(f"{words(k)} {words(v)}" for k, v in e.items() if k not in skip)
    head = words(e.get("type", "event"))
    return f"    {head}{': ' + fields if fields else ''}{cite(e)}"


def describe(event: Event) -> str:
    """One line for an event (a known type in its own words, any other still in words)."""
    kind = EVENTS.get(str(event.get("type")))
    fmt = kind.line if kind is not None else _generic
    try:
        line = fmt(event)
    except (KeyError, TypeError, ValueError, AttributeError):
        # an event of an older or newer shape than this sentence expects
        return _generic(event)
    if _REPR.search(line) and not _REPR.search(_values_text(event)):
        return _generic(event)  # a field of another shape than expected, printed raw
    return line


_REPR = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|[{}\[\]]")
"""What a Python value printed raw looks like in a line."""


def _values_text(event: Event) -> str:
    """The event's own text values, which may hold such characters themselves."""
    return " ".join(v for v in event.values() if isinstance(v, str))
