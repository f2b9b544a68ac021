"""The large battles play faster with the same results (issue 23, scale).

The pairwise steps look only at the units near each one (``HexIndex``), what a side
knows is worked out once for each change of the state, and a side's radar declaration
no longer lists every combination of its returns to find them. None of it may change a
result: the index gives the brute-force answer, the kept knowledge the fresh one, and
a seeded generated battle the log recorded before the speed-up.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from airwar.core import Driver
from airwar.games.gunslingers import GunslingersGame
from airwar.games.gunslingers.aliases import _names, names, rewriter, seat_subject
from airwar.games.gunslingers.autoplayer import GunslingersAuto, Seen
from airwar.games.gunslingers.game import options_for_file
from airwar.games.gunslingers.knowledge import _knowledge, enemy_ids, knowledge, word_pattern
from airwar.games.gunslingers.model.hexgrid import Hex, HexIndex
from airwar.games.gunslingers.model.watched import Written
from airwar.games.gunslingers.phases.sighting import (
    _Sky,
    _visible_targets,
    can_see,
    padlock_candidates,
)
from airwar.games.gunslingers.referee import GsState
from airwar.games.gunslingers.rules.initiative import (
    Placement,
    advantage_categories,
    advantaged_over,
    categorise,
)
from airwar.games.gunslingers.views import state_view
from airwar.games.gunslingers.visibility import _hidden_pattern
from tests.examples import GUNSLINGERS_EXAMPLES
from tests.games.gunslingers.scenario_builder import advance_to, driver, scenario

BENCHMARKS = Path(__file__).resolve().parents[3] / "benchmarks"

hexes = st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30))


@settings(max_examples=60, deadline=None)
@given(
    points=st.lists(hexes, max_size=40),
    probe=hexes,
    reach=st.integers(0, 25),
    size=st.integers(1, 12),
)
def test_the_index_finds_every_item_in_reach_in_the_order_given(
    points: list[Hex], probe: Hex, reach: int, size: int
) -> None:
    index = HexIndex(((h, n) for n, h in enumerate(points)), size)
    found = index.near(probe, reach)
    assert found == sorted(found)  # the order they were given
    assert {n for n, h in enumerate(points) if h.distance(probe) <= reach} <= set(found)


placements = st.lists(
    st.builds(
        Placement,
        st.just(""),
        st.sampled_from(["Blue", "Red"]),
        st.builds(Hex, st.integers(-15, 15), st.integers(-15, 15)),
        st.integers(0, 11),
        st.integers(0, 30),
    ),
    max_size=30,
)


@settings(max_examples=60, deadline=None)
@given(aircraft=placements, same_hex=st.booleans())
def test_the_advantage_categories_are_those_of_every_pair(
    aircraft: list[Placement], same_hex: bool
) -> None:
    aircraft = [
        Placement(f"A{n}", a.side, a.hex, a.heading, a.altitude) for n, a in enumerate(aircraft)
    ]
    over = {a.id: False for a in aircraft}
    under = {a.id: False for a in aircraft}
    for a in aircraft:  # the slow path: every pair
        for b in aircraft:
            if a.side != b.side and advantaged_over(
                a.hex, a.heading, a.altitude, b.hex, b.altitude, same_hex
            ):
                over[a.id] = under[b.id] = True
    slow = {a.id: categorise(over[a.id], under[a.id]) for a in aircraft}
    assert advantage_categories(aircraft, same_hex) == slow


def test_the_kept_knowledge_is_the_fresh_one_at_every_decision() -> None:
    d = Driver(GunslingersGame(options_for_file(GUNSLINGERS_EXAMPLES / "strike-sam-belt.toml")), 5)
    bot = GunslingersAuto()
    for _ in range(300):
        state = d.state
        assert isinstance(state, GsState)
        if state.is_terminal():
            break
        for side in state.side_names:
            kept, fresh = knowledge(state, side), _knowledge(state, side)
            assert (kept.sighted, kept.tracked, kept.ground, kept.emitters) == (
                fresh.sighted,
                fresh.tracked,
                fresh.ground,
                fresh.emitters,
            )
        if state.is_chance_node():
            d.roll()
            continue
        seen = Seen.of(state)  # the subject as the seat writes it, with and without the view
        assert seen.subject == Seen(seen.source, seen.ask, seen.legal).subject
        d.act(bot.choose(state, state.current_actor()), state.current_actor())


def test_a_radar_declaration_names_the_items_of_its_choices() -> None:
    data = scenario()
    data["sides"][0]["sighted"] = ["Flanker"]  # a return Blue can name
    state = advance_to(driver(data), "radar", "Eagle")
    ask = state.pending_ask()
    assert ask is not None
    seen = Seen.of(state)
    slow = Seen(seen.source, ask, seen.legal)  # without the pool: from every choice
    items = seen.singles()
    assert items == slow.singles() and seen.most() == slow.most()
    assert state.aliases["Blue"]["Flanker"] in items and items[-1] == "search"


def test_a_seeded_generated_battle_gives_the_log_recorded_before_the_speed_up() -> None:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        from gunslingers_large import make_scenario
        from gunslingers_scale import time_turns
    finally:
        sys.path.remove(str(BENCHMARKS))
    result = time_turns(tomllib.loads(make_scenario(40, 30)), turns=2)
    # recorded before the speed-up as 366 decisions, c1-a774f232...; the Flight Phase
    # rules merged after it (pre-emptions asked as each aircraft comes to move, GS-84;
    # moves along paths, GS-82) ask more and log more, so the pin is the merged rules'
    assert result["decisions"] == 444
    assert result["digest"] == "c1-9f5c425b32ad95e9a5eb25f7a096ba53a40bfd2f"


def _kept_against_fresh(d: Driver, steps: int) -> tuple[int, int]:
    """Play ``steps`` decisions and rolls with the automatic player, comparing after each
    the kept knowledge of every side with the knowledge worked out afresh; how many
    times a side kept the knowledge of the state before (its inputs unchanged) and how
    many times it was worked out again."""
    bot = GunslingersAuto()
    kept_over = worked = 0
    for _ in range(steps):
        state = d.state
        assert isinstance(state, GsState)
        if state.is_terminal():
            break
        before = {side: knowledge(state, side) for side in state.side_names}
        if state.is_chance_node():
            d.roll()
        else:
            d.act(bot.choose(state, state.current_actor()), state.current_actor())
        for side in state.side_names:
            kept, fresh = knowledge(state, side), _knowledge(state, side)
            assert (kept.sighted, kept.tracked, kept.ground, kept.emitters, kept.known) == (
                fresh.sighted,
                fresh.tracked,
                fresh.ground,
                fresh.emitters,
                fresh.known,
            ), (side, len(d.record.actions))
            hidden = frozenset(enemy_ids(state, side) - fresh.known)
            assert _hidden_pattern(state, side) == word_pattern(hidden)  # an event's readers
            if kept is before[side]:
                kept_over += 1
            else:
                worked += 1
            if not state.is_terminal():  # the labels kept, and the texts rewritten by them
                assert names(state, side) == _names(state, side)
                ask = state.pending_ask()
                if ask is not None and ask.seat == state.side_names.index(side):
                    view = state_view(state, ask.seat, focus=ask.subject, tallies=False)
                    assert view["decision"]["subject"] == seat_subject(state, ask)
    return kept_over, worked


def test_what_a_side_knows_is_kept_over_the_changes_that_touch_nothing_it_reads() -> None:
    """After a decision or a roll that changes nothing a side's knowledge is worked out
    from (issue 23), the knowledge of the state before is kept: at every step of a seeded
    generated battle and of the example with the most ground units, it is the fresh one."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        from gunslingers_large import make_scenario
    finally:
        sys.path.remove(str(BENCHMARKS))
    data = tomllib.loads(make_scenario(40, 30))
    battle = Driver(GunslingersGame({"scenario_data": data, "turns": 2}), 3)
    kept_over, worked = _kept_against_fresh(battle, 2500)
    assert battle.state.is_terminal()
    assert kept_over > worked > 0  # most steps keep it, and some work it out again
    strike = GUNSLINGERS_EXAMPLES / "strike-sam-belt.toml"
    game = GunslingersGame(options_for_file(strike))
    kept_over, worked = _kept_against_fresh(Driver(game, 9), 900)
    assert kept_over > 0 and worked > 0


