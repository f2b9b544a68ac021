"""The twelve phases and their steps in the text's exact order (GS-7)."""

from __future__ import annotations

from airwar.games.gunslingers.phases.sequence import PHASE_NAMES, SEQUENCE
from tests.games.gunslingers.scenario_builder import driver

# The headings and step counts of the Expanded Sequence of Play, copied from the text.
TEXT_PHASES = [
    ("AAA Interaction Phase", 2),
    ("SAM Interaction Phase", 13),
    ("Stalled Aircraft Phase", 3),
    ("Visual Sighting Phase", 10),
    ("Aircraft Decisions Phase", 6),
    ("Order Of Flight Determination Phase", 3),
    ("Flight Phase", 10),
    ("Air To Air Missile Launch Phase", 3),
    ("Air Radar Search and Lock-on Phase", 6),
    ("Ground Unit Interaction Phase", 5),
    ("Aircraft Administrative Phase", 6),
    ("End of Turn Administrative Phase", 10),
]

# Step texts the text gives word for word (a sample from every phase, typos kept).
TEXT_STEPS = {
    ("AAA Interaction Phase", 1): "Record target hex and altitude of plotted fire.",
    ("SAM Interaction Phase", 6): "Attempt SAM Missile Launches.",
    ("SAM Interaction Phase", 8): "Attempt Regular SAM unit Lock- ons.",
    ("Stalled Aircraft Phase", 2): "Determine if Stalled Aircraft Depart (Die Roll 5-)",
    ("Visual Sighting Phase", 5): "Attempt to sight camof lauged units. (1/2 sighting range, "
    "Die Roll 5-)",
    ("Aircraft Decisions Phase", 3): "Declare illuminating for RH/AH missiles.",
    ("Order Of Flight Determination Phase", 2): "Roll one die per side to establish base "
    "initiative.",
    ("Flight Phase", 9): "Move unsighted but radar detected aircraft.",
    ("Air To Air Missile Launch Phase", 3): "If all declared attempts fail, one additional try "
    "allowed.",
    ("Air Radar Search and Lock-on Phase", 3): "Roll for radar contacts (4 rolls per turn per "
    "aircraft).",
    ("Ground Unit Interaction Phase", 1): "Remove last game-4urn's plotted fire markers.",
    ("Aircraft Administrative Phase", 5): "Remove aircraft meeting disengagement criteria.",
    ("End of Turn Administrative Phase", 10): "Auto-reload capable SAM units that did not guide "
    "or launch missiles may reload up to two expended rails.",
}


def test_phases_in_the_texts_order() -> None:
    assert [(p.name, len(p.steps)) for p in SEQUENCE] == TEXT_PHASES
    assert [name for name, _ in TEXT_PHASES] == list(PHASE_NAMES)


def test_steps_numbered_in_order_with_the_texts_words() -> None:
    for phase in SEQUENCE:
        assert [s.number for s in phase.steps] == list(range(1, len(phase.steps) + 1))
    by_key = {(p.name, s.number): s.text for p in SEQUENCE for s in p.steps}
    for key, text in TEXT_STEPS.items():
        assert by_key[key] == text


def test_a_turn_emits_every_phase_and_step_in_order() -> None:
    d = driver(turns=1)
    from airwar.games.gunslingers.autoplayer import GunslingersAuto

    bot = GunslingersAuto()
    d.run_bots({s: bot for s in range(d.game.num_players)})
    assert d.state.is_terminal()
    phases = [e for e in d.events if e["type"] == "phase"]
    assert [e["phase"] for e in phases] == list(PHASE_NAMES)
    assert all(e["turn"] == 1 for e in phases)
    steps = [(e["phase"], e["step"], e["text"]) for e in d.events if e["type"] == "step"]
    assert steps == [(p.name, s.number, s.text) for p in SEQUENCE for s in p.steps]


def test_sam_launches_come_before_regular_lock_ons() -> None:
    """GS-7: a regular SAM locks on in step 8, so it launches (step 6) the next turn."""
    sam = SEQUENCE[1]
    texts = [s.text for s in sam.steps]
    assert texts.index("Attempt SAM Missile Launches.") < texts.index(
        "Attempt Regular SAM unit Lock- ons."
    )
