"""The referee seat: an automatic referee that asks its person only for GS-14 results
(``assist:<bot>``, GS-66, a choice: the default referee is automatic alone, GS-70), and
its take-back of a seat's last decision before the next roll (GS-65), on a real SQLite
store and the real Gunslingers rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.examples import GUNSLINGERS_EXAMPLES
from tests.games.gunslingers.scenario_builder import scenario

from airwar.bots.registry import make_bot
from airwar.core.driver import replay
from airwar.games.gunslingers.autoplayer import auto_decision
from airwar.games.gunslingers.game import options_for_file
from airwar.session import Conflict, PlaySession, Sessions
from airwar.session.seats import SeatError, check_seats, default_seats
from airwar.store import Store

DOGFIGHT = options_for_file(GUNSLINGERS_EXAMPLES / "dogfight-2v2.toml", turns=1)
TABLE = {"Blue": "human", "Red": "remote", "referee": "assist:gunslingers-auto"}


@pytest.fixture
def svc(tmp_path: Path) -> Sessions:
    return Sessions(Store(f"sqlite:///{tmp_path / 'referee.sqlite'}"), make_bot)


def person_decides(svc: Sessions, live: PlaySession) -> tuple[str, str]:
    """The seat to act (a person) makes the automatic player's choice; returns (seat, text)."""
    actor = live.state.current_actor()
    text = str(auto_decision(live.state))  # type: ignore[arg-type]
    svc.act(live, actor, [text])
    return live.game.seat_name(actor), text


def test_the_default_seats_never_give_one_person_a_side_and_the_referee(svc: Sessions) -> None:
    live = svc.create("gunslingers", {}, options=DOGFIGHT)
    # the referee is the automatic player alone, with no link (GS-70)
    assert live.seats == {"Blue": "human", "Red": "remote", "referee": "ai:gunslingers-auto"}
    assert set(live.tokens) == {"Blue", "Red"}
    assert default_seats(("A", "B", "ref"), "ref", "bot") == {
        "A": "human",
        "B": "remote",
        "ref": "ai:bot",
    }
    assert default_seats(("A", "B"), None, None) == {"A": "human", "B": "human"}
    assert default_seats(("A", "B", "ref"), "ref", None) == {
        "A": "human",
        "B": "remote",
        "ref": "remote",
    }


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"referee": "assist:nobody"}, "seat referee: 'assist:nobody' is not one of"),
        ({"referee": "assist:"}, "seat referee: 'assist:' is not one of"),
        ({"referee": "assisted"}, "seat referee: 'assisted' is not one of"),
    ],
)
def test_an_assisted_seat_names_a_known_bot(given: dict[str, str], message: str) -> None:
    with pytest.raises(SeatError, match=message):
        check_seats(("Blue", "Red", "referee"), given, ["random", "gunslingers-auto"])


def test_the_helper_makes_the_routine_decisions_and_a_result_waits_for_the_person(
    svc: Sessions,
) -> None:
    data = scenario()
    data["aircraft"][0]["altitude"] = 2  # strafing from low enough (GS-47)
    data["sides"][0]["sighted"] = ["Depot"]  # a side attacks what it sights (GS-72)
    options = {"scenario_data": data, "turns": 0}
    live = svc.create("gunslingers", TABLE, options=options, seed=1, trusted_seed=True)
    referee = live.seat_index("referee")
    routine = 0
    for _ in range(400):
        ask = live.state.pending_ask()  # type: ignore[attr-defined]
        assert ask is not None, "the game ended before the strafing attack"
        assert ask.seat != referee or ask.verb == "result", "a routine ask waited"
        if ask.verb == "attack" and ask.subject == "Eagle":
            break
        person_decides(svc, live)
        routine = sum(m.by_bot for m in svc.marks(live))
    assert routine > 0, "the referee's helper made no decision"
    depot = live.state.aliases["Blue"]["Depot"]  # type: ignore[attr-defined]
    svc.act(live, live.seat_index("Blue"), [f"attack Eagle strafe:{depot}"])  # its label, GS-71
    ask = live.state.pending_ask()  # type: ignore[attr-defined]
    assert ask.seat == referee and ask.verb == "result"
    assert live.to_act() == "referee" and not live.bot_to_act()
    assert referee not in live.bot_seats()
    svc.run_bots(live)
    assert live.state.pending_ask() == ask  # type: ignore[attr-defined]
    svc.act(live, referee, [f"result {ask.subject} destroyed"])
    assert not live.state.forces.ground["Depot"].alive  # type: ignore[attr-defined]


def test_a_person_cannot_make_the_helpers_routine_decision(svc: Sessions) -> None:
    live = svc.create("gunslingers", TABLE, options=DOGFIGHT, run_bots=False)
    for _ in range(200):
        if live.to_act() == "referee":
            break
        actor = live.state.current_actor()
        live.driver.act(auto_decision(live.state), actor)  # type: ignore[arg-type]
        live.driver.resolve_chance()
    assert live.to_act() == "referee" and live.bot_to_act()
    text = str(auto_decision(live.state))  # type: ignore[arg-type]
    with pytest.raises(Conflict, match="routine, the automatic player makes it"):
        svc.act(live, live.seat_index("referee"), [text])


def play_persons(svc: Sessions, live: PlaySession, n: int) -> list[tuple[str, str]]:
    made = []
    for _ in range(n):
        if live.finished:
            break
        made.append(person_decides(svc, live))
    return made


