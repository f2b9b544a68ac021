"""``airwar gunslingers match``: seeded games between two bots, the referee automatic.

Game ``i`` of a match with seed ``S`` is played with the dice seed
``game_seed(S, i)`` and each side's bot seeded from it (the Monte Carlo lab's
seeds), so its result depends only on the scenario, the bots, ``S`` and ``i``:
the same match gives the same results in one process, on the local cores or on
a Dask cluster. Each game's result is the one the browser and ``report`` show
(:func:`airwar.games.gunslingers.victory.game_result`). The first side of the
scenario is Blue, the second Red.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from airwar.analysis.montecarlo import bot_seed, chunks, game_seed
from airwar.bots.registry import make_bot
from airwar.core.bot import Bot
from airwar.core.driver import Driver
from airwar.core.extras import MissingExtra
from airwar.core.game import Action, GameState
from airwar.games.gunslingers import GunslingersGame
from airwar.games.gunslingers.autoplayer import GunslingersAuto
from airwar.games.gunslingers.victory import game_result

ROLES = ("Blue", "Red")
"""The two sides of a match, by the scenario's order (its first side is Blue)."""

MAX_DECISIONS = 200_000
"""A game that has not ended after this many decisions is a bot's fault: it stops."""


class Timed:
    """A bot that notes how long each of its decisions took (seconds)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds: list[float] = []

    def choose(self, state: GameState, seat: int) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(state, seat)
        self.seconds.append(time.perf_counter() - start)
        return action

    def inform(self, state: GameState, actor: int, action: Action) -> None:
        self.bot.inform(state, actor, action)

    def restart(self) -> None:
        self.bot.restart()


def play_game(
    options: Mapping[str, Any], bots: tuple[str, str], master: int | str, index: int
) -> dict[str, Any]:
    """Play game ``index`` of the match seeded ``master``; its result and timings."""
    game = GunslingersGame(dict(options))
    seed = game_seed(master, index)
    timed = [Timed(make_bot(name, bot_seed(seed, seat))) for seat, name in enumerate(bots)]
    seats: dict[int, Any] = {0: timed[0], 1: timed[1]}
    for seat in range(2, game.num_players):  # a third side (none in a match) and the referee
        seats[seat] = GunslingersAuto()
    driver = Driver(game, seed)
    driver.run_bots(seats, MAX_DECISIONS)
    if not driver.state.is_terminal():
        raise RuntimeError(f"game {index} did not end within {MAX_DECISIONS} decisions")
    result = game_result(driver.state)
    names = result["sides"]
    role_of = {names[0]: ROLES[0], names[1]: ROLES[1]}
    return {
        "index": index,
        "seed": seed,
        "winner": role_of.get(result["winner"]) if result["winner"] else None,
        "level": result["level"],
        "points": {role_of[s]: n for s, n in result["points"].items() if s in role_of},
        "turn": result["turn"],
        "text": result["text"],
        "decisions": {ROLES[i]: len(t.seconds) for i, t in enumerate(timed)},
        "seconds": {ROLES[i]: t.seconds for i, t in enumerate(timed)},
    }


def play_chunk(
    options: Mapping[str, Any], bots: tuple[str, str], master: int | str, indices: Sequence[int]
) -> list[dict[str, Any]]:
    return [play_game(options, bots, master, i) for i in indices]


def run_match(
    options: Mapping[str, Any],
    bots: tuple[str, str],
    games: int,
    seed: int | str,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """Play ``games`` games; their results in order of index, whatever ran them."""
    size = max(1, min(8, -(-games // max(1, workers * 4))))
    parts = chunks(games, size)
    done: list[dict[str, Any]] = []
    for part in _run(options, bots, seed, parts, workers, scheduler):
        done.extend(part)
        if progress is not None:
            progress(len(part))
    done.sort(key=lambda r: r["index"])
    return done


def _run(
    options: Mapping[str, Any],
    bots: tuple[str, str],
    seed: int | str,
    parts: list[range],
    workers: int,
    scheduler: str | None,
) -> Iterator[list[dict[str, Any]]]:
    if scheduler is not None:
        try:
            from dask.distributed import Client
            from dask.distributed import as_completed as dask_completed
        except ImportError as exc:
            raise MissingExtra("lab", "a match on a Dask cluster") from exc
        client = Client(scheduler)
        try:
            futures = [
                client.submit(play_chunk, dict(options), bots, seed, list(p), pure=False)
                for p in parts
            ]
            for fut in dask_completed(futures):
                yield fut.result()
        finally:
            client.close()
    elif workers <= 1 or len(parts) == 1:
        for p in parts:
            yield play_chunk(options, bots, seed, list(p))
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(parts))) as pool:
            futs = [pool.submit(play_chunk, dict(options), bots, seed, list(p)) for p in parts]
            for fut in as_completed(futs):
                yield fut.result()


def _p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(-(-0.95 * len(ordered) // 1)) - 1))
    return ordered[k]


def summary(results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Wins, draws, mean points a game and the decision times of each side."""
    n = len(results)
    wins = {r: sum(1 for g in results if g["winner"] == r) for r in ROLES}
    levels = {
        r: {lv: sum(1 for g in results if g["winner"] == r and g["level"] == lv)
            for lv in ("decisive", "marginal")}
        for r in ROLES
    }  # fmt: skip
    vp = {r: round(sum(g["points"].get(r, 0) for g in results) / n, 3) if n else 0.0 for r in ROLES}
    seconds = {r: [s for g in results for s in g["seconds"][r]] for r in ROLES}
    times = {
        r: {
            "mean": round(statistics.fmean(seconds[r]), 6) if seconds[r] else 0.0,
            "p95": round(_p95(seconds[r]), 6),
            "decisions": len(seconds[r]),
        }
        for r in ROLES
    }
    return {
        "summary": {"games": n, "wins": wins, "draws": n - sum(wins.values()), "vp": vp,
                    "levels": levels},
        "decision_seconds": times,
    }  # fmt: skip


def public(result: Mapping[str, Any]) -> dict[str, Any]:
    """One game's result for the JSON answer: its decision times summed up, not listed."""
    out = {k: v for k, v in result.items() if k != "seconds"}
    out["decision_seconds"] = {
        r: round(sum(result["seconds"][r]), 6) for r in ROLES if r in result["seconds"]
    }
    return out
