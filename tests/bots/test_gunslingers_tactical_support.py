"""The tactical AI's own decisions where it once fell back on the automatic player, and
Red's defence (GS-93..GS-96): positions with the decision a good player makes."""

from __future__ import annotations

from typing import Any

import pytest

from airwar.bots.gunslingers_tactical import LEVELS, MissileCard, Own, decide
from airwar.bots.gunslingers_tactical.knowledge import Worth
from airwar.games.gunslingers.autoplayer import Seen
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.hexgrid import Hex, arcs_at_least

FRONT = arcs_at_least(150)


def _seen(verb: str, subject: str, choices: list[str], seat: int = 0, **view: Any) -> Seen:
    base = {"seat": "Blue" if seat == 0 else "Red", "turn": 1, "map": {"radius": 30},
            "aircraft": [], "enemy_ground": [], "own_ground": [], "weapons": []}  # fmt: skip
    base.update(view)
    return Seen(base, _ask(seat, verb, subject), lambda: [Decision.parse(c) for c in choices])


def _ask(seat: int, verb: str, subject: str) -> Any:
    from airwar.games.gunslingers.model.tasks import Ask

    return Ask(seat, verb, subject)


def _own(missiles: dict[str, list[MissileCard]] | None = None, count: int = 2, **kw: Any) -> Own:
    missiles = missiles or {}
    counts = {pid: {m.type: count for m in ms} for pid, ms in missiles.items()}
    own = Own(missiles, counts, {}, set(kw.get("strikers", ())), {}, 6, kw.get("sams", {}))
    own.worth = kw.get("worth", Worth({}, 1.0, {}, True))
    return own


IR = MissileCard("R-73", "IR", 7, 1, 5, FRONT, 0.4)
AH = MissileCard("AIM-120", "AH", 7, 2, 12, FRONT, 0.5)


def _fighter(pid: str, hex_: str, side: str = "Blue", **kw: Any) -> dict[str, Any]:
    return {"id": pid, "side": side, "hex": hex_, "heading": 2, "altitude": 12, "speed": 7,
            "climb": 4, "alive": True} | kw  # fmt: skip


# -- SAMs: the passdown's target and the intruder worth most ------------------------------

OAK = {"id": "Oak", "kind": "sam", "hex": "0,0", "alive": True, "range": 14}
SAM_CARD = {"Oak": {"lock_on": 6, "launch": 7, "eccm": 0, "quick": 0, "rails": 2, "kill": 30}}


@pytest.mark.parametrize(
    ("passed", "chosen"),
    [
        ((), "Contact-1"),
        ((("Oak", "Contact-2"),), "Contact-2"),
        ((("Elm", "Contact-2"),), "Contact-1"),
    ],
)
def test_a_sam_locks_on_to_the_target_passed_down_to_it(passed: Any, chosen: str) -> None:
    """The passdown's -3 makes its target the likelier lock-on (GS-27); without one, the
    intruder nearest what the SAM defends."""
    near = _fighter("Contact-1", "3,0", side="Blue")
    far = _fighter("Contact-2", "7,0", side="Blue")
    seen = _seen("lockon", "Oak", ["lockon Oak none", "lockon Oak Contact-1",
                                   "lockon Oak Contact-2"], seat=1,
                 aircraft=[near, far], own_ground=[OAK])  # fmt: skip
    d = decide(seen, _own(sams=SAM_CARD), passed=passed)
    assert d.first == chosen
    assert ("passdown" in (d.reason or "")) is (chosen == "Contact-2")


def test_a_sam_prefers_the_intruder_worth_most() -> None:
    jammer = _fighter("Contact-2", "7,0", type="EF-111A")
    fighter = _fighter("Contact-1", "3,0", type="F-16C")
    worth = Worth({}, 1.0, {"EF-111A": 2.0, "F-16C": 1.0}, True)
    seen = _seen("lockon", "Oak", ["lockon Oak none", "lockon Oak Contact-1",
                                   "lockon Oak Contact-2"], seat=1,
                 aircraft=[fighter, jammer], own_ground=[OAK])  # fmt: skip
    assert decide(seen, _own(sams=SAM_CARD, worth=worth)).first == "Contact-2"


# -- shot discipline ------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "fires"), [(1, False), (2, False), (3, True), (4, True)])
def test_it_fires_a_poor_shot_only_while_it_has_missiles_to_spare(count: int, fires: bool) -> None:
    """An R-27R's 18% (launch 6, table 3) at turn 1 of 6: held with one or two missiles,
    fired with three or more (a missile for every two turns left, GS-94)."""
    poor = MissileCard("R-27R", "IR", 6, 1, 5, FRONT, 0.3)
    me = _fighter("Ural-1", "0,0", side="Red")
    seen = _seen("launch", "Ural-1", ["launch Ural-1 none", "launch Ural-1 R-27R:Contact-1"],
                 seat=1, aircraft=[me])  # fmt: skip
    d = decide(seen, _own({"Ural-1": [poor]}, count=count))
    assert (d.first != "none") is fires


# -- no running from what it cannot outrun ------------------------------------------------


