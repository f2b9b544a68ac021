"""The game record: seed, options and decisions; it replays to an identical log.

Chance outcomes are not stored: draw ``i`` of the seeded generator is a pure
function of the seed and ``i`` (see :mod:`airwar.core.rng`), so the record
needs only the players' decisions. ``log_digest`` lets a replay prove that it
reproduced the very same log.
"""

from __future__ import annotations

import hashlib
import json
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


def log_digest(events: list[dict[str, Any]]) -> str:
    """A short fingerprint of an event log, stable across runs."""
    h = hashlib.sha256()
    for e in events:
        h.update(json.dumps(e, sort_keys=True).encode())
        h.update(b"\n")
    return h.hexdigest()[:32]
