"""What the table between the players costs each game JSON and stream update in a long game.

Plays a MiGs and Sabres campaign of ``--sorties`` sorties a side between two random bots
(about 20,000 decisions at 40), gives its decisions but the last to a running game between
two people, and times :func:`airwar.session.offers.table_for` (what each game JSON and
stream update of a seat carries) with no offer standing and with a draw offer standing and
a refusal noted; prints one JSON object of milliseconds per call.

    python benchmarks/table_cost.py [--sorties 40] [--calls 2000]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

import airwar.games.migs_sabres  # noqa: F401  (registers the games)
from airwar.bots.registry import make_bot
from airwar.core.driver import replay
from airwar.session import Sessions, offers
from airwar.store import Store


def per_call(fn: object, calls: int) -> float:
    assert callable(fn)
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - start) / calls * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sorties", type=int, default=40, choices=range(1, 201), metavar="1-200")
    parser.add_argument("--calls", type=int, default=2000, choices=range(1, 100_001), metavar="N")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        svc = Sessions(Store(f"sqlite:///{Path(folder) / 'table.sqlite'}"), make_bot)
        bots = {"Communist": "ai:random", "Allied": "ai:random"}
        played = svc.create("migs-sabres", bots, options={"sorties": args.sorties}, seed=1)
        people = {"Communist": "human", "Allied": "remote"}
        live = svc.create("migs-sabres", people, options={"sorties": args.sorties})
        record = played.driver.finished_record()
        live.driver = replay(record, upto=len(record.actions) - 1, verify=False)
        quiet = per_call(lambda: offers.table_for(live, "Allied"), args.calls)
        live.meta = {
            **live.meta,
            "table": {"draw": {"by": "Communist", "at": live.decisions}, "declined": {"Allied": 0}},
        }
        assert offers.draw_offer(live) is not None
        standing = per_call(lambda: offers.table_for(live, "Allied"), args.calls)
    print(
        json.dumps(
            {
                "decisions": live.decisions,
                "calls": args.calls,
                "ms_per_call_no_offer": round(quiet, 4),
                "ms_per_call_offer_standing": round(standing, 4),
            }
        )
    )


if __name__ == "__main__":
    main()
