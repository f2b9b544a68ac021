"""Double-blind play (GS-43): what each side knows, and which events it may read.

The referee knows everything. A side knows its own units and, of the enemy,
what it has sighted or tracks now (:func:`knowledge`); every other enemy unit
is hidden from it, and so is the text of the other side's secret plotted
fire until it is revealed (:func:`hidden_from`).

Every event gets its *audience* as it is logged (:func:`observe`, called by
the state after each change): the sides that may read it. An event that is
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
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from airwar.games.gunslingers.event_table import (
    EVENTS,
    OWN_STATUS_OUTCOMES,
    SHARED_ROLLS,
    Audience,
)
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.hexgrid import in_arcs
from airwar.games.gunslingers.model.units import Written
from airwar.games.gunslingers.phases.common import (
    SUPPRESSION_MARKERS,
    clear_los,
    radar_line_of_sight,
)
from airwar.games.gunslingers.phases.sequence import PHASE_NAMES

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel

GROUND_PHASE = "Ground Unit Interaction Phase"
"""Plotted fire is revealed in its step 2 (the text's "Reveal tgt. hex and alt.")."""

HEX_MARKERS = frozenset({"plotted_fire", "smoke_1", "smoke_2", "laser_spot", "blast_zone"})
"""Markers that lie on a hex anyone sees; markers on a unit are seen with the unit."""


@lru_cache(maxsize=256)
def _pattern(words: frozenset[str]) -> re.Pattern[str] | None:
    if not words:
        return None
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True) if w)
    if not alternatives:
        return None
    return re.compile(rf"(?<![A-Za-z0-9_])(?:{alternatives})(?![A-Za-z0-9_])")


