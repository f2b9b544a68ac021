"""An engagement of Bounce Into Action as the game plays it: its units, their postures, and
the bounds of a file (BIA-16).

Reading a file into these is :mod:`.scenario_file`'s; :func:`target_of` and
:func:`shot_for` turn an aircraft and a unit's fire into the air-defence shot
of a turn.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from fractions import Fraction

from airwar.games.bia.airdefence import (
    AdSystem,
    AirDefenceShot,
    AirTarget,
    Firer,
    Manoeuvrability,
    Speed,
)

SIDES = ("red", "blue")

MAX_TURNS = 100
"""The longest engagement (BIA-16): a loitering aircraft gains +1 a turn, and after 100
turns even the largest die (1d100) is always beaten."""

MAX_UNITS = 100
"""The most aircraft, and the most ground AD units, of one engagement (BIA-16)."""

MAX_PILOT = 100
"""The largest pilot modifier, either way (BIA-16): the largest die is 1d100, so a larger
one decides every roll by itself."""

MAX_SEED_LENGTH = 64
"""The longest seed, in characters (as the command line's ``--seed``)."""

MAX_NAME = 100
"""The longest name or title, in characters."""

"""A unit's name, matched whole: ASCII letters and digits in words joined by single
spaces, '-', '_' or '.' (BIA-17); a target names a unit by it."""

UNIT_NAME_RULE = (
    "a unit's name is ASCII letters, digits, spaces, '-', '_' or '.' beginning and ending "
    "with a letter or a digit (e.g. Strike 1, Ford SAM) (BIA-17)"
)

MAX_FILE_CHARS = 1_000_000
"""An engagement file is at most 1 MB (the example is 2.5 kB)."""

MAX_NESTING = 6
"""Tables and lists nest at most five deep in the format ([[aircraft.posture]] in
[[aircraft]]); one more level is room for a mistaken list, refused with its place."""

MAX_DIGITS = sys.get_int_max_str_digits() or 4300
"""The longest whole number Python reads from text."""


@dataclass(frozen=True)
class Fire:
    """What a unit on Air Defence fires with, at whom (in priority order), and how far."""

    system: AdSystem
    targets: tuple[str, ...]
    range_m: Fraction | None


@dataclass(frozen=True)
class Posture:
    """How an aircraft flies from ``from_turn`` until its next posture (BIA-18, BIA-19).

    "Some aircraft types may be capable of more than one speed, if so this should be
    specified when their posture is chosen": each posture carries its speed, and
    whether the aircraft dogfights outside the area (Fast only, BIA-2) or makes
    passes instead of loitering (BIA-19).
    """

    from_turn: int
    speed: Speed
    dogfighting: bool = False
    passes: bool = False

    @property
    def makes_passes(self) -> bool:
        """Fast aircraft make passes unless dogfighting; slower ones when declared (BIA-19)."""
        if self.speed is Speed.FAST:
            return not self.dogfighting
        return self.passes


@dataclass(frozen=True)
class AircraftSpec:
    """One aircraft of the engagement: its postures give its speed turn by turn (BIA-18)."""

    name: str
    side: str
    speeds: tuple[Speed, ...]
    manoeuvrability: Manoeuvrability
    pilot_modifier: int
    pacifier: bool
    present: tuple[int, ...]
    fire: Fire | None
    postures: tuple[Posture, ...]

    def posture_at(self, turn: int) -> Posture:
        """The posture flown on ``turn``: the last one begun at or before it."""
        current = self.postures[0]
        for posture in self.postures:
            if posture.from_turn <= turn:
                current = posture
        return current

    def speed_at(self, turn: int) -> Speed:
        return self.posture_at(turn).speed

    def firer_at(self, turn: int) -> Firer:
        """The aircraft as a firer on ``turn``: its speed then is its column (BIA-1, BIA-18)."""
        return Firer.aircraft(self.speed_at(turn), self.manoeuvrability)

    @property
    def speed(self) -> Speed:
        """The speed of its first posture (its only one, unless it has several)."""
        return self.postures[0].speed

    @property
    def dogfighting(self) -> bool:
        """Whether its first posture dogfights outside the area."""
        return self.postures[0].dogfighting


@dataclass(frozen=True)
class GroundSpec:
    """One ground (or orbital) AD unit of the engagement."""

    name: str
    side: str
    firer: Firer
    fire: Fire


@dataclass(frozen=True)
class Scenario:
    """A parsed, checked engagement."""

    title: str
    turns: int
    seed: int | str | None
    aircraft: tuple[AircraftSpec, ...]
    ground: tuple[GroundSpec, ...]

    def aircraft_named(self, name: str) -> AircraftSpec:
        for a in self.aircraft:
            if a.name == name:
                return a
        raise KeyError(name)


def target_of(spec: AircraftSpec, *, passes: int, umbrella_turns: int, turn: int = 1) -> AirTarget:
    """The aircraft as a target on ``turn``, in the posture it flies then, from its pass
    or loiter count (BIA-2, BIA-18, BIA-20)."""
    posture = spec.posture_at(turn)
    makes_passes = posture.makes_passes
    return AirTarget(
        posture.speed,
        spec.manoeuvrability,
        pilot_modifier=spec.pilot_modifier,
        pacifier=spec.pacifier,
        first_pass=makes_passes and passes == 1,
        loiter_turns=0 if makes_passes else umbrella_turns,
        dogfighting=posture.dogfighting,
        passes=posture.passes,
    )


def shot_for(
    fire: Fire,
    firer: Firer,
    target: AirTarget,
    *,
    loiter_from_second_turn: bool,
    first_pass_all_speeds: bool = False,
) -> AirDefenceShot:
    """The AD shot of a unit at a target this turn."""
    return AirDefenceShot(
        fire.system,
        firer,
        target,
        fire.range_m,
        loiter_from_second_turn=loiter_from_second_turn,
        first_pass_all_speeds=first_pass_all_speeds,
    )
