"""A volley: several AD shots at one aircraft, and how damage accumulates (BIA-7).

By BIA-7 a damaged aircraft keeps flying and may be fired at again; a second
damage result leaves it damaged, unless the ``damaged_twice_shot_down``
option is on, in which case damage on an already damaged aircraft shoots it
down. A shot-down aircraft takes no further shots.

>>> from airwar.games.bia.airdefence import (
...     AirDefenceShot, AirTarget, Firer, Manoeuvrability, Speed, system)
>>> target = AirTarget(Speed.SLOW, Manoeuvrability.POOR)
>>> shot = AirDefenceShot(system("vehicle-sam"), Firer.surface(), target)
>>> volley_odds([shot, shot]).miss
Fraction(4, 25)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from airwar.games.bia.airdefence import (
    AirDefenceShot,
    AirTarget,
    parse_firer,
    range_from_km,
    system,
)
from airwar.games.bia.errors import UnknownValue
from airwar.games.bia.outcome import Effect, Resolution


def accumulate(status: Effect, effect: Effect, *, damaged_twice_shot_down: bool = False) -> Effect:
    """The aircraft's status after a shot with ``effect`` hits it in ``status`` (BIA-7)."""
    if status is Effect.SHOT_DOWN or effect is Effect.SHOT_DOWN:
        return Effect.SHOT_DOWN
    if effect is Effect.DAMAGED:
        if status is Effect.DAMAGED and damaged_twice_shot_down:
            return Effect.SHOT_DOWN
        return Effect.DAMAGED
    return status


def volley_odds(
    shots: Sequence[AirDefenceShot], *, damaged_twice_shot_down: bool = False
) -> Resolution:
    """Exact chances that the aircraft comes through untouched, damaged or shot down.

    ``Resolution.miss`` is "untouched", ``damaged`` is "at least one damage
    and no kill", ``shot_down`` is shot down (BIA-4, BIA-7).
    """
    status: dict[Effect, Fraction] = {Effect.MISS: Fraction(1)}
    for shot in shots:
        odds = shot.odds()
        after: dict[Effect, Fraction] = {}
        for state, p_state in status.items():
            if state is Effect.SHOT_DOWN:
                after[state] = after.get(state, Fraction(0)) + p_state
                continue
            for effect, p_effect in odds.items():
                if not p_effect:
                    continue
                new = accumulate(state, effect, damaged_twice_shot_down=damaged_twice_shot_down)
                after[new] = after.get(new, Fraction(0)) + p_state * p_effect
        status = after
    return Resolution.from_weights(status)


def parse_shot(
    text: str,
    target: AirTarget,
    *,
    loiter_from_second_turn: bool = False,
    first_pass_all_speeds: bool = False,
) -> AirDefenceShot:
    """One shot of a volley written ``SYSTEM[@FIRER][:RANGE_KM]``.

    FIRER is ``surface`` (the default), ``orbital`` or ``SPEED/MANOEUVRABILITY``
    of a firing aircraft: ``manpad``, ``heavy-sam:30``,
    ``air-to-air-missile@fast/good:8``.
    """
    spec = str(text).strip()
    range_m = None
    if ":" in spec:
        spec, km = spec.rsplit(":", 1)
        range_m = range_from_km(km.strip())
    firer_text = "surface"
    if "@" in spec:
        spec, firer_text = spec.split("@", 1)
    if not spec:
        raise UnknownValue(
            f"shot {text!r} names no AD system (SYSTEM, SYSTEM@FIRER, SYSTEM:RANGE_KM or "
            "SYSTEM@FIRER:RANGE_KM)"
        )
    return AirDefenceShot(
        system(spec),
        parse_firer(firer_text),
        target,
        range_m,
        loiter_from_second_turn=loiter_from_second_turn,
        first_pass_all_speeds=first_pass_all_speeds,
    )
