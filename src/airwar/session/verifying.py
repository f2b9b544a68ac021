"""Verifying a finished game's record: strictly, as a stranger's file.

A record handed to ``airwar verify`` may have been forged. It is read with a
strict schema (:class:`VerifiableRecord`: every key it needs present, no
other key, every type exact: ``true`` is not ``1``, ``"5"`` is not ``5``), then
replayed: every decision must be legal and written as the game writes it, the
options must be the game's own, the log must be the one its digest names,
and the seed and salt must open the commitment. A record without a
commitment replays but is *not verifiable*: nothing shows that its seed was
fixed before the first roll.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from airwar.core.driver import replay
from airwar.core.errors import RecordError
from airwar.core.fairness import check_commitment
from airwar.core.record import RECORD_FORMAT, RECORD_VERSION, GameRecord
from airwar.core.registry import load_game

MAX_DIGITS = 64
"""The most digits of a number in a record (a seed is at most 64 characters)."""

HEX_COMMITMENT = r"^[0-9a-f]{64}$"
"""A commitment as the game publishes it: SHA-256, 64 lower-case hex digits."""

NO_COMMITMENT = (
    "not verifiable: no commitment (the record holds no commitment to its seed, so "
    "nothing shows the seed was fixed before the first roll)"
)


class Fairness(BaseModel):
    """The commitment published at the start and the salt that opens it."""

    model_config = ConfigDict(extra="forbid", strict=True)

    commitment: Annotated[str, StringConstraints(pattern=HEX_COMMITMENT)]
    salt: Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{32,128}$")]


Seed = (
    Annotated[int, Field(gt=-(10**MAX_DIGITS), lt=10**MAX_DIGITS)]
    | Annotated[str, StringConstraints(max_length=MAX_DIGITS)]
)


class VerifiableRecord(BaseModel):
    """A finished game's record as ``airwar verify`` accepts it (docs/record-format.md)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    format: Literal["airwar-record"]
    version: Annotated[int, Field(ge=RECORD_VERSION, le=RECORD_VERSION)]
    game: Annotated[str, StringConstraints(min_length=1, max_length=64)]
    options: dict[str, Any]
    seed: Seed
    actions: list[tuple[Annotated[int, Field(ge=0, le=64)], str]]
    log_digest: Annotated[str, StringConstraints(pattern=r"^(c1-[0-9a-f]{40}|[0-9a-f]{32})$")]
    fairness: Fairness | None = None


def _number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RecordError(
            f"not a record: a number of {len(text.lstrip('-'))} digits (a record's numbers "
            f"have at most {MAX_DIGITS})"
        )
    return int(text)


def _no_constant(text: str) -> Any:
    raise RecordError(f"not a record: {text} is not a JSON number")


def _no_float(text: str) -> Any:
    raise RecordError(f"not a record: {text[:24]} is a fraction, and a record holds none")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"not a record: the key {key[:40]!r} appears twice")
        out[key] = value
    return out


def load_record_text(text: str) -> dict[str, Any]:
    """The JSON object of a record file, read strictly: no number of more than
    :data:`MAX_DIGITS` digits, no fraction, NaN or Infinity, no key twice."""
    try:
        data = json.loads(
            text,
            parse_int=_number,
            parse_float=_no_float,
            parse_constant=_no_constant,
            object_pairs_hook=_unique_keys,
        )
    except (json.JSONDecodeError, RecursionError) as exc:
        raise RecordError(f"not a record, not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise RecordError("not a game record (expected a JSON object)")
    return data


def strict_record(data: Mapping[str, Any]) -> VerifiableRecord:
    """``data`` checked against :class:`VerifiableRecord`; :class:`RecordError` names the
    first field that does not fit."""
    if data.get("redacted") is True:
        raise RecordError(
            "this is a running game's record: its seed is revealed only when the game ends, "
            "so it cannot be verified yet"
        )
    if data.get("format") != RECORD_FORMAT:
        raise RecordError("not an airwar game record (its format is not 'airwar-record')")
    try:
        return VerifiableRecord.model_validate(_as_tuples(data), strict=True)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"]) or "record"
        more = exc.error_count() - 1
        also = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        if first["loc"] == ("version",):
            raise RecordError(
                f"record version {shown(data.get('version'))} is not supported (this "
                f"airwar reads version {RECORD_VERSION}, an integer){also}"
            ) from None
        raise RecordError(f"not a valid record: {where}: {first['msg']}{also}") from None


def shown(value: Any) -> str:
    text = json.dumps(value) if isinstance(value, bool | int | str | None) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _as_tuples(data: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` with each ``[seat, text]`` pair a tuple (the strict schema's pair type)."""
    out = dict(data)
    if out.get("fairness") == {}:
        out["fairness"] = None  # an empty block commits to nothing: as if it were absent
    actions = out.get("actions")
    if isinstance(actions, list):
        out["actions"] = [tuple(a) if isinstance(a, list) else a for a in actions]
    return out


def verify_record(data: Mapping[str, Any], commitment: str | None = None) -> list[str]:
    """Check a finished game's record strictly: it replays exactly, in the game's own
    words and options, and its seed opens its commitment (and ``commitment``, the one the
    player saw at the start, when given).

    Returns the findings, one line each; raises :class:`RecordError` when the record is
    not a finished, fair, replayable game, or has no commitment ("not verifiable").
    """
    checked = strict_record(data)
    rec = GameRecord(
        checked.game,
        dict(checked.options),
        checked.seed,
        [(seat, text) for seat, text in checked.actions],
        checked.log_digest,
    )
    try:
        game = load_game(rec.game, rec.options)
    except Exception as exc:  # unknown game or bad options: a foreign record
        raise RecordError(f"record cannot be loaded: {exc}") from None
    if canonical(game.options) != canonical(rec.options):
        raise RecordError(
            "the record's options are not the game's own (a value of another type or form, "
            "or an option the game does not have)"
        )
    driver = replay(rec, game=game)
    if driver.halted:
        raise RecordError(f"the record cannot be verified: {driver.halted}")
    for i, (ours, theirs) in enumerate(zip(driver.record.actions, rec.actions, strict=True)):
        if tuple(ours) != tuple(theirs):
            raise RecordError(
                f"decision {i + 1} is written {theirs[1]!r} by seat {theirs[0]}, but the game "
                f"writes it {ours[1]!r} by seat {ours[0]}: not the record the game made"
            )
    lines = [
        f"replays: {len(rec.actions)} decisions and {driver.draws} rolls reproduce the saved log"
    ]
    if not driver.state.is_terminal():
        raise RecordError("the record is of a game that has not ended")
    fair = checked.fairness
    if fair is None:
        raise RecordError(NO_COMMITMENT)
    if not check_commitment(rec.seed, fair.salt, fair.commitment):
        raise RecordError("the seed does not open the commitment published at the start")
    if commitment is not None and commitment.strip().lower() != fair.commitment:
        raise RecordError(
            f"the record's commitment {fair.commitment} is not the one you were shown at the "
            f"start ({commitment.strip().lower()})"
        )
    seen = " (the one you were shown at the start)" if commitment is not None else ""
    lines.append(
        f"fair: the seed opens the commitment {fair.commitment}{seen}, published before the "
        "first roll"
    )
    return lines


def canonical(value: Any) -> str:
    """A value as sorted-key JSON, so that ``1``, ``true`` and ``"1"`` differ."""
    return json.dumps(value, sort_keys=True)


__all__ = ["NO_COMMITMENT", "VerifiableRecord", "load_record_text", "verify_record"]
