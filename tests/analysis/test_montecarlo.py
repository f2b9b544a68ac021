"""Monte Carlo runs: reproducible from the master seed, whatever runs them."""

import pytest
from dask.distributed import Client, LocalCluster

from airwar.analysis.montecarlo import (
    GameOutcome,
    GameTask,
    Job,
    bot_seed,
    chunks,
    game_seed,
    play_one,
    run,
    run_jobs,
)

TOY = GameTask.of("toy", modules=["tests.core.toy_game"])


# Known answers worked out at a shell, not with airwar: the seeds are BLAKE2b with a
# 6-byte digest (48 bits) of "airwar-mc:{master}:{index}" and "airwar-bot:{game}:{seat}",
#   printf '%s' "airwar-mc:7:3" | b2sum -l 48   ->  8dde20536d3c = 155985164594492
#   printf '%s' "airwar-mc:7:4" | b2sum -l 48   ->  73e59a66d9c2 = 127429975136706
#   printf '%s' "airwar-mc:x:0" | b2sum -l 48   ->  4ebdffddbd65 =  86577948507493
#   printf '%s' "airwar-bot:5:0" | b2sum -l 48  ->  2ffdf32023a4 =  52767752201124
#   printf '%s' "airwar-bot:5:1" | b2sum -l 48  ->  7e676b867722 = 138982650705698
# so a run's games have the same seeds on every machine and in every release.


def test_game_seeds_depend_on_master_and_index_only() -> None:
    assert game_seed(7, 3) == 155985164594492
    assert game_seed(7, 4) == 127429975136706
    assert game_seed("x", 0) == 86577948507493
    assert (bot_seed(5, 0), bot_seed(5, 1)) == (52767752201124, 138982650705698)
    assert len({game_seed(7, i) for i in range(1000)}) == 1000
    assert game_seed(7, 3) != game_seed(8, 3)
    assert 0 <= game_seed("x", 0) < 2**48
    assert bot_seed(5, 0) != bot_seed(5, 1)


def test_chunks_cover_the_range_in_order() -> None:
    assert chunks(10, 4) == [range(0, 4), range(4, 8), range(8, 10)]
    assert chunks(3, 0) == [range(0, 1), range(1, 2), range(2, 3)]
    assert [i for part in chunks(97, 13) for i in part] == list(range(97))


def test_same_seed_same_results_and_other_seed_differs() -> None:
    a = run(TOY, 40, seed=11, workers=1)
    b = run(TOY, 40, seed=11, workers=1, chunk_size=7)
    c = run(TOY, 40, seed=12, workers=1)
    assert a == b
    assert [o.index for o in a] == list(range(40))
    assert a != c
    assert a[5] == play_one(TOY, 11, 5)


def test_process_pool_gives_the_in_process_results() -> None:
    seen: list[int] = []
    local = run(TOY, 24, seed=3, workers=2, progress=seen.append)
    assert local == run(TOY, 24, seed=3, workers=1)
    assert sum(seen) == 24


def test_dask_cluster_gives_the_local_results() -> None:
    with (
        LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        on_dask = run(TOY, 24, seed=3, scheduler=client, chunk_size=5)
        by_address = run(TOY, 8, seed=3, scheduler=cluster.scheduler_address)
    local = run(TOY, 24, seed=3, workers=1)
    assert on_dask == local
    assert by_address == local[:8]


def test_outcomes_carry_the_returns() -> None:
    out = run(TOY, 10, seed=1, workers=1)
    assert all(isinstance(o, GameOutcome) for o in out)
    assert all(sorted(o.summary["returns"]) == [-1.0, 1.0] for o in out)
    assert run(TOY, 0, seed=1) == []
    with pytest.raises(ValueError, match="negative"):
        run(TOY, -1, seed=1)


def test_jobs_share_a_pool_but_not_their_results() -> None:
    other = GameTask.of("toy", {"goal": 5}, modules=["tests.core.toy_game"])
    both = run_jobs([Job(TOY, 10, 1), Job(other, 7, 2)], workers=2, chunk_size=3)
    assert both[0] == run(TOY, 10, seed=1, workers=1)
    assert both[1] == run(other, 7, seed=2, workers=1)