def test_a_change_by_hand_or_a_move_works_out_the_knowledge_afresh() -> None:
    """A unit moved, or the state changed by hand (``changed``), is never answered with
    the knowledge kept from before."""
    d = driver(scenario())
    state = d.state
    assert isinstance(state, GsState)
    for side in state.side_names:
        knowledge(state, side)
    red = next(p for p in state.forces.planes.values() if p.side == "Red")
    blue = state.forces.sides["Blue"]
    blue.sighted.add(red.id)  # by hand: not known until the state is said to have changed
    state.changed()
    assert red.id in knowledge(state, "Blue").sighted
    blue.sighted.discard(red.id)
    state.changed()
    assert red.id not in knowledge(state, "Blue").known
    stamp = Written.stamp
    red.altitude += 1  # a write of an aircraft's place moves the stamp on
    assert Written.stamp != stamp
    stamp = Written.stamp
    red.this_turn.route = red.this_turn.route  # its record of this turn's route does not
    assert Written.stamp == stamp


def _rewrite_slowly(obj: Any, mapping: dict[str, str]) -> Any:
    """The rewriting of the labels as it was: the pattern made for each call, nothing
    remembered."""
    if not mapping:
        return obj
    words = "|".join(re.escape(w) for w in sorted(mapping, key=len, reverse=True))
    pattern = re.compile(rf"(?<![A-Za-z0-9_])(?:{words})(?![A-Za-z0-9_])")

    def walk(o: Any) -> Any:
        if isinstance(o, str):
            return pattern.sub(lambda m: mapping[m.group(0)], o)
        if isinstance(o, dict):
            return {walk(k): walk(v) for k, v in o.items()}
        if isinstance(o, list):
            return [walk(x) for x in o]
        if isinstance(o, tuple):
            return tuple(walk(x) for x in o)
        return o

    return walk(obj)


