"""The review of a seat's last move (the play page's hints "after my move") against the
game's own analysis and the game's own log.

Whole engagements on the full board (MiG-15 against F-86, turn limit 1, solved once per
test run) are played by bots; at every point of each game, each seat's review must be:

- its last finished movement turn, read from the log's ``movement_turn`` events (a turn
  still being flown by the seat to act is never reviewed);
- each of its decisions rated exactly as ``review_record`` rates it (value, best, loss,
  mark);
- the value after the move equal to the value before it minus the move's losses;
- the best move starting with the best first decision, and a legal path.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from airwar.analysis.move_review import last_move_span, review_last_move, span_from_log
from airwar.analysis.review import DecisionReview, ReviewError, review_record
from airwar.bots.registry import make_bot
from airwar.core.driver import play_bots, replay
from airwar.core.record import GameRecord
from airwar.core.registry import load_game
from airwar.games.migs_sabres.solver import Matchup, SolverOptions, solve
from airwar.games.migs_sabres.solver import cache as solver_cache
from tests.analysis.test_review import cache_home, play, solved  # noqa: F401 (fixtures)

DECISION_EVENTS = ("step", "fire", "hold_fire")


def moves_in_log(record: GameRecord) -> list[list[int]]:
    """The decisions (1-based numbers) of each movement turn, in order, from the log."""
    driver = replay(record, verify=False)
    groups: list[list[int]] = []
    made = 0
    for ev in driver.state.log.to_list():
        if ev["type"] == "movement_turn":
            groups.append([])
        elif ev["type"] in DECISION_EVENTS:
            made += 1
            groups[-1].append(made)
    assert made == len(record.actions)  # every decision is one of these events
    return groups


def expected_move(record: GameRecord, seat: int, to_act: int | None) -> list[int]:
    groups = moves_in_log(record)
    if to_act == seat and groups:
        groups = groups[:-1]  # the turn it is flying now
    mine = [g for g in groups if g and record.actions[g[0] - 1][0] == seat]
    return mine[-1] if mine else []


@pytest.fixture(scope="module")
def two_turns(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Yak-9 against F-51 with two movement turns each, solved once for this module (a few
    seconds): a seat flies its second turn with its first still the one reviewed."""
    folder = tmp_path_factory.mktemp("two-turns")
    with solver_cache.use(folder):
        solve(Matchup("Yak-9", "F-51"), SolverOptions(turn_limit=2))
    return folder


def check_every_point(full: GameRecord) -> int:
    """Each seat's review at every point of the game against the log and the analysis; the
    number of points where the seat to act was flying a turn with an earlier one reviewed."""
    rated = {
        s.index: s
        for e in review_record(full).engagements
        for s in e.steps
        if isinstance(s, DecisionReview)
    }
    reviewed = kept = 0
    for n in range(len(full.actions) + 1):
        prefix = GameRecord(full.game, full.options, full.seed, full.actions[:n])
        actor = replay(prefix, verify=False).state.current_actor()
        to_act = actor if actor >= 0 else None
        for seat in (0, 1):
            got = review_last_move(prefix, seat, to_act=to_act)
            want = expected_move(prefix, seat, to_act)
            # the same move found in the log alone (as the web page finds it), same rating
            types = [str(e["type"]) for e in replay(prefix, verify=False).state.log]
            span = span_from_log(types, prefix.actions, seat, to_act)
            assert span == (None if got is None else (want[0] - 1, want[-1])), (n, seat)
            if span is not None:
                again = review_last_move(prefix, seat, to_act=to_act, span=span)
                assert again is not None and got is not None
                assert again.to_dict() == got.to_dict()
            if got is None:
                assert want == [], (n, seat)
                continue
            reviewed += 1
            kept += to_act == seat and n > 0 and full.actions[n - 1][0] == seat
            assert [d.index for d in got.decisions] == want, (n, seat)
            for d in got.decisions:
                ref = rated[d.index]
                assert (d.action, d.best, d.mark, d.options) == (
                    ref.action,
                    ref.best,
                    ref.mark,
                    ref.options,
                )
                assert math.isclose(d.value, ref.value, abs_tol=1e-9)
                assert math.isclose(d.best_value, ref.best_value, abs_tol=1e-9)
                assert math.isclose(d.loss, ref.loss, abs_tol=1e-9)
            assert math.isclose(got.after, got.before - got.loss, abs_tol=1e-6)
            assert got.best_path and got.best_path[0] == got.decisions[0].best
            assert got.plane == ref.plane_type
            out: dict[str, Any] = got.to_dict()
            assert out["path"] == [d.action for d in got.decisions]
            worst = [d.mark for d in got.decisions if d.mark]
            assert (out["mark"] is None) == (not worst)
    assert reviewed > 0
    return kept


@pytest.mark.usefixtures("solved")
@pytest.mark.parametrize("seed", [3, 8, 21, 40])
def test_every_point_of_a_game_reviews_the_last_finished_move_as_the_analysis_does(
    seed: int,
) -> None:
    check_every_point(play(seed, ("random", "heuristic")))


@pytest.mark.parametrize("seed", [2, 5])
def test_the_review_stays_while_the_next_move_is_flown(two_turns: Path, seed: int) -> None:
    options = {"active": "Yak-9", "listed": "F-51", "turn_limit": 2}
    game = load_game("migs-engagement", options)
    with solver_cache.use(two_turns):
        driver = play_bots(
            game, {0: make_bot("random", seed), 1: make_bot("random", seed + 1)}, seed
        )
        kept = check_every_point(driver.finished_record())
    assert kept > 0  # the second turn was flown step by step with the first reviewed


def test_a_run_of_decisions_in_the_turn_being_flown_is_not_a_finished_move() -> None:
    a, b = (0, (1, 0, 1)), (1, (1, 1, 1))
    a2 = (0, (1, 0, 2))
    # seat 0 flies turn 1, seat 1 its turn 1, seat 0 is flying turn 2 now
    keys = [a, a, b, b, a2]
    assert last_move_span(keys, 0, (1, 0, 2), to_act=0) == (0, 2)
    assert last_move_span(keys, 1, (1, 0, 2), to_act=0) == (2, 4)
    # once its turn 2 is over (the other seat to act), it is the move reviewed
    assert last_move_span(keys, 0, (1, 1, 2), to_act=1) == (4, 5)
    assert last_move_span([a, a], 0, (1, 0, 1), to_act=0) is None
    assert last_move_span([], 0, None, to_act=0) is None


def test_a_log_that_does_not_match_the_record_is_refused() -> None:
    actions = [(0, "F"), (0, "F")]
    with pytest.raises(ValueError, match="1 decisions in the log, 2 in the record"):
        span_from_log(["movement_turn", "step"], actions, 0, None)
    with pytest.raises(ValueError, match="two seats"):
        span_from_log(["movement_turn", "step", "step"], [(0, "F"), (1, "F")], 0, None)
    assert span_from_log(["movement_turn", "step", "step"], actions, 0, None) == (0, 2)
    assert span_from_log(["movement_turn", "step", "step"], actions, 0, 0) is None


def test_a_game_without_exact_values_is_refused() -> None:
    record = GameRecord("gunslingers", {}, 1, [])
    with pytest.raises(ReviewError):
        review_last_move(record, 0)
