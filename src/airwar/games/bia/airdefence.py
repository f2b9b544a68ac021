"""Air defence: the hit number and the resolution of one shot (BIA-1..BIA-4).

The hit number is the speed-table entry plus the manoeuvrability-table entry
plus the pass or loiter modifier plus the pilot modifier (BIA-1..BIA-3). The
system's dice are rolled: at or under the hit number hits; a hit strictly
below a quarter of the hit number shoots the aircraft down, any other hit
damages it (BIA-4). Each shot is a :class:`~airwar.core.checks.Check` whose
modifiers (applied to the target number) carry their rule ids.

>>> shot = AirDefenceShot(
...     system("vehicle-sam"), Firer.surface(),
...     AirTarget(Speed.SLOW, Manoeuvrability.POOR))
>>> shot.hit_number
6
>>> shot.odds()
Resolution(miss=Fraction(2, 5), damaged=Fraction(1, 2), shot_down=Fraction(1, 10))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

from airwar.core.checks import Check, Comparison, Modifier, ModifierTarget, fraction_text
from airwar.core.dice import Dice
from airwar.games.bia.errors import NotAllowed, OutOfRange, UnknownValue
from airwar.games.bia.outcome import Effect, Resolution
from airwar.games.bia.tables import air_defence_table, normalise_key, pick


class Speed(StrEnum):
    """Aircraft speed, fastest first (BIA-1; the order is BIA-5's "faster")."""

    FAST = "fast"
    SLOW = "slow"
    VERY_SLOW = "very-slow"

    @property
    def label(self) -> str:
        return self.value.replace("-", " ").title()

    @property
    def rank(self) -> int:
        """0 for the fastest."""
        return list(Speed).index(self)


class Manoeuvrability(StrEnum):
    """Aircraft manoeuvrability, best first (BIA-1; BIA-5's "better manoeuvrability")."""

    GOOD = "good"
    MEDIUM = "medium"
    POOR = "poor"

    @property
    def label(self) -> str:
        return self.value.title()

    @property
    def rank(self) -> int:
        """0 for the best."""
        return list(Manoeuvrability).index(self)


def _allowed(values: Iterable[object]) -> str:
    return ", ".join(str(v) for v in values)


def parse_speed(text: str, what: str = "speed") -> Speed:
    """``fast``, ``slow`` or ``very-slow`` (case and ``_``/space tolerant)."""
    key = normalise_key(text)
    try:
        return Speed(key)
    except ValueError:
        allowed = _allowed(s.value for s in Speed)
        raise UnknownValue(f"unknown {what} {text!r} (allowed: {allowed})") from None


def parse_manoeuvrability(text: str, what: str = "manoeuvrability") -> Manoeuvrability:
    """``good``, ``medium`` or ``poor``."""
    key = str(text).strip().lower()
    try:
        return Manoeuvrability(key)
    except ValueError:
        allowed = _allowed(m.value for m in Manoeuvrability)
        raise UnknownValue(f"unknown {what} {text!r} (allowed: {allowed})") from None


@dataclass(frozen=True)
class AdSystem:
    """One row of the AD system table (BIA-4): range, dice and what it can do."""

    key: str
    name: str
    range_m: int
    dice: Dice
    always_hits_on: frozenset[int]
    can_shoot_down: bool
    can_damage_pacifiers: bool
    note: str

    @property
    def range_text(self) -> str:
        if self.range_m % 1000 == 0:
            return f"{self.range_m // 1000} km"
        return f"{self.range_m} m"


def systems() -> dict[str, AdSystem]:
    """Every AD system of the table, by key (heavy-sam, vehicle-sam, ...)."""
    out: dict[str, AdSystem] = {}
    for key, row in air_defence_table()["systems"].items():
        out[key] = AdSystem(
            key=key,
            name=row["name"],
            range_m=int(row["range_m"]),
            dice=Dice.parse(row["dice"]),
            always_hits_on=frozenset(int(v) for v in row["always_hits_on"]),
            can_shoot_down=bool(row["can_shoot_down"]),
            can_damage_pacifiers=bool(row["can_damage_pacifiers"]),
            note=row["note"],
        )
    return out


def system(key: str) -> AdSystem:
    """The AD system called ``key``; an unknown name lists the known ones."""
    return pick(systems(), key, "AD system")


def pilot_grades() -> dict[str, int]:
    """Named pilot grades and their hit-number modifiers (BIA-3, house values)."""
    return {k: int(v) for k, v in air_defence_table()["pilots"].items()}


def pilot_modifier(value: int | str) -> int:
    """A pilot modifier given as an integer or as a grade name (BIA-3)."""
    if isinstance(value, bool):
        raise UnknownValue(f"pilot {value!r} is neither a grade nor a whole number")
    if isinstance(value, int):
        return value
    text = str(value).strip().lower()
    grades = pilot_grades()
    if text in grades:
        return grades[text]
    try:
        return int(text)
    except ValueError:
        allowed = _allowed(grades)
        raise UnknownValue(
            f"unknown pilot {value!r} (a whole number or one of: {allowed})"
        ) from None


class FirerKind(StrEnum):
    """Where the fire comes from (BIA-1, BIA-4)."""

    SURFACE = "surface"
    ORBITAL = "orbital"
    AIRCRAFT = "aircraft"


@dataclass(frozen=True)
class Firer:
    """The firing unit: surface, orbital (BIA-9: Surface column) or an aircraft."""

    kind: FirerKind
    speed: Speed | None = None
    manoeuvrability: Manoeuvrability | None = None

    def __post_init__(self) -> None:
        is_air = self.kind is FirerKind.AIRCRAFT
        has_both = self.speed is not None and self.manoeuvrability is not None
        has_any = self.speed is not None or self.manoeuvrability is not None
        if is_air and not has_both:
            raise NotAllowed("a firing aircraft needs both its speed and its manoeuvrability")
        if not is_air and has_any:
            raise NotAllowed(
                f"{self.kind.value} fire uses the Surface column: give no firer speed "
                "or manoeuvrability (BIA-1)"
            )

    @classmethod
    def surface(cls) -> Firer:
        return cls(FirerKind.SURFACE)

    @classmethod
    def orbital(cls) -> Firer:
        return cls(FirerKind.ORBITAL)

    @classmethod
    def aircraft(cls, speed: Speed, manoeuvrability: Manoeuvrability) -> Firer:
        return cls(FirerKind.AIRCRAFT, speed, manoeuvrability)

    @property
    def speed_column(self) -> str:
        return self.speed.value if self.speed is not None else "surface"

    @property
    def manoeuvrability_column(self) -> str:
        return self.manoeuvrability.value if self.manoeuvrability is not None else "surface"

    @property
    def label(self) -> str:
        if self.speed is None or self.manoeuvrability is None:
            return self.kind.value
        return f"{self.speed.label}/{self.manoeuvrability.label} aircraft"


@dataclass(frozen=True)
class AirTarget:
    """The aircraft fired at, with its pass or loiter situation (BIA-2, BIA-3).

    ``first_pass``: an aircraft making passes, on its first pass.
    ``loiter_turns``: turns it has remained in the AD umbrella, counting the
    current one. ``dogfighting``: a Fast aircraft dogfighting outside the
    ground force area, which counts loiter turns like a loitering aircraft.
    ``passes``: a Slow or Very Slow aircraft that makes passes instead of
    loitering (BIA-19); a Fast one always does. ``pilot_modifier`` is the
    target pilot's (BIA-3, BIA-15).
    """

    speed: Speed
    manoeuvrability: Manoeuvrability
    pilot_modifier: int = 0
    pacifier: bool = False
    first_pass: bool = False
    loiter_turns: int = 0
    dogfighting: bool = False
    passes: bool = False

    @property
    def makes_passes(self) -> bool:
        """Whether the aircraft makes passes rather than loitering (BIA-2, BIA-19).

        "Aircraft fall into two groups, those that can loiter in the target zone
        and those that need to make several passes. Fast aircraft always make
        passes rather than loiter." A Fast aircraft makes passes unless it is
        dogfighting outside the area; a slower one when it is declared to.
        """
        if self.speed is Speed.FAST:
            return not self.dogfighting
        return self.passes

    def __post_init__(self) -> None:
        if self.loiter_turns < 0:
            raise NotAllowed(f"loiter turns must be 0 or more, not {self.loiter_turns}")
        if self.dogfighting and self.speed is not Speed.FAST:
            raise NotAllowed(
                f"only Fast aircraft dogfight outside the ground force area; a "
                f"{self.speed.label} aircraft loiters anyway (BIA-2)"
            )
        if self.dogfighting and self.passes:
            raise NotAllowed(
                "a Fast aircraft dogfighting outside the ground force area loiters: it "
                "does not make passes (BIA-2)"
            )
        if self.first_pass and not self.makes_passes:
            why = (
                "it is dogfighting, so it loiters (BIA-2)"
                if self.dogfighting
                else f"a {self.speed.label} aircraft loiters unless it is declared as making "
                "passes (BIA-2, BIA-19)"
            )
            raise NotAllowed(f"only an aircraft making passes has a first pass: {why}")
        if self.loiter_turns and self.makes_passes:
            who = "a Fast aircraft" if self.speed is Speed.FAST else "an aircraft making passes"
            raise NotAllowed(
                f"{who} does not loiter: give no loiter turns (BIA-2, BIA-19); only a Fast "
                "aircraft dogfighting outside the ground force area loiters at Fast speed"
            )


@dataclass(frozen=True)
class AirDefenceShot:
    """One AD shot: system, firer, target, range and the loiter option (BIA-1..BIA-4).

    ``range_m`` is the range to the target in metres (``None``: not checked).
    ``loiter_from_second_turn`` is the BIA-2 option that starts counting
    loiter turns from the second turn in the umbrella;
    ``first_pass_all_speeds`` the BIA-19 option that gives a Slow or Very
    Slow aircraft making passes the first-pass -2 of a Fast one.
    """

    system: AdSystem
    firer: Firer
    target: AirTarget
    range_m: Fraction | None = None
    loiter_from_second_turn: bool = False
    first_pass_all_speeds: bool = False
    _check: Check = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.firer.kind is FirerKind.ORBITAL and self.target.speed is not Speed.VERY_SLOW:
            raise NotAllowed(
                f"orbital-to-air fire is allowed only at Very Slow aircraft, not at a "
                f"{self.target.speed.label} one (BIA-4)"
            )
        if self.range_m is not None:
            if self.range_m < 0:
                raise OutOfRange(f"range must be 0 or more, not {_metres(self.range_m)}")
            if self.range_m > self.system.range_m:
                raise OutOfRange(
                    f"target at {_metres(self.range_m)} is out of range of {self.system.name} "
                    f"(range {self.system.range_text}, BIA-4)"
                )
        object.__setattr__(self, "_check", self._build_check())

    def modifiers(self) -> tuple[Modifier, ...]:
        """The parts of the hit number, each with its reason and rule id."""
        table = air_defence_table()
        t, f = self.target, self.firer
        col_s, col_m = f.speed_column, f.manoeuvrability_column
        mods = [
            Modifier(
                f"target {t.speed.label} vs {_column_label(col_s, Speed)} (speed table)",
                int(table["speed"][t.speed.value][col_s]),
                "BIA-1",
            ),
            Modifier(
                f"target {t.manoeuvrability.label} vs {_column_label(col_m, Manoeuvrability)} "
                "(manoeuvrability table)",
                int(table["manoeuvrability"][t.manoeuvrability.value][col_m]),
                "BIA-1",
            ),
        ]
        loiter = table["loiter"]
        if t.makes_passes and t.speed is Speed.FAST:
            if t.first_pass:
                mods.append(
                    Modifier("Fast aircraft, first pass", int(loiter["first_pass"]), "BIA-2")
                )
            else:
                mods.append(
                    Modifier("Fast aircraft, later pass", int(loiter["later_pass"]), "BIA-2")
                )
        elif t.makes_passes:
            # BIA-19: "those that need to make several passes" need not be Fast, but only
            # "Fast aircraft on their first pass get -2"; the option extends it to them
            bonus = t.first_pass and self.first_pass_all_speeds
            which = "first" if t.first_pass else "later"
            mods.append(
                Modifier(
                    f"{t.speed.label} aircraft making passes, {which} pass"
                    + (" (option: as a Fast one)" if bonus else ""),
                    int(loiter["first_pass"] if bonus else loiter["later_pass"]),
                    "BIA-19",
                )
            )
        elif t.loiter_turns:
            counted = t.loiter_turns - 1 if self.loiter_from_second_turn else t.loiter_turns
            if counted > 0:
                who = "dogfighting" if t.dogfighting else "loitering"
                rule_note = ", from the 2nd" if self.loiter_from_second_turn else ""
                mods.append(
                    Modifier(
                        f"{who}, turn {t.loiter_turns} in the AD umbrella{rule_note}",
                        counted * int(loiter["per_turn"]),
                        "BIA-2",
                    )
                )
        if t.pilot_modifier:
            mods.append(Modifier("target's pilot ability", t.pilot_modifier, "BIA-3"))
        return tuple(mods)

    def _build_check(self) -> Check:
        return Check(
            f"{self.system.name} at {self.target.speed.label}/"
            f"{self.target.manoeuvrability.label} aircraft",
            "BIA-4",
            self.system.dice,
            0,
            Comparison.AT_MOST,
            self.modifiers(),
            ModifierTarget.TARGET,
            natural_success=self.system.always_hits_on,
        )

    @property
    def check(self) -> Check:
        """The hit roll as a kernel check (modifiers applied to the target number)."""
        return self._check

    @property
    def hit_number(self) -> int:
        return self._check.effective_target

    def effect(self, roll: int) -> Effect:
        """What a natural ``roll`` of the system's dice does (BIA-4, BIA-13).

        A Heavy SAM's natural 1 always hits and is then resolved like any hit;
        a small-arms hit on a Pacifier has no effect.
        """
        if not self._check.succeeds(roll):
            return Effect.MISS
        if self.target.pacifier and not self.system.can_damage_pacifiers:
            return Effect.MISS
        quarter = Fraction(
            air_defence_table()["resolution"]["shot_down_below_fraction_of_hit_number"]
        )
        if self.system.can_shoot_down and roll < self.hit_number * quarter:
            return Effect.SHOT_DOWN
        return Effect.DAMAGED

    def odds(self) -> Resolution:
        """Exact chances of miss, damaged and shot down."""
        return Resolution.from_rolls(self.system.dice.outcomes(), self.effect)

    @property
    def p_hit(self) -> Fraction:
        """Chance that the roll hits (for small arms at a Pacifier, a hit without effect)."""
        return self._check.probability()

    def notes(self) -> list[str]:
        """Rule notes that shape this shot's result."""
        out: list[str] = []
        s = self.system
        if s.always_hits_on:
            out.append(f"{s.name} always hits on a {_allowed(sorted(s.always_hits_on))} (BIA-4)")
        elif self.hit_number < s.dice.minimum:
            out.append(
                f"hit number {self.hit_number} is below the lowest roll of {s.dice}: "
                "a sure miss (BIA-4)"
            )
        if not s.can_shoot_down:
            out.append(f"{s.name} can only damage aircraft (BIA-4)")
        if self.target.pacifier and not s.can_damage_pacifiers:
            out.append(f"{s.name} cannot damage Pacifiers: a hit has no effect (BIA-4)")
        return out

    def explain(self) -> str:
        """One line: what is fired at what, the need, and the exact odds."""
        r = self.odds()
        return (
            f"{self._check.name} from {self.firer.label} (BIA-4): hit number {self.hit_number}, "
            f"{need_text(self._check)}; shot down {fraction_text(r.shot_down)}, "
            f"damaged {fraction_text(r.damaged)}, miss {fraction_text(r.miss)}"
        )

    def to_dict(self) -> dict[str, Any]:
        """The air-defence JSON of docs/bia.md (``airwar bia air-defence --json``)."""
        r = self.odds()
        return {
            "hit_number": self.hit_number,
            "p_hit": fraction_text(self.p_hit),
            "p_shot_down": fraction_text(r.shot_down),
            "p_damaged": fraction_text(r.damaged),
            "p_miss": fraction_text(r.miss),
            "modifiers": [m.to_dict() for m in self._check.modifiers],
            "system": self.system.key,
            "dice": str(self.system.dice),
            "range": self.system.range_text,
            "notes": self.notes(),
            "explanation": self.explain(),
        }


def parse_firer(text: str) -> Firer:
    """``surface``, ``orbital`` or an aircraft as ``SPEED/MANOEUVRABILITY`` (``fast/good``)."""
    t = str(text).strip().lower()
    if t == "surface":
        return Firer.surface()
    if t == "orbital":
        return Firer.orbital()
    if "/" in t:
        speed, man = t.split("/", 1)
        return Firer.aircraft(
            parse_speed(speed, "firer speed"), parse_manoeuvrability(man, "firer manoeuvrability")
        )
    raise UnknownValue(
        f"unknown firer {text!r} (allowed: surface, orbital, or an aircraft as SPEED/"
        "MANOEUVRABILITY such as fast/good)"
    )


def need_text(check: Check) -> str:
    """ "needs 5 or less on 2d6", "any roll of 1d6 succeeds" or "no roll ... can succeed"."""
    need = check.describe_need()
    return need if need.startswith(("any ", "no ")) else f"needs {need}"


def _column_label(column: str, kind: type[Speed] | type[Manoeuvrability]) -> str:
    if column == "surface":
        return "Surface fire"
    return f"{kind(column).label} firer"


def _metres(value: Fraction) -> str:
    if value >= 1000:
        return f"{float(value / 1000):g} km"
    return f"{float(value):g} m"


def range_from_km(km: float | str | Fraction) -> Fraction:
    """Kilometres as exact metres (``0.3`` km is exactly 300 m)."""
    try:
        return Fraction(str(km)) * 1000
    except ValueError:
        raise UnknownValue(f"range {km!r} is not a number of kilometres") from None