ids = st.sampled_from(["F1", "F10", "SA-2", "Viper-1", "hex", "W1", "Red", "x_F1"])
texts = st.lists(
    st.one_of(ids, st.sampled_from([",", ":", " ", "'s", "-", "3,4", "_"])), max_size=6
).map("".join)
leaves = st.one_of(texts, st.integers(-3, 3), st.booleans(), st.none())
nested = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(texts, inner, max_size=4),
    ),
    max_leaves=20,
)


@settings(max_examples=80, deadline=None)
@given(
    mapping=st.dictionaries(ids, st.sampled_from(["C1", "C2", "C3"]), max_size=5),
    objs=st.lists(nested, min_size=1, max_size=4),
)
def test_the_labels_made_ready_once_rewrite_as_made_for_each_text(
    mapping: dict[str, str], objs: list[Any]
) -> None:
    """One rewriter for many texts (it remembers what it rewrote) gives, text after
    text, what the pattern made afresh for each gives."""
    write = rewriter(mapping)
    for obj in objs + objs:  # twice: the second time from what it remembers
        assert write(obj) == _rewrite_slowly(obj, mapping)


@settings(max_examples=25, deadline=None)
@given(
    places=st.lists(
        st.tuples(st.integers(-12, 12), st.integers(-12, 12), st.integers(0, 30), st.booleans()),
        min_size=40,
        max_size=40,
    ),
    sighted=st.sets(st.integers(0, 39)),
)
def test_the_sky_index_finds_the_aircraft_that_see_a_target_as_every_pair_does(
    places: list[tuple[int, int, int, bool]], sighted: set[int]
) -> None:
    """Designated searchers (Visual Sighting 7) and padlocks (8) are asked of the aircraft
    that see an enemy aircraft or missile: with the targets indexed by hex, the same
    aircraft as when each looks at every target."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        from gunslingers_large import make_scenario
    finally:
        sys.path.remove(str(BENCHMARKS))
    state = GunslingersGame(
        {"scenario_data": tomllib.loads(make_scenario(40, 30))}
    ).new_initial_state()
    assert isinstance(state, GsState)
    planes = list(state.forces.planes.values())
    for p, (q, r, alt, vas) in zip(planes, places, strict=True):
        p.hex, p.altitude, p.vas = Hex(q, r), alt, vas
    for n in sighted:
        p = planes[n]
        state.forces.sides["Red" if p.side == "Blue" else "Blue"].sighted.add(p.id)
    sky = _Sky(state, {})
    for p in planes:
        slow = _visible_targets(state, p)
        assert any(can_see(state, p, t) is not None for t in sky.near(p)) == bool(slow)
        seen = state.forces.sides[p.side].sighted
        assert [t.id for t in slow if t.id in seen] == padlock_candidates(state, p)
        fast = [t.id for t in sky.near(p) if t.id in seen and can_see(state, p, t) is not None]
        assert fast == padlock_candidates(state, p)
