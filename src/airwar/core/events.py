"""The append-only event log.

Events are plain JSON-serialisable dicts with a ``type`` field. The log is
the one source of what happened: interfaces render it, records replay to it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

Event = dict[str, Any]


class EventLog:
    """An append-only list of events. Each event gets its index as ``seq``."""

    __slots__ = ("_events",)

    def __init__(self, events: list[Event] | None = None) -> None:
        self._events: list[Event] = list(events or [])

    def append(self, event: Mapping[str, Any]) -> Event:
        if "type" not in event:
            raise ValueError("an event needs a 'type'")
        ev = dict(event)
        ev["seq"] = len(self._events)
        # Fail loudly at the source if an event is not JSON-serialisable.
        json.dumps(ev)
        self._events.append(ev)
        return ev

    def emit(self, type_: str, **fields: Any) -> Event:
        return self.append({"type": type_, **fields})

    def __len__(self) -> int:
        return len(self._events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)

    def __getitem__(self, i: int) -> Event:
        return self._events[i]

    def since(self, n: int) -> list[Event]:
        return [dict(e) for e in self._events[n:]]

    def to_list(self) -> list[Event]:
        return [dict(e) for e in self._events]

    def copy(self) -> EventLog:
        return EventLog(self._events)

    def to_jsonl(self) -> str:
        return "".join(json.dumps(e, sort_keys=True) + "\n" for e in self._events)
