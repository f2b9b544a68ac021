"""Random play through both games, checking the rules' invariants on every event.

Never off the board, MP never overspent, at most one wing-over per movement
turn, never into the other plane's square, fire only after a step (or as III.G
return fire) at a plane directly ahead, every engagement ends as MS-11 says,
scores add up and kills are credited to the side that fired (MS-12).
"""

from __future__ import annotations

from typing import Any

from airwar.bots import HeuristicBot, RandomBot
from airwar.core import play_bots
from airwar.core.bot import Bot
from airwar.games.migs_sabres import EngagementGame, Facing, MigsGame, Square
from airwar.games.migs_sabres.planes import Side, active_type, types_of

PAIRINGS = [(active_type(side).name, t.name) for side in Side for t in types_of(side.other)]


class Checker:
    """Follows one event log and asserts the invariants as it goes."""

    def __init__(self) -> None:
        self.pos: dict[str, tuple[Square, Facing]] = {}
        self.fired: dict[str, bool] = {}
        self.turns: dict[str, int] = {}
        self.limit = 0
        self.mover = ""
        self.mp = 0
        self.wing_overs = 0
        self.steps = 0
        self.kill: dict[str, Any] | None = None
        self.engagements = 0

    def event(self, ev: dict[str, Any]) -> None:
        kind = ev["type"]
        handler = getattr(self, f"on_{kind}", None)
        if handler is not None:
            handler(ev)

    def on_engagement_start(self, ev: dict[str, Any]) -> None:
        self.pos = {
            r: (Square.parse(ev[r]["square"]), Facing.parse(ev[r]["facing"]))
            for r in ("active", "listed")
        }
        assert self.pos["active"] == (Square.parse("a1"), Facing.N)  # MS-5
        assert self.pos["listed"] == (Square.parse("k14"), Facing.S)
        assert ev["active"]["side"] != ev["listed"]["side"]  # MS-4
        self.fired = {"active": False, "listed": False}
        self.turns = {"active": 0, "listed": 0}
        self.limit = ev["turn_limit"]
        self.kill = None
        self.engagements += 1

    def on_movement_turn(self, ev: dict[str, Any]) -> None:
        self.mover = ev["plane"]
        self.turns[self.mover] += 1
        assert ev["turn"] == self.turns[self.mover]
        self.wing_overs = 0
        self.steps = 0
        self.mp = 0

    def on_roll(self, ev: dict[str, Any]) -> None:
        if ev["rule"] == "MS-7":
            self.mp = ev["mp"]
            assert ev["p_success"] == "1/1"

    def on_step(self, ev: dict[str, Any]) -> None:
        assert ev["plane"] == self.mover
        sq, f = Square.parse(ev["square"]), Facing.parse(ev["facing"])  # on the board
        assert (Square.parse(ev["frm"]), Facing.parse(ev["from_facing"])) == self.pos[self.mover]
        other = "listed" if self.mover == "active" else "active"
        assert sq != self.pos[other][0]  # MS-8
        self.mp -= ev["cost"]
        assert self.mp == ev["mp_left"] >= 0  # MS-7
        if ev["step"] in ("WL", "WR"):
            self.wing_overs += 1
        assert self.wing_overs <= 1  # MS-6
        self.steps += 1
        self.pos[self.mover] = (sq, f)

    def on_fire(self, ev: dict[str, Any]) -> None:
        me = ev["plane"]
        other = "listed" if me == "active" else "active"
        sq, f = self.pos[me]
        assert sq.moved(f) == self.pos[other][0]  # MS-9: target directly ahead
        if ev["return_fire"]:
            assert self.steps == 0 and ev["aspect"] == "front"  # III.G
        else:
            assert self.steps >= 1  # MS-9
        self.fired[me] = True

    def on_kill(self, ev: dict[str, Any]) -> None:
        self.kill = ev

    def on_engagement_end(self, ev: dict[str, Any]) -> None:
        reason = ev["reason"]
        if reason == "shot down":
            assert self.kill is not None and ev["shot_down"] == self.kill["target"]
            assert ev["winner_side"] == self.kill["attacker_side"]  # MS-12
            assert self.fired[self.kill["attacker"]]
        elif reason == "both fired":
            assert all(self.fired.values()) and self.kill is None
        elif reason == "neither plane can move":
            assert not self.limit and self.kill is None  # MS-25, only without a limit
        else:
            assert reason == "turn limit" and self.limit
            assert all(t >= self.limit for t in self.turns.values())
            assert self.kill is None


def check_log(events: list[dict[str, Any]]) -> Checker:
    c = Checker()
    for ev in events:
        c.event(ev)
    return c


def test_thousands_of_random_engagements() -> None:
    n = 0
    for i in range(1000):
        active, listed = PAIRINGS[i % len(PAIRINGS)]
        game = EngagementGame(
            {
                "active": active,
                "listed": listed,
                "turn_limit": 1 + i % 10,
                "active_ace": i % 5 == 0,
                "listed_ace": i % 7 == 0,
            }
        )
        bots: dict[int, Bot] = {0: RandomBot(i), 1: RandomBot(i + 1)}
        if i % 20 == 0:
            bots[i % 2] = HeuristicBot(i)
        d = play_bots(game, bots, seed=i)
        c = check_log(d.events)
        assert c.engagements == 1
        assert d.events[-1]["type"] == "game_end"
        n += 1
    assert n == 1000


def test_hundred_whole_games() -> None:
    for i in range(100):
        options = {
            "turn_limit": 4 + i % 6,
            "pilots": i % 2 == 0,
            "listed_pilots": i % 4 == 0,
            "scoring": "base-value" if i % 3 == 0 else "kills",
            "sorties": 1 + i % 3,
        }
        d = play_bots(MigsGame(options), {0: RandomBot(i), 1: RandomBot(-i)}, seed=i)
        events = d.events
        c = check_log(events)
        starts = [e for e in events if e["type"] == "engagement_start"]
        assert c.engagements == len(starts)
        scores = {"communist": 0, "allied": 0}
        kills = [e for e in events if e["type"] == "kill"]
        score_events = [e for e in events if e["type"] == "score"]
        assert len(kills) == len(score_events)
        for k, s in zip(kills, score_events, strict=True):
            assert s["side"] == k["attacker_side"]  # MS-12
            scores[s["side"]] += s["points"]
        end = events[-1]
        assert end["type"] == "game_end" and end["scores"] == scores
        sorties = [e for e in events if e["type"] == "sortie_end"]
        assert len(sorties) == 2 * options["sorties"]
        for ev in events:
            if ev["type"] == "marker_move" and ev["to"] is not None:
                assert 1 <= ev["to"] <= 22
