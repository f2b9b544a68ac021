"""The twelve phases and their steps in the text's exact order (GS-7)."""

from __future__ import annotations

from airwar.games.gunslingers.narrate import describe
from airwar.games.gunslingers.phases.sequence import CORRECTIONS, PHASE_NAMES, SEQUENCE
from airwar.games.gunslingers.rules import radar_reactivation_check, radar_shutdown_check
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
    by_key = {(p.name, s.number): s.source_text for p in SEQUENCE for s in p.steps}
    for key, text in TEXT_STEPS.items():
        assert by_key[key] == text


# What players read instead of the published scanning errors (GS-56).
CORRECTED = {
    ("SAM Interaction Phase", 1): "Attempt to reactivate shutdown radars (Die Roll 6-)",
    ("SAM Interaction Phase", 2): "Attempt to shutdown alerted radars (Die Roll 6-)",
    ("SAM Interaction Phase", 8): "Attempt Regular SAM unit Lock-ons.",
    ("Visual Sighting Phase", 5): "Attempt to sight camouflaged units. (1/2 sighting range, "
    "Die Roll 5-)",
    ("Ground Unit Interaction Phase", 1): "Remove last game-turn's plotted fire markers.",
    ("End of Turn Administrative Phase", 5): "Flip Suppression markers to Suppression removal "
    "side.",
}


def test_players_read_the_corrected_words_and_only_those_steps_change() -> None:
    by_key = {(p.name, s.number): s for p in SEQUENCE for s in p.steps}
    for key, step in by_key.items():
        if key in CORRECTED:
            assert step.text == CORRECTED[key]
            assert step.source_text != step.text
        else:
            assert step.text == step.source_text
    shown = " ".join(s.text for s in by_key.values())
    for wrong, _, _ in CORRECTIONS:
        assert wrong not in shown or wrong == "(Die Roll 6"
    # the two radar steps, the recovery from departed flight and the vertical reverse
    assert shown.count("(Die Roll 6-)") == 4


def test_the_radar_steps_roll_what_the_corrected_text_says() -> None:
    """The cut-off "(Die Roll 6" is read as 6-: the checks the steps make need 6 or less."""
    for check in (radar_reactivation_check(), radar_shutdown_check()):
        assert check.target == 6 and check.comparison.value == "at_most"


def test_the_log_keeps_the_words_as_published_and_the_narration_corrects_them() -> None:
    d = driver(turns=1)
    steps = {(e["phase"], e["step"]): e for e in d.state.log if e["type"] == "step"}
    event = steps.get(("AAA Interaction Phase", 1))
    assert event is not None and event["text"] == TEXT_STEPS[("AAA Interaction Phase", 1)]
    fake = {"type": "step", "step": 1, "text": "Remove last game-4urn's plotted fire markers."}
    assert describe(fake) == "  1. Remove last game-turn's plotted fire markers."


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
    assert steps == [(p.name, s.number, s.source_text) for p in SEQUENCE for s in p.steps]


def test_sam_launches_come_before_regular_lock_ons() -> None:
    """GS-7: a regular SAM locks on in step 8, so it launches (step 6) the next turn."""
    sam = SEQUENCE[1]
    texts = [s.text for s in sam.steps]
    assert texts.index("Attempt SAM Missile Launches.") < texts.index(
        "Attempt Regular SAM unit Lock-ons."
    )
