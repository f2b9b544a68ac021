"""Double-blind play (GS-43): which events each side may read, and how far it follows.

What a side knows of the enemy now is :mod:`.knowledge`'s. Every event gets its
*audience* as it is logged (:func:`observe`, called by the state after each
change): the sides that may read it, as its kind declares in the event table
(:data:`~airwar.games.gunslingers.event_table.EVENTS`). An event that is
one side's own business (its declarations, sightings, radar work, rolls,
statuses) has that side as audience; an event that anyone at the table would
see (moves, launches, attacks, results, markers, the turn and phase) has
every side; either way a side is dropped when the event names an enemy unit
it did not know *at that moment*, so that sighting a unit later does not
reveal where it was before. :func:`visible` then also drops, when asked,
events that name a unit hidden *now*. The events themselves are never
changed: they are hashed into the records.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from airwar.games.gunslingers.event_table import (
    EVENTS,
    OWN_STATUS_OUTCOMES,
    SHARED_ROLLS,
    Audience,
)
from airwar.games.gunslingers.knowledge import (
    enemy_ids,
    fixed_parts,
    hidden_from,
    knowledge,
    side_of_seat,
    text_of,
    word_pattern,
)
from airwar.games.gunslingers.phases.sequence import PHASE_NAMES

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel

# -- the audience of each event -------------------------------------------------------


def owner(state: GsModel, uid: object) -> str | None:
    if not isinstance(uid, str):
        return None
    unit = state.unit(uid)
    if unit is not None:
        return str(unit.side)
    return state.weapon_sides.get(uid)


def _sides(state: GsModel, *uids: object) -> set[str]:
    return {s for s in (owner(state, u) for u in uids) if s is not None}


def _outcome_audience(state: GsModel, kind: str, target: object) -> set[str]:
    if kind in OWN_STATUS_OUTCOMES:
        return _sides(state, target)
    return set(state.side_names)


def _outcome(state: GsModel, event: Mapping[str, Any]) -> set[str]:
    return _outcome_audience(state, str(event.get("kind")), event.get("target"))


_SidesOf = Callable[["GsModel", Mapping[str, Any]], set[str]]


def _named(field: str) -> _SidesOf:
    """The side the event names in ``field``."""

    def sides(state: GsModel, event: Mapping[str, Any]) -> set[str]:
        side = event.get(field)
        return {side} if side in state.side_names else set()

    return sides


def _owner_of(field: str) -> _SidesOf:
    """The side of the unit the event names in ``field``."""
    return lambda state, event: _sides(state, event.get(field))


def _lock_on(state: GsModel, event: Mapping[str, Any]) -> set[str]:
    out = _sides(state, event.get("unit"))
    sam = state.forces.sams.get(str(event.get("unit")))
    if sam is not None and not sam.optical:
        out |= _sides(state, event.get("target"))
    return out


def _lock_broken(state: GsModel, event: Mapping[str, Any]) -> set[str]:
    if "unit" in event:  # a SAM unit's lock-on, broken by the target's countermeasures
        return _sides(state, event.get("unit"), event.get("target"))
    return _sides(state, event.get("aircraft"))


def _note(state: GsModel, event: Mapping[str, Any]) -> set[str]:
    actor = event.get("aircraft", event.get("unit"))
    return set(state.side_names) if actor is None else _sides(state, actor)


_SIDES: dict[Audience, _SidesOf] = {
    Audience.EVERYONE: lambda state, event: set(state.side_names),
    Audience.SEAT: _named("seat"),
    Audience.SIDE: _named("side"),
    Audience.READER: _named("side"),
    Audience.AIRCRAFT: _owner_of("aircraft"),
    Audience.UNIT: _owner_of("unit"),
    Audience.SAM: _owner_of("sam"),
    Audience.LAUNCHER: lambda state, event: _sides(state, event.get("by") or event.get("unit")),
    Audience.LOCK_ON: _lock_on,
    Audience.LOCK_BROKEN: _lock_broken,
    Audience.NOTE: _note,
    Audience.SIGHT_LINE: lambda state, e: set(state.side_names) if not e.get("blocked") else set(),
    Audience.OUTCOME: lambda state, e: _outcome_audience(
        state, str(e.get("kind")), e.get("target")
    ),
}
"""The sides of each audience of the event table but the roll's (:func:`_roll_audience`)."""