def strings(obj: Any) -> Iterator[str]:
    """Every string in an event, keys and values, however deeply nested."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, Mapping):
        for k, v in obj.items():
            if isinstance(k, str):
                yield k
            yield from strings(v)
    elif isinstance(obj, list | tuple | set | frozenset):
        for x in obj:
            yield from strings(x)


def text_of(obj: Any) -> str:
    """Every string of ``obj`` in one text, each apart from the next (a NUL between)."""
    if isinstance(obj, Mapping):
        parts: list[str] = []
        for k, v in obj.items():
            parts.append(str(k))
            if isinstance(v, str):
                parts.append(v)
            elif isinstance(v, Mapping | list | tuple | set | frozenset):
                parts.extend(strings(v))
        return "\0".join(parts)
    return "\0".join(strings(obj))


def names_any(obj: Any, words: Iterable[str]) -> bool:
    """Whether ``obj`` names any of ``words`` anywhere in it, as a whole word.

    A word is named where it is not run on by a letter, digit or underscore:
    hiding ``Viper-1`` hides ``Viper-1``, ``Viper-1's``, ``SA-2:Viper-1`` and
    ``Viper-1-Fulcrum-1``, but not ``Viper-10`` nor ``W12`` for ``W1``.
    """
    pattern = _pattern(frozenset(words))
    return pattern is not None and pattern.search(text_of(obj)) is not None


# -- what a side knows -------------------------------------------------------------


@dataclass
class Knowledge:
    """What one side knows of the enemy now (GS-43), by how it knows it."""

    sighted: set[str] = field(default_factory=set)
    """Aircraft and missiles sighted (Visual Sighting Phase)."""
    tracked: set[str] = field(default_factory=set)
    """Aircraft held by radar: contacts and lock-ons of its aircraft, lock-ons and
    passdowns of its SAM units, and what its ground radars and SAM units cover."""
    ground: set[str] = field(default_factory=set)
    """Ground units (SAM sites, radars, AAA, ground units) sighted."""
    emitters: set[str] = field(default_factory=set)
    """Enemy radars found by their emissions: locked on one of its aircraft (radar
    warning) or in a declared BJM noise arc of one of its aircraft."""
    remembered: set[str] = field(default_factory=set)
    """Units it knew as they were destroyed, left the map or ended their flight."""

    @property
    def known(self) -> set[str]:
        return self.sighted | self.tracked | self.ground | self.emitters | self.remembered


def _static(state: GsModel, side: str) -> _Sides:
    """The side's own radar aircraft and SAM units and the other sides' units (fixed)."""
    cached = state.cover_cache.get("static:" + side)
    if cached is None:
        f = state.forces
        ground = (f.planes, f.sams, f.radars, f.guns, f.ground)
        others = frozenset(u.id for t in ground for u in t.values() if u.side != side)
        parts = _Sides(
            radar_planes=tuple(p for p in f.planes.values() if p.side == side and p.radar),
            jammer_planes=tuple(
                p for p in f.planes.values() if p.side == side and p.bjm_type and p.bjm_number > 0
            ),
            own_planes=frozenset(p.id for p in f.planes.values() if p.side == side),
            enemy_planes=tuple(p for p in f.planes.values() if p.side != side),
            own_sams=tuple(s for s in f.sams.values() if s.side == side),
            enemy_sams=tuple(s for s in f.sams.values() if s.side != side),
            own_radars=tuple(r for r in f.radars.values() if r.side == side),
            enemy_radars=tuple(
                [s for s in f.sams.values() if s.side != side and s.radar is not None]
                + [r for r in f.radars.values() if r.side != side]
            ),
            others=others,
            pattern=_pattern(others),
        )
        cached = state.cover_cache["static:" + side] = (None, parts)
    parts = cached[1]
    assert isinstance(parts, _Sides)
    return parts


@dataclass(frozen=True)
class _Sides:
    radar_planes: tuple[Any, ...]
    jammer_planes: tuple[Any, ...]
    """Its aircraft with a BJM: only they declare noise arcs (SAM step 3)."""
    own_planes: frozenset[str]
    enemy_planes: tuple[Any, ...]
    own_sams: tuple[Any, ...]
    enemy_sams: tuple[Any, ...]
    own_radars: tuple[Any, ...]
    enemy_radars: tuple[Any, ...]
    others: frozenset[str]
    pattern: re.Pattern[str] | None


def _ground_radar_tracks(state: GsModel, side: str, parts: _Sides) -> set[str]:
    """Enemy aircraft inside the cover of the side's working ground radars and SAM units,
    each seen by one of them: an optical, laser or IR SAM unit needs a line of sight from
    its hex, a radar one too unless the option lets radar through terrain (GS-45, GS-78).
    An aircraft shot down stays tracked where it fell.

    Asked after most decisions, so each aircraft's answer is remembered for its hex and
    altitude until one of the side's radars or SAM units changes.
    """
    quiet = {m.unit for m in state.forces.markers if m.kind in SUPPRESSION_MARKERS}  # GS-38
    radar_los = radar_line_of_sight(state)  # GS-45
    sams = tuple(
        (s.hex, s.range, s.max_altitude, s.optical or radar_los) for s in parts.own_sams
        if s.alive and s.id not in quiet and (s.optical or (s.emitting and not s.jammed))
    )  # fmt: skip
    radars = tuple(
        (r.hex, r.range, radar_los) for r in parts.own_radars
        if r.alive and r.emitting and not r.jammed and r.operative and r.id not in quiet
    )  # fmt: skip
    if not sams and not radars:
        return set()
    key = (sams, radars)
    cached = state.cover_cache.get("cover:" + side)
    if cached is None or cached[0] != key:
        cached = state.cover_cache["cover:" + side] = (key, {})
    covered = cached[1]
    assert isinstance(covered, dict)

    def sees(h: Any, los: bool, p: Any) -> bool:
        # a sensor on the ground looks from its hex at ground level (GS-44, GS-45, GS-78)
        return not los or clear_los(state, h, 0, p.hex, p.altitude)

    out: set[str] = set()
    for p in parts.enemy_planes:
        h = p.hex
        at = (p.id, h.q, h.r, p.altitude)  # not the hex itself: its hash is slow to work out
        hit = covered.get(at)
        if hit is None:
            hit = any(
                h.distance(p.hex) <= rng and sees(h, los, p) for h, rng, los in radars
            ) or any(
                h.distance(p.hex) <= rng and p.altitude <= top and sees(h, los, p)
                for h, rng, top, los in sams
            )
            covered[at] = hit
        if hit:
            out.add(p.id)
    return out


def _emissions_found(state: GsModel, side: str, parts: _Sides) -> set[str]:
    """Emitting enemy radars inside a declared BJM noise arc of one of the side's aircraft
    (remembered until a jammer or a radar changes)."""
    jammers = tuple(
        (p.hex, p.heading, p.noise_arcs) for p in parts.jammer_planes if p.alive and p.noise_arcs
    )
    if not jammers:
        return set()
    radars = tuple((r.id, r.hex) for r in parts.enemy_radars if r.emitting)
    key = (jammers, radars)
    cached = state.cover_cache.get("esm:" + side)
    if cached is not None and cached[0] == key:
        return set(cached[1])
    same = bool(state.game.options.get("same_hex_in_arcs", False))  # GS-18
    out = {
        rid for rid, h in radars if any(in_arcs(jh, hd, h, arcs, same) for jh, hd, arcs in jammers)
    }
    state.cover_cache["esm:" + side] = (key, frozenset(out))
    return out


def knowledge(state: GsModel, side: str) -> Knowledge:
    """What ``side`` knows of the enemy now (GS-43).

    A unit it knows as it is destroyed or leaves the map is remembered (still tracked or
    sighted as it goes, it stays known when the sighting or the contact lapses).

    Asked several times after each decision (the events' audience, the labels, the view,
    the choices), so the answer is kept for each change of the state (its ``version``,
    counted by each decision and roll, and the length of its log), and from one change
    to the next while nothing it is worked out from changes (:func:`_inputs_generation`:
    a pre-emption declined, a "no" answered; issue 23). The caller reads it and never
    changes it. Code that changes the state by hand (a test setting up a position) calls
    ``state.changed()`` before asking again.
    """
    key = (state.version, len(state.log))
    cached = state.cover_cache.get("knows:" + side)
    if cached is not None and cached[0][:2] == key:
        k_cached = cached[1]
        assert isinstance(k_cached, Knowledge)
        return k_cached
    generation = _inputs_generation(state, key)
    if cached is not None and cached[0][2:] == (generation,):
        k_kept = cached[1]  # nothing it is worked out from has changed since
        assert isinstance(k_kept, Knowledge)
        state.cover_cache["knows:" + side] = ((*key, generation), k_kept)
        return k_kept
    k = _knowledge(state, side)
    state.cover_cache["knows:" + side] = ((*key, generation), k)
    return k


def _inputs_generation(state: GsModel, key: tuple[int, int]) -> int:
    """A number that changes whenever anything :func:`_knowledge` reads may have changed
    (issue 23): the units (their :class:`Written` stamp: an aircraft's place, life, radar
    contacts and lock-ons and noise arcs, every write to a ground unit), every side's
    sightings, the markers (suppression), the passdowns, the
    weapons in flight and the changes made by hand (``state.changed``). A decision or a
    roll that changes none of them (a pre-emption declined, a "no") leaves what each side
    knows as it was, and it is not worked out again.

    The inputs are read once for each change of the state (``key``) and compared with
    those of the last generation: the live sets compare equal to the frozen copies kept.
    """
    cached = state.cover_cache.get("inputs")
    if cached is not None and cached[0] == key:
        generation = cached[1][0]
        assert isinstance(generation, int)
        return generation
    f = state.forces
    sides = f.sides.values()
    live = (
        state.hand_changes,
        Written.stamp,
        tuple((m.kind, m.unit) for m in f.markers),
        tuple(state.passdowns.items()),
    )
    sets = ([(s.sighted, s.ground_sighted) for s in sides], state.weapons.keys())
    if cached is not None:
        generation, was, was_sets = cached[1]
        if live == was and sets == was_sets:
            state.cover_cache["inputs"] = (key, cached[1])
            return int(generation)
        generation += 1
    else:
        generation = 0
    frozen = ([(frozenset(a), frozenset(b)) for a, b in sets[0]], frozenset(sets[1]))
    state.cover_cache["inputs"] = (key, (generation, live, frozen))
    return generation


def _knowledge(state: GsModel, side: str) -> Knowledge:
    f = state.forces
    parts = _static(state, side)
    me = f.sides[side]
    remembered = state.remembered.setdefault(side, set())
    k = Knowledge(sighted=set(me.sighted), ground=set(me.ground_sighted), remembered=remembered)
    tracked = k.tracked
    for p in parts.radar_planes:
        tracked |= p.radar.contacts
        tracked |= p.radar.locks
    for s in parts.own_sams:
        if s.alive and s.lock is not None:
            tracked.add(s.lock)
    for s in parts.enemy_sams:  # radar warning: an emitting radar SAM locked on to us
        if s.lock is not None and s.emitting and s.lock in parts.own_planes:
            k.emitters.add(s.id)
    for sam, target in state.passdowns.items():
        unit = f.sams.get(sam)
        if unit is not None and unit.side == side:
            tracked.add(target)
    tracked |= _ground_radar_tracks(state, side, parts)
    k.emitters |= _emissions_found(state, side, parts)
    known = k.sighted | tracked | k.ground | k.emitters
    for uid in known - remembered:
        gone = state.unit(uid)
        if gone is not None and not getattr(gone, "alive", True):
            remembered.add(uid)
    return k


def enemy_ids(state: GsModel, side: str) -> set[str]:
    """The ids of every enemy unit on the table: aircraft, SAM sites, radars, AAA, ground
    units (destroyed ones too), and missiles and weapons in flight."""
    out = set(_static(state, side).others)
    out.update(w.id for w in state.weapons.values() if w.side != side)
    return out


def plot_revealed(state: GsModel) -> bool:
    """Whether this turn's plotted fire has been revealed (Ground Unit Interaction 2)."""
    return PHASE_NAMES[state.phase_index] == GROUND_PHASE and state.step_index >= 1


