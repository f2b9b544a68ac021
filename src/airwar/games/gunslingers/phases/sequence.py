"""The Expanded Sequence of Play as data (GS-7): twelve phases, their steps in order.

Each phase is its heading, word for word from the text; each step its number,
the text's words, and one small function (in the ``phases`` module of its
phase) that puts the step's decisions, rolls and work on the referee's queue.
The referee walks this list; nothing else decides the order.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from airwar.games.gunslingers.model.state import GsModel, new_turn
from airwar.games.gunslingers.phases import aaa as steps_aaa
from airwar.games.gunslingers.phases import admin as steps_admin
from airwar.games.gunslingers.phases import decisions as steps_decisions
from airwar.games.gunslingers.phases import flight as steps_flight
from airwar.games.gunslingers.phases import ground as steps_ground
from airwar.games.gunslingers.phases import ground_weapons as steps_ground_weapons
from airwar.games.gunslingers.phases import jamming as steps_jamming
from airwar.games.gunslingers.phases import launch as steps_launch
from airwar.games.gunslingers.phases import order as steps_order
from airwar.games.gunslingers.phases import radar as steps_radar
from airwar.games.gunslingers.phases import sam as steps_sam
from airwar.games.gunslingers.phases import sighting as steps_sighting
from airwar.games.gunslingers.phases import stall as steps_stall


@dataclass(frozen=True)
class Step:
    """One step: its number, the words shown to players, and its work.

    ``text`` is the text's words with the scanning errors of the published copy
    corrected (GS-56); ``source_text`` is the step word for word as published,
    errors kept, for comparison with the source.
    """

    number: int
    source_text: str
    run: Callable[[GsModel], None]

    @property
    def text(self) -> str:
        """The step's words as players read them (the source with GS-56's corrections)."""
        return corrected(self.source_text)


@dataclass(frozen=True)
class Phase:
    name: str
    steps: tuple[Step, ...]


CORRECTIONS: tuple[tuple[str, str, str], ...] = (
    ("game-4urn's", r"game-4urn's", "game-turn's"),
    ("camof lauged", r"camof lauged", "camouflaged"),
    ("(Die Roll 6", r"\(Die Roll 6$", "(Die Roll 6-)"),
    ("Lock- ons", r"Lock- ons", "Lock-ons"),
    ("Suprresion", r"Suprresion", "Suppression"),
)
"""The scanning errors of the published text and what players read instead (GS-56):
each error as printed, a pattern that finds it, and the correction. The two radar
steps of the SAM Interaction Phase are cut off after "(Die Roll 6"; the rules roll
them as 6- (``tables/sam.toml``, GS-24), so the cut-off reads "(Die Roll 6-)"."""


def corrected(source: str) -> str:
    """A step's source words with GS-56's corrections made."""
    out = source
    for _, pattern, right in CORRECTIONS:
        out = re.sub(pattern, right, out)
    return out


def _steps(*items: tuple[str, Callable[[GsModel], None]]) -> tuple[Step, ...]:
    return tuple(Step(i, text, fn) for i, (text, fn) in enumerate(items, start=1))


SEQUENCE: tuple[Phase, ...] = (
    Phase(
        "AAA Interaction Phase",
        _steps(
            ("Record target hex and altitude of plotted fire.", steps_aaa.record_plotted_fire),
            ("Place Barrage fire markers on units using Barrage fire.", steps_aaa.place_barrage),
        ),
    ),
    Phase(
        "SAM Interaction Phase",
        _steps(
            ("Attempt to reactivate shutdown radars (Die Roll 6", steps_sam.reactivate_radars),
            ("Attempt to shutdown alerted radars (Die Roll 6", steps_sam.shutdown_radars),
            ("Declare BJM Noise Jamming arcs.", steps_jamming.declare_noise_arcs),
            ("Execute BJM Stand-Off Jamming attacks.", steps_jamming.standoff_attacks),
            ("Attempt Quick Reaction SAM unit Lock-ons.", steps_sam.quick_reaction_lockons),
            ("Attempt SAM Missile Launches.", steps_sam.sam_launches),
            ("Attempt EWR and CCU Passdowns (Die Roll 7-).", steps_sam.passdowns),
            ("Attempt Regular SAM unit Lock- ons.", steps_sam.regular_lockons),
            ("Roll to Break Radar SAM lock-ons with DJMs.", steps_sam.break_with_djm),
            ("Roll to Break Radar SAM lock-ons with Chaff.", steps_sam.break_with_chaff),
            ("Roll to Break Radar SAM lock-ons with mini-jammers.", steps_sam.break_with_mini),
            ("Roll to Break OG / LG SAM lock-ons with Flares.", steps_sam.break_with_flares),
            ("Attempt Self-Defense ARM Launches.", steps_sam.arm_launches),
        ),
    ),
    Phase(
        "Stalled Aircraft Phase",
        _steps(
            (
                "Attempt Recovery from Departed Flight (Die Roll 6-).",
                steps_stall.recover_departed,
            ),
            ("Determine if Stalled Aircraft Depart (Die Roll 5-)", steps_stall.stalled_depart),
            (
                "Aircraft Stalling from a Vert. Climb may attempt a Vertical Reverse Maneuver "
                "(Die Roll 6-).",
                steps_stall.vertical_reverse,
            ),
        ),
    ),
    Phase(
        "Visual Sighting Phase",
        _steps(
            ("Ground FACs place Laser Spots and Smoke Marks.", steps_sighting.ground_fac_marks),
            ("Check lines of sight if necessary.", steps_sighting.check_lines_of_sight),
            ("Declare aircraft searching for ground units.", steps_sighting.declare_ground_search),
            ("Determine which ground units are openly sighted.", steps_sighting.open_sighting),
            (
                "Attempt to sight camof lauged units. (1/2 sighting range, Die Roll 5-)",
                steps_sighting.camouflaged_sighting,
            ),
            ("Roll to I.D. Ground units (Die Roll 10 - range to unit).", steps_sighting.ground_id),
            (
                "Determine Designated Search Aircraft for Air targets.",
                steps_sighting.designate_searchers,
            ),
            ("Announce Padlocked Enemy targets;", steps_sighting.announce_padlocks),
            (
                "Any enemy aircraft or missiles not padlocked become unsighted; roll the die "
                "once for each unsighted target to see if it is sighted anew.",
                steps_sighting.resight,
            ),
            ("Check for Target I.D.", steps_sighting.target_id),
        ),
    ),
    Phase(
        "Aircraft Decisions Phase",
        _steps(
            ("Declare DDS programs on or off.", steps_decisions.declare_dds),
            ("Declare Engaging Missiles.", steps_decisions.declare_engaging),
            ("Declare illuminating for RH/AH missiles.", steps_decisions.declare_illuminating),
            ("Declare Laser Designating aircraft.", steps_decisions.declare_designating),
            ("Declare Target Marking FAC aircraft.", steps_decisions.declare_fac),
            (
                "Declare special radar or weapons modes. (IR Uncage, Autotrack on/off etc.)",
                steps_decisions.declare_modes,
            ),
        ),
    ),
    Phase(
        "Order Of Flight Determination Phase",
        _steps(
            (
                "Check Aircraft relative positions; determine who is Disadvantaged, "
                "non-advantaged, and advantaged.",
                steps_order.relative_positions,
            ),
            ("Roll one die per side to establish base initiative.", steps_order.base_initiative),
            (
                "Each aircraft uses base number plus any allowed or applicable modifiers. low "
                "number within each category of advantage moves first. Ties are rolled off, no "
                "mods",
                steps_order.order_aircraft,
            ),
        ),
    ),
    Phase(
        "Flight Phase",
        _steps(
            (
                "Move air to ground weapons not in shoot out.",
                steps_ground_weapons.move_ground_weapons,
            ),
            ("Move departed aircraft, then stalled aircraft.", steps_flight.move_departed_stalled),
            (
                "Move GLOC'd aircraft, then disoriented aircraft.",
                steps_flight.move_gloc_disoriented,
            ),
            ("Move Engaged aircraft.", steps_flight.move_engaged),
            ("Move FAC aircraft marking targets.", steps_flight.move_fac),
            ("Move Joint Attack Laser Designating aircraft.", steps_flight.move_designating),
            ("Move aircraft guiding air to ground weapons.", steps_flight.move_guiding),
            (
                "Move disadvantaged, non-advantaged then advantaged aircraft in order.",
                steps_flight.move_by_advantage,
            ),
            ("Move unsighted but radar detected aircraft.", steps_flight.move_detected),
            ("Move unsighted and undetected aircraft.", steps_flight.move_undetected),
        ),
    ),
    Phase(
        "Air To Air Missile Launch Phase",
        _steps(
            ("Determine If launch pre-requisites met.", steps_launch.prerequisites),
            ("Declare and attempt to launch one or two missiles.", steps_launch.declare_launches),
            ("If all declared attempts fail, one additional try allowed.", steps_launch.retries),
        ),
    ),
    Phase(
        "Air Radar Search and Lock-on Phase",
        _steps(
            ("Determine which targets are automatically detected.", steps_radar.auto_detect),
            ("Determine which targets require die rolls.", steps_radar.needing_rolls),
            (
                "Roll for radar contacts (4 rolls per turn per aircraft).",
                steps_radar.detection_rolls,
            ),
            ("Roll for radar lock-ons.", steps_radar.lockon_rolls),
            ("Roll to break lock-ons due to DJMs.", steps_radar.break_with_djm),
            ("Roll to break lock-ons due to Chaff or Mini-jammers.", steps_radar.break_with_chaff),
        ),
    ),
    Phase(
        "Ground Unit Interaction Phase",
        _steps(
            ("Remove last game-4urn's plotted fire markers.", steps_ground.remove_plot_markers),
            ("Reveal tgt. hex and alt. of this turn's plotted fire.", steps_ground.reveal_plots),
            ("Resolve any plotted fire attacks and place markers.", steps_ground.resolve_plots),
            ("Conduct ground unit movement allowed.", steps_ground.ground_movement),
            ("Resolve any required or permitted ground combat.", steps_ground.ground_combat),
        ),
    ),
    Phase(
        "Aircraft Administrative Phase",
        _steps(
            ("Remove Missiles whose time of flight is ended.", steps_admin.remove_missiles),
            ("Check for Progressive Damage.", steps_admin.progressive_damage),
            ("Check for early recovery from GLOC.", steps_admin.gloc_recovery),
            ("Update Aircraft Logs as required.", steps_admin.update_logs),
            ("Remove aircraft meeting disengagement criteria.", steps_admin.disengage),
            ("Conduct Operational scale movement if applicable.", steps_admin.operational_move),
        ),
    ),
    Phase(
        "End of Turn Administrative Phase",
        _steps(
            ("Remove laser spots unless weapons still in flight.", steps_admin.remove_laser_spots),
            ("Remove Blast Zone markers.", steps_admin.remove_blast_zones),
            ("Remove Suppression removal markers.", steps_admin.remove_suppression_removal),
            ("Remove Smoke-2 markers.", steps_admin.remove_smoke_2),
            (
                "Flip Suprresion markers to Suppression removal side.",
                steps_admin.flip_suppression,
            ),
            ("Flip Smoke-1 markers to Smoke-2 side.", steps_admin.flip_smoke),
            ("Flip Barrage fire markers to Out of Ammo side.", steps_admin.flip_barrage),
            ("Roll for AAA resupply (Die Roll 2-).", steps_admin.aaa_resupply),
            ("Roll for infantry SAM reloads (Die Roll 3-).", steps_admin.infantry_reloads),
            (
                "Auto-reload capable SAM units that did not guide or launch missiles may reload "
                "up to two expended rails.",
                steps_admin.auto_reload,
            ),
        ),
    ),
)

PHASE_NAMES: tuple[str, ...] = tuple(p.name for p in SEQUENCE)


def begin_turn(state: GsModel) -> None:
    """A turn begins: fresh per-turn objects (``model.state.new_turn``),
    then this turn's DDS program PPLs taken from the stocks (GS-25)."""
    new_turn(state)
    steps_decisions.charge_dds(state)
