"""The same decision sent twice at once: how often the app applies it twice.

A double-click, or a retry after a timeout, sends one decision twice. For each
of ``--rounds`` rounds this makes a new MiGs and Sabres engagement between two
people, finds the seat to move, and sends its first legal decision from two
threads released together (a barrier), as two clients would. It counts the
rounds in which both were applied (two 200s). With the decision's ``version``
(the game JSON's, as the browser and the terminal send it) the second must be
refused with a 409; ``--without-version`` sends what an old client sends.

    python benchmarks/web_races.py --rounds 100
    python benchmarks/web_races.py --rounds 100 --without-version

The app runs in this process on a temporary SQLite file, with rate limits no
round reaches; each round's two requests are real HTTP requests to the app.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from fastapi.testclient import TestClient

from airwar.web.app import create_app
from airwar.web.limits import Limits, Rate

NO_LIMITS = Limits(
    create=Rate(per_second=1e6, burst=10**6),
    act=Rate(per_second=1e6, burst=10**6),
    read=Rate(per_second=1e6, burst=10**6),
    streams=10**6,
)


def _tokens(made: dict[str, Any]) -> dict[str, str]:
    return {
        link["seat"]: parse_qs(urlparse(link["url"]).query)["seat"][0] for link in made["links"]
    }


def _first_choice(view: dict[str, Any]) -> str:
    acts = view["engagement"]["legal_actions"]
    return "fire" if any(a["action"] == "fire" for a in acts) else str(acts[0]["action"])


def race(rounds: int, with_version: bool) -> Counter[str]:
    """The outcomes of ``rounds`` races, by the pair of answers (``200+409``, ...)."""
    outcomes: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(f"sqlite:///{Path(folder) / 'races.sqlite'}", limits=NO_LIMITS)
        with TestClient(app, base_url="http://127.0.0.1") as client:
            for _ in range(rounds):
                made = client.post(
                    "/api/games",
                    json={
                        "game": "migs-engagement",
                        "seats": {"Allied": "human", "Communist": "human"},
                        "options": {"first": "active"},
                    },
                ).json()
                gid = made["id"]
                for token in _tokens(made).values():
                    data = client.get(f"/api/games/{gid}", params={"seat": token}).json()
                    if data["my_turn"]:
                        break
                body: dict[str, Any] = {"seat": token, "actions": [_first_choice(data["view"])]}
                if with_version:
                    body["version"] = data["version"]
                codes: list[int] = []
                gate = threading.Barrier(2)

                def send(
                    body: dict[str, Any] = body,
                    gid: str = gid,
                    gate: threading.Barrier = gate,
                    codes: list[int] = codes,
                ) -> None:
                    gate.wait()
                    r = client.post(f"/api/games/{gid}/actions", json=body)
                    codes.append(r.status_code)

                threads = [threading.Thread(target=send) for _ in range(2)]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                outcomes["+".join(str(c) for c in sorted(codes))] += 1
    return outcomes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100, help="races to run (1 to 10000)")
    parser.add_argument(
        "--without-version", action="store_true", help="send no version, as an old client"
    )
    args = parser.parse_args()
    if not 1 <= args.rounds <= 10_000:
        parser.error("--rounds is 1 to 10000")
    start = time.perf_counter()
    outcomes = race(args.rounds, not args.without_version)
    took = time.perf_counter() - start
    twice = outcomes.get("200+200", 0)
    how = "without" if args.without_version else "with"
    print(f"{how} version: {twice} of {args.rounds} rounds applied twice ({took:.1f} s)")
    for pair, n in sorted(outcomes.items()):
        print(f"  {pair}: {n}")


if __name__ == "__main__":
    main()