def _roll_audience(
    state: GsModel, event: Mapping[str, Any], effect: str | None
) -> tuple[set[str], list[str]]:
    if "outcome" in event:
        info = state.outcome_info.get(str(event["outcome"]))
        if info is None:
            return set(), []
        kind, target, by = info
        return _outcome_audience(state, kind, target), [target, by]
    if effect in SHARED_ROLLS:
        return _sides(state, event.get("unit"), event.get("against")), []
    actor = event.get("aircraft", event.get("unit"))
    return _sides(state, actor), []


def audience(
    state: GsModel, event: Mapping[str, Any], effect: str | None
) -> tuple[set[str], list[str]]:
    """The sides that may read ``event`` by its kind's audience in the event table (before
    the names it holds are checked), and names it concerns that it does not write out.

    ``effect`` is what a roll decides (the referee's name for it), when the event is one.
    A kind missing from the table is the referee's alone (and fails the tests).
    """
    kind = EVENTS.get(str(event.get("type")))
    if kind is None:
        return set(), []
    if kind.audience is Audience.ROLL:
        return _roll_audience(state, event, effect)
    return _SIDES[kind.audience](state, event), []


def observe(state: GsModel) -> None:
    """Give each new event its audience (called by the state after every change).

    A side's knowledge is worked out only when a new event it might read names one of the
    enemy's units, and then as it is right after the change.
    """
    log = state.log
    start = len(state.audience)
    for w in state.weapons.values():
        state.weapon_sides.setdefault(w.id, w.side)
    for i in range(start, len(log)):
        e = log[i]
        if e.get("type") == "launch" and isinstance(e.get("weapon"), str):
            side = owner(state, e.get("by"))
            if side is not None:
                state.weapon_sides.setdefault(e["weapon"], side)
    hidden_at: dict[str, re.Pattern[str] | None] = {}
    bits = {side: 1 << i for i, side in enumerate(state.side_names)}
    for i in range(start, len(log)):
        e = log[i]
        if e.get("type") == "outcome_pending":
            state.outcome_info[str(e.get("id"))] = (
                str(e.get("kind")),
                str(e.get("target")),
                str(e.get("by")),
            )
        sides, also = audience(state, e, state.roll_effects.pop(i, None))
        if e.get("type") == "outcome":
            state.outcome_info.pop(str(e.get("id")), None)
        text = text_of(e)
        state.texts.append(text)
        if also:
            text += "\0" + "\0".join(also)
        mask = 0
        for side in sides:
            enemy = fixed_parts(state, side).pattern
            if enemy is not None and (enemy.search(text) or _WEAPON.search(text)):
                if side not in hidden_at:
                    hidden_at[side] = _hidden_pattern(state, side)
                pattern = hidden_at[side]
                if pattern is not None and pattern.search(text):
                    continue
            mask |= bits[side]
        state.audience.append(mask)
    follow(state, start)


def _hidden_pattern(state: GsModel, side: str) -> re.Pattern[str] | None:
    """The pattern of the enemy units hidden from ``side`` now, kept while what it knows
    (the same :class:`Knowledge`, see :func:`knowledge`) and the weapons in flight stay."""
    k = knowledge(state, side)
    cached = state.cover_cache.get("hidden:" + side)
    if cached is not None:
        (was, weapons), pattern = cached
        if was is k and weapons == state.weapons.keys():
            return pattern
    pattern = word_pattern(frozenset(enemy_ids(state, side) - k.known))
    state.cover_cache["hidden:" + side] = ((k, frozenset(state.weapons)), pattern)
    return pattern


_WEAPON = re.compile(r"(?<![A-Za-z0-9_])W[0-9]+(?![A-Za-z0-9_])")
"""The ids the referee gives missiles and weapons in flight."""

# -- how far a side follows the sequence (GS-73) -------------------------------------------

CURSOR = frozenset({"turn", "phase", "step", "turn_end"})
"""Events that only say where the sequence is. A side follows them as far as the last
point it was asked a decision at or saw something happen at (GS-73), never further: the
markers of the steps the enemy works through in secret would tell what the enemy has."""


def follow(state: GsModel, start: int = 0) -> None:
    """Move each side's point on after a change (GS-73): to the end of the log when it is
    asked a decision now or the game is over, else to just after the last new event it
    may read that is not a mere marker of the sequence (a result it witnesses)."""
    ask = state.pending_ask()
    log = state.log
    for n, side in enumerate(state.side_names):
        if state.over or (ask is not None and ask.seat == n):
            state.followed[side] = len(log)
            continue
        bit = 1 << n
        upto = state.followed.get(side, 0)
        for i in range(len(log) - 1, max(start, upto) - 1, -1):
            if state.audience[i] & bit and log[i].get("type") not in CURSOR:
                state.followed[side] = i + 1
                break


