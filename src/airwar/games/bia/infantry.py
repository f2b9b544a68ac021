"""Infantry fire: 1d10 per stand against a range-band number plus modifiers (BIA-6).

A stand hits on its hit number or less: the weapon's range-band number (house
values, BIA-6) plus the firer and target modifiers with their footnotes
(moving -4 except in HMA; +1 per officer grouped with the stand; +1 per turn
aiming after the first, SLA 2/3 troops only). Individually based figures
fire as one stand per ``figures_per_stand`` of them in one place (BIA-8).
Stands roll independently, so the number of hits of a group is the
convolution of the stands' chances.

>>> fire = StandFire(weapon("rifle"), 250, FirerSituation(officers=1),
...                  TargetSituation(unarmoured=True))
>>> fire.hit_number, fire.p_hit
(7, Fraction(7, 10))
>>> hits_distribution([fire, fire])
{0: Fraction(9, 100), 1: Fraction(21, 50), 2: Fraction(49, 100)}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

from airwar.core.checks import Check, Comparison, Modifier, ModifierTarget, fraction_text
from airwar.core.dice import Dice
from airwar.games.bia.errors import NotAllowed, OutOfRange, UnknownValue
from airwar.games.bia.tables import infantry_table, pick


class Training(StrEnum):
    """Training of the firing stand (the firer table's Veteran / Trained / Recruits).

    ``regular`` (+0) is everyone the table does not single out (BIA-14).
    """

    REGULAR = "regular"
    VETERAN = "veteran"
    TRAINED = "trained"
    RECRUITS = "recruits"


def parse_training(text: str) -> Training:
    key = str(text).strip().lower()
    if key == "civilians":
        return Training.RECRUITS
    try:
        return Training(key)
    except ValueError:
        allowed = ", ".join(t.value for t in Training)
        raise UnknownValue(f"unknown training {text!r} (allowed: {allowed}, civilians)") from None


@dataclass(frozen=True)
class RangeBand:
    """Up to ``up_to_m`` metres the stand needs ``number`` or less (before modifiers)."""

    up_to_m: int
    number: int


@dataclass(frozen=True)
class Weapon:
    """A weapon class and its range bands (BIA-6: house values, marked ``house``)."""

    key: str
    name: str
    bands: tuple[RangeBand, ...]
    house: bool

    @property
    def max_range_m(self) -> int:
        return self.bands[-1].up_to_m

    def band_for(self, range_m: float) -> tuple[int, RangeBand]:
        """The (1-based band index, band) that covers ``range_m``."""
        if range_m < 0:
            raise OutOfRange(f"range must be 0 m or more, not {range_m:g} m")
        for i, band in enumerate(self.bands, start=1):
            if range_m <= band.up_to_m:
                return i, band
        raise OutOfRange(
            f"target at {range_m:g} m is beyond the {self.name}'s longest range band "
            f"({self.max_range_m} m, BIA-6)"
        )


def weapons() -> dict[str, Weapon]:
    """Every weapon class of ``data/infantry.toml``."""
    out: dict[str, Weapon] = {}
    for key, row in infantry_table()["weapons"].items():
        bands = tuple(RangeBand(int(b["up_to_m"]), int(b["number"])) for b in row["bands"])
        out[key] = Weapon(key, row["name"], bands, bool(row.get("house", False)))
    return out


def weapon(key: str) -> Weapon:
    return pick(weapons(), key, "weapon")


def figures_per_stand() -> int:
    """How many individually based figures make a stand (BIA-8, house value)."""
    return int(infantry_table()["stands"]["figures_per_stand"])


@dataclass(frozen=True)
class FirerSituation:
    """The firer side of the modifier table (BIA-6)."""

    moving: bool = False
    in_hma: bool = False
    special_forces: bool = False
    officers: int = 0
    aiming_turns: int = 0
    training: Training = Training.REGULAR

    def __post_init__(self) -> None:
        if self.officers < 0:
            raise NotAllowed(f"officers must be 0 or more, not {self.officers}")
        if self.aiming_turns < 0:
            raise NotAllowed(f"aiming turns must be 0 or more, not {self.aiming_turns}")


@dataclass(frozen=True)
class TargetSituation:
    """The target side of the modifier table (BIA-6)."""

    unarmoured: bool = False
    armour_or_cover: bool = False
    special_forces: bool = False
    seasoned: bool = False
    officer_alone: bool = False
    stationary_vehicle: bool = False
    non_tactical: bool = False


_TARGET_REASONS = {
    "unarmoured": "target unarmoured",
    "armour_or_cover": "target in MA/HMA or cover",
    "special_forces": "target Special Forces",
    "seasoned": "target Seasoned/Veterans",
    "officer_alone": "target an officer on his own",
    "stationary_vehicle": "target a stationary vehicle",
    "non_tactical": "target non-tactical",
}


@dataclass(frozen=True)
class StandFire:
    """One stand firing one 1d10 at a target ``range_m`` metres away (BIA-6)."""

    weapon: Weapon
    range_m: float
    firer: FirerSituation = FirerSituation()
    target: TargetSituation = TargetSituation()
    _check: Check = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        aiming_weapons = infantry_table()["firer"]["aiming"]["weapons"]
        if self.firer.aiming_turns and self.weapon.key not in aiming_weapons:
            raise NotAllowed(
                f"aiming counts only for troops armed with {' or '.join(aiming_weapons)}, "
                f"not {self.weapon.key} (BIA-6)"
            )
        self.weapon.band_for(self.range_m)
        object.__setattr__(self, "_check", self._build_check())

    @property
    def band(self) -> tuple[int, RangeBand]:
        return self.weapon.band_for(self.range_m)

    def modifiers(self) -> tuple[Modifier, ...]:
        """Every modifier that applies, with reason and rule id (BIA-6)."""
        table = infantry_table()
        fm, tm = table["firer"], table["target"]
        f, t = self.firer, self.target
        mods: list[Modifier] = []
        if f.moving and not f.in_hma:
            mods.append(Modifier("firer moving", int(fm["moving"]), "BIA-6"))
        if f.special_forces:
            mods.append(Modifier("firer Special Forces", int(fm["special_forces"]), "BIA-6"))
        if f.officers:
            mods.append(
                Modifier(
                    f"{f.officers} officer(s) grouped with the stand",
                    f.officers * int(fm["per_officer"]),
                    "BIA-6",
                )
            )
        if f.aiming_turns > 1:
            mods.append(
                Modifier(
                    f"aiming {f.aiming_turns} turns (the first does not count)",
                    (f.aiming_turns - 1) * int(fm["per_turn_aiming"]),
                    "BIA-6",
                )
            )
        training = int(fm["training"][f.training.value])
        if training:
            mods.append(Modifier(f"firer {f.training.value}", training, "BIA-6"))
        for name, reason in _TARGET_REASONS.items():
            if getattr(t, name):
                mods.append(Modifier(reason, int(tm[name]), "BIA-6"))
        return tuple(mods)

    def _build_check(self) -> Check:
        index, band = self.band
        return Check(
            f"{self.weapon.name} at {self.range_m:g} m (band {index})",
            "BIA-6",
            Dice.parse(infantry_table()["dice"]),
            band.number,
            Comparison.AT_MOST,
            self.modifiers(),
            ModifierTarget.TARGET,
        )

    @property
    def check(self) -> Check:
        return self._check

    @property
    def hit_number(self) -> int:
        return self._check.effective_target

    @property
    def p_hit(self) -> Fraction:
        """Chance of a hit: 0 for hit numbers below 1, 1 from 10 up (BIA-14)."""
        return self._check.probability()


def hits_distribution(stands: Sequence[StandFire]) -> dict[int, Fraction]:
    """Exact chance of each number of hits when every stand fires once (independently)."""
    dist = [Fraction(1)]
    for stand in stands:
        p = stand.p_hit
        q = 1 - p
        new = [Fraction(0)] * (len(dist) + 1)
        for k, pk in enumerate(dist):
            new[k] += pk * q
            new[k + 1] += pk * p
        dist = new
    return dict(enumerate(dist))


def stands_from_figures(figures: int, per_stand: int | None = None) -> tuple[int, int]:
    """(stands, figures left over) for individually based figures in one place (BIA-8)."""
    size = figures_per_stand() if per_stand is None else per_stand
    if size < 1:
        raise NotAllowed(f"a stand needs at least 1 figure, not {size}")
    if figures < 0:
        raise NotAllowed(f"figures must be 0 or more, not {figures}")
    return divmod(figures, size)


@dataclass(frozen=True)
class GroupFire:
    """Several stands firing at one target: their checks and the hit-count distribution."""

    stands: tuple[StandFire, ...]
    idle_figures: int = 0

    def distribution(self) -> dict[int, Fraction]:
        return hits_distribution(self.stands)

    def expected_hits(self) -> Fraction:
        return sum((s.p_hit for s in self.stands), Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        return {
            "stands": [
                {
                    "hit_number": s.hit_number,
                    "p_hit": fraction_text(s.p_hit),
                    "band": s.band[0],
                    "band_number": s.band[1].number,
                    "modifiers": [m.to_dict() for m in s.check.modifiers],
                    "explanation": s.check.explain(),
                }
                for s in self.stands
            ],
            "hits": {str(k): fraction_text(p) for k, p in self.distribution().items()},
            "expected_hits": fraction_text(self.expected_hits()),
            "idle_figures": self.idle_figures,
        }
