"""Every limit the referee enforces, from both sides: the last decision the limit allows is
accepted, and one more is refused with its reason."""

from __future__ import annotations

from typing import Any

import pytest

from airwar.core import Driver
from airwar.core.errors import IllegalAction, OutOfTurn
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.tasks import Ask
from tests.games.gunslingers.scenario_builder import act, advance_to, driver, scenario

REFUSALS = [
    # (verb asked, subject, refused decision, words of the reason)
    ("padlock", "Eagle", "padlock Eagle Flanker,Fishbed", "may padlock 1 target(s), not 2"),
    ("padlock", "Eagle", "padlock Eagle Nobody", "names a unit Blue does not know"),
    ("jam", "Eagle", "jam Eagle 90L", "type A BJM covers"),
    ("jam", "Eagle", "jam Eagle 400", "not an arc"),
    ("standoff", "Eagle", "standoff Eagle SA-2,EWR", "1 stand-off attack(s) a turn"),
    ("radar", "Eagle", "radar Eagle Flanker,Flanker", "one roll per target"),
    ("radar", "Eagle", "radar Eagle Depot", "not an undetected enemy"),
    ("lock", "Eagle", "lock Eagle Flanker,Fishbed", "a regular radar: 1 lock-on attempt(s)"),
    (
        "launch",
        "Eagle",
        "launch Eagle AIM-9:Flanker,AIM-9:Fishbed,AIM-9:Flanker",
        "one or two launches a turn, not 3",
    ),
    ("launch", "Eagle", "launch Eagle AIM-120:Flanker", "does not meet the launch prerequisites"),
    ("move", "Eagle", "move Eagle 9,0 h2 a10", "cannot move 9 hexes: its speed is 1"),
    ("move", "Eagle", "move Eagle 1,0 h2 a20", "climbs or dives at most 4"),
    ("move", "Eagle", "move Eagle 1,0 h12 a10", "heading 12 is not 0 to 11"),
    ("move", "Eagle", "move Eagle 1,0 h2", "write 'move Eagle HEX hHEADING aALTITUDE'"),
    ("move", "Eagle", "move Eagle 30,0 h2 a10", "off the map"),
    ("attack", "Eagle", "attack Eagle bomb:GBU-10:Depot", "carries no GBU-10"),
    ("attack", "Eagle", "attack Eagle laser:Depot", "is not an attack"),
    ("dds", "Eagle", "dds Eagle P9", "choose one of: off; C4"),
]


def _both_sighted() -> Driver:
    """The test scenario with both Red aircraft sighted by Blue from the start (GS-64): a
    side names in its decisions only the enemy it knows (GS-72)."""
    data = scenario()
    data["sides"][0]["sighted"] = ["Flanker", "Fishbed"]
    return driver(data)


@pytest.mark.parametrize(("verb", "subject", "text", "reason"), REFUSALS)
def test_refused_with_reason(verb: str, subject: str, text: str, reason: str) -> None:
    d = _both_sighted()
    advance_to(d, verb, subject)
    before = len(d.events)
    with pytest.raises(IllegalAction) as info:
        act(d, text)
    assert reason in str(info.value)
    assert len(d.events) == before  # a refused decision changes nothing


BOTH_SIDES = [
    # (verb asked, subject, the most the limit allows: accepted, one more: refused, reason)
    ("padlock", "Eagle", "padlock Eagle Flanker", "padlock Eagle Flanker,Fishbed", "1 target(s)"),
    ("standoff", "Eagle", "standoff Eagle SA-2", "standoff Eagle SA-2,EWR", "1 stand-off"),
    ("lock", "Eagle", "lock Eagle Flanker", "lock Eagle Flanker,Fishbed", "1 lock-on attempt"),
    (
        "launch",
        "Eagle",
        "launch Eagle AIM-9:Flanker,AIM-9:Flanker",
        "launch Eagle AIM-9:Flanker,AIM-9:Flanker,AIM-9:Flanker",
        "one or two launches a turn, not 3",
    ),
    ("move", "Eagle", "move Eagle 1,0 h2 a10", "move Eagle 2,0 h2 a10", "its speed is 1"),
    ("move", "Eagle", "move Eagle 1,0 h2 a14", "move Eagle 1,0 h2 a15", "at most 4"),
    ("move", "Eagle", "move Eagle 1,0 h2 a6", "move Eagle 1,0 h2 a5", "at most 4"),
    ("move", "Eagle", "move Eagle 1,0 h11 a10", "move Eagle 1,0 h12 a10", "heading 12"),
]


@pytest.mark.parametrize(("verb", "subject", "allowed", "refused", "reason"), BOTH_SIDES)
def test_the_limit_is_allowed_and_one_more_refused(
    verb: str, subject: str, allowed: str, refused: str, reason: str
) -> None:
    d = _both_sighted()
    advance_to(d, verb, subject)
    before = len(d.events)
    with pytest.raises(IllegalAction) as info:
        act(d, refused)
    assert reason in str(info.value)
    assert len(d.events) == before
    act(d, allowed)  # the last one the limit allows is taken
    assert len(d.events) > before


def _in_reach() -> dict[str, Any]:
    """The test scenario with Eagle low (altitude 2) and the Fishbed 2 hexes ahead at its
    altitude: every attack of Eagle's is possible, so only the count decides."""
    data = scenario()
    data["aircraft"][0]["altitude"] = 2
    data["aircraft"][2]["hex"] = [2, 0]
    data["aircraft"][2]["altitude"] = 2
    return data


