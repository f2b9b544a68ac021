"""SAM Interaction Phase checks: radars, BJM stand-off jamming, passdowns,
SAM lock-ons and launches, the SAM Unit Break Lock Table, self-defence ARMs.

Numbers come from ``tables/sam.toml``; base lock-on and launch numbers are
unit data (GS-6) and come in as arguments.

>>> passdown_check(ewr_eccm=1, iff_on=True, ajm=3).explain()  # doctest: +ELLIPSIS
'EWR/CCU passdown (SAM Interaction Phase 7 / GS-1): 7- [target IFF on -2 ...; target AJM ...
>>> [c.name for c in sam_break_lock_checks("CW", sam_eccm=1, djm=3, chaff_ppl=5)]
['Break SAM lock-on with DJM (CW)', 'Break SAM lock-on with chaff (CW)']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from airwar.core.checks import Check, Modifier
from airwar.games.gunslingers.model.hexgrid import Arc, adjacent_arc_sets, parse_arcs
from airwar.games.gunslingers.model.words import CheckInputError, as_enum
from airwar.games.gunslingers.rules.base import (
    Countermeasure,
    SamGuidance,
    countermeasure_modifier,
    countermeasure_value,
    d10_check,
    half_up,
    unit_number,
)
from airwar.games.gunslingers.tables import (
    Entry,
    TableError,
    entry,
    modifier_specs,
    number,
    rows,
)

TABLE = "sam"


# --- steps 1-2: radars ---------------------------------------------------------------


def radar_reactivation_check() -> Check:
    """Reactivate a shut-down SAM radar (SAM Interaction Phase 1, 6-)."""
    return d10_check("Reactivate shut-down radar", entry(TABLE, "radar_reactivation"))


def radar_shutdown_check() -> Check:
    """Shut down an alerted SAM radar (SAM Interaction Phase 2, 6-)."""
    return d10_check("Shut down alerted radar", entry(TABLE, "radar_shutdown"))


# --- steps 3-4: BJM noise jamming and stand-off attacks (GS-5) ----------------------


@dataclass(frozen=True)
class BjmType:
    """A row of the BJM Jamming Table (GS-5)."""

    type: str
    attacks_pilot_only: int
    attacks_multi_crew: int
    arcs: str
    rule: str

    def stand_off_attacks(self, multi_crew: bool) -> int:
        """Stand-off attacks allowed per turn."""
        return self.attacks_multi_crew if multi_crew else self.attacks_pilot_only

    def noise_arc_choices(self) -> list[frozenset[Arc]]:
        """The arc sets this jammer may cover with noise: fixed sets for A and B,
        any run of 3 adjacent arcs for C, every arc for D."""
        if self.arcs == "any":
            return [frozenset(Arc)]
        if self.arcs.startswith("any ") and self.arcs.endswith(" adjacent"):
            return adjacent_arc_sets(number(TABLE, "bjm_adjacent_arcs"))
        return [parse_arcs(self.arcs)]

    def may_cover(self, arcs: Iterable[Arc]) -> bool:
        """Whether a declared set of noise arcs is allowed: all of it within one
        of the choices (a jammer may cover less than it could)."""
        chosen = frozenset(arcs)
        return any(chosen <= choice for choice in self.noise_arc_choices())


@cache
def bjm_types() -> dict[str, BjmType]:
    """The BJM Jamming Table by type letter."""
    out = {}
    for row in rows(TABLE, "bjm_types"):
        out[str(row["type"])] = BjmType(
            str(row["type"]),
            int(row["attacks_pilot_only"]),
            int(row["attacks_multi_crew"]),
            str(row["arcs"]),
            str(row["rule"]),
        )
    return out


def bjm_type(letter: str) -> BjmType:
    """One row of the BJM Jamming Table (``"A"`` .. ``"D"``)."""
    table = bjm_types()
    key = letter.strip().upper()
    if key not in table:
        raise CheckInputError(f"BJM type {letter!r} is not one of {', '.join(table)} (GS-5)")
    return table[key]


def strongest_noise_bjm(bjm_numbers: Iterable[int]) -> int:
    """The BJM number that counts for a radar in several noise arcs: the single
    strongest (GS-5); 0 when none covers it."""
    return max(bjm_numbers, default=0)


def bjm_stand_off_check(bjm_number: int, radar_eccm: int) -> Check | None:
    """A BJM stand-off attack on a radar: d10 <= BJM - ECCM (SAM Interaction Phase 4, GS-5).

    ``None`` when BJM - ECCM is 0 or less: no chance, no roll (GS-3). A jammed
    radar can neither pass down nor lock on this turn (GS-5, house rule).
    """
    if countermeasure_value(bjm_number, radar_eccm) == 0:
        return None
    step = Entry(bjm_number, "SAM Interaction Phase 4 / GS-5")
    return d10_check(
        "BJM stand-off attack",
        step,
        (Modifier("radar ECCM", radar_eccm, "SAM Interaction Phase 4 / GS-5"),),
    )


# --- steps 5-8: lock-ons, launches, passdowns ---------------------------------------


def _modifiers(
    table_key: str, fixed: Iterable[str], countermeasures: Iterable[tuple[str, int]], eccm: int
) -> list[Modifier]:
    specs = modifier_specs(TABLE, table_key)
    out: list[Modifier] = []
    wanted_fixed = set(fixed)
    cms = dict(countermeasures)
    for key, spec in specs.items():  # the text's order a, b, c, ...
        if spec.is_countermeasure:
            if key in cms:
                m = countermeasure_modifier(spec, cms[key], eccm)
                if m is not None:
                    out.append(m)
        elif key in wanted_fixed:
            out.append(spec.fixed())
    return out


def passdown_check(
    ewr_eccm: int,
    *,
    iff_on: bool = False,
    ajm: int = 0,
    chaff_ppl: int = 0,
    noise_bjm: int = 0,
) -> Check:
    """An EWR or CCU passdown to a SAM unit (SAM Interaction Phase 7, 7-).

    ``noise_bjm`` is the target's own BJM number when the EWR lies in a noise arc the
    target declared, 0 if not ("1/2 target BJM", GS-77; the option
    ``passdown_escort_jamming`` passes the strongest covering BJM instead, GS-5).
    Countermeasures count max(0, number - EWR ECCM), halves rounded up first (GS-2).
    """
    mods = _modifiers(
        "passdown_modifiers",
        ["iff"] if iff_on else [],
        [("ajm", ajm), ("chaff", chaff_ppl), ("bjm", noise_bjm)],
        ewr_eccm,
    )
    return d10_check("EWR/CCU passdown", entry(TABLE, "passdown"), mods)


def radar_sam_lock_on_check(
    lock_on: int,
    sam_eccm: int,
    *,
    quick_reaction: bool = False,
    iff_on: bool = False,
    passdown_received: bool = False,
    ajm: int = 0,
    chaff_ppl: int = 0,
    noise_bjm: int = 0,
    ccu_inoperative: bool = False,
) -> Check:
    """A radar SAM unit's lock-on (SAM Interaction Phase 5 quick-reaction, 8 regular).

    ``lock_on`` is the unit's number (unit data, GS-6). Modifiers a-f of the
    text; countermeasures as GS-2; ``noise_bjm`` as in ``passdown_check``.
    """
    fixed = [
        key
        for key, on in (
            ("iff", iff_on),
            ("passdown", passdown_received),
            ("ccu", ccu_inoperative),
        )
        if on
    ]
    mods = _modifiers(
        "radar_sam_lock_on_modifiers",
        fixed,
        [("ajm", ajm), ("chaff", chaff_ppl), ("bjm", noise_bjm)],
        sam_eccm,
    )
    return d10_check(*_lock_on_step(lock_on, quick_reaction, radar=True), mods)


def optical_sam_lock_on_check(
    lock_on: int,
    *,
    quick_reaction: bool = False,
    in_sun_clutter_arc: bool = False,
    ccu_inoperative: bool = False,
) -> Check:
    """An OG, LG or IR SAM unit's lock-on (SAM Interaction Phase 5 or 8).

    ``in_sun_clutter_arc``: the unit lies in the target's sun clutter arc
    (``hexgrid.in_sun_clutter_arc``, GS-17), +3.
    """
    fixed = [k for k, on in (("sun", in_sun_clutter_arc), ("ccu", ccu_inoperative)) if on]
    mods = _modifiers("optical_sam_lock_on_modifiers", fixed, [], 0)
    return d10_check(*_lock_on_step(lock_on, quick_reaction, radar=False), mods)


def _lock_on_step(lock_on: int, quick_reaction: bool, radar: bool) -> tuple[str, Entry]:
    kind = "radar" if radar else "OG/LG/IR"
    if quick_reaction:
        name, step = f"Quick-reaction {kind} SAM lock-on", "SAM Interaction Phase 5 / GS-6"
    else:
        name, step = f"Regular {kind} SAM lock-on", "SAM Interaction Phase 8 / GS-6, GS-7"
    return name, unit_number(lock_on, step, "lock-on number")


def sam_launch_check(launch: int) -> Check:
    """A SAM missile launch (SAM Interaction Phase 6); ``launch`` is unit data (GS-6)."""
    return d10_check(
        "SAM missile launch",
        unit_number(launch, "SAM Interaction Phase 6 / GS-6, GS-7", "launch number"),
    )


def self_defence_arm_launch_check(launch: int) -> Check:
    """A self-defence ARM launch (SAM Interaction Phase 13); ``launch`` is unit data (GS-6)."""
    return d10_check(
        "Self-defence ARM launch",
        unit_number(launch, "SAM Interaction Phase 13 / GS-6", "ARM launch number"),
    )


# --- steps 9-12: the SAM Unit Break Lock Table (GS-3) -------------------------------


@dataclass(frozen=True)
class BreakLockRow:
    """A row of a break-lock table: which countermeasure, against which types, how
    the number is made (``full``, ``half`` or ``one_if_used``), and its step."""

    step: int
    countermeasure: Countermeasure
    sam_types: frozenset[SamGuidance]
    number: str
    rule: str
    option: str = ""

    def break_lock_number(self, used: int, eccm: int) -> int:
        """The break-lock number for ``used`` (PPL or DJM number) against ``eccm``."""
        if self.number == "one_if_used":
            return number(TABLE, "one_if_used") if used > 0 else 0
        return countermeasure_value(used, eccm, halve=self.number == "half")

    def check(self, used: int, eccm: int, name: str) -> Check | None:
        """The roll of this row, or ``None`` when the number is 0 or less (GS-3)."""
        if self.break_lock_number(used, eccm) <= 0:
            return None
        if self.number == "one_if_used":
            base = number(TABLE, "one_if_used")
            return d10_check(name, Entry(base, self.rule))
        base = half_up(used) if self.number == "half" else used
        if self.number == "half":
            what = f"1/2 {self.countermeasure.label} PPL {used} rounded up"
        else:
            what = f"{self.countermeasure.label} {used}"
        return d10_check(
            name,
            Entry(base, self.rule),
            (Modifier(f"ECCM against {what}", eccm, "Break Lock Table note / GS-2"),)
            if eccm
            else (),
        )


def break_lock_rows(table: str, key: str) -> list[BreakLockRow]:
    """The rows of a break-lock table in ``tables/<table>.toml``, in file order."""
    out = []
    for row in rows(table, key):
        try:
            types = row.get("sam_types", [])
            out.append(
                BreakLockRow(
                    int(row["step"]),
                    Countermeasure(row["countermeasure"]),
                    frozenset(SamGuidance(t) for t in types),
                    str(row["number"]),
                    str(row["rule"]),
                    str(row.get("option", "")),
                )
            )
        except (KeyError, ValueError) as err:
            raise TableError(f"rule table {table}.toml: bad row in {key!r} ({err})") from None
    return out


@cache
def sam_break_lock_rows() -> tuple[BreakLockRow, ...]:
    """The SAM Unit Break Lock Table in the order its rolls are made (GS-3)."""
    return tuple(break_lock_rows(TABLE, "sam_break_lock"))


def sam_break_lock_row(
    guidance: SamGuidance | str,
    countermeasure: Countermeasure | str,
    ir_flares_break_lock: bool = False,
) -> BreakLockRow | None:
    """The table row for a SAM type and countermeasure; ``None`` where the table has
    no entry (BR against mini-jammers, IR against flares unless the option, GS-3)."""
    g = as_enum(SamGuidance, guidance, "SAM guidance type")
    cm = as_enum(Countermeasure, countermeasure, "countermeasure")
    for row in sam_break_lock_rows():
        if row.option and not (row.option == "ir_flares_break_lock" and ir_flares_break_lock):
            continue
        if row.countermeasure is cm and g in row.sam_types:
            return row
    return None


def sam_break_lock_checks(
    guidance: SamGuidance | str,
    sam_eccm: int,
    *,
    djm: int = 0,
    chaff_ppl: int = 0,
    mini_jammer_ppl: int = 0,
    flare_ppl: int = 0,
    ir_flares_break_lock: bool = False,
) -> list[Check]:
    """The break-lock rolls against one SAM lock-on, in the text's order (steps 9-12, GS-3).

    One roll per countermeasure that has a table entry for the SAM type and a
    number above 0; the first success breaks the lock. Radar ECCM counts
    against DJM, chaff and mini-jammers (GS-2); flares against OG/LG need a 1
    and only if any flare PPL was used. ``ir_flares_break_lock`` is the option
    of GS-3 letting flares work against IR SAMs as against OG/LG.
    """
    used = {
        Countermeasure.DJM: djm,
        Countermeasure.CHAFF: chaff_ppl,
        Countermeasure.MINI_JAMMER: mini_jammer_ppl,
        Countermeasure.FLARE: flare_ppl,
    }
    g = as_enum(SamGuidance, guidance, "SAM guidance type")
    out: list[Check] = []
    for cm in Countermeasure:
        row = sam_break_lock_row(g, cm, ir_flares_break_lock)
        if row is None:
            continue
        name = f"Break SAM lock-on with {cm.label} ({g.value})"
        c = row.check(used[cm], sam_eccm, name)
        if c is not None:
            out.append(c)
    return out