def test_the_referee_takes_back_reds_decision_and_every_seat_is_told(
    svc: Sessions, tmp_path: Path
) -> None:
    live = svc.create("gunslingers", TABLE, options=DOGFIGHT)
    made = play_persons(svc, live, 2)  # Blue's search, then Red's: no roll between
    assert [s for s, _ in made] == ["Blue", "Red"]
    assert svc.undo_refusal(live, "referee") is not None  # the rolls after Red's search
    for _ in range(20):
        seat, text = person_decides(svc, live)
        if seat == "Red" and svc.undo_refusal(live, "referee") is None:
            break
    else:
        pytest.fail("Red made no decision without a roll after it")
    before = list(live.driver.record.actions)
    draws = live.driver.draws
    target = svc.takeback_target(live)
    assert target is not None and before[target] == (live.seat_index("Red"), text)
    taken = svc.undo(live, live.seat_index("referee"))
    assert taken[0] == text and len(taken) == len(before) - target
    assert live.driver.record.actions == before[:target]
    assert live.driver.draws == draws  # no die re-rolled, none to roll again
    assert live.to_act() == "Red"
    told = f"The referee took back Red's decision '{text}'"
    assert live.notices("Red")[0].startswith(told)
    assert live.notices("referee")[0].startswith(told)
    assert live.notices("Blue") == ["Red's last decision was taken back by the referee."]
    assert text not in " ".join(live.notices("Blue"))
    # kept in the store: another process reads the same notices and the same game
    again = Sessions(Store(f"sqlite:///{tmp_path / 'referee.sqlite'}"), make_bot).get(live.id)
    assert again.driver.record.actions == before[:target]
    assert again.notices("Blue") == live.notices("Blue")
    assert again.notices("Red") == live.notices("Red")


def test_a_side_cannot_take_back_and_nothing_is_taken_back_before_a_decision(
    svc: Sessions,
) -> None:
    live = svc.create("gunslingers", TABLE, options=DOGFIGHT)
    assert svc.undo_refusal(live, "referee") == "no decision made by a person to take back"
    play_persons(svc, live, 1)
    why = svc.undo_refusal(live, "Blue")
    assert why is not None and "only the referee takes a decision back" in why
    with pytest.raises(Conflict):
        svc.undo(live, live.seat_index("Blue"))


def test_a_take_back_after_a_roll_is_refused(svc: Sessions) -> None:
    live = svc.create("gunslingers", TABLE, options=DOGFIGHT)
    play_persons(svc, live, 2)  # Red's search is followed by the sighting rolls
    why = svc.undo_refusal(live, "referee")
    assert why is not None and why.startswith("a roll was made since Red's last decision")
    with pytest.raises(Conflict, match="rolls are never taken back"):
        svc.undo(live, live.seat_index("referee"))


def test_an_automatic_referee_cannot_take_back(svc: Sessions) -> None:
    seats = {"Blue": "human", "Red": "remote", "referee": "ai:gunslingers-auto"}
    live = svc.create("gunslingers", seats, options=DOGFIGHT)
    play_persons(svc, live, 1)
    assert svc.undo_refusal(live, "referee") == "the referee seat is played by the automatic player"


def test_a_rematch_keeps_the_referee_in_its_seat(svc: Sessions) -> None:
    live = svc.create("gunslingers", TABLE, options=DOGFIGHT)
    assert live.rematch_seats() == {
        "Blue": "remote",
        "Red": "human",
        "referee": "assist:gunslingers-auto",
    }


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(steps=st.integers(min_value=1, max_value=14))
def test_a_take_back_is_allowed_exactly_when_no_roll_followed(svc: Sessions, steps: int) -> None:
    """The oracle is a replay of the record without the decision: it must have made
    as many draws of the seed as the game has now."""
    live = svc.create("gunslingers", TABLE, options=DOGFIGHT)
    play_persons(svc, live, steps)
    if live.finished:
        return
    target = svc.takeback_target(live)
    assert target is not None
    without = replay(live.driver.record, upto=target, verify=False)
    allowed = svc.undo_refusal(live, "referee") is None
    assert allowed == (without.draws == live.driver.draws)
    live.marks_of = None  # worked out again from the record: the same answer
    assert (svc.undo_refusal(live, "referee") is None) == allowed
    if allowed:
        svc.undo(live, live.seat_index("referee"))
        assert live.driver.draws == without.draws
        assert [e for e in live.driver.events] == [e for e in without.events]


def test_the_referee_takes_back_its_own_decision_and_the_sides_are_told_so(
    svc: Sessions,
) -> None:
    seats = {"Blue": "ai:gunslingers-auto", "Red": "ai:gunslingers-auto", "referee": "remote"}
    live = svc.create("gunslingers", seats, options=DOGFIGHT)
    referee = live.seat_index("referee")
    for _ in range(60):
        assert live.to_act() == "referee", "the bots stopped at a side"
        person_decides(svc, live)
        target = svc.takeback_target(live)
        after = target is not None and target < len(live.driver.record.actions) - 1
        if svc.undo_refusal(live, "referee") is None and after:  # with the bots' replies
            break
    else:
        pytest.fail("no decision of the referee's without a roll after it")
    assert target is not None
    text = live.driver.record.actions[target][1]
    assert live.driver.record.actions[target][0] == referee
    taken = svc.undo(live, referee)
    later = len(taken) - 1  # the bots' decisions after it, taken back with it
    assert later > 0
    plural = "s" if later > 1 else ""
    assert live.notices("referee") == [
        f"The referee took back its own decision '{text}' and the {later} automatic "
        f"decision{plural} after it; the dice stay as they fell."
    ]
    assert live.to_act() == "referee"
    assert live.notices("Blue") == ["The referee took back its own last decision."]
