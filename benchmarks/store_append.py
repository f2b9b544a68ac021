"""The saved-games store: how fast decisions are saved, and games loaded and listed.

Every decision of a game is saved in its own transaction as it is made
(``Store.append_action``); this measures decisions saved per second on a
SQLite file, the time to load (and replay) a long game, and to list many
saved games.

    python benchmarks/store_append.py --decisions 2000 --games 200
"""

from __future__ import annotations

import argparse
import json
import platform
import tempfile
import time
from pathlib import Path

from airwar.bots.registry import make_bot
from airwar.core import GameRecord, play_bots, replay
from airwar.core.registry import load_game
from airwar.store import Store


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=2000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--url", default="", help="database URL (default: a fresh SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.url or f"sqlite:///{Path(folder) / 'bench.sqlite'}"
        started = time.perf_counter()
        store = Store(url)
        opened = time.perf_counter() - started

        game = load_game("migs-sabres", {"sorties": 3})
        finished = play_bots(game, {0: make_bot("random", 1), 1: make_bot("random", 2)}, 7)
        actions = finished.record.actions
        gid = store.create_game(GameRecord(game.name, dict(game.options), 7), title="", seats={})
        n = min(args.decisions, len(actions))
        started = time.perf_counter()
        for seat, text in actions[:n]:
            store.append_action(gid, seat, text)
        append_s = time.perf_counter() - started

        started = time.perf_counter()
        stored = store.load(gid)
        load_s = time.perf_counter() - started
        started = time.perf_counter()
        replay(stored.record)
        replay_s = time.perf_counter() - started

        for i in range(args.games):
            store.create_game(
                GameRecord("migs-engagement", {}, i, actions[:50]), title="", seats={}
            )
        started = time.perf_counter()
        listed = store.list_games()
        list_s = time.perf_counter() - started
        store.close()
    print(
        json.dumps(
            {
                "python": platform.python_version(),
                "database": "sqlite file" if not args.url else "given URL",
                "open_and_migrate_s": round(opened, 4),
                "decisions_saved": n,
                "decisions_per_s": round(n / append_s, 1),
                "ms_per_decision": round(1000 * append_s / n, 3),
                "load_s": round(load_s, 4),
                "replay_s": round(replay_s, 4),
                "games_listed": len(listed),
                "list_s": round(list_s, 4),
            }
        )
    )


if __name__ == "__main__":
    main()
