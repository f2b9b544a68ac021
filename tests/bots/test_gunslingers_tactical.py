"""The Gunslingers tactical AI: it decides from its seat's knowledge only, every decision it
makes is legal, it keeps its reasons from the other side, and a few positions get the
decision a good player makes (GS-90..GS-92)."""

from __future__ import annotations

from typing import Any

import pytest

from airwar.bots import make_bot
from airwar.bots.gunslingers_tactical import (
    LEVELS,
    MissileCard,
    Own,
    decide,
    tactical_decision,
)
from airwar.core import Driver
from airwar.games.gunslingers import GunslingersGame
from airwar.games.gunslingers.autoplayer import Seen
from airwar.games.gunslingers.game import options_for_file
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.hexgrid import Hex, arcs_at_least
from airwar.games.gunslingers.model.tasks import Ask
from airwar.games.gunslingers.referee import GsState
from tests.examples import GUNSLINGERS_EXAMPLES


def _driver(example: str, seed: str, turns: int = 0) -> Driver:
    game = GunslingersGame(options_for_file(GUNSLINGERS_EXAMPLES / f"{example}.toml", turns))
    return Driver(game, seed)


# -- the view-only property ---------------------------------------------------------------


def _disturb_hidden(state: GsState, seat: int) -> GsState:
    """A copy of ``state`` that looks the same to ``seat``: every enemy aircraft's stores,
    countermeasures and IFF changed, and each one the seat does not know moved elsewhere."""
    other = state.clone()
    side = state.game.seat_name(seat)
    hidden = state.hidden_from(seat)
    for p in other.forces.planes.values():
        if p.side == side:
            continue
        for m in p.missiles.values():
            m.count = max(0, m.count - 1) if m.count > 1 else m.count + 1
        p.chaff, p.flares = p.chaff + 3, p.flares + 3
        if p.id in hidden:
            p.altitude = max(0, p.altitude - 3)
            p.heading = (p.heading + 3) % 12
    return other


@pytest.mark.parametrize("example", ["dogfight-2v2", "strike-sam-belt"])
def test_two_states_that_look_the_same_to_the_seat_get_the_same_decision(example: str) -> None:
    d = _driver(example, "view-only", turns=2)
    bots = {0: make_bot("tactical"), 1: make_bot("tactical"), 2: make_bot("gunslingers-auto")}
    compared = 0
    while not d.state.is_terminal():
        d.resolve_chance()
        state = d.state
        assert isinstance(state, GsState)
        ask = state.pending_ask()
        if ask is None:
            break
        if ask.seat != state.referee:
            other = _disturb_hidden(state, ask.seat)
            assert other.view(ask.seat) == state.view(ask.seat)
            mine = tactical_decision(state)
            assert tactical_decision(other) == mine and tactical_decision(other).reason == (
                mine.reason
            )
            compared += 1
        d.act(bots[ask.seat].choose(state, ask.seat), ask.seat)
    assert compared > 20


# -- legality over whole games ----------------------------------------------------------


@pytest.mark.parametrize(
    ("example", "blue", "red"),
    [
        ("dogfight-2v2", "tactical", "gunslingers-auto"),
        ("dogfight-2v2", "tactical:easy", "tactical:hard"),
        ("strike-sam-belt", "tactical", "tactical"),
        ("strike-sam-belt", "gunslingers-auto", "tactical:hard"),
        ("large-battle", "tactical", "tactical"),
    ],
)
def test_every_decision_of_a_whole_game_is_legal(example: str, blue: str, red: str) -> None:
    """The driver checks each decision as a person's is checked: a refusal would raise."""
    d = _driver(example, f"legal:{blue}:{red}")
    bots = {0: make_bot(blue), 1: make_bot(red), 2: make_bot("gunslingers-auto")}
    made = d.run_bots(bots)
    assert d.state.is_terminal() and made > 50
    reasons = [e for e in d.state.log if e.get("type") == "decision" and e.get("reason")]
    assert reasons, "the tactical AI gave no reason"


def test_a_reason_is_kept_in_the_record_and_replays() -> None:
    """The reason rides with the decision's text, so a record replays to the same log."""
    d = _driver("dogfight-2v2", "replay", turns=1)
    d.run_bots(
        {0: make_bot("tactical"), 1: make_bot("gunslingers-auto"), 2: make_bot("gunslingers-auto")}
    )
    texts = [t for _, t in d.record.actions if " # " in t]
    assert texts
    again = _driver("dogfight-2v2", "replay", turns=1)
    for seat, text in d.record.actions:
        again.act(text, seat)
    assert again.state.log.to_list() == d.state.log.to_list()


def test_the_other_side_never_reads_the_reasons_while_the_game_runs() -> None:
    d = _driver("dogfight-2v2", "secret", turns=2)
    bots = {
        0: make_bot("tactical"),
        1: make_bot("gunslingers-auto"),
        2: make_bot("gunslingers-auto"),
    }
    for _ in range(40):
        d.run_bots(bots, max_decisions=5)
        state = d.state
        assert isinstance(state, GsState)
        if state.is_terminal():
            break
        red = [e for e in state.visible_events(1) if _reasoned(e)]
        assert red == []
        blue = [e for e in state.visible_events(0) if _reasoned(e)]
        assert all(e["seat"] == "Blue" for e in blue)
    assert d.state.is_terminal()
    assert any(_reasoned(e) for e in d.state.visible_events(1))  # after the game: all


