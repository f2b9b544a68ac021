"""Where a shot is open this move, and the trails of the planes (hints.py), against the rules.

Every shot square is checked by flying its path on a copy of the engagement: the path
is legal, it ends on that square and facing, and fire is then legal with the kill
number and chance of the aspect (MS-9, MS-10). Every square from which fire would be
legal after some path is in the list (compared with a brute-force search of every
path). The trails are the squares of the step events.
"""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from airwar.core.driver import Driver
from airwar.core.game import CHANCE
from airwar.core.registry import load_game
from airwar.games.migs_sabres.actions import Fire, Step, parse_action
from airwar.games.migs_sabres.combat import kill_check
from airwar.games.migs_sabres.engagement_game import EngagementState
from airwar.games.migs_sabres.hints import shot_squares, trails


def engagement_after(seed: int, decisions: int, options: dict[str, object] | None = None) -> Driver:
    """A migs-engagement after up to ``decisions`` decisions, each the first legal step
    (fire when it can)."""
    d = Driver(load_game("migs-engagement", options or {}), seed)
    for _ in range(decisions):
        if d.state.is_terminal():
            break
        acts = [a for a in d.state.legal_actions() if not isinstance(a, Fire)]
        choice = acts[seed % len(acts)] if acts else d.state.legal_actions()[0]
        d.act(choice, d.state.current_actor())
    return d


def fire_positions_by_search(state: EngagementState) -> set[tuple[str, str]]:
    """Every (square, facing) from which the mover may fire this move, by trying every path."""
    found: set[tuple[str, str]] = set()
    seen: set[tuple[str, str, int, bool]] = set()

    def walk(s: EngagementState) -> None:
        e = s.engagement
        p = e.planes[e.mover]
        key = (str(p.square), str(p.facing), e.mp_left, e.wing_over_used)
        if key in seen:
            return
        seen.add(key)
        acts = s.legal_actions()
        if any(isinstance(a, Fire) for a in acts):
            found.add((str(p.square), str(p.facing)))
        for a in acts:
            if isinstance(a, Step):
                nxt = copy.deepcopy(s)
                nxt.apply(a)
                if nxt.current_actor() == s.current_actor() and nxt.engagement.phase == "move":
                    walk(nxt)

    walk(state)
    return found


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), decisions=st.integers(0, 30))
def test_every_shot_square_is_reached_by_its_path_and_fire_is_then_legal(
    seed: int, decisions: int
) -> None:
    d = engagement_after(seed, decisions)
    state = d.state
    assert isinstance(state, EngagementState)
    e = state.engagement
    shots = shot_squares(e)
    if e.phase != "move":
        assert shots == []
        return
    me = e.planes[e.mover]
    for shot in shots:
        trial = copy.deepcopy(state)
        for step in shot["path"]:
            trial.apply(parse_action(step))
        plane = trial.engagement.planes[trial.engagement.mover]
        assert (str(plane.square), str(plane.facing)) == (shot["square"], shot["facing"])
        assert Fire() in trial.legal_actions()
        check = kill_check(shot["aspect"], me.ace)
        assert shot["kill_on"] == check.target
        assert Fraction(shot["p_kill"]) == check.probability()
    assert {(s["square"], s["facing"]) for s in shots} == fire_positions_by_search(state)


def test_a_shot_from_where_the_plane_stands_has_an_empty_path() -> None:
    for seed in range(200):
        d = engagement_after(seed, 40)
        e = d.state.engagement  # type: ignore[attr-defined]
        if e.phase == "move" and Fire() in d.state.legal_actions():
            shots = shot_squares(e)
            here = [s for s in shots if s["path"] == []]
            me = e.planes[e.mover]
            assert [(s["square"], s["facing"]) for s in here] == [(str(me.square), str(me.facing))]
            return
    pytest.fail("no position with a shot in 200 seeds")


@pytest.mark.parametrize(
    ("aspect", "ace", "p"),
    [
        ("front", False, Fraction(1, 6)),
        ("side", False, Fraction(1, 3)),
        ("rear", False, Fraction(2, 3)),
        ("rear", True, Fraction(5, 6)),
    ],
)
def test_the_kill_chance_shown_is_the_rules_chance(aspect: str, ace: bool, p: Fraction) -> None:
    assert kill_check(aspect, ace).probability() == p


def test_trails_follow_the_steps_and_the_last_move_of_each_plane() -> None:
    d = engagement_after(3, 25)
    log = list(d.state.log)
    t = trails(log)
    starts = [e for e in log if e["type"] == "engagement_start"][-1]
    for role in ("active", "listed"):
        steps = [e for e in log if e["type"] == "step" and e["plane"] == role]
        assert t[role]["path"][0] == [starts[role]["square"], starts[role]["facing"]]
        assert t[role]["path"][1:] == [[e["square"], e["facing"]] for e in steps]
        if steps:
            last = t[role]["last_move"]
            assert last[-1] == [steps[-1]["square"], steps[-1]["facing"]]
            assert len(last) >= 2
    assert trails([]) == {}


def test_the_views_carry_shots_and_trails() -> None:
    d = Driver(load_game("migs-engagement", {}), 10)
    while d.state.current_actor() == CHANCE:
        d.resolve_chance()
    v = d.state.view(None)
    assert "shots" in v["engagement"]
    assert set(v["trails"]) == {"active", "listed"}
    whole = Driver(load_game("migs-sabres", {}), 10)
    assert "trails" in whole.state.view(None)
