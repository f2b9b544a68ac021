"""Every Gunslingers check and table of the Expanded Sequence of Play, in one place.

Each function returns a kernel ``Check`` (one d10, "Die Roll N-", modifiers
added to the roll, GS-1) or a plain ruling, and reads its numbers from the
TOML tables in ``tables/``. The functions live in one module per phase:

- ``rules.sam``: SAM Interaction Phase (radars, BJM, passdowns, lock-ons,
  launches, SAM Unit Break Lock Table, self-defence ARMs)
- ``rules.stall``: Stalled Aircraft Phase
- ``rules.sighting``: Visual Sighting Phase (camouflage, ground ID,
  re-sighting, target ID, padlocks)
- ``rules.initiative``: Order Of Flight Determination Phase (advantage,
  initiative modifiers, order of flight with roll-offs)
- ``rules.air``: missile launches, air radar detection, lock-on and the Air
  Radar Break-Lock Table, per-turn limits
- ``rules.admin``: End of Turn Administrative Phase

Where the text makes the number itself a difference (BJM - ECCM, break-lock
numbers, 10 - range) and it is 0 or less, the function returns ``None``: no
chance, no roll (GS-3). See ``rules.base`` for the conventions.
"""

from __future__ import annotations

from airwar.games.gunslingers.model.words import (
    Attribute,
    CheckInputError,
    Crewman,
    Quality,
    Training,
)
from airwar.games.gunslingers.rules.admin import (
    aaa_resupply_check,
    auto_reload_rails,
    infantry_sam_reload_check,
)
from airwar.games.gunslingers.rules.air import (
    air_radar_break_lock_checks,
    air_radar_break_lock_rows,
    attacks_per_turn,
    detection_rolls_per_turn,
    lock_on_attempts_per_turn,
    may_retry_launch,
    missile_launch_check,
    radar_detection_check,
    radar_lock_on_check,
)
from airwar.games.gunslingers.rules.base import (
    Countermeasure,
    Ruling,
    SamGuidance,
    countermeasure_value,
    half_up,
    p_any_succeeds,
)
from airwar.games.gunslingers.rules.initiative import (
    AdvantageCategory,
    Placement,
    RollOffNeeded,
    advantage_categories,
    advantaged_over,
    categorise,
    initiative_modifiers,
    initiative_number,
    order_of_flight,
    rolloff_groups,
    sides_with_most_kills,
)
from airwar.games.gunslingers.rules.sam import (
    BjmType,
    BreakLockRow,
    bjm_stand_off_check,
    bjm_type,
    bjm_types,
    optical_sam_lock_on_check,
    passdown_check,
    radar_reactivation_check,
    radar_sam_lock_on_check,
    radar_shutdown_check,
    sam_break_lock_checks,
    sam_break_lock_row,
    sam_break_lock_rows,
    sam_launch_check,
    self_defence_arm_launch_check,
    strongest_noise_bjm,
)
from airwar.games.gunslingers.rules.sighting import (
    PadlockLimit,
    camouflaged_sighting_check,
    camouflaged_sighting_range,
    ground_id_check,
    may_padlock_into,
    padlock_limit,
    resighting_check,
    target_id_automatic,
    visual_sighting_limit,
)
from airwar.games.gunslingers.rules.stall import (
    avoiding_departure_modifiers,
    departed_recovery_check,
    departure_check,
    recovery_modifiers,
    vertical_reverse_check,
)

__all__ = [
    "AdvantageCategory",
    "Attribute",
    "BjmType",
    "BreakLockRow",
    "CheckInputError",
    "Countermeasure",
    "Crewman",
    "PadlockLimit",
    "Placement",
    "Quality",
    "RollOffNeeded",
    "Ruling",
    "SamGuidance",
    "Training",
    "aaa_resupply_check",
    "advantage_categories",
    "advantaged_over",
    "air_radar_break_lock_checks",
    "air_radar_break_lock_rows",
    "attacks_per_turn",
    "auto_reload_rails",
    "avoiding_departure_modifiers",
    "bjm_stand_off_check",
    "bjm_type",
    "bjm_types",
    "camouflaged_sighting_check",
    "camouflaged_sighting_range",
    "categorise",
    "countermeasure_value",
    "departed_recovery_check",
    "departure_check",
    "detection_rolls_per_turn",
    "ground_id_check",
    "half_up",
    "infantry_sam_reload_check",
    "initiative_modifiers",
    "initiative_number",
    "lock_on_attempts_per_turn",
    "may_padlock_into",
    "may_retry_launch",
    "missile_launch_check",
    "optical_sam_lock_on_check",
    "order_of_flight",
    "p_any_succeeds",
    "padlock_limit",
    "passdown_check",
    "radar_detection_check",
    "radar_lock_on_check",
    "radar_reactivation_check",
    "radar_sam_lock_on_check",
    "radar_shutdown_check",
    "recovery_modifiers",
    "resighting_check",
    "rolloff_groups",
    "sam_break_lock_checks",
    "sam_break_lock_row",
    "sam_break_lock_rows",
    "sam_launch_check",
    "self_defence_arm_launch_check",
    "sides_with_most_kills",
    "strongest_noise_bjm",
    "target_id_automatic",
    "vertical_reverse_check",
    "visual_sighting_limit",
]