@pytest.mark.parametrize(("turn", "runs"), [(1, False), (6, True)])
def test_it_does_not_run_from_an_equally_fast_enemy_until_the_last_turn(
    turn: int, runs: bool
) -> None:
    """An F-16C (speed 7, AIM-9Ms and guns) still to move 6 hexes away, our MiG as fast: 13
    hexes would be out of its AIM-9M's and guns' reach this turn, but in it again the next
    with our tail to it (GS-93), so it does not run there; on the last turn it does."""
    me = _fighter("Ural-1", "0,0", side="Red", heading=2)
    enemy = _fighter("Contact-1", "6,-3", side="Blue", heading=8, type="F-16C")
    seen = _seen("move", "Ural-1", [], seat=1, turn=turn, aircraft=[me, enemy])
    d = decide(seen, _own({"Ural-1": [IR]}), LEVELS["normal"])
    gap = Hex.parse(d.args[0]).distance(Hex.parse("6,-3"))
    assert (gap > 12) is runs, (d, gap)


# -- sensors --------------------------------------------------------------------------------


def test_without_a_radar_missile_it_keeps_its_contacts() -> None:
    me = _fighter("Ford-1", "0,0")
    enemy = _fighter("Contact-1", "6,0", side="Red")
    choices = ["lock Ford-1 none", "lock Ford-1 Contact-1"]
    seen = _seen("lock", "Ford-1", choices, aircraft=[me, enemy])
    d = decide(seen, _own({"Ford-1": [IR]}))
    assert d.first == "none" and "contacts kept" in (d.reason or "")
    seen = _seen("lock", "Ford-1", choices, aircraft=[me, enemy])
    assert decide(seen, _own({"Ford-1": [IR, AH]})).first == "Contact-1"


def test_radar_search_rolls_for_what_its_missiles_reach_first() -> None:
    me = _fighter("Ford-1", "0,0")
    near = _fighter("Contact-1", "5,0", side="Red", type="MiG-21")
    worth = Worth({}, 1.0, {"MiG-21": 0.5, "MiG-29": 1.0}, True)
    best = _fighter("Contact-2", "9,0", side="Red", type="MiG-29")
    seen = _seen("radar", "Ford-1", ["radar Ford-1 none", "radar Ford-1 Contact-1",
                                     "radar Ford-1 Contact-2"],
                 aircraft=[me, near, best])  # fmt: skip
    d = decide(seen, _own({"Ford-1": [AH]}, worth=worth))
    assert d.first == "Contact-2"


def test_a_shoot_out_is_spent_only_on_a_unit_that_scores() -> None:
    pine = {"id": "Pine", "kind": "sam", "hex": "0,0", "alive": True, "rails": 3}
    elm = {"id": "Elm", "kind": "sam", "hex": "1,0", "alive": True, "rails": 1}
    gun = {"id": "Maple", "kind": "aaa", "hex": "2,0", "alive": True}
    bomb = {"id": "Contact-9", "type": "GBU-12", "target": "Elm", "hex": "3,0"}
    choices = ["shootout Contact-9 none", "shootout Contact-9 Elm", "shootout Contact-9 Pine"]
    worth = Worth({}, 1.0, {}, True, {"Elm": 1.5, "Maple": 0.0})
    seen = _seen("shootout", "Contact-9", choices, seat=1, own_ground=[pine, elm, gun],
                 weapons=[bomb])  # fmt: skip
    assert decide(seen, _own(worth=worth)).first == "Pine"  # the most missiles on its rails
    seen = _seen("shootout", "Contact-9", choices, seat=1, own_ground=[pine, elm, gun],
                 weapons=[bomb | {"target": "Maple"}])  # fmt: skip
    assert decide(seen, _own(worth=worth)).first == "none"


def test_the_laser_goes_on_the_target_worth_most() -> None:
    me = _fighter("Buick-1", "0,0")
    units = [{"id": "Contact-3", "kind": "ground", "hex": "4,0", "label": "AAA",
              "identified": True, "alive": True},
             {"id": "Contact-4", "kind": "sam", "hex": "8,0", "label": "Stone",
              "identified": True, "alive": True}]  # fmt: skip
    worth = Worth({"Stone": 2.0, "AAA": 0.0}, 1.0, {}, True)
    choices = ["designate Buick-1 none", "designate Buick-1 Contact-3",
               "designate Buick-1 Contact-4"]  # fmt: skip
    seen = _seen("designate", "Buick-1", choices, aircraft=[me], enemy_ground=units)
    d = decide(seen, _own(worth=worth))
    assert d.first == "Contact-4" and "8 points" in (d.reason or "")


@pytest.mark.parametrize(
    ("missile", "alive", "lit"),
    [
        (AH, True, "yes"),
        (AH, False, "no"),
        (MissileCard("R-27R", "RH", 6, 2, 10, FRONT, 0.3), False, "yes"),
    ],
)
def test_a_radar_missile_is_illuminated_while_it_needs_it(
    missile: MissileCard, alive: bool, lit: str
) -> None:
    """A semi-active missile is lost without illumination (GS-33): always lit; an active
    one is let go once its target is gone."""
    me = _fighter("Ford-1", "0,0")
    target = _fighter("Contact-1", "6,0", side="Red", alive=alive)
    w = {"id": "W3", "type": missile.type, "target": "Contact-1", "hex": "3,0"}
    seen = _seen("illuminate", "W3", ["illuminate W3 yes", "illuminate W3 no"],
                 aircraft=[me, target], weapons=[w])  # fmt: skip
    assert decide(seen, _own({"Ford-1": [missile]})).first == lit