def secrets(state: GsModel, side: str) -> set[str]:
    """The text of every secret marker of another side not yet revealed: its plotted fire,
    written as the declaration that recorded it."""
    if plot_revealed(state):
        return set()
    out = set()
    for g in state.forces.guns.values():
        if g.side != side and g.plot is not None:
            h, alt = g.plot
            out.add(str(Decision("plot", g.id, (str(h), f"a{alt}"))))
    return out


def side_of_seat(state: GsModel, seat: int | None) -> str | None:
    """The side a seat plays (None for the referee, or a seat that is no side)."""
    if seat is None or not 0 <= seat < len(state.forces.sides):
        return None
    return state.side_names[seat]


def hidden_from(state: GsModel, seat: int | None) -> set[str]:
    """Words ``seat`` must not be shown now (nothing for the referee, or once the game ends)."""
    side = side_of_seat(state, seat)
    if side is None or state.is_terminal():
        return set()
    return (enemy_ids(state, side) - knowledge(state, side).known) | secrets(state, side)


# -- the audience of each event -------------------------------------------------------


def owner(state: GsModel, uid: Any) -> str | None:
    if not isinstance(uid, str):
        return None
    unit = state.unit(uid)
    if unit is not None:
        return str(unit.side)
    return state.weapon_sides.get(uid)


def _sides(state: GsModel, *uids: Any) -> set[str]:
    return {s for s in (owner(state, u) for u in uids) if s is not None}


def _outcome_audience(state: GsModel, kind: str, target: Any) -> set[str]:
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
            enemy = _static(state, side).pattern
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
    pattern = _pattern(frozenset(enemy_ids(state, side) - k.known))
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
        (1 << state.side_names.index(side), _pattern(frozenset(hidden_from(state, seat))))
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
        check = _pattern(frozenset(hidden_from(state, seat)))
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
    parts = _static(state, side)
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
                _pattern(frozenset(p.id for p in parts.enemy_planes)),
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
    pattern = _pattern(frozenset({uid}))
    for j in range(seen + 1, len(state.log)):
        if pattern is not None and pattern.search(state.texts[j]):
            t.lost_at[key] = j  # found once, it never changes: the log only grows
            return j
    return len(state.log) - 1