@pytest.mark.parametrize(
    ("kind_prefix", "limit", "words"),
    [
        ("gun", 2, "its 2 air-to-air gun/rocket attacks"),
        ("strafe", 2, "its 2 strafing attacks"),
        ("bomb", 1, "its 1 air-to-ground attack"),
    ],
    ids=["gun", "strafe", "bomb"],
)
def test_the_last_attack_a_turn_allows_is_accepted_one_more_refused(
    kind_prefix: str, limit: int, words: str
) -> None:
    d = driver(_in_reach())
    state = advance_to(d, "attack", "Eagle")
    state.forces.sides["Blue"].sighted.add("Fishbed")  # a gun attack needs it sighted (GS-76)
    plane = state.forces.planes["Eagle"]
    key = {"gun": "gun", "strafe": "strafe", "bomb": "ground"}[kind_prefix]
    target = {"gun": "Fishbed", "strafe": "Depot", "bomb": "Mk-82:Depot"}[kind_prefix]
    decision = Decision("attack", "Eagle", (f"{kind_prefix}:{target}",))
    plane.attacks[key] = limit - 1  # one below the limit: the last one is allowed
    state.check_decision(decision)
    plane.attacks[key] = limit
    with pytest.raises(IllegalAction, match=words):
        state.check_decision(decision)


def test_the_fourth_detection_roll_is_accepted() -> None:
    d = driver()
    state = advance_to(d, "radar", "Eagle")
    state.forces.planes["Eagle"].detection_rolls = 3
    state.check_decision(Decision("radar", "Eagle", ("Flanker",)))
    with pytest.raises(IllegalAction, match="4 radar detection rolls a turn"):
        state.check_decision(Decision("radar", "Eagle", ("Flanker,Fishbed",)))


def _attack_until_refused(kind_prefix: str, limit: int, words: str) -> None:
    d = driver()
    state = advance_to(d, "attack", "Eagle")
    plane = state.forces.planes["Eagle"]
    key = {"gun": "gun", "strafe": "strafe", "bomb": "ground"}[kind_prefix]
    target = {"gun": "Fishbed", "strafe": "Depot", "bomb": "Mk-82:Depot"}[kind_prefix]
    plane.attacks[key] = limit  # the limit is reached: one more must be refused
    with pytest.raises(IllegalAction) as info:
        state.check_decision(Decision("attack", "Eagle", (f"{kind_prefix}:{target}",)))
    assert words in str(info.value)
    assert "GS-13" in str(info.value)


def test_two_gun_attacks_a_turn() -> None:
    _attack_until_refused("gun", 2, "its 2 air-to-air gun/rocket attacks")


def test_two_strafing_attacks_a_turn() -> None:
    _attack_until_refused("strafe", 2, "its 2 strafing attacks")


def test_one_air_to_ground_attack_a_turn() -> None:
    _attack_until_refused("bomb", 1, "its 1 air-to-ground attack")


def test_detection_rolls_four_a_turn() -> None:
    d = driver()
    state = advance_to(d, "radar", "Eagle")
    state.forces.planes["Eagle"].detection_rolls = 4
    with pytest.raises(IllegalAction, match="4 radar detection rolls a turn"):
        state.check_decision(Decision("radar", "Eagle", ("Flanker",)))


def test_wrong_subject_and_out_of_turn() -> None:
    d = driver()
    state = advance_to(d, "move")
    ask = state.pending_ask()
    assert ask is not None
    with pytest.raises(IllegalAction, match="the referee is waiting for"):
        act(d, f"padlock {ask.subject} none")
    other = 1 - ask.seat
    with pytest.raises(OutOfTurn, match="turn"):
        act(d, f"move {ask.subject} 0,0 h0 a10", other)


def test_every_listed_choice_passes_the_check() -> None:
    """legal_actions() and the refusal reasons come from one source: no listed choice is
    refused (small asks only; a move lists thousands)."""
    seen = set()
    for verb in ("jam", "standoff", "lockon", "padlock", "dds", "modes", "radar", "lock"):
        try:
            state = advance_to(driver(), verb)
        except AssertionError:
            continue
        for action in state.legal_actions():
            state.check_decision(action)
        seen.add(verb)
    assert {"jam", "padlock", "radar"} <= seen


def test_no_padlock_into_a_blind_arc() -> None:
    d = driver()
    state = advance_to(d, "padlock", "Eagle")
    from airwar.games.gunslingers.model.hexgrid import Arc

    state.forces.planes["Eagle"].blind_arcs = frozenset(Arc)
    target = sorted(state.forces.sides["Blue"].sighted)[0]
    with pytest.raises(IllegalAction, match="blind arc"):
        state.check_decision(Decision("padlock", "Eagle", (target,)))


def test_one_passdown_attempt_per_sam_unit() -> None:
    d = driver()
    state = advance_to(d, "passdown", "EWR")
    act(d, "passdown EWR SA-2:Eagle")
    state.queue.insert(0, Ask(1, "passdown", "EWR"))  # the EWR is asked again
    with pytest.raises(IllegalAction, match="has had its passdown attempt this turn"):
        state.check_decision(Decision("passdown", "EWR", ("SA-2:Eagle",)))


def test_a_novice_only_crew_is_not_asked_to_padlock() -> None:
    """GS-9: a crew solely of Novice or Green pilots without a Tactics Master may not padlock."""
    from tests.games.gunslingers.scenario_builder import scenario

    data = scenario()
    data["aircraft"][0]["crew"] = [{"quality": "novice"}, {"quality": "green"}]
    d = driver(data, turns=2)
    from airwar.games.gunslingers.autoplayer import GunslingersAuto

    bot = GunslingersAuto()
    d.run_bots({s: bot for s in range(d.game.num_players)})
    assert not [
        e for e in d.events if e["type"] == "decision" and e["text"].startswith("padlock Eagle")
    ]
