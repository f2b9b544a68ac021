"""The game record: seed, options and decisions; it replays to an identical log.

Chance outcomes are not stored: draw ``i`` of the seeded generator is a pure
function of the seed and ``i`` (see :mod:`airwar.core.rng`), so the record
needs only the players' decisions. ``log_digest`` lets a replay prove that it
reproduced the very same log: it is the head of a hash chain over the events
(:class:`DigestChain`), so it is extended per decision in constant time.
Records saved before the chain hold a plain SHA-256 of the whole log; they
still load and verify (:func:`digest_matches`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from airwar.core.errors import RecordError

RECORD_FORMAT = "airwar-record"
RECORD_VERSION = 1


@dataclass
class GameRecord:
    """Everything needed to replay a game exactly.

    ``actions`` are ``[seat, text]`` pairs in the order they were taken.
    """

    game: str
    options: dict[str, Any]
    seed: int | str
    actions: list[tuple[int, str]] = field(default_factory=list)
    log_digest: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [[seat, text] for seat, text in self.actions],
            "log_digest": self.log_digest,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data: Any, where: str = "record") -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError(f"{where}: not a game record (expected a JSON object)")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(
                f"{where}: not an airwar game record (format is {data.get('format')!r})"
            )
        if data.get("version") != RECORD_VERSION:
            raise RecordError(
                f"{where}: record version {data.get('version')!r} is not supported "
                f"(this airwar reads version {RECORD_VERSION})"
            )
        for key, kind in (("game", str), ("options", dict), ("actions", list)):
            if not isinstance(data.get(key), kind):
                raise RecordError(f"{where}: field {key!r} is missing or not a {kind.__name__}")
        seed = data.get("seed")
        if not isinstance(seed, int | str) or isinstance(seed, bool):
            raise RecordError(f"{where}: field 'seed' must be an integer or a string")
        actions: list[tuple[int, str]] = []
        for i, item in enumerate(data["actions"]):
            if (
                not isinstance(item, list)
                or len(item) != 2
                or not isinstance(item[0], int)
                or not isinstance(item[1], str)
            ):
                raise RecordError(f"{where}: action {i + 1} is not a [seat, text] pair: {item!r}")
            actions.append((item[0], item[1]))
        digest = data.get("log_digest")
        if digest is not None and not isinstance(digest, str):
            raise RecordError(f"{where}: field 'log_digest' must be a string")
        return cls(data["game"], dict(data["options"]), seed, actions, digest)

    @classmethod
    def from_json(cls, text: str, where: str = "record") -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{where}: corrupt record, not valid JSON ({exc})") from None
        return cls.from_dict(data, where)


CHAIN_PREFIX = "c1-"
"""Marks a digest made by :class:`DigestChain` (older records hold a plain digest)."""

_CHAIN_START = hashlib.sha256(b"airwar event log").hexdigest()


def _event_bytes(event: dict[str, Any]) -> bytes:
    return json.dumps(event, sort_keys=True).encode()


class DigestChain:
    """A running hash chain over an event log: ``h(i) = sha256(h(i-1) || event i)``.

    Extending it costs only the new events, so a game saves its digest in
    constant time per decision however long it grows, and the chain of a log
    does not depend on how often it was extended.

    >>> c = DigestChain()
    >>> c.extend([{"type": "a", "seq": 0}, {"type": "b", "seq": 1}])
    >>> d = DigestChain(); d.extend([{"type": "a", "seq": 0}]); d.extend([{"type": "b", "seq": 1}])
    >>> c.digest == d.digest == log_digest([{"type": "a", "seq": 0}, {"type": "b", "seq": 1}])
    True
    """

    __slots__ = ("_head", "count")

    def __init__(self) -> None:
        self._head = _CHAIN_START
        self.count = 0

    def extend(self, events: Iterable[dict[str, Any]]) -> None:
        head = self._head
        for e in events:
            head = hashlib.sha256(head.encode() + b"\n" + _event_bytes(e)).hexdigest()
            self.count += 1
        self._head = head

    @property
    def digest(self) -> str:
        return CHAIN_PREFIX + self._head[:40]

    def copy(self) -> DigestChain:
        other = DigestChain()
        other._head = self._head
        other.count = self.count
        return other


def log_digest(events: list[dict[str, Any]]) -> str:
    """The fingerprint of a whole event log (the end of its :class:`DigestChain`)."""
    chain = DigestChain()
    chain.extend(events)
    return chain.digest


def legacy_log_digest(events: list[dict[str, Any]]) -> str:
    """The digest records saved before the hash chain: sha256 of the whole log."""
    h = hashlib.sha256()
    for e in events:
        h.update(_event_bytes(e))
        h.update(b"\n")
    return h.hexdigest()[:32]
