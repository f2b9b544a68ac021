"""Where a side last saw the enemy aircraft it has lost (the map's grey marks, GS-43, GS-67).

Worked out only from what the side read (:mod:`.visibility`): the last event
of its log that named the aircraft, and where the aircraft was at that moment.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from airwar.games.gunslingers.knowledge import fixed_parts, knowledge, word_pattern
from airwar.games.gunslingers.phases.sequence import PHASE_NAMES
from airwar.games.gunslingers.visibility import observe

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel

# -- where a side last saw the enemy aircraft it has lost (the map's grey marks) --------


@dataclass
class _Tracks:
    """What the log says so far, read once and added to as it grows: each aircraft's
    moves (log index, hex, altitude) and the phase each event falls in."""

    upto: int = 0
    moves: dict[str, list[tuple[int, str, int | None]]] = field(default_factory=dict)
    phases: list[tuple[int, str]] = field(default_factory=list)
    seen: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per side: each enemy aircraft -> the last event the side read that named it."""
    seen_upto: dict[str, int] = field(default_factory=dict)
    lost_at: dict[tuple[str, int], int] = field(default_factory=dict)
    """(aircraft, last event a side read of it) -> the next event naming it: the change
    that took it off that side's map (a move away, a sighting lapsed, a contact lost)."""


def _tracks(state: GsModel) -> _Tracks:
    cached = state.cover_cache.get("tracks")
    t = cached[1] if cached is not None else None
    if not isinstance(t, _Tracks) or t.upto > len(state.log):
        t = _Tracks()
        state.cover_cache["tracks"] = (None, t)
    for i in range(t.upto, len(state.log)):
        e = state.log[i]
        kind = e.get("type")
        if kind == "move":
            alt = e.get("altitude")
            t.moves.setdefault(str(e.get("aircraft")), []).append(
                (i, str(e.get("to")), alt if isinstance(alt, int) else None)
            )
        elif kind == "operational_move":
            for m in e.get("moves") or []:
                t.moves.setdefault(str(m.get("aircraft")), []).append((i, str(m.get("to")), None))
        elif kind == "phase":
            t.phases.append((i, str(e.get("phase"))))
    t.upto = len(state.log)
    return t


def last_seen(state: GsModel, side: str) -> list[dict[str, Any]]:
    """The enemy aircraft ``side`` knew once and knows no more (a sighting or a radar
    contact lost), each where the side last knew it, with the turn and phase in which it
    went off the side's map.

    Worked out only from what the side read: the last event of its log that named the
    aircraft (an event reaches a side only when it knew every enemy unit the event names
    at that moment, see :func:`observe`), and where the aircraft was at that moment (its
    moves up to that event, all of which the side saw or was shown the result of). An
    entry names no unit, since the aircraft is hidden from the side now (GS-43, GS-67); it is
    empty once the game is over, when every side sees everything.
    """
    if state.is_terminal() or side not in state.side_names:
        return []
    if len(state.audience) < len(state.log):
        observe(state)
    t = _tracks(state)
    parts = fixed_parts(state, side)
    bit = 1 << state.side_names.index(side)
    seen = t.seen.setdefault(side, {})
    start = t.seen_upto.get(side, 0)
    if start > len(state.log):
        seen.clear()
        start = 0
    fixed = state.cover_cache.get("last_seen:" + side)
    if fixed is None:  # the enemy aircraft's names and where each started: fixed
        fixed = state.cover_cache["last_seen:" + side] = (
            None,
            (
                word_pattern(frozenset(p.id for p in parts.enemy_planes)),
                {a.id: a for a in state.scenario.aircraft},
            ),
        )
    names, start_at = fixed[1]
    if names is not None:
        for i in range(start, len(state.log)):
            if state.audience[i] & bit:
                for m in names.finditer(state.texts[i]):
                    seen[m.group(0)] = i
    t.seen_upto[side] = len(state.log)
    known = knowledge(state, side).known
    out = []
    for p in parts.enemy_planes:
        last = seen.get(p.id)
        if last is None or p.id in known or not p.alive:
            continue
        i = last
        first = start_at.get(p.id)
        hex_ = f"{first.hex[0]},{first.hex[1]}" if first is not None else str(p.hex)
        alt = first.altitude if first is not None else p.altitude
        for j, to, a in t.moves.get(p.id, []):
            if j > i:
                break
            hex_ = to
            alt = a if a is not None else alt
        gone = _lost_at(state, t, p.id, i)
        phase = next((name for j, name in reversed(t.phases) if j <= gone), PHASE_NAMES[0])
        turn = state.log[gone].get("turn", state.turn)
        out.append({"hex": hex_, "altitude": alt, "turn": turn, "phase": phase})
    return sorted(out, key=lambda x: (x["turn"], x["hex"], x["altitude"]))


def _lost_at(state: GsModel, t: _Tracks, uid: str, seen: int) -> int:
    """The first event after ``seen`` that names ``uid`` (the last event while none does)."""
    key = (uid, seen)
    hit = t.lost_at.get(key)
    if hit is not None:
        return hit
    pattern = word_pattern(frozenset({uid}))
    for j in range(seen + 1, len(state.log)):
        if pattern is not None and pattern.search(state.texts[j]):
            t.lost_at[key] = j  # found once, it never changes: the log only grows
            return j
    return len(state.log) - 1