def test_the_log_says_the_reason() -> None:
    game = GunslingersGame(options_for_file(GUNSLINGERS_EXAMPLES / "dogfight-2v2.toml", 1))
    line = game.narrate({"type": "decision", "seat": "Blue", "text": "launch Ford-1 none",
                         "reason": "holding the shot: 20%"})  # fmt: skip
    assert line == "> Blue: launch Ford-1 none  (holding the shot: 20%)"


def _reasoned(event: dict[str, Any]) -> bool:
    return event.get("type") == "decision" and bool(event.get("reason"))


# -- positions with the expected decision --------------------------------------------------


def _seen(verb: str, aircraft: dict[str, Any], choices: list[str], **view: Any) -> Seen:
    base = {"seat": "Blue", "turn": 1, "map": {"radius": 20}, "aircraft": [aircraft],
            "enemy_ground": [], "own_ground": [], "weapons": []}  # fmt: skip
    base.update(view)
    return Seen(base, Ask(0, verb, aircraft["id"]), lambda: [Decision.parse(c) for c in choices])


def _own(launch: int, kill: int, count: int = 1) -> Own:
    card = MissileCard("AAM", "IR", launch, 1, 5, arcs_at_least(150), kill / 10)
    return Own({"Ford-1": [card]}, {"Ford-1": {"AAM": count}}, {}, set(), {}, 6, {})


PLANE = {"id": "Ford-1", "side": "Blue", "hex": "0,0", "heading": 2, "altitude": 12,
         "speed": 5, "climb": 4, "dds_programs": [{"name": "P1", "chaff": 1},
                                                 {"name": "P2", "chaff": 4, "flares": 2}],
         "modes": {"IFF": True, "DJM": True, "radar": True}}  # fmt: skip


@pytest.mark.parametrize(
    ("launch", "kill", "fires", "said"),
    [
        (5, 4, False, "holding the shot: 20%"),
        (4, 5, False, "holding the shot: 20%"),
        (7, 10, True, "firing: Contact-1 70%"),
        (9, 8, True, "firing: Contact-1 72%"),
    ],
)
def test_it_fires_at_good_odds_and_holds_at_poor(
    launch: int, kill: int, fires: bool, said: str
) -> None:
    seen = _seen("launch", PLANE, ["launch Ford-1 none", "launch Ford-1 AAM:Contact-1"])
    d = decide(seen, _own(launch, kill))
    assert (d.first != "none") is fires
    assert d.reason == said


def test_on_the_last_turn_it_fires_whatever_the_odds() -> None:
    seen = _seen("launch", PLANE, ["launch Ford-1 none", "launch Ford-1 AAM:Contact-1"], turn=6)
    assert decide(seen, _own(5, 4)).first == "AAM:Contact-1"


def test_it_picks_the_better_shot() -> None:
    own = _own(7, 10)
    own.missiles["Ford-1"].append(MissileCard("BAD", "IR", 3, 1, 5, arcs_at_least(150), 0.3))
    own.counts["Ford-1"]["BAD"] = 2
    seen = _seen("launch", PLANE, ["launch Ford-1 none", "launch Ford-1 BAD:Contact-1",
                                   "launch Ford-1 AAM:Contact-1"])  # fmt: skip
    assert decide(seen, own).first == "AAM:Contact-1"


def test_a_missile_inbound_turns_the_strongest_dds_program_on() -> None:
    inbound = [{"id": "W7", "type": "R-73", "target": "Ford-1", "hex": "0,0"}]
    seen = _seen(
        "dds", PLANE, ["dds Ford-1 off", "dds Ford-1 P1", "dds Ford-1 P2"], weapons=inbound
    )
    d = decide(seen, _own(7, 4))
    assert d.first == "P2" and "W7 inbound" in d.reason


def test_with_no_threat_it_keeps_its_countermeasures() -> None:
    seen = _seen("dds", PLANE, ["dds Ford-1 off", "dds Ford-1 P1", "dds Ford-1 P2"])
    assert decide(seen, _own(7, 4)).first == "off"


def test_it_switches_its_jammers_on_and_iff_off() -> None:
    seen = _seen("modes", PLANE, ["modes Ford-1 none", "modes Ford-1 DJM,radar"])
    d = decide(seen, _own(7, 4))
    assert set(d.items()) == {"DJM", "radar"} and "IFF off" in d.reason


def test_it_stays_out_of_a_known_sam_envelope() -> None:
    """An identified SA-6 (range 10, up to 22) 12 hexes ahead: it does not fly into it."""
    sam = {"id": "Contact-1", "hex": "12,-6", "kind": "sam", "type": "SA-6",
           "identified": True, "alive": True, "emitting": True}  # fmt: skip
    seen = _seen("move", PLANE, [], enemy_ground=[sam])
    d = decide(seen, _own(7, 4), LEVELS["normal"])
    to = d.args[0]
    assert Hex.parse(to).distance(Hex.parse("12,-6")) > 10 or int(d.args[2][1:]) > 22
