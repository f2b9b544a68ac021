"""The score summary the store keeps for a MiGs and Sabres game or engagement.

One shape for both games, saved by every interface through the play session:
``scores`` per side, ``kills``, the ``sortie`` reached of ``sorties_per_side``
(the whole game only) and the ``result`` once decided.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from airwar.core.game import GameType

MIGS_TYPE = GameType(
    information="perfect",
    chance=True,
    undo=True,
    bots=("expert", "heuristic", "mcts", "random"),
    advisor=True,
    concede=True,
    web="airwar.web.migs:PARTS",
)
"""Both MiGs and Sabres games: open information, dice, undo against the AI, every bot."""


def score_summary(view: Mapping[str, Any]) -> dict[str, Any]:
    """The scores, kills and result of a referee's ``view`` of either game, and how a
    game ended by its players' word ended (``ended_by``: "Allied resigned", MS-35..37)."""
    out = _scores(view)
    if view.get("ended_by"):
        out["ended_by"] = view["ended_by"]
        conceded = view.get("concession")
        if isinstance(conceded, Mapping):
            out["result"] = conceded.get("result")
    return out


def _scores(view: Mapping[str, Any]) -> dict[str, Any]:
    if "scores" in view:
        per_side = view.get("sorties_per_side")
        sortie = view.get("sortie")
        if isinstance(sortie, int) and isinstance(per_side, int):
            sortie = min(sortie, per_side)
        return {
            "scores": dict(view["scores"]),
            "kills": dict(view.get("kills") or {}),
            "sortie": sortie,
            "sorties_per_side": per_side,
            "result": view.get("result"),
        }
    engagement = view.get("engagement") or {}
    shot = engagement.get("shot_down")
    scores = {"communist": 0, "allied": 0}
    result = None
    if shot is not None:
        winner = engagement["planes"]["listed" if shot == "active" else "active"]["side"]
        scores[winner] = 1
        result = winner
    elif view.get("terminal"):
        result = "draw"
    return {"scores": scores, "kills": dict(scores), "result": result}
