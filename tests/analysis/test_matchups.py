"""The matchup table: every pairing, seeded estimates, exact values beside them."""

import pytest

from airwar.analysis.matchups import (
    Configuration,
    ExactValue,
    all_matchups,
    bot_seats,
    matchup_table,
    solver_lookup,
)
from airwar.analysis.questions import first_mover, is_prop_vs_jet, prop_vs_jet
from airwar.games.migs_sabres import solver
from airwar.games.migs_sabres.solver import cache as solver_cache

# (active, listed): the active squadron's own type against each type of the other side (MS-4)
PAIRINGS = [
    ("MiG-15", "F-86"),
    ("MiG-15", "F-84"),
    ("MiG-15", "F-80"),
    ("MiG-15", "Meteor"),
    ("MiG-15", "F-51"),
    ("F-86", "MiG-15"),
    ("F-86", "Yak-9"),
]


def test_every_active_plane_against_every_listed_plane() -> None:
    table = all_matchups()
    assert len(table) == len(PAIRINGS) * 2 * 2
    assert sorted({(m.active, m.listed) for m in table}) == sorted(PAIRINGS)
    assert {(m.first, m.ace) for m in table} == {
        ("active", False),
        ("active", True),
        ("listed", False),
        ("listed", True),
    }


def test_matchup_names_and_options() -> None:
    m = Configuration.of("F-86", "Yak-9", "listed", True, 5)
    assert m.label() == "F-86 v Yak-9, Yak-9 first, ace"
    assert m.options() == {
        "active": "F-86",
        "listed": "Yak-9",
        "first": "listed",
        "active_ace": True,
        "turn_limit": 5,
    }
    assert m.key == "F-86|Yak-9|listed|1|5"
    # seats are (Communist, Allied): an active F-86 is the Allied seat
    assert bot_seats(m, ("expert", "random")) == ("random", "expert")
    assert bot_seats(Configuration.of("MiG-15", "F-51"), ("expert", "random")) == (
        "expert",
        "random",
    )


def test_prop_against_swept_jet_either_way() -> None:
    assert is_prop_vs_jet(Configuration.of("F-86", "Yak-9"))
    assert is_prop_vs_jet(Configuration.of("MiG-15", "F-51"))
    assert not is_prop_vs_jet(Configuration.of("MiG-15", "F-80"))


def _fake_exact(m: Configuration, solve: bool) -> ExactValue | None:
    # a stand-in for the solver: an exact value for the active-first matchups only
    return ExactValue(0.5, 0.6, 0.1) if m.first == "active" else None


SMALL = [Configuration.of("F-86", "Yak-9", first, False, 2) for first in ("active", "listed")]


def test_table_is_reproducible_and_independent_of_its_other_rows() -> None:
    a = matchup_table(SMALL, 12, 5, bots=("random", "random"), exact=_fake_exact, workers=1)
    b = matchup_table(SMALL[1:], 12, 5, bots=("random", "random"), exact=None, workers=1)
    assert a[1].kill_difference == b[0].kill_difference
    assert a[0].exact == ExactValue(0.5, 0.6, 0.1) and a[1].exact is None
    for r in a:
        assert r.kill_difference.n == 12
        assert r.kill_difference.mean == pytest.approx(r.p_active_kill.mean - r.p_listed_kill.mean)
        assert r.to_dict()["games"] == 12


def test_questions_pair_and_select_rows() -> None:
    rows = matchup_table(SMALL, 6, 1, bots=("random", "random"), exact=_fake_exact, workers=1)
    (fm,) = first_mover(rows)
    assert (fm.active, fm.listed, fm.ace) == ("F-86", "Yak-9", False)
    assert fm.effect.mean == pytest.approx(
        rows[0].kill_difference.mean - rows[1].kill_difference.mean
    )
    assert fm.exact_effect is None  # only one side of the pair is solved
    props = prop_vs_jet(rows)
    assert [p.prop for p in props] == ["Yak-9", "Yak-9"]
    assert props[0].p_prop_kill == rows[0].p_listed_kill
    assert props[0].exact == (0.1, 0.6)
    assert props[0].to_dict()["exact_p_prop_kill"] == 0.1


class _FakeSolution:
    """Answers like a solver Solution: the value depends on who moves first."""

    def value(self, state: object) -> solver.Value:
        first = state.engagement.mover  # type: ignore[attr-defined]
        return solver.Value(0.25 if first == 0 else -0.5, 0.4, 0.15)


def test_solver_lookup_reads_the_opening_position(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[solver.Matchup, solver.SolverOptions]] = []

    def cached(key: solver.Matchup, options: solver.SolverOptions) -> _FakeSolution | None:
        asked.append((key, options))
        return _FakeSolution() if key.active_ace else None

    monkeypatch.setattr(solver, "cached_solution", cached)
    assert solver_lookup(Configuration.of("MiG-15", "F-51", "active", False, 7), False) is None
    assert solver_lookup(
        Configuration.of("MiG-15", "F-51", "active", True, 7), False
    ) == ExactValue(0.25, 0.4, 0.15)
    assert solver_lookup(
        Configuration.of("MiG-15", "F-51", "listed", True, 7), False
    ) == ExactValue(-0.5, 0.4, 0.15)
    assert asked[0] == (
        solver.Matchup("MiG-15", "F-51", False, False),
        solver.SolverOptions(turn_limit=7),
    )


def test_expert_batches_hold_as_many_solutions_as_the_cache_cap() -> None:
    from airwar.analysis.matchups import _batches, solver_key

    table = all_matchups(turn_limit=20)
    two_and_a_half = 5 * solver_cache.solution_bytes(20) // 2 // 10**6
    with solver_cache.cache_limit(two_and_a_half):  # two solutions, not three
        batches = _batches(table, expert=True)
    assert sorted(i for batch in batches for i, _ in batch) == list(range(len(table)))
    assert all(len({solver_key(m) for _, m in batch}) <= 2 for batch in batches)
    assert len(batches) == len({solver_key(m) for m in table}) // 2
    with solver_cache.cache_limit(0):
        assert len(_batches(table, expert=True)) == len(table) // 2  # one solution each
    assert _batches(table, expert=False) == [list(enumerate(table))]


def test_a_turn_limit_past_the_solver_bound_is_refused_before_any_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import airwar.analysis.matchups as matchups_mod

    def no_games(*args: object, **kwargs: object) -> object:
        raise AssertionError("no game should be played")

    monkeypatch.setattr(matchups_mod, "run_jobs", no_games)
    long = [Configuration.of("F-86", "Yak-9", turn_limit=solver.MAX_TURN_LIMIT + 1)]
    with pytest.raises(solver.TurnLimitTooLong, match=r"turn_limit 31: .*at most 30"):
        matchup_table(long, 1, 1, bots=("expert", "random"))
    with pytest.raises(solver.TurnLimitTooLong):
        matchup_table(long, 1, 1, bots=("random", "random"), solve=True)
    assert solver_lookup(long[0], False) is None


def test_without_the_solver_a_long_turn_limit_is_played() -> None:
    long = [Configuration.of("F-86", "Yak-9", turn_limit=solver.MAX_TURN_LIMIT + 1)]
    (row,) = matchup_table(long, 2, 1, bots=("random", "random"), workers=1)
    assert row.exact is None and row.kill_difference.n == 2