def _readers(state: GsModel, seats: Iterable[int | None]) -> list[str] | None:
    """The sides of ``seats`` (None: a seat among them sees everything, or the game is over)."""
    sides = [side_of_seat(state, s) for s in seats]
    if not sides or None in sides or state.is_terminal():
        return None
    if len(state.audience) < len(state.log):
        observe(state)
    return [s for s in sides if s is not None]


def followed(state: GsModel, sides: Iterable[str]) -> int:
    """How many events of the log the sides follow now (GS-73)."""
    return max((state.followed.get(s, 0) for s in sides), default=0)


def point(state: GsModel, side: str) -> tuple[int, str, int]:
    """The turn, phase and step of the last point of the sequence ``side`` follows: where it
    was last asked a decision or last saw something happen (GS-73)."""
    upto = min(state.followed.get(side, 0), len(state.log))
    for i in range(upto - 1, -1, -1):
        e = state.log[i]
        if e.get("type") == "step":
            return int(e.get("turn", 1)), str(e.get("phase")), int(e.get("step", 1))
    return 1, PHASE_NAMES[0], 1


def visible_to(state: GsModel, seats: Iterable[int | None], since: int = 0) -> list[dict[str, Any]]:
    """The events that the reader of ``seats`` (one side, or the sides at one table) may read,
    as copies numbered by the reader's own count (``seq``), from ``since`` in that count.

    A side counts the events it could read as they happened, up to the point of the
    sequence it follows now (GS-73): the numbers of the events it reads have no gap for an
    event it never could, and its count does not grow while the enemy decides in secret.
    An event it read once and that names a unit hidden from it now is left out, its number
    with it. The referee, and everyone once the game is over, read the whole log by its
    own numbers."""
    seats = list(seats)
    sides = _readers(state, seats)
    if sides is None:
        return state.log.since(since)
    checks = [
        (1 << state.side_names.index(side), word_pattern(frozenset(hidden_from(state, seat))))
        for side, seat in zip(sides, seats, strict=True)
    ]
    mask = 0
    for bit, _ in checks:
        mask |= bit
    out = []
    rank = 0
    for i in range(min(followed(state, sides), len(state.log))):
        readers = state.audience[i] & mask
        if not readers:
            continue
        if rank >= since and any(
            readers & bit and (pattern is None or not pattern.search(state.texts[i]))
            for bit, pattern in checks
        ):
            event = dict(state.log[i])
            event["seq"] = rank
            out.append(event)
        rank += 1
    return out


def count_for(state: GsModel, seats: Iterable[int | None]) -> int:
    """The reader's count of events (``seq`` of the next one it will read): the whole log's
    length for the referee and once the game is over."""
    sides = _readers(state, seats)
    if sides is None:
        return len(state.log)
    mask = 0
    for side in sides:
        mask |= 1 << state.side_names.index(side)
    upto = min(followed(state, sides), len(state.log))
    return sum(1 for i in range(upto) if state.audience[i] & mask)


def visible(state: GsModel, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
    """The events from ``since`` on that ``seat`` may read (copies; see :func:`visible_to`)."""
    return visible_to(state, [seat], since)


# -- the paths of the moves a reader saw (the map draws them, GS-82) ----------------------


def recent_paths(state: GsModel, seat: int | None, turns: int = 2) -> list[dict[str, Any]]:
    """The moves of the last ``turns`` turns that ``seat`` may read, each with its path
    (GS-82): the same move events its log holds (GS-43, GS-73), so an enemy's path is in it
    only where the side read that move, and none of an aircraft hidden from it now. Old
    moves with no path (saved before paths) are left out."""
    first = state.turn - turns + 1
    sides = _readers(state, [seat])
    log = state.log
    upto, bit, check = len(log), 0, None
    if sides is not None:
        bit = 1 << state.side_names.index(sides[0])
        upto = min(followed(state, sides), len(log))
        check = word_pattern(frozenset(hidden_from(state, seat)))
    out: list[dict[str, Any]] = []
    for i in range(upto - 1, -1, -1):  # back to the first of those turns only
        e = log[i]
        turn = e.get("turn")
        if isinstance(turn, int) and turn < first:
            break
        if e.get("type") != "move" or not isinstance(e.get("path"), list):
            continue
        if sides is not None and not state.audience[i] & bit:
            continue
        if check is not None and check.search(state.texts[i]):
            continue
        out.append({"aircraft": e.get("aircraft"), "turn": turn, "from": e.get("frm"),
                    "path": list(e["path"])})  # fmt: skip
    out.reverse()
    return out
