"""How much of the MiGs view one decision builds: the full view, the legal actions
with their odds, the path search.

One ``POST /api/games/{id}/actions`` of one engagement step (``F``), hints off,
through the real browser app (FastAPI's TestClient) on a fresh SQLite file, in
a game between two people: a ``migs-engagement`` (the active plane moves
first) and a whole ``migs-sabres`` game whose Sortie Chart lists a plane of
each side in turn (its first sortie lands on an engagement). The rolls before
the first decision are made when the game is created. Before the step the
functions below are wrapped in this process only, to count their calls; the
step's request is the only thing counted. Each game is measured with the
decision's ``version`` (as the browser and the terminal send it) and without.

    python benchmarks/views_per_move.py

Counted (each where it lives; a name not found is skipped, so the script reads
the code before and after a change of where things live):

- the full view: ``EngagementState.view`` and ``MigsState.view``;
- the legal actions with their odds: ``legal_action_views``;
- the path search: ``movement.explore_paths`` (the open shots of the mover).
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
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

COUNTED: dict[str, tuple[str, ...]] = {
    "full view": (
        "airwar.games.migs_sabres.engagement:EngagementState.view",
        "airwar.games.migs_sabres.engagement_game:EngagementState.view",
        "airwar.games.migs_sabres.game:MigsState.view",
    ),
    "legal-action views": (
        "airwar.games.migs_sabres.engagement:Engagement.legal_action_views",
        "airwar.games.migs_sabres.views:legal_action_views",
    ),
    "path search": ("airwar.games.migs_sabres.movement:explore_paths",),
}


Undo = list[tuple[Any, str, Any]]


def _wrap(label: str, target: str, counts: Counter[str], undo: Undo) -> bool:
    """Count the calls of ``target`` ("module:name" or "module:Class.method") under
    ``label``, everywhere the name was imported (each replacement noted in ``undo``);
    False when it does not exist."""
    module_name, _, qual = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return False
    owner: Any = module
    *path, name = qual.split(".")
    for part in path:
        owner = getattr(owner, part, None)
        if owner is None:
            return False
    original = owner.__dict__.get(name) if isinstance(owner, type) else getattr(owner, name, None)
    if original is None:
        return False

    def counted(*args: Any, **kwargs: Any) -> Any:
        counts[label] += 1
        return original(*args, **kwargs)

    undo.append((owner, name, original))
    setattr(owner, name, counted)
    if not path:  # a function: replace it where other modules imported it too
        for other in list(sys.modules.values()):
            if getattr(other, "__name__", "").startswith("airwar.") and (
                getattr(other, name, None) is original
            ):
                undo.append((other, name, original))
                setattr(other, name, counted)
    return True


def _tokens(made: dict[str, Any]) -> dict[str, str]:
    return {
        link["seat"]: parse_qs(urlparse(link["url"]).query)["seat"][0] for link in made["links"]
    }


GAMES: dict[str, dict[str, Any]] = {
    "migs-engagement": {"first": "active"},
    "migs-sabres": {"chart": ",".join(["F-86", "MiG-15"] * 7 + ["-"] * 8)},
}


def measure(game: str, step: str = "F", *, version: bool = True) -> Counter[str]:
    """The calls of each counted function made by one decision's request."""
    counts: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(f"sqlite:///{Path(folder) / 'views.sqlite'}", limits=NO_LIMITS)
        with TestClient(app, base_url="http://127.0.0.1") as client:
            made = client.post(
                "/api/games",
                json={
                    "game": game,
                    "seats": {"Allied": "human", "Communist": "human"},
                    "options": GAMES[game],
                    "hints": {"Allied": "off", "Communist": "off"},
                },
            )
            if made.status_code >= 300:
                raise SystemExit(f"the game was refused: {made.status_code} {made.text}")
            gid = made.json()["id"]
            for token in _tokens(made.json()).values():
                data = client.get(f"/api/games/{gid}", params={"seat": token}).json()
                if data["my_turn"]:
                    break
            else:
                raise SystemExit("no seat is to move after the game was made")
            legal = [a["action"] for a in data["view"]["engagement"]["legal_actions"]]
            if step not in legal:
                raise SystemExit(f"{step} is not legal now (legal: {', '.join(legal)})")
            body: dict[str, Any] = {"seat": token, "actions": [step]}
            if version:
                body["version"] = data["version"]
            undo: Undo = []
            wrapped = [
                _wrap(label, target, counts, undo)
                for label, targets in COUNTED.items()
                for target in targets
            ]
            if not any(wrapped):
                raise SystemExit("none of the counted functions was found")
            try:
                r = client.post(f"/api/games/{gid}/actions", json=body)
            finally:
                for owner, name, original in reversed(undo):
                    setattr(owner, name, original)
            if r.status_code != 200:
                raise SystemExit(f"the step was refused: {r.status_code} {r.text}")
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--step", default="F", help="the decision sent (default F)")
    args = parser.parse_args()
    print(f"{'game':<16} {'version':<8} " + "  ".join(COUNTED))
    for game in GAMES:
        for version in (True, False):
            counts = measure(game, args.step, version=version)
            figures = "  ".join(f"{counts.get(k, 0):>{len(k)}}" for k in COUNTED)
            print(f"{game:<16} {'sent' if version else 'none':<8} {figures}")


if __name__ == "__main__":
    main()
