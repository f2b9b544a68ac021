"""Double-blind play (GS-43): what each side knows of the enemy, and the words hidden from it.

The referee knows everything. A side knows its own units and, of the enemy,
what it has sighted or tracks now (:func:`knowledge`); every other enemy unit
is hidden from it, and so is the text of the other side's secret plotted
fire until it is revealed (:func:`hidden_from`). Which events a side reads is
:mod:`.visibility`'s.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.hexgrid import Hex, in_arcs
from airwar.games.gunslingers.model.units import Plane, SamSite, WarningRadar
from airwar.games.gunslingers.model.watched import Written
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


@lru_cache(maxsize=512)
def word_pattern(words: frozenset[str]) -> re.Pattern[str] | None:
    """One pattern that finds any of ``words`` as a whole word (the names a side may not
    read, the names a side's aliases replace); ``None`` for no words."""
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
    pattern = word_pattern(frozenset(words))
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


def fixed_parts(state: GsModel, side: str) -> SideParts:
    """The side's own radar aircraft and SAM units and the other sides' units (fixed)."""
    cached = state.cover_cache.get("static:" + side)
    if cached is None:
        f = state.forces
        ground = (f.planes, f.sams, f.radars, f.guns, f.ground)
        others = frozenset(u.id for t in ground for u in t.values() if u.side != side)
        parts = SideParts(
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
            pattern=word_pattern(others),
        )
        cached = state.cover_cache["static:" + side] = (None, parts)
    parts = cached[1]
    assert isinstance(parts, SideParts)
    return parts


@dataclass(frozen=True)
class SideParts:
    radar_planes: tuple[Plane, ...]
    jammer_planes: tuple[Plane, ...]
    """Its aircraft with a BJM: only they declare noise arcs (SAM step 3)."""
    own_planes: frozenset[str]
    enemy_planes: tuple[Plane, ...]
    own_sams: tuple[SamSite, ...]
    enemy_sams: tuple[SamSite, ...]
    own_radars: tuple[WarningRadar, ...]
    enemy_radars: tuple[SamSite | WarningRadar, ...]
    others: frozenset[str]
    pattern: re.Pattern[str] | None


def _ground_radar_tracks(state: GsModel, side: str, parts: SideParts) -> set[str]:
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

    def sees(h: Hex, los: bool, p: Plane) -> bool:
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


def _emissions_found(state: GsModel, side: str, parts: SideParts) -> set[str]:
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
    parts = fixed_parts(state, side)
    me = f.sides[side]
    remembered = state.remembered.setdefault(side, set())
    k = Knowledge(sighted=set(me.sighted), ground=set(me.ground_sighted), remembered=remembered)
    tracked = k.tracked
    for p in parts.radar_planes:
        radar = p.radar
        if radar is not None:  # always: the planes with a radar
            tracked |= radar.contacts
            tracked |= radar.locks
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
    out = set(fixed_parts(state, side).others)
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
